// The Edit tree tab wired to the page: the editor (its limits are the server's) and the Random
// tree form run their tree with the Search tab's options, the tab says what Run will search,
// and a click on a node in the drawing selects it in the editor. `page`: app.js's parts.

import { TreeEditor } from "./tree_editor.js";
import { RandomTreeForm } from "./random_tree_form.js";
import { plural } from "../view/plural.js";
import { fetchLimits } from "../export/rest_client.js";
import { runTree } from "../search/search_wiring.js";

const $ = (id) => document.getElementById(id);

// The editor's limits are the server's: edits wait for them, and are refused if they fail.
export function makeEditor(page) {
  const editor = new TreeEditor({
    els: {
      panel: $("panel-edit"), outline: $("editor-outline"), heading: $("node-heading"), form: $("node-form"),
      hint: $("node-hint"), warning: $("node-warning"), error: $("editor-error"), status: $("editor-status"),
      newTree: $("editor-new"), undo: $("editor-undo"), redo: $("editor-redo"), add: $("editor-add"),
      del: $("editor-delete"), left: $("editor-left"), right: $("editor-right"), run: $("editor-run"),
      text: $("editor-text"), textError: $("text-error"), textStatus: $("text-status"),
      textLoad: $("text-load"), textJson: $("text-json"), textShorthand: $("text-shorthand"), textFile: $("text-file"),
    },
    limits: fetchLimits(),
    onRun: (tree) => runTree(page, tree),
    // A CS188 test opens with the search its autograder runs: its agent's algorithm, ties explore.
    onImport: (imported) => {
      page.form.setOptions({ algorithm: imported.algorithm, depth: imported.depth, ties: imported.ties });
      describeRun(page);
      runTree(page, editor.tree);
    },
  });

  new RandomTreeForm($("random-form"), $("random-error"), $("random-seed"), (tree, options) => {
    editor.load(tree);
    editor.say(`Random tree${options.seed === undefined ? "" : `, seed ${options.seed}`}: ${plural(editor.size, "node")}`);
    runTree(page, editor.tree);
  });
  return editor;
}

// Under the editor's Run: the Search tab's options it runs with, kept up to date.
export function describeRun(page) {
  let text;
  try {
    text = `Runs ${page.form.describeOptions()} (options in the Search tab).`;
  } catch (err) {
    text = `The Search tab's options need fixing: ${err.message}`;
  }
  $("editor-run-note").textContent = text;
}

export function listenForRunOptions(page) {
  $("search-form").addEventListener("change", () => describeRun(page));
  describeRun(page);
}

// While the editor is open, clicking a node in the drawing selects it there.
export function selectOnClick(page) {
  $("tree").addEventListener("click", (ev) => {
    const node = ev.target.closest("[data-node-id]");
    if (node && page.tabs.current === "tab-edit") page.editor.select(node.dataset.nodeId);
  });
}
