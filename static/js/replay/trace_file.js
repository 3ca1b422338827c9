// A saved trace (JSON Lines, one event per line) replays on its own: its start
// event carries the tree or position. It comes from a file (checked by the server's
// validator first, POST /api/traces/check) or from a shared link (/r/<id>, fetched from
// /api/traces/<id>); the listing comes from GET /api/pseudocode.

import { refusal } from "../export/rest_client.js";
import { EVENT } from "./event_types.js";

export async function fetchSharedTrace(id) {
  const response = await fetch(`/api/traces/${encodeURIComponent(id)}`);
  if (!response.ok) throw await refusal(response);
  return parseTrace(await response.text());
}

// A shared tree (/t/<id>) as the JSON text the tree field takes.
export async function fetchSharedTree(id) {
  const response = await fetch(`/api/trees/${encodeURIComponent(id)}`);
  if (!response.ok) throw await refusal(response);
  return JSON.stringify(await response.json(), null, 1);
}

export function parseTrace(text) {
  const events = [];
  const lines = text.split("\n");
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n].trim();
    if (!line) continue;
    try {
      events.push(JSON.parse(line));
    } catch (err) {
      throw new Error(`line ${n + 1}: not valid JSON`);
    }
  }
  if (!events.length || events[0].type !== EVENT.start) {
    throw new Error("line 1: a trace starts with its start event");
  }
  events.forEach((e, i) => {
    if (e.seq !== i) throw new Error(`line ${i + 1}: expected seq ${i}`);
  });
  return events;
}

// The listing for a trace's search: its algorithm and tie rule, the player at its root (the
// first visit says it) and whether it has a depth limit.
export async function fetchPseudocode(events) {
  const start = events[0];
  const options = start.options || {};
  const visit = events.find((e) => e.type === EVENT.visit);
  const depth = options.depth === null || options.depth === undefined ? "" : String(options.depth);
  const params = new URLSearchParams({
    algorithm: start.algorithm || "alphabeta",
    ties: options.ties || "prune",
    root: visit && visit.player === "min" ? "min" : "max",
    depth,
  });
  // Alpha-beta over chance nodes (a tree with bounds) shows CHANCE-VALUE beside MAX and MIN.
  if (events.some((e) => e.type === EVENT.visit && e.player === "chance")) params.set("chance", "1");
  // The options that write lines of their own: the table, quiescence, the beam, fail-hard returns.
  if (options.tt) params.set("tt", "1");
  if (options.quiescence) params.set("quiescence", "1");
  if (options.beam) params.set("beam", String(options.beam));
  if (options.returns === "bound") params.set("returns", "bound");
  if (options.misconception) params.set("misconception", options.misconception); // the slipped line, rewritten
  const response = await fetch(`/api/pseudocode?${params}`);
  if (!response.ok) throw new Error(`pseudocode: the server answered ${response.status}`);
  return response.json();
}
