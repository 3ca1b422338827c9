// The practice paths' REST API (server/practice/path_api.py). An answer that is not 2xx becomes an Error with the
// server's message and its status (err.status).

import { fetchOrRefuse } from "../export/rest_client.js";

const call = async (url, options = {}) => (await fetchOrRefuse(url, options)).json();
const post = (url, body) => call(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const path = (id) => `/api/paths/${encodeURIComponent(id)}`;

// {title?, algorithm?} -> {id, url, key, results_url}
export const createPath = (request) => post("/api/paths", request);
// `who`: {student?, learner} -> {path, exercise: {id, url} | null, step, progress}; gives a new tree when the last is checked
export const nextOnPath = (id, who) => post(`${path(id)}/next`, who);
// The same, without giving a tree
export const pathProgress = (id, who) => call(`${path(id)}/progress?${new URLSearchParams(who)}`);
// Every student's progress: {path, students, students_count, ideas}; a wrong key is an Error (403)
export const pathResults = (id, key) => call(`${path(id)}/results?${new URLSearchParams({ key })}`);

// Whom a path's requests are for: the link's name when it has one, and this browser's learner token.
export const pathStudent = (student, learner) => ({ ...(student ? { student } : {}), learner });

// The page of a path's tree: the exercise, told it is on the path (and whose it is, when the path's link named them).
export function treeOnPath(exercise, pathId, student) {
  const query = new URLSearchParams({ path: pathId, ...(student ? { student } : {}) });
  return `${exercise.url}?${query}`;
}

// Ask the path for the tree to do now and open it; the answer when there is none (the path is done).
export async function openNextTree(pathId, who) {
  const answer = await nextOnPath(pathId, who);
  if (answer.exercise) window.location.assign(treeOnPath(answer.exercise, pathId, who.student));
  return answer;
}
