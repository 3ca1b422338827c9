// The editor's test for a CS188 .test file in its text box (static/js/editor/cs188_import.js): only
// text that is not JSON and has a test file's keys is sent to POST /api/import/cs188.
import { test } from "node:test";
import assert from "node:assert/strict";
import { importedNote, looksLikeCs188 } from "../../../static/js/editor/cs188_import.js";

test("a test file is told from JSON and the shorthand", () => {
  assert.equal(looksLikeCs188('class: "GraphGameTreeTest"\nalg: "MinimaxAgent"\n'), true);
  assert.equal(looksLikeCs188('# a comment first\r\nstart_state: "a"\r\nsuccessors: """\r\na Left b\r\n"""'), true);
  assert.equal(looksLikeCs188('{"id": "A", "label": "class: x", "value": 1}'), false);
  assert.equal(looksLikeCs188("  [[3,12,8],[2,4,6]]"), false);
  assert.equal(looksLikeCs188("3, 12, 8"), false);
});

test("the note says the agent, the plies and how it is searched", () => {
  const imported = { algorithm: "expectiminimax", ties: "explore",
    cs188: { alg: "ExpectimaxAgent", depth: 2, num_agents: 3, plies: 6 } };
  assert.equal(importedNote(imported, 12),
    "Loaded CS188 ExpectimaxAgent, depth 2 × 3 agents = 6 plies (12 nodes): searched with expectiminimax, ties explore, as its autograder does.");
});

test("states the file names that occur in no successor are told, as the import noted them", () => {
  const imported = { algorithm: "minimax", ties: "explore", cs188: { alg: "MinimaxAgent", depth: 3, num_agents: 2, plies: 6,
    notes: ["line 25: win_states: 'd1', 'd2', 'd3' and 'd4' are in no successor line: ignored, as CS188's GraphGameTreeTest ignores them"] } };
  assert.equal(importedNote(imported, 16),
    "Loaded CS188 MinimaxAgent, depth 3 × 2 agents = 6 plies (16 nodes): searched with minimax, ties explore, as its autograder does. " +
    "Note: line 25: win_states: 'd1', 'd2', 'd3' and 'd4' are in no successor line: ignored, as CS188's GraphGameTreeTest ignores them.");
});
