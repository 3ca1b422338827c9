// Running searches: every search the page starts goes through startSearch (the socket, or a
// class's room while one runs); the socket's messages go to search_stream.js, its errors to
// the panel that started the search. `page` is app.js's parts of the page.

import { formatTree } from "../editor/tree_editor.js";
import { say } from "../narration/narration.js";
import { shown } from "../page/page_state.js";
import { extendPlayer } from "../player/step_display.js";
import { newSearch, addEvents, drawFinished } from "./search_stream.js";
import { tellStream } from "./stream_note.js";

// Every search the page starts goes through here, so a link can name it later.
export function startSearch(page, request, treeId = null) {
  page.depthHelp.sent(request);
  shown.request = request;
  shown.treeId = treeId;
  shown.traceId = null;
  shown.exerciseId = null;
  if (page.teacher.on) page.teacher.start(request, treeId); // a class runs: the room's search
  else page.socket.start(request);
}

// Run the search on a tree from the editor, with the Search tab's options; the Search
// tab then holds that tree too, so its Run repeats this search.
export function runTree(page, tree) {
  const { form } = page;
  shown.runFrom = "editor";
  let options;
  try {
    options = form.options();
  } catch (err) {
    page.editor.showError(`${err.message} (in the Search tab)`);
    return;
  }
  form.clearError();
  form.useTree(formatTree(tree));
  startSearch(page, { tree, ...options });
}

export function searchHandlers(page) {
  return {
    onStarted: (msg) => newSearch(page, msg.pseudocode),
    onEvents: (events) => addEvents(page, events),
    onDone: () => {
      shown.finished = true;
      extendPlayer(page);
      tellStream();
      drawFinished(page);
    },
    // endsSearch: the search shown will get no more events (it failed, or the connection
    // dropped): the timeline is complete as it stands, so Play, Last and Download work.
    onError: (text, endsSearch, msg) => {
      const missing = msg && msg.missing_estimate;
      if (shown.runFrom === "editor") {
        page.editor.showError(text);
        if (missing) page.depthHelp.atNode(missing.node);
      } else page.form.showError(text, missing ? page.depthHelp.ways(missing) : []);
      if (endsSearch) {
        shown.finished = true;
        extendPlayer(page);
        tellStream();
        drawFinished(page);
      }
      // A search that failed before its first event leaves nothing to show.
      if (!shown.replay) say(page.narration, "");
    },
    onConnection: (status) => {
      const el = document.getElementById("connection");
      el.textContent = status;
      el.dataset.status = status === "connected" ? "connected" : "down";
    },
  };
}

// Stop: the class's search while a class runs, else the socket's.
export function listenToStop(page) {
  document.getElementById("stop").addEventListener("click", () => (page.teacher.on ? page.teacher.search : page.socket).cancel());
}
