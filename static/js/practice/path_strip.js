// An exercise page opened from a practice path (/x/<id>?path=<path id>, issue 50 part 4): a strip above the task
// naming the path and what this tree is for, and after each check the student's progress with "Next tree", which asks
// the path for the next tree (search/practice/path.py chooses it from the checks so far).

import { openNextTree, pathProgress, pathStudent } from "./path_client.js";
import { checkedWords, currentWords, ideaList, summaryWords } from "./path_words.js";
import { el } from "../page/html_element.js";

const NOT_CURRENT = "This is not the tree your path gives you now: checking it does not change your progress.";

// The strip in `box` for path `pathId`; `who`: {student, learner} of the page. Its `checked(result)` shows the progress
// after a check (`result`: the check's answer) and offers the next tree.
export function pathStrip(box, pathId, who, exerciseId) {
  const student = who.student || "";
  const asked = pathStudent(student, who.learner);
  const home = `/p/${encodeURIComponent(pathId)}${student ? `?${new URLSearchParams({ student })}` : ""}`;
  // before: the progress before the latest check; target: the idea this tree practises (null: a harder tree).
  const state = { checked: false, before: null, target: null, current: true, result: {} };

  function show(answer) {
    const { path, progress } = answer;
    const heading = el("p", { class: "path-strip-title" }, "On your practice path: ");
    heading.append(el("a", { href: home }, path.title));
    const parts = [heading];
    if (!state.checked) {
      state.current = Boolean(answer.exercise) && answer.exercise.id === exerciseId;
      state.target = state.current && progress.current ? progress.current.target : null;
      parts.push(el("p", { class: "path-now" }, state.current ? currentWords(progress) : NOT_CURRENT));
    } else {
      const outcome = state.current ? checkedWords(state.before, progress, state.target, state.result) : NOT_CURRENT;
      parts.push(el("p", { class: "path-outcome" }, outcome), el("p", { class: "path-summary" }, summaryWords(progress)));
    }
    state.before = progress;
    if (state.checked && progress.ideas.length) parts.push(ideaList(progress));
    if (state.checked) parts.push(nextButton(progress));
    box.replaceChildren(...parts);
    box.hidden = false;
    box.dataset.ready = state.checked ? "checked" : "true";
  }

  function nextButton(progress) {
    if (progress.done) return el("p", { class: "path-now" }, currentWords(progress));
    const button = el("button", { type: "button", id: "path-next", class: "primary" }, "Next tree on the path");
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const answer = await openNextTree(pathId, asked);
        if (!answer.exercise) show(answer);
      } catch (err) {
        box.append(el("p", { class: "form-error" }, `No next tree could be given: ${err.message}`));
        button.disabled = false;
      }
    });
    return button;
  }

  async function refresh() {
    try {
      show(await pathProgress(pathId, asked));
    } catch (err) {
      box.replaceChildren(el("p", { class: "form-error" }, `The practice path cannot be read: ${err.message}`));
      box.hidden = false;
    }
  }

  const opened = refresh();
  return {
    async checked(result) {
      await opened; // the progress before the check first: what the check changed is told against it
      state.checked = true;
      state.result = result || {};
      return refresh();
    },
  };
}
