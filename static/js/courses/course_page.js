// The course gradebook /course/<id>?key=...: a table of students × exercises (each cell the counted score, linking to the
// exercise's results opened with the course key), the misconceptions each student showed, a CSV download and a form
// adding an exercise. Names are untrusted: inserted as text only.

import { addExercise, exerciseFrom, fetchGradebook, gradebookCsvUrl } from "./course_client.js";
import { percent } from "../practice/exercise_words.js";

const $ = (id) => document.getElementById(id);
const courseId = document.querySelector("main").dataset.course;
const key = new URLSearchParams(window.location.search).get("key") || "";

const GRADE_WORDS = { best: "best score", latest: "latest score" };

function el(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = String(text);
  if (className) made.className = className;
  return made;
}

// An exercise's results page, opened by the course key (the course holds the exercise).
const resultsUrl = (exercise) => `${exercise.url}?${new URLSearchParams({ course: courseId, course_key: key })}`;

function head(book) {
  const cells = [el("th", "student")];
  for (const exercise of book.exercises) {
    const th = el("th");
    th.scope = "col";
    th.dataset.exercise = exercise.id;
    const link = el("a", exercise.id);
    link.href = resultsUrl(exercise);
    th.append(link, el("span", `${exercise.title}; ${GRADE_WORDS[exercise.grade] || exercise.grade}`, "exercise-title"));
    cells.push(th);
  }
  cells.push(el("th", "misconceptions shown"));
  cells.forEach((cell) => { cell.scope = "col"; });
  $("gradebook-head").replaceChildren(...cells);
}

function scoreCell(exercise, score) {
  if (score === null) {
    const td = el("td", "—", "not-tried");
    td.title = "no attempt";
    return td;
  }
  const td = el("td");
  td.dataset.score = String(score.score);
  const link = el("a", percent(score.score));
  link.href = resultsUrl(exercise);
  td.append(link, el("span", `(${score.attempts})`, "attempt-count"));
  td.title = `${score.attempts} attempt${score.attempts === 1 ? "" : "s"}; counted: the ${GRADE_WORDS[exercise.grade] || exercise.grade}`;
  if (score.rule === "one-per-slip") { // scoring.py OLD_RULE: a built kind's own rule (leaves, lines) is not old
    td.append(el("span", "old rule", "old-rule"));
    td.title += `; scored by the rule before (${score.rule}), kept as it was given`;
  }
  return td;
}

function rows(book) {
  const out = book.students.map((student) => {
    const tr = el("tr");
    const name = el("th", student.name);
    name.scope = "row";
    if (student.lms) name.append(el("span", " (LMS)", "lms-mark"));
    if (student.not_started) { // on the LMS course's roster, no attempt at any of these exercises
      name.append(el("span", " not started", "not-started"));
      tr.dataset.status = "not started";
    }
    tr.append(name, ...book.exercises.map((exercise) => scoreCell(exercise, student.scores[exercise.id])));
    tr.append(el("td", student.misconceptions.map((m) => `${m.name} (${m.count})`).join("; ") || "—", "misconceptions"));
    return tr;
  });
  if (!out.length) {
    const td = el("td", book.exercises.length ? "No named student has tried these exercises yet." : "No exercise in this course yet: add one below.", "empty");
    td.colSpan = book.exercises.length + 2;
    out.push(el("tr"));
    out[0].append(td);
  }
  $("gradebook-rows").replaceChildren(...out);
}

async function show() {
  let book;
  try {
    book = await fetchGradebook(courseId, key);
  } catch (err) {
    $("course-error").textContent = key ? err.message : "This page needs the course key: open the course link given when the course was made.";
    document.body.dataset.ready = "error";
    return false;
  }
  $("course-title").textContent = book.title;
  document.title = `${book.title} · Minimax Lab`;
  $("student-count").textContent = String(book.students.length);
  $("exercise-count").textContent = String(book.exercises.length);
  $("anonymous-count").textContent = String(book.anonymous.students);
  $("not-started-line").hidden = !book.lms_roster;
  if (book.lms_roster) {
    const { learners, not_started: notStarted, errors } = book.lms_roster;
    $("not-started-count").textContent = `${notStarted} of ${learners}`;
    $("roster-errors").textContent = errors.length ? `A roster could not be read: ${errors.join("; ")}.` : "";
  }
  $("download-csv").href = gradebookCsvUrl(courseId, key);
  head(book);
  rows(book);
  document.body.dataset.ready = "true";
  return true;
}

async function add(event) {
  event.preventDefault();
  const given = exerciseFrom($("add-exercise").value);
  const exercise = { id: given.id, key: $("add-key").value.trim() || given.key };
  $("add-error").textContent = "";
  $("add-done").textContent = "";
  try {
    await addExercise(courseId, key, exercise);
  } catch (err) {
    $("add-error").textContent = err.message;
    return;
  }
  $("add-form").reset();
  if (await show()) $("add-done").textContent = `Exercise ${exercise.id} added.`;
}

$("add-form").addEventListener("submit", add);
show();
