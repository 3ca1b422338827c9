// The code lab's verdict and report (templates/code.html): the verdict element's data-verdict
// ("running", then "match", "differs" or "error"), the first divergence in the slides' words, the
// misconception that reproduces the student's search, an error's line and traceback, and the two
// searches drawn side by side (trace_pane.js), each shown where the divergence shows. Every text
// from the report is inserted as text.

import { fetchCatalogue } from "../page/misconception_banner.js";
import { fetchPseudocode } from "../replay/trace_file.js";
import { TracePane } from "./trace_pane.js";
import {
  alsoWords, divergenceWhere, errorWhere, leftOutWords, limitWords, misconceptionWords, quizRow, sameSearchWords, searchFacts,
  verdictWords,
} from "./report_words.js";

const $ = (id) => document.getElementById(id);

function setText(id, text) {
  const e = $(id);
  e.textContent = text;
  e.hidden = !text;
}

export class CodeReport {
  // onLine(n): mark line n of the editor (null clears).
  constructor(onLine) {
    this.onLine = onLine;
    this.panes = null; // made on the first report with traces (they need d3 and a visible box)
    this.shown = 0; // reports shown, so a late listing never draws over a newer one
  }

  clear() {
    for (const id of ["divergence", "error-detail"]) setText(id, "");
    $("misconception").hidden = true;
    $("facts").hidden = true;
    $("values-note").hidden = true;
    $("output-box").hidden = true;
    setText("traces-note", "");
    $("traces").hidden = true;
    $("quiz").hidden = true;
    this.onLine(null);
  }

  // No report, as the page opens: another problem is shown (a report drawing late for the last one is dropped).
  reset() {
    this.shown++;
    this.clear();
    this.verdict("", "Write your search, then press Run.");
  }

  verdict(state, words) {
    const v = $("verdict");
    v.dataset.verdict = state;
    v.textContent = words;
  }

  running(loading) {
    this.shown++;
    this.clear();
    this.verdict("running", loading ? "Running… (Python is still loading: the first run waits for it)" : "Running your search…");
  }

  limit(seconds) {
    this.verdict("error", limitWords(seconds));
  }

  failed(message) {
    this.verdict("error", `Error: the code lab failed: ${message}`);
  }

  // The report: its words first (the verdict last of them, so a reader of data-verdict finds them all),
  // then the two searches, once their pseudocode listings have come.
  async show(report) {
    const shown = ++this.shown;
    const named = report.misconception || (report.also || []).length || (report.same_search || []).length;
    const entries = named ? await fetchCatalogue() : {};
    if (shown !== this.shown) return; // another run since
    this.clear();
    const error = report.error;
    if (error) {
      setText("divergence", errorWhere(error));
      setText("error-detail", error.traceback || "");
      this.onLine(Number.isInteger(error.line) ? error.line : null);
    }
    if (report.divergence) setText("divergence", divergenceWhere(report.divergence));
    if (report.verdict === "match") setText("divergence", sameSearchWords(report.same_search, entries));
    if (report.quiz) this.showQuiz(report);
    const words = misconceptionWords(report.misconception);
    if (words) {
      $("misconception-name").textContent = words.name;
      $("misconception-idea").textContent = words.idea;
      $("misconception-also").textContent = alsoWords(report.also, entries);
      $("misconception").dataset.misconception = report.misconception.id || "";
      $("misconception").hidden = false;
    }
    if (report.student && report.reference) {
      $("student-facts").textContent = searchFacts(report.student);
      $("reference-facts").textContent = searchFacts(report.reference);
      $("facts").hidden = false;
    }
    $("values-note").hidden = report.values_recorded !== false || report.verdict === "error";
    if (typeof report.output === "string" && report.output) {
      $("student-output").textContent = report.output;
      $("output-box").hidden = false;
    }
    setText("traces-note", leftOutWords(report));
    this.verdict(report.verdict, verdictWords(report));
    await this.drawTraces(report, shown);
  }

  // A lecture quiz's report: its hint, and a row per depth (the count of terminal tests and the move, beside the reference's).
  showQuiz(report) {
    if (report.hint) setText("divergence", [$("divergence").textContent, `Hint: ${report.hint}.`].filter(Boolean).join(" "));
    const rows = (report.depths || []).map((row) => {
      const tr = document.createElement("tr");
      tr.dataset.matches = String(Boolean(row.matches));
      for (const text of quizRow(row)) tr.append(Object.assign(document.createElement("td"), { textContent: text }));
      return tr;
    });
    $("quiz-rows").replaceChildren(...rows);
    $("quiz").hidden = false;
  }

  // The student's search and the reference's, each at the step where the divergence shows.
  async drawTraces(report, shown) {
    const student = report.student_events || [];
    const reference = report.reference_events || [];
    if (!reference.length) return;
    const [studentListing, referenceListing] = await Promise.all([
      student.length ? fetchPseudocode(student) : [], fetchPseudocode(reference)]);
    if (shown !== this.shown) return; // another run since
    $("traces").hidden = false;
    if (!this.panes) {
      this.panes = { student: new TracePane($("student-trace"), "student", "Your search"),
                     reference: new TracePane($("reference-trace"), "reference", "The reference") };
    }
    const d = report.divergence || {};
    const node = typeof d.node === "string" ? d.node : null;
    $("student-trace").hidden = !student.length;
    if (student.length) this.panes.student.open(student, studentListing, d.student_seq ?? student.length - 1, node);
    this.panes.reference.open(reference, referenceListing, d.reference_seq ?? reference.length - 1, node);
    $("traces").dataset.shown = String(shown);
  }
}
