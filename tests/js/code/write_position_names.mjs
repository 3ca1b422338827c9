// Writes tests/golden/position_names.json: the names the page's rule (TraceTree.nameOf) gives on its own hand-made
// cases (kept in the file) and on the engine's golden traces. Run it when the page's naming changes on purpose:
//   node tests/js/code/write_position_names.mjs
// then the grader's rule (search/grading/position_names.py) must follow: tests/engine/test_position_names.py.
import { readFileSync, writeFileSync } from "node:fs";
import { TraceTree } from "../../../static/js/replay/trace_tree.js";

const GOLDEN = new URL("../../golden/", import.meta.url);
const FILE = new URL("position_names.json", GOLDEN);
const TRACES = ["tictactoe_X...O...._alphabeta_depth3.jsonl", "isolation_mobility_alphabeta_depth3.jsonl",
  "enhanced_horizon_minimax_tt_quiescence_beam3.jsonl", "lecture_alphabeta.jsonl", "chance_expectiminimax.jsonl"];

function pageNames(events) {
  const tree = new TraceTree(events[0]);
  for (const event of events.slice(1)) tree.observe(event);
  return Object.fromEntries(tree.ids.map((id) => [id, tree.nameOf(id)]));
}

const old = JSON.parse(readFileSync(FILE, "utf8"));
const cases = old.cases.map(({ about, events }) => ({ about, events, names: pageNames(events) }));
const traces = Object.fromEntries(TRACES.map((file) => {
  const events = readFileSync(new URL(file, GOLDEN), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
  return [file, pageNames(events)];
}));
writeFileSync(FILE, `${JSON.stringify({ about: old.about, cases, traces }, null, 1)}\n`);
