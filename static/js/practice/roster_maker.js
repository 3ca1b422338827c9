// The exercise maker's roster and trees (issue 46, parts 3 and 4): names pasted one per line or read from a CSV
// file (roster_parse.js), which tree each student answers (one for all, their own, a new one after each check: only
// for a generated tree), and after the exercise is made, each student's private link, to copy or download as CSV.
// Wired into ExerciseMaker (exercise_maker.js) by its `extend` hooks: fields(request), made(made), reset(), explain().

import { linksCsv, namesFromCsv, namesFromLines } from "./roster_parse.js";

const $ = (id) => document.getElementById(id);

export class RosterMaker {
  constructor(section) {
    this.section = section;
    this.names = [];
    this.csvUrl = null;
    this.variants = section.querySelector('[name="maker_variants"]');
    for (const radio of section.querySelectorAll('[name="maker_source"]')) radio.addEventListener("change", () => this.follow());
    this.follow();
    $("maker-roster-file").addEventListener("change", (ev) => this.readFile(ev.target.files[0]));
  }

  // Trees of one's own are drawn from the generator: the choice is open only for a generated tree.
  follow() {
    const generated = this.section.querySelector('[name="maker_source"]:checked').value === "generate";
    this.variants.disabled = !generated;
    if (!generated) this.variants.value = "same";
  }

  async readFile(file) {
    if (!file) return;
    const names = namesFromCsv(await file.text());
    $("maker-roster").value = names.join("\n");
    $("maker-roster-note").textContent = `${names.length} name${names.length === 1 ? "" : "s"} read from ${file.name}: check them below.`;
  }

  // The request's roster and variants ("same" and no names: nothing added, as before).
  fields() {
    this.names = namesFromLines($("maker-roster").value);
    const out = {};
    if (this.names.length) out.roster = this.names;
    if (!this.variants.disabled && this.variants.value !== "same") out.variants = this.variants.value;
    return out;
  }

  // "roster[3]: ..." names the student too.
  explain(message) {
    const at = /^roster\[(\d+)\]/.exec(message);
    return at && this.names[Number(at[1])] !== undefined ? `${message} (line ${Number(at[1]) + 1}: “${this.names[Number(at[1])]}”)` : message;
  }

  reset() {
    $("roster-links").hidden = true;
    if (this.csvUrl) URL.revokeObjectURL(this.csvUrl);
    this.csvUrl = null;
  }

  made(made) {
    if (!made.links) return;
    const origin = window.location.origin;
    $("roster-links-text").value = made.links.map((l) => `${l.student}: ${new URL(l.url, origin).href}`).join("\n");
    $("roster-links-text").rows = Math.min(8, Math.max(3, made.links.length));
    this.csvUrl = URL.createObjectURL(new Blob([linksCsv(made.links, origin)], { type: "text/csv" }));
    $("roster-links-csv").href = this.csvUrl;
    $("roster-links-csv").download = `exercise-${made.id}-roster.csv`;
    $("roster-links-count").textContent = `${made.links.length} private link${made.links.length === 1 ? "" : "s"}`;
    $("roster-links").hidden = false;
  }
}
