// Real traces for the JS tests: the engine's golden files (tests/golden/*.jsonl), which
// tests/engine/test_cli.py pins to what `python -m search trace` writes. So these tests read exactly
// what the engine emits, and a change to the events shows here too.
// (Not a test file itself: node --test runs *.test.js only.)
import { readFileSync } from "node:fs";
import { Replay } from "../../static/js/replay/replay_state.js";

export const GOLDEN = {
  lecture: "lecture_alphabeta.jsonl", // the slides' tree, alpha-beta: an alpha cut at C, none at D
  lectureMinimax: "lecture_minimax.jsonl",
  lectureFailHard: "lecture_alphabeta_fail_hard.jsonl", // the slides' figure: C and D return α = 3
  tictactoe: "tictactoe_X...O...._alphabeta_depth3.jsonl", // beta and alpha cuts, estimates
  isolation: "isolation_mobility_alphabeta_depth3.jsonl", // moves as [x, y]
  chance: "chance_expectiminimax.jsonl", // chance nodes: weighted sums
  chanceBounded: "chance_bounded_alphabeta.jsonl", // alpha-beta over chance nodes with bounds: a chance prune
  threePlayers: "three_players_maxn.jsonl", // max^n: vectors, the deciding component
};

export function goldenEvents(name) {
  const text = readFileSync(new URL(`../golden/${GOLDEN[name]}`, import.meta.url), "utf8");
  return text.split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
}

// A Replay holding the whole of `events` (options: the Replay's {every, budget}).
export function replayOf(events, options) {
  const replay = new Replay(events[0], options);
  replay.append(events.slice(1));
  return replay;
}

// plainState at every step of a trace, from one fresh Replay stepped forward only (never back, never a
// jump, snapshots at the default spacing): the reference the seeks, jumps and thinned snapshots are held
// to. Replaying each prefix from nothing gave the same states at O(n²) cost (15 s of `npm test` for the
// golden traces); a fresh prefix replay still checks a few steps in event_store.test.js and iterative.test.js.
export function forwardStates(events) {
  const replay = replayOf(events);
  return events.map((_, k) => plainState(replay.stateAt(k)));
}

// The step of the first event that `match` accepts.
export function stepWhere(events, match) {
  const k = events.findIndex(match);
  if (k < 0) throw new Error("no such event in the trace");
  return k;
}

// A replay state's accessors, by name: every field a view or a narration can read.
export const STATE_FIELDS = ["statusOf", "vOf", "alphaOf", "betaOf", "orderOf", "cutOf", "pruneOf", "leafKindOf", "vFromOf",
  "alphaFromOf", "betaFromOf", "ttOf", "noisyOf", "beamOf"];

// A plain copy of a state, each field read through its accessor for every node the state
// has room for, unset ones (undefined, "unvisited") left out: two states compare equal
// whatever room each has.
export function plainState(state) {
  const out = { step: state.step, current: state.current, visits: state.visits, leaves: state.leaves, result: state.result };
  for (const f of STATE_FIELDS) {
    out[f] = {};
    for (let i = 0; i < state.capacity; i++) {
      const x = state[f](i);
      if (x !== undefined && x !== "unvisited") out[f][i] = x;
    }
  }
  return out;
}
