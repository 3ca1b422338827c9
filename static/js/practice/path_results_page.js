// A practice path's results /p/<id>/results?key=... (issue 50, part 4): who mastered which idea. One row per student
// (their name from the link, else the first characters of their anonymous token), a column per idea any student
// showed: mastered, practising (with the right-in-a-row count) or next; then trees, right first time, level, last seen.
// Names are untrusted: inserted as text only.

import { pathResults } from "./path_client.js";
import { streakDots } from "./path_words.js";
import { el } from "../page/html_element.js";
import { isNotFound, notFoundSentence } from "../page/not_found.js";

const $ = (id) => document.getElementById(id);
const pathId = document.querySelector("main").dataset.path;
const key = new URLSearchParams(window.location.search).get("key") || "";

const CELL_WORDS = { mastered: "mastered", practising: "practising", waiting: "next" };

function header(ideas) {
  const cells = ["student", ...ideas.map((idea) => idea.name), "trees", "right first time", "level", "last seen"]
    .map((words) => el("th", { scope: "col" }, words));
  $("path-head").replaceChildren(...cells);
}

function ideaCell(idea) {
  if (!idea) return el("td", { class: "not-tried", title: "not shown" }, "—");
  const td = el("td", { class: `path-cell ${idea.state}`, "data-state": idea.state,
    title: `${idea.trees} tree${idea.trees === 1 ? "" : "s"} practising it; named in ${idea.shown} check${idea.shown === 1 ? "" : "s"}` });
  td.append(el("span", {}, CELL_WORDS[idea.state] || idea.state));
  if (idea.state !== "mastered") td.append(" ", el("span", { class: "path-dots" }, streakDots(idea)));
  return td;
}

function row(student, ideas) {
  const tr = el("tr");
  const name = el("th", { scope: "row", ...(student.student ? {} : { class: "anonymous" }) },
    student.student || `anonymous ${student.learner || ""}`.trim());
  const own = new Map(student.ideas.map((idea) => [idea.id, idea]));
  tr.append(name, ...ideas.map((idea) => ideaCell(own.get(idea.id))), el("td", {}, String(student.trees)),
    el("td", {}, String(student.right)),
    el("td", {}, student.finished === "levels" ? "finished" : `${student.level} of ${student.levels}`),
    el("td", {}, student.last.replace("T", " ").replace("Z", " UTC")));
  return tr;
}

function show(results) {
  $("path-title").textContent = results.path.title;
  const link = `${window.location.origin}${results.path.url}`;
  $("path-link").href = link;
  $("path-link").textContent = link;
  $("student-count").textContent = String(results.students_count);
  $("finished-count").textContent = String(results.students.filter((s) => s.finished === "levels").length);
  $("idea-summary").replaceChildren(...(results.ideas.length
    ? results.ideas.map((idea) => el("li", { "data-idea": idea.id }, `${idea.name}: shown by ${idea.students}, mastered now by ${idea.mastered}`))
    : [el("li", {}, "No check on the path has named a wrong idea yet.")]));
  header(results.ideas);
  $("path-rows").replaceChildren(...results.students.map((student) => row(student, results.ideas)));
  document.body.dataset.ready = "true";
}

async function open() {
  try {
    show(await pathResults(pathId, key));
  } catch (err) {
    $("path-error").textContent = isNotFound(err) ? notFoundSentence("path", pathId) : err.message;
    document.body.dataset.ready = "error";
  }
}
open();
