// The courses' REST API (server/courses/api.py). An answer that is not 2xx becomes an Error with the server's
// message ("key: a missing or wrong course key ...") and its status (err.status).

import { fetchOrRefuse } from "../export/rest_client.js";

const call = async (url, options = {}) => (await fetchOrRefuse(url, options)).json();

const post = (url, body) => call(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const path = (id) => `/api/courses/${encodeURIComponent(id)}`;
const keyed = (key) => `?${new URLSearchParams({ key })}`;

// {title, exercises?: [{id, key}]} -> {id, url, key, exercises}
export const createCourse = (request) => post("/api/courses", request);
// {title, exercises: [{id, title, grade, url, anonymous_students}], students: [{name, lms, scores, misconceptions}], anonymous}
export const fetchGradebook = (id, key) => call(`${path(id)}/gradebook${keyed(key)}`);
export const gradebookCsvUrl = (id, key) => `${path(id)}/gradebook.csv${keyed(key)}`;
// {id, key (its results key)} -> {id, exercises}
export const addExercise = (id, key, exercise) => post(`${path(id)}/exercises${keyed(key)}`, exercise);

// What an instructor pasted as "the exercise": an id, or a results link (/x/<id>/results?key=...), or the exercise's
// own link (/x/<id>): {id, key} with the link's key when it has one ("" otherwise).
export function exerciseFrom(text) {
  const given = text.trim();
  const link = /\/x\/([A-Za-z0-9_-]+)(?:\/results)?\/?(?:\?(.*))?$/.exec(given.split("#")[0]);
  if (!link) return { id: given, key: "" };
  return { id: link[1], key: new URLSearchParams(link[2] || "").get("key") || "" };
}
