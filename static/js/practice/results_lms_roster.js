// The results page's course roster (LTI Names and Role Provisioning Services, server/lti/roster_rows.py): every
// learner of the LMS courses the exercise was added to, "not started" for those with no check yet. Names are the
// LMS's text: inserted as text only.

import { percent } from "./exercise_words.js";

const $ = (id) => document.getElementById(id);

export function rosterSummary(roster) {
  const { learners, not_started: notStarted } = roster;
  const started = learners - notStarted;
  const who = (n) => `${n} learner${n === 1 ? "" : "s"}`;
  return `${who(learners)}; ${started} started, ${notStarted} not started.`;
}

function memberRow(member) {
  const tr = document.createElement("tr");
  tr.dataset.status = member.status;
  const name = document.createElement("th");
  name.scope = "row";
  name.textContent = member.name;
  const status = document.createElement("td");
  status.className = member.status === "not started" ? "not-started" : "";
  status.textContent = member.status;
  const attempts = document.createElement("td");
  attempts.textContent = String(member.attempts);
  const best = document.createElement("td");
  best.textContent = member.best === null ? "—" : percent(member.best);
  tr.append(name, status, attempts, best);
  return tr;
}

function courseTable(course) {
  const box = document.createElement("div");
  box.className = "lms-roster-course";
  const title = document.createElement("h3");
  title.textContent = course.title;
  box.appendChild(title);
  if (course.error) {
    const error = document.createElement("p");
    error.className = "form-error";
    error.textContent = `The roster could not be read: ${course.error}. The attempts below are complete; reload later for the roster.`;
    box.appendChild(error);
    return box;
  }
  const scroll = document.createElement("div");
  scroll.className = "table-scroll";
  const table = document.createElement("table");
  table.className = "results-table lms-roster-table";
  const head = document.createElement("thead");
  head.innerHTML = '<tr><th scope="col">learner</th><th scope="col">status</th><th scope="col">attempts</th><th scope="col">best score</th></tr>';
  const body = document.createElement("tbody");
  // not started first: whom the instructor may want to remind
  const order = [...course.members].sort((a, b) => (a.status === b.status ? 0 : a.status === "not started" ? -1 : 1));
  body.replaceChildren(...order.map(memberRow));
  table.append(head, body);
  scroll.appendChild(table);
  box.appendChild(scroll);
  return box;
}

export function showLmsRoster(roster) {
  $("lms-roster-section").hidden = false;
  $("lms-roster-summary").textContent = rosterSummary(roster);
  $("lms-roster-courses").replaceChildren(...roster.courses.map(courseTable));
}
