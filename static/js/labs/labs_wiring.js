// The labs wired to the page: the Ordering tab's Replay and the horizon panel's searches run in
// the main view (through startSearch, like the Search tab's). `page`: app.js's parts.

import { OrderingLab } from "./ordering_lab.js";
import { HorizonPanel } from "./horizon_panel.js";
import { formatTree } from "../editor/tree_editor.js";
import { shown } from "../page/page_state.js";
import { startSearch } from "../search/search_wiring.js";

const $ = (id) => document.getElementById(id);

// The Ordering tab; its Replay loads the reordered tree and searches it with alpha-beta.
export function makeOrderingLab(page) {
  const { form } = page;
  return new OrderingLab({
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
      startSearch(page, tree ? { tree, algorithm: "alphabeta", depth, ties } : request);
    },
  });
}

export function makeHorizonPanel(page) {
  const { form } = page;
  return new HorizonPanel({
    button: $("horizon-example"),
    panel: $("horizon-panel"),
    emit: (name, data, ack) => page.socket.socket.emit(name, data, ack),
    form,
    run: (request) => {
      form.clearError();
      shown.runFrom = "search";
      startSearch(page, request);
    },
    toTree: () => document.querySelector(".tree-panel").scrollIntoView({ block: "start" }),
  });
}
