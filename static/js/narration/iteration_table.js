// Iterative deepening's iterations as a small table under the narration: one row per iteration
// finished by the step shown (depth, value, best move, leaves, visited), and at the result the
// work of all the iterations against one direct alpha-beta search at depth N. Hidden for other
// searches. Values and moves come from the trace: inserted as text only.

import { showMove, showValue } from "../view/value_format.js";
import { iterativeWords } from "./narration.js";
import { rootMoveWords } from "./move_words.js";
import { plural } from "../view/plural.js";
import { EVENT } from "../replay/event_types.js";

export class IterationTable {
  constructor({ section, rows, compare }) {
    this.section = section;
    this.rows = rows;
    this.compare = compare;
    this.replay = null;
    this.found = []; // indices of the replay's iteration events, in order
    this.scanned = 0; // events looked at so far
    this.shownKey = "";
  }

  // The iteration events at or before event k of `replay`.
  show(replay, k) {
    const iterative = replay && replay.event(0) && replay.event(0).algorithm === "iterative";
    this.section.hidden = !iterative;
    if (!iterative) return;
    if (replay !== this.replay) {
      this.replay = replay;
      this.found = [];
      this.scanned = 0;
      this.shownKey = "";
    }
    for (; this.scanned <= replay.last; this.scanned++) {
      if (replay.typeOf(this.scanned) === EVENT.iteration) this.found.push(this.scanned);
    }
    const done = this.found.filter((i) => i <= k);
    const last = replay.event(Math.min(k, replay.last));
    const resultShown = last && last.type === EVENT.result;
    const key = `${done.length}:${resultShown}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    const t = replay.tree;
    this.rows.replaceChildren(...done.map((i) => {
      const e = replay.event(i);
      const tr = document.createElement("tr");
      // A game's best move by its square, as the narration says it, short for the column ("centre, cell 4").
      const place = t.kind === "game" ? rootMoveWords(t.sayings, e.move).replace(/^the /, "") : "";
      const move = e.child === null ? "—" : t.kind === "tree" ? t.nameOf(e.child) : place || showMove(e.move);
      for (const text of [e.iteration, e.depth, showValue(e.value), move, e.leaves.toLocaleString("en"), e.visited.toLocaleString("en")]) {
        const td = document.createElement("td");
        td.textContent = String(text);
        tr.append(td);
      }
      return tr;
    }));
    const running = replay.event(0).options.depth;
    this.compare.textContent = resultShown
      ? `${iterativeWords(last, t.kind)}.`.replace(/^./, (c) => c.toUpperCase())
      : `${done.length} of ${plural(running, "iteration")} finished at this step.`;
  }
}
