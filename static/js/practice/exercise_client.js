// The practice exercises' REST API (server/practice/api.py). Every answer that is not 2xx becomes
// an Error with the server's message, e.g. "values.B: expected a finite number", and its status (err.status).

import { fetchOrRefuse } from "../export/rest_client.js";
import { parseTrace } from "../replay/trace_file.js";
import { pageIdentity } from "./learner.js";

const call = fetchOrRefuse;

const post = (url, body) =>
  call(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
const path = (id) => `/api/exercises/${encodeURIComponent(id)}`;

// {tree | generate | game+state, algorithm, ties, ask, hints?, solution?, attempts?} -> {id, url, key}
export const createExercise = (request) => post("/api/exercises", request);
// The student's copy: {tree (leaf values only), algorithm, ties, ask, root_player, leaves, internal,
// options: {hints, solution, attempts}, attempts_used, attempts_left}; `who`: {student?, learner?}
export const fetchExercise = (id, who = {}) => call(`${path(id)}${query(who)}`).then((r) => r.json());
// {values, bounds, pruned, student?, learner?} -> {correct, score, mistakes, first_mistake, misconceptions,
// withheld, help, perfect, help_note}; the server keeps the attempt (403 when the student's attempts are used up)
export const checkAnswer = (id, answer) => post(`${path(id)}/check`, answer);
// A partial answer (+ student?, learner?) -> {hint: {node, kind, expected?, explanation, seq} | null}; the server
// notes that this student had a hint (403 when hints are off); `who` in the query ({student?, learner?}) is
// whose try it counts as for the per-student quota only (429 past it)
export const askHint = (id, answer, who = {}) => post(`${path(id)}/hint${query(who)}`, answer);
// The instructor's summary; a wrong key is an Error (403)
// `access`: {key} (the results link's) or {lti} (an instructor's launch from a course the exercise was added to)
// GET /api/practice/next (issue 50): a new values exercise on which that misconception changes the answer.
export const nextExercise = (misconception, after, algorithm) =>
  call(`/api/practice/next?${new URLSearchParams({ misconception, after, algorithm })}`).then((r) => r.json());
export const fetchResults = (id, access) => call(`${path(id)}/results?${new URLSearchParams(access)}`).then((r) => r.json());
// One attempt with the tree it was checked against and its answer (issue 46): {attempt, student, answer, check, variants}
export const fetchAttempt = (id, attempt, access) =>
  call(`${path(id)}/attempts/${encodeURIComponent(attempt)}?${new URLSearchParams(access)}`).then((r) => r.json());
// The roster's private links {links: [{student, url}]}; adding names answers the new ones (201)
export const fetchRoster = (id, access) => call(`${path(id)}/roster?${new URLSearchParams(access)}`).then((r) => r.json());
export const addToRoster = (id, access, names) => post(`${path(id)}/roster?${new URLSearchParams(access)}`, { roster: names });
export const rosterCsvUrl = (id, access) => `${path(id)}/roster.csv?${new URLSearchParams(access)}`;
// Where the instructor's CSV of every attempt downloads from
export const resultsCsvUrl = (id, access) => `${path(id)}/results.csv?${new URLSearchParams(access)}`;
// The exercise's real trace, as events to replay. A hidden solution (graded use) opens only with the
// instructor's key: by default the one in the page's own address (/x/<id>/solution?key=..., the results page's link).
const ownParam = (name) => new URLSearchParams(globalThis.location ? globalThis.location.search : "").get(name) || "";
const ownKey = () => ownParam("key");
// The page's own ?misconception= (a "watch this slip" link) asks for the search with that slip instead.
// A student's request says whose it is (the link's ?student= and the learner token): the server notes it.
// The instructor may come with a course's key (?course=&course_key=) or an LMS launch (?lti=) instead of the results
// key; a per-attempt student names the tree on screen (?tree_number=).
export const fetchSolution = (id, key = ownKey(), misconception = ownParam("misconception")) => {
  const access = key ? { key } : { course: ownParam("course"), course_key: ownParam("course_key") };
  const asked = { ...access, misconception, tree_number: ownParam("tree_number"), ...(key || access.course ? {} : pageIdentity(id)) };
  return call(`${path(id)}/solution${query(asked)}`).then(async (r) => parseTrace(await r.text()));
};

// "?a=1&b=2" of the fields that have a value, "" when none has.
function query(fields) {
  const given = Object.entries(fields).filter(([, value]) => value);
  return given.length ? `?${new URLSearchParams(given)}` : "";
}
