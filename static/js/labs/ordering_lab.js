// The Ordering tab: alpha-beta on the Search tab's tree or position with each child order
// (POST /api/ordering), as a table of leaves and nodes visited against minimax's and the
// Knuth–Moore minimum, a Replay button per ordering (alpha-beta in the main view: a tree's
// reordered tree, or a game searched with the request's "ordering" and "seed"), and the plot of
// leaves against depth (ordering_plot.js).
// Everything shown comes from the server and is inserted as text.

import { svgIcon } from "../page/html_element.js";
import { errorText } from "../export/rest_client.js";
import { drawOrderingPlots } from "./ordering_plot.js";
import { plural } from "../view/plural.js";

const NAMES = { given: "as given", best: "best first", worst: "worst first", random: "random" };

async function post(url, body) {
  let response;
  try {
    response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (err) {
    throw new Error("cannot reach the server");
  }
  if (!response.ok) throw new Error(await errorText(response));
  return response.json();
}


export class OrderingLab {
  // els: {run, seed, error, table, rows, summary, plots, plotStatus}; request(): the Search tab's
  // request (throws on a bad field); onReplay(replay): search with alpha-beta, where replay is
  // {ordering, depth, ties} plus the reordered `tree` (trees) or the game `request` to send.
  constructor({ els, request, onReplay }) {
    this.els = els;
    this.request = request;
    this.onReplay = onReplay;
    this.curve = null;
    this.answer = null;
    this.runs = 0; // answers shown (tests wait for it)
    els.run.addEventListener("click", () => this.run());
  }

  async run() {
    const { els } = this;
    els.error.textContent = "";
    let body;
    try {
      // The lab compares plain alpha-beta runs: the Search tab's algorithm, table, quiescence and
      // beam do not apply here (the server refuses them rather than ignore them).
      const { algorithm, tt, quiescence, beam, ordering, seed: formSeed, ...rest } = this.request();
      const seed = els.seed.value.trim() === "" ? 1 : Number(els.seed.value);
      if (!Number.isInteger(seed)) throw new Error("seed: a whole number");
      body = { ...rest, seed };
    } catch (err) {
      els.error.textContent = err.message;
      return;
    }
    els.summary.textContent = "Searching with each ordering…";
    try {
      this.answer = await post("/api/ordering", body);
    } catch (err) {
      els.summary.textContent = "";
      els.error.textContent = err.message;
      return;
    }
    this.showTable(body);
    this.runs++;
  }

  showTable(body) {
    const { els, answer } = this;
    const cell = (text) => {
      const td = document.createElement("td");
      td.textContent = text;
      return td;
    };
    const rows = answer.orderings.map((row) => {
      const tr = document.createElement("tr");
      tr.dataset.ordering = row.ordering;
      tr.append(cell(NAMES[row.ordering] || row.ordering), cell(row.leaves.toLocaleString("en")), cell(row.visited.toLocaleString("en")));
      const td = document.createElement("td");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "small replay-button";
      button.title = "Replay";
      button.setAttribute("aria-label", `Replay alpha-beta with the children ${NAMES[row.ordering] || row.ordering}`);
      button.append(svgIcon("M3.5 2v12l9-6z")); // the player's ▶, small: the Replay column must fit the 250 px side panel
      const replay = { ordering: row.ordering, depth: answer.depth, ties: answer.ties };
      if (row.tree) {
        replay.tree = row.tree;
      } else {
        // A game: the same position searched with the request's ordering (and the lab's seed).
        const { seed, ...game } = body;
        replay.request = { ...game, algorithm: "alphabeta", depth: answer.depth, ties: answer.ties, ordering: row.ordering };
        if (row.ordering === "random") replay.request.seed = answer.seed;
      }
      button.addEventListener("click", () => this.onReplay(replay));
      td.append(button);
      tr.append(td);
      return tr;
    });
    const extra = (label, leaves, visited) => {
      const tr = document.createElement("tr");
      tr.className = "reference-row";
      tr.append(cell(label), cell(leaves), cell(visited), cell(""));
      return tr;
    };
    rows.push(extra("minimax", answer.minimax_leaves.toLocaleString("en"), answer.minimax_visited.toLocaleString("en")));
    if (answer.knuth_moore !== null) rows.push(extra("Knuth–Moore", answer.knuth_moore.toLocaleString("en"), "—"));
    els.rows.replaceChildren(...rows);
    els.table.hidden = false;
    const shape = answer.uniform
      ? `A uniform tree (b = ${answer.uniform.branching}, d = ${answer.uniform.depth}): best first evaluates exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = ${plural(answer.knuth_moore, "leaf")}.`
      : "Not a uniform tree, so there is no Knuth–Moore count.";
    els.summary.textContent = `Alpha-beta${answer.depth === null ? "" : `, depth limit ${answer.depth}`}, ties ${answer.ties}, random seed ${answer.seed}. ${shape}`;
  }

  // The plot's data is computed once by the server; fetched when the tab is first shown.
  async showPlot() {
    if (this.curve) return;
    this.els.plotStatus.textContent = "Computing the curves…";
    try {
      const response = await fetch("/api/ordering/curve");
      if (!response.ok) throw new Error(await errorText(response));
      this.curve = (await response.json()).points;
    } catch (err) {
      this.els.plotStatus.textContent = `The plot could not be loaded: ${err.message}`;
      return;
    }
    this.els.plotStatus.textContent = "";
    this.drawPlot();
  }

  drawPlot() {
    if (!this.curve) return;
    drawOrderingPlots(this.els.plots, this.curve);
  }
}
