// What each misconception of the catalogue answers to the questions of a search
// (POST /api/misconceptions/answers, search/misconceptions/questions.py): fetched once per search
// request and shared by predict mode's feedback and the instructor's class questions, so a wrong
// answer is named by the wrong idea it follows. Searches with none (an enhancement, an ordering,
// iterative deepening, a mistaken search itself) are never asked about.

import { algorithmOf } from "../page/catalogue.js";

const cache = new WeakMap(); // request object -> Promise of the readings

// Whether a search of `request` (as the socket takes it) can have readings: pure, so node's tests run it.
export function hasReadings(request) {
  if (!request || typeof request !== "object") return false;
  // The plain searches, which visit every node once (the catalogue's single_pass: not iterative deepening).
  const algorithm = algorithmOf(request.algorithm ?? "alphabeta");
  if (!algorithm || !algorithm.single_pass) return false;
  if (request.tt || request.quiescence || (request.beam !== undefined && request.beam !== null)) return false;
  return request.ordering === undefined || request.ordering === null ? !request.misconception : false;
}

// -> Promise of [{id, name, follows, idea, tells, answers}], [] when the search has none or the
// server cannot say (the feedback then names no misconception: nothing else depends on it).
export function readingsFor(request) {
  if (!hasReadings(request)) return Promise.resolve([]);
  if (!cache.has(request)) cache.set(request, fetchReadings(request));
  return cache.get(request);
}

async function fetchReadings(request) {
  try {
    const response = await fetch("/api/misconceptions/answers", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request),
    });
    if (!response.ok) return [];
    const body = await response.json();
    return Array.isArray(body.misconceptions) ? body.misconceptions : [];
  } catch {
    return [];
  }
}
