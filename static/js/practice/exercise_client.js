// The practice exercises' REST API (server/practice/api.py). Every answer that is not 2xx becomes
// an Error with the server's message, e.g. "values.B: expected a finite number".

import { errorText } from "../export/rest_client.js";
import { parseTrace } from "../replay/trace_file.js";

async function call(url, options = {}) {
  let response;
  try {
    response = await fetch(url, options);
  } catch (err) {
    throw new Error("cannot reach the server");
  }
  if (!response.ok) throw new Error(await errorText(response));
  return response;
}

const post = (url, body) =>
  call(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
const path = (id) => `/api/exercises/${encodeURIComponent(id)}`;

// {tree | generate | game+state, algorithm, ties, ask} -> {id, url, key}
export const createExercise = (request) => post("/api/exercises", request);
// The student's copy: {tree (leaf values only), algorithm, ties, ask, root_player, leaves, internal}
export const fetchExercise = (id) => call(path(id)).then((r) => r.json());
// {values, bounds, pruned} -> {correct, score, mistakes, first_mistake}; the server keeps the attempt
export const checkAnswer = (id, answer) => post(`${path(id)}/check`, answer);
// A partial answer -> {hint: {node, kind, expected?, explanation, seq} | null}; nothing kept
export const askHint = (id, answer) => post(`${path(id)}/hint`, answer);
// The instructor's summary; a wrong key is an Error (403)
export const fetchResults = (id, key) => call(`${path(id)}/results?${new URLSearchParams({ key })}`).then((r) => r.json());
// The exercise's real trace, as events to replay
export const fetchSolution = (id) => call(`${path(id)}/solution`).then(async (r) => parseTrace(await r.text()));
