// The side panel form: what to search (the lecture example, a typed tree, or a game
// position) and how (algorithm, depth limit, ties). It turns the fields into a
// search:start request and shows errors inline, as text. An example may be a game search
// (its option's data-request, search/games/registry.py GAME_EXAMPLES): it sends that request.
// A game too big to search to its end (Connect Four, Isolation on a square board) needs a depth
// limit: the form says so beside the depth field and does not send a search that cannot end.

import { defaultDepth, depthNeeded } from "./depth_needed.js";
import { algorithmName, algorithmOf } from "../page/catalogue.js";

// An algorithm for explicit trees only (chance nodes, several players): a plain example gives it up for alpha-beta.
function treesOnly(id) {
  const algorithm = algorithmOf(id);
  return Boolean(algorithm) && (algorithm.chance === "yes" || algorithm.players === "n");
}

// Each game's menu option (templates/index.html, from the game registry) carries what the form needs of it: the
// position it opens at (data-example), its default estimate (data-estimate) and its symmetries (data-symmetry, empty
// when it has none); the Estimate menu's options name their game (data-game). No game is named here.
const gameOption = (form, game) => [...form.elements.game.options].find((o) => o.value === game);
const examples = (form) => [...form.elements.game.options].map((o) => o.dataset.example);

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
        // Run does not send a search that could never end: the note beside the depth field says why.
        // (A link's search goes to the server, which refuses it with the same words.)
        const missing = this.missingDepth();
        if (missing) throw new Error(`depth: ${missing}`);
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
      if (ev.target.name === "game") this.hintForGame();
      if (ev.target.name === "game" || ev.target.name === "position") this.depthForGame();
      if (ev.target.name === "example") this.algorithmForExample();
      this.returnsForAlgorithm();
      this.showDepthNote();
    });
    form.addEventListener("input", (ev) => {
      if (ev.target.name === "depth" || ev.target.name === "position") this.showDepthNote();
    });
    this.showSource();
    this.symmetryForGame();
    this.hintForGame();
    this.estimateForGame();
    this.returnsForAlgorithm();
    this.showDepthNote();
  }

  // The game and position the form would search, or null for a tree: the Game fields, or a game example's.
  gameToSearch() {
    const source = this.field("source").value;
    if (source === "game") return { game: this.field("game").value, state: this.field("position").value.trim() };
    return source === "example" ? this.gameExample() : null;
  }

  // Why the search asked for needs a depth limit it lacks ("" when it needs none or has one).
  missingDepth() {
    if (this.field("depth").value.trim() !== "") return "";
    const game = this.gameToSearch();
    return game ? depthNeeded(gameOption(this.form, game.game), game.state) : "";
  }

  // Beside the depth field: why this search needs a depth limit, while it has none.
  showDepthNote(text = this.missingDepth()) {
    const note = this.form.querySelector(".depth-note");
    const depth = this.field("depth");
    if (!note) return;
    if (note.textContent !== text) note.textContent = text;
    note.hidden = !text;
    if (text) depth.setAttribute("aria-invalid", "true");
    else depth.removeAttribute("aria-invalid");
  }

  // A game that needs a depth limit comes with one (Connect Four: 4) when the field is blank, and a
  // square Isolation board with the mobility estimate (zero guesses nothing: every cut-off scores 0);
  // back on a game that does not, what the form put there goes again (what the student chose stays).
  depthForGame() {
    const depth = this.field("depth");
    const estimate = this.field("estimate");
    const game = this.gameToSearch();
    const option = game ? gameOption(this.form, game.game) : undefined;
    const needs = Boolean(game && depthNeeded(option, game.state));
    const wanted = needs ? defaultDepth(option) : undefined;
    if (wanted !== undefined && depth.value.trim() === "") {
      depth.value = String(wanted);
      this.gameDepth = depth.value;
    } else if (wanted === undefined && this.gameDepth !== undefined) {
      if (depth.value === this.gameDepth) depth.value = "";
      this.gameDepth = undefined;
    }
    // A game of several estimates whose default guesses nothing (Isolation's zero) gets its other one at a depth limit.
    const choices = estimate ? this.estimates(this.field("game").value) : [];
    const fallback = choices[0];
    const informed = choices[1];
    if (informed && needs && estimate.value === fallback) {
      estimate.value = informed;
      this.gameEstimate = informed;
    } else if (estimate && !needs && this.gameEstimate !== undefined) {
      if (estimate.value === this.gameEstimate && fallback) estimate.value = fallback;
      this.gameEstimate = undefined;
    }
    this.estimateForGame();
  }

  // The estimates of `game` the Estimate menu offers (a game of one estimate has none there), default first.
  estimates(game) {
    const select = this.field("estimate");
    return select ? [...select.options].filter((o) => o.dataset.game === game).map((o) => o.value) : [];
  }

  // The Estimate menu shows the chosen game's estimates, and only for a game that has several (Isolation).
  estimateForGame() {
    const select = this.field("estimate");
    if (!select) return;
    const game = this.field("game").value;
    const mine = this.estimates(game);
    for (const option of select.options) option.hidden = option.dataset.game !== game;
    select.disabled = mine.length === 0;
    select.closest("label").hidden = mine.length === 0;
    if (mine.length && !mine.includes(select.value)) select.value = gameOption(this.form, game).dataset.estimate;
  }

  // An estimate's name into its field (a link's estimate=...); the game's default when absent.
  setEstimate(name) {
    const select = this.field("estimate");
    if (!select) return;
    if (name !== undefined && name !== null && ![...select.options].some((o) => o.value === name)) {
      throw new Error(`link: no estimate called "${name}"`);
    }
    select.value = name || gameOption(this.form, this.field("game").value).dataset.estimate;
  }

  // The fail-hard form is alpha-beta's (it returns α or β): the choice is off for the other algorithms.
  returnsForAlgorithm() {
    const select = this.field("returns");
    const algorithm = algorithmOf(this.field("algorithm").value);
    select.disabled = !algorithm || !algorithm.returns.includes("bound");
  }

  // Symmetries are a game's own (tic-tac-toe's: the 8 of its square): the box is off and disabled for a game without.
  // Under the position: how the chosen game's positions are written (the registry's words, one per game in the
  // template), the others' hidden.
  hintForGame() {
    const game = this.field("game").value;
    for (const hint of this.form.querySelectorAll(".position-hint [data-game]")) hint.hidden = hint.dataset.game !== game;
  }

  symmetryForGame() {
    const box = this.field("symmetry");
    const option = gameOption(this.form, this.field("game").value);
    const symmetry = option ? option.dataset.symmetry : "";
    box.disabled = !symmetry;
    if (!symmetry) box.checked = false;
    const having = [...this.field("game").options].filter((o) => o.dataset.symmetry).map((o) => `${o.dataset.name} (${o.dataset.symmetry})`);
    box.closest("label").title = symmetry
      ? `${option.textContent}: keep one move of each class of positions a rotation or reflection of the board makes equal (${symmetry}; the lecture slides' example)`
      : `Symmetries are for ${having.join(", ")}, not ${option ? option.dataset.name : "this game"}`;
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
  // data-algorithm); back on a plain example, a search of trees only (chance nodes, several players) gives way to alpha-beta.
  // A game example brings its depth limit too; leaving it for a tree takes that limit away again.
  algorithmForExample() {
    const option = this.field("example").selectedOptions[0];
    const wanted = option ? option.dataset.algorithm : "";
    const algorithm = this.field("algorithm");
    if (wanted) algorithm.value = wanted;
    else if (treesOnly(algorithm.value)) algorithm.value = "alphabeta";
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
    if (!position.value.trim() || examples(this.form).includes(position.value.trim())) {
      position.value = gameOption(this.form, game)?.dataset.example || "";
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
    this.field("position").value = state === undefined ? gameOption(this.form, game)?.dataset.example || "" : state;
    this.symmetryForGame();
    this.hintForGame();
    this.estimateForGame();
    this.showSource();
    this.showDepthNote();
  }

  // {algorithm, depth, ties, returns} into their fields (returns: alpha-beta's fail-hard "bound", else "v").
  setOptions({ algorithm, depth, ties, returns }) {
    if (algorithm) this.field("algorithm").value = algorithm;
    this.field("depth").value = depth === null || depth === undefined ? "" : String(depth);
    if (ties) this.field("ties").value = ties;
    this.field("returns").value = returns === "bound" ? "bound" : "v";
    this.returnsForAlgorithm();
    this.showDepthNote();
  }

  request() {
    const req = {};
    const source = this.field("source").value;
    const game = source === "example" ? this.gameExample() : null;
    if (game) {
      // The example's position and symmetry; how to search it is the form's (filled in when it was chosen).
      for (const name of ["game", "state", "estimate", "symmetry", "tt", "quiescence", "beam"]) if (game[name] !== undefined) req[name] = game[name];
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
      // A game's estimate, when it has several and this is not its default: a link to the search stays as it was.
      const estimate = this.field("estimate");
      const chosen = gameOption(this.form, req.game);
      if (estimate && this.estimates(req.game).length && chosen && estimate.value !== chosen.dataset.estimate) req.estimate = estimate.value;
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
    if ((algorithmOf(out.algorithm)?.returns || []).includes("bound") && this.field("returns").value === "bound") out.returns = "bound";
    return out;
  }

  // The options in words, e.g. "alpha-beta, no depth limit, ties prune".
  describeOptions() {
    const o = this.options();
    const alg = algorithmName(o.algorithm);
    const form = o.returns === "bound" ? ", fail-hard (returns α or β)" : "";
    return `${alg}, ${o.depth === null ? "no depth limit" : `depth limit ${o.depth}`}, ties ${o.ties}${form}`;
  }

  // The role="alert" element stays in the page; changing its text is what gets announced.
  // ways: [{label, run}], one-click ways forward from this error, shown as buttons under it.
  // A refusal for want of a depth limit (the form's own, or the server's "depth: Connect Four needs a
  // depth limit: its game tree ... Try 4 to 6") is said in full beside the depth field, which takes the
  // keyboard (the note describes it); the error under Run keeps its head and its advice.
  showError(text, ways = []) {
    const needed = /^depth: ([^:]*needs a depth limit):.*?(Try [^.]*)?$/.exec(text);
    if (needed) {
      this.showDepthNote(text.slice("depth: ".length));
      this.field("depth").focus();
    }
    const shown = needed ? `depth: ${needed[1]}.${needed[2] ? ` ${needed[2]}` : ""}` : text;
    this.errorEl.textContent = shown;
    this.waysFor = shown;
    this.showWays(ways);
  }

  clearError() {
    this.errorEl.textContent = "";
    this.showWays([]);
    this.showDepthNote();
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
