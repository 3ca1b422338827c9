// A saved item the page was opened for (a shared tree or trace, an exercise's solution, a link's ?tree=<id>)
// that the REST API answers 404: gone since the page was served, or stored on another server. The tree panel
// says so in place of the drawing (the words of the server's own page, templates/not_found.html), and never
// shows the lecture example instead, which a student would take for the tree they were sent. The id is
// untrusted text: it only ever becomes textContent. A new search (search_stream.js newSearch) clears it.

import { el } from "./html_element.js";

const WHAT = { tree: "saved tree", trace: "saved trace", exercise: "exercise", path: "practice path" };
const SHOWN_ID_CHARS = 64; // as server/http/not_found.py: an over-long id is named by its start and its length

// Whether a failed fetch was the REST API's "not stored" (rest_client.js and exercise_client.js keep the status).
export const isNotFound = (err) => Boolean(err) && err.status === 404;

// The sentence in three parts (before, the id as shown, after) and the likely reasons. Lengths count
// characters (code points), as Python's len does.
export function notFoundWords(kind, id) {
  const what = WHAT[kind];
  const chars = [...String(id)];
  const shown = chars.slice(0, SHOWN_ID_CHARS);
  const cut = chars.length > shown.length ? `… (the first ${shown.length} of its ${chars.length} characters)` : "";
  return {
    before: `No ${what} with id `,
    id: shown.join(""),
    after: `${cut} is stored on this server.`,
    why: `The link may have been mistyped or cut off, the ${what} may have been saved on another Minimax Lab server, ` +
      "or it has been deleted. Ask whoever gave you the link for it again.",
  };
}

// The whole of it as one text (the exercise page's task line).
export function notFoundSentence(kind, id) {
  const words = notFoundWords(kind, id);
  return `${words.before}${words.id}${words.after} ${words.why}`;
}

// The not-found note over the (empty) drawing; the narration names what was asked for too.
export function showNotFound(page, kind, id) {
  const words = notFoundWords(kind, id);
  const what = el("p", { id: "not-found-what", class: "not-found-what" }, words.before);
  what.append(el("code", {}, words.id), words.after);
  const home = el("a", { id: "not-found-home", href: "/" }, "Open the lecture example instead");
  if (document.body.classList.contains("embedded")) Object.assign(home, { target: "_blank", rel: "noopener" });
  const note = el("section", { id: "not-found-note", class: "not-found-note", role: "alert", "aria-labelledby": "not-found-heading" });
  note.append(el("h3", { id: "not-found-heading" }, "Not found"), what, el("p", { id: "not-found-why" }, words.why), el("p"));
  note.lastChild.append(home);
  clearNotFound();
  document.querySelector(".tree-box").append(note);
  document.body.dataset.notFound = kind;
  page.narration.textContent = `${words.before}${words.id}${words.after}`;
}

// Any note in place of the drawing goes: this one, or a refused solution's (solution_refused.js), same look.
export function clearNotFound() {
  for (const note of document.querySelectorAll(".tree-box > .not-found-note")) note.remove();
  delete document.body.dataset.notFound;
}
