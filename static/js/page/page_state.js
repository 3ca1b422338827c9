// The search the page shows, and how far: the one place the page keeps state of its own. It
// is a module so that the feature wiring app.js calls (search/, replay/, classroom/, player/,
// page/) all read and change the same search, and map the player's positions the same way.

export const shown = {
  replay: null, // its events and state
  listing: [], // its pseudocode
  finished: false, // no more events will come for it
  step: -1, // the event the drawing shows (-1: nothing drawn yet)
  detail: "every", // the player steps through every line ("every") or the key steps ("key")
  request: null, // what started the search, for a link to one of its steps
  treeId: null, // the saved tree it searches, if it came from one
  traceId: null, // the saved trace it replays, if it came from one
  exerciseId: null, // the practice exercise whose solution it replays, if it is one
  pendingStep: null, // a linked step to show once its event has arrived
  relayoutQueued: false,
  streamQueued: false, // the player and the stream note will catch up with the batches soon
  searches: 0, // searches shown since the page opened (for tests: "a new one has begun")
  runFrom: "search", // the panel that started it: its alert shows the errors
};

// The player counts steps in the chosen detail; these map its positions to events and back, for
// any replay (a notebook widget keeps its own) and, below, for the page's.
export function detailEventIndex(replay, detail, position) {
  if (detail === "every") return position;
  return replay.keyStep(Math.max(0, Math.min(position, replay.keyCount - 1)));
}

// The position at or before event k (switching detail keeps the student where they were).
export function detailPositionOf(replay, detail, k) {
  if (detail === "every") return k;
  let lo = 0;
  let hi = replay.keyCount - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (replay.keyStep(mid) <= k) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function detailLastPosition(replay, detail) {
  return detail === "every" ? replay.last : replay.keyCount - 1;
}

export const eventIndex = (position) => detailEventIndex(shown.replay, shown.detail, position);
export const positionOf = (k) => detailPositionOf(shown.replay, shown.detail, k);
export const lastPosition = () => detailLastPosition(shown.replay, shown.detail);
