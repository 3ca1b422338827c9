"""The code lab (/code, docs/code-lab.md) on this machine: how long a student waits, and what Python in
the browser costs.

1. From opening /code?algorithm=alphabeta&example=lecture to the first verdict, a student's correct
   alpha-beta loaded into the editor and Run pressed as soon as it can be:
   - cold:    a fresh browser context (empty HTTP cache): the page, Pyodide's 10 MB of WebAssembly and
              its standard library, our package's zip, then the run;
   - revisit: a new page in the same context (files from the HTTP cache, a new worker that loads
              and compiles Python again);
   - warm:    Run pressed again in the same page (the worker and its Python kept).
2. The same student's alpha-beta on full tic-tac-toe (18,296 positions), judged by
   search.grading.browser.check, in Pyodide (the page's worker, from the call to the parsed report)
   and in CPython (this process), side by side in one run.

    .venv/bin/python bench/code_lab.py              # 3 rounds of each
    .venv/bin/python bench/code_lab.py --rounds 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from page_bench import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, server_process  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from search.grading.browser import judge_run, problem_json, run_code  # noqa: E402
from tests.engine import grading_sources as g  # noqa: E402

STUDENT = g.source(g.ALPHABETA_NESTED, g.ALPHABETA_RIGHT)
"""A student's alpha-beta as AIMA 4th ed. writes it (nested functions), for any two-player game."""
LECTURE = "/code?algorithm=alphabeta&example=lecture"
TICTACTOE = {"algorithm": "alphabeta", "game": "tictactoe"}
VERDICT = "() => ['match', 'differs', 'error'].includes(document.getElementById('verdict').dataset.verdict)"
RUN_IN_WORKER = """async ([source, problem]) => {
    const runner = window.codeLab.runner;
    runner.limitSeconds = 3600;  // this run is measured, not stopped
    const t0 = performance.now();
    const outcome = await runner.run(source, problem);
    return [performance.now() - t0, outcome.kind, outcome.report ? outcome.report.verdict : outcome.message, runner.runSeconds];
}"""


def first_verdict(page: Page, url: str, student: Path) -> float:
    """Seconds from asking for the page to its verdict on `student`, Run pressed as soon as it is enabled."""
    t0 = time.perf_counter()
    page.goto(url + LECTURE)
    page.wait_for_selector("#run:not([disabled])")
    page.set_input_files("#code-file", str(student))
    page.wait_for_function("() => window.codeLab.editor.text().includes('alphabeta_search')")
    page.click("#run")
    page.wait_for_function(VERDICT, timeout=300_000)
    seconds = time.perf_counter() - t0
    assert page.get_attribute("#verdict", "data-verdict") == "match", page.text_content("#verdict")
    return seconds


RUN_AGAIN = """() => new Promise((resolve) => {
    const verdict = document.getElementById('verdict');
    const t0 = performance.now();
    let running = false;
    const watch = new MutationObserver(() => {
        if (verdict.dataset.verdict === 'running') running = true;
        else if (running) { watch.disconnect(); resolve([performance.now() - t0, verdict.dataset.verdict]); }
    });
    watch.observe(verdict, { attributes: true, attributeFilter: ['data-verdict'] });
    document.getElementById('run').click();
})"""


def run_again(page: Page) -> float:
    """Seconds from pressing Run again (measured in the page) to the verdict."""
    ms, verdict = page.evaluate(RUN_AGAIN)
    assert verdict == "match", verdict
    return ms / 1000


def line(name: str, seconds: list[float]) -> str:
    return f"{name:<44} median {statistics.median(seconds):7.2f} s   (runs: {', '.join(f'{s:.2f}' for s in seconds)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    cold: list[float] = []
    revisit: list[float] = []
    warm: list[float] = []
    loads: list[float] = []
    imports: list[float] = []
    pyodide: list[float] = []
    cpython: list[float] = []
    pyodide_traced: list[float] = []  # the student's search alone, recorded (run_code), before the judging
    cpython_traced: list[float] = []
    problem = problem_json(TICTACTOE)
    with tempfile.TemporaryDirectory() as tmp, server_process() as url, sync_playwright() as p:
        student = Path(tmp) / "student.py"
        student.write_text(STUDENT, encoding="utf-8")
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.rounds):
            context = browser.new_context(viewport=VIEWPORT)
            page = context.new_page()
            cold.append(first_verdict(page, url, student))
            load = page.evaluate("window.codeLab.runner.loadSeconds")
            loads.append(load["python"])
            imports.append(load["package"])
            warm.extend(run_again(page) for _ in range(2))
            again = context.new_page()
            revisit.append(first_verdict(again, url, student))
            # Full tic-tac-toe in the warm worker, then the same call in CPython.
            ms, kind, verdict, parts = again.evaluate(RUN_IN_WORKER, [STUDENT, problem])
            assert (kind, verdict) == ("report", "match"), (kind, verdict)
            pyodide.append(ms / 1000)
            pyodide_traced.append(parts["traced"])
            t0 = time.perf_counter()
            ran = run_code(STUDENT, problem)
            cpython_traced.append(time.perf_counter() - t0)
            assert json.loads(judge_run(ran, problem))["verdict"] == "match"
            cpython.append(time.perf_counter() - t0)
            context.close()
        browser.close()
    print("The code lab, lecture tree, correct alpha-beta: opening /code to the first verdict")
    print(line("cold (fresh context, empty HTTP cache)", cold))
    print(line("  of which Pyodide loading in the worker", loads))
    print(line("  then unpacking and importing our package", imports))
    print(line("revisit (HTTP cache, new worker)", revisit))
    print(line("warm (Run again, same page)", warm))
    print("A student's alpha-beta on full tic-tac-toe (18,296 positions): the search traced (run_code)")
    print(line("Pyodide (the page's worker)", pyodide_traced))
    print(line("CPython (this process)", cpython_traced))
    print(f"{'Pyodide / CPython':<44} {statistics.median(pyodide_traced) / statistics.median(cpython_traced):7.2f}x")
    print("... traced and judged (run_code, then judge_run: the reference, the comparison, the misconceptions)")
    print(line("Pyodide (the page's worker)", pyodide))
    print(line("CPython (this process)", cpython))
    print(f"{'Pyodide / CPython':<44} {statistics.median(pyodide) / statistics.median(cpython):7.2f}x")


if __name__ == "__main__":
    main()
