// Wires the page together: the socket feeds events into a Replay; the player picks a
// step; the tree, pseudocode and narration show the state at that step.

import { Replay } from "./replay_state.js";
import { TreeView } from "./tree_view.js";
import { PlayerControls } from "./player_controls.js";
import { PseudocodePanel } from "./pseudocode_panel.js";
import { narrate, say } from "./narration.js";
import { SearchSocket } from "./search_socket.js";
import { SearchForm } from "./search_form.js";
import { readTraceFile, fetchPseudocode, fetchSharedTrace, fetchSharedTree } from "./trace_file.js";

const $ = (id) => document.getElementById(id);

const view = new TreeView($("tree"), $("tree-note"));
const code = new PseudocodePanel({
  list: $("code"),
  vars: { node: $("var-node"), v: $("var-v"), alpha: $("var-alpha"), beta: $("var-beta") },
});
const narration = $("narration");

let replay = null; // the current search's events and state
let listing = []; // the current search's pseudocode
let finished = false; // no more events will come for the current search
let shownStep = -1; // the step the drawing shows (-1: nothing drawn yet)
let refreshQueued = false;

const controls = new PlayerControls(
  {
    root: $("player"),
    first: $("first"),
    back: $("back"),
    play: $("play"),
    forward: $("forward"),
    last: $("last"),
    speed: $("speed"),
    scrub: $("scrub"),
    counter: $("counter"),
  },
  showStep,
);

function showStep(k) {
  if (!replay) return;
  const state = replay.stateAt(k);
  const dirty = shownStep < 0 ? null : replay.touchedBetween(shownStep, k);
  view.update(state, dirty);
  shownStep = k;
  const event = replay.events[k];
  code.highlight(event.line);
  // At the result no node is current: show the root, whose value is the answer.
  const node = state.current >= 0 ? state.current : replay.tree.root;
  const t = replay.tree;
  code.showVars(t.kind === "tree" ? t.label[node] : t.ids[node], state.v[node], state.alpha[node], state.beta[node]);
  say(narration, narrate(event, replay));
}

function newSearch(pseudocode) {
  controls.reset();
  replay = null;
  listing = pseudocode || [];
  finished = false;
  shownStep = -1;
  view.reset(null);
  code.setListing([], false);
  say(narration, "Searching…");
}

function addEvents(events) {
  if (!events.length) return;
  if (!replay) {
    replay = new Replay(events[0]);
    replay.append(events.slice(1));
    const depth = events[0].options ? events[0].options.depth : null;
    code.setListing(listing, depth !== null && depth !== undefined);
    view.reset(replay);
    view.showStart();
    controls.extend(replay.last, finished);
    controls.refresh();
    return;
  }
  const grew = replay.append(events);
  controls.extend(replay.last, finished);
  if (grew) scheduleRelayout();
}

// New game nodes need a new layout. Batches can arrive many times a second, so lay
// out at most once per frame, and for a big tree at most twice a second.
function scheduleRelayout() {
  if (refreshQueued) return;
  refreshQueued = true;
  const delay = replay.tree.size > 2000 ? 500 : 0;
  setTimeout(() => requestAnimationFrame(() => {
    refreshQueued = false;
    if (replay) view.update(replay.stateAt(controls.k), null);
  }), delay);
}

const form = new SearchForm($("search-form"), $("form-error"), (request) => socket.start(request));

const socket = new SearchSocket({
  onStarted: (msg) => newSearch(msg.pseudocode),
  onEvents: addEvents,
  onDone: () => {
    finished = true;
    if (replay) controls.extend(replay.last, true);
  },
  onError: (text) => {
    form.showError(text);
    // A search that failed before its first event leaves nothing to show.
    if (!replay) say(narration, "");
  },
  onConnection: (status) => {
    const el = $("connection");
    el.textContent = status;
    el.dataset.status = status === "connected" ? "connected" : "down";
  },
});

$("stop").addEventListener("click", () => socket.cancel());
$("fit").addEventListener("click", () => view.fit());

// A saved trace replays without the server's search: only its listing is fetched.
async function replayTrace(events) {
  const pseudocode = await fetchPseudocode(events[0]);
  socket.release();
  form.clearError();
  newSearch(pseudocode);
  finished = true;
  addEvents(events);
}

$("trace-file").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  try {
    await replayTrace(await readTraceFile(file));
  } catch (err) {
    form.showError(`${file.name}: ${err.message}`);
  }
});

// Opening the page shows the lecture example with alpha-beta, paused at step 0; a shared
// link (/t/<id> a tree, /r/<id> a trace, ids put in data attributes by the server) shows
// what it points to instead, or says why it cannot and shows the lecture example.
async function openPage() {
  const { sharedTree, sharedTrace } = document.body.dataset;
  try {
    if (sharedTrace) {
      await replayTrace(await fetchSharedTrace(sharedTrace));
      return;
    }
    if (sharedTree) {
      form.useTree(await fetchSharedTree(sharedTree));
      socket.start(form.request());
      return;
    }
  } catch (err) {
    form.showError(`shared ${sharedTrace ? "trace" : "tree"} ${sharedTrace || sharedTree}: ${err.message}`);
  }
  socket.start(form.request());
}
openPage();

// For the render benchmark and tests: the step function, to time it in the page.
window.minimaxLab = {
  seek: (k) => controls.seek(k),
  get step() {
    return controls.k;
  },
  get last() {
    return controls.n;
  },
  get finished() {
    return finished;
  },
};
