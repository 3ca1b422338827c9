// The classroom wired to the page: a /c/<code> page follows a class (class_follower.js); any
// other can present to one (class_teacher.js). Both reach the page through `classPage` below:
// the search shown, the player, the Search tab. `page`: app.js's parts of the page.

import { ClassTeacher } from "./class_teacher.js";
import { ClassFollower } from "./class_follower.js";
import { joinForm } from "./class_join.js";
import { formatTree } from "../editor/tree_editor.js";
import { treeShorthand } from "../export/rest_client.js";
import { shown, positionOf } from "../page/page_state.js";
import { extendPlayer, setDetail } from "../player/step_display.js";
import { startSearch } from "../search/search_wiring.js";

const $ = (id) => document.getElementById(id);

// Returns { teacher, follower }: follower is null on a page that does not follow a class.
export function wireClassroom(page) {
  const { form, controls } = page;
  const classPage = {
    handlers: page.handlers, event: () => shown.step, position: () => controls.k, detail: () => shown.detail,
    atEnd: () => controls.k >= controls.n && !controls.finished,
    replay: () => shown.replay, searches: () => shown.searches, showEvent: (k) => showEvent(page, k), plainSocket: () => page.socket,
    rerun: (request, treeId, position, detail) => rerunForClass(page, request, treeId, position, detail),
    request: () => (shown.request ? { request: shown.request, treeId: shown.treeId } : null),
    describe: (start) => fillFormFrom(form, start), showDefault: () => startSearch(page, form.request()),
  };
  const follower = document.body.dataset.classCode ? new ClassFollower({ banner: $("class-follow"), card: $("class-question") }, document.body.dataset.classCode, classPage) : null;
  const teacher = new ClassTeacher({ button: $("class-present"), panel: $("class-panel") }, classPage);
  joinForm($("class-join"));
  return { teacher, follower };
}

// The classroom's follower: the Search tab shows the class's search (its start event's
// algorithm, options and tree or position), so "Step on my own" then Run searches the same.
function fillFormFrom(form, start) {
  const options = start.options || {};
  form.setOptions({ algorithm: start.algorithm, ...options });
  form.setEnhancements(options);
  const source = start.source || {};
  if (source.kind === "game") form.useGame(source.game, source.state);
  else if (source.kind === "tree") {
    const text = formatTree(source.tree);
    form.useTree(text);
    readableSource(form, source.tree, text);
  }
}

// A plain tree (no labels or estimates of its own) reads better as the nested-list shorthand,
// and an example's tree as that example; the server knows the shorthand's rule. Any other tree
// keeps its JSON, as does a field the student has typed in meanwhile.
async function readableSource(form, tree, text) {
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
function showEvent(page, k) {
  if (!shown.replay) return;
  extendPlayer(page);
  page.controls.seek(positionOf(Math.max(0, Math.min(k, shown.replay.last))));
}

// A class's search: the one shown (a class begins) or the one a reloaded page's class showed,
// run through the room, shown at the same position once it arrives.
function rerunForClass(page, request, treeId, position, detail) {
  const { form } = page;
  if (request !== shown.request) {
    form.setOptions(request);
    form.setEnhancements(request);
    if (request.example) form.useExample(request.example);
    else if (request.game) form.useGame(request.game, request.state);
    else if (request.tree) form.useTree(formatTree(request.tree));
  }
  setDetail(page, detail);
  shown.pendingStep = { step: position, detail };
  shown.runFrom = "search";
  startSearch(page, request, treeId);
}
