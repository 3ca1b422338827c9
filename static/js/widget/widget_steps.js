// One notebook widget's search and the step it shows: what page/page_state.js and
// player/step_display.js are for the page, kept per widget (several widgets on one notebook page
// each have their own). The trace comes whole from the notebook's kernel, so nothing streams and
// nothing is fetched: the drawing, the pseudocode, the narration and the tally at step k are
// the page's own modules reading the Replay at k.

import { Replay } from "../replay/replay_state.js";
import { narrate, say } from "../narration/narration.js";
import { narrationLink } from "../narration/enhancement_words.js";
import { callerLine } from "../narration/pseudocode_panel.js";
import { readoutName, tallyWords } from "../player/step_display.js";

export class WidgetSteps {
  // parts: { view, code, legend, narration, tally, iterations, banner, controls? }
  constructor(parts) {
    this.parts = parts;
    this.replay = null;
    this.step = -1; // the event drawn (-1: none yet)
    this.detail = "every"; // every line, or the key steps
  }

  // A whole trace (its events in order) and its listing: drawn from its first step.
  open(events, listing) {
    const { view, code, legend, iterations, banner } = this.parts;
    const replay = new Replay(events[0]);
    replay.append(events.slice(1));
    this.replay = replay;
    this.step = -1;
    const options = events[0].options || {};
    code.setListing(listing, options.depth !== null && options.depth !== undefined);
    code.setVectors(events[0].algorithm === "maxn");
    legend.show(replay.tree, events[0].options);
    banner.show(events[0]);
    iterations.show(null, 0);
    view.streaming = false;
    view.reset(replay);
    view.showStart();
  }

  // The player counts positions in the chosen detail; these map them to events and back.
  eventIndex(position) {
    if (this.detail === "every") return position;
    const replay = this.replay;
    return replay.keyStep(Math.max(0, Math.min(position, replay.keyCount - 1)));
  }

  positionOf(k) {
    if (this.detail === "every") return k;
    let lo = 0;
    let hi = this.replay.keyCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.replay.keyStep(mid) <= k) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  lastPosition() {
    return this.detail === "every" ? this.replay.last : this.replay.keyCount - 1;
  }

  // Step `position` of the player, shown: the tree, the lit line and v, α, β, the narration, the tally.
  show(position) {
    const replay = this.replay;
    if (!replay) return -1;
    const { view, code, narration, tally, iterations } = this.parts;
    const k = this.eventIndex(position);
    const state = replay.stateAt(k);
    view.update(state, this.step < 0 ? null : replay.touchedBetween(this.step, k));
    this.step = k;
    const event = replay.event(k);
    code.highlight(event.line, callerLine(event, k > 0 ? replay.event(k - 1) : null));
    const t = replay.tree;
    const node = state.current >= 0 ? state.current : t.root; // at the result: the root, whose value is the answer
    code.showVars(readoutName(t, node), state.vOf(node), state.alphaOf(node), state.betaOf(node), state.boundOf(node),
      t.nameOf(t.ids[node]));
    const link = narrationLink(event, (id) => t.nameOf(id));
    if (link) link.pick = () => view.showNode(t.idx(link.id));
    say(narration, narrate(event, replay, state), link);
    const words = tallyWords(t, state);
    if (tally.textContent !== words) tally.textContent = words;
    tally.dataset.final = state.result && event.type === "result" ? "true" : "false";
    iterations.show(replay, k);
    return k;
  }
}
