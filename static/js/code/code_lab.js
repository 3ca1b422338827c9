// The code lab's entry (/code, templates/code.html; docs/code-lab.md): the problem the address names
// (GET /api/code/problem), the editor holding its starter (CodeMirror, built by `make editor`; a plain
// text area if it is not built), a .py file loaded into it, and Run: the code goes to the Web Worker
// (python_runner.js), and its report is drawn (code_report.js). window.codeLab is for tests and benchmarks.

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
  }
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

async function main() {
  const body = document.body;
  const files = listenForFiles($("code-file"));
  await listAlgorithmProblems(document.querySelector(".code-problems"));
  const query = new URLSearchParams(location.search);
  if (!query.has("quiz")) { // the lecture's alpha-beta unless the address says otherwise
    if (!query.has("algorithm")) query.set("algorithm", "alphabeta");
    if (!["example", "tree", "game"].some((key) => query.has(key))) query.set("example", "lecture");
  }
  const limit = Number(body.dataset.timeLimit) || 10;
  const status = $("python-status");
  const runner = new PythonRunner({ worker: body.dataset.worker, indexURL: body.dataset.pyodide, zip: body.dataset.zip }, limit,
    (state, message) => {
      status.dataset.state = state;
      status.textContent = { loading: "loading Python…", ready: "Python ready", failed: `Python failed: ${message}` }[state];
    });
  let answer;
  try {
    answer = await fetchProblem(query);
  } catch (err) {
    $("code-problem").textContent = `This problem cannot be opened: ${err.message}`;
    $("code-problem").dataset.error = "true";
    return;
  }
  const problem = answer.quiz ? null : JSON.stringify(answer.problem);
  if (Number.isFinite(answer.time_limit_seconds)) runner.limitSeconds = answer.time_limit_seconds;
  $("code-problem").textContent = problemWords(query, answer);
  markCurrentProblem(query);
  const editor = await makeEditor($("editor"), answer.starter);
  files.attach(editor);
  const report = new CodeReport((line) => editor.mark(line));
  const run = $("run");

  run.addEventListener("click", async () => {
    run.disabled = true;
    report.running(status.dataset.state !== "ready");
    const outcome = await runner.run(editor.text(), problem, answer.quiz || null);
    run.disabled = false;
    if (outcome.kind === "report") await report.show(outcome.report);
    else if (outcome.kind === "limit") report.limit(outcome.seconds);
    else report.failed(outcome.message);
  });
  $("starter").addEventListener("click", () => editor.setText(answer.starter));
  run.disabled = false;
  window.codeLab = { runner, editor, report, problem: answer };
}

main();
