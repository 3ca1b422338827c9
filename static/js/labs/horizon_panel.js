// The horizon effect side by side (AIMA 4th ed. §5.3.2). "Horizon effect" asks the server for the built-in
// position searched to its depth limit without and with quiescence, and with quiescence under a
// beam (search/labs/horizon.py: each chosen move checked by the full search), shows them in columns in
// a wide dialog over the page (the side panel is too narrow to compare four columns), and steps
// through the plain depth-limited search in the main view; each column's button closes the dialog
// and steps through that search instead. All text goes in as text.

import { drawBoard } from "../view/board_view.js";
import { plural } from "../view/plural.js";

const WHY = {
  "depth-limited": "The search stops at depth {depth} and trusts EVAL there, even where a player can win on the next move: the threat is past its horizon.",
  quiescence: "Where the side to move could win at once or had to block, the search kept going past the limit (shaded nodes) before trusting EVAL.",
};

function outcome(value) {
  return value > 0 ? "X wins" : value < 0 ? "O wins" : "a draw";
}

function text(tag, content, cls) {
  const e = document.createElement(tag);
  e.textContent = content;
  if (cls) e.className = cls;
  return e;
}

export class HorizonPanel {
  // button: "Horizon effect"; panel: the <dialog> the columns go in; emit(name, data, ack): the
  // search socket's; form: the SearchForm; run(request): start a search in the main view;
  // toTree(): bring the main view on screen (a phone has it above the form).
  constructor({ button, panel, emit, form, run, toTree = () => {} }) {
    this.toTree = toTree;
    this.panel = panel;
    this.columns = panel.querySelector(".horizon-columns");
    this.words = panel.querySelector(".horizon-words");
    this.board = panel.querySelector(".horizon-board .board");
    this.form = form;
    this.run = run;
    this.emit = emit;
    this.answer = null; // the last comparison: opening again shows it without searching again
    button.addEventListener("click", () => this.open());
    panel.querySelector(".horizon-close").addEventListener("click", () => panel.close());
  }

  open() {
    const algorithm = this.form.field("algorithm").value;
    if (!this.panel.open) this.panel.showModal();
    if (this.answer && this.answer.algorithm === algorithm) return;
    this.words.textContent = "Searching the position with and without quiescence…";
    this.columns.replaceChildren();
    this.emit("search:compare", { algorithm }, (answer) => {
      if (!answer || answer.error) {
        this.words.textContent = "";
        this.columns.replaceChildren(text("p", answer ? answer.error : "no answer", "form-error"));
        return;
      }
      this.answer = answer;
      this.show(answer);
      this.stepThrough(answer, answer.runs[0]);
    });
  }

  show(answer) {
    drawBoard(this.board, answer.drawing ? { ...answer.drawing, game: answer.game } : null, answer.state);
    const alg = answer.algorithm === "alphabeta" ? "Alpha-beta" : "Minimax";
    this.words.textContent = `X to move in ${answer.state} (row by row). ${alg} to depth ${answer.depth}, four ways; `
      + "each move it picks is then checked by the full search. The highlighted column is the search the main view "
      + "steps through; another column's button shows that one instead (Esc or Close returns to the tree).";
    const byName = Object.fromEntries(answer.runs.map((r) => [r.name, r]));
    const plain = byName.quiescence;
    const cols = answer.runs.map((r) => {
      const col = document.createElement("section");
      col.dataset.run = r.name;
      const title = r.name === "depth-limited" ? `Depth ${answer.depth}, no quiescence`
        : `Depth ${answer.depth} + ${r.name}`;
      col.append(text("h4", title));
      col.append(text("p", `Plays ${r.move} (value ${r.value}), ${plural(r.visited, "node")} visited`));
      const good = r.move_value === answer.best;
      col.append(text("p", `After ${r.move}, the full search says ${r.move_value}: ${outcome(r.move_value)}`
        + (good ? " — the best move" : ` — a mistake (best: ${outcome(answer.best)})`), good ? "wins verdict" : "loses verdict"));
      const why = WHY[r.name] || (r.options.beam
        ? `The beam keeps only the ${r.options.beam} best children by estimate at each node: ${plural(r.visited, "node")} instead of ${plain.visited}${good ? ", and the winning move survives" : ", but the winning move was never considered"}.`
        : "");
      col.append(text("p", why.replace("{depth}", answer.depth)));
      const step = text("button", "Step through this search", "small");
      step.type = "button";
      step.addEventListener("click", () => {
        this.panel.close();
        this.stepThrough(answer, r);
        this.toTree();
      });
      col.append(step);
      return col;
    });
    this.columns.replaceChildren(...cols);
  }

  // Fill the form with this run's search and start it in the main view.
  stepThrough(answer, r) {
    this.form.useGame(answer.game, answer.state);
    this.form.setOptions({ algorithm: answer.algorithm, depth: answer.depth });
    this.form.setEnhancements(r.options);
    for (const col of this.columns.querySelectorAll("section")) col.classList.toggle("shown", col.dataset.run === r.name);
    this.run(this.form.request());
  }
}
