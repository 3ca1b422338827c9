// The step the player picks, shown: the tree, the pseudocode's line and v, α, β, the narration,
// the tally and the iterations; the player's detail (every line or key steps) and a linked step
// that waits for its event. `page` is app.js's parts of the page; the state is page_state.js.

import { narrate, say, savingWords } from "../narration/narration.js";
import { hasChance } from "../narration/chance_players_words.js";
import { narrationLink } from "../narration/enhancement_words.js";
import { callerLine } from "../narration/pseudocode_panel.js";
import { plural } from "../view/plural.js";
import { shown, eventIndex, positionOf, lastPosition } from "../page/page_state.js";
import { EVENT } from "../replay/event_types.js";

const $ = (id) => document.getElementById(id);

export function showStep(page, position) {
  const replay = shown.replay;
  if (!replay) return;
  const k = eventIndex(position);
  page.predict.seen(position, k);
  drawStep({ ...page, tally: $("tally") }, replay, shown.step, k);
  shown.step = k;
  page.teacher.stepShown(k); // a class's followers see the step too
  if (page.follower) page.follower.stepShown(k);
}

// Event k of `replay` shown by `parts` ({ view, code, narration, tally, iterations }: the page's, or a
// notebook widget's), the drawing updated from event `from` (-1: nothing drawn yet): the tree, the lit
// line and v, α, β, the narration, the tally and the iterations.
export function drawStep(parts, replay, from, k) {
  const { view, code, narration, tally, iterations } = parts;
  const state = replay.stateAt(k);
  view.update(state, from < 0 ? null : replay.touchedBetween(from, k));
  const event = replay.event(k);
  code.highlight(event.line, callerLine(event, k > 0 ? replay.event(k - 1) : null));
  showReadout(code, replay.tree, state);
  view.onPick = (i, at) => showReadout(code, replay.tree, at, i);
  const t = replay.tree;
  const link = narrationLink(event, (id) => t.nameOf(id));
  if (link) link.pick = () => view.showNode(t.idx(link.id));
  say(narration, narrate(event, replay, state), link);
  const words = tallyWords(t, state);
  if (tally.textContent !== words) tally.textContent = words;
  tally.dataset.final = state.result && event.type === EVENT.result ? "true" : "false";
  iterations.show(replay, k);
}

// The readout: v, α and β at the node the step is at, or at the node the student selected in the
// drawing (`picked`, until the next step). At the result no node is current: the root, whose value is the answer.
export function showReadout(code, t, state, picked) {
  const node = picked !== undefined ? picked : state.current >= 0 ? state.current : t.root;
  code.showVars(readoutName(t, node), state.vOf(node), state.alphaOf(node), state.betaOf(node), state.boundOf(node),
    t.nameOf(t.ids[node]), picked !== undefined);
}

// The readout's node, in its narrow box: a game node deep in the tree by its last two moves
// ("… X 5 · O 6": the move just made stays in view, where a cut-short name would lose it).
export function readoutName(t, i) {
  const name = t.nameOf(t.ids[i]);
  if (t.kind !== "game") return name;
  const moves = name.split(" · ");
  return moves.length > 2 ? `… ${moves.slice(-2).join(" · ")}` : name;
}

// Nodes visited and leaves evaluated so far; at the result, what alpha-beta saved.
function tallyWords(t, state) {
  let text = `visited ${plural(state.visits, "node")} · evaluated ${plural(state.leaves, "leaf")}`;
  if (state.result) {
    const saving = savingWords(state.result, t.kind, hasChance(t) ? "expectiminimax" : "minimax");
    if (saving) text = saving.charAt(0).toUpperCase() + saving.slice(1);
  }
  return text;
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
  const atResult = pending.step === "result"; // step=result: the last step, the result, once the search has finished
  if ((atResult || pending.step > last) && !shown.finished) return; // not arrived yet
  shown.pendingStep = null;
  if (!atResult && pending.step > last) {
    $("step-link-status").textContent = `The link asks for step ${pending.step}; this search has ${plural(last, "step")}: showing the last.`;
  }
  page.controls.seek(atResult ? last : Math.min(pending.step, last));
}
