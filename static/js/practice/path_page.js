// A student's practice path /p/<id>[?student=name] (issue 50, part 4): their progress (the ideas they showed, how far
// each is from mastered, the level) and a button to the tree to do now, which the server gives (the one given
// before while it is unchecked, else a new one chosen from their checks). The student is the link's name, else this
// browser's learner token, as on an exercise's page.

import { openNextTree, pathProgress, pathStudent } from "./path_client.js";
import { currentWords, ideaList, summaryWords } from "./path_words.js";
import { learnerToken } from "./learner.js";
import { isNotFound, notFoundSentence } from "../page/not_found.js";

const $ = (id) => document.getElementById(id);
const pathId = document.querySelector("main").dataset.path;
const student = new URLSearchParams(window.location.search).get("student") || "";
const who = pathStudent(student, learnerToken());

function show(answer) {
  const { path, progress } = answer;
  document.title = `${path.title} · Minimax Lab`;
  $("path-title").textContent = path.title;
  $("path-about").textContent = `Trees of ${path.algorithm_name}. Each idea a check names is practised on trees where it `
    + `changes the answer, until you get ${progress.mastery} of them right in a row; then the next idea, or a harder tree. `
    + "A tree counts as right when your first check of it is all right, with no hint or solution before it.";
  $("path-summary").textContent = summaryWords(progress);
  $("path-now").textContent = currentWords(progress);
  $("path-progress").replaceChildren(...(progress.ideas.length ? [ideaList(progress)] : []));
  const go = $("path-go");
  go.hidden = progress.done;
  go.textContent = answer.exercise ? `Go on with tree ${answer.step}` : progress.trees === 0 ? "Start" : "Next tree";
  document.body.dataset.ready = "true";
}

async function open() {
  try {
    show(await pathProgress(pathId, who));
  } catch (err) {
    $("path-error").textContent = isNotFound(err) ? notFoundSentence("path", pathId) : `This path cannot be opened: ${err.message}`;
  }
}

$("path-go").addEventListener("click", async () => {
  $("path-go").disabled = true;
  $("path-error").textContent = "";
  try {
    const answer = await openNextTree(pathId, who);
    if (!answer.exercise) show(answer);
  } catch (err) {
    $("path-error").textContent = `No tree could be given: ${err.message}`;
  } finally {
    $("path-go").disabled = false;
  }
});
open();
