// A game on the /play page as data (static/js/play/play_game.js) and what the page says (play_words.js): whose
// turn, moves refused when not legal, Undo taking back the student's move and the engine's reply, the end said
// from the student's side.
import { test } from "node:test";
import assert from "node:assert/strict";
import { canUndo, moveBetween, newGame, played, position, result, turn, undone } from "../../../static/js/play/play_game.js";
import { engineMoveWords, replyFigures, resultWords, turnWords } from "../../../static/js/play/play_words.js";

test("you start: you are MAX and move first; the engine replies; Undo takes both back", () => {
  let game = newGame("tictactoe", true);
  assert.equal(turn(game), "you");
  assert.equal(canUndo(game), false);
  game = played(game, "4");
  assert.equal(turn(game), "engine");
  game = played(game, "0"); // the engine's reply
  assert.equal(position(game), "O...X....");
  assert.equal(turn(game), "you");
  assert.equal(canUndo(game), true);
  game = undone(game);
  assert.equal(position(game), ".........");
  assert.equal(turn(game), "you");
});

test("the engine starts: its first move cannot be taken back, yours can", () => {
  let game = newGame("connect4", false);
  assert.equal(game.human, "min");
  assert.equal(turn(game), "engine");
  game = played(game, "3");
  assert.equal(canUndo(game), false);
  game = played(game, "3");
  game = played(game, "4");
  assert.equal(canUndo(game), true);
  assert.equal(undone(game).history.length, 2); // back to the engine's first move, your turn
  assert.equal(turn(undone(game)), "you");
});

test("a move that is not legal is refused; a winning move of yours ends the game and Undo takes it back alone", () => {
  let game = newGame("tictactoe", true);
  assert.throws(() => played(game, "9"), /not a legal move/);
  for (const move of ["0", "3", "1", "4"]) game = played(game, move);
  assert.throws(() => played(game, "0"), /not a legal move/);
  game = played(game, "2");
  assert.deepEqual(result(game), { winner: "max", how: "three in a row" });
  assert.equal(turn(game), null);
  assert.equal(resultWords(result(game), game.human), "You win: three in a row");
  assert.equal(resultWords(result(game), "min"), "The engine wins: three in a row");
  assert.equal(position(undone(game)), "XX.OO....");
});

test("Isolation's end says who cannot move, from your side", () => {
  const stuck = { winner: "min", how: "player 1 cannot move", stuck: "max" };
  assert.equal(resultWords(stuck, "max"), "The engine wins: you cannot move");
  assert.equal(resultWords(stuck, "min"), "You win: the engine cannot move");
  assert.equal(resultWords({ winner: null, how: "the board is full" }, "max"), "Draw: the board is full");
});

test("the engine's move is found from the position after it, and said in words", () => {
  const game = newGame("isolation5", true);
  const rules = game.rules;
  const after = rules.play(rules.start, "1,0");
  assert.equal(moveBetween(rules, rules.start, after), "1,0");
  assert.equal(moveBetween(rules, rules.start, rules.start), null);
  assert.equal(engineMoveWords(rules, "1,0"), "The engine played (1, 0).");
  assert.equal(turnWords(rules, "min"), "Your move: you are player 2.");
  assert.equal(turnWords(newGame("connect4", true).rules, "max"), "Your move: you are X, the filled discs.");
  assert.equal(turnWords(newGame("tictactoe", true).rules, "min"), "Your move: you are O.");
});

test("the reply's figures", () => {
  assert.deepEqual(replyFigures({ seconds: 0.0172, visited: 3490, depth: 5 }), [
    { term: "Reply time", value: "0.02 s" }, { term: "Nodes searched", value: "3,490" }, { term: "Depth", value: "5" }]);
  assert.equal(replyFigures({ seconds: 0.004, visited: 61, depth: null })[2].value, "to the end of the game");
  assert.equal(replyFigures({ seconds: 0.004, visited: 61, depth: null })[0].value, "under 0.01 s");
});
