// The boards drawn in game nodes (static/js/view/board_view.js) from the drawing the engine puts in a
// trace (search/games/drawing.py; tests/js/drawings.json is the engine's, checked current by
// tests/engine/test_game_drawing.py): Connect Four's discs (X filled, O a ring), Isolation's square
// boards, a game whose visits carry their cells (Nim), and the room a board takes in the tree
// (tree_view.js gameSizes). No browser here: a few lines of fake SVG document record what is drawn.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { boardBox, boardLayout, drawBoard } from "../../../static/js/view/board_view.js";
import { SIZES, gameSizes } from "../../../static/js/view/tree_view.js";
import { goldenEvents } from "../golden_traces.js";

const ENGINE = JSON.parse(readFileSync(new URL("../drawings.json", import.meta.url), "utf8"));
const DRAWINGS = {
  connect4: { ...ENGINE.connect4, game: "connect4" },
  isolation: { ...ENGINE.isolation, game: "isolation" }, // its 5 x 5 board
  isolation3: { ...goldenEvents("isolation")[0].drawing, game: "isolation" }, // the lecture's 3 x 2
  tictactoe: { ...goldenEvents("tictactoe")[0].drawing, game: "tictactoe" },
};

class FakeElement {
  constructor(name) {
    this.name = name;
    this.attrs = {};
    this.children = [];
    this.textContent = "";
  }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return this.attrs[k] ?? null; }
  removeAttribute(k) { delete this.attrs[k]; }
  appendChild(e) { this.children.push(e); return e; }
  replaceChildren() { this.children = []; }
  all(name, cls) {
    return this.children.filter((e) => e.name === name && (!cls || e.attrs.class === cls));
  }
}

// `before`: the parent's position (the move's cell is the one it had open and this one takes).
function drawn(drawing, state, before = null, cells = undefined) {
  globalThis.document = { createElementNS: (_ns, name) => new FakeElement(name) };
  try {
    const g = new FakeElement("g");
    drawBoard(g, drawing, state, cells, before === null ? null : { state: before });
    return g;
  } finally {
    delete globalThis.document;
  }
}

// X in column 3's bottom cell (38), O on top of it (31), X in column 0's bottom cell (35).
const C4 = `${".".repeat(31)}O${".".repeat(3)}X..X...`;
const C4_BEFORE = `${".".repeat(35)}X..X...`; // before O's disc in column 3

test("Connect Four: a disc per filled cell, X filled and O a ring, at its cell; the empty cells one path", () => {
  const g = drawn(DRAWINGS.connect4, C4, C4_BEFORE);
  assert.equal(g.attrs["data-game"], "connect4");
  assert.equal(g.attrs["data-board"], C4);
  assert.equal(g.attrs["data-cols"], "7");
  assert.equal(g.attrs["data-rows"], "6");
  assert.deepEqual(g.all("circle", "disc x").map((c) => c.attrs["data-cell"]), ["35", "38"]);
  assert.deepEqual(g.all("circle", "disc o").map((c) => c.attrs["data-cell"]), ["31"]);
  assert.equal(g.all("path", "holes").length, 1);
  assert.equal((g.all("path", "holes")[0].attrs.d.match(/M/g) || []).length, 39); // 42 cells, 3 discs
  // Cells are 12 units, the board centred on 0: column 3 is x -6..6, row 4 y 48..60.
  const o = g.all("circle", "disc o")[0];
  assert.deepEqual([Number(o.attrs.cx), Number(o.attrs.cy)], [0, 54]);
});

test("Connect Four: the move just made is outlined where its disc landed, in the mover's colour", () => {
  const g = drawn(DRAWINGS.connect4, C4, C4_BEFORE);
  assert.equal(g.attrs["data-move-cell"], "31");
  const moved = g.all("rect").find((r) => r.attrs.class.startsWith("moved"));
  assert.equal(moved.attrs.class, "moved o");
  assert.equal(drawn(DRAWINGS.connect4, C4, null).attrs["data-move-cell"], undefined); // the root: no move
  assert.equal(drawn(DRAWINGS.connect4, C4, C4).attrs["data-move-cell"], undefined); // no cell taken
});

test("a position of the wrong length is shown as its text, never drawn as a board", () => {
  const g = drawn(DRAWINGS.connect4, "X..");
  assert.equal(g.children.length, 1);
  assert.equal(g.children[0].attrs.class, "board-raw");
  assert.equal(g.children[0].textContent, "X..");
});

test("Isolation: the lecture's 3 x 2 and a 5 x 5 board, as the trace's drawing gives them", () => {
  const lecture = boardLayout(DRAWINGS.isolation3, ".....#");
  assert.deepEqual([lecture.cols, lecture.rows], [3, 2]);
  const square = boardLayout(DRAWINGS.isolation, ".".repeat(25));
  assert.deepEqual([square.cols, square.rows], [5, 5]);
  assert.equal(boardLayout(DRAWINGS.isolation, ".".repeat(9)), null); // not the trace's board
  assert.equal(boardLayout(null, "........."), null); // a trace without a drawing
  const state = `#${".".repeat(5)}1${".".repeat(17)}2`;
  const g = drawn(DRAWINGS.isolation, state, `#${".".repeat(5)}1${".".repeat(18)}`);
  assert.equal(g.all("rect").filter((r) => r.attrs.class.startsWith("cell")).length, 25);
  assert.deepEqual(g.all("text").map((t) => t.textContent), ["1", "2"]);
  assert.equal(g.attrs["data-move-cell"], "24");
  assert.equal(g.all("rect").filter((r) => r.attrs.class === "cell blocked").length, 1);
});

test("node sizes: a taller board moves the label and the next row down, a wider one the boards apart", () => {
  assert.deepEqual(boardBox(DRAWINGS.connect4, ".".repeat(42)), { width: 84, height: 72 });
  assert.deepEqual(boardBox(DRAWINGS.tictactoe, "........."), { width: 45, height: 45 });
  assert.deepEqual(gameSizes(boardBox(DRAWINGS.tictactoe, ".........")), SIZES.game);
  assert.deepEqual(gameSizes(boardBox(DRAWINGS.isolation3, ".....#")), SIZES.game);
  const c4 = gameSizes(boardBox(DRAWINGS.connect4, ".".repeat(42)));
  assert.equal(c4.dy, SIZES.game.dy + 27);
  assert.equal(c4.labelY, SIZES.game.labelY + 27);
  assert.equal(c4.windowY, SIZES.game.windowY + 27);
  assert.equal(c4.dx, 93); // 84, and the same gap as between tic-tac-toe's 45-unit boards
  const iso7 = gameSizes(boardBox({ ...DRAWINGS.isolation, board: { ...DRAWINGS.isolation.board, rows: 7, columns: 7 } }, ".".repeat(49)));
  assert.equal(iso7.labelY, SIZES.game.labelY + 25);
});

// Nim as tests/fixtures/nim.py draws it: its position text ("2:1-3") is not its board, so each visit
// carries its cells; the start's board (the largest) sizes the nodes before any visit arrives.
const NIM = {
  name: "Nim", game: "nim", utility: "1 player 1 takes the last object, −1 player 2 does.", estimate: "±0.5.",
  sides: { max: "player 1", min: "player 2" },
  board: { rows: 2, columns: 3, style: "cells", kinds: { "●": "piece", ".": "open" }, text: false },
};

test("a game whose visits carry their cells: drawn from them, its marks written, none taken outlined", () => {
  const cells = { rows: 2, columns: 3, marks: ["●", ".", ".", "●", "●", "●"], kinds: ["piece", "open", "open", "piece", "piece", "piece"] };
  const g = drawn(NIM, "2:1-3", null, cells);
  assert.equal(g.attrs["data-game"], "nim");
  assert.deepEqual([g.attrs["data-cols"], g.attrs["data-rows"]], ["3", "2"]);
  assert.deepEqual(g.all("text").map((t) => [t.attrs.class, t.textContent]), Array(4).fill(["mark piece", "●"]));
  assert.equal(g.all("rect").filter((r) => r.attrs.class === "cell open").length, 2);
  assert.equal(g.attrs["data-move-cell"], undefined);
  assert.deepEqual(boardBox(NIM, "1:3-3"), { width: 45, height: 30 }); // no cells yet: the start's shape
  assert.equal(drawn(NIM, "2:1-3").children[0].attrs.class, "board-raw"); // no cells, no text board: its text
});
