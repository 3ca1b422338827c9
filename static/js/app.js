// Wires the page together: the socket feeds events into a Replay; the player picks a
// step; the tree, pseudocode and narration show the state at that step. The side panel's
// tabs: Search (search_form.js), Edit tree (tree_editor.js, random_tree_form.js) and
// Share & export (share_panel.js); a tree search's tree is also the editor's tree.
// The search shown is page/page_state.js; each feature's wiring is in its folder
// (*_wiring.js and the modules below); the test hooks are page/test_hooks.js.

import { TreeView } from "./view/tree_view.js";
import { TreeLegend } from "./view/tree_legend.js";
import { PlayerControls } from "./player/player_controls.js";
import { PresentMode } from "./player/present_mode.js";
import { showStep, listenToDetail } from "./player/step_display.js";
import { listenToCopyStepLink } from "./player/copy_step_link.js";
import { PseudocodePanel } from "./narration/pseudocode_panel.js";
import { IterationTable } from "./narration/iteration_table.js";
import { keepSentenceFitted } from "./narration/narration_fit.js";
import { SearchSocket } from "./search/search_socket.js";
import { SearchForm } from "./search/search_form.js";
import { DepthHelp } from "./search/depth_help.js";
import { enterRuns } from "./search/enter_runs.js";
import { startSearch, searchHandlers, listenToStop } from "./search/search_wiring.js";
import { SideTabs } from "./page/side_tabs.js";
import { shown, eventIndex } from "./page/page_state.js";
import { openPage } from "./page/open_page.js";
import { installTestHooks } from "./page/test_hooks.js";
import { loadCatalogue } from "./page/catalogue.js";
import { fillAlgorithmMenus } from "./page/algorithm_menus.js";
import { fitToFrame } from "./page/embedded_page.js";
import { makeEditor, describeRun, listenForRunOptions, selectOnClick } from "./editor/editor_wiring.js";
import { makeOrderingLab, makeHorizonPanel } from "./labs/labs_wiring.js";
import { PredictMode } from "./predict/predict_mode.js";
import { MisconceptionBanner } from "./page/misconception_banner.js";
import { wireClassroom } from "./classroom/class_wiring.js";
import { listenToTraceFile } from "./replay/open_trace.js";
import { makeSharePanel } from "./export/share_wiring.js";
import { makeExerciseMaker } from "./practice/exercise_maker_wiring.js";

const $ = (id) => document.getElementById(id);

// The test hooks' object is there from the start (page/test_hooks.js fills it once the page is made), so a test
// waiting on window.minimaxLab.finished waits while the catalogue loads instead of failing on an undefined.
window.minimaxLab = {};

// The algorithm menus, the step links and predict mode read the engine's catalogue (GET /api/catalogue):
// fetched before anything reads them. Should it fail, the page says so and the menus stay empty.
try {
  await loadCatalogue();
  fillAlgorithmMenus();
} catch (err) {
  $("form-error").textContent = `The list of algorithms could not be loaded (${err.message}): reload the page.`;
}

// The page's parts, which the feature wiring takes as `page` and reads when it runs: the parts
// made further down (the socket, the classroom's sides) are there by the time they are used.
const page = {
  view: new TreeView($("tree"), $("tree-note")),
  code: new PseudocodePanel({
    list: $("code"),
    vars: { node: $("var-node"), v: $("var-v"), alpha: $("var-alpha"), beta: $("var-beta") },
  }),
  narration: $("narration"),
  legend: new TreeLegend(document.querySelector(".legend")),
  iterations: new IterationTable({ section: $("iterations"), rows: $("iteration-rows"), compare: $("iteration-compare") }),
  misconception: new MisconceptionBanner($("misconception-banner")), // a search that follows a misconception says so
};
// The narration's box keeps its height; a long sentence is set smaller to fit it (narration_fit.js).
keepSentenceFitted(page.narration);

page.controls = new PlayerControls(
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
  (position) => showStep(page, position),
);
// Predict mode: Forward, → and Play ask before a key step (predict_mode.js).
page.predict = new PredictMode({ toggle: $("predict-toggle"), panel: $("predict") }, { controls: page.controls, replay: () => shown.replay, eventIndex });
listenToDetail(page);

page.form = new SearchForm($("search-form"), $("form-error"), (request) => {
  shown.runFrom = "search";
  startSearch(page, request);
});
page.editor = makeEditor(page);

page.tabs = new SideTabs(document.querySelector(".tabs"), (id) => {
  if (id === "tab-edit") {
    describeRun(page);
    page.editor.shown();
  }
  if (id === "tab-ordering") page.orderingLab.showPlot();
});
page.orderingLab = makeOrderingLab(page);
listenForRunOptions(page);

// A depth limit that cuts a node without an estimate: ways forward instead of a dead end.
page.depthHelp = new DepthHelp({ form: page.form, editor: page.editor, tabs: page.tabs });

page.handlers = searchHandlers(page);
page.socket = new SearchSocket(page.handlers);

// The classroom: a /c/<code> page follows a class; any other can present to one.
Object.assign(page, wireClassroom(page));

listenToStop(page);
makeHorizonPanel(page);
selectOnClick(page);
$("fit").addEventListener("click", () => page.view.fit());
new PresentMode($("present"), page.view);
enterRuns($("search-form"), $("form-error"), $("tree"));
listenToTraceFile(page);
makeSharePanel(page);
makeExerciseMaker(page);

fitToFrame(page);
openPage(page);
listenToCopyStepLink(page);
installTestHooks(page);
