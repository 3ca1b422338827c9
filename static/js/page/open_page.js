// What the page shows when it opens: the lecture example with alpha-beta, paused at step 0; a
// shared link (/t/<id> a tree, /r/<id> a trace, ?step links, an exercise's solution) shows what
// it points to instead, or says why it cannot and shows the lecture example; a saved item that is
// not stored (404) is said so in place of the tree (not_found.js), never with the lecture example,
// and so is an exercise's solution that is refused (solution_refused.js).
// A classroom page shows its class. `page`: app.js's parts of the page.

import { say } from "../narration/narration.js";
import { fetchSharedTrace, fetchSharedTree } from "../replay/trace_file.js";
import { replayTrace } from "../replay/open_trace.js";
import { formatTree } from "../editor/tree_editor.js";
import { readLink } from "../player/step_link.js";
import { setDetail } from "../player/step_display.js";
import { fetchSolution } from "../practice/exercise_client.js";
import { startSearch, runTree } from "../search/search_wiring.js";
import { shown } from "./page_state.js";
import { isNotFound, showNotFound } from "./not_found.js";
import { showSolutionRefused } from "./solution_refused.js";

// Opening the page shows the lecture example with alpha-beta, paused at step 0; a shared
// link (/t/<id> a tree, /r/<id> a trace, ids put in data attributes by the server) shows
// what it points to instead, or says why it cannot and shows the lecture example.
export async function openPage(page) {
  const { form, editor } = page;
  if (page.follower) return page.follower.join(); // a student's page shows the class's search, nothing else
  if (await page.teacher.resume()) return; // a reloaded instructor's page: its class, where it was
  const { sharedTree, sharedTrace, exerciseSolution } = document.body.dataset;
  let link = null;
  try {
    link = readLink(window.location.search);
  } catch (err) {
    form.showError(err.message);
  }
  if (link) {
    shown.pendingStep = { step: link.step, detail: link.detail };
    setDetail(page, link.detail);
  }
  // An exercise's solution (/x/<id>/solution?step=K, K its first mistake) replays its real trace; refused (hidden,
  // 403, or any other failure), it says so and draws nothing: the lecture tree would pass for the solution.
  if (exerciseSolution) {
    try {
      await replayTrace(page, await fetchSolution(exerciseSolution), null, exerciseSolution);
    } catch (err) {
      shown.pendingStep = null; // the link's step was the solution's: a search run afterwards opens at its start
      if (isNotFound(err)) showNotFound(page, "exercise", exerciseSolution);
      else showSolutionRefused(page, exerciseSolution, err);
    }
    return;
  }
  try {
    if (sharedTrace) {
      await replayTrace(page, await fetchSharedTrace(sharedTrace), sharedTrace);
      return;
    }
    if (link && link.named) {
      await openLinkedSearch(page, link);
      return;
    }
    if (sharedTree) {
      // A shared tree opens in the editor, and runs.
      const tree = JSON.parse(await fetchSharedTree(sharedTree));
      page.tabs.show("tab-edit");
      editor.load(tree, "The shared tree: change it, Run it, share your own");
      runTree(page, editor.tree);
      return;
    }
  } catch (err) {
    const missing = sharedTrace ? ["trace", sharedTrace] : link && link.named ? ["tree", link.treeId] : ["tree", sharedTree];
    if (isNotFound(err) && missing[1]) return showNotFound(page, ...missing);
    if (!sharedTrace && link && link.named) {
      form.showError(err.message.startsWith("link") ? err.message : `link: ${err.message}`);
      shown.pendingStep = null; // the lecture example opens instead, at its start
    } else {
      form.showError(`shared ${sharedTrace ? "trace" : "tree"} ${sharedTrace || sharedTree}: ${err.message}`);
    }
  }
  startSearch(page, form.request());
}

// A link's search: its fields fill the Search tab (a saved tree opens in the editor too), then
// it runs; its step is shown once that step's event has arrived (step_display.js showPendingStep).
async function openLinkedSearch(page, link) {
  const { form, editor } = page;
  const { request, treeId } = link;
  form.setOptions(request);
  // run=0: the Search tab is filled in, and the student presses Run.
  const start = link.run ? (req, id) => startSearch(page, req, id) : () => {
    shown.pendingStep = null;
    say(page.narration, "The link filled in the Search tab: press Run to search.");
  };
  if (treeId) {
    const tree = JSON.parse(await fetchSharedTree(treeId));
    editor.load(tree, "The linked tree: change it, Run it, share your own");
    form.useTree(formatTree(editor.tree));
    shown.runFrom = "search";
    start({ tree: editor.tree, algorithm: request.algorithm, depth: request.depth, ties: request.ties, ...orderingOf(request), ...enhancementsOf(request),
      ...mistakenOf(request) }, treeId);
    return;
  }
  form.setEnhancements(request); // off unless the link turns them on
  if (request.example) form.useExample(request.example);
  else {
    form.useGame(request.game, request.state);
    // A link's estimate (estimate=mobility: e.g. from the /play page) into the Estimate field, which the form then sends.
    if (form.estimates(request.game).length) form.setEstimate(request.estimate);
  }
  // The form sends tt, quiescence and beam for a game only; on a tree the server's refusal names them instead.
  start({ ...form.request(), ...orderingOf(request), ...enhancementsOf(request), ...mistakenOf(request) });
}

// A link's move ordering (the Ordering tab's Replay of a game), which the Search tab has no field for.
function orderingOf(request) {
  if (!request.ordering) return {};
  return request.seed === undefined ? { ordering: request.ordering } : { ordering: request.ordering, seed: request.seed };
}

// A link's misconception (misconception=<id>: the search follows that slip), which the Search tab has no field for.
function mistakenOf(request) {
  return request.misconception ? { misconception: request.misconception } : {};
}

// The symmetry, tt, quiescence and beam fields of a request, those it has.
function enhancementsOf(request) {
  const out = {};
  for (const name of ["symmetry", "tt", "quiescence", "beam"]) if (request[name] !== undefined) out[name] = request[name];
  return out;
}
