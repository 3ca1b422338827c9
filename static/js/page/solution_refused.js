// An exercise's solution page whose trace the REST API refuses: hidden by its instructor (403, graded use: the server
// answers the page itself with templates/solution_hidden.html, so this is the page's second line of defence), or
// any other failure (the quota, the server out of reach). The tree panel says so in place of the drawing, in the
// look of the not-found note (not_found.js), and nothing is drawn: never the lecture example, which a student
// would take for the solution. The server's message is untrusted text: it only ever becomes textContent.

import { el } from "./html_element.js";
import { clearNotFound } from "./not_found.js";

// Whether a failed fetch was the REST API's "hidden" (exercise_client.js keeps the status and the server's words): a
// 403 is also a roster's refusal ("use the link your instructor sent"), which is said as the error it is.
const isHidden = (err) => Boolean(err) && err.status === 403 && /solution of this exercise is hidden/.test(err.message || "");

// The exercise's page, where the solution page's own "Back to the exercise" goes (the student's name, or their roster
// link's token, kept).
function exerciseUrl(id) {
  const embedded = document.body.classList.contains("embedded") ? "/embed" : "";
  const own = new URLSearchParams(window.location.search);
  const kept = new URLSearchParams([...own].filter(([name]) => name === "student" || name === "s"));
  return `${embedded}/x/${encodeURIComponent(id)}${[...kept].length ? `?${kept}` : ""}`;
}

// [heading, the sentence before the id, after it, the next paragraph] for a refusal `err`.
function refusalWords(err) {
  if (isHidden(err)) {
    return ["Solution hidden", "The instructor of exercise ", " has hidden its solution: the exercise is graded, so its search is not shown to students.",
      "On the exercise, Check still tells you what you wrote that is wrong, without naming a right value."];
  }
  return ["Solution not shown", "The solution of exercise ", ` cannot be opened: ${err && err.message ? err.message : "an unknown error"}.`,
    "No other tree is drawn in its place. Try again later, or go back to the exercise."];
}

// The note over the (empty) drawing; the narration says the same.
export function showSolutionRefused(page, id, err) {
  const [heading, before, after, next] = refusalWords(err);
  const what = el("p", { id: "solution-refused-what", class: "not-found-what" }, before);
  what.append(el("code", {}, String(id)), after);
  const back = el("p");
  back.append(el("a", { id: "solution-refused-back", href: exerciseUrl(id) }, "Back to the exercise"));
  const note = el("section", { id: "solution-refused-note", class: "not-found-note", role: "alert",
    "aria-labelledby": "solution-refused-heading", "data-reason": isHidden(err) ? "hidden" : "error" });
  note.append(el("h3", { id: "solution-refused-heading" }, heading), what, el("p", { id: "solution-refused-why" }, next), back);
  clearNotFound();
  document.querySelector(".tree-box").append(note);
  page.narration.textContent = `${before}${id}${after}`;
}
