// One notebook widget's search and the step it shows: what page/page_state.js and
// player/step_display.js are for the page, kept per widget (several widgets on one notebook page
// each have their own). The trace comes whole from the notebook's kernel, so nothing streams and
// nothing is fetched: the drawing, the pseudocode, the narration and the tally at step k are
// the page's own modules reading the Replay at k.

import { Replay } from "../replay/replay_state.js";
import { drawStep } from "../player/step_display.js";
import { detailEventIndex, detailPositionOf, detailLastPosition } from "../page/page_state.js";

export class WidgetSteps {
  // parts: { view, code, legend, narration, tally, iterations, banner }
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

  // The player counts positions in the chosen detail; these map them to events and back (as the page's).
  eventIndex(position) {
    return detailEventIndex(this.replay, this.detail, position);
  }

  positionOf(k) {
    return detailPositionOf(this.replay, this.detail, k);
  }

  lastPosition() {
    return detailLastPosition(this.replay, this.detail);
  }

  // Step `position` of the player, shown as the page shows it; returns its event (-1: no trace yet).
  show(position) {
    if (!this.replay) return -1;
    const k = this.eventIndex(position);
    drawStep(this.parts, this.replay, this.step, k);
    this.step = k;
    return k;
  }
}
