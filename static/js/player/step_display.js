// The step the player picks, shown: the tree, the pseudocode's line and v, α, β, the narration,
// the tally and the iterations; the player's detail (every line or key steps) and a linked step
// that waits for its event. `page` is app.js's parts of the page; the state is page_state.js.

import { narrate, say, savingWords } from "../narration/narration.js";
import { hasChance } from "../narration/chance_players_words.js";
import { narrationLink } from "../narration/enhancement_words.js";
import { callerLine } from "../narration/pseudocode_panel.js";
import { plural } from "../view/plural.js";
import { shown, eventIndex, positionOf, lastPosition } from "../page/page_state.js";

const $ = (id) => document.getElementById(id);

export function showStep(page, position) {
  const { view, code, iterations } = page;
  const replay = shown.replay;
  if (!replay) return;
  const k = eventIndex(position);
  page.predict.seen(position, k);
  const state = replay.stateAt(k);
  const dirty = shown.step < 0 ? null : replay.touchedBetween(shown.step, k);
  view.update(state, dirty);
  shown.step = k;
  const event = replay.event(k);
  code.highlight(event.line, callerLine(event, k > 0 ? replay.event(k - 1) : null));
  // At the result no node is current: show the root, whose value is the answer.
  const node = state.current >= 0 ? state.current : replay.tree.root;
  const t = replay.tree;
  code.showVars(readoutName(t, node), state.vOf(node), state.alphaOf(node), state.betaOf(node), state.boundOf(node),
    t.nameOf(t.ids[node]));
  const link = narrationLink(event, (id) => t.nameOf(id));
  if (link) link.pick = () => view.showNode(t.idx(link.id));
  say(page.narration, narrate(event, replay, state), link);
  showTally(state, event);
  iterations.show(replay, k);
  page.teacher.stepShown(k); // a class's followers see the step too
  if (page.follower) page.follower.stepShown(k);
}

// The readout's node, in its narrow box: a game node deep in the tree by its last two moves
// ("… X 5 · O 6": the move just made stays in view, where a cut-short name would lose it).
export function readoutName(t, i) {
  const name = t.nameOf(t.ids[i]);
  if (t.kind !== "game") return name;
  const moves = name.split(" · ");
  return moves.length > 2 ? `… ${moves.slice(-2).join(" · ")}` : name;
}

// Nodes visited and leaves evaluated so far; at the result, what alpha-beta saved (the page's and a notebook widget's).
export function tallyWords(t, state) {
  let text = `visited ${plural(state.visits, "node")} · evaluated ${plural(state.leaves, "leaf")}`;
  if (state.result) {
    const saving = savingWords(state.result, t.kind, hasChance(t) ? "expectiminimax" : "minimax");
    if (saving) text = saving.charAt(0).toUpperCase() + saving.slice(1);
  }
  return text;
}

function showTally(state, event) {
  const text = tallyWords(shown.replay.tree, state);
  const tally = $("tally");
  if (tally.textContent !== text) tally.textContent = text;
  tally.dataset.final = state.result && event.type === "result" ? "true" : "false";
}

// The "Detail" select: every line or the key steps.
export function listenToDetail(page) {
  const detailSelect = $("detail");
  detailSelect.addEventListener("change", () => setDetail(page, detailSelect.value));
}

export function setDetail(page, detail) {
  const detailSelect = $("detail");
  const { controls } = page;
  if (detailSelect.value !== detail) detailSelect.value = detail;
  if (shown.detail === detail) return;
  const k = shown.replay ? eventIndex(controls.k) : 0;
  shown.detail = detail;
  if (!shown.replay) return;
  controls.extend(lastPosition(), shown.finished);
  controls.refresh(positionOf(k));
}

export function extendPlayer(page) {
  if (shown.replay) page.controls.extend(lastPosition(), shown.finished);
  showPendingStep(page);
}

function showPendingStep(page) {
  const pending = shown.pendingStep;
  const replay = shown.replay;
  if (!pending || !replay) return;
  const last = lastPosition();
  if (pending.step > last && !shown.finished) return; // not arrived yet
  shown.pendingStep = null;
  if (pending.step > last) {
    $("step-link-status").textContent = `The link asks for step ${pending.step}; this search has ${plural(last, "step")}: showing the last.`;
  }
  page.controls.seek(Math.min(pending.step, last));
}
