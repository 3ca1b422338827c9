// The /play page (templates/play.html, docs/play.md): play tic-tac-toe, Connect Four or Isolation against the
// engine. The student's moves are checked by the page's own copy of the rules (play_rules.js, held to the
// engine's by tests/js/play); the engine's reply comes from POST /api/play/move, with its figures, what its
// search saved, and "Why this move?", the viewer's link to the search behind the move.

import { askEngine } from "./play_client.js";
import { drawBoard, focusMove, listenToArrows } from "./play_board.js";
import { canUndo, moveBetween, newGame, played, position, result, turn, undone } from "./play_game.js";
import { engineMoveWords, replyFigures, resultWords, turnWords } from "./play_words.js";
import { GAMES } from "./play_rules.js";
import { loadCatalogue } from "../page/catalogue.js";
import { fillAlgorithmMenus } from "../page/algorithm_menus.js";

const $ = (id) => document.getElementById(id);
const form = $("play-options");

// The engine's searches come from the catalogue (GET /api/catalogue), before the form is read.
try {
  await loadCatalogue();
  fillAlgorithmMenus(form);
} catch (err) {
  $("play-error").textContent = (`The engine's searches could not be listed (${err.message}): reload the page.`);
}
const field = (name) => form.elements[name];

let game = null;
let asking = null; // the engine's pending reply: {controller}
let lastMove = null; // the move last played, marked on the board
let lastFocused = null; // the student's last move: the focus goes back there after the engine's reply

function start() {
  cancelAsking();
  const key = field("game").value;
  game = newGame(key, field("starts").value === "you");
  lastMove = null;
  showReply(null);
  showError("");
  $("play-status").textContent = "";
  update();
  if (turn(game) === "engine") engineMoves();
}

// Redraw everything from `game`: the board, whose turn, the end, Undo.
function update(announce = "") {
  const thinking = asking !== null;
  const state = position(game);
  const whose = turn(game);
  const legal = whose === "you" && !thinking ? game.rules.moves(state) : [];
  drawBoard($("board"), game.rules, state, legal, lastMove);
  const over = result(game);
  const status = $("play-status");
  status.dataset.state = over ? "over" : thinking ? "thinking" : "yours";
  const words = thinking ? "The engine is thinking…"
    : whose === "engine" ? "The engine has not moved: change its options if the error says so, then press Engine, move." : turnWords(game.rules, game.human);
  if (over) {
    const end = document.createElement("strong"); // the result, on a line of its own
    end.className = "play-result";
    end.textContent = resultWords(over, game.human);
    status.replaceChildren(...(announce ? [announce, " "] : []), end);
  } else {
    status.textContent = [announce, words].filter(Boolean).join(" ");
  }
  $("board").setAttribute("aria-busy", String(thinking));
  $("undo").disabled = !canUndo(game);
  $("engine-move").hidden = thinking || whose !== "engine";
}

function humanMoves(move) {
  if (turn(game) !== "you" || asking) return;
  game = played(game, move);
  lastMove = move;
  lastFocused = move;
  update();
  if (turn(game) === "engine") engineMoves();
}

async function engineMoves() {
  let body;
  try {
    body = requestBody();
  } catch (err) {
    showError(err.message);
    return;
  }
  const controller = new AbortController();
  asking = { controller };
  showError("");
  update();
  const before = position(game);
  let reply;
  try {
    reply = await askEngine(body, controller.signal);
  } catch (err) {
    if (asking !== null && asking.controller === controller) {
      asking = null;
      showError(err.message);
      update();
    }
    return;
  }
  if (asking === null || asking.controller !== controller) return; // Undo or New game meanwhile
  asking = null;
  const move = moveBetween(game.rules, before, reply.state);
  if (move === null || move !== moveKey(reply.move)) {
    showError(`the engine's move ${JSON.stringify(reply.move)} does not fit this page's rules`);
    update();
    return;
  }
  game = played(game, move);
  lastMove = move;
  showReply(reply);
  update(engineMoveWords(game.rules, move));
  // Focus back on the board where the student played, if the wait left it nowhere (the board's buttons were disabled).
  const lost = document.activeElement === document.body || $("board").contains(document.activeElement);
  if (lastFocused !== null && lost && turn(game) === "you") focusMove($("board"), lastFocused);
}

const moveKey = (move) => (Array.isArray(move) ? move.join(",") : String(move));

function requestBody() {
  const key = game.key;
  const algorithm = field("algorithm").value;
  const body = { game: GAMES[key].rules.name, state: position(game), algorithm };
  if (GAMES[key].estimate) body.estimate = GAMES[key].estimate;
  const seconds = field("seconds").value.trim();
  if (algorithm === "iterative" && seconds !== "") {
    const n = Number(seconds);
    if (!Number.isFinite(n) || n <= 0) throw new Error("time budget: a number of seconds, such as 1, or blank to use the depth limit");
    body.seconds = n;
    body.depth = null;
  } else {
    const depth = field("depth").value.trim();
    if (depth !== "" && !/^[1-9]\d?$/.test(depth)) throw new Error("depth: a whole number of plies from 1, or blank for no limit");
    body.depth = depth === "" ? null : Number(depth);
  }
  body.tt = algorithm === "alphabeta" && field("tt").checked;
  return body;
}

function cancelAsking() {
  if (asking) asking.controller.abort();
  asking = null;
}

function showError(text) {
  $("play-error").textContent = text;
}

// The engine's last reply beside the board (null: none yet, or taken back).
function showReply(reply) {
  const report = $("play-report");
  report.hidden = reply === null;
  if (reply === null) return;
  const figures = $("play-figures");
  figures.replaceChildren();
  for (const { term, value } of replyFigures(reply)) {
    const row = document.createElement("div");
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = value;
    row.append(dt, dd);
    figures.append(row);
  }
  $("play-savings").replaceChildren(...reply.savings.map((saving) => {
    const li = document.createElement("li");
    li.dataset.kind = saving.kind;
    li.textContent = saving.text;
    return li;
  }));
  $("why").href = reply.why_link;
}

// The options that depend on each other: the time budget for iterative deepening, the table for alpha-beta.
function optionsFit() {
  const algorithm = field("algorithm").value;
  $("seconds-field").hidden = algorithm !== "iterative";
  field("tt").disabled = algorithm !== "alphabeta";
  if (algorithm !== "alphabeta") field("tt").checked = false;
}

// A game's defaults (play_rules.js GAMES): alpha-beta, to the end or to its depth limit.
function gameDefaults() {
  const { depth } = GAMES[field("game").value];
  field("algorithm").value = "alphabeta";
  field("depth").value = depth === null ? "" : String(depth);
  optionsFit();
}

form.addEventListener("submit", (ev) => ev.preventDefault());
form.addEventListener("change", (ev) => {
  if (ev.target.name === "game") gameDefaults();
  if (ev.target.name === "algorithm") {
    optionsFit();
    if (field("algorithm").value === "iterative" && field("depth").value === "") field("seconds").value ||= "1";
  }
  if (ev.target.name === "game" || ev.target.name === "starts") start();
});
$("board").addEventListener("click", (ev) => {
  const button = ev.target.closest("button[data-move]");
  if (button && !button.disabled) humanMoves(button.dataset.move);
});
listenToArrows($("board"), () => game.rules.columns);
$("undo").addEventListener("click", () => {
  cancelAsking();
  const before = game.history.length;
  game = undone(game);
  lastMove = null;
  showReply(null);
  showError("");
  update(before - game.history.length > 1 ? "Taken back: your last move and the engine's reply." : "Taken back: your last move.");
  if ($("undo").disabled) focusMove($("board"), lastFocused ?? ""); // nothing more to take back: on to the board
});
$("new-game").addEventListener("click", start);
$("engine-move").addEventListener("click", () => {
  if (turn(game) === "engine" && !asking) engineMoves();
});

gameDefaults();
start();
