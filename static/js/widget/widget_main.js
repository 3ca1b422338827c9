// The Jupyter widget's entry (search.show, search/jupyter/): anywidget calls render({ model, el })
// for each view of a widget. The model carries the whole trace from the kernel (its events as
// JSON Lines, the listing, the misconception it follows if any, the step shown); the view is the
// page's tree drawing, player, narration and pseudocode panel, built inside `el` with no ids and
// nothing fetched. esbuild bundles this module with d3 and the page's CSS (build_bundle.mjs).

import { TreeView } from "../view/tree_view.js";
import { TreeLegend } from "../view/tree_legend.js";
import { PlayerControls } from "../player/player_controls.js";
import { PseudocodePanel } from "../narration/pseudocode_panel.js";
import { IterationTable } from "../narration/iteration_table.js";
import { MisconceptionBanner } from "../page/misconception_banner.js";
import { parseTrace } from "../replay/trace_file.js";
import { buildWidget } from "./widget_dom.js";
import { WidgetSteps } from "./widget_steps.js";

// anywidget loads this module once per widget, so a count kept here would restart with each one:
// each view's marker id is made unique by chance instead.
const uniqueId = () => `mmlab-tt-arrow-${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;

function render({ model, el }) {
  const dom = buildWidget(el);
  el.dataset.lmSuppressShortcuts = "true"; // JupyterLab's own keys (arrows, Space) stay out of the player
  const view = new TreeView(dom.svg, dom.note, { key: dom.key, arrowId: uniqueId() });
  const code = new PseudocodePanel({ list: dom.code.list, vars: dom.code.vars });
  const entries = () => Promise.resolve(model.get("misconceptions") || {});
  const steps = new WidgetSteps({
    view, code, legend: new TreeLegend(dom.legend), narration: dom.narration, tally: dom.tally,
    iterations: new IterationTable(dom.iterations), banner: new MisconceptionBanner(dom.banner, entries),
  });
  // The step shown is the model's too: Python reads and sets `widget.step`, and other views follow.
  const controls = new PlayerControls({ ...dom.controls, keys: el }, (position) => {
    const k = steps.show(position);
    if (k >= 0 && model.get("step") !== k) {
      model.set("step", k);
      model.save_changes();
    }
  });
  dom.fit.addEventListener("click", () => view.fit());
  dom.detail.addEventListener("change", () => {
    if (!steps.replay) return;
    const k = steps.eventIndex(controls.k);
    steps.detail = dom.detail.value;
    controls.extend(steps.lastPosition(), true);
    controls.refresh(steps.positionOf(k));
  });

  function open() {
    let events;
    try {
      events = parseTrace(model.get("events_jsonl") || "");
    } catch (err) {
      dom.error.textContent = `The widget's trace, ${err.message}`;
      return;
    }
    dom.error.textContent = "";
    steps.open(events, model.get("listing") || []);
    controls.reset();
    controls.extend(steps.lastPosition(), true);
    controls.refresh(steps.positionOf(Math.min(model.get("step") || 0, steps.replay.last)));
  }

  function follow() {
    const k = model.get("step");
    if (!steps.replay || k === steps.step || !Number.isInteger(k)) return;
    controls.seek(steps.positionOf(Math.max(0, Math.min(k, steps.replay.last))));
  }

  open();
  model.on("change:events_jsonl", open);
  model.on("change:step", follow);
  return () => {
    controls.pause();
    model.off("change:events_jsonl", open);
    model.off("change:step", follow);
  };
}

export default { render };
