// The shape of the searched tree, as far as the trace tells it.
// A "tree" source gives the whole tree in the start event; a "game" source
// reveals nodes as they are visited (visit.parent, .player, .move) or pruned
// (prune.pruned, .players, .moves): the trace says whose turn and which move, always.
// A "custom" source (a course's own game, which the server does not know: docs/trace-format.md)
// grows the same way, as kind "game" with `custom` set: no board, each position as its visit's
// `state` text, the players named by the source's `players` (MAX's first).
// Nodes get small integer indices so per-step state can live in flat arrays.

import { IdIndex } from "./id_index.js";
import { showMove } from "../view/value_format.js";
import { moveName, moverNames, pathName } from "../narration/move_words.js";
import { EVENT } from "./event_types.js";

export class TraceTree {
  constructor(startEvent) {
    const source = startEvent.source || {};
    this.custom = source.kind === "custom";
    this.kind = source.kind === "game" || this.custom ? "game" : "tree";
    this.game = this.custom ? null : source.game || null; // a game the server knows (it can search it again)
    this.gameName = source.game || null; // any game's name, as the trace gives it ("nim")
    // How to draw the game's positions and what its values mean, as the engine describes it (the start
    // event's `drawing`, search/games/drawing.py), with the game's id; null: positions shown as text.
    const drawing = startEvent.drawing;
    this.drawing = !this.custom && drawing && typeof drawing === "object" ? { ...drawing, game: this.game } : null;
    // How the narration says a move (the drawing's `moves`, a game whose position text is its board), or null.
    const sayings = this.drawing && this.drawing.moves;
    this.sayings = sayings && typeof sayings === "object" ? sayings : null;
    // [MAX's name, MIN's name]: a custom game's players; a registered game's short names or sides, as its drawing
    // names them.
    const sides = this.sayings ? this.sayings.short : this.drawing && this.drawing.sides;
    this.movers = this.custom ? moverNames(source.players) : sides ? moverNames([sides.max, sides.min]) : null;
    this.ids = [];
    this.index = new IdIndex(this.ids);
    // Per-node numbers in typed columns (a game tree grows to 550,000 nodes: arrays of small
    // arrays, one per node, kept the garbage collector busy for seconds): the parent, the
    // children as a linked list (first, next sibling, last), the subtree's size so far.
    this.capacity = 1024;
    this.parent = new Int32Array(this.capacity);
    this.first = new Int32Array(this.capacity);
    this.next = new Int32Array(this.capacity);
    this.lastChild = new Int32Array(this.capacity);
    this.counts = new Int32Array(this.capacity); // children
    this.sizes = new Int32Array(this.capacity); // nodes known so far in the subtree, itself included
    this.texts = new Map(); // one string per distinct move text or board, not one per node
    this.player = [];
    this.label = []; // what the drawing writes under the node
    this.move = []; // a game node's move from its parent, as text ("6", "(1, 0)"); "" at the root
    this.given = []; // a tree leaf's value, known from the problem itself
    this.board = []; // a game node's position, from its visit event
    this.cells = []; // a game node's board, from its visit event, where its position text is not one
    this.version = 0; // bumped whenever nodes are added, so the view knows to lay out again
    this.depth = []; // a game node's depth, from its visit event (quiescence: past the limit)
    const options = startEvent.options || {};
    this.depthLimit = typeof options.depth === "number" ? options.depth : null;
    this.probability = []; // a chance node's child: its probability (uniform where the tree gives none)
    const tree = this.kind === "tree" ? source.tree || {} : {};
    // max^n: the root's player names (a custom game's when it is searched so).
    const maxn = this.custom && startEvent.algorithm === "maxn" && Array.isArray(source.players);
    this.players = Array.isArray(tree.players) ? tree.players : maxn ? source.players : null;
    this.bounds = Array.isArray(tree.bounds) ? tree.bounds : null; // [lo, hi]: alpha-beta prunes at chance nodes

    if (this.kind === "tree" && source.tree) {
      this.addTreeNode(source.tree, -1);
    } else {
      this.add(startEvent.node, -1, "max", "root");
      if (source.state) this.board[0] = source.state;
    }
    this.root = 0;
  }

  get size() {
    return this.ids.length;
  }

  has(id) {
    return this.index.has(id);
  }

  idx(id) {
    return this.index.get(id);
  }

  // How the narration, the readout and the questions name a node. A tree node: its label, as
  // typed. A game node: the moves from the root, as a player says them ("X 2 · O 4",
  // "P1 (0, 1) · P2 (2, 0)"; the mover is the player to move at the parent), the root "the
  // root". Ids such as root.4.0.6 are exact but internal; a move alone ("4") names many nodes.
  nameOf(id) {
    const i = this.index.get(id);
    if (i === undefined) return String(id);
    if (this.kind === "tree") return this.label[i];
    const moves = [];
    for (let j = i; this.parent[j] >= 0; j = this.parent[j]) {
      moves.push(moveName(this.player[this.parent[j]], this.move[j], this.movers));
    }
    return pathName(moves.reverse());
  }

  add(id, parentIdx, player, label, move = "") {
    const i = this.ids.length;
    this.ids.push(id);
    this.index.add(id, i);
    if (i >= this.capacity) this.grow();
    this.parent[i] = parentIdx;
    this.first[i] = this.next[i] = this.lastChild[i] = -1;
    // A tree keeps its players as given ("chance", a max^n player's name); a game has MAX and MIN;
    // a custom game's may be any of them.
    this.player.push(this.keepsPlayer(player) ? player : player === "min" ? "min" : "max");
    this.label.push(this.shared(label === undefined || label === null ? String(id) : String(label)));
    this.move.push(this.shared(move));
    if (parentIdx >= 0) {
      if (this.first[parentIdx] < 0) this.first[parentIdx] = i;
      else this.next[this.lastChild[parentIdx]] = i;
      this.lastChild[parentIdx] = i;
      this.counts[parentIdx]++;
    }
    this.sizes[i] = 1;
    for (let a = parentIdx; a >= 0; a = this.parent[a]) this.sizes[a]++;
    this.version++;
    return i;
  }

  // Iterative, so a 40-deep or 10,000-node tree cannot overflow the call stack.
  addTreeNode(rootNode, parentIdx) {
    const stack = [[rootNode, parentIdx]];
    while (stack.length) {
      const [node, p, probability] = stack.pop();
      const label = node.label === undefined || node.label === "" ? node.id : node.label;
      const i = this.add(node.id, p, node.player, label);
      if (typeof node.value === "number" || Array.isArray(node.value)) this.given[i] = node.value;
      if (probability !== undefined) this.probability[i] = probability;
      const kids = node.children || [];
      const chance = node.player === "chance" && !this.players;
      // Push in reverse so children are added (and so ordered) left to right.
      for (let c = kids.length - 1; c >= 0; c--) {
        const given = typeof kids[c].probability === "number" ? kids[c].probability : 1 / kids.length;
        stack.push([kids[c], i, chance ? given : undefined]);
      }
    }
  }

  keepsPlayer(player) {
    return (this.kind === "tree" || this.custom) && typeof player === "string";
  }

  // Learn structure from one event (games only; a tree is complete from the start).
  observe(event) {
    if (this.kind !== "game") return;
    if (event.type === EVENT.visit) {
      let i = this.index.get(event.node);
      if (i === undefined) {
        const p = event.parent === null || event.parent === undefined ? -1 : this.index.get(event.parent);
        const move = showMove(event.move);
        i = this.add(event.node, p === undefined ? -1 : p, event.player, move, move);
      } else {
        // The root exists since the start event; its visit says whose turn it is.
        this.player[i] = this.keepsPlayer(event.player) ? event.player : event.player === "min" ? "min" : "max";
        if (event.move !== null && event.move !== undefined) this.label[i] = this.move[i] = showMove(event.move);
      }
      if (event.state !== undefined) this.board[i] = typeof event.state === "string" ? this.shared(event.state) : event.state;
      if (event.board !== undefined) this.cells[i] = event.board;
      this.depth[i] = event.depth;
    } else if (event.type === EVENT.backup && typeof event.probability === "number") {
      // A custom game's chance outcome: its probability is first written where its value is added in.
      const c = this.index.get(event.child);
      if (c !== undefined && this.probability[c] === undefined) {
        this.probability[c] = event.probability;
        this.version++; // drawn on its edge at the next layout
      }
    } else if (event.type === EVENT.beam) {
      // Children a beam dropped were never considered: like pruned ones, no position, no label.
      const p = this.index.get(event.node);
      if (p === undefined) return;
      for (const d of event.dropped || []) {
        if (!this.index.has(d.child)) this.add(d.child, p, d.player, "", showMove(d.move));
      }
    } else if (event.type === EVENT.prune) {
      const p = this.index.get(event.node);
      if (p === undefined) return;
      const pruned = event.pruned || [];
      for (let j = 0; j < pruned.length; j++) {
        // A pruned game child was never played out: no position, and no label to crowd the
        // drawing (its id shows on hover); the narration names it by its move.
        if (!this.index.has(pruned[j])) this.add(pruned[j], p, event.players[j], "", showMove(event.moves[j]));
      }
    }
  }

  // Whether a quiescence search visited node i past the depth limit.
  pastLimit(i) {
    return this.depthLimit !== null && this.depth[i] !== undefined && this.depth[i] > this.depthLimit;
  }

  // How node i is drawn and narrated: "max", "min", "chance", or "maxn" (a player of a
  // players tree, which maximises its own component of the vector).
  role(i) {
    if (this.players) return "maxn";
    const p = this.player[i];
    return p === "min" || p === "chance" ? p : "max";
  }

  // A max^n node's component: the index of its player among the root's players (-1 elsewhere).
  component(i) {
    return this.players ? this.players.indexOf(this.player[i]) : -1;
  }

  grow() {
    const size = this.capacity * 2;
    for (const name of ["parent", "first", "next", "lastChild", "counts", "sizes"]) {
      const bigger = new Int32Array(size);
      bigger.set(this[name]);
      this[name] = bigger;
    }
    this.capacity = size;
  }

  // The one copy of a text many nodes share (a move's text, a board).
  shared(text) {
    const known = this.texts.get(text);
    if (known !== undefined) return known;
    this.texts.set(text, text);
    return text;
  }

  // Node i's children's indices, left to right (a fresh array: the caller may keep it).
  childrenOf(i) {
    const out = [];
    for (let c = this.first[i]; c >= 0; c = this.next[c]) out.push(c);
    return out;
  }

  // How many children i has (so far, in a game search that is still streaming).
  childCount(i) {
    return this.counts[i];
  }

  // Nodes known so far in i's subtree, i included: what a collapsed subtree's mark says.
  sizeOf(i) {
    return this.sizes[i];
  }

  // Every index in the subtree under i, i included.
  subtree(i) {
    const out = [];
    const stack = [i];
    while (stack.length) {
      const j = stack.pop();
      out.push(j);
      for (let c = this.first[j]; c >= 0; c = this.next[c]) stack.push(c);
    }
    return out;
  }

  // Indices from the root down to i.
  pathTo(i) {
    const path = [];
    for (let j = i; j >= 0; j = this.parent[j]) path.push(j);
    return path.reverse();
  }
}
