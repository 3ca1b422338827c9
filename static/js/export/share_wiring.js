// The Share & export tab wired to the page: the editor's tree to save, the search shown's trace
// to download, the view at the step shown to export, a trace file to share and replay.
// `page`: app.js's parts of the page.

import { SharePanel } from "./share_panel.js";
import { fileStem } from "./download_file.js";
import { shown, eventIndex } from "../page/page_state.js";
import { openTraceFile } from "../replay/open_trace.js";
import { listenToEmbedCode } from "./embed_code_wiring.js";

// What the exports and the trace download take from the search shown.
function searchName() {
  const start = shown.replay.event(0);
  const root = shown.replay.tree.ids[shown.replay.tree.root];
  return { alg: { alphabeta: "alpha-beta", iterative: "iterative deepening" }[start.algorithm] || start.algorithm || "search", stem: `${fileStem(root)}-${start.algorithm || "search"}` };
}

// What the search started from, for an export's title: a tree's root label; a game and its
// start position ("tic-tac-toe from X...O...."), never the internal id "root".
function startWords(t) {
  if (t.kind !== "game") return t.label[t.root];
  const board = t.board[t.root];
  // A registered game by the name its trace's drawing gives; a custom one (a course's own) by its id.
  return `${(t.drawing && t.drawing.name) || t.gameName}${typeof board === "string" ? ` from ${board}` : ""}`;
}

// What the view shows, in words: an export's title, an embedded frame's.
function viewTitle(controls) {
  const { alg } = searchName();
  return `Minimax Lab: ${alg} on ${startWords(shown.replay.tree)}, step ${controls.k} of ${controls.n}`;
}

export function makeSharePanel(page) {
  const { controls, view } = page;
  listenToEmbedCode(page, () => viewTitle(controls));
  return new SharePanel({
    getTree: () => page.editor.tree,
    trace: () => {
      if (!shown.replay) throw new Error("no search to download yet");
      if (!shown.finished) throw new Error("the search is still running: wait for its result");
      return { text: shown.replay.jsonl(), stem: searchName().stem };
    },
    view: () => {
      if (!shown.replay || shown.step < 0) return null;
      const k = controls.k; // the step as the counter shows it
      const { stem } = searchName();
      const t = shown.replay.tree;
      return {
        svg: document.getElementById("tree"),
        tree: t,
        state: shown.replay.stateAt(eventIndex(k)),
        x: view.x,
        y: view.y,
        drawn: view.drawn,
        nodes: view.drawnNodes(), // a big tree's focus drawing: the nodes shown, and those folded
        folded: view.foldedNodes(),
        title: viewTitle(controls),
        stem: `${stem}-step${k}`,
      };
    },
    openTrace: (file, errorEl) => openTraceFile(page, file, errorEl, true),
  });
}
