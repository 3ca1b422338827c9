// The code lab's side of its Web Worker (python_worker.js): one worker at a time, loaded at once and
// kept warm between runs. A run that goes past the time limit cannot be stopped from inside (Python
// in WebAssembly has no interrupt without shared memory), so the page ends the worker and starts a
// fresh one at once: the page stays usable, and the next run waits only for Python to load again.

const LOAD_LIMIT_SECONDS = 120; // Python, the package and the grader loaded on a slow machine

export class PythonRunner {
  // urls: {worker, indexURL, zip}; limitSeconds: how long one run may take, from when it starts
  // (loading does not count); onState(state, detail): "loading" | "ready" | "failed" (detail: message).
  constructor(urls, limitSeconds, onState = () => {}) {
    this.urls = urls;
    this.limitSeconds = limitSeconds;
    this.onState = onState;
    this.worker = null;
    this.loaded = null; // Promise: resolves when the worker is ready, rejects when it cannot load
    this.runs = 0; // ids of runs
    this.loadSeconds = null; // how long the last load took, {python, package} (the benchmark reads it)
    this.runSeconds = null; // the last run's {traced, judged}: the student's search, then the judging (the benchmark reads it)
    this.start();
  }

  // A fresh worker, loading Python and the package.
  start() {
    if (this.worker) this.worker.terminate();
    const worker = (this.worker = new Worker(this.urls.worker, { type: "module", name: "code-lab-python" }));
    this.onState("loading");
    this.loaded = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Python did not load within ${LOAD_LIMIT_SECONDS} s`)), LOAD_LIMIT_SECONDS * 1000);
      worker.addEventListener("message", function first({ data }) {
        if (data.id !== undefined) return;
        clearTimeout(timer);
        worker.removeEventListener("message", first);
        if (data.type === "ready") resolve(data.seconds);
        else reject(new Error(data.message));
      });
      worker.addEventListener("error", (ev) => {
        clearTimeout(timer);
        reject(new Error(`the Python worker failed to start${ev.message ? `: ${ev.message}` : ""}`));
      });
    });
    this.loaded.then((seconds) => {
      this.loadSeconds = seconds;
      if (this.worker === worker) this.onState("ready");
    }, (err) => {
      if (this.worker === worker) this.onState("failed", err.message);
    });
    worker.postMessage({ type: "load", indexURL: this.urls.indexURL, zipURL: this.urls.zip });
  }

  // Run `source` on `problem` (its JSON text), or on lecture quiz `quiz` (its name) when given. Resolves to
  // {kind: "report", report} (the parsed report), {kind: "limit", seconds} (stopped at the time limit)
  // or {kind: "failed", message}.
  async run(source, problem, quiz = null) {
    const id = ++this.runs;
    try {
      await this.loaded;
    } catch (err) {
      this.start(); // the next Run tries a fresh worker
      return { kind: "failed", message: err.message };
    }
    const worker = this.worker;
    return new Promise((resolve) => {
      let timer = null;
      let began = performance.now();
      let ran = null;
      const done = (outcome) => {
        clearTimeout(timer);
        worker.removeEventListener("message", listen);
        resolve(outcome);
      };
      const listen = ({ data }) => {
        if (data.id !== id) return;
        if (data.type === "started") {
          began = performance.now();
          timer = setTimeout(() => {
            this.start(); // the stuck worker ends; a fresh one loads for the next run
            done({ kind: "limit", seconds: this.limitSeconds });
          }, this.limitSeconds * 1000);
        } else if (data.type === "ran") {
          clearTimeout(timer); // the student's code is done: judging is the engine's, not timed
          ran = performance.now();
          this.runSeconds = { traced: (ran - began) / 1000, judged: null };
        } else if (data.type === "report") {
          if (ran !== null) this.runSeconds.judged = (performance.now() - ran) / 1000;
          try {
            done({ kind: "report", report: JSON.parse(data.report) });
          } catch (err) {
            done({ kind: "failed", message: `the report is not JSON: ${err.message}` });
          }
        } else if (data.type === "failed") {
          done({ kind: "failed", message: data.message });
        }
      };
      worker.addEventListener("message", listen);
      worker.postMessage({ type: "run", id, source, problem, quiz });
    });
  }
}
