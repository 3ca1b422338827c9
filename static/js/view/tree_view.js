// The search tree as an SVG drawing, the textbook way: MAX an upward triangle,
// MIN a downward one, the value inside, the label below, the [α, β] window on the
// path from the root to the current node, pruned subtrees greyed with the cut
// edge marked. A chance node is a circle with its outcomes' probabilities on their edges;
// a max^n node is an upward triangle (each player is a MAX of its own component) holding its
// player's name, coloured per player, with its vector ⟨vA, vB, vC⟩ written below the label. Layout is d3.tree, pan/zoom is d3.zoom (global `d3`).
// Every per-step change goes through update(), which touches only the nodes it is
// told may have changed, and writes an attribute only when its text differs. What a node
// shows comes from presentation.js, which the LaTeX export reads too.

import { presentNode, stepContext } from "./presentation.js";
import { boardBox, drawBoard } from "./board_view.js";
import { showGameKey } from "./game_key.js";
import { FULL_DRAWING_MAX, drawsWhole, focusNote, focusOf, focusSet, reveal, toggled } from "./focus_set.js";
import { badgeWidth, foldWords, showFold } from "./collapsed_mark.js";
import { nodeName } from "./node_words.js";
import { WALK_KEYS, itemPlace, lastVisitedNode, walkTarget } from "./tree_keys.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// Sizes in SVG units. A game node carries a board under its triangle, so it is taller.
export const SIZES = {
  tree: { dx: 46, dy: 108, half: 15, rise: 13, labelY: 26, windowY: 40, charW: 6.6 },
  // The board (board_view.js LAYOUTS: 45 units square for tic-tac-toe) and a gap set dx.
  game: { dx: 54, dy: 150, half: 13, rise: 11, labelY: 72, windowY: 85, charW: 6.6 },
  // A custom game (a course's own: the page knows no board) writes its position's text under the
  // triangle (stateY, in a 10px monospace font: stateCharW per character), then the move, then the window.
  custom: { dx: 46, dy: 122, half: 15, rise: 13, stateY: 27, labelY: 41, windowY: 55, charW: 6.6, stateCharW: 6.1 },
};
// A board bigger than the lecture's (tic-tac-toe 45 x 45, Isolation 48 x 32) pushes the label, window
// and next row down by what it adds to 45, and keeps tic-tac-toe's 9-unit gap between boards
// (Connect Four 84 x 72, Isolation 5 x 5 60 x 60).
export function gameSizes(box) {
  const s = SIZES.game;
  if (!box || (box.width <= 48 && box.height <= 45)) return s;
  const extra = Math.max(0, box.height - 45);
  return { ...s, dx: Math.max(s.dx, box.width + 9), dy: s.dy + extra, labelY: s.labelY + extra, windowY: s.windowY + extra };
}
const FIT_MAX_SCALE = 1.8;
// Half the width of a node's widest text, its "[-∞, 14]" window, in layout units.
const WINDOW_HALF_WIDTH = 30;
// Up to FULL_DRAWING_MAX nodes (focus_set.js) the whole tree is drawn. A bigger one (a game
// search) is drawn around the current node: the path to it, its neighbours, and every other
// subtree folded into one mark (collapsed_mark.js) the student can open.
// Below this zoom the 11px labels are unreadable: a big tree opens at this scale instead.
const READABLE_SCALE = 0.85;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function setAttr(e, name, value) {
  if (e.getAttribute(name) !== value) e.setAttribute(name, value);
}

function setText(e, value) {
  if (e.textContent !== value) e.textContent = value;
}

// The text of a chance child's probability on its edge: 0.5, 0.333.
export function showProbability(p) {
  return String(Number(p.toPrecision(3)));
}

function triangle(role, half, rise, x, y) {
  // Upward for MAX (and a max^n player), downward for MIN, centred on (x, y), where the value
  // is written; a circle for a chance node.
  if (role === "chance") {
    const r = half + 1;
    return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
  }
  return role !== "min"
    ? `M${x},${y - rise - 3}L${x + half},${y + rise}L${x - half},${y + rise}Z`
    : `M${x},${y + rise + 3}L${x + half},${y - rise}L${x - half},${y - rise}Z`;
}

export class TreeView {
  // parts: the page's own by default; a widget (several on one page) passes its own key element
  // and a marker id of its own, since an id must be unique in the document.
  constructor(svg, note, { key = svg.ownerDocument.getElementById("game-key"), arrowId = "tt-arrow" } = {}) {
    this.svg = svg;
    this.note = note; // says when only part of the tree is drawn
    this.key = key; // what a game's values mean
    this.arrowId = arrowId; // the transposition arrow's marker
    this.viewport = el("g", { class: "viewport" }, svg);
    // Edges, cut marks and the table's arrows are pictures of what the nodes' names say in words.
    this.edgeLayer = el("g", { class: "edges", "aria-hidden": "true" }, this.viewport);
    this.markLayer = el("g", { class: "cut-marks", "aria-hidden": "true" }, this.viewport);
    // Transposition hits point back at the node whose search filled the table entry.
    const marker = el("marker", { id: arrowId, viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7",
      markerHeight: "7", orient: "auto-start-reverse" }, el("defs", {}, svg));
    el("path", { d: "M0,0L10,5L0,10Z", class: "tt-arrow-head" }, marker);
    this.linkLayer = el("g", { class: "tt-links", "aria-hidden": "true" }, this.viewport);
    // The nodes are an ARIA tree the keyboard walks (tree_keys.js); each item's name says what the
    // drawing shows of it at this step (node_words.js). One item is in the Tab order (`active`).
    this.nodeLayer = el("g", {
      class: "nodes", role: "tree",
      "aria-label": "Search tree: ↑ parent, ↓ first child, ← → siblings, Home the root, End the node visited last, "
        + "Enter selects (its v, α, β in the readout), Page Up and Page Down step",
    }, this.viewport);
    this.onPick = null; // (i, state): a node was selected; the page shows its v, α, β

    this.userMoved = false;
    this.zoom = d3
      .zoom()
      // The viewport, read from the box: d3's own reading of the SVG's width throws while the drawing
      // is not rendered (a notebook's output off screen); then this is 0 by 0, and nothing moves.
      .extent(() => [[0, 0], [this.svg.clientWidth, this.svg.clientHeight]])
      .scaleExtent([0.02, 6])
      .on("zoom", (ev) => {
        this.viewport.setAttribute("transform", ev.transform.toString());
        // A gesture (not our own fit) means the student placed the view: keep it.
        if (ev.sourceEvent) this.userMoved = true;
      });
    d3.select(svg).call(this.zoom).on("dblclick.zoom", null);
    this.wholeTree = false; // Present mode: every start view is a fit (see showStart)
    this.streaming = false; // the search shown is still arriving (app.js): see drawsWhole
    this.watchSize();
    this.listenForKeys();
    this.listenForPicks();
    this.listenForWalk();
    this.reset(null);
  }

  // With the drawing focused: + (or =) zooms in, - (or −) out, 0 fits the whole tree.
  listenForKeys() {
    this.svg.addEventListener("keydown", (ev) => {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const by = { "+": 1.25, "=": 1.25, "-": 0.8, "\u2212": 0.8 }[ev.key];
      if (by) {
        d3.select(this.svg).call(this.zoom.scaleBy, by);
        this.userMoved = true; // the student chose this zoom: a resize keeps it
      } else if (ev.key === "0") {
        this.fit();
      } else {
        return;
      }
      ev.preventDefault();
    });
  }

  // Clicking a node, or Enter on the focused one, selects it (showNode): highlighted, its v, α, β
  // in the readout. A transposition hit leads to the node whose search filled its entry: clicking
  // the hit or its dashed arrow, or Enter (or Space) on the focused hit, selects that node.
  // In a big tree's drawing, a folded subtree opens (and an opened one folds) the same ways.
  listenForPicks() {
    this.svg.addEventListener("click", (ev) => {
      const f = this.foldAt(ev.target);
      if (f !== undefined) return this.toggleFold(f);
      const i = this.hitAt(ev.target);
      if (i !== undefined) return this.showNode(this.hitSource[i]);
      const j = this.itemAt(ev.target);
      if (j !== undefined) this.showNode(j);
    });
    this.svg.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && this.picked !== undefined && this.itemAt(ev.target) !== undefined) {
        ev.preventDefault(); // the selection goes first; a second Escape leaves Present mode
        return this.unpick();
      }
      if (ev.key !== "Enter" && ev.key !== " ") return;
      const f = this.foldAt(ev.target);
      const i = f === undefined ? this.hitAt(ev.target) : undefined;
      const j = ev.key === "Enter" ? this.itemAt(ev.target) : undefined;
      if (f === undefined && i === undefined && j === undefined) return; // Space elsewhere plays or pauses
      ev.preventDefault(); // Space here is not Play
      if (f !== undefined) this.toggleFold(f);
      else if (i !== undefined) this.showNode(this.hitSource[i]);
      else this.showNode(j);
    });
    // Tab (or a walk) to a node off screen: the view pans to it, and it is the tree's Tab stop.
    // Whether the focus came by the mouse (see listenForWalk) is noted here, for the walking keys.
    const doc = this.svg.ownerDocument;
    doc.addEventListener("pointerdown", () => (this.lastInput = "pointer"), true);
    doc.addEventListener("keydown", () => (this.lastInput = "keys"), true);
    this.svg.addEventListener("focusin", (ev) => {
      this.focusByPointer = this.lastInput === "pointer";
      // The drawing itself takes the focus (on the way in by Tab): the tree's Tab stop is the step's node again.
      if (ev.target === this.svg && this.lastState) return this.setActive(this.stepNode(this.lastState));
      const j = this.itemAt(ev.target);
      if (j === undefined) return;
      this.setActive(j);
      // Not for a click's focus: panning between its press and release would lose the click.
      if (!this.focusByPointer) this.follow(j);
    });
  }

  // The arrows, Home and End on a focused node move the focus through the tree (tree_keys.js).
  // They never step the search from there: Page Up and Page Down do (player_controls.js).
  // A node a click focused (the mouse's, or a button's the mouse pressed) leaves those keys to the
  // player: ← and → step as they did before the click. Tab (or Enter on the narration's node
  // button) into the tree, and they walk it.
  listenForWalk() {
    this.svg.addEventListener("keydown", (ev) => {
      if (ev.altKey || ev.ctrlKey || ev.metaKey || !WALK_KEYS.has(ev.key) || this.focusByPointer) return;
      const i = this.itemAt(ev.target);
      if (i === undefined) return;
      ev.preventDefault();
      const j = walkTarget(this.tree, i, ev.key, (k) => this.isDrawn(k), ev.key === "End" ? this.lastVisited() : undefined);
      if (j !== undefined) this.focusItem(j);
    });
  }

  // End's node: the one the search visited last at the step drawn.
  lastVisited() {
    if (!this.lastState) return undefined;
    return lastVisitedNode(this.lastState, this.focus ? this.focus.nodes : Array.from({ length: this.drawn }, (_, k) => k));
  }

  // The index of the node (tree item) an event target is in.
  itemAt(target) {
    if (!this.tree || !target.closest) return undefined;
    const g = target.closest(".nodes > .node");
    return g ? this.tree.idx(g.dataset.nodeId) : undefined;
  }

  // Node j takes the focus (and the Tab stop) and is panned into view.
  focusItem(j) {
    if (!this.isDrawn(j)) return;
    this.setActive(j);
    this.follow(j);
    const g = this.shown[j].g;
    this.shown[j].shape.focus({ preventScroll: true });
    g.scrollIntoView({ block: "nearest", inline: "nearest" }); // the drawing itself may be off screen (a phone)
  }

  // Roving tabindex: node j is the tree's one Tab stop.
  setActive(j) {
    if (this.active === j) return;
    const before = this.active;
    this.active = j;
    if (before !== undefined && this.isDrawn(before)) this.shown[before].shape.setAttribute("tabindex", "-1");
    if (j !== undefined && this.isDrawn(j)) this.shown[j].shape.setAttribute("tabindex", "0");
  }

  // Whether the keyboard is in the tree now (then a step leaves its focus where it is).
  hasFocus() {
    const a = this.svg.ownerDocument.activeElement;
    return Boolean(a && this.nodeLayer.contains(a));
  }

  // The index of the folded or opened subtree an event target belongs to.
  foldAt(target) {
    if (!this.focus || !target.closest) return undefined;
    const g = target.closest(".node.folds");
    return g ? this.tree.idx(g.dataset.nodeId) : undefined;
  }

  // Open subtree i, or fold it up again, and draw the step again around it.
  // The node is selected too (its v, α, β in the readout), as any node a click or Enter lands on.
  toggleFold(i) {
    if (!this.lastState) return;
    this.opened = toggled(this.opened, i);
    this.drawFocus(this.lastState, i); // the mark stays where the student clicked it
    this.pick(i);
  }

  // The index of the transposition hit an event target belongs to (its node or its arrow).
  hitAt(target) {
    if (!this.tree || !target.closest) return undefined;
    const link = target.closest("[data-hit]");
    if (link) return Number(link.dataset.hit);
    const g = target.closest(".node.tt-hit");
    const i = g ? this.tree.idx(g.dataset.nodeId) : undefined;
    return i !== undefined && this.hitSource[i] !== undefined ? i : undefined;
  }

  // Select node j: highlight it ("picked", until the next step), pan it into view and give it
  // the focus, so a keyboard user is there too; the page shows its v, α, β (onPick).
  // Whether it is drawn (it may be past the cap).
  showNode(j) {
    if (j === undefined || j < 0 || !this.tree || j >= this.tree.size) return false;
    if (this.focus && !this.isDrawn(j) && this.lastState) {
      // A big tree's drawing opens the subtrees j is in, then shows it.
      this.opened = reveal(this.tree, this.opened, j, this.focus.onPath);
      this.drawFocus(this.lastState, j);
    }
    if (!this.isDrawn(j)) return false;
    this.pick(j);
    this.focusItem(j);
    return true;
  }

  // Node j (drawn) is the selected one: highlighted, and the page shows its v, α, β (onPick).
  pick(j) {
    const before = this.picked;
    this.picked = j;
    if (this.present) {
      if (before !== undefined && this.isDrawn(before)) this.updateNode(before, this.present(before));
      this.updateNode(j, this.present(j));
    }
    if (this.onPick && this.lastState) this.onPick(j, this.lastState);
  }

  // Drop the selection: the readout goes back to the node the step is at.
  unpick() {
    const before = this.picked;
    this.picked = undefined;
    if (before !== undefined && this.isDrawn(before) && this.present) this.updateNode(before, this.present(before));
    if (this.onPick && this.lastState) this.onPick(undefined, this.lastState);
  }

  // The SVG gets its box's size in pixels, not "100%": a percentage-sized SVG is laid out
  // again, every text in it, whenever anything else on the page is (60 ms a step on a
  // 2,000-node tree); a fixed-size one only when its box really changes size.
  watchSize() {
    new ResizeObserver(() => {
      if (this.takeBoxSize() && !this.userMoved) this.showStart();
    }).observe(this.svg.parentElement);
  }

  // Give the SVG its box's size now; whether that changed it.
  takeBoxSize() {
    const box = this.svg.parentElement;
    const width = `${Math.floor(box.clientWidth)}px`;
    const height = `${Math.floor(box.clientHeight)}px`;
    if (this.svg.style.width === width && this.svg.style.height === height) return false;
    this.svg.style.width = width;
    this.svg.style.height = height;
    return true;
  }

  // The page around the drawing changed (Present mode): fit the tree to its new box now,
  // not when the ResizeObserver next reports.
  refit() {
    this.takeBoxSize();
    this.fit();
  }

  // The position and board of node i's parent, for the outline of the move into i; null at the root.
  parentBoard(i) {
    const t = this.tree;
    const p = t.parent[i];
    return i === t.root || p < 0 || t.board[p] === undefined ? null : { state: t.board[p], cells: t.cells[p] };
  }

  // Start over for a new search (replay may be null: an empty drawing).
  reset(replay) {
    this.tree = replay ? replay.tree : null;
    this.extent = null;
    this.hadResult = null;
    const kind = this.tree && this.tree.kind === "game" ? "game" : "tree";
    const look = this.tree && this.tree.custom ? "custom" : kind;
    this.sizes = look === "game" ? gameSizes(boardBox(this.tree.drawing, replay.event(0).source.state)) : SIZES[look];
    this.svg.dataset.kind = look;
    showGameKey(this.key, kind === "game" ? this.tree.drawing : null);
    this.cap = FULL_DRAWING_MAX[kind];
    this.opened = new Set(); // the subtrees the student opened in a focus drawing
    this.lastState = null; // the step last drawn, to draw again when a subtree opens
    this.userMoved = false;
    this.clearDrawing();
    if (this.tree && !drawsWhole(this.tree, this.streaming)) this.focus = { nodes: [], onPath: new Set() };
    else if (this.tree) this.layout();
    this.tellDrawn();
  }

  // Drop every element: a new search, or a game tree that outgrew the full drawing.
  clearDrawing() {
    this.drawn = 0; // full drawing: nodes 0 .. drawn-1 have elements; focus: how many are shown
    this.focus = null; // a focus drawing's focusSet(), while the tree is too big to draw whole
    this.anchor = undefined; // the focus last drawn: it stays put on screen when the layout changes
    this.nodeEls = [];
    this.edgeEls = [];
    this.markEls = [];
    this.linkEls = []; // the dashed arrow from a transposition hit to its source, by hit index
    this.hitSource = []; // a transposition hit's source node, by hit index
    this.picked = undefined; // the node showNode() selected
    this.active = undefined; // the tree's one Tab stop (setActive)
    this.hitWords = []; // what a transposition hit's name adds, by node index
    this.present = null; // what node i shows at the step last drawn
    this.probEls = [];
    this.shown = []; // each node's elements and last-written view, to skip unchanged writes
    this.x = [];
    this.y = [];
    this.path = [];
    this.laidOutVersion = -1;
    this.edgeLayer.replaceChildren();
    this.markLayer.replaceChildren();
    this.linkLayer.replaceChildren();
    this.nodeLayer.replaceChildren();
  }

  tellDrawn() {
    const text = this.focus ? focusNote(this.tree.size) : "";
    if (this.note.textContent !== text) this.note.textContent = text;
    this.note.classList.toggle("focus-note", Boolean(this.focus));
  }

  // Whether node i has elements now.
  isDrawn(i) {
    if (i === undefined || i < 0) return false;
    return this.focus ? this.nodeEls[i] !== undefined : i < this.drawn;
  }

  // The drawn nodes' indices in a focus drawing (null: nodes 0 .. drawn-1), for the exports.
  drawnNodes() {
    return this.focus ? this.focus.nodes.slice() : null;
  }

  // The focus drawing's folded nodes (each stands for its subtree), for the exports.
  foldedNodes() {
    return this.focus ? [...this.focus.collapsed] : [];
  }

  // Lay the tree out again (new nodes arrived); creates elements for new nodes.
  layout() {
    const t = this.tree;
    const s = this.sizes;
    const width = (i) => this.nodeWidth(i);
    const n = Math.min(t.size, this.cap);
    // Children indices ascend (found in order), so "below n" keeps a connected subtree.
    const kids = (i) => t.childrenOf(i).filter((j) => j < n);
    const root = d3.hierarchy(t.root, kids);
    d3
      .tree()
      .nodeSize([s.dx, s.dy])
      .separation((a, b) => {
        const need = (width(a.data) + width(b.data)) / 2 / s.dx;
        return Math.max(a.parent === b.parent ? 1 : 1.2, need);
      })(root);
    root.each((n) => {
      this.x[n.data] = n.x;
      this.y[n.data] = n.y;
    });
    for (let i = 0; i < n; i++) {
      if (!this.nodeEls[i]) this.createNode(i);
      else this.updateSetSize(i);
      this.placeNode(i);
      if (t.parent[i] >= 0) {
        if (!this.edgeEls[i]) this.edgeEls[i] = el("line", { class: "edge" }, this.edgeLayer);
        this.placeEdge(i);
        if (t.probability[i] !== undefined) this.placeProbability(i);
      }
      if (this.markEls[i]) this.placeMark(i);
      if (this.linkEls[i]) this.placeLink(i);
    }
    this.drawn = n;
    this.laidOutVersion = t.version;
    this.extent = [d3.extent(root.descendants(), (n) => n.x), d3.extent(root.descendants(), (n) => n.y)];
  }

  // How wide node i's drawing is, in layout units: its shape or board, its label, a max^n
  // vector ⟨10, 10, 10⟩ written under the label.
  nodeWidth(i) {
    const t = this.tree;
    const s = this.sizes;
    const vector = t.players ? (t.players.length * 4 + 1) * s.charW : 0;
    const state = t.custom && typeof t.board[i] === "string" ? t.board[i].length * s.stateCharW + 10 : 0;
    return Math.max(t.kind === "game" && !t.custom ? 38 : 2 * s.half + 10, t.label[i].length * s.charW + 10, vector, state);
  }

  // Node parts carry absolute coordinates rather than sharing a translated <g>: Chromium
  // gives every transformed SVG element its own paint chunk, and 2,000 of them made each
  // frame's paint and layerize phases cost more than the step itself.
  createNode(i) {
    const t = this.tree;
    const { level, position, size } = itemPlace(t, i);
    const g = el("g", { class: this.nodeClass(i), "data-node-id": t.ids[i], "data-state": "unvisited", "data-value": "" });
    // The tree item is the node's shape, which holds no text: its name says what the texts beside it
    // show, in the order a listener wants (node_words.js), and the texts are hidden from screen readers.
    // (Were the item the whole group, its visible texts, "3 3 B1 [−∞, +∞]", would have to be its name.)
    const shape = el("path", {
      class: "shape", role: "treeitem", tabindex: i === this.active ? "0" : "-1", "aria-selected": "false",
      "aria-level": String(level), "aria-posinset": String(position), "aria-setsize": String(size),
    }, g);
    const hidden = { "aria-hidden": "true" };
    if (t.players) {
      g.dataset.player = t.player[i]; // the player whose component this node maximises
      el("text", { class: "mover", ...hidden }, g).textContent = t.player[i];
    }
    const value = el("text", { class: "value", ...hidden }, g);
    const order = el("text", { class: "order", ...hidden }, g);
    const label = el("text", { class: "label", ...hidden }, g);
    label.textContent = t.label[i];
    const windowText = el("text", { class: "window", ...hidden }, g);
    const title = el("title", {}, shape); // its tooltip, and its description for a screen reader
    // A game node by its moves ("X 2 · O 4"), never its internal id; a tree node as typed.
    title.textContent = t.kind === "game" ? t.nameOf(t.ids[i]) : t.ids[i] === t.label[i] ? t.ids[i] : `${t.label[i]} (id ${t.ids[i]})`;
    let board = null;
    let state = null;
    if (t.custom) {
      // A course's own game: its position as the trace wrote it, as text (never markup).
      state = el("text", { class: "state", ...hidden }, g);
      if (typeof t.board[i] === "string") state.textContent = t.board[i];
    } else if (t.kind === "game") {
      board = el("g", { class: "board", ...hidden }, g);
      // A node arrives with its position (from its visit event), or never has one (pruned).
      if (t.board[i] !== undefined) drawBoard(board, t.drawing, t.board[i], t.cells[i], this.parentBoard(i));
    }
    this.nodeLayer.appendChild(g);
    this.nodeEls[i] = g;
    this.shown[i] = {
      g, shape, value, order, label, windowText, board, stateText: state, state: "", dv: "", vt: "", vc: "", ot: "", wt: "", cls: "",
      name: "", setSize: size,
    };
  }

  // While a game search streams, a node's parent gains children: its siblings' aria-setsize grows.
  updateSetSize(i) {
    const p = this.tree.parent[i];
    const sh = this.shown[i];
    const size = p < 0 ? 1 : this.tree.childCount(p);
    if (sh.setSize !== size) sh.shape.setAttribute("aria-setsize", String((sh.setSize = size)));
  }

  // "node max", "node chance", "node maxn mover-1": the role, and a max^n player's colour.
  nodeClass(i) {
    const t = this.tree;
    const role = t.role(i);
    return role === "maxn" ? `node maxn mover-${t.component(i) % 6}` : `node ${role}`;
  }

  placeNode(i) {
    const s = this.sizes;
    const sh = this.shown[i];
    const x = this.x[i];
    const y = this.y[i];
    const role = this.tree.role(i);
    sh.shape.setAttribute("d", triangle(role, s.half, s.rise, x, y));
    const at = (e, dx, dy) => {
      e.setAttribute("x", x + dx);
      e.setAttribute("y", y + dy);
    };
    // A max^n vector is too wide for the triangle: it goes under the label, the name inside.
    if (role === "maxn") {
      at(sh.value, 0, s.windowY);
      at(sh.g.querySelector("text.mover"), 0, 5);
    } else {
      at(sh.value, 0, role === "min" ? -3 : role === "chance" ? 4 : 3);
    }
    at(sh.order, s.half + 3, -s.rise);
    at(sh.label, 0, s.labelY);
    at(sh.windowText, 0, s.windowY);
    if (sh.stateText) at(sh.stateText, 0, s.stateY);
    // A board is a few cells of a game tree; one transform each is affordable there.
    if (sh.board) sh.board.setAttribute("transform", `translate(${x},${y + s.rise + 6})`);
  }

  placeEdge(i) {
    const p = this.tree.parent[i];
    const s = this.sizes;
    const e = this.edgeEls[i];
    // Edges leave below the window text, which is written under the label.
    const bottom = s.windowY + 8;
    e.setAttribute("x1", this.x[p]);
    e.setAttribute("y1", this.y[p] + bottom);
    e.setAttribute("x2", this.x[i]);
    e.setAttribute("y2", this.y[i] - s.rise - 4);
  }

  // A chance outcome's probability, written beside the middle of its edge.
  placeProbability(i) {
    if (!this.probEls) this.probEls = [];
    let text = this.probEls[i];
    if (!text) {
      text = this.probEls[i] = el("text", { class: "probability" }, this.edgeLayer);
      text.textContent = showProbability(this.tree.probability[i]);
    }
    const e = this.edgeEls[i];
    const x1 = +e.getAttribute("x1"), y1 = +e.getAttribute("y1");
    const x2 = +e.getAttribute("x2"), y2 = +e.getAttribute("y2");
    const left = x2 < x1;
    text.setAttribute("x", (x1 + x2) / 2 + (left ? -5 : 5));
    text.setAttribute("y", (y1 + y2) / 2);
    text.setAttribute("text-anchor", left ? "end" : "start");
  }

  // The cut mark: a short bar across the edge into a pruned child, with "α cut" / "β cut".
  placeMark(i) {
    const m = this.markEls[i];
    const e = this.edgeEls[i];
    const x1 = +e.getAttribute("x1"), y1 = +e.getAttribute("y1");
    const x2 = +e.getAttribute("x2"), y2 = +e.getAttribute("y2");
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const nx = -(y2 - y1) / len, ny = (x2 - x1) / len;
    const bar = m.firstChild;
    bar.setAttribute("x1", mx - nx * 8);
    bar.setAttribute("y1", my - ny * 8);
    bar.setAttribute("x2", mx + nx * 8);
    bar.setAttribute("y2", my + ny * 8);
    const text = m.lastChild;
    // The words go left of the bar, between this edge and its left neighbour.
    text.setAttribute("x", mx - 10);
    text.setAttribute("y", my);
  }

  // Bring the drawing in line with `state`. `dirty` holds the node indices that may
  // have changed since the last update (null: all of them).
  update(state, dirty) {
    const hadFocus = this.hasFocus();
    const was = this.active;
    this.draw(state, dirty);
    if (hadFocus && !this.hasFocus()) this.keepFocus(was, state);
  }

  // The keyboard was on node `was`, which this step's drawing dropped (a big tree's focus drawing
  // folded it away): the focus goes to its nearest drawn ancestor, so it stays in the tree.
  keepFocus(was, state) {
    let j = was;
    while (j !== undefined && j >= 0 && !this.isDrawn(j)) j = this.tree.parent[j];
    this.focusItem(j !== undefined && j >= 0 ? j : this.stepNode(state));
  }

  // Bring the drawing in line with `state` (update's work).
  draw(state, dirty) {
    const t = this.tree;
    if (!t) return;
    this.lastState = state;
    const whole = drawsWhole(t, this.streaming);
    if (!this.focus && !whole) {
      // A game search outgrew the full drawing while streaming: start the focus drawing afresh.
      this.clearDrawing();
      this.focus = { nodes: [], onPath: new Set() };
      this.tellDrawn();
    } else if (this.focus && whole) {
      // The search is over and small enough to draw whole: draw it so, once.
      this.clearDrawing();
      this.laidOutVersion = -1;
      this.userMoved = false;
      this.tellDrawn();
    }
    if (this.focus) {
      this.drawFocus(state);
      this.keepTabStop(state);
      return;
    }
    let all = dirty === null;
    if (this.laidOutVersion !== t.version) {
      this.layout();
      all = true;
      if (!this.userMoved) this.showStart();
    }
    this.follow(state.current);
    const context = stepContext(state, t);
    const todo = all ? null : new Set(dirty);
    if (todo) {
      for (const i of this.path) todo.add(i);
      for (const i of context.path) todo.add(i);
      if (state.result || this.hadResult) todo.add(t.idx(state.result ? state.result.child : this.hadResult));
      todo.add(this.ttSource); // the highlighted source of a transposition hit, then and now
      todo.add(context.ttSource);
    }
    this.ttSource = context.ttSource;
    this.path = context.path;
    this.hadResult = state.result ? state.result.child : null;
    // A node picked by showNode() stays highlighted until the student steps on.
    if (todo && this.picked !== undefined) todo.add(this.picked);
    this.picked = undefined;
    this.present = (i) => presentNode(state, t, i, context);
    const each = (i) => this.updateNode(i, this.present(i));
    if (todo) {
      for (const i of todo) if (this.isDrawn(i)) each(i);
    } else {
      for (let i = 0; i < this.drawn; i++) each(i);
    }
    this.keepTabStop(state);
  }

  // The tree's Tab stop follows the step (Tab into the tree lands on the current node), unless
  // the keyboard is in the tree: then it stays where the student is.
  keepTabStop(state) {
    if (this.hasFocus() && this.isDrawn(this.active)) return;
    this.setActive(this.stepNode(state));
  }

  // The node the step is at (at the result, none is: the root).
  stepNode(state) {
    return state.current >= 0 && this.isDrawn(state.current) ? state.current : this.tree.root;
  }

  // `node`: what presentNode() says node i shows. The board's visibility follows data-state
  // in the CSS (node.board says the same for the LaTeX export).
  updateNode(i, node) {
    const sh = this.shown[i];
    // data-value: the value the search found (a given leaf value not read yet is not one).
    const dv = node.value === undefined || node.given ? "" : String(node.value);
    // A tree leaf's given value is part of the problem: shown faintly until the search reads it.
    const vc = node.given ? "value given" : node.final ? "value final" : node.bound ? "value bound" : "value";
    let cls = this.nodeClass(i);
    if (node.onPath) cls += " on-path";
    if (node.chosen) cls += " chosen";
    if (node.estimate) cls += " estimate";
    if (node.ttHit) cls += ` tt-hit tt-${node.ttHit.flag}`;
    if (node.ttSource) cls += " tt-source";
    if (node.pastLimit) cls += " past-limit";
    if (node.noisy) cls += " noisy";
    if (i === this.picked) cls += " picked";
    const fold = this.focus ? this.foldOf(i) : null;
    if (fold) cls += ` folds ${fold}`;
    this.updateLink(i, node.ttHit);
    // A folded or opened subtree opens or folds with Enter, whatever else it is.
    if (this.focus) this.updateFold(i, fold, node);
    this.updateItem(i, node, fold);

    if (sh.state !== node.status) setAttr(sh.g, "data-state", (sh.state = node.status));
    if (sh.dv !== dv) setAttr(sh.g, "data-value", (sh.dv = dv));
    if (sh.cls !== cls) setAttr(sh.g, "class", (sh.cls = cls));
    if (sh.vt !== node.valueText) setText(sh.value, (sh.vt = node.valueText));
    if (sh.vc !== vc) setAttr(sh.value, "class", (sh.vc = vc));
    if (sh.ot !== node.order) setText(sh.order, (sh.ot = node.order));
    const wt = fold === "collapsed" ? "" : node.windowText; // a folded subtree's mark sits where the window goes
    if (sh.wt !== wt) setText(sh.windowText, (sh.wt = wt));
    if (node.edge) this.updateEdge(i, node.edge);
  }

  // The tree item's state for a screen reader: its name (node_words.js, then what a fold or a
  // table hit adds), whether it is selected, and whether its subtree is shown (aria-expanded).
  updateItem(i, node, fold) {
    const sh = this.shown[i];
    let name = nodeName(this.tree, i, node);
    if (fold) name += `; ${foldWords(fold, this.tree.sizeOf(i))}`;
    if (this.hitWords[i]) name += `; ${this.hitWords[i]}`;
    const item = sh.shape;
    if (sh.name !== name) setAttr(item, "aria-label", (sh.name = name));
    setAttr(item, "aria-selected", i === this.picked ? "true" : "false");
    const expanded = fold ? String(fold === "opened") : this.tree.childCount(i) > 0 ? "true" : null;
    if (expanded === null) item.removeAttribute("aria-expanded");
    else setAttr(item, "aria-expanded", expanded);
  }

  updateEdge(i, edge) {
    const e = this.edgeEls[i];
    if (!e) return;
    const cut = edge.cut;
    let cls = "edge";
    if (edge.onPath) cls += " on-path";
    if (edge.pruned) cls += " pruned";
    if (edge.dropped) cls += " dropped";
    if (cut) cls += ` cut cut-${cut}`;
    if (edge.chosen) cls += " chosen";
    setAttr(e, "class", cls);
    if (cut && !this.markEls[i]) {
      const m = el("g", {}, this.markLayer);
      el("line", { class: "bar" }, m);
      el("text", {}, m);
      this.markEls[i] = m;
      this.placeMark(i);
    }
    const m = this.markEls[i];
    if (m) {
      if (!cut) {
        m.remove();
        this.markEls[i] = undefined;
        return;
      }
      setAttr(m, "class", `cut-mark cut-${cut}`);
      setText(m.lastChild, edge.cutWords);
    }
  }

  // The dashed arrow from a transposition hit (node i) to the node that filled its entry.
  // The arrow is a group: a wide transparent stroke to click (data-hit) under the dashed line.
  updateLink(i, hit) {
    const source = hit ? hit.source : undefined;
    // In a focus drawing the source may be folded away: no arrow, but the hit still leads there.
    const want = source !== undefined && this.isDrawn(source);
    let link = this.linkEls[i];
    const g = this.shown[i].g;
    if (link && (!want || link.dataset.source !== String(source))) {
      link.remove();
      link = this.linkEls[i] = undefined;
    }
    if (source === undefined) {
      if (this.hitSource[i] !== undefined) {
        this.hitSource[i] = undefined;
        this.hitWords[i] = "";
        g.removeAttribute("data-tt-source");
      }
      return;
    }
    if (!want) {
      this.markHit(i, source);
      return;
    }
    if (link) return;
    if (!link) {
      const group = (this.linkEls[i] = el("g", { class: "tt-link-group", "data-hit": String(i) }, this.linkLayer));
      el("title", {}, group).textContent = "Show the node that filled this table entry";
      el("path", { class: "tt-link-area" }, group);
      el("path", { class: "tt-link", "marker-end": `url(#${this.arrowId})` }, group);
    }
    const ids = this.tree.ids;
    this.linkEls[i].dataset.source = String(source);
    this.linkEls[i].dataset.to = ids[source]; // the source's node id, for people and tests
    this.markHit(i, source);
    this.placeLink(i);
  }

  // Hit i leads to `source` (a click or Enter on it shows that node).
  markHit(i, source) {
    if (this.hitSource[i] === source) return;
    const g = this.shown[i].g;
    const ids = this.tree.ids;
    this.hitSource[i] = source;
    g.setAttribute("data-tt-source", ids[source]);
    this.hitWords[i] = `answered from the transposition table; Enter shows the node that filled the entry, ${this.tree.nameOf(ids[source])}`;
  }

  placeLink(i) {
    const group = this.linkEls[i];
    const j = Number(group.dataset.source);
    const s = this.sizes;
    const x1 = this.x[i], y1 = this.y[i] - s.rise - 4;
    const x2 = this.x[j], y2 = this.y[j] + s.rise + 4;
    // A curve bowed sideways, so it does not run along the tree's own edges.
    const bow = (x2 - x1) / 4 + (y1 - y2) / 6;
    const d = `M${x1},${y1}Q${(x1 + x2) / 2 + bow},${(y1 + y2) / 2} ${x2},${y2}`;
    for (const path of group.querySelectorAll("path")) path.setAttribute("d", d);
  }

  // A focus drawing's node i: "collapsed" (stands for its subtree), "opened" (by the student,
  // off the path), or null.
  foldOf(i) {
    if (this.focus.collapsed.has(i)) return "collapsed";
    return this.focus.opened.has(i) ? "opened" : null;
  }

  updateFold(i, fold, node) {
    showFold(this.shown[i], fold, {
      size: this.tree.sizeOf(i), valueText: node.final ? node.valueText : "", x: this.x[i], y: this.y[i] + this.sizes.windowY - 5,
    });
  }

  // A big tree at this step: the focus set (focus_set.js) laid out and drawn. Nodes that stay
  // keep their elements, and are moved only when the layout moved them; only the ones that
  // leave or arrive are removed or made. Costs the size of the focus set, never the tree's.
  // `hold`: the node kept in place on screen (the focus last drawn unless given), then kept in view.
  drawFocus(state, hold) {
    const t = this.tree;
    const focus = focusOf(t, state.current);
    const f = focusSet(t, focus, this.opened);
    const before = this.focus;
    this.focus = f;
    const keep = new Set(f.nodes);
    for (const i of before.nodes) if (!keep.has(i)) this.dropNode(i);
    const same = before.nodes.length === f.nodes.length && before.nodes.every((i, k) => f.nodes[k] === i);
    const held = hold === undefined ? this.anchor : hold;
    const anchor = held !== undefined && keep.has(held) ? held : undefined;
    const was = anchor !== undefined ? [this.x[anchor], this.y[anchor]] : null;
    if (!same || this.laidOutVersion !== t.version || before.collapsed === undefined) this.layoutFocus(f);
    this.drawn = f.nodes.length;
    const first = before.collapsed === undefined;
    this.tellDrawn(); // the count grows while a search streams
    if (first) {
      if (!this.userMoved) this.showStart();
    } else if (was && (was[0] !== this.x[anchor] || was[1] !== this.y[anchor])) {
      // The layout moved: keep the node the student was looking at where it was on screen.
      d3.select(this.svg).call(this.zoom.translateBy, was[0] - this.x[anchor], was[1] - this.y[anchor]);
    }
    if (hold === undefined) this.anchor = focus;

    const context = stepContext(state, t);
    this.ttSource = context.ttSource;
    this.path = context.path;
    this.picked = undefined; // showNode's pick lasts until the drawing changes, as in the full drawing
    this.present = (i) => presentNode(state, t, i, context);
    for (const i of f.nodes) this.updateNode(i, this.present(i));
    for (const i of f.nodes) if (this.linkEls[i]) this.placeLink(i);
    this.follow(hold === undefined ? focus : hold);
  }

  // Lay out the focus set with d3.tree; (re)place only the nodes and edges that moved.
  layoutFocus(f) {
    const t = this.tree;
    const s = this.sizes;
    // A folded or opened node's badge is wider than its board: its neighbours keep clear of it.
    const badged = (i) => f.collapsed.has(i) || f.opened.has(i);
    const width = (i) => (badged(i) ? Math.max(this.nodeWidth(i), badgeWidth(t.sizeOf(i))) : this.nodeWidth(i));
    const root = d3.hierarchy(t.root, (i) => f.kids.get(i));
    d3
      .tree()
      .nodeSize([s.dx, s.dy])
      .separation((a, b) => Math.max(a.parent === b.parent ? 1 : 1.2, (width(a.data) + width(b.data)) / 2 / s.dx + 0.15))(root);
    const moved = new Set();
    root.each((n) => {
      const i = n.data;
      if (this.nodeEls[i] === undefined || this.x[i] !== n.x || this.y[i] !== n.y) moved.add(i);
      this.x[i] = n.x;
      this.y[i] = n.y;
    });
    for (const i of f.nodes) {
      if (this.nodeEls[i] === undefined) this.createNode(i);
      else this.updateSetSize(i);
      if (moved.has(i)) this.placeNode(i);
      const p = t.parent[i];
      if (p < 0) continue;
      const fresh = this.edgeEls[i] === undefined;
      if (fresh) this.edgeEls[i] = el("line", { class: "edge" }, this.edgeLayer);
      if (fresh || moved.has(i) || moved.has(p)) {
        this.placeEdge(i);
        if (t.probability[i] !== undefined) this.placeProbability(i);
        if (this.markEls[i]) this.placeMark(i);
      }
    }
    this.laidOutVersion = t.version;
    this.extent = [d3.extent(root.descendants(), (n) => n.x), d3.extent(root.descendants(), (n) => n.y)];
  }

  // Node i left the focus set: its elements go (made again if it comes back).
  dropNode(i) {
    for (const els of [this.nodeEls, this.edgeEls, this.markEls, this.linkEls, this.probEls]) {
      if (els[i]) els[i].remove();
      els[i] = undefined;
    }
    this.shown[i] = undefined;
    this.hitSource[i] = undefined;
    this.hitWords[i] = "";
  }

  // The scale that fits the whole tree, and the transform that does it.
  fitTransform() {
    if (!this.tree || !this.extent) return null;
    const box = this.svg.getBoundingClientRect();
    if (!box.width || !box.height) return null;
    const s = this.sizes;
    const [[x0, x1], [y0, y1]] = this.extent;
    // A phone has no width to spare: trim the margins there.
    const pad = box.width < 600 ? 8 : 40;
    // As wide as the box follow() keeps in view, so a fitted tree never pans.
    const w = x1 - x0 + 2 * Math.max(s.dx / 2, WINDOW_HALF_WIDTH);
    // From the top row's shape (and its visit number) to the bottom row's window and a fold mark's two lines.
    const h = y1 - y0 + s.rise + 20 + s.windowY + 28;
    const k = Math.min(FIT_MAX_SCALE, (box.width - pad) / w, (box.height - pad) / h);
    this.zoom.scaleExtent([Math.min(0.02, k / 2), 6]);
    const tx = box.width / 2 - (k * (x0 + x1)) / 2;
    const ty = (box.height - k * h) / 2 - k * (y0 - s.rise - 20);
    return d3.zoomIdentity.translate(tx, ty).scale(k);
  }

  // Fit the whole tree into the visible area (the Fit button).
  fit() {
    const t = this.fitTransform();
    if (!t) return;
    d3.select(this.svg).call(this.zoom.transform, t);
    this.userMoved = false;
  }

  // The first view of a search: the whole tree if its labels stay readable that way;
  // otherwise (hundreds of nodes) readable size with the root at the top, and the view
  // then follows the current node. Fit still shows the whole shape.
  showStart() {
    const t = this.fitTransform();
    if (!t) return;
    if (this.focus && !this.wholeTree) {
      // A focus drawing changes shape at every step: readable size, around the focus.
      const box = this.svg.getBoundingClientRect();
      const k = READABLE_SCALE;
      const i = this.anchor === undefined ? this.tree.root : this.anchor;
      const [x, y] = this.focusCentre(i, k);
      const start = d3.zoomIdentity.translate(box.width / 2 - k * x, box.height / 2 - k * y).scale(k);
      d3.select(this.svg).call(this.zoom.transform, start);
      this.userMoved = false;
      return;
    }
    if (t.k >= READABLE_SCALE || this.wholeTree) {
      this.fit();
      return;
    }
    const box = this.svg.getBoundingClientRect();
    const k = READABLE_SCALE;
    const root = this.tree.root;
    // The root a little below the top edge: inside the margin follow() keeps nodes within.
    const top = Math.min(box.height / 4, 100);
    const start = d3.zoomIdentity.translate(box.width / 2 - k * this.x[root], top - k * this.y[root]).scale(k);
    d3.select(this.svg).call(this.zoom.transform, start);
    this.userMoved = false;
  }

  // Pan (not zoom) so node i is on screen, if any of its drawing is not. The test covers
  // the node's whole drawing (shape, label, window below it), the same box fit() keeps in
  // view, so a fitted tree never jumps while a student steps through it.
  follow(i) {
    if (!this.isDrawn(i)) return;
    const box = this.svg.getBoundingClientRect();
    const t = d3.zoomTransform(this.svg);
    const s = this.sizes;
    const half = Math.max(s.half, WINDOW_HALF_WIDTH); // the [α, β] text is wider than the shape
    const left = t.applyX(this.x[i] - half);
    const right = t.applyX(this.x[i] + half);
    const top = t.applyY(this.y[i] - s.rise - 4);
    const bottom = t.applyY(this.y[i] + s.windowY + 4);
    if (left >= 0 && right <= box.width && top >= 0 && bottom <= box.height) return;
    d3.select(this.svg).call(this.zoom.translateTo, ...this.focusCentre(i));
  }

  // Where the view centres on node i, at scale k: the node itself; in a focus drawing, its parent's
  // row, its own and its children's (the next steps, their fold marks under them) where the box holds
  // the three; else its own and its children's; where it cannot hold those two (a phone), the node
  // near the top of the box.
  focusCentre(i, k = d3.zoomTransform(this.svg).k) {
    const x = this.x[i];
    const y = this.y[i];
    if (!this.focus) return [x, y];
    const s = this.sizes;
    const top = y - s.rise - 4;
    const bottom = y + s.dy + s.windowY + 31;
    const height = this.svg.clientHeight / k;
    if (bottom - (top - s.dy) + 20 / k <= height) return [x, (top - s.dy + bottom) / 2];
    return [x, Math.min((top + bottom) / 2, top - 10 / k + height / 2)];
  }
}
