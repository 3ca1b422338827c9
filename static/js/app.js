// Wires the page together: the socket feeds events into a Replay; the player picks a
// step; the tree, pseudocode and narration show the state at that step. The side panel's
// tabs: Search (search_form.js), Edit tree (tree_editor.js, random_tree_form.js) and
// Share & export (share_panel.js); a tree search's tree is also the editor's tree.

import { Replay } from "./replay_state.js";
import { TreeView } from "./tree_view.js";
import { PlayerControls } from "./player_controls.js";
import { PseudocodePanel } from "./pseudocode_panel.js";
import { narrate, say } from "./narration.js";
import { SearchSocket } from "./search_socket.js";
import { SearchForm } from "./search_form.js";
import { parseTrace, fetchPseudocode, fetchSharedTrace, fetchSharedTree } from "./trace_file.js";
import { SideTabs } from "./side_tabs.js";
import { TreeEditor, formatTree } from "./tree_editor.js";
import { RandomTreeForm } from "./random_tree_form.js";
import { SharePanel, showLink } from "./share_panel.js";
import { checkTrace, fetchLimits, saveTrace } from "./rest_client.js";
import { fileStem } from "./download_file.js";
import { PresentMode } from "./present_mode.js";
import { enterRuns } from "./enter_runs.js";

const $ = (id) => document.getElementById(id);

const view = new TreeView($("tree"), $("tree-note"));
const code = new PseudocodePanel({
  list: $("code"),
  vars: { node: $("var-node"), v: $("var-v"), alpha: $("var-alpha"), beta: $("var-beta") },
});
const narration = $("narration");

// The search the page shows, and how far; the one place the page keeps state of its own.
const shown = {
  replay: null, // its events and state
  listing: [], // its pseudocode
  finished: false, // no more events will come for it
  step: -1, // the step the drawing shows (-1: nothing drawn yet)
  relayoutQueued: false,
  searches: 0, // searches shown since the page opened (for tests: "a new one has begun")
  runFrom: "search", // the panel that started it: its alert shows the errors
};

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
  const replay = shown.replay;
  if (!replay) return;
  const state = replay.stateAt(k);
  const dirty = shown.step < 0 ? null : replay.touchedBetween(shown.step, k);
  view.update(state, dirty);
  shown.step = k;
  const event = replay.events[k];
  code.highlight(event.line);
  // At the result no node is current: show the root, whose value is the answer.
  const node = state.current >= 0 ? state.current : replay.tree.root;
  const t = replay.tree;
  code.showVars(t.nameOf(t.ids[node]), state.v[node], state.alpha[node], state.beta[node]);
  say(narration, narrate(event, replay));
}

function newSearch(pseudocode) {
  shown.searches++;
  controls.reset();
  shown.replay = null;
  shown.listing = pseudocode || [];
  shown.finished = false;
  shown.step = -1;
  view.reset(null);
  code.setListing([], false);
  say(narration, "Searching…");
}

function addEvents(events) {
  if (!events.length) return;
  if (!shown.replay) {
    const replay = (shown.replay = new Replay(events[0]));
    replay.append(events.slice(1));
    const depth = events[0].options ? events[0].options.depth : null;
    code.setListing(shown.listing, depth !== null && depth !== undefined);
    // The editor holds the tree being searched, ready to change (a search the editor
    // started is its own tree already, and the editor may have moved on since).
    const source = events[0].source || {};
    if (source.kind === "tree" && source.tree && shown.runFrom !== "editor") editor.follow(source.tree);
    view.reset(replay);
    view.showStart();
    controls.extend(replay.last, shown.finished);
    controls.refresh();
    return;
  }
  const grew = shown.replay.append(events);
  controls.extend(shown.replay.last, shown.finished);
  if (grew) scheduleRelayout();
}

// New game nodes need a new layout. Batches can arrive many times a second, so lay
// out at most once per frame, and for a big tree at most twice a second.
function scheduleRelayout() {
  if (shown.relayoutQueued) return;
  shown.relayoutQueued = true;
  const delay = shown.replay.tree.size > 2000 ? 500 : 0;
  setTimeout(() => requestAnimationFrame(() => {
    shown.relayoutQueued = false;
    if (shown.replay) view.update(shown.replay.stateAt(controls.k), null);
  }), delay);
}

const form = new SearchForm($("search-form"), $("form-error"), (request) => {
  shown.runFrom = "search";
  socket.start(request);
});

// Run the search on a tree from the editor, with the Search tab's options; the Search
// tab then holds that tree too, so its Run repeats this search.
function runTree(tree) {
  shown.runFrom = "editor";
  let options;
  try {
    options = form.options();
  } catch (err) {
    editor.showError(`${err.message} (in the Search tab)`);
    return;
  }
  form.clearError();
  form.useTree(formatTree(tree));
  socket.start({ tree, ...options });
}

// The editor's limits are the server's: edits wait for them, and are refused if they fail.
const editor = new TreeEditor({
  els: {
    panel: $("panel-edit"), outline: $("editor-outline"), heading: $("node-heading"), form: $("node-form"),
    hint: $("node-hint"), error: $("editor-error"), status: $("editor-status"),
    newTree: $("editor-new"), undo: $("editor-undo"), redo: $("editor-redo"), add: $("editor-add"),
    del: $("editor-delete"), left: $("editor-left"), right: $("editor-right"), run: $("editor-run"),
    text: $("editor-text"), textError: $("text-error"), textStatus: $("text-status"),
    textLoad: $("text-load"), textJson: $("text-json"), textShorthand: $("text-shorthand"),
  },
  limits: fetchLimits(),
  onRun: runTree,
});

new RandomTreeForm($("random-form"), $("random-error"), $("random-seed"), (tree, options) => {
  editor.load(tree);
  editor.say(`Random tree${options.seed === undefined ? "" : `, seed ${options.seed}`}: ${editor.size.toLocaleString("en")} nodes`);
  runTree(editor.tree);
});

const tabs = new SideTabs(document.querySelector(".tabs"), (id) => {
  if (id === "tab-edit") {
    describeRun();
    editor.shown();
  }
});

function describeRun() {
  let text;
  try {
    text = `Runs ${form.describeOptions()} (options in the Search tab).`;
  } catch (err) {
    text = `The Search tab's options need fixing: ${err.message}`;
  }
  $("editor-run-note").textContent = text;
}
$("search-form").addEventListener("change", describeRun);
describeRun();

const socket = new SearchSocket({
  onStarted: (msg) => newSearch(msg.pseudocode),
  onEvents: addEvents,
  onDone: () => {
    shown.finished = true;
    if (shown.replay) controls.extend(shown.replay.last, true);
  },
  // endsSearch: the search shown will get no more events (it failed, or the connection
  // dropped): the timeline is complete as it stands, so Play, Last and Download work.
  onError: (text, endsSearch) => {
    if (shown.runFrom === "editor") editor.showError(text);
    else form.showError(text);
    if (endsSearch) {
      shown.finished = true;
      if (shown.replay) controls.extend(shown.replay.last, true);
    }
    // A search that failed before its first event leaves nothing to show.
    if (!shown.replay) say(narration, "");
  },
  onConnection: (status) => {
    const el = $("connection");
    el.textContent = status;
    el.dataset.status = status === "connected" ? "connected" : "down";
  },
});

$("stop").addEventListener("click", () => socket.cancel());
// While the editor is open, clicking a node in the drawing selects it there.
$("tree").addEventListener("click", (ev) => {
  const node = ev.target.closest("[data-node-id]");
  if (node && tabs.current === "tab-edit") editor.select(node.dataset.nodeId);
});
$("fit").addEventListener("click", () => view.fit());
new PresentMode($("present"), view);
enterRuns($("search-form"), $("form-error"), $("tree"));

// A saved trace replays without the server's search: only its listing is fetched.
async function replayTrace(events) {
  const pseudocode = await fetchPseudocode(events[0]);
  socket.release();
  form.clearError();
  newSearch(pseudocode);
  shown.finished = true;
  addEvents(events);
}

// A trace file is checked by the server's validator, then replays from the file's own
// events. Opening one (Search tab) stores nothing; sharing one (Share tab) saves it and
// shows its /r/ link. Errors go to `errorEl`; the page keeps what it showed. Returns
// whether it replays.
async function openTraceFile(file, errorEl, share = false) {
  errorEl.textContent = "";
  let events;
  let saved = null;
  try {
    const text = await file.text();
    const answer = share ? await saveTrace(text) : await checkTrace(text);
    if (share) saved = answer;
    // A trace of an older format comes back as it reads today (answer.trace): replay that.
    events = parseTrace(answer.trace || text);
    if (saved) showLink("trace", saved.url); // saved even if the replay below fails
    shown.runFrom = "search";
    await replayTrace(events);
  } catch (err) {
    errorEl.textContent = `${file.name}: ${err.message}`;
    return false;
  }
  return true;
}

$("trace-file").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  ev.target.value = ""; // the same file can be opened again
  if (!file) return;
  if (await openTraceFile(file, $("form-error"))) {
    $("search-status").textContent = `${file.name}: replaying it (not saved: share it from the Share & export tab).`;
  }
});

// What the exports and the trace download take from the search shown.
function searchName() {
  const start = shown.replay.events[0];
  const root = shown.replay.tree.ids[shown.replay.tree.root];
  return { alg: start.algorithm === "alphabeta" ? "alpha-beta" : start.algorithm || "search", stem: `${fileStem(root)}-${start.algorithm || "search"}` };
}

new SharePanel({
  getTree: () => editor.tree,
  trace: () => {
    if (!shown.replay) throw new Error("no search to download yet");
    if (!shown.finished) throw new Error("the search is still running: wait for its result");
    const text = shown.replay.events.map((e) => JSON.stringify(e)).join("\n") + "\n";
    return { text, stem: searchName().stem };
  },
  view: () => {
    if (!shown.replay || shown.step < 0) return null;
    const k = controls.k;
    const { alg, stem } = searchName();
    const t = shown.replay.tree;
    return {
      svg: $("tree"),
      tree: t,
      state: shown.replay.stateAt(k),
      x: view.x,
      y: view.y,
      drawn: view.drawn,
      title: `Minimax Lab: ${alg} on ${t.label[t.root]}, step ${k} of ${controls.n}`,
      stem: `${stem}-step${k}`,
    };
  },
  openTrace: (file, errorEl) => openTraceFile(file, errorEl, true),
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
      // A shared tree opens in the editor, and runs.
      const tree = JSON.parse(await fetchSharedTree(sharedTree));
      tabs.show("tab-edit");
      editor.load(tree, "The shared tree: change it, Run it, share your own");
      runTree(editor.tree);
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
    return shown.finished;
  },
  get searches() {
    return shown.searches;
  },
  // Tests: drop the connection as a network failure would (socket.io then reconnects).
  dropConnection: () => socket.socket.io.engine.close(),
  // Tests: the page's side of /search, to hold back or lose a request on its way.
  get searchSocket() {
    return socket;
  },
};
