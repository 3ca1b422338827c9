// An exercise page opened from a practice path (/x/<id>?path=<path id>, issue 50 part 4): a strip above the task
// naming the path and what this tree is for, and after each check the student's progress with "Next tree", which asks
// the path for the next tree (search/practice/path.py chooses it from the checks so far).

import { nextOnPath, pathProgress, treeOnPath } from "./path_client.js";
import { checkedWords, currentWords, ideaList, summaryWords } from "./path_words.js";

function el(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = String(text);
  if (className) made.className = className;
  return made;
}

// The strip in `box` for path `pathId`; `who`: {student, learner} of the page. Its `checked()` shows the progress
// after a check and offers the next tree.
export function pathStrip(box, pathId, who, exerciseId) {
  const student = who.student || "";
  const asked = { ...(student ? { student } : {}), learner: who.learner };
  const home = `/p/${encodeURIComponent(pathId)}${student ? `?${new URLSearchParams({ student })}` : ""}`;
  // before: the progress before the latest check; target: the idea this tree practises (null: a harder tree).
  const state = { checked: false, before: null, target: null, current: true };

  function show(answer) {
    const { path, progress } = answer;
    const title = el("a", path.title);
    title.href = home;
    const heading = el("p", undefined, "path-strip-title");
    heading.append("On your practice path: ", title);
    const parts = [heading];
    if (!state.checked) {
      state.current = Boolean(answer.exercise) && answer.exercise.id === exerciseId;
      state.target = state.current && progress.current ? progress.current.target : null;
      parts.push(el("p", state.current ? currentWords(progress)
        : "You have checked this tree before: checking it again does not change your progress.", "path-now"));
    } else {
      parts.push(el("p", checkedWords(state.before, progress, state.target), "path-outcome"),
        el("p", summaryWords(progress), "path-summary"));
    }
    state.before = progress;
    if (state.checked && progress.ideas.length) parts.push(ideaList(progress));
    if (state.checked) parts.push(nextButton(progress));
    box.replaceChildren(...parts);
    box.hidden = false;
    box.dataset.ready = state.checked ? "checked" : "true";
  }

  function nextButton(progress) {
    if (progress.done) return el("p", currentWords(progress), "path-now");
    const button = el("button", "Next tree on the path", "primary");
    button.type = "button";
    button.id = "path-next";
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const answer = await nextOnPath(pathId, asked);
        if (answer.exercise) window.location.assign(treeOnPath(answer.exercise, pathId, student));
        else show(answer);
      } catch (err) {
        box.append(el("p", `No next tree could be given: ${err.message}`, "form-error"));
        button.disabled = false;
      }
    });
    return button;
  }

  async function refresh() {
    try {
      show(await pathProgress(pathId, asked));
    } catch (err) {
      box.replaceChildren(el("p", `The practice path cannot be read: ${err.message}`, "form-error"));
      box.hidden = false;
    }
  }

  const opened = refresh();
  return {
    async checked() {
      await opened; // the progress before the check first: what the check changed is told against it
      state.checked = true;
      return refresh();
    },
  };
}
