// One trace of the code lab's report, drawn as the notebook widget draws one (widget/widget_dom.js,
// widget_steps.js): the page's tree view, player, narration and pseudocode, built inside an element
// of its own, so the student's search and the reference stand side by side, each stepped on its own.
// A node can be marked (the first divergence): data-divergence on its drawing, kept at every step,
// since the tree view redraws a node's class but never that attribute.

import { TreeView } from "../view/tree_view.js";
import { TreeLegend } from "../view/tree_legend.js";
import { PlayerControls } from "../player/player_controls.js";
import { PseudocodePanel } from "../narration/pseudocode_panel.js";
import { IterationTable } from "../narration/iteration_table.js";
import { MisconceptionBanner } from "../page/misconception_banner.js";
import { buildWidget } from "../widget/widget_dom.js";
import { WidgetSteps } from "../widget/widget_steps.js";

export class TracePane {
  // root: the element the pane is built in; name: its marker id's prefix (ids are unique in a page);
  // title: what its regions are called ("Your search": "Your search: search tree", ...).
  constructor(root, name, title) {
    const dom = (this.dom = buildWidget(root, title));
    this.view = new TreeView(dom.svg, dom.note, { key: dom.key, arrowId: `${name}-tt-arrow` });
    this.steps = new WidgetSteps({
      view: this.view, code: new PseudocodePanel({ list: dom.code.list, vars: dom.code.vars }), legend: new TreeLegend(dom.legend),
      narration: dom.narration, tally: dom.tally, iterations: new IterationTable(dom.iterations),
      banner: new MisconceptionBanner(dom.banner, () => Promise.resolve({})),
    });
    this.marked = null; // the node id marked, or null
    this.controls = new PlayerControls({ ...dom.controls, keys: root }, (position) => {
      this.steps.show(position);
      this.mark();
    });
    dom.fit.addEventListener("click", () => this.view.fit());
    // The view starts afresh (the root on top) when its box takes its size, after the pane is shown: on a
    // phone a game's first row is wider than the screen, so the marked node is panned back into view then.
    // (Created after the view's own observer, so called after it.)
    new ResizeObserver(() => this.showMarked()).observe(dom.svg.parentElement);
    dom.detail.addEventListener("change", () => {
      if (!this.steps.replay) return;
      const k = this.steps.eventIndex(this.controls.k);
      this.steps.detail = dom.detail.value;
      this.controls.extend(this.steps.lastPosition(), true);
      this.controls.refresh(this.steps.positionOf(k));
    });
  }

  // A whole trace (its events and listing), shown at event `seq` (or its start), with node `marked` marked.
  open(events, listing, seq, marked) {
    this.marked = marked;
    this.controls.reset();
    this.steps.open(events, listing);
    this.controls.extend(this.steps.lastPosition(), true);
    const k = Number.isInteger(seq) ? Math.max(0, Math.min(seq, this.steps.replay.last)) : 0;
    this.controls.refresh(this.steps.positionOf(k));
    this.showMarked();
  }

  // Pan the marked node into view, unless the student has moved the drawing.
  showMarked() {
    const tree = this.view.tree;
    const i = this.marked === null || !tree ? undefined : tree.idx(this.marked);
    if (i !== undefined && !this.view.userMoved) this.view.follow(i);
  }

  // The marked node's drawing carries data-divergence; any other loses it.
  mark() {
    for (const g of this.dom.svg.querySelectorAll("[data-divergence]")) {
      if (g.dataset.nodeId !== this.marked) delete g.dataset.divergence;
    }
    if (this.marked === null) return;
    const g = this.dom.svg.querySelector(`[data-node-id="${CSS.escape(this.marked)}"]`);
    if (g) g.dataset.divergence = "true";
  }

  clear() {
    this.controls.pause();
    this.marked = null;
  }
}
