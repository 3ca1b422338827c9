// A search's events as they arrive (from the socket, a class's room or a saved trace): a new
// search clears the page, its first batch makes the Replay and draws it, later batches extend
// the player and lay the tree out again, not too often. `page` is app.js's parts of the page.

import { Replay } from "../replay/replay_state.js";
import { say } from "../narration/narration.js";
import { shown, eventIndex } from "../page/page_state.js";
import { extendPlayer } from "../player/step_display.js";
import { tellStream } from "./stream_note.js";
import { clearNotFound } from "../page/not_found.js";
import { EVENT } from "../replay/event_types.js";

export function newSearch(page, pseudocode) {
  const { controls, view, iterations, code, legend } = page;
  shown.searches++;
  clearNotFound(); // a saved item's "not found" note goes with the first search run after it
  controls.reset();
  page.predict.reset();
  page.misconception.show(null);
  shown.replay = null;
  shown.listing = pseudocode || [];
  document.getElementById("step-link-status").textContent = "";
  document.getElementById("search-status").textContent = ""; // a trace file's note is about that trace only
  shown.finished = false;
  shown.step = -1;
  view.reset(null);
  iterations.show(null, 0);
  code.setListing([], false);
  code.setVectors(false);
  legend.show(null);
  tellStream();
  say(page.narration, "Searching…");
}

export function addEvents(page, events) {
  if (!events.length) return;
  if (!shown.replay) {
    const { code, legend, view } = page;
    const replay = (shown.replay = new Replay(events[0]));
    page.misconception.show(events[0]);
    replay.append(events.slice(1));
    const depth = events[0].options ? events[0].options.depth : null;
    code.setListing(shown.listing, depth !== null && depth !== undefined);
    code.setVectors(events[0].algorithm === "maxn");
    legend.show(replay.tree, events[0].options);
    view.streaming = !shown.finished;
    // The editor holds the tree being searched, ready to change (a search the editor
    // started is its own tree already, and the editor may have moved on since).
    const source = events[0].source || {};
    if (source.kind === "tree" && source.tree && shown.runFrom !== "editor") page.editor.follow(source.tree);
    view.reset(replay);
    view.showStart();
    extendPlayer(page);
    page.controls.refresh();
    tellStream();
    return;
  }
  const grew = shown.replay.append(events);
  // Batches come many times a second: the player and the note catch up at most ten times a
  // second (each update lays the page out again), and at once with the last event.
  if (events[events.length - 1].type === EVENT.result) {
    extendPlayer(page);
    tellStream();
  } else if (!shown.streamQueued) {
    shown.streamQueued = true;
    setTimeout(() => {
      shown.streamQueued = false;
      if (!shown.replay) return;
      extendPlayer(page);
      tellStream();
    }, 100);
  }
  if (grew) scheduleRelayout(page);
}

// New game nodes need a new layout. Batches can arrive many times a second, so lay
// out at most once per frame, and for a big tree at most twice a second.
function scheduleRelayout(page) {
  if (shown.relayoutQueued) return;
  shown.relayoutQueued = true;
  const delay = shown.replay.tree.size > 2000 ? 500 : 0;
  setTimeout(() => requestAnimationFrame(() => {
    shown.relayoutQueued = false;
    // Laid out since (a step, the search's end): drawing again would only pan the view back to
    // the current node, away from a mark the student has just moved to.
    if (!shown.replay || page.view.laidOutVersion === shown.replay.tree.version) return;
    page.view.update(shown.replay.stateAt(eventIndex(page.controls.k)), null);
  }), delay);
}

// The search is over: a game tree small enough is drawn whole now (see focus_set.js drawsWhole).
export function drawFinished(page) {
  const { view } = page;
  if (!shown.replay || !view.streaming) return;
  view.streaming = false;
  view.update(shown.replay.stateAt(eventIndex(page.controls.k)), null);
}
