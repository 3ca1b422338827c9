// Wires the page together: the socket feeds events into a Replay; the player picks a
// step; the tree, pseudocode and narration show the state at that step. The side panel's
// tabs: Search (search_form.js), Edit tree (tree_editor.js, random_tree_form.js) and
// Share & export (share_panel.js); a tree search's tree is also the editor's tree.

import { Replay } from "./replay/replay_state.js";
import { TreeView } from "./view/tree_view.js";
import { PlayerControls } from "./player/player_controls.js";
import { PseudocodePanel } from "./narration/pseudocode_panel.js";
import { narrate, say, savingWords } from "./narration/narration.js";
import { hasChance } from "./narration/chance_players_words.js";
import { narrationLink } from "./narration/enhancement_words.js";
import { SearchSocket } from "./search/search_socket.js";
import { HorizonPanel } from "./labs/horizon_panel.js";
import { SearchForm } from "./search/search_form.js";
import { parseTrace, fetchPseudocode, fetchSharedTrace, fetchSharedTree } from "./replay/trace_file.js";
import { SideTabs } from "./page/side_tabs.js";
import { TreeEditor, formatTree } from "./editor/tree_editor.js";
import { RandomTreeForm } from "./editor/random_tree_form.js";
import { SharePanel, showLink } from "./export/share_panel.js";
import { checkTrace, fetchLimits, saveTrace, saveTree, treeShorthand } from "./export/rest_client.js";
import { linkQuery, momentQuery, readLink } from "./player/step_link.js";
import { fileStem } from "./export/download_file.js";
import { DepthHelp } from "./search/depth_help.js";
import { PresentMode } from "./player/present_mode.js";
import { enterRuns } from "./search/enter_runs.js";
import { IterationTable } from "./narration/iteration_table.js";
import { OrderingLab } from "./labs/ordering_lab.js";
import { TreeLegend } from "./view/tree_legend.js";
import { PredictMode } from "./predict/predict_mode.js";
import { ExerciseMaker } from "./practice/exercise_maker.js";
import { fetchSolution } from "./practice/exercise_client.js";
import { ClassTeacher } from "./classroom/class_teacher.js";
import { ClassFollower } from "./classroom/class_follower.js";
import { joinForm } from "./classroom/class_join.js";

const $ = (id) => document.getElementById(id);

const view = new TreeView($("tree"), $("tree-note"));
const code = new PseudocodePanel({
  list: $("code"),
  vars: { node: $("var-node"), v: $("var-v"), alpha: $("var-alpha"), beta: $("var-beta") },
});
const narration = $("narration");
const legend = new TreeLegend(document.querySelector(".legend"));
const iterations = new IterationTable({ section: $("iterations"), rows: $("iteration-rows"), compare: $("iteration-compare") });

// The search the page shows, and how far; the one place the page keeps state of its own.
const shown = {
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
// Predict mode: Forward, → and Play ask before a key step (predict_mode.js).
const predict = new PredictMode({ toggle: $("predict-toggle"), panel: $("predict") }, { controls, replay: () => shown.replay, eventIndex });

// The player counts steps in the chosen detail; these map its positions to events and back.
function eventIndex(position) {
  const replay = shown.replay;
  if (shown.detail === "every") return position;
  return replay.keyStep(Math.max(0, Math.min(position, replay.keyCount - 1)));
}

// The position at or before event k (switching detail keeps the student where they were).
function positionOf(k) {
  if (shown.detail === "every") return k;
  const replay = shown.replay;
  let lo = 0;
  let hi = replay.keyCount - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (replay.keyStep(mid) <= k) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function lastPosition() {
  const replay = shown.replay;
  return shown.detail === "every" ? replay.last : replay.keyCount - 1;
}

function extendPlayer() {
  if (shown.replay) controls.extend(lastPosition(), shown.finished);
  showPendingStep();
}

const detailSelect = $("detail");
detailSelect.addEventListener("change", () => setDetail(detailSelect.value));

function setDetail(detail) {
  if (detailSelect.value !== detail) detailSelect.value = detail;
  if (shown.detail === detail) return;
  const k = shown.replay ? eventIndex(controls.k) : 0;
  shown.detail = detail;
  if (!shown.replay) return;
  controls.extend(lastPosition(), shown.finished);
  controls.refresh(positionOf(k));
}

function showStep(position) {
  const replay = shown.replay;
  if (!replay) return;
  const k = eventIndex(position);
  predict.seen(position, k);
  const state = replay.stateAt(k);
  const dirty = shown.step < 0 ? null : replay.touchedBetween(shown.step, k);
  view.update(state, dirty);
  shown.step = k;
  const event = replay.event(k);
  code.highlight(event.line);
  // At the result no node is current: show the root, whose value is the answer.
  const node = state.current >= 0 ? state.current : replay.tree.root;
  const t = replay.tree;
  code.showVars(t.nameOf(t.ids[node]), state.vOf(node), state.alphaOf(node), state.betaOf(node));
  const link = narrationLink(event);
  if (link) link.pick = () => view.showNode(t.idx(link.id));
  say(narration, narrate(event, replay, state), link);
  showTally(state, event);
  iterations.show(replay, k);
  teacher.stepShown(k); // a class's followers see the step too
  if (follower) follower.stepShown(k);
}

// Nodes visited and leaves evaluated so far; at the result, what alpha-beta saved.
function showTally(state, event) {
  const t = shown.replay.tree;
  let text = `visited ${state.visits.toLocaleString("en")} nodes · evaluated ${state.leaves.toLocaleString("en")} leaves`;
  if (state.result) {
    const saving = savingWords(state.result, t.kind, hasChance(t) ? "expectiminimax" : "minimax");
    if (saving) text = saving.charAt(0).toUpperCase() + saving.slice(1);
  }
  const tally = $("tally");
  if (tally.textContent !== text) tally.textContent = text;
  tally.dataset.final = state.result && event.type === "result" ? "true" : "false";
}

function newSearch(pseudocode) {
  shown.searches++;
  controls.reset();
  predict.reset();
  shown.replay = null;
  shown.listing = pseudocode || [];
  $("step-link-status").textContent = "";
  shown.finished = false;
  shown.step = -1;
  view.reset(null);
  iterations.show(null, 0);
  code.setListing([], false);
  code.setVectors(false);
  legend.show(null);
  tellStream();
  say(narration, "Searching…");
}

// Above the player, what the stream is doing: how many events have come while a big search
// streams, and, the moment it ends without a result, why (the server's event limit, Stop).
const streamNote = $("stream-note");

function tellStream() {
  const replay = shown.replay;
  let text = "";
  let stopped = false;
  if (replay) {
    const n = (replay.last + 1).toLocaleString("en");
    const end = replay.typeOf(replay.last) === "result" ? replay.event(replay.last) : null;
    if (end && end.complete === false) {
      stopped = true;
      text = end.reason === "event limit"
        ? `The search reached the server's event limit and stopped after ${n} events: there is no result. Step through what arrived, or search with a depth limit.`
        : end.reason === "cancelled"
          ? `Stopped after ${n} events, as asked: there is no result. Step through what arrived, or run it again.`
          : `The search stopped early (${end.reason}) after ${n} events: there is no result.`;
    } else if (!shown.finished && replay.last >= 10000) {
      text = `Receiving the search: ${n} events so far. Step, play and scrub through them meanwhile; Stop ends it here.`;
    }
  }
  streamNote.hidden = text === "";
  streamNote.dataset.stopped = stopped ? "true" : "false";
  if (streamNote.textContent !== text) streamNote.textContent = text;
}

function addEvents(events) {
  if (!events.length) return;
  if (!shown.replay) {
    const replay = (shown.replay = new Replay(events[0]));
    replay.append(events.slice(1));
    const depth = events[0].options ? events[0].options.depth : null;
    code.setListing(shown.listing, depth !== null && depth !== undefined);
    code.setVectors(events[0].algorithm === "maxn");
    legend.show(replay.tree, events[0].options);
    view.streaming = !shown.finished;
    // The editor holds the tree being searched, ready to change (a search the editor
    // started is its own tree already, and the editor may have moved on since).
    const source = events[0].source || {};
    if (source.kind === "tree" && source.tree && shown.runFrom !== "editor") editor.follow(source.tree);
    view.reset(replay);
    view.showStart();
    extendPlayer();
    controls.refresh();
    tellStream();
    return;
  }
  const grew = shown.replay.append(events);
  // Batches come many times a second: the player and the note catch up at most ten times a
  // second (each update lays the page out again), and at once with the last event.
  if (events[events.length - 1].type === "result") {
    extendPlayer();
    tellStream();
  } else if (!shown.streamQueued) {
    shown.streamQueued = true;
    setTimeout(() => {
      shown.streamQueued = false;
      if (!shown.replay) return;
      extendPlayer();
      tellStream();
    }, 100);
  }
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
    // Laid out since (a step, the search's end): drawing again would only pan the view back to
    // the current node, away from a mark the student has just moved to.
    if (!shown.replay || view.laidOutVersion === shown.replay.tree.version) return;
    view.update(shown.replay.stateAt(eventIndex(controls.k)), null);
  }), delay);
}

// The search is over: a game tree small enough is drawn whole now (see focus_set.js drawsWhole).
function drawFinished() {
  if (!shown.replay || !view.streaming) return;
  view.streaming = false;
  view.update(shown.replay.stateAt(eventIndex(controls.k)), null);
}

const form = new SearchForm($("search-form"), $("form-error"), (request) => {
  shown.runFrom = "search";
  startSearch(request);
});

// Every search the page starts goes through here, so a link can name it later.
function startSearch(request, treeId = null) {
  depthHelp.sent(request);
  shown.request = request;
  shown.treeId = treeId;
  shown.traceId = null;
  shown.exerciseId = null;
  if (teacher.on) teacher.start(request, treeId); // a class runs: the room's search
  else socket.start(request);
}

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
  startSearch({ tree, ...options });
}

// The editor's limits are the server's: edits wait for them, and are refused if they fail.
const editor = new TreeEditor({
  els: {
    panel: $("panel-edit"), outline: $("editor-outline"), heading: $("node-heading"), form: $("node-form"),
    hint: $("node-hint"), warning: $("node-warning"), error: $("editor-error"), status: $("editor-status"),
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
  if (id === "tab-ordering") orderingLab.showPlot();
});

// The Ordering tab; its Replay loads the reordered tree and searches it with alpha-beta.
const orderingLab = new OrderingLab({
  els: {
    run: $("ordering-run"), seed: $("ordering-seed"), error: $("ordering-error"), table: $("ordering-table"),
    rows: $("ordering-rows"), summary: $("ordering-summary"), plots: $("ordering-plots"),
    plotStatus: $("ordering-plot-status"),
  },
  request: () => form.request(),
  // A tree's ordering loads the reordered tree; a game's searches the position with "ordering".
  onReplay: ({ tree, request, ordering, depth, ties }) => {
    shown.runFrom = "search";
    form.clearError();
    if (tree) form.useTree(formatTree(tree));
    form.setOptions({ algorithm: "alphabeta", depth, ties });
    $("ordering-summary").textContent = `Replaying alpha-beta with the children ${ordering === "given" ? "as given" : ordering === "random" ? "shuffled" : `${ordering} first`}: step through it in the main view.`;
    startSearch(tree ? { tree, algorithm: "alphabeta", depth, ties } : request);
  },
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

// A depth limit that cuts a node without an estimate: ways forward instead of a dead end.
const depthHelp = new DepthHelp({ form, editor, tabs });

const searchHandlers = {
  onStarted: (msg) => newSearch(msg.pseudocode),
  onEvents: addEvents,
  onDone: () => {
    shown.finished = true;
    extendPlayer();
    tellStream();
    drawFinished();
  },
  // endsSearch: the search shown will get no more events (it failed, or the connection
  // dropped): the timeline is complete as it stands, so Play, Last and Download work.
  onError: (text, endsSearch, msg) => {
    const missing = msg && msg.missing_estimate;
    if (shown.runFrom === "editor") {
      editor.showError(text);
      if (missing) depthHelp.atNode(missing.node);
    } else form.showError(text, missing ? depthHelp.ways(missing) : []);
    if (endsSearch) {
      shown.finished = true;
      extendPlayer();
      tellStream();
      drawFinished();
    }
    // A search that failed before its first event leaves nothing to show.
    if (!shown.replay) say(narration, "");
  },
  onConnection: (status) => {
    const el = $("connection");
    el.textContent = status;
    el.dataset.status = status === "connected" ? "connected" : "down";
  },
};
const socket = new SearchSocket(searchHandlers);

// The classroom: a /c/<code> page follows a class (class_follower.js); any other can present to one (class_teacher.js).
const classPage = {
  handlers: searchHandlers, event: () => shown.step, position: () => controls.k, detail: () => shown.detail,
  replay: () => shown.replay, searches: () => shown.searches, showEvent, plainSocket: () => socket, rerun: rerunForClass,
  request: () => (shown.request ? { request: shown.request, treeId: shown.treeId } : null),
  describe: fillFormFrom, showDefault: () => startSearch(form.request()),
};
const follower = document.body.dataset.classCode ? new ClassFollower({ banner: $("class-follow"), card: $("class-question") }, document.body.dataset.classCode, classPage) : null;
const teacher = new ClassTeacher({ button: $("class-present"), panel: $("class-panel") }, classPage);
joinForm($("class-join"));

$("stop").addEventListener("click", () => (teacher.on ? teacher.search : socket).cancel());
new HorizonPanel({
  button: $("horizon-example"),
  panel: $("horizon-panel"),
  emit: (name, data, ack) => socket.socket.emit(name, data, ack),
  form,
  run: (request) => {
    form.clearError();
    shown.runFrom = "search";
    startSearch(request);
  },
  toTree: () => document.querySelector(".tree-panel").scrollIntoView({ block: "start" }),
});
// While the editor is open, clicking a node in the drawing selects it there.
$("tree").addEventListener("click", (ev) => {
  const node = ev.target.closest("[data-node-id]");
  if (node && tabs.current === "tab-edit") editor.select(node.dataset.nodeId);
});
$("fit").addEventListener("click", () => view.fit());
new PresentMode($("present"), view);
enterRuns($("search-form"), $("form-error"), $("tree"));

// A saved trace replays without the server's search: only its listing is fetched.
async function replayTrace(events, traceId = null, exerciseId = null) {
  const pseudocode = await fetchPseudocode(events);
  socket.release();
  teacher.release();
  shown.request = null;
  shown.treeId = null;
  shown.traceId = traceId;
  shown.exerciseId = exerciseId;
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
  const start = shown.replay.event(0);
  const root = shown.replay.tree.ids[shown.replay.tree.root];
  return { alg: { alphabeta: "alpha-beta", iterative: "iterative deepening" }[start.algorithm] || start.algorithm || "search", stem: `${fileStem(root)}-${start.algorithm || "search"}` };
}

new SharePanel({
  getTree: () => editor.tree,
  trace: () => {
    if (!shown.replay) throw new Error("no search to download yet");
    if (!shown.finished) throw new Error("the search is still running: wait for its result");
    return { text: shown.replay.jsonl(), stem: searchName().stem };
  },
  view: () => {
    if (!shown.replay || shown.step < 0) return null;
    const k = controls.k; // the step as the counter shows it
    const { alg, stem } = searchName();
    const t = shown.replay.tree;
    return {
      svg: $("tree"),
      tree: t,
      state: shown.replay.stateAt(eventIndex(k)),
      x: view.x,
      y: view.y,
      drawn: view.drawn,
      nodes: view.drawnNodes(), // a big tree's focus drawing: the nodes shown, and those folded
      folded: view.foldedNodes(),
      title: `Minimax Lab: ${alg} on ${t.label[t.root]}, step ${k} of ${controls.n}`,
      stem: `${stem}-step${k}`,
    };
  },
  openTrace: (file, errorEl) => openTraceFile(file, errorEl, true),
});

// Practice exercises (exercise_maker.js) of the tree shown: a game search's position, else the tree searched.
new ExerciseMaker({
  shown: () => {
    const source = shown.replay && shown.replay.event(0).source;
    if (shown.request && shown.request.game) return { game: shown.request.game, state: shown.request.state };
    return { tree: source && source.kind === "tree" && source.tree ? source.tree : editor.tree };
  },
  searchOptions: () => form.options(),
  showError: (text) => (text ? form.showError(text) : form.clearError()),
});

// Opening the page shows the lecture example with alpha-beta, paused at step 0; a shared
// link (/t/<id> a tree, /r/<id> a trace, ids put in data attributes by the server) shows
// what it points to instead, or says why it cannot and shows the lecture example.
async function openPage() {
  if (follower) return follower.join(); // a student's page shows the class's search, nothing else
  if (await teacher.resume()) return; // a reloaded instructor's page: its class, where it was
  const { sharedTree, sharedTrace, exerciseSolution } = document.body.dataset;
  let link = null;
  try {
    link = readLink(window.location.search);
  } catch (err) {
    form.showError(err.message);
  }
  if (link) {
    shown.pendingStep = { step: link.step, detail: link.detail };
    setDetail(link.detail);
  }
  // An exercise's solution (/x/<id>/solution?step=K, K its first mistake) replays its real trace.
  if (exerciseSolution) {
    try {
      await replayTrace(await fetchSolution(exerciseSolution), null, exerciseSolution);
      return;
    } catch (err) {
      form.showError(`exercise ${exerciseSolution}: ${err.message}`);
    }
  }
  try {
    if (sharedTrace) {
      await replayTrace(await fetchSharedTrace(sharedTrace), sharedTrace);
      return;
    }
    if (link && link.named) {
      await openLinkedSearch(link);
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
    if (!sharedTrace && link && link.named) {
      form.showError(err.message.startsWith("link") ? err.message : `link: ${err.message}`);
      shown.pendingStep = null; // the lecture example opens instead, at its start
    } else {
      form.showError(`shared ${sharedTrace ? "trace" : "tree"} ${sharedTrace || sharedTree}: ${err.message}`);
    }
  }
  startSearch(form.request());
}
openPage();

// A link's search: its fields fill the Search tab (a saved tree opens in the editor too), then
// it runs; its step is shown once that step's event has arrived (showPendingStep).
async function openLinkedSearch(link) {
  const { request, treeId } = link;
  form.setOptions(request);
  // run=0: the Search tab is filled in, and the student presses Run.
  const start = link.run ? startSearch : () => {
    shown.pendingStep = null;
    say(narration, "The link filled in the Search tab: press Run to search.");
  };
  if (treeId) {
    const tree = JSON.parse(await fetchSharedTree(treeId));
    editor.load(tree, "The linked tree: change it, Run it, share your own");
    form.useTree(formatTree(editor.tree));
    shown.runFrom = "search";
    start({ tree: editor.tree, algorithm: request.algorithm, depth: request.depth, ties: request.ties, ...orderingOf(request), ...enhancementsOf(request) }, treeId);
    return;
  }
  form.setEnhancements(request); // off unless the link turns them on
  if (request.example) form.useExample(request.example);
  else form.useGame(request.game, request.state);
  // The form sends tt, quiescence and beam for a game only; on a tree the server's refusal names them instead.
  start({ ...form.request(), ...orderingOf(request), ...enhancementsOf(request) });
}

// A link's move ordering (the Ordering tab's Replay of a game), which the Search tab has no field for.
function orderingOf(request) {
  if (!request.ordering) return {};
  return request.seed === undefined ? { ordering: request.ordering } : { ordering: request.ordering, seed: request.seed };
}

// The tt, quiescence and beam fields of a request, those it has.
function enhancementsOf(request) {
  const out = {};
  for (const name of ["tt", "quiescence", "beam"]) if (request[name] !== undefined) out[name] = request[name];
  return out;
}

// The classroom's follower: the Search tab shows the class's search (its start event's
// algorithm, options and tree or position), so "Step on my own" then Run searches the same.
function fillFormFrom(start) {
  const options = start.options || {};
  form.setOptions({ algorithm: start.algorithm, ...options });
  form.setEnhancements(options);
  const source = start.source || {};
  if (source.kind === "game") form.useGame(source.game, source.state);
  else if (source.kind === "tree") {
    const text = formatTree(source.tree);
    form.useTree(text);
    readableSource(source.tree, text);
  }
}

// A plain tree (no labels or estimates of its own) reads better as the nested-list shorthand,
// and an example's tree as that example; the server knows the shorthand's rule. Any other tree
// keeps its JSON, as does a field the student has typed in meanwhile.
async function readableSource(tree, text) {
  const plain = (n) => n.label === n.id && n.eval === undefined && (n.children || []).every(plain);
  if (!plain(tree)) return;
  try {
    const { shorthand, renamed } = await treeShorthand(JSON.stringify(tree));
    if (renamed.length || form.field("tree").value !== text) return;
    const example = form.exampleOf(JSON.parse(shorthand));
    if (example) form.useExample(example);
    else form.useTree(shorthand);
  } catch {
    // the shorthand cannot carry it (a player out of turn, a chance node): its JSON stays
  }
}

// The classroom's follower: show event k (arrived), as near as the player's detail allows.
function showEvent(k) {
  if (!shown.replay) return;
  extendPlayer();
  controls.seek(positionOf(Math.max(0, Math.min(k, shown.replay.last))));
}

// A class's search: the one shown (a class begins) or the one a reloaded page's class showed,
// run through the room, shown at the same position once it arrives.
function rerunForClass(request, treeId, position, detail) {
  if (request !== shown.request) {
    form.setOptions(request);
    form.setEnhancements(request);
    if (request.example) form.useExample(request.example);
    else if (request.game) form.useGame(request.game, request.state);
    else if (request.tree) form.useTree(formatTree(request.tree));
  }
  setDetail(detail);
  shown.pendingStep = { step: position, detail };
  shown.runFrom = "search";
  startSearch(request, treeId);
}

function showPendingStep() {
  const pending = shown.pendingStep;
  const replay = shown.replay;
  if (!pending || !replay) return;
  const last = lastPosition();
  if (pending.step > last && !shown.finished) return; // not arrived yet
  shown.pendingStep = null;
  if (pending.step > last) {
    $("step-link-status").textContent = `The link asks for step ${pending.step}; this search has ${last} steps: showing the last.`;
  }
  controls.seek(Math.min(pending.step, last));
}

// "Copy link to this step": the search as the Search tab would ask for it, and the step. A
// tree that is not saved yet is saved first (its link must open it on another machine).
$("copy-step-link").addEventListener("click", async () => {
  const status = $("step-link-status");
  status.textContent = "";
  try {
    const url = await stepLink();
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = `Copied: ${url}`;
    } catch (err) {
      status.textContent = `Link: ${url}`; // no clipboard (an insecure origin): shown to copy by hand
    }
    status.dataset.url = url;
  } catch (err) {
    status.textContent = err.message;
  }
});

async function stepLink() {
  if (!shown.replay) throw new Error("No search to link to yet.");
  const moment = { detail: shown.detail, step: controls.k, predict: predict.on };
  const origin = window.location.origin;
  if (shown.traceId) {
    return `${origin}/r/${encodeURIComponent(shown.traceId)}?${momentQuery(moment)}`;
  }
  if (shown.exerciseId) {
    return `${origin}/x/${encodeURIComponent(shown.exerciseId)}/solution?${momentQuery(moment)}`;
  }
  const request = shown.request;
  if (!request) throw new Error("This trace was opened from a file: share it (Share & export) to link to its steps.");
  let treeId = shown.treeId;
  if (request.tree && !treeId) {
    const saved = await saveTree(JSON.stringify(request.tree));
    treeId = shown.treeId = saved.id;
  }
  return `${origin}/?${linkQuery({ request, treeId, ...moment })}`;
}

// For the render benchmark and tests: the step function, to time it in the page.
window.minimaxLab = {
  seek: (k) => controls.seek(k),
  // Tests: the event the current step shows, and the player's detail.
  get event() {
    return shown.replay ? eventIndex(controls.k) : -1;
  },
  get detail() {
    return shown.detail;
  },
  get step() {
    return controls.k;
  },
  get last() {
    return controls.n;
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
    return orderingLab.runs;
  },
  // Tests: drop the connection as a network failure would (socket.io then reconnects).
  dropConnection: () => socket.socket.io.engine.close(),
  // Tests: the page's side of /search, to hold back or lose a request on its way.
  get searchSocket() {
    return socket;
  },
  // Tests: the classroom's two sides (a page is at most one of them at a time).
  get classTeacher() {
    return teacher;
  },
  get classFollower() {
    return follower;
  },
};
