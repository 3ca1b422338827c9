// The code lab's Web Worker (a module worker): Python in the student's browser. It loads Pyodide
// from our own server (/vendor/pyodide/, from the npm registry) once, unpacks our `search` package
// into it (/code/search.zip) and imports the grader's browser entry; then each run is
// search.grading.browser.run_code then judge_run -> the report's JSON text (a lecture quiz as written:
// search.grading.quiz.quiz_report_json(source, quiz)). The student's code runs
// here, never on the server. The page ends this worker at the time limit (an endless loop cannot be
// interrupted from inside) and starts a fresh one.
//
// Messages in:  {type: "load", indexURL, zipURL} once, then {type: "run", id, source, problem | quiz}.
// Messages out: {type: "ready", seconds: {python, package}} or {type: "failed", message}; per run {type: "started", id},
//               {type: "ran", id} once the student's code is done (judging, the engine's own searches, is not
//               timed), then {type: "report", id, report} (JSON text) or {type: "failed", id, message}.

import { loadPyodide } from "/vendor/pyodide/pyodide.mjs";

const LAB = "/home/pyodide/lab"; // where the package is unpacked, first on sys.path

let runCode = null; // the Python functions, once loaded
let judgeRun = null;
let checkQuiz = null;
let loading = null;

// Loads Python and the package; returns the seconds each part took: {python, package} (the benchmark reads them).
async function load({ indexURL, zipURL }) {
  const began = performance.now();
  const zip = fetch(zipURL); // asked for at once, while Python loads
  // The student's print() output goes nowhere: the report is what the page shows.
  const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
  const loaded = performance.now();
  const response = await zip;
  if (!response.ok) throw new Error(`the search package: the server answered ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: LAB });
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(LAB)})\nfrom search.grading.browser import run_code, judge_run\nfrom search.grading.quiz import quiz_report_json`);
  runCode = pyodide.globals.get("run_code");
  judgeRun = pyodide.globals.get("judge_run");
  checkQuiz = pyodide.globals.get("quiz_report_json");
  return { python: (loaded - began) / 1000, package: (performance.now() - loaded) / 1000 };
}

function run({ id, source, problem, quiz }) {
  self.postMessage({ type: "started", id });
  try {
    if (quiz) {
      self.postMessage({ type: "report", id, report: checkQuiz(source, quiz) });
      return;
    }
    const ran = runCode(source, problem); // the student's search: what the time limit is for
    self.postMessage({ type: "ran", id });
    self.postMessage({ type: "report", id, report: judgeRun(ran, problem) });
  } catch (err) {
    // run_code and judge_run report everything the student wrote; this is a failure of the lab itself.
    self.postMessage({ type: "failed", id, message: String(err && err.message ? err.message : err) });
  }
}

self.onmessage = async ({ data }) => {
  if (data.type === "load") {
    loading = load(data);
    try {
      self.postMessage({ type: "ready", seconds: await loading });
    } catch (err) {
      self.postMessage({ type: "failed", message: `Python could not be loaded: ${err && err.message ? err.message : err}` });
    }
  } else if (data.type === "run") {
    try {
      await loading;
    } catch {
      return; // "failed" was sent already
    }
    run(data);
  }
};
