// The instructor's side of a classroom (docs/classroom.md): "Present to class" makes a room
// (class:create) and shows its join code, link and QR code; while it runs, the page's searches
// go to the room (class:search) and every step shown goes to the followers (class:step, the
// newest of rapid steps every 50 ms at most). "Ask the class" sends the question at the next
// step (with the misconception each wrong answer follows, predict/misconception_readings.js);
// the tally shows live (or, with "Hide answers until Reveal", only how many answered: a projected
// screen does not tell the room the spread before it is asked to); Reveal tells everyone and names
// those misconceptions. The panel folds to one line (its button, and by itself in Present mode, so the
// tree gets the room). The key stays in this tab's sessionStorage, so a reload takes the wheel again
// (class:drive); it never goes anywhere else.

import { SearchSocket } from "../search/search_socket.js";
import { classSocket, request, showCode, teacherChannel } from "./class_channel.js";
import { nextQuestion } from "./class_question.js";
import { readingsFor } from "../predict/misconception_readings.js";
import { drawSpread, showAnswer } from "./class_spread.js";
import { qrSvg } from "./class_qr.js";
import { el } from "../page/html_element.js";
import { instructorKey } from "./instructor_key.js";

const STORE = "minimax-lab:class"; // {code, key, link, request, treeId, position, detail, question}
const STEP_EVERY_MS = 50;
const HIDE_ANSWERS = "minimax-lab:class-hide-answers"; // "true" while the instructor hides the spread

function stored() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORE) || "null");
    return saved && typeof saved.code === "string" && typeof saved.key === "string" ? saved : null;
  } catch {
    return null;
  }
}

export class ClassTeacher {
  // button: "Present to class"; panel: the empty section this fills.
  // page: {handlers (SearchSocket's), event() the event shown, replay(), position(), detail(),
  //        request() the search shown {request, treeId} or null, rerun(request, treeId, position, detail),
  //        plainSocket() the page's /search SearchSocket}
  constructor({ button, panel }, page) {
    this.button = button;
    this.panel = panel;
    this.page = page;
    this.room = { code: null, key: null }; // the channel reads it: one object, changed in place
    this.socket = null;
    this.search = null; // the room's SearchSocket while a class runs
    this.followers = 0;
    this.question = null; // the question asked (with its answer), until the next one
    this.sent = -2; // the step the followers have
    this.latest = -1;
    this.timer = null;
    this.build();
    button.addEventListener("click", () => this.create());
  }

  get on() {
    return this.room.code !== null;
  }

  build() {
    const p = this.panel;
    this.codeEl = el("output", { class: "class-code", "aria-label": "Join code" });
    this.qrBox = el("div", { class: "class-qr-box" });
    this.linkInput = el("input", { type: "text", id: "class-link", readonly: "", "aria-label": "Join link" });
    this.copyButton = el("button", { type: "button", class: "small" }, "Copy");
    const linkField = el("div", { class: "link-field" });
    linkField.append(this.linkInput, this.copyButton);
    this.membersEl = el("output", { class: "class-members", "aria-live": "polite" }, "0 following");
    this.askButton = el("button", { type: "button", class: "primary class-ask" }, "Ask the class");
    this.toggleButton = el("button", { type: "button", class: "small class-toggle", "aria-expanded": "true" }, "Fold panel");
    this.hideBox = el("input", { type: "checkbox", class: "class-hide-answers" });
    const hideLabel = el("label", { class: "class-hide", title: "The projected screen shows how many answered, not what, until Reveal" });
    hideLabel.append(this.hideBox, " Hide answers until Reveal");
    this.endButton = el("button", { type: "button", class: "small class-end" }, "End class");
    this.status = el("p", { class: "class-status", role: "alert" });
    const head = el("div", { class: "class-head" });
    const join = el("p", { class: "class-join-words" }, "Join at ");
    this.hostEl = el("span", { class: "class-host" });
    join.append(this.hostEl, " with the code");
    const facts = el("div", { class: "class-facts" });
    const buttons = el("div", { class: "class-buttons" });
    buttons.append(this.askButton, this.toggleButton, this.endButton, hideLabel);
    facts.append(join, this.codeEl, linkField, this.membersEl, buttons, this.status);
    head.append(this.qrBox, facts);

    this.tally = el("div", { class: "class-tally", "aria-label": "The class's answers" });
    this.tally.hidden = true;
    this.promptEl = el("p", { class: "class-prompt" });
    this.answeredEl = el("p", { class: "class-answered", "aria-live": "polite" });
    this.bars = el("ol", { class: "class-bars" });
    this.hiddenNote = el("p", { class: "class-hidden-note" }, "Answers hidden until Reveal");
    this.hiddenNote.hidden = true;
    this.revealButton = el("button", { type: "button", class: "primary class-reveal" }, "Reveal");
    this.revealedEl = el("p", { class: "class-revealed" });
    this.tally.append(this.promptEl, this.answeredEl, this.hiddenNote, this.bars, this.revealButton, this.revealedEl);
    // This browser's classes still running (from other tabs, or a tab closed without End class): each can be ended here.
    this.mine = el("section", { class: "class-mine", "aria-label": "Your classes running" });
    this.mine.hidden = true;
    p.replaceChildren(head, this.tally, this.mine);

    this.copyButton.addEventListener("click", () => this.copyLink());
    this.askButton.addEventListener("click", () => this.ask());
    this.revealButton.addEventListener("click", () => this.keyed("class:reveal", {}));
    this.endButton.addEventListener("click", () => this.keyed("class:close", {}));
    this.toggleButton.addEventListener("click", () => this.setExpanded(p.dataset.expanded !== "true"));
    this.hideBox.checked = sessionStorage.getItem(HIDE_ANSWERS) === "true";
    this.hideBox.addEventListener("change", () => {
      sessionStorage.setItem(HIDE_ANSWERS, String(this.hideBox.checked));
      if (this.lastTally) this.showTally(this.lastTally, null);
      else this.hiddenNote.hidden = !this.hideBox.checked || this.tally.dataset.revealed === "true";
    });
    // Present mode (present_mode.js) folds the panel, and unfolds it on the way out if it was open.
    document.addEventListener("present", (ev) => {
      if (ev.detail.on) {
        this.unfoldAfterPresent = p.dataset.expanded === "true";
        this.setExpanded(false);
      } else if (this.unfoldAfterPresent) {
        this.unfoldAfterPresent = false;
        this.setExpanded(true);
      }
    });
  }

  // The /class socket and the room's search, made once; their messages are handled here.
  connect() {
    if (this.socket) return;
    const socket = (this.socket = classSocket());
    const { onConnection, ...handlers } = this.page.handlers;
    // A new search starts the followers at its first step: the next step shown is sent whatever it is.
    const onStarted = (msg) => {
      this.sent = -2;
      handlers.onStarted(msg);
    };
    this.search = new SearchSocket({ ...handlers, onStarted }, teacherChannel(socket, this.room));
    let connectedBefore = false;
    socket.on("connect", () => {
      // A new connection is a new member: take the wheel again (the key is the right to; after a
      // fault the server makes the room again from its record), then send the step shown again.
      if (connectedBefore && this.on) {
        this.drive().then(() => {
          this.sent = -2;
          if (this.timer === null) this.flushStep();
        }, (err) => this.say(err.message));
      }
      connectedBefore = true;
    });
    socket.on("class:members", (msg) => {
      if (msg.code !== this.room.code) return;
      this.followers = Number(msg.followers) || 0;
      this.membersEl.textContent = `${this.followers} following`;
      this.membersEl.dataset.count = String(this.followers);
      this.showAnswered(this.answered ?? 0);
    });
    socket.on("class:tally", (msg) => {
      // Only the question shown: a tally of the one being asked comes before its ack (and says 0).
      if (msg.code !== this.room.code || this.asking || (this.question && this.question.id && msg.question !== this.question.id)) return;
      if (this.tally.dataset.revealed === "true") return; // revealed: the spread shown with the answer stays
      this.showTally(msg, null);
    });
    socket.on("class:reveal", (msg) => {
      if (msg.code !== this.room.code) return;
      this.showTally(msg, msg.answer);
    });
    socket.on("class:closed", (msg) => {
      if (msg.code === this.room.code) this.ended(msg.reason);
    });
    socket.on("class:error", (msg) => this.say(`${msg.event || "class"}: ${msg.error}`));
  }

  async create() {
    if (this.on) {
      this.setExpanded(true);
      return;
    }
    this.connect();
    this.button.disabled = true;
    try {
      const answer = await request(this.socket, "class:create", { instructor: instructorKey() });
      this.mine.hidden = true;
      this.begin(answer, null);
      // What the page shows goes to the class at once, at the same step.
      const shown = this.page.request();
      if (shown) this.page.rerun(shown.request, shown.treeId, this.page.position(), this.page.detail());
      else this.say("Run a search (Search tab) to show it to the class: a trace opened from a file stays on this screen.");
    } catch (err) {
      this.panel.hidden = false;
      this.say(`Could not start a class: ${err.message}`);
      await this.showMine();
    } finally {
      this.button.disabled = false;
    }
  }

  // This browser's classes running (class:mine), each with End: shown when a class could not be started.
  async showMine() {
    let classes = [];
    try {
      classes = (await request(this.socket, "class:mine", { instructor: instructorKey() })).classes || [];
    } catch (err) {
      this.say(`${this.status.textContent} (your classes could not be listed: ${err.message})`);
    }
    const rows = classes.map((c) => {
      const end = el("button", { type: "button", class: "small class-mine-end", "data-code": c.code }, "End");
      end.addEventListener("click", () => this.endMine(c.code));
      const row = el("li");
      row.append(el("span", { class: "class-mine-code" }, showCode(c.code)), ` ${Number(c.followers) || 0} following `, end);
      return row;
    });
    const list = el("ul");
    list.append(...rows);
    this.mine.replaceChildren(el("h3", {}, "Your classes running"), list);
    this.mine.hidden = rows.length === 0;
  }

  async endMine(code) {
    try {
      await request(this.socket, "class:close", { code, instructor: instructorKey() });
      this.say(`Class ${showCode(code)} ended: Present to class starts a new one.`);
    } catch (err) {
      this.say(`class:close: ${err.message}`);
    }
    await this.showMine();
  }

  // A reloaded page: the class this tab ran, driven again and shown where it was. true if it runs.
  async resume() {
    const saved = stored();
    if (!saved) return false;
    this.connect();
    this.room.code = saved.code;
    this.room.key = saved.key;
    let tally = null;
    try {
      const reply = await this.drive();
      // What the class stands at: its followers (in the reply) and the tally of a question asked,
      // which the server sends just before the reply (begin() below starts the question afresh).
      this.followers = Number(reply.followers) || 0;
      tally = this.lastTally;
    } catch (err) {
      this.room.code = this.room.key = null;
      sessionStorage.removeItem(STORE);
      this.panel.hidden = false;
      this.say(`Class ${showCode(saved.code)} cannot go on: ${err.message}`);
      return false;
    }
    this.begin(saved, saved.question || null);
    if (tally && saved.question) this.showTally(tally, null);
    this.setExpanded(false);
    if (!saved.request) return false;
    this.page.rerun(saved.request, saved.treeId || null, saved.position || 0, saved.detail || "every");
    return true;
  }

  drive() {
    return request(this.socket, "class:drive", { code: this.room.code, key: this.room.key });
  }

  begin({ code, key, link }, question) {
    this.room.code = code;
    this.room.key = key;
    this.link = new URL(link || `/c/${code}`, window.location.origin).href;
    this.question = question;
    this.sent = -2;
    this.save({ code, key, link: this.link });
    this.page.plainSocket().release();
    this.codeEl.textContent = showCode(code);
    this.hostEl.textContent = `${window.location.host}/c`;
    this.linkInput.value = this.link;
    this.qrBox.replaceChildren(qrSvg(this.link, `QR code of the join link ${this.link}`));
    this.membersEl.textContent = `${this.followers} following`;
    this.panel.dataset.state = "running";
    this.panel.hidden = false;
    this.button.hidden = true;
    this.say("");
    this.setExpanded(true);
    if (question) this.showQuestion(question);
  }

  save(fields) {
    const saved = { ...(stored() || {}), ...fields };
    sessionStorage.setItem(STORE, JSON.stringify(saved));
  }

  // The page's searches while a class runs.
  start(req, treeId) {
    this.save({ request: req, treeId: treeId ?? null, position: 0 });
    this.search.start(req);
  }

  // The page shows something the class cannot (a trace file): steps stop going out.
  release() {
    if (this.search) this.search.release();
  }

  // A step shown: the followers get the newest at most every 50 ms.
  stepShown(k) {
    if (!this.on || !this.search || this.search.current === null) return;
    this.latest = k;
    if (this.timer === null) this.flushStep();
  }

  flushStep() {
    this.timer = null;
    if (!this.on || this.latest === this.sent) return;
    this.sent = this.latest;
    this.socket.emit("class:step", { code: this.room.code, key: this.room.key, step: this.latest });
    this.save({ position: this.page.position(), detail: this.page.detail() });
    this.timer = setTimeout(() => this.flushStep(), STEP_EVERY_MS);
  }

  async ask() {
    if (!this.search || this.search.current === null) {
      // A trace file is shown: the students do not have it, so a question about it means nothing to them.
      this.say("The class does not have the search shown (a trace file is not sent to it): Run a search to ask about it.");
      return;
    }
    const replay = this.page.replay();
    const shown = this.page.request();
    const readings = replay && shown ? await readingsFor(shown.request) : [];
    const q = replay && replay === this.page.replay() ? nextQuestion(replay, Math.max(0, this.page.event()), readings) : null;
    if (!q) {
      this.say("No question to ask after this step: step back, or run another search.");
      return;
    }
    this.asking = true;
    try {
      const answer = await request(this.socket, "class:ask", { code: this.room.code, key: this.room.key, question: q });
      const asked = { ...q, id: answer.question };
      this.say("");
      this.save({ question: asked });
      this.showQuestion(asked);
    } catch (err) {
      this.say(`class:ask: ${err.message}`);
    } finally {
      this.asking = false;
    }
  }

  showQuestion(q) {
    this.question = q;
    this.answered = 0;
    this.lastTally = null;
    this.promptEl.textContent = `Asked: ${q.prompt}`;
    this.bars.replaceChildren();
    this.hiddenNote.hidden = !this.hideBox.checked;
    this.revealedEl.textContent = "";
    this.revealButton.hidden = false;
    this.tally.dataset.revealed = "false";
    this.tally.hidden = false;
    this.showAnswered(0);
  }

  showAnswered(n) {
    if (!this.question) return;
    this.answered = n;
    this.answeredEl.textContent = `answered ${n} of ${this.followers} following`;
    this.answeredEl.dataset.answered = String(n);
  }

  // class:tally (right null) or class:reveal (right: the answer). Before the reveal, with answers
  // hidden, only the count: the spread is not drawn at all (kept to draw if the box is unticked).
  showTally(msg, right) {
    if (!this.question) this.showQuestion({ prompt: "the question asked before this page was reloaded" });
    this.showAnswered(Number(msg.answered) || 0);
    const hide = right === null && this.hideBox.checked;
    this.lastTally = right === null ? msg : null;
    this.hiddenNote.hidden = !hide;
    if (hide) {
      this.bars.replaceChildren();
      return;
    }
    drawSpread(this.bars, msg.counts, msg.answered, right, right === null ? null : msg.misconceptions);
    if (right !== null) {
      this.revealButton.hidden = true;
      this.tally.dataset.revealed = "true";
      this.revealedEl.textContent = `Revealed: ${showAnswer(right)}`;
    }
  }

  async keyed(event, fields) {
    try {
      await request(this.socket, event, { code: this.room.code, key: this.room.key, ...fields });
    } catch (err) {
      this.say(`${event}: ${err.message}`);
    }
  }

  ended(reason) {
    const code = this.room.code;
    this.room.code = this.room.key = null;
    clearTimeout(this.timer);
    this.timer = null;
    sessionStorage.removeItem(STORE);
    // The search shown stays; the next one goes through /search again.
    if (this.search) this.search.release();
    this.panel.dataset.state = "ended";
    this.setExpanded(false);
    this.tally.hidden = true;
    this.button.hidden = false;
    this.say(`Class ${showCode(code)} ended${reason ? ` (${reason})` : ""}.`);
  }

  setExpanded(on) {
    this.panel.dataset.expanded = String(on);
    this.toggleButton.setAttribute("aria-expanded", String(on));
    this.toggleButton.textContent = on ? "Fold panel" : "Unfold panel";
  }

  async copyLink() {
    this.linkInput.select();
    try {
      await navigator.clipboard.writeText(this.linkInput.value);
      this.say("Link copied");
    } catch {
      this.say(document.execCommand("copy") ? "Link copied" : "Select the link and copy it (Ctrl+C)");
    }
  }

  say(text) {
    this.status.textContent = text;
  }
}
