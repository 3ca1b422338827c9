// Present mode, for a lecture room: the header and the side panel hidden, the tree,
// narration and pseudocode large (the CSS under body.presenting). The Present button
// toggles it, Escape leaves it. The drawing is fitted again on the way in and out, and
// while presenting every start view is the whole tree, so following the search never
// pans the root out of sight. A "present" event on the document ({detail: {on}}) tells
// the rest of the page (the class panel folds away, class_teacher.js).

export class PresentMode {
  constructor(button, view) {
    this.button = button;
    this.view = view;
    button.addEventListener("click", () => this.set(!this.on));
    document.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && this.on && !ev.defaultPrevented) {
        ev.preventDefault();
        this.set(false);
      }
    });
  }

  get on() {
    return document.body.classList.contains("presenting");
  }

  set(on) {
    if (on === this.on) return;
    document.body.classList.toggle("presenting", on);
    this.button.setAttribute("aria-pressed", String(on));
    this.view.wholeTree = on;
    document.dispatchEvent(new CustomEvent("present", { detail: { on } }));
    this.view.refit();
  }
}
