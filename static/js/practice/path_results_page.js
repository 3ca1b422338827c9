// A practice path's results /p/<id>/results?key=... (issue 50, part 4): who mastered which idea. One row per student
// (their name from the link, else the first characters of their anonymous token), a column per idea any student
// showed: mastered, practising (with the right-in-a-row count) or next; then trees, right first time, level, last seen.
// Names are untrusted: inserted as text only.

import { pathResults } from "./path_client.js";
import { streakDots } from "./path_words.js";
import { isNotFound, notFoundSentence } from "../page/not_found.js";

const $ = (id) => document.getElementById(id);
const pathId = document.querySelector("main").dataset.path;
const key = new URLSearchParams(window.location.search).get("key") || "";

function el(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = String(text);
  if (className) made.className = className;
  return made;
}

const CELL_WORDS = { mastered: "mastered", practising: "practising", waiting: "next" };

function header(ideas) {
  const cells = [el("th", "student"), ...ideas.map((idea) => el("th", idea.name)),
    el("th", "trees"), el("th", "right first time"), el("th", "level"), el("th", "last seen")];
  cells.forEach((cell) => { cell.scope = "col"; });
  $("path-head").replaceChildren(...cells);
}

function ideaCell(idea) {
  if (!idea) {
    const td = el("td", "—", "not-tried");
    td.title = "not shown";
    return td;
  }
  const td = el("td", undefined, `path-cell ${idea.state}`);
  td.dataset.state = idea.state;
  td.append(el("span", CELL_WORDS[idea.state] || idea.state));
  if (idea.state !== "mastered") td.append(" ", el("span", streakDots(idea), "path-dots"));
  td.title = `${idea.trees} tree${idea.trees === 1 ? "" : "s"} practising it; named in ${idea.shown} check${idea.shown === 1 ? "" : "s"}`;
  return td;
}

function row(student, ideas) {
  const tr = el("tr");
  const name = el("th", student.student || `anonymous ${student.learner || ""}`.trim());
  name.scope = "row";
  if (!student.student) name.className = "anonymous";
  const own = new Map(student.ideas.map((idea) => [idea.id, idea]));
  tr.append(name, ...ideas.map((idea) => ideaCell(own.get(idea.id))), el("td", student.trees), el("td", student.right),
    el("td", student.finished === "levels" ? "finished" : `${student.level} of ${student.levels}`),
    el("td", student.last.replace("T", " ").replace("Z", " UTC")));
  return tr;
}

function show(results) {
  $("path-title").textContent = results.path.title;
  const link = `${window.location.origin}${results.path.url}`;
  $("path-link").href = link;
  $("path-link").textContent = link;
  $("student-count").textContent = String(results.students_count);
  $("finished-count").textContent = String(results.students.filter((s) => s.finished === "levels").length);
  $("idea-summary").replaceChildren(...(results.ideas.length ? results.ideas.map((idea) => {
    const item = el("li", `${idea.name}: shown by ${idea.students}, mastered now by ${idea.mastered}`);
    item.dataset.idea = idea.id;
    return item;
  }) : [el("li", "No check on the path has named a wrong idea yet.")]));
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
