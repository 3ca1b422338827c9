// The /play page (templates/play.html, docs/play.md): play any registered game against the engine. The page keeps
// no game's rules: its Game menu comes from GET /api/catalogue (each game's presets), and each position (the
// board to draw, whose turn, the legal moves, the end) from POST /api/play/position, which also plays the
// student's move; the engine's reply comes from POST /api/play/move, with its figures, what its search saved,
// and "Why this move?", the viewer's link to the search behind the move.

import { askEngine, askPosition, moveKey } from "./play_client.js";
import { drawBoard, focusMove, listenToArrows } from "./play_board.js";
import { canUndo, legalMoves, newGame, played, position, result, turn, undone } from "./play_game.js";
import { engineMoveWords, replyFigures, resultWords, turnWords } from "./play_words.js";
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

const PRESETS = {}; // the Game menu's values: {preset, info}, from the catalogue
let game = null;
let asking = null; // a pending request (the start, the student's move, the engine's reply): {controller}
let lastCells = null; // the cells of the move last played, marked on the board
let lastFocused = null; // the student's last move: the focus goes back there after the engine's reply

const chosen = () => PRESETS[field("game").value];

// What `ask(signal)` answers, when this request (its `controller`) is still the page's latest; null when it failed (the
// error is shown) or an Undo, a New game or another game overtook it (nothing to show). It is no longer pending either way.
async function latest(controller, ask) {
  try {
    const answer = await ask(controller.signal);
    if (!mine(controller)) return null;
    asking = null;
    return answer;
  } catch (err) {
    if (mine(controller)) {
      asking = null;
      showError(err.message);
      update();
    }
    return null;
  }
}

async function start() {
  cancelAsking();
  const { preset, info } = chosen();
  const youStart = field("starts").value === "you";
  const controller = new AbortController();
  asking = { controller };
  game = null;
  lastCells = null;
  showReply(null);
  showError("");
  update();
  const first = await latest(controller, (signal) => askPosition({ game: info.id, state: preset.state }, signal));
  if (first === null) return;
  game = newGame(field("game").value, youStart, first);
  if (turn(game) === "engine") engineMoves();
  else update();
}

const mine = (controller) => asking !== null && asking.controller === controller;

// Redraw everything from `game`: the board, whose turn, the end, Undo.
function update(announce = "") {
  const thinking = asking !== null;
  const status = $("play-status");
  if (game === null) {
    status.dataset.state = "thinking";
    $("undo").disabled = true;
    return;
  }
  const whose = turn(game);
  const legal = whose === "you" && !thinking ? legalMoves(game) : [];
  drawBoard($("board"), chosen().info.id, position(game), legal, lastCells);
  const over = result(game);
  status.dataset.state = over ? "over" : thinking ? "thinking" : "yours";
  const words = thinking ? "The engine is thinking…"
    : whose === "engine" ? "The engine has not moved: change its options if the error says so, then press Engine, move."
      : turnWords(chosen().info, game.human);
  if (over) {
    const end = document.createElement("strong"); // the result, on a line of its own
    end.className = "play-result";
    end.textContent = resultWords(over, game.human);
    status.replaceChildren(...(announce ? [announce, " "] : []), end);
  } else {
    status.textContent = [announce, words].filter(Boolean).join(" ");
  }
  $("board").setAttribute("aria-busy", String(thinking));
  $("undo").disabled = thinking || !canUndo(game);
  $("engine-move").hidden = thinking || whose !== "engine";
}

async function humanMoves(move) {
  if (game === null || turn(game) !== "you" || asking) return;
  const controller = new AbortController();
  asking = { controller };
  showError("");
  update();
  const after = await latest(controller, (signal) => askPosition({ game: chosen().info.id, state: position(game).state, move }, signal));
  if (after === null) return;
  game = played(game, after);
  lastCells = after.played.cells;
  lastFocused = move;
  if (turn(game) === "engine") engineMoves();
  else update();
}

async function engineMoves() {
  let body;
  try {
    body = requestBody();
  } catch (err) {
    showError(err.message);
    update();
    return;
  }
  const controller = new AbortController();
  asking = { controller };
  showError("");
  update();
  const before = position(game);
  const answers = await latest(controller, async (signal) => {
    const reply = await askEngine(body, signal);
    return { reply, after: await askPosition({ game: body.game, state: before.state, move: moveKey(reply.move) }, signal) };
  });
  if (answers === null) return; // failed (shown), or Undo or New game meanwhile
  const { reply, after } = answers;
  if (after.state !== reply.state) {
    showError(`the engine's move ${JSON.stringify(reply.move)} does not lead where the engine says`);
    update();
    return;
  }
  game = played(game, after);
  lastCells = after.played.cells;
  showReply(reply);
  update(engineMoveWords(after.played.words));
  // Focus back on the board where the student played, if the wait left it nowhere (the board's buttons were disabled).
  const lost = document.activeElement === document.body || $("board").contains(document.activeElement);
  if (lastFocused !== null && lost && turn(game) === "you") focusMove($("board"), lastFocused);
}

function requestBody() {
  const { preset, info } = chosen();
  const algorithm = field("algorithm").value;
  const body = { game: info.id, state: position(game).state, algorithm };
  if (preset.estimate) body.estimate = preset.estimate;
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

// A game's defaults (its preset in the catalogue): alpha-beta, to the end or to its depth limit.
function gameDefaults() {
  const { depth } = chosen().preset;
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
listenToArrows($("board"), () => (game === null ? 1 : position(game).board.columns));
$("undo").addEventListener("click", () => {
  if (game === null) return;
  cancelAsking();
  const before = game.history.length;
  game = undone(game);
  lastCells = null;
  showReply(null);
  showError("");
  update(before - game.history.length > 1 ? "Taken back: your last move and the engine's reply." : "Taken back: your last move.");
  if ($("undo").disabled) focusMove($("board"), lastFocused ?? ""); // nothing more to take back: on to the board
});
$("new-game").addEventListener("click", start);
$("engine-move").addEventListener("click", () => {
  if (game !== null && turn(game) === "engine" && !asking) engineMoves();
});

// The Game menu from the catalogue: each game's presets ("Isolation 3x2 (lecture)", "Isolation 5x5"); ?game=ID
// (a game's id or a preset's) picks the one to start with.
async function load() {
  let catalogue;
  try {
    catalogue = await loadCatalogue();
  } catch (err) {
    showError(`the games could not be loaded: ${err.message}`);
    return;
  }
  const menu = field("game");
  for (const info of catalogue.games) {
    for (const preset of info.presets) {
      PRESETS[preset.id] = { preset, info };
      const option = document.createElement("option");
      option.value = preset.id;
      option.textContent = preset.name;
      menu.append(option);
    }
  }
  const asked = new URLSearchParams(window.location.search).get("game");
  const found = Object.keys(PRESETS).find((id) => id === asked) ?? Object.keys(PRESETS).find((id) => PRESETS[id].info.id === asked);
  if (found) menu.value = found;
  gameDefaults();
  start();
}

load();
