// A student's side of a classroom (/c/<code>, docs/classroom.md): join the room, show its
// search (the events so far from class:state, inline or fetched as JSON Lines, then the stream,
// dropping any event already held) and follow the instructor's step; a step beyond the events
// so far waits for them. Stepping (or searching) on one's own leaves the class's step; "Follow
// again" goes back to the class's search at the instructor's step. The class's search reaches
// a student only as far as the instructor has shown it (the server holds back the rest), so
// stepping on one's own stops there, and the page says so. While a question is open the server
// holds back its step and the ones after it however far the instructor steps: the page stays at
// its last event held and says the rest comes with the answer (at Reveal). The instructor's questions
// come as a card (one asked before this connection joined is shown, not answerable); the reveal shows right or wrong and the spread, and names the misconception a
// wrong answer follows (in the catalogue's words, as predict mode does). No key ever comes here.

import { SearchSocket } from "../search/search_socket.js";
import { classSocket, followerChannel, request, showCode } from "./class_channel.js";
import { typedAnswer } from "./class_question.js";
import { misconceptionWords } from "../predict/predict_questions.js";
import { drawSpread, showAnswer } from "./class_spread.js";
import { el } from "../page/html_element.js";
import { EVENT } from "../replay/event_types.js";

const HELD_BACK = "The instructor has moved on: the steps after the question come when the answer is revealed.";

export class ClassFollower {
  // banner, card: the empty sections this fills. page: {handlers (SearchSocket's, to show a
  // search), showEvent(k) (the player at event k), event() the event shown, searches() how
  // many searches the page has shown (a new number: the class's search is no longer shown)}
  constructor({ banner, card }, code, page) {
    this.banner = banner;
    this.card = card;
    this.code = code; // as typed in the address until the server answers with its own form
    this.page = page;
    this.store = null; // the class's search: {started, events, done}
    this.classStep = -1;
    this.following = true;
    this.closed = false;
    this.shownAs = null; // page.searches() when the page last showed the class's search
    this.lastShown = -1;
    this.applying = false;
    this.loading = null; // batches that came while the events so far were being fetched
    this.question = null;
    this.answer = null;
    this.build();
  }

  build() {
    this.bannerText = el("p", { class: "class-follow-text" });
    this.followButton = el("button", { type: "button", class: "small class-follow-button" });
    this.bannerError = el("p", { class: "class-error", role: "alert" });
    this.bannerNote = el("p", { class: "class-note", role: "status" });
    this.banner.replaceChildren(this.bannerText, this.followButton, this.bannerNote, this.bannerError);
    this.followButton.addEventListener("click", () => (this.following ? this.leave() : this.follow()));

    this.promptEl = el("p", { class: "class-prompt", id: "class-question-prompt" });
    this.choices = el("div", { class: "class-choices", role: "group", "aria-labelledby": "class-question-prompt" });
    this.form = el("form", { class: "class-answer-form", novalidate: "" });
    const field = (id, label) => {
      const wrap = el("label", { class: "class-number" }, label);
      const input = el("input", { type: "text", id, autocomplete: "off", spellcheck: "false" }); // a full keyboard: -inf
      wrap.append(input);
      return [wrap, input];
    };
    [this.valueLabel, this.valueInput] = field("class-answer-value", "Your answer ");
    [this.alphaLabel, this.alphaInput] = field("class-answer-alpha", "α ");
    [this.betaLabel, this.betaInput] = field("class-answer-beta", "β ");
    this.sendButton = el("button", { type: "submit", class: "primary" }, "Send");
    this.form.append(this.valueLabel, this.alphaLabel, this.betaLabel, this.sendButton);
    this.cardStatus = el("p", { class: "class-card-status", role: "status" });
    this.cardError = el("p", { class: "class-error", role: "alert" });
    this.verdict = el("p", { class: "class-verdict" });
    this.bars = el("ol", { class: "class-bars" });
    const top = el("div", { class: "class-card-top" });
    this.hideButton = el("button", { type: "button", class: "small class-card-hide" }, "Hide");
    top.append(el("h3", { class: "class-card-heading" }, "Question from the instructor"), this.hideButton);
    this.hideButton.addEventListener("click", () => (this.card.hidden = true));
    this.card.replaceChildren(top, this.promptEl, this.choices, this.form, this.cardStatus, this.cardError, this.verdict, this.bars);
    this.card.hidden = true;
    this.form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const q = this.question;
      if (!q) return;
      const answer = typedAnswer(q.kind, this.valueInput.value, this.alphaInput.value, this.betaInput.value);
      if (answer === null) this.cardError.textContent = "Type a number (or inf, -inf).";
      else this.send(answer);
    });
  }

  // Join now and again after every reconnection (a new connection is a new member).
  join() {
    const socket = (this.socket = classSocket());
    const { onConnection, ...handlers } = this.page.handlers;
    this.show = handlers;
    this.search = new SearchSocket({
      onStarted: (msg) => this.started(msg),
      onEvents: (events) => this.take(events),
      onDone: () => this.ended(),
      onError: (text, ends, msg) => this.failed(text, ends, msg),
      onConnection,
    }, followerChannel(socket));
    socket.on("connect", () => this.sendJoin());
    // "Steps: key steps" is the student's choice of detail, not a step of their own: still following.
    const detail = document.getElementById("detail");
    document.addEventListener("change", (ev) => {
      if (ev.target === detail) this.applying = true;
    }, true);
    document.addEventListener("change", (ev) => {
      if (ev.target !== detail) return;
      this.applying = false;
      this.applyStep();
    });
    this.watchTheEnd();
    socket.on("class:state", (msg) => this.state(msg));
    socket.on("class:step", (msg) => {
      this.classStep = Number(msg.step);
      this.note("");
      this.applyStep();
      this.render();
    });
    socket.on("class:question", (msg) => this.ask(msg));
    socket.on("class:reveal", (msg) => this.reveal(msg));
    socket.on("class:closed", (msg) => this.close(msg.reason));
    socket.on("class:error", (msg) => this.fail(`${msg.event || "class"}: ${msg.error}`));
    this.render();
  }

  // A press of Forward, Last, →, End or Page Down that could not move past the last event held: say
  // that the rest is the instructor's to show (the player itself only stays where it is).
  watchTheEnd() {
    const keys = new Set(["ArrowRight", "End", "PageDown"]);
    const field = (t) => t && (t.tagName === "TEXTAREA" || t.tagName === "SELECT" || (t.tagName === "INPUT" && t.type !== "range" && t.type !== "button"));
    const ids = new Set(["forward", "last"]);
    let before = null;
    const pressed = (ev) => (ev.type === "click" ? Boolean(ev.target.closest && [...ids].some((id) => ev.target.closest(`#${id}`))) : keys.has(ev.key) && !field(ev.target));
    for (const type of ["click", "keydown"]) {
      document.addEventListener(type, (ev) => {
        before = pressed(ev) ? this.page.position() : null;
      }, true);
      document.addEventListener(type, (ev) => {
        if (before === null || !pressed(ev)) return;
        const stayed = this.page.position() === before;
        before = null;
        if (stayed && this.showingClass() && !this.store.done && this.page.atEnd()) {
          if (this.heldBack()) this.note(HELD_BACK);
          else this.note("That is as far as the instructor has shown: the next steps come when the instructor shows them.");
        }
      });
    }
  }

  note(text) {
    if (this.bannerNote.textContent !== text) this.bannerNote.textContent = text;
  }

  async sendJoin() {
    if (this.closed) return;
    try {
      const answer = await request(this.socket, "class:join", { code: this.code });
      this.code = answer.code;
      this.joinError = null;
      this.fail("");
      this.render();
    } catch (err) {
      this.joinError = err.message;
      this.render();
      this.fail(`Could not join class ${showCode(this.code)}: ${err.message}`);
      // Not a blank page: the lecture example, as on the home page, while the student checks the code.
      if (!this.store && !this.shownDefault) {
        this.shownDefault = true;
        this.page.showDefault();
      }
    }
  }

  showingClass() {
    return this.store !== null && this.shownAs === this.page.searches();
  }

  // The page shows the class's search from its first event.
  showClassSearch() {
    const { started, events, done } = this.store;
    this.show.onStarted(started);
    this.shownAs = this.page.searches();
    this.lastShown = 0;
    if (events.length) this.show.onEvents(events);
    if (done) this.show.onDone();
  }

  state(msg) {
    this.classStep = Number(msg.step);
    if (!msg.search) {
      this.store = null;
    } else if (!this.store || this.store.started.search !== msg.search.search) {
      // A new search, or the first: shown unless the student is on a search of their own.
      const show = this.following || this.showingClass();
      this.store = { started: msg.search, events: [], done: false };
      if (show) this.showClassSearch();
    } // else: the same search after a reconnection; the events already held are kept
    if (this.store) this.search.adopt(msg.search.search, Boolean(msg.done));
    if (msg.question) this.ask(msg.question, msg.answerable !== false);
    if (msg.revealed) this.reveal(msg.revealed);
    if (this.store && Array.isArray(msg.events)) {
      this.take(msg.events);
      if (msg.done) this.ended();
    } else if (this.store && typeof msg.trace === "string") {
      this.fetchTrace(msg.trace, Boolean(msg.done));
    }
    // A fault (the instructor's server process ended) stopped the search short: say so, as it was said live.
    if (this.store && typeof msg.stopped === "string") this.failed(msg.stopped, true, { search: msg.search.search, error: msg.stopped });
    this.applyStep();
    this.render();
  }

  // A search too long for one message: its events so far as JSON Lines; batches arriving
  // meanwhile wait, then join without the events already held.
  async fetchTrace(path, done) {
    const store = this.store;
    this.loading = { store, batches: [] };
    try {
      const response = await fetch(path, { headers: { Accept: "application/x-ndjson" } });
      if (!response.ok) throw new Error(await failure(response));
      const text = await response.text();
      const events = text.split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
      if (store !== this.store) return; // a newer search began meanwhile
      const waiting = this.loading.batches;
      this.loading = null;
      this.take(events);
      for (const batch of waiting) this.take(batch);
      if (done) this.ended();
      this.applyStep();
    } catch (err) {
      if (this.loading && this.loading.store === store) this.loading = null;
      this.fail(`The class's search could not be fetched: ${err.message}`);
    }
  }

  started(msg) {
    const show = this.following || this.showingClass();
    this.store = { started: msg, events: [], done: false };
    this.classStep = -1;
    if (show) this.showClassSearch();
    this.render();
  }

  take(events) {
    const store = this.store;
    if (!store || !events.length) return;
    if (this.loading && this.loading.store === store) {
      this.loading.batches.push(events);
      return;
    }
    const fresh = [];
    for (const e of events) {
      const have = store.events.length + fresh.length;
      if (typeof e.seq === "number" && e.seq < have) continue; // held already
      if (typeof e.seq === "number" && e.seq > have) {
        // A gap (a batch that came before the state it follows, through another server process):
        // never shown out of order; joining again brings the whole search so far.
        this.resync();
        break;
      }
      fresh.push(e);
    }
    if (!fresh.length) return;
    this.note("");
    if (store.events.length === 0 && fresh[0].type === EVENT.start) this.describe(fresh[0]);
    for (const e of fresh) store.events.push(e);
    if (this.showingClass()) this.show.onEvents(fresh);
    this.applyStep();
  }

  ended() {
    const store = this.store;
    if (!store || store.done) return;
    store.done = true;
    if (this.showingClass()) this.show.onDone();
  }

  // Ask for the class's state again, at most every 2 s (joins are rate-limited).
  resync() {
    const now = Date.now();
    if (this.resyncedAt && now - this.resyncedAt < 2000) return;
    this.resyncedAt = now;
    this.sendJoin();
  }

  // The Search tab shows the class's search; a form that cannot take it says nothing (it is only a convenience).
  describe(start) {
    try {
      this.page.describe(start);
    } catch (err) {
      console.warn("the class's search could not fill the Search tab:", err.message);
    }
  }

  failed(text, ends, msg) {
    if (ends && this.store) this.store.done = true;
    if (this.showingClass() || !ends) this.show.onError(text, ends, msg);
  }

  // The instructor stepped past an open question's step: the server sends those steps at Reveal.
  heldBack() {
    const q = this.question;
    return Boolean(this.store && q && this.card.dataset.state !== "revealed" && Number.isFinite(Number(q.step)) &&
      this.classStep >= Number(q.step) && this.classStep >= this.store.events.length);
  }

  // The instructor's step, once its event has come (a later batch calls this again); past an open
  // question, the last event held until Reveal, and the banner says why.
  applyStep() {
    if (!this.following || !this.store || !this.showingClass()) return;
    const back = this.heldBack();
    if (back) this.note(HELD_BACK);
    const k = Math.max(0, back ? this.store.events.length - 1 : this.classStep);
    if (k >= this.store.events.length) return;
    this.applying = true;
    try {
      this.page.showEvent(k);
    } finally {
      this.applying = false;
    }
    this.lastShown = this.page.event();
  }

  // Every step the page shows: one the student chose (or another search) leaves the class's step.
  stepShown(k) {
    if (this.applying) return;
    if (this.following && (!this.showingClass() || k !== this.lastShown)) this.leave();
    this.lastShown = k;
  }

  leave() {
    if (!this.following) return;
    this.following = false;
    this.render();
  }

  follow() {
    this.following = true;
    if (this.store && !this.showingClass()) this.showClassSearch();
    this.applyStep();
    this.render();
  }

  render() {
    const code = showCode(this.code);
    let text;
    if (this.closed) text = `Class ${code} has ended.`;
    else if (this.joinError) text = `Not in class ${code}.`;
    else if (!this.store) text = `Following class ${code}: waiting for the instructor's search.`;
    else if (this.following) text = `Following class ${code}`;
    else if (!this.showingClass()) text = `Class ${code}: you are on your own search (the class is at step ${Math.max(0, this.classStep)}).`;
    else text = `Stepping on your own (class ${code} is at step ${Math.max(0, this.classStep)}).`;
    if (this.bannerText.textContent !== text) this.bannerText.textContent = text;
    this.banner.dataset.following = String(this.following && !this.closed);
    this.followButton.hidden = this.closed || Boolean(this.joinError);
    this.followButton.textContent = this.following ? "Step on my own" : "Follow again";
    this.banner.hidden = false;
  }

  // answerable: false for a question asked before this connection joined (the server counts only
  // the connections present at the ask): shown, with the next one promised.
  ask(q, answerable = true) {
    if (!q || (this.question && this.question.id === q.id)) return;
    this.question = q;
    this.answer = null;
    this.promptEl.textContent = q.prompt;
    this.cardError.textContent = "";
    this.cardStatus.textContent = "";
    this.verdict.textContent = "";
    delete this.verdict.dataset.verdict;
    this.bars.replaceChildren();
    const choices = Array.isArray(q.choices) ? q.choices : null;
    this.choices.replaceChildren(...(choices || []).map((choice) => {
      const b = el("button", { type: "button", class: "class-choice" }, choice);
      b.dataset.choice = choice;
      b.addEventListener("click", () => this.send(choice));
      return b;
    }));
    this.choices.hidden = !choices;
    this.form.hidden = Boolean(choices);
    this.valueLabel.hidden = q.kind === "window";
    this.alphaLabel.hidden = this.betaLabel.hidden = q.kind !== "window";
    for (const input of [this.valueInput, this.alphaInput, this.betaInput]) {
      input.value = "";
      input.disabled = false;
    }
    this.sendButton.disabled = !answerable;
    for (const b of this.choices.children) b.disabled = !answerable;
    for (const input of [this.valueInput, this.alphaInput, this.betaInput]) input.disabled = !answerable;
    if (!answerable) this.cardStatus.textContent = "This question was asked before you joined; the next one is yours.";
    this.card.dataset.state = answerable ? "asking" : "late";
    this.hideButton.hidden = true; // an open question stays until it is revealed
    this.card.hidden = false;
    this.card.scrollIntoView({ block: "nearest" });
  }

  async send(answer) {
    const q = this.question;
    if (!q || this.card.dataset.state !== "asking") return;
    this.cardError.textContent = "";
    try {
      const taken = await request(this.socket, "class:answer", { code: this.code, question: q.id, answer });
      if (this.question !== q) return;
      this.answer = typeof taken.counted === "string" ? taken.counted : answer; // as the tally counts it
      this.cardStatus.textContent = `Sent: ${showAnswer(answer)}. You can change it until the answer is revealed.`;
      for (const b of this.choices.children) b.setAttribute("aria-pressed", String(b.dataset.choice === answer));
    } catch (err) {
      this.cardError.textContent = `Your answer was not taken: ${err.message}`;
    }
  }

  reveal(msg) {
    const q = this.question;
    if (!q || msg.question !== q.id) return;
    this.card.dataset.state = "revealed";
    if (this.bannerNote.textContent === HELD_BACK) this.note(""); // the steps held back come next
    this.hideButton.hidden = false;
    for (const b of this.choices.children) b.disabled = true;
    for (const input of [this.valueInput, this.alphaInput, this.betaInput]) input.disabled = true;
    this.sendButton.disabled = true;
    const right = String(msg.answer);
    let text;
    if (this.answer === null) text = `The answer: ${showAnswer(right)} (you did not answer).`;
    else if (this.answer === right) text = `Right: ${showAnswer(right)}.`;
    else text = `Not quite: you said ${showAnswer(this.answer)}; the answer is ${showAnswer(right)}.`;
    const named = this.answer !== null && this.answer !== right ? followed(msg.misconceptions, this.answer) : null;
    if (named) text += ` ${misconceptionWords(named)}`;
    if (named) this.verdict.dataset.misconception = named.id;
    else delete this.verdict.dataset.misconception;
    this.verdict.textContent = `${text} ${Number(msg.answered) || 0} answered.`;
    this.verdict.dataset.verdict = this.answer === null ? "none" : this.answer === right ? "right" : "wrong";
    this.cardStatus.textContent = "";
    drawSpread(this.bars, msg.counts, msg.answered, right, msg.misconceptions);
  }

  close(reason) {
    this.closed = true;
    this.following = false;
    this.card.hidden = true;
    this.render();
    if (reason) this.bannerError.textContent = `The class ended: ${reason}.`;
  }

  fail(text) {
    this.bannerError.textContent = text;
  }
}

// Why a fetch was refused: the server's sentence (a 429 says which limit and when) or the status.
async function failure(response) {
  try {
    const body = await response.json();
    if (body && typeof body.error === "string") return body.error;
  } catch {
    // not JSON: the status says it
  }
  return `${response.status} ${response.statusText}`;
}

// The misconception revealed for `answer` ({answer: {id, name, follows, idea}}), or null.
function followed(misconceptions, answer) {
  const m = misconceptions && typeof misconceptions === "object" && Object.hasOwn(misconceptions, answer) ? misconceptions[answer] : null;
  return m && typeof m.follows === "string" && typeof m.idea === "string" ? m : null;
}
