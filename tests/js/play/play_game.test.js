// A game on the /play page as data (static/js/play/play_game.js) and what the page says (play_words.js): whose
// turn (the server's to_move), Undo taking back the student's move and the engine's reply, the end said from the
// student's side. Positions here are written as POST /api/play/position answers them; the rules that make them
// are the engine's, tested in tests/engine/test_play_position.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { canUndo, legalMoves, newGame, played, position, result, turn, undone } from "../../../static/js/play/play_game.js";
import { engineMoveWords, replyFigures, resultWords, turnWords } from "../../../static/js/play/play_words.js";

// A position as the server describes it (only the fields the game's data reads).
const at = (state, toMove, moves = [], over = null) => ({ state, to_move: toMove, moves: moves.map((m) => ({ move: m })), over });

test("you start: you are MAX and move first; the engine replies; Undo takes both back", () => {
  let game = newGame("tictactoe", true, at(".........", "max", ["0", "4"]));
  assert.equal(turn(game), "you");
  assert.deepEqual(legalMoves(game), ["0", "4"]);
  assert.equal(canUndo(game), false);
  game = played(game, at("....X....", "min"));
  assert.equal(turn(game), "engine");
  game = played(game, at("O...X....", "max")); // the engine's reply
  assert.equal(position(game).state, "O...X....");
  assert.equal(turn(game), "you");
  assert.equal(canUndo(game), true);
  game = undone(game);
  assert.equal(position(game).state, ".........");
  assert.equal(turn(game), "you");
});

test("the engine starts: its first move cannot be taken back, yours can", () => {
  let game = newGame("connect4", false, at("e0", "max"));
  assert.equal(game.human, "min");
  assert.equal(turn(game), "engine");
  game = played(game, at("e1", "min"));
  assert.equal(canUndo(game), false);
  game = played(game, at("e2", "max"));
  game = played(game, at("e3", "min"));
  assert.equal(canUndo(game), true);
  assert.equal(undone(game).history.length, 2); // back to the engine's first move, your turn
  assert.equal(turn(undone(game)), "you");
});

test("a winning move of yours ends the game and Undo takes it back alone", () => {
  let game = newGame("tictactoe", true, at("XX.OO....", "max"));
  game = played(game, at("XXXOO....", null, [], { winner: "max", how: "three in a row" }));
  assert.deepEqual(result(game), { winner: "max", how: "three in a row" });
  assert.equal(turn(game), null);
  assert.equal(resultWords(result(game), game.human), "You win: three in a row");
  assert.equal(resultWords(result(game), "min"), "The engine wins: three in a row");
  assert.equal(position(undone(game)).state, "XX.OO....");
});

test("a game that ends when a player cannot move says who, from your side", () => {
  const stuck = { winner: "min", how: "player 1 cannot move", stuck: "max" };
  assert.equal(resultWords(stuck, "max"), "The engine wins: you cannot move");
  assert.equal(resultWords(stuck, "min"), "You win: the engine cannot move");
  assert.equal(resultWords({ winner: null, how: "the board is full" }, "max"), "Draw: the board is full");
});

test("the engine's move and your side, in the server's words", () => {
  assert.equal(engineMoveWords("(1, 0)"), "The engine played (1, 0).");
  const isolation = { side_words: { max: "player 1", min: "player 2" } };
  assert.equal(turnWords(isolation, "min"), "Your move: you are player 2.");
  assert.equal(turnWords({ side_words: { max: "X, the filled discs", min: "O, the rings" } }, "max"),
    "Your move: you are X, the filled discs.");
});

test("the reply's figures", () => {
  assert.deepEqual(replyFigures({ seconds: 0.0172, visited: 3490, depth: 5 }), [
    { term: "Reply time", value: "0.02 s" }, { term: "Nodes searched", value: "3,490" }, { term: "Depth", value: "5" }]);
  assert.equal(replyFigures({ seconds: 0.004, visited: 61, depth: null })[2].value, "to the end of the game");
  assert.equal(replyFigures({ seconds: 0.004, visited: 61, depth: null })[0].value, "under 0.01 s");
});
