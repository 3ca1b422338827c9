// The player: first / back / play-pause / forward / last buttons, speed, scrub bar,
// keyboard shortcuts and the "step K / N" counter. It owns K and N and nothing else;
// it asks onSeek(k) to show a step.

// Fields whose keys are their own: text fields (Space types a space), a select (Space
// opens it), checkboxes and radios (Space ticks them) and file inputs. Buttons and the
// scrub bar (a range input) are not: Space plays there too.
const OWN_KEYS = new Set(["TEXTAREA", "SELECT"]);
const NOT_FIELDS = new Set(["range", "button", "submit", "reset", "image", "color"]);

function keysOwnedBy(target) {
  if (!target) return false;
  if (OWN_KEYS.has(target.tagName) || target.isContentEditable) return true;
  return target.tagName === "INPUT" && !NOT_FIELDS.has(target.type);
}

export class PlayerControls {
  constructor(els, onSeek) {
    this.els = els; // { root, first, back, play, forward, last, speed, scrub, counter, keys? }
    this.onSeek = onSeek;
    this.k = 0;
    this.n = 0;
    this.finished = false; // true once the stream of events has ended
    this.timer = null;
    // Asked before Forward, → or Play steps from k to k + 1: (k, playing) => true holds the
    // step back (predict mode asks its question first). Other moves never ask it.
    this.beforeForward = null;

    els.first.addEventListener("click", () => this.seek(0));
    els.back.addEventListener("click", () => this.seek(this.k - 1));
    els.forward.addEventListener("click", () => this.stepForward());
    els.last.addEventListener("click", () => this.seek(this.n));
    els.play.addEventListener("click", () => this.togglePlay());
    els.scrub.addEventListener("input", () => this.seek(Number(els.scrub.value)));
    els.speed.addEventListener("change", () => {
      if (this.timer) this.startTimer();
    });
    // The keys work anywhere on the page; a widget (several on one page) takes them only within itself.
    (els.keys || document).addEventListener("keydown", (ev) => this.onKey(ev));
    this.render();
  }

  onKey(ev) {
    // A key some part of the page used already (the tabs' arrows) is not a shortcut.
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.defaultPrevented) return;
    const target = ev.target;
    // Typing in the form must not step the search.
    if (keysOwnedBy(target)) return;
    // Space plays and pauses wherever focus is, a button included (Enter still clicks it);
    // the scrub bar keeps its arrows, Home and End, which move it and so seek.
    if (ev.key === " " || ev.key === "Spacebar") {
      ev.preventDefault();
      if (!ev.repeat) this.togglePlay();
      return;
    }
    if (target && target.type === "range") return;
    // In the drawing's tree the arrows walk the nodes (tree_keys.js): Page Up and Page Down step there.
    const inTree = Boolean(target && target.closest && target.closest('[role="tree"]'));
    if (inTree && (ev.key === "PageUp" || ev.key === "PageDown")) {
      ev.preventDefault();
      if (ev.key === "PageUp") this.seek(this.k - 1);
      else this.stepForward();
      return;
    }
    switch (ev.key) {
      case "ArrowLeft":
        this.seek(this.k - 1);
        break;
      case "ArrowRight":
        this.stepForward();
        break;
      case "Home":
        this.seek(0);
        break;
      case "End":
        this.seek(this.n);
        break;
      default:
        return;
    }
    ev.preventDefault();
  }

  // A new search: back to step 0, paused.
  reset() {
    this.pause();
    this.k = 0;
    this.n = 0;
    this.finished = false;
    this.render();
  }

  // More events arrived: N grows, K stays where the student left it.
  extend(n, finished) {
    this.n = n;
    this.finished = finished;
    this.render();
  }

  stepForward() {
    if (this.k < this.n && this.beforeForward && this.beforeForward(this.k, this.playing)) return;
    this.seek(this.k + 1);
  }

  seek(k) {
    const next = Math.max(0, Math.min(k, this.n));
    if (next !== this.k) {
      this.k = next;
      this.onSeek(next);
    }
    this.render();
  }

  // Show the current step again (after a new search or new tree nodes), or step k, which
  // then counts differently (the detail changed): shown even if the number is the same.
  refresh(k = this.k) {
    this.k = Math.max(0, Math.min(k, this.n));
    this.onSeek(this.k);
    this.render();
  }

  get playing() {
    return this.timer !== null;
  }

  togglePlay() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    // Playing from the last step starts over, as a media player does.
    if (this.k >= this.n && this.finished) this.seek(0);
    this.startTimer();
    this.render();
  }

  startTimer() {
    clearInterval(this.timer);
    const perSecond = Number(this.els.speed.value) || 4;
    this.timer = setInterval(() => this.tick(), 1000 / perSecond);
  }

  tick() {
    if (this.k < this.n) this.stepForward();
    // At the end of what has arrived: wait for more, unless the search is over.
    else if (this.finished) this.pause();
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
    this.render();
  }

  render() {
    const { els, k, n } = this;
    const counter = `step ${k} / ${n}`;
    if (els.counter.textContent !== counter) els.counter.textContent = counter;
    const playLabel = this.playing ? "Pause" : "Play";
    if (els.play.textContent !== playLabel) els.play.textContent = playLabel;
    els.scrub.max = String(n);
    if (els.scrub.value !== String(k)) els.scrub.value = String(k);
    els.scrub.setAttribute("aria-valuetext", counter);
    // Buttons stay enabled at the ends (seek clamps): disabling a focused button
    // would drop keyboard focus to the page.
    els.root.classList.toggle("at-start", k <= 0);
    els.root.classList.toggle("at-end", k >= n);
  }
}
