// The REST API of saved trees and traces (server/http/trees_api.py). The server's validator is the
// only one: every answer that is not 2xx becomes an Error with the server's message,
// e.g. "children[1].children[0].value: expected a finite number".

// The server's message from a refused request, e.g. {"error": "line 6: ..."}.
export async function errorText(response) {
  try {
    return (await response.json()).error || `the server answered ${response.status}`;
  } catch {
    return `the server answered ${response.status}`;
  }
}

// A refused request as an Error with the server's message and the answer's status (`status`: 404, a saved item
// that is not stored, page/not_found.js).
export async function refusal(response) {
  return Object.assign(new Error(await errorText(response)), { status: response.status });
}

// fetch(url, options), with a network failure said plainly and an answer that is not 2xx thrown as its refusal:
// the one way the practice and course clients call the server.
export async function fetchOrRefuse(url, options = {}) {
  let response;
  try {
    response = await fetch(url, options);
  } catch (err) {
    throw new Error("cannot reach the server");
  }
  if (!response.ok) throw await refusal(response);
  return response;
}

async function send(url, body, type) {
  let response;
  try {
    response = await fetch(url, { method: "POST", headers: { "Content-Type": type }, body });
  } catch (err) {
    throw new Error("cannot reach the server");
  }
  if (!response.ok) throw new Error(await errorText(response));
  return response.json();
}

// Tree text (JSON or the nested-list shorthand) -> the normalised tree, not saved. Nodes
// given without an id come back named by the shorthand's rule (the editor's Add child).
export function checkTree(text) {
  return send("/api/trees/check", text, "application/json");
}

// Tree text -> {shorthand: "[[3,12,8],...]", renamed: ["X → B", ...]}; refused (an Error
// saying why) for a tree the shorthand cannot carry: labels, estimates, players out of turn.
export function treeShorthand(text) {
  return send("/api/trees/shorthand", text, "application/json");
}

// -> {id, url}
export function saveTree(text) {
  return send("/api/trees", text, "application/json");
}

// JSON Lines -> {events, trace?}: checked by the server's validator, not stored; `trace`
// (JSON Lines) only for a trace of an older format: the trace as it reads today.
export function checkTrace(text) {
  return send("/api/traces/check", text, "application/x-ndjson");
}

// JSON Lines -> {id, url, events, trace?}; saved as it reads today (`trace`, as above)
export function saveTrace(text) {
  return send("/api/traces", text, "application/x-ndjson");
}

// {depth, min_branching, max_branching, min_value, max_value, seed} -> tree JSON
export function randomTree(options) {
  return send("/api/random-tree", JSON.stringify(options), "application/json");
}

// The server's limits and the label rule (GET /api/limits): the editor's only copy.
export async function fetchLimits() {
  let response;
  try {
    response = await fetch("/api/limits");
  } catch (err) {
    throw new Error("cannot reach the server");
  }
  if (!response.ok) throw new Error(await errorText(response));
  return response.json();
}
