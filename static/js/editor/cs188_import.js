// UC Berkeley CS188's game-tree tests (the multiagent project's GraphGameTreeTest .test files) in
// the editor's text box or file input. The page does not parse them: the server does
// (POST /api/import/cs188, search/trees/cs188.py), and answers the tree with the algorithm the
// file's agent is and the autograder's tie rule ("explore": it prunes only on v > β, v < α).

import { errorText } from "../export/rest_client.js";

// Not JSON (which starts with { or [) but lines such as `class: "GraphGameTreeTest"` or
// `successors: """`: worth asking the server to read.
export function looksLikeCs188(text) {
  const start = text.trimStart();
  if (start.startsWith("{") || start.startsWith("[")) return false;
  return /^\s*(class|successors|start_state)\s*:/m.test(text);
}

// .test text -> {tree, algorithm, ties, depth, cs188: {alg, depth, num_agents, plies, ...}, actions};
// an Error with the server's message (naming the file's line) when it refuses.
export async function importCs188(text) {
  let response;
  try {
    response = await fetch("/api/import/cs188", { method: "POST", headers: { "Content-Type": "text/plain" }, body: text });
  } catch (err) {
    throw new Error("cannot reach the server");
  }
  if (!response.ok) throw new Error(await errorText(response));
  return response.json();
}

// The sentence the editor says once a test is loaded, e.g. "Loaded CS188 AlphaBetaAgent, depth 2 ×
// 2 agents = 4 plies: searched with alpha-beta, ties explore (as its autograder)."
export function importedNote(imported, nodes) {
  const c = imported.cs188;
  const alg = { alphabeta: "alpha-beta", minimax: "minimax", expectiminimax: "expectiminimax" }[imported.algorithm] || imported.algorithm;
  const loaded = `Loaded CS188 ${c.alg}, depth ${c.depth} × ${c.num_agents} agents = ${c.plies} plies (${nodes} nodes): ` +
    `searched with ${alg}, ties ${imported.ties}, as its autograder does.`;
  // states the file names that no successor reaches (its win_states, say): ignored, as CS188's own test class does
  return [loaded, ...(c.notes || []).map((note) => `Note: ${note}.`)].join(" ");
}
