// The code lab's entry (/code, templates/code.html; docs/code-lab.md): the problem the address names
// (GET /api/code/problem), the editor holding its starter (CodeMirror, built by `make editor`; a plain
// text area if it is not built), a .py file loaded into it, and Run: the code goes to the Web Worker
// (python_runner.js), and its report is drawn (code_report.js). The problem list's links open their problem in the page,
// with Python kept loaded (Lab, below). window.codeLab is for tests and benchmarks.

import { errorText } from "../export/rest_client.js";
import { PythonRunner } from "./python_runner.js";
import { CodeReport } from "./code_report.js";
import { problemWords } from "./report_words.js";
import { algorithms, loadCatalogue } from "../page/catalogue.js";

const $ = (id) => document.getElementById(id);
const MAX_FILE_BYTES = 1_000_000; // a student's .py file; anything bigger is not one

// The editor: CodeMirror if its bundle loads, else a text area (same three functions).
async function makeEditor(box, text) {
  try {
    const { createEditor } = await import(document.body.dataset.editor);
    return createEditor(box, text, "Your Python code");
  } catch (err) {
    const area = document.createElement("textarea");
    area.className = "code-fallback";
    area.spellcheck = false;
    area.setAttribute("aria-label", "Your Python code");
    area.value = text;
    box.replaceChildren(area);
    $("code-error").textContent = "The code editor is not built (make editor): a plain text box instead.";
    return { text: () => area.value, setText: (t) => { area.value = t; }, mark: () => {} };
  }
}

async function fetchProblem(query) {
  const response = await fetch(`/api/code/problem?${query}`);
  if (!response.ok) throw new Error(await errorText(response));
  return response.json();
}

function readFile(file) {
  if (file.size > MAX_FILE_BYTES) return Promise.reject(new Error(`${file.name} is over ${MAX_FILE_BYTES / 1e6} MB: not a .py file`));
  return file.text();
}

// The problem list's link to this very problem, marked as the current page (its query, in any order).
// The problems' links, one per search a student writes (the catalogue's student_entry, GET /api/catalogue), each on
// the built-in tree it fits, before the template's own (a game's); a catalogue that cannot be read leaves those.
async function listAlgorithmProblems(nav) {
  try {
    await loadCatalogue();
  } catch {
    return;
  }
  const before = nav.querySelector("a");
  for (const algorithm of algorithms().filter((a) => a.student_entry)) {
    const example = algorithm.chance === "yes" ? "chance" : algorithm.players === "n" ? "three-players" : "lecture";
    const link = document.createElement("a");
    link.href = `/code?${new URLSearchParams({ algorithm: algorithm.id, example })}`;
    link.textContent = example === "three-players" ? `${algorithm.name} (three players)` : algorithm.name;
    nav.insertBefore(link, before);
  }
}

function markCurrentProblem(query) {
  const same = (a, b) => [...a.keys()].length === [...b.keys()].length && [...a].every(([k, v]) => b.get(k) === v);
  for (const link of document.querySelectorAll(".code-problems a")) {
    if (same(new URL(link.href).searchParams, query)) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

// The problem an address names: the lecture's alpha-beta unless it says otherwise (a quiz names itself).
function problemQuery(search) {
  const query = new URLSearchParams(search);
  if (!query.has("quiz")) {
    if (!query.has("algorithm")) query.set("algorithm", "alphabeta");
    if (!["example", "tree", "game"].some((key) => query.has(key))) query.set("example", "lecture");
  }
  return query;
}

// The file input, listened to from the first moment: a .py file chosen while the page is still setting
// up (the problem, the editor, Python) is kept and put in the editor as soon as there is one, rather than
// dropped. Loading a file needs no Python. attach(editor) puts in the text waiting, if any.
function listenForFiles(input) {
  let editor = null;
  let waiting = null;
  const load = async (file) => {
    try {
      const text = await readFile(file);
      if (editor) editor.setText(text);
      else waiting = text;
      $("code-error").textContent = "";
    } catch (err) {
      $("code-error").textContent = `The file could not be read: ${err.message}`;
    }
  };
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    await load(file);
    input.value = ""; // the same file chosen again loads again
  });
  if (input.files[0]) load(input.files[0]); // chosen before this script ran (a slow connection)
  return {
    attach(made) {
      editor = made;
      if (waiting !== null) made.setText(waiting);
      waiting = null;
    },
  };
}

// The page's problem, its editor and its report. A link of the problem list opens its problem in this page (the
// address changes, Back and Forward work): Python stays loaded in the worker, so the next verdict takes a fraction
// of a second rather than the seconds Pyodide takes to load with a new page.
class Lab {
  constructor(runner, files, status) {
    this.runner = runner;
    this.files = files;
    this.status = status;
    this.pageLimit = runner.limitSeconds; // the server's time limit, for a problem that names none of its own
    this.answer = null; // the server's answer for the problem shown (null: none could be opened)
    this.editor = null;
    this.report = null;
    this.opened = 0; // problems asked for, so a slow answer never replaces a newer one
  }

  // Show the problem `query` names: its words, its starter in the editor, no report. False if it cannot be opened.
  async open(query) {
    const opened = ++this.opened;
    const run = $("run");
    run.disabled = true;
    let answer;
    try {
      answer = await fetchProblem(query);
    } catch (err) {
      if (opened !== this.opened) return false;
      this.answer = null;
      $("code-problem").textContent = `This problem cannot be opened: ${err.message}`;
      $("code-problem").dataset.error = "true";
      markCurrentProblem(query);
      this.report?.reset();
      return false;
    }
    if (opened !== this.opened) return false;
    this.answer = answer;
    this.runner.limitSeconds = Number.isFinite(answer.time_limit_seconds) ? answer.time_limit_seconds : this.pageLimit;
    delete $("code-problem").dataset.error;
    $("code-problem").textContent = problemWords(query, answer);
    markCurrentProblem(query);
    if (this.editor) this.editor.setText(answer.starter);
    else {
      this.editor = await makeEditor($("editor"), answer.starter);
      this.files.attach(this.editor);
      this.report = new CodeReport((line) => this.editor.mark(line));
      Object.assign(window.codeLab, { editor: this.editor, report: this.report });
    }
    this.report.reset();
    run.disabled = false;
    window.codeLab.problem = answer;
    return true;
  }

  async run() {
    const run = $("run");
    const answer = this.answer;
    run.disabled = true;
    this.report.running(this.status.dataset.state !== "ready");
    const problem = answer.quiz ? null : JSON.stringify(answer.problem);
    const outcome = await this.runner.run(this.editor.text(), problem, answer.quiz || null);
    if (answer !== this.answer) return; // another problem was opened meanwhile: this report is not its
    run.disabled = false;
    if (outcome.kind === "report") await this.report.show(outcome.report);
    else if (outcome.kind === "limit") this.report.limit(outcome.seconds);
    else this.report.failed(outcome.message);
  }
}

// Open the problem at `href` (a /code address) in the page, the address bar showing it.
function go(lab, href) {
  if (href !== location.href) history.pushState(null, "", href);
  return lab.open(problemQuery(new URL(href).search));
}

// A plain click on a problem's link opens it in the page; a click asking for a new tab or window is the browser's.
function followProblemLinks(nav, lab) {
  nav.addEventListener("click", (event) => {
    const link = event.target.closest("a");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (link.href !== location.href) go(lab, link.href);
  });
  window.addEventListener("popstate", () => lab.open(problemQuery(location.search)));
}

async function main() {
  const body = document.body;
  const files = listenForFiles($("code-file"));
  const nav = document.querySelector(".code-problems");
  await listAlgorithmProblems(nav);
  const limit = Number(body.dataset.timeLimit) || 10;
  const status = $("python-status");
  const runner = new PythonRunner({ worker: body.dataset.worker, indexURL: body.dataset.pyodide, zip: body.dataset.zip }, limit,
    (state, message) => {
      status.dataset.state = state;
      status.textContent = { loading: "loading Python…", ready: "Python ready", failed: `Python failed: ${message}` }[state];
    });
  const lab = new Lab(runner, files, status);
  // open("?algorithm=...") opens a problem as its link does (tests and benchmarks keep one page, and Python, for many).
  window.codeLab = { runner, editor: null, report: null, problem: null, open: (search) => go(lab, new URL(`/code${search}`, location.href).href) };
  followProblemLinks(nav, lab);
  $("run").addEventListener("click", () => lab.run());
  $("starter").addEventListener("click", () => lab.answer && lab.editor?.setText(lab.answer.starter));
  await lab.open(problemQuery(location.search));
}

main();
