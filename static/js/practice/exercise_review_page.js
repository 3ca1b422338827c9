// One attempt for its instructor (issue 46): /x/<id>/review?key=...&attempt=<attempt id> draws the tree the attempt
// was checked against (a student's own tree, for an exercise with trees of one's own) with the student's answer
// filled in, read-only, and the marks the engine gives it. Names are inserted as text only.

import { isBuilt, makeWork } from "./built_work.js";
import { fetchAttempt } from "./exercise_client.js";
import { KIND_WORDS, builtSettingsWords, percent } from "./exercise_words.js";
import { typedFrom } from "./roster_parse.js";
import { isNotFound, notFoundSentence } from "../page/not_found.js";
import { launchFor } from "./learner.js";

const $ = (id) => document.getElementById(id);
const id = document.body.dataset.exercise;

async function open() {
  const own = new URLSearchParams(window.location.search);
  const key = own.get("key") || "";
  const course = own.get("course") || "";
  const lti = key || course ? "" : launchFor(id); // an instructor's LMS launch, kept in the tab
  const access = key ? { key } : course ? { course, course_key: own.get("course_key") || "" } : lti ? { lti } : { key };
  let seen;
  try {
    seen = await fetchAttempt(id, own.get("attempt") || "", access);
  } catch (err) {
    $("review-error").textContent = isNotFound(err) ? err.message || notFoundSentence("exercise", id)
      : key || course || lti ? err.message : "This page needs the results key: open it from the results page.";
    return;
  }
  const a = seen.attempt;
  const who = a.student === null ? "an anonymous student" : a.student;
  $("review-heading").textContent = `Attempt ${a.attempt} of ${who}`;
  $("review-facts").textContent = `Checked ${new Date(a.time).toLocaleString()}: score ${percent(a.score)}` +
    (seen.variants !== "same" && a.variant !== null ? ", on the student's own tree." : ", on the exercise's tree.");
  $("review-settings").textContent = builtSettingsWords(seen.student);
  const tree = makeWork($("drawing-box"), seen.student, () => {});
  const built = isBuilt(seen.student);
  if (seen.answer === null) {
    $("review-answer").textContent = "This attempt was made before answers were kept: only its tree is shown.";
  } else {
    tree.setTyped(built ? builtTyped(seen.student.kind, seen.answer) : typedFrom(seen.answer));
    tree.showMistakes(seen.check.mistakes);
    if (built) tree.showResult(seen.check); // what the real search did with the student's order, leaves or program
    const n = seen.check.mistakes.length;
    $("review-answer").textContent = n ? `${n} mistake${n === 1 ? "" : "s"}, marked on the tree:` : "Every answer matches the search.";
    $("review-mistakes").replaceChildren(...seen.check.mistakes.map((m) => {
      const item = document.createElement("li");
      const label = tree.labelOf ? tree.labelOf(m.node) : tree.layout.byId.get(m.node)?.label;
      item.textContent = `${label || m.node}, ${KIND_WORDS[m.kind] || m.kind}: ${m.explanation}`;
      return item;
    }));
  }
  for (const input of $("drawing-box").parentElement.querySelectorAll("#drawing-box input, #drawing-box button, .built-panel button")) {
    input.disabled = true;
  }
  if (tree.callout) tree.callout.hidden = true;
  $("back-to-results").href = `/x/${encodeURIComponent(id)}/results${access.lti ? "" : `?${new URLSearchParams(access)}`}`;
  document.body.dataset.ready = "true";
}

// A built kind's answer as its work area keeps what a student typed (built_work.js).
function builtTyped(kind, answer) {
  if (kind === "ordering") return { order: answer.order || {} };
  if (kind === "make-it-prune") return { leaves: Object.fromEntries(Object.entries(answer.leaves || {}).map(([k, v]) => [k, String(v)])) };
  return { program: (answer.lines || []).map((line) => ({ id: line.id, indent: line.indent })) };
}

open();
