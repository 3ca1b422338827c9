// The instructor's side of practice mode, on the main page: the "Practice exercise" section of
// the Share & export tab (the tree shown, or one generated from a seed with guarantees; the
// algorithm, tie rule, what is asked, and for graded use: hints, solution, attempts) and the Search
// tab's quick "Practise this tree". The server makes and keeps the exercise (POST /api/exercises);
// the results key is shown once.

import { createExercise } from "./exercise_client.js";
import { exerciseSnippet } from "../export/embed_code_wiring.js";

const $ = (id) => document.getElementById(id);
import { algorithmOf } from "../page/catalogue.js";

// The searches that never prune (search/practice/exercise.py VALUES_ONLY, from the catalogue: one pass over the
// tree and no tie rule): their exercises ask for values only.
function valuesOnly(id) {
  const algorithm = algorithmOf(id);
  return Boolean(algorithm) && algorithm.single_pass && !algorithm.ties;
}
// The searches each built kind takes (search/practice/exercise.py construction_exercise); values: the catalogue's.
const KIND_ALGORITHMS = { values: [], ordering: ["alphabeta"], "make-it-prune": ["alphabeta"],
  parsons: ["alphabeta", "minimax", "expectiminimax"] };
const WHOLE = ["seed", "depth", "min_branching", "max_branching", "min_value", "max_value", "min_prunes"];

// The generator's options from the form; throws an Error naming a field that is not a whole number.
function generateOptions(form) {
  const out = {};
  for (const name of WHOLE) {
    const text = form.querySelector(`[name="maker_${name}"]`).value.trim();
    if (!/^-?\d{1,9}$/.test(text)) throw new Error(`generate.${name}: expected a whole number`);
    out[name] = Number(text);
  }
  out.distinct = form.querySelector('[name="maker_distinct"]').checked;
  if (form.querySelector('[name="maker_prune_depths"]').checked) out.prune_depths = 2;
  return out;
}

// For graded use: whether students may ask for a hint or the solution, how many checks each may
// make (empty: no limit; the server checks the range and names the field), and which score a course's
// gradebook gets when the exercise is opened from an LMS (docs/lms.md: the best so far or the latest).
function gradedUse(form) {
  const text = form.querySelector('[name="maker_attempts"]').value.trim();
  if (text && !/^\d{1,9}$/.test(text)) throw new Error("attempts: expected a whole number, or nothing for no limit");
  return {
    hints: form.querySelector('[name="maker_hints"]').checked,
    solution: form.querySelector('[name="maker_solution"]').checked,
    attempts: text ? Number(text) : null,
    grade: form.querySelector('[name="maker_grade"]').value,
  };
}

// The weight of each kind of mark asked (search/practice/scoring.py), or null when all weigh 1 (the
// server then stores none). A box left empty weighs 1; the server checks the range and names the part.
function markWeights(form, ask) {
  const weights = {};
  for (const box of form.querySelectorAll('[name="maker_weight"]')) {
    const part = box.dataset.part;
    if (!ask.includes(part)) continue;
    const text = box.value.trim();
    const weight = text === "" ? 1 : Number(text);
    if (!Number.isFinite(weight)) throw new Error(`weights.${part}: expected a number, got "${text}"`);
    weights[part] = weight;
  }
  return Object.values(weights).every((w) => w === 1) ? null : weights;
}

// The maker's "K leaves": a whole number, or the text as typed for the server to refuse naming the field.
export function visitedCount(text) {
  const typed = text.trim();
  if (typed === "") throw new Error("visited: type how many leaves alpha-beta must evaluate");
  return /^-?\d+$/.test(typed) ? Number(typed) : typed;
}

// `shown()`: the tree or position on show, as the exercise wants it: {tree} or {game, state};
// `searchOptions()`: the Search tab's {algorithm, ties}; `showError(text)`: the Search tab's alert.
export class ExerciseMaker {
  constructor({ shown, searchOptions, showError, extend = null }) {
    const section = $("exercise-maker");
    this.section = section;
    this.extend = extend; // more fields and what to show once made (roster_maker.js)
    this.shown = shown;
    for (const radio of section.querySelectorAll('[name="maker_source"]')) {
      radio.addEventListener("change", () => {
        section.querySelector('[data-maker="generate"]').hidden = this.source() !== "generate";
      });
    }
    // minimax asks for values only: the other boxes follow the algorithm.
    const algorithm = section.querySelector('[name="maker_algorithm"]');
    algorithm.addEventListener("change", () => this.followAlgorithm());
    for (const box of section.querySelectorAll('[name="maker_ask"]')) box.addEventListener("change", () => this.followAsk());
    section.querySelector('[name="maker_kind"]').addEventListener("change", () => this.followKind());
    section.querySelector('[name="maker_prune_form"]').addEventListener("change", () => this.followKind());
    this.followAsk();
    $("make-exercise").addEventListener("click", () => this.make());
    $("practise-tree").addEventListener("click", async () => {
      showError("");
      try {
        const { algorithm: alg, ties, returns } = searchOptions();
        const form = alg === "alphabeta" && returns === "bound" ? { returns } : {}; // the fail-hard form, when the search was
        const algorithm = valuesOnly(alg) ? alg : "alphabeta"; // iterative deepening's last pass is alpha-beta
        const made = await createExercise({ ...this.shown(), algorithm, ties, ...form });
        window.location.assign(made.url);
      } catch (err) {
        showError(`Practise this tree: ${err.message}`);
      }
    });
  }

  source() {
    return this.section.querySelector('[name="maker_source"]:checked').value;
  }

  followAlgorithm() {
    if (this.kind() !== "values") {
      this.followKind();
      return;
    }
    const minimax = valuesOnly(this.section.querySelector('[name="maker_algorithm"]').value);
    for (const box of this.section.querySelectorAll('[name="maker_ask"]')) {
      if (box.value !== "values") {
        box.disabled = minimax;
        if (minimax) box.checked = false;
      } else if (minimax) box.checked = true;
    }
    this.section.querySelector('[name="maker_ties"]').disabled = minimax;
    this.section.querySelector('[name="maker_returns"]').disabled = minimax;
    this.followAsk();
  }

  // A built exercise (issue 50) has its own marks: what is asked, the weights and the form are the values kind's.
  followKind() {
    const kind = this.kind();
    const values = kind === "values";
    const algorithm = this.section.querySelector('[name="maker_algorithm"]');
    for (const option of algorithm.options) option.disabled = !KIND_ALGORITHMS[kind].includes(option.value) && kind !== "values";
    if (!values && !KIND_ALGORITHMS[kind].includes(algorithm.value)) algorithm.value = "alphabeta";
    this.section.querySelector('[name="maker_ties"]').disabled = !values && (kind === "parsons" || algorithm.value !== "alphabeta");
    for (const box of this.section.querySelectorAll('[name="maker_ask"], [name="maker_weight"]')) box.disabled = !values;
    this.section.querySelector('[name="maker_returns"]').disabled = !values;
    const counting = this.section.querySelector('[name="maker_prune_form"]').value === "visited";
    this.section.querySelector('[data-maker="prune-form"]').hidden = kind !== "make-it-prune";
    this.section.querySelector('[data-maker="prune"]').hidden = kind !== "make-it-prune" || counting;
    this.section.querySelector('[data-maker="visited"]').hidden = kind !== "make-it-prune" || !counting;
    if (values) this.followAlgorithm();
  }

  kind() {
    return this.section.querySelector('[name="maker_kind"]').value;
  }

  // A weight only for a kind of mark asked for.
  followAsk() {
    const asked = new Set([...this.section.querySelectorAll('[name="maker_ask"]:checked')].map((box) => box.value));
    for (const box of this.section.querySelectorAll('[name="maker_weight"]')) box.disabled = !asked.has(box.dataset.part);
  }

  request() {
    const s = this.section;
    const request = this.source() === "generate" ? { generate: generateOptions(s) } : this.shown();
    if (this.kind() !== "values") return { ...this.builtRequest(request), ...gradedUse(s), ...(this.extend ? this.extend.fields(request) : {}) };
    request.algorithm = s.querySelector('[name="maker_algorithm"]').value;
    request.ties = s.querySelector('[name="maker_ties"]').value;
    if (request.algorithm === "alphabeta" && s.querySelector('[name="maker_returns"]').value === "bound") request.returns = "bound";
    if (request.generate && valuesOnly(request.algorithm)) {
      delete request.generate.min_prunes; // prunes are alpha-beta's guarantees
      delete request.generate.prune_depths;
    }
    request.ask = [...s.querySelectorAll('[name="maker_ask"]:checked')].map((box) => box.value);
    if (!request.ask.length) throw new Error("ask: tick at least one thing to ask for");
    const weights = markWeights(s, request.ask);
    if (weights) request.weights = weights;
    return { ...request, ...gradedUse(s), ...(this.extend ? this.extend.fields(request) : {}) };
  }

  // An ordering, make-it-prune or Parsons exercise: the tree, the kind, its search; "prune" as typed (ids, by commas),
  // or "visited" (make-it-prune's other form: exactly K leaves evaluated).
  builtRequest(request) {
    const s = this.section;
    const kind = this.kind();
    const out = { ...request, kind, algorithm: s.querySelector('[name="maker_algorithm"]').value };
    if (out.algorithm === "alphabeta" && kind !== "parsons") out.ties = s.querySelector('[name="maker_ties"]').value;
    if (kind === "make-it-prune" && s.querySelector('[name="maker_prune_form"]').value === "visited") {
      out.visited = visitedCount(s.querySelector('[name="maker_visited"]').value);
    } else if (kind === "make-it-prune") {
      const typed = s.querySelector('[name="maker_prune"]').value.split(/[\s,]+/).filter(Boolean);
      if (typed.length) out.prune = typed;
    }
    return out;
  }

  async make() {
    const error = $("maker-error");
    const status = $("maker-status");
    error.textContent = "";
    status.textContent = "";
    for (const row of this.section.querySelectorAll(".link-row")) row.hidden = true;
    if (this.extend) this.extend.reset();
    try {
      const made = await createExercise(this.request());
      const origin = window.location.origin;
      $("exercise-link").value = new URL(made.url, origin).href;
      $("exercise-embed-code").value = exerciseSnippet($("exercise-link").value);
      $("exercise-results-link").value = `${new URL(`${made.url}/results`, origin).href}?${new URLSearchParams({ key: made.key })}`;
      for (const row of this.section.querySelectorAll(".link-row")) row.hidden = false;
      status.textContent = "Exercise made: hand out the student link; keep the results link.";
      if (this.extend) this.extend.made(made);
    } catch (err) {
      error.textContent = this.extend ? this.extend.explain(err.message) : err.message;
    }
  }
}
