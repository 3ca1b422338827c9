// Predict mode: while the student steps through a search, the player stops before a key step
// (a return, a pruning test, a bound that moves, a window the parent changed) and asks what
// it will do; the answer is judged in the narration's words, then the step plays. A running
// score ("3 of 4 right") starts over with each search. Only stepping forward asks (Forward,
// →, Play); Back, the scrub bar, First, Last and links never do. The questions come from
// predict_questions.js; this module is their panel and its keyboard. A wrong answer that a
// misconception of the catalogue gives is named in the feedback: what each one answers is
// fetched once per search (misconception_readings.js), when predict mode is on.

import { judge, parseValue, questionsBetween, scoreWords } from "./predict_questions.js";
import { readingsFor } from "./misconception_readings.js";
import { shown } from "../page/page_state.js";
import { readPredictParam } from "../player/step_link.js";
import { el } from "../page/html_element.js";

const HINT = "Step forward (→): before each key step you are asked what it will do.";

const askedSheet = new CSSStyleSheet();

export class PredictMode {
  // toggle: the checkbox; panel: the empty section this fills; controls: the PlayerControls;
  // replay(): the Replay shown (or null); eventIndex(position): the event a player position shows.
  constructor({ toggle, panel }, { controls, replay, eventIndex }) {
    this.toggle = toggle;
    this.panel = panel;
    this.controls = controls;
    this.replay = replay;
    this.eventIndex = eventIndex;
    this.score = { right: 0, asked: 0 };
    this.asked = new Set(); // events already asked about (answered or skipped) in this search
    this.question = null; // the question showing
    this.pending = null; // {position, from, queue}: the step held back, and the questions left before it
    this.resume = false; // Play was on when the question stopped it
    this.readings = []; // what each misconception answers in the search shown (misconception_readings.js)
    this.readingsOf = undefined; // the request they were asked for
    this.build();
    controls.beforeForward = (position, playing) => this.beforeForward(position, playing);
    toggle.addEventListener("change", () => this.set(toggle.checked));
    // Esc skips the question wherever the focus is (and so does not also leave Present mode).
    window.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && this.question && !ev.defaultPrevented) {
        ev.preventDefault();
        ev.stopPropagation();
        this.skip();
      }
    }, true);
    let linked = false;
    try {
      linked = readPredictParam(window.location.search);
    } catch (err) {
      this.feedback.textContent = err.message;
    }
    this.set(linked);
  }

  build() {
    const p = this.panel;
    p.replaceChildren();
    this.scoreEl = el("output", { class: "predict-score" }, scoreWords(this.score));
    this.form = el("div", { class: "predict-question", role: "group", "aria-labelledby": "predict-prompt" });
    this.form.hidden = true;
    this.prompt = el("p", { id: "predict-prompt", class: "predict-prompt" });
    this.value = el("input", { type: "text", id: "predict-value", class: "predict-number", autocomplete: "off", spellcheck: "false",
      "aria-labelledby": "predict-prompt", "aria-describedby": "predict-error" });
    this.alphaLabel = el("label", { class: "predict-bound" }, "α ");
    this.alpha = el("input", { type: "text", id: "predict-alpha", class: "predict-number", autocomplete: "off", spellcheck: "false",
      "aria-describedby": "predict-error" });
    this.alphaLabel.append(this.alpha);
    this.betaLabel = el("label", { class: "predict-bound" }, "β ");
    this.beta = el("input", { type: "text", id: "predict-beta", class: "predict-number", autocomplete: "off", spellcheck: "false",
      "aria-describedby": "predict-error" });
    this.betaLabel.append(this.beta);
    this.check = el("button", { type: "button", class: "primary predict-check" }, "Check");
    this.pruneButton = el("button", { type: "button", class: "predict-choice", "data-choice": "prune" }, "Prune");
    this.keepButton = el("button", { type: "button", class: "predict-choice", "data-choice": "keep" }, "Keep looking");
    this.skipButton = el("button", { type: "button", class: "small predict-skip", title: "Skip this question (Esc)" }, "Skip (Esc)");
    this.error = el("span", { id: "predict-error", class: "predict-error", role: "alert" });
    const answer = el("div", { class: "predict-answer" });
    answer.append(this.value, this.alphaLabel, this.betaLabel, this.check, this.pruneButton, this.keepButton, this.skipButton, this.error);
    this.form.append(this.prompt, answer);
    this.feedback = el("p", { class: "predict-feedback", "aria-live": "polite" });
    p.append(this.scoreEl, this.form, this.feedback);

    this.check.addEventListener("click", () => this.submit());
    this.pruneButton.addEventListener("click", () => this.answer("prune"));
    this.keepButton.addEventListener("click", () => this.answer("keep"));
    this.skipButton.addEventListener("click", () => this.skip());
    for (const input of [this.value, this.alpha, this.beta]) {
      input.addEventListener("keydown", (ev) => {
        if (ev.key !== "Enter") return;
        ev.preventDefault(); // Enter answers here; it must not reach the button the focus returns to
        this.submit();
      });
    }
    // Space on the question's buttons presses them (elsewhere Space plays and pauses).
    this.form.addEventListener("keydown", (ev) => {
      if ((ev.key === " " || ev.key === "Spacebar") && ev.target.tagName === "BUTTON") ev.stopPropagation();
    });
  }

  get on() {
    return this.toggle.checked;
  }

  set(on) {
    this.toggle.checked = on;
    this.panel.hidden = !on;
    document.body.classList.toggle("predicting", on);
    if (!on) this.dismiss();
    else {
      if (!this.feedback.textContent) this.feedback.textContent = HINT;
      this.loadReadings();
    }
  }

  // Once per search, and only while predicting: what each misconception answers to its questions.
  // panel[data-readings] says how many came (tests wait for it).
  loadReadings() {
    const request = shown.request;
    if (request === this.readingsOf) return;
    this.readingsOf = request;
    this.readings = [];
    delete this.panel.dataset.readings;
    readingsFor(request).then((readings) => {
      if (this.readingsOf !== request) return; // another search since
      this.readings = readings;
      this.panel.dataset.readings = String(readings.length);
    });
  }

  // A new search: the score and what was asked start over.
  reset() {
    this.dismiss();
    this.score = { right: 0, asked: 0 };
    this.asked.clear();
    this.scoreEl.textContent = scoreWords(this.score);
    this.feedback.textContent = HINT;
    delete this.feedback.dataset.verdict;
    if (this.on) this.loadReadings();
  }

  // The player is about to step from `position` to the next: hold it back while a question is due.
  beforeForward(position, playing) {
    if (!this.on) return false;
    if (this.question) {
      if (playing) this.stopPlaying();
      this.focusQuestion();
      return true;
    }
    const replay = this.replay();
    if (!replay) return false;
    const from = this.eventIndex(position);
    const to = this.eventIndex(position + 1);
    const queue = questionsBetween(replay, from, to).filter((q) => !this.asked.has(q.event));
    if (!queue.length) return false;
    if (playing) this.stopPlaying();
    this.pending = { position, from, queue };
    this.returnFocus = document.activeElement;
    this.ask(queue.shift());
    return true;
  }

  stopPlaying() {
    this.resume = true;
    this.controls.pause();
  }

  // A step was shown: anything but the held-back step itself (Back, the scrub bar, a new
  // detail, a link) drops the question unanswered.
  seen(position, k) {
    if (this.pending && (position !== this.pending.position || k !== this.pending.from)) this.dismiss();
  }

  ask(q) {
    this.question = q;
    this.prompt.textContent = q.prompt;
    this.error.textContent = "";
    const number = q.kind === "value" || q.kind === "bound";
    this.value.hidden = !number;
    this.alphaLabel.hidden = this.betaLabel.hidden = q.kind !== "window";
    this.check.hidden = q.kind === "prune";
    this.pruneButton.hidden = this.keepButton.hidden = q.kind !== "prune";
    for (const input of [this.value, this.alpha, this.beta]) input.value = "";
    this.form.dataset.kind = q.kind;
    this.form.hidden = false;
    this.panel.dataset.asking = "true";
    this.markNode(q.node);
    this.focusQuestion();
  }

  focusQuestion() {
    const q = this.question;
    if (!q) return;
    const first = q.kind === "prune" ? this.pruneButton : q.kind === "window" ? this.alpha : this.value;
    if (!this.form.contains(document.activeElement)) first.focus({ preventScroll: true });
    this.panel.scrollIntoView({ block: "nearest" });
  }

  submit() {
    const q = this.question;
    if (!q || q.kind === "prune") return;
    if (q.kind === "window") {
      const a = parseValue(this.alpha.value);
      const b = parseValue(this.beta.value);
      const bad = a === null ? this.alpha : b === null ? this.beta : null;
      if (bad) return this.refuse(bad);
      this.answer([a, b]);
      return;
    }
    const v = parseValue(this.value.value);
    if (v === null) return this.refuse(this.value);
    this.answer(v);
  }

  refuse(input) {
    this.error.textContent = "Type a number (or inf, −inf).";
    input.focus();
  }

  answer(given) {
    const q = this.question;
    if (!q) return;
    const verdict = judge(q, given, this.readings);
    this.score.asked++;
    if (verdict.right) this.score.right++;
    this.scoreEl.textContent = scoreWords(this.score);
    this.tell(verdict.feedback, verdict.right ? "right" : "wrong");
    if (verdict.misconception) this.feedback.dataset.misconception = verdict.misconception.id;
    this.next();
  }

  skip() {
    const q = this.question;
    if (!q) return;
    this.tell(`Skipped. ${q.explain}`, "skipped");
    this.next();
  }

  tell(text, verdict) {
    this.asked.add(this.question.event);
    delete this.feedback.dataset.misconception;
    this.feedback.textContent = text;
    this.feedback.dataset.verdict = verdict;
  }

  // The next question before the same step, or the step itself (and Play again, if it was on).
  next() {
    const pending = this.pending;
    if (pending && pending.queue.length) {
      this.ask(pending.queue.shift());
      return;
    }
    const resume = this.resume;
    const focus = this.returnFocus;
    this.close();
    if (pending) this.controls.seek(pending.position + 1);
    if (focus && focus.isConnected && !this.panel.contains(focus) && focus !== document.body) focus.focus({ preventScroll: true });
    else document.getElementById("forward").focus({ preventScroll: true });
    if (resume) this.controls.play();
  }

  // Drop the question unanswered (the student went elsewhere, or turned the mode off).
  dismiss() {
    if (this.question && this.form.contains(document.activeElement)) document.getElementById("forward").focus({ preventScroll: true });
    this.close();
  }

  close() {
    this.question = null;
    this.pending = null;
    this.resume = false;
    this.returnFocus = null;
    this.form.hidden = true;
    delete this.panel.dataset.asking;
    this.markNode(null);
  }

  // The node asked about, ringed in the drawing (a style rule, so redrawing the node keeps it).
  // A constructed stylesheet (CSSOM): the page's CSP (style-src 'self') refuses a <style> element.
  markNode(id) {
    if (!document.adoptedStyleSheets.includes(askedSheet)) {
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, askedSheet];
    }
    askedSheet.replaceSync(id === null ? ""
      : `#tree [data-node-id="${CSS.escape(id)}"] .shape { stroke: #0b7285; stroke-width: 5; stroke-dasharray: none; }`);
  }
}
