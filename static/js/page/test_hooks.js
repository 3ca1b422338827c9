// window.minimaxLab: the page's hooks for the render benchmark and the browser tests
// (tests/browser): step the player, read the search shown, reach the socket and the classroom.
// `page`: app.js's parts of the page, read when a hook is used.

import { shown, eventIndex } from "./page_state.js";

export function installTestHooks(page) {
  // For the render benchmark and tests: the step function, to time it in the page.
  window.minimaxLab = {
    seek: (k) => page.controls.seek(k),
    // Tests: the event the current step shows, and the player's detail.
    get event() {
      return shown.replay ? eventIndex(page.controls.k) : -1;
    },
    get detail() {
      return shown.detail;
    },
    get step() {
      return page.controls.k;
    },
    get last() {
      return page.controls.n;
    },
    get finished() {
      return shown.finished;
    },
    // The benchmark: bytes the replay keeps in typed arrays (outside the JS heap).
    get storedBytes() {
      return shown.replay ? shown.replay.bytes : 0;
    },
    get searches() {
      return shown.searches;
    },
    // Tests: answers the Ordering tab has shown.
    get orderingRuns() {
      return page.orderingLab.runs;
    },
    // Tests: drop the connection as a network failure would (socket.io then reconnects).
    dropConnection: () => page.socket.socket.io.engine.close(),
    // Tests: the page's side of /search, to hold back or lose a request on its way.
    get searchSocket() {
      return page.socket;
    },
    // Tests: the classroom's two sides (a page is at most one of them at a time).
    get classTeacher() {
      return page.teacher;
    },
    get classFollower() {
      return page.follower;
    },
  };
}
