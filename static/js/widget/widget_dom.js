// The notebook widget's own DOM, built inside the element anywidget gives it: the page's tree
// panel (legend, drawing, player, narration, step facts with the speed, iterations) beside its pseudocode
// panel, with the page's class names (so the page's CSS draws them) and no ids, so several
// widgets on one notebook page stay apart. Every text here is ours; a trace's text is only
// ever inserted later as text (tree_view.js, narration.js).

import { el, svgIcon } from "../page/html_element.js";
import { keepSentenceFitted } from "../narration/narration_fit.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// The player's icons, as templates/index.html draws them.
const ICONS = {
  first: "M2 2h2.5v12H2zM14 2v12L5.5 8z",
  back: "M12.5 2v12L3.5 8z",
  forward: "M3.5 2v12l9-6z",
  last: "M11.5 2H14v12h-2.5zM2 2v12l8.5-6z",
};

// The legend's entries, as templates/index.html lists them: [data-legend, swatch class, swatch text, words].
const LEGEND = [
  ["minmax", "swatch max", "▲", "MAX"],
  ["minmax", "swatch min", "▼", "MIN"],
  ["players", "player-keys", "", "the mover, maximising its own entry of ⟨…⟩"],
  ["chance", "chance-key", "", "chance: the probability-weighted sum"],
  ["chance", "probability-key", "0.5", "outcome's probability"],
  ["", "swatch unvisited", "", "not visited yet"],
  ["", "swatch visited", "", "on the current path"],
  ["", "swatch current", "", "current"],
  ["", "swatch done", "", "finished (value final)"],
  ["bounded", "swatch bounded", "≤", "cut: the value is a bound"],
  ["", "swatch pruned", "", "pruned"],
  ["", "order-key", "³", "visit order"],
  ["depth", "estimate-key", "4", "estimate (depth limit)"],
  ["", "cut-key cut-alpha", "α cut", ""],
  ["", "cut-key cut-beta", "β cut", ""],
  ["tt", "swatch tt-hit", "", "from the table"],
  ["tt", "tt-link-key", "", "table entry's source"],
  ["quiescence", "swatch past-limit", "", "past the depth limit (quiescence)"],
  ["beam", "swatch dropped", "", "never considered (beam)"],
];
const HIDDEN_AT_FIRST = new Set(["players", "chance", "tt", "quiescence", "beam"]);

const SPEEDS = [1, 2, 4, 8, 16, 60];


function iconButton(name, label, title) {
  const b = el("button", { type: "button", class: name, "aria-label": label, title });
  b.append(svgIcon(ICONS[name]));
  return b;
}

function legend() {
  const ul = el("ul", { class: "legend", "aria-label": "Legend" });
  for (const [group, cls, mark, words] of LEGEND) {
    const li = el("li", group ? { "data-legend": group } : {});
    if (HIDDEN_AT_FIRST.has(group)) li.hidden = true;
    const key = el("span", { class: cls }, mark);
    if (cls.startsWith("cut-key")) li.append(key); // "α cut" is its own words
    else {
      if (cls !== "player-keys") key.setAttribute("aria-hidden", "true");
      li.append(key, ` ${words}`);
    }
    ul.append(li);
  }
  return ul;
}

function player() {
  const parts = {
    first: iconButton("first", "First step", "First step (Home)"),
    back: iconButton("back", "Step back", "Step back (←)"),
    play: el("button", { type: "button", class: "play", title: "Play / pause (Space)" }, "Play"),
    forward: iconButton("forward", "Step forward", "Step forward (→)"),
    last: iconButton("last", "Last step", "Last step (End)"),
    scrub: el("input", { type: "range", class: "scrub", min: "0", max: "0", value: "0", step: "1", "aria-label": "Step" }),
    counter: el("output", { class: "counter" }, "step 0 / 0"),
    speed: el("select", {}),
  };
  for (const n of SPEEDS) {
    const option = el("option", { value: String(n) }, `${n} step${n === 1 ? "" : "s"}/s`);
    if (n === 4) option.selected = true;
    parts.speed.append(option);
  }
  const buttons = el("div", { class: "player-buttons" });
  buttons.append(parts.first, parts.back, parts.play, parts.forward, parts.last);
  parts.root = el("div", { class: "player" });
  parts.root.append(buttons, parts.scrub, parts.counter);
  return parts;
}

function codePanel(title) {
  const aside = el("aside", { class: "mm-code-panel", "aria-label": title ? `${title}: pseudocode` : "Pseudocode" });
  // A box that scrolls: the keyboard reaches it (tabindex) to scroll it.
  const list = el("ol", { class: "code", tabindex: "0" });
  const vars = {};
  const dl = el("dl", { class: "vars", "aria-label": "Values at the current node" });
  for (const [name, shown] of [["node", "node"], ["v", "v"], ["alpha", "α"], ["beta", "β"]]) {
    const div = el("div");
    vars[name] = el("dd", { class: `var-${name}` }, "—");
    div.append(el("dt", {}, shown), vars[name]);
    dl.append(div);
  }
  aside.append(el("h2", {}, "Pseudocode"), list, dl);
  return { aside, list, vars };
}

function iterations() {
  const section = el("section", { class: "iterations", "aria-label": "Iterative deepening: the iterations so far" });
  section.hidden = true;
  const table = el("table", { class: "iteration-table" });
  const head = el("tr");
  for (const name of ["iteration", "depth", "value", "best move", "leaves", "visited"]) head.append(el("th", { scope: "col" }, name));
  const rows = el("tbody");
  table.append(el("thead"), rows);
  table.tHead.append(head);
  const scroll = el("div", { class: "table-scroll" });
  scroll.append(table);
  const compare = el("p", { class: "iteration-compare" });
  section.append(el("h3", {}, "Iterative deepening: the iterations so far"), scroll, compare);
  return { section, rows, compare };
}

// Builds the widget inside `root` and returns its parts. `title` (several widgets on a page: the code
// lab's two) begins the names of its regions, so a screen reader's list of regions tells them apart.
export function buildWidget(root, title = "") {
  root.classList.add("mmlab-widget");
  root.replaceChildren();
  const toolbar = el("div", { class: "tree-toolbar" });
  const fit = el("button", { type: "button", class: "small fit", title: "Fit the whole tree (0 with the drawing focused)" }, "Fit");
  const note = el("p", { class: "tree-note", role: "status" });
  const key = el("p", { class: "game-key" });
  key.hidden = true;
  const legendList = legend();
  toolbar.append(legendList, fit, note, key);
  const box = el("div", { class: "tree-box" });
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "tree");
  svg.setAttribute("role", "group");
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("aria-label", "Search tree drawing. Keys: + and − zoom, 0 fits the tree, Space plays or pauses, ← and → step");
  box.append(svg);
  const controls = player();
  const banner = el("p", { class: "misconception-banner", role: "note" });
  banner.hidden = true;
  const narration = el("p", { class: "narration", "aria-live": "polite" });
  keepSentenceFitted(narration); // a long sentence set smaller, or (a tabindex then) scrolled, as on the page
  const facts = el("div", { class: "step-facts" });
  const detail = el("select", { title: "Every line of the pseudocode, or only the key steps" });
  detail.append(el("option", { value: "every" }, "every line"), el("option", { value: "key" }, "key steps"));
  const detailLabel = el("label", { class: "detail" }, "Steps ");
  detailLabel.append(detail);
  const tally = el("output", { class: "tally", "aria-live": "off" });
  // The speed sits with the steps' detail, under the player: a notebook's column is narrower than the page's.
  const speed = el("label", { class: "speed" }, "Speed ");
  speed.append(controls.speed);
  facts.append(detailLabel, speed, tally);
  const its = iterations();
  const treeArea = el("section", { class: "mm-tree-area", "aria-label": title ? `${title}: search tree` : "Search tree" });
  treeArea.append(toolbar, box, controls.root, banner, narration, facts, its.section);
  const code = codePanel(title);
  const error = el("p", { class: "form-error mm-error", role: "alert" });
  const layout = el("div", { class: "mm-layout" });
  layout.append(treeArea, code.aside);
  root.append(error, layout);
  return { root, svg, note, key, fit, legend: legendList, controls, banner, narration, detail, tally, iterations: its, code, error };
}
