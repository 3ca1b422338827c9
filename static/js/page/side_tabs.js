// The side panel's tabs (Search | Edit tree | Share & export), the ARIA way: one
// tabpanel shown at a time; ←/→, Home and End move between tabs when a tab has focus
// (and do not reach the player's keyboard shortcuts).

export class SideTabs {
  constructor(tablist, onShow) {
    this.tabs = [...tablist.querySelectorAll('[role="tab"]')];
    this.onShow = onShow || (() => {});
    for (const tab of this.tabs) tab.addEventListener("click", () => this.show(tab.id));
    tablist.addEventListener("keydown", (ev) => {
      const at = this.tabs.indexOf(document.activeElement);
      if (at < 0) return;
      const n = this.tabs.length;
      const to = { ArrowLeft: at - 1 + n, ArrowRight: at + 1, Home: 0, End: n - 1 }[ev.key];
      if (to === undefined) return;
      ev.preventDefault();
      ev.stopPropagation();
      const tab = this.tabs[to % n];
      this.show(tab.id);
      tab.focus();
    });
  }

  get current() {
    const tab = this.tabs.find((t) => t.getAttribute("aria-selected") === "true");
    return tab ? tab.id : null;
  }

  show(id) {
    for (const tab of this.tabs) {
      const on = tab.id === id;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      document.getElementById(tab.getAttribute("aria-controls")).hidden = !on;
    }
    this.onShow(id);
  }
}
