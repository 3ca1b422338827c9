// The boards drawn in game nodes (static/js/view/board_view.js): Connect Four's discs (X filled, O a
// ring), Isolation's square boards, and the room a board takes in the tree (tree_view.js gameSizes).
// No browser here: a few lines of fake SVG document record what is drawn.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boardBox, boardLayout, drawBoard } from "../../../static/js/view/board_view.js";
import { SIZES, gameSizes } from "../../../static/js/view/tree_view.js";

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

function drawn(game, state, move) {
  globalThis.document = { createElementNS: (_ns, name) => new FakeElement(name) };
  try {
    const g = new FakeElement("g");
    drawBoard(g, game, state, move);
    return g;
  } finally {
    delete globalThis.document;
  }
}

// X in column 3's bottom cell (38), O on top of it (31), X in column 0's bottom cell (35).
const C4 = `${".".repeat(31)}O${".".repeat(3)}X..X...`;

test("Connect Four: a disc per filled cell, X filled and O a ring, at its cell; the empty cells one path", () => {
  const g = drawn("connect4", C4, 3);
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
  const g = drawn("connect4", C4, 3);
  assert.equal(g.attrs["data-move-cell"], "31");
  const moved = g.all("rect").find((r) => r.attrs.class.startsWith("moved"));
  assert.equal(moved.attrs.class, "moved o");
  assert.equal(drawn("connect4", C4, null).attrs["data-move-cell"], undefined); // the root: no move
  assert.equal(drawn("connect4", C4, 5).attrs["data-move-cell"], undefined); // nothing in column 5
});

test("a position of the wrong length is shown as its text, never drawn as a board", () => {
  const g = drawn("connect4", "X..", 0);
  assert.equal(g.children.length, 1);
  assert.equal(g.children[0].attrs.class, "board-raw");
  assert.equal(g.children[0].textContent, "X..");
});

test("Isolation: 6 characters the lecture's 3 x 2, n * n an n x n board", () => {
  assert.deepEqual([boardLayout("isolation", ".....#").cols, boardLayout("isolation", ".....#").rows], [3, 2]);
  for (const n of [4, 5, 6, 7]) {
    const layout = boardLayout("isolation", ".".repeat(n * n));
    assert.deepEqual([layout.cols, layout.rows], [n, n]);
  }
  assert.equal(boardLayout("isolation", ".".repeat(9)), null);
  assert.equal(boardLayout("isolation", ".".repeat(20)), null);
  const state = `#${".".repeat(5)}1${".".repeat(17)}2`;
  const g = drawn("isolation", state, [4, 4]);
  assert.equal(g.all("rect").filter((r) => r.attrs.class.startsWith("cell")).length, 25);
  assert.deepEqual(g.all("text").map((t) => t.textContent), ["1", "2"]);
  assert.equal(g.attrs["data-move-cell"], "24");
  assert.equal(g.all("rect").filter((r) => r.attrs.class === "cell blocked").length, 1);
});

test("node sizes: a taller board moves the label and the next row down, a wider one the boards apart", () => {
  assert.deepEqual(boardBox("connect4", ".".repeat(42)), { width: 84, height: 72 });
  assert.deepEqual(boardBox("tictactoe", "........."), { width: 45, height: 45 });
  assert.deepEqual(gameSizes(boardBox("tictactoe", ".........")), SIZES.game);
  assert.deepEqual(gameSizes(boardBox("isolation", ".....#")), SIZES.game);
  const c4 = gameSizes(boardBox("connect4", ".".repeat(42)));
  assert.equal(c4.dy, SIZES.game.dy + 27);
  assert.equal(c4.labelY, SIZES.game.labelY + 27);
  assert.equal(c4.windowY, SIZES.game.windowY + 27);
  assert.equal(c4.dx, 93); // 84, and the same gap as between tic-tac-toe's 45-unit boards
  const iso7 = gameSizes(boardBox("isolation", ".".repeat(49)));
  assert.equal(iso7.labelY, SIZES.game.labelY + 25);
});
