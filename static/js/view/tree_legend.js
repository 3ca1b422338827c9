// The legend's entries for chance nodes (circles, probabilities on edges) and for max^n's
// players (each name in its colour) appear only when the tree being shown has them, so the
// legend of a plain minimax tree stays as short as it was. A players tree has no MAX or MIN:
// its MAX/MIN entries give way to the players' names. Likewise the entries of the enhancements
// of AIMA 4th ed. §5.2.4 and §5.3 (a table hit and its source, quiescence's shading, a beam's dropped children)
// show only for a search with that option on, and the estimate's only with a depth limit.

import { hasChance } from "../narration/chance_players_words.js";

const COLOURS = 6; // tree_view.js colours a max^n node `mover-${component % 6}`

export class TreeLegend {
  constructor(legend) {
    this.legend = legend; // the <ul class="legend">
  }

  // tree: the replay's TraceTree, or null before a search; options: its start event's options.
  show(tree, options = {}) {
    const on = options || {};
    const depthLimited = on.depth !== null && on.depth !== undefined;
    // A bound ("≤ 2") only where a search can cut: those with a tie rule (alpha-beta, iterative deepening).
    const cuts = on.ties !== undefined;
    for (const [name, shown] of [["tt", on.tt], ["quiescence", on.quiescence], ["beam", on.beam], ["depth", depthLimited],
      ["bounded", cuts]]) {
      for (const li of this.legend.querySelectorAll(`[data-legend="${name}"]`)) li.hidden = !shown;
    }
    const players = tree && Array.isArray(tree.players) ? tree.players : null;
    const chance = Boolean(tree) && hasChance(tree);
    for (const li of this.legend.querySelectorAll('[data-legend="chance"]')) li.hidden = !chance;
    for (const li of this.legend.querySelectorAll('[data-legend="minmax"]')) li.hidden = Boolean(players);
    const entry = this.legend.querySelector('[data-legend="players"]');
    entry.hidden = !players;
    const names = entry.querySelector(".player-keys");
    names.replaceChildren(...(players || []).map((name, k) => {
      const span = this.legend.ownerDocument.createElement("span");
      span.className = `player-key mover-${k % COLOURS}`;
      span.textContent = name; // a tree's own text: never markup
      return span;
    }));
  }
}
