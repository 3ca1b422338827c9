// The student's page /x/<id>: the exercise's settings in words, the tree to fill in
// (exercise_tree.js), and Check, Hint, Show solution and Reset. The page never holds the answer:
// the server checks it. What the student typed is kept in localStorage under the exercise's id,
// so a reload loses nothing. Each check says whose it is: the `student` name the link carries
// (/x/<id>?student=...) and an anonymous learner token made once per browser. The exercise's
// graded-use options hide Hint and Show solution and count the attempts allowed. A hint and the
// solution say whose they are too: the server notes them, and a check after help is not "perfect".

import { isBuilt, makeWork } from "./built_work.js";
import { askHint, checkAnswer, fetchExercise, nextExercise } from "./exercise_client.js";
import { KIND_WORDS, answerFrom, askedWords, builtScoreWords, builtSettingsWords, howToWords, scoreWords } from "./exercise_words.js";
import { colourMarks, misconceptionIndex, partOfNote, showMisconceptions } from "./misconception_feedback.js";
import { pageIdentity } from "./learner.js";
import { createPath, openNextTree, pathStudent } from "./path_client.js";
import { pathStrip } from "./path_strip.js";
import { ownTreeWords, whoseCheckWords } from "./roster_words.js";
import { isNotFound, notFoundSentence } from "../page/not_found.js";

const $ = (id) => document.getElementById(id);
const id = document.body.dataset.exercise;
const who = pageIdentity(id);
// A roster student's own link keeps their typed answer apart from another's in the same browser.
const storageKey = `minimax-lab.exercise.${id}${who.s ? `.${who.s.slice(0, 8)}` : ""}`;
const page = { tree: null, copy: null, checked: null, busy: false, used: 0 };
// Opened from a practice path (?path=, issue 50 part 4): the path says what comes next, not the practice button.
const onPath = new URLSearchParams(window.location.search).get("path") || "";
const strip = onPath ? pathStrip($("path-strip"), onPath, who, id) : null;

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
  if (isBuilt(page.copy)) return builtAnswer(strict);
  try {
    return answerFrom(tree.typed(), page.copy.ask, (node) => tree.under(node), strict, (page.copy.players || []).length);
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

// A built exercise's answer (the order, the leaves, the program); a box that cannot be read stops here, focused.
function builtAnswer(strict) {
  try {
    return page.tree.answer(strict);
  } catch (bad) {
    if (!bad.node) throw bad;
    if (bad.input) {
      bad.input.setAttribute("aria-invalid", "true");
      bad.input.focus();
    }
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
  if (page.tree.labelOf) return page.tree.labelOf(node);
  const n = page.tree.layout.byId.get(node);
  return n ? n.label : node;
}

async function check() {
  const sent = answer(true);
  if (!sent) return;
  let result;
  try {
    result = await checkAnswer(id, { ...sent, ...who, ...shownTree() });
  } catch (err) {
    if (/^you have used your/.test(err.message)) {
      page.used = page.copy.options.attempts; // used up elsewhere (another tab, another browser with the same name)
      showAttempts();
    }
    throw err;
  }
  page.used += 1;
  showAttempts();
  page.checked = result;
  if (result.new_tree) offerNewTree(); // per-attempt: the next check is of a new tree
  $("feedback").hidden = false;
  $("feedback-score").textContent = isBuilt(page.copy) ? builtScoreWords(result, page.copy.kind)
    : scoreWords(result, Boolean(page.copy.weights));
  $("feedback-score").dataset.correct = String(result.correct);
  showHelpUsed(result);
  showGradebook(result.lms);
  $("feedback").dataset.score = String(result.score);
  const list = $("feedback-list");
  list.replaceChildren();
  $("feedback-list-box").hidden = result.mistakes.length === 0;
  $("mistakes-heading").textContent = isBuilt(page.copy) ? "All mistakes"
    : result.withheld ? "What you wrote that is wrong, in the order the search meets it" : "All mistakes, in the order the search meets them";
  page.tree.showMistakes(result.mistakes);
  if (page.tree.showResult) page.tree.showResult(result); // what the real search did with the student's build
  const watch = page.copy.options.solution && !result.withheld
    ? (m) => solutionUrl({ misconception: m.id, step: String(m.step) }) : null;
  showMisconceptions($("misconception-box"), result, nodeLabel, watch);
  offerPractice(result);
  if (strip) strip.checked(result);
  colourMarks(page.tree, result);
  const found = misconceptionIndex(result);
  if (result.first_mistake) {
    const first = result.withheld ? "First listed mistake" : "First mistake";
    $("feedback-first").textContent = `${first}, at ${nodeLabel(result.first_mistake.node)}: ${result.first_mistake.explanation}`;
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
    const note = partOfNote(m, found);
    if (note) item.append(" ", note);
    list.appendChild(item);
  }
  if (result.first_mistake) page.tree.point(result.first_mistake, "first");
  else $("feedback-score").focus();
}

// After a check names a misconception: practice that follows the student, from trees on which that idea changes the
// answer until two in a row are right, then the next idea they show or a harder tree: a practice path of their own
// that starts with the idea (POST /api/paths with "start", then its first tree). A max^n exercise, which no path
// takes, gets one such tree (GET /api/practice/next). Not in an LMS-graded page: a practice tree is not the course's.
function offerPractice(result) {
  const best = (result.misconceptions || [])[0];
  if (!best || who.lti || strip) return;
  const button = document.createElement("button");
  button.type = "button";
  button.id = "practise-idea";
  button.textContent = `Practise this: trees where ${best.name} changes the answer, until you get two right in a row`;
  button.addEventListener("click", () => act(async () => {
    const algorithm = page.copy.algorithm; // the search practised here: a Parsons exercise's is its program's
    if (!page.copy.players) { // a path follows the two-player searches (search/practice/path.py), not max^n's
      const path = await createPath({ algorithm, start: best.id, title: `Practice: ${best.name}` });
      await openNextTree(path.id, pathStudent(who.student, who.learner));
      return;
    }
    let made;
    try {
      made = await nextExercise(best.id, id, algorithm);
    } catch {
      made = await nextExercise(best.id, id, ""); // a slip of another search than this one (a Parsons distractor's)
    }
    window.location.assign(made.url);
  }));
  $("misconception-box").append(button);
}

// What the check's answer says of the help used before it ("3 hints were used before this check: it is
// not counted as perfect") and, for a hidden solution, that the feedback names no right value.
function showHelpUsed(result) {
  const note = $("feedback-help");
  note.textContent = result.help_note || "";
  note.hidden = !result.help_note;
  note.dataset.hints = String(result.help ? result.help.hints : "");
  note.dataset.solution = String(result.help ? result.help.solution : "");
  const withheld = $("feedback-withheld");
  withheld.hidden = !result.withheld;
  if (!result.withheld) return;
  const { left_empty: empty, prune_marks: prunes } = result.unlisted;
  const unlisted = [empty ? `${empty} answer${empty === 1 ? "" : "s"} left empty` : "",
    prunes ? `${prunes} prune mark${prunes === 1 ? "" : "s"} wrong or missing` : ""].filter(Boolean);
  withheld.textContent = "This exercise's solution is hidden: the feedback names no right value, only what you wrote that is wrong." +
    (unlisted.length ? ` Not listed, as where they are would tell the answer: ${unlisted.join(" and ")}.` : "");
}

// A page opened from an LMS course (issue 32): whose checks these are and where the score goes.
function lmsWords(lms, grade) {
  const where = `You opened this exercise from ${lms.course} as ${lms.student}`;
  if (!lms.graded) return `${where}.`;
  return `${where}: each Check sends ${grade === "latest" ? "its score" : "your best score so far"} to the course's gradebook.`;
}

// What became of the score at this check: sent (points of 100), or not and why (the attempt is kept either way).
function showGradebook(lms) {
  const note = $("feedback-lms");
  note.hidden = !lms;
  if (!lms) return;
  note.dataset.sent = String(lms.sent);
  note.textContent = lms.sent
    ? `Sent to your course's gradebook: ${lms.points} of ${lms.out_of}${lms.grade === "best" ? " (your best score so far)" : ""}.`
    : `Not sent to your course's gradebook: ${lms.error}. Your attempt is saved; your next Check sends your score again.`;
}

// The solution page's address: the student's name goes with it, so the server notes whose solution it was.
// An embedded exercise (/embed/x/<id>) opens its embedded solution, in the same frame.
function solutionUrl(fields) {
  const query = new URLSearchParams(fields);
  if (who.student) query.set("student", who.student);
  if (who.s) query.set("s", who.s); // a roster student's own tree's solution
  if (typeof page.copy.tree_number === "number") query.set("tree_number", String(page.copy.tree_number)); // the tree on screen
  if (who.lti) query.set("lti", who.lti);
  const embedded = document.body.classList.contains("embedded") ? "/embed" : "";
  return `${embedded}/x/${encodeURIComponent(id)}/solution?${query}`;
}

// A tree of one's own after each check ("per-attempt"): which of the student's trees is on screen, so a check,
// a hint and the solution are all of it (the server answers 409 to a check of a tree no longer theirs).
function shownTree() {
  return page.copy && typeof page.copy.tree_number === "number" ? { tree_number: page.copy.tree_number } : {};
}

async function hint() {
  const sent = answer(isBuilt(page.copy)); // a built kind's hint checks the whole build: an empty leaf is named here
  if (!sent) return;
  const { hint: next } = await askHint(id, { ...sent, ...who, ...shownTree() });
  $("feedback").hidden = false;
  $("feedback-list-box").hidden = true;
  $("misconception-box").hidden = true;
  $("feedback-help").hidden = true;
  $("feedback-withheld").hidden = true;
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
// a Check yet, the hint's step is the first mistake (asked without the student's identity: the solution
// page's own request is what the server notes for them).
async function solution() {
  if (isBuilt(page.copy)) { // the replay of a search that does what was asked: from its start
    window.location.assign(solutionUrl({ step: "0" }));
    return;
  }
  let seq = page.checked && page.checked.first_mistake ? page.checked.first_mistake.seq : null;
  if (seq === null || seq === undefined) {
    const ask = !(page.checked && page.checked.correct) && page.copy.options.hints; // hints off: from the start
    const { hint: next } = ask ? await askHint(id, { ...answer(false), ...shownTree() }, who) : { hint: null };
    seq = next ? next.seq : 0;
  }
  window.location.assign(solutionUrl({ step: String(seq) }));
}

function reset() {
  page.tree.setTyped({});
  page.tree.clearMarks();
  colourMarks(page.tree, { mistakes: [] });
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

// "Attempt 2 of 3", or that they are used up (Check then off), when the exercise limits attempts.
function showAttempts() {
  const allowed = page.copy.options.attempts;
  const note = $("attempts-note");
  note.hidden = allowed === null;
  if (allowed === null) return;
  const over = page.used >= allowed;
  note.textContent = over ? `You have used your ${allowed} attempt${allowed === 1 ? "" : "s"}.` : `Attempt ${page.used + 1} of ${allowed}.`;
  note.dataset.used = String(page.used);
  $("check").disabled = over;
}

// Whose checks these are: the LMS's student, the roster's name, the name typed in the link (and, for graded use
// without a roster or an LMS, that anyone may type any name), or how to open a roster exercise.
function whoseWords(copy, ids) {
  if (copy.lms) return lmsWords(copy.lms, copy.options.grade);
  return whoseCheckWords(copy, ids);
}

function showOwnTree(copy) {
  const note = $("task-variant");
  note.textContent = ownTreeWords(copy);
  note.hidden = !note.textContent;
  if (copy.roster && !copy.person) $("check").disabled = true; // no private link: the server would refuse the check
}

// per-attempt: after a check, Check waits for a new tree (the server checks the next answer against it).
function offerNewTree() {
  $("check").disabled = true;
  $("new-tree").hidden = false;
  $("new-tree").focus({ preventScroll: true });
}

async function newTree() {
  page.copy = await fetchExercise(id, who);
  page.used = page.copy.attempts_used;
  page.checked = null;
  $("feedback").hidden = true;
  $("new-tree").hidden = true;
  page.tree = makeWork($("drawing-box"), page.copy, () => {
    page.checked = null;
    keep();
  });
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // nothing kept
  }
  $("check").disabled = false;
  showAttempts();
  document.body.dataset.tree = String(Number(document.body.dataset.tree || "0") + 1);
}

async function open() {
  try {
    page.copy = await fetchExercise(id, who);
  } catch (err) {
    $("task-settings").textContent = isNotFound(err) ? notFoundSentence("exercise", id) : `This exercise cannot be opened: ${err.message}`;
    return;
  }
  const copy = page.copy;
  page.used = copy.attempts_used;
  $("hint").hidden = !copy.options.hints;
  $("solution").hidden = !copy.options.solution;
  showAttempts();
  $("task-student").textContent = whoseWords(copy, who);
  showOwnTree(copy);
  $("task-settings").textContent = builtSettingsWords(copy);
  $("task-asked").textContent = copy.task || askedWords(copy.ask, copy);
  $("task-scoring").textContent = copy.scoring || "";
  page.tree = makeWork($("drawing-box"), copy, () => {
    page.checked = null; // Show solution then asks again where the first mistake is
    keep();
  });
  $("task-howto").textContent = page.tree.howTo || howToWords(copy.ask, copy);
  showLegend(copy);
  const before = saved();
  if (before) page.tree.setTyped(before);
  document.body.dataset.ready = "true";
}

// The legend's ✂ entry says what ✂ means for this kind; a Parsons exercise draws no tree, so it has no legend.
function showLegend(copy) {
  document.body.dataset.kind = copy.kind || "values";
  const legend = document.querySelector(".exercise-legend");
  legend.hidden = copy.kind === "parsons";
  const cut = legend.querySelector(".key-pruned")?.parentElement;
  if (!cut || !isBuilt(copy)) return;
  // "Exactly K leaves" asks for no branch and draws no ✂: its own panel says what the filled leaves and dashed edges are.
  cut.hidden = copy.kind === "make-it-prune" && copy.visited != null;
  cut.lastChild.textContent = copy.kind === "make-it-prune" ? " alpha-beta must prune this branch (after Check: green if it does)"
    : " after Check: a branch alpha-beta pruned on your order; filled leaves are the ones it evaluated";
}

$("new-tree").addEventListener("click", () => act(newTree));
$("check").addEventListener("click", () => act(check));
$("hint").addEventListener("click", () => act(hint));
$("solution").addEventListener("click", () => act(solution));
$("reset").addEventListener("click", () => act(async () => reset()));
open();
