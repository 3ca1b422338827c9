// The student's page /x/<id>: the exercise's settings in words, the tree to fill in
// (exercise_tree.js), and Check, Hint, Show solution and Reset. The page never holds the answer:
// the server checks it. What the student typed is kept in localStorage under the exercise's id,
// so a reload loses nothing.

import { ExerciseTree } from "./exercise_tree.js";
import { askHint, checkAnswer, fetchExercise } from "./exercise_client.js";
import { KIND_WORDS, answerFrom, askedWords, howToWords, percent, settingsWords } from "./exercise_words.js";

const $ = (id) => document.getElementById(id);
const id = document.body.dataset.exercise;
const storageKey = `minimax-lab.exercise.${id}`;
const page = { tree: null, copy: null, checked: null, busy: false };

function saved() {
  try {
    return JSON.parse(localStorage.getItem(storageKey) || "null");
  } catch {
    return null;
  }
}

function keep() {
  try {
    localStorage.setItem(storageKey, JSON.stringify(page.tree.typed()));
  } catch {
    // storage full or off: the answer still works on this page
  }
}

function showError(text) {
  $("exercise-error").textContent = text;
}

// The answer as the server wants it. strict: an unreadable box stops here, marked and focused.
function answer(strict) {
  const tree = page.tree;
  try {
    return answerFrom(tree.typed(), page.copy.ask, (node) => tree.under(node), strict);
  } catch (bad) {
    if (!bad.node) throw bad;
    const parts = tree.inputs[bad.node];
    const input = bad.field === "value" ? parts.value : bad.field === "α" ? parts.alpha : parts.beta;
    input.setAttribute("aria-invalid", "true");
    input.focus();
    showError(`${bad.message}.`);
    return null;
  }
}

// Run one action at a time; its error shows in the alert.
async function act(action) {
  if (page.busy || !page.tree) return;
  page.busy = true;
  showError("");
  try {
    await action();
  } catch (err) {
    showError(err.message);
  } finally {
    page.busy = false;
  }
}

function nodeLabel(node) {
  const n = page.tree.layout.byId.get(node);
  return n ? n.label : node;
}

async function check() {
  const sent = answer(true);
  if (!sent) return;
  const result = await checkAnswer(id, sent);
  page.checked = result;
  $("feedback").hidden = false;
  const n = result.mistakes.length;
  $("feedback-score").textContent = result.correct
    ? `Correct! Score ${percent(result.score)}: every answer matches the search.`
    : `Score ${percent(result.score)}: ${n} mistake${n === 1 ? "" : "s"}.`;
  $("feedback-score").dataset.correct = String(result.correct);
  $("feedback").dataset.score = String(result.score);
  const list = $("feedback-list");
  list.replaceChildren();
  $("feedback-list-box").hidden = n === 0;
  page.tree.showMistakes(result.mistakes);
  if (result.first_mistake) {
    $("feedback-first").textContent = `First mistake, at ${nodeLabel(result.first_mistake.node)}: ${result.first_mistake.explanation}`;
  } else {
    $("feedback-first").textContent = "";
  }
  for (const m of result.mistakes) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "mistake-link";
    button.dataset.node = m.node;
    button.dataset.kind = m.kind;
    button.textContent = `${nodeLabel(m.node)}, ${KIND_WORDS[m.kind] || m.kind}: ${m.explanation}`;
    button.addEventListener("click", () => page.tree.point(m, "first"));
    item.appendChild(button);
    list.appendChild(item);
  }
  if (result.first_mistake) page.tree.point(result.first_mistake, "first");
  else $("feedback-score").focus();
}

async function hint() {
  const { hint: next } = await askHint(id, answer(false));
  $("feedback").hidden = false;
  $("feedback-list-box").hidden = true;
  $("feedback-score").textContent = "";
  if (!next) {
    $("feedback-first").textContent = "Hint: everything so far is right. Press Check.";
    return;
  }
  $("feedback-first").textContent = `Hint, at ${nodeLabel(next.node)}: ${next.explanation}`;
  page.tree.clearMarks();
  page.tree.point(next, "hinted");
}

// The replay of the real search, opened at the student's first mistake (step 0 if none). Without
// a Check yet, the hint's step is the first mistake (asking for it stores nothing).
async function solution() {
  let seq = page.checked && page.checked.first_mistake ? page.checked.first_mistake.seq : null;
  if (seq === null || seq === undefined) {
    const { hint: next } = page.checked && page.checked.correct ? { hint: null } : await askHint(id, answer(false));
    seq = next ? next.seq : 0;
  }
  window.location.assign(`/x/${encodeURIComponent(id)}/solution?step=${seq}`);
}

function reset() {
  page.tree.setTyped({});
  page.tree.clearMarks();
  page.checked = null;
  $("feedback").hidden = true;
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // nothing kept
  }
  const first = page.tree.fields.querySelector("input:not(:disabled), button:not(:disabled)");
  if (first) first.focus();
}

async function open() {
  try {
    page.copy = await fetchExercise(id);
  } catch (err) {
    $("task-settings").textContent = `This exercise cannot be opened: ${err.message}`;
    return;
  }
  const copy = page.copy;
  $("task-settings").textContent = settingsWords(copy);
  $("task-asked").textContent = askedWords(copy.ask);
  $("task-howto").textContent = howToWords(copy.ask);
  page.tree = new ExerciseTree($("drawing-box"), copy, () => {
    page.checked = null; // Show solution then asks again where the first mistake is
    keep();
  });
  const before = saved();
  if (before) page.tree.setTyped(before);
  document.body.dataset.ready = "true";
}

$("check").addEventListener("click", () => act(check));
$("hint").addEventListener("click", () => act(hint));
$("solution").addEventListener("click", () => act(solution));
$("reset").addEventListener("click", () => act(async () => reset()));
open();
