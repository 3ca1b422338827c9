// The side panel form: what to search (the lecture example, a typed tree, or a game
// position) and how (algorithm, depth limit, ties). It turns the fields into a
// search:start request and shows errors inline, as text. An example may be a game search
// (its option's data-request, search/games/registry.py GAME_EXAMPLES): it sends that request.

const DEFAULT_POSITION = { tictactoe: "XOX.O....", isolation: ".....#" };

export class SearchForm {
  constructor(form, errorEl, onRun) {
    this.form = form;
    this.errorEl = errorEl;
    this.waysEl = form.querySelector(".ways-forward"); // buttons under an error, if it has some
    this.waysFor = null; // the error text the buttons answer
    // They go with it: another text put there (a trace file's error, by app.js) drops them.
    new MutationObserver(() => {
      if (this.errorEl.textContent !== this.waysFor) this.showWays([]);
    }).observe(errorEl, { childList: true, characterData: true, subtree: true });
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      let request;
      try {
        request = this.request();
      } catch (err) {
        this.showError(err.message);
        return;
      }
      this.clearError();
      onRun(request);
    });
    form.addEventListener("change", (ev) => {
      if (ev.target.name === "source") this.showSource();
      if (ev.target.name === "game") this.defaultPosition();
      if (ev.target.name === "game") this.symmetryForGame();
      if (ev.target.name === "example") this.algorithmForExample();
      this.returnsForAlgorithm();
    });
    this.showSource();
    this.symmetryForGame();
    this.returnsForAlgorithm();
  }

  // The fail-hard form is alpha-beta's (it returns α or β): the choice is off for the other algorithms.
  returnsForAlgorithm() {
    const select = this.field("returns");
    select.disabled = this.field("algorithm").value !== "alphabeta";
  }

  // Symmetries are tic-tac-toe's (the 8 of its square): the box is off and disabled for Isolation.
  symmetryForGame() {
    const box = this.field("symmetry");
    const tictactoe = this.field("game").value === "tictactoe";
    box.disabled = !tictactoe;
    if (!tictactoe) box.checked = false;
    box.closest("label").title = tictactoe
      ? "Tic-tac-toe: keep one move of each class of positions a rotation or reflection of the board makes equal (the lecture slides' example)"
      : "Symmetries are for tic-tac-toe (the 8 symmetries of its square), not Isolation";
  }

  // The game search the selected example stands for (its option's data-request), or null for a tree.
  gameExample() {
    const option = this.field("example").selectedOptions[0];
    return option && option.dataset.request ? JSON.parse(option.dataset.request) : null;
  }

  field(name) {
    return this.form.elements[name];
  }

  // Only the fieldset of the chosen source is shown (and so submitted by the keyboard).
  showSource() {
    const source = this.field("source").value;
    for (const part of this.form.querySelectorAll("[data-source]")) {
      part.hidden = part.dataset.source !== source;
    }
  }

  // A chance or players example comes with the algorithm that searches it (its option's
  // data-algorithm); back on a plain example, expectiminimax and max^n give way to alpha-beta.
  // A game example brings its depth limit too; leaving it for a tree takes that limit away again.
  algorithmForExample() {
    const option = this.field("example").selectedOptions[0];
    const wanted = option ? option.dataset.algorithm : "";
    const algorithm = this.field("algorithm");
    if (wanted) algorithm.value = wanted;
    else if (algorithm.value === "expectiminimax" || algorithm.value === "maxn") algorithm.value = "alphabeta";
    const game = this.gameExample();
    const depth = this.field("depth");
    if (game) {
      depth.value = game.depth === null || game.depth === undefined ? "" : String(game.depth);
      this.exampleDepth = depth.value;
    } else if (this.exampleDepth !== undefined) {
      if (depth.value === this.exampleDepth) depth.value = "";
      this.exampleDepth = undefined;
    }
  }

  // Switching game swaps in that game's default position, unless one was typed.
  defaultPosition() {
    const position = this.field("position");
    const game = this.field("game").value;
    if (!position.value.trim() || Object.values(DEFAULT_POSITION).includes(position.value.trim())) {
      position.value = DEFAULT_POSITION[game] || "";
    }
  }

  // Put a tree into the tree field and select it (a shared tree).
  useTree(text) {
    this.form.querySelector('input[name="source"][value="tree"]').checked = true;
    this.field("tree").value = text;
    this.showSource();
  }

  // Select an example, or a game and position (a link to a step fills the form so).
  useExample(name) {
    this.form.querySelector('input[name="source"][value="example"]').checked = true;
    const select = this.field("example");
    if (![...select.options].some((o) => o.value === name)) throw new Error(`link: no example called "${name}"`);
    select.value = name;
    if (this.gameExample()) this.algorithmForExample(); // a game example's algorithm and depth limit are its own
    this.showSource();
  }

  // The example whose tree is `tree` (as its option carries it), or null.
  exampleOf(tree) {
    const text = JSON.stringify(tree);
    const option = [...this.field("example").options].find((o) => o.dataset.tree && JSON.stringify(JSON.parse(o.dataset.tree)) === text);
    return option ? option.value : null;
  }

  useGame(game, state) {
    this.form.querySelector('input[name="source"][value="game"]').checked = true;
    const select = this.field("game");
    if (![...select.options].some((o) => o.value === game)) throw new Error(`link: no game called "${game}"`);
    select.value = game;
    this.field("position").value = state === undefined ? DEFAULT_POSITION[game] : state;
    this.symmetryForGame();
    this.showSource();
  }

  // {algorithm, depth, ties, returns} into their fields (returns: alpha-beta's fail-hard "bound", else "v").
  setOptions({ algorithm, depth, ties, returns }) {
    if (algorithm) this.field("algorithm").value = algorithm;
    this.field("depth").value = depth === null || depth === undefined ? "" : String(depth);
    if (ties) this.field("ties").value = ties;
    this.field("returns").value = returns === "bound" ? "bound" : "v";
    this.returnsForAlgorithm();
  }

  request() {
    const req = {};
    const source = this.field("source").value;
    const game = source === "example" ? this.gameExample() : null;
    if (game) {
      // The example's position and symmetry; how to search it is the form's (filled in when it was chosen).
      for (const name of ["game", "state", "symmetry", "tt", "quiescence", "beam"]) if (game[name] !== undefined) req[name] = game[name];
    } else if (source === "example") {
      req.example = this.field("example").value;
    } else if (source === "tree") {
      const text = this.field("tree").value.trim();
      if (!text) throw new Error("tree: type a tree as JSON or a nested list such as [[3,12,8],[2,4,6]]");
      try {
        // The nested-list shorthand is JSON too; the server validates the shape.
        req.tree = JSON.parse(text);
      } catch (err) {
        throw new Error(`tree: not valid JSON (${err.message})`);
      }
    } else {
      req.game = this.field("game").value;
      req.state = this.field("position").value.trim();
      Object.assign(req, this.enhancements());
    }
    return { ...req, ...this.options() };
  }

  // The enhancements (AIMA 4th ed. §5.2.4, §5.3.2, §5.3.3), for game searches only: each key only when it is on.
  enhancements() {
    const out = {};
    if (this.field("symmetry").checked && !this.field("symmetry").disabled) out.symmetry = true;
    if (this.field("tt").checked) out.tt = true;
    if (this.field("quiescence").checked) out.quiescence = true;
    const beam = this.field("beam").value.trim();
    if (beam !== "") {
      const k = Number(beam);
      if (!Number.isInteger(k) || k < 1) throw new Error("beam: a whole number of children to keep (1 or more), or blank for none");
      out.beam = k;
    }
    return out;
  }

  // {symmetry, tt, quiescence, beam} into their fields (absent: off).
  setEnhancements({ symmetry, tt, quiescence, beam } = {}) {
    this.field("symmetry").checked = Boolean(symmetry);
    this.field("tt").checked = Boolean(tt);
    this.field("quiescence").checked = Boolean(quiescence);
    this.field("beam").value = beam === undefined || beam === null ? "" : String(beam);
  }

  // How to search, whatever the input: {algorithm, depth, ties} (the editor's Run uses these too).
  options() {
    const out = { algorithm: this.field("algorithm").value };
    const depth = this.field("depth").value.trim();
    if (depth === "") {
      out.depth = null;
    } else {
      const n = Number(depth);
      if (!Number.isInteger(n) || n < 0) throw new Error("depth: a whole number of plies, or blank for none");
      out.depth = n;
    }
    out.ties = this.field("ties").value;
    // The fail-hard form is alpha-beta's alone; the default (v) is left out of the request.
    if (out.algorithm === "alphabeta" && this.field("returns").value === "bound") out.returns = "bound";
    return out;
  }

  // The options in words, e.g. "alpha-beta, no depth limit, ties prune".
  describeOptions() {
    const o = this.options();
    const alg = { alphabeta: "alpha-beta", iterative: "iterative deepening", maxn: "max^n" }[o.algorithm] || o.algorithm;
    const form = o.returns === "bound" ? ", fail-hard (returns α or β)" : "";
    return `${alg}, ${o.depth === null ? "no depth limit" : `depth limit ${o.depth}`}, ties ${o.ties}${form}`;
  }

  // The role="alert" element stays in the page; changing its text is what gets announced.
  // ways: [{label, run}], one-click ways forward from this error, shown as buttons under it.
  showError(text, ways = []) {
    this.errorEl.textContent = text;
    this.waysFor = text;
    this.showWays(ways);
  }

  clearError() {
    this.errorEl.textContent = "";
    this.showWays([]);
  }

  showWays(ways) {
    if (!this.waysEl) return;
    this.waysEl.replaceChildren(...ways.map(({ label, run }) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.addEventListener("click", run);
      return b;
    }));
    this.waysEl.hidden = !ways.length;
  }
}
