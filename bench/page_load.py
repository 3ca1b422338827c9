"""What one load of a page costs the machine, with its script as one built file and as its modules one by one.

A browser with nothing cached (a student's first visit, every browser test's fresh context) asks for each
module of the main page: 91 of them, each a request the server answers and the browser fetches, parses and
links. `make pages` bundles each page's modules into one file (server/http/page_bundles.py). This starts two
servers of this checkout side by side, one with PAGE_BUNDLES (the default) and one without, and loads each
page in a fresh browser context of Chromium (the full browser, as students see it) in interleaved rounds,
until the page is working (the lecture tree drawn and the socket connected; the exercise's tree drawn; the
board drawn), as a first visit (a fresh context, nothing cached) and again (one page kept per server and
emptied between loads, its cache warm, as a returning student's and as the browser tests' page pool). It
reports the CPU seconds per load of the browser's processes (with Playwright's driver) and of the server's
process, and their ratio.

    .venv/bin/python bench/page_load.py                  # 3 rounds of 5 loads per page: about a minute
    .venv/bin/python bench/page_load.py --rounds 5 --loads 10
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import psutil
import requests
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.page_bench import CHROMIUM, CHROMIUM_ARGS, VIEWPORT  # noqa: E402
from tests.helpers.server_process import server_process  # noqa: E402

PAGES = {
    "lecture": ("/", "#connection[data-status=connected]", "[data-node-id=A]"),
    "exercise": ("/x/{exercise}", "[data-node-id=A]"),
    "play": ("/play", "#board .play-cell"),
}
"""Each page: its path ({exercise}: an exercise on the lecture tree, made on each server) and what shows it working."""
VISITS = ("first", "again")
"""A first visit (a fresh context: nothing cached) and a visit again (the same page, emptied, its cache warm)."""


@contextmanager
def server(bundles: bool) -> Iterator[tuple[str, str, psutil.Process]]:
    """`python -m server --dev` of this checkout, PAGE_BUNDLES as asked: its URL, an exercise's id and its process."""
    with tempfile.TemporaryDirectory() as folder, \
            server_process(Path(folder) / "lab.sqlite", "--dev", settings={"PAGE_BUNDLES": bundles}) as running:
        made = requests.post(running.url + "/api/exercises", json={"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}, timeout=30)
        made.raise_for_status()
        yield running.url, made.json()["id"], psutil.Process(running.serving_pid)


def cpu(process: psutil.Process) -> float:
    """CPU seconds of `process` and every process under it."""
    total = 0.0
    for each in (process, *process.children(recursive=True)):
        try:
            times = each.cpu_times()
            total += times.user + times.system
        except psutil.NoSuchProcess:
            pass
    return total


def load(browser: Browser, url: str, ready: tuple[str, ...], kept: dict[str, Page] | None) -> None:
    """Load `url` until `ready` shows: in a fresh context (nothing cached: a first visit), or with `kept`, in the
    page kept for that server, emptied first (its cache warm: a visit again, and the browser tests' page pool)."""
    if kept is None:
        page = browser.new_context(viewport=VIEWPORT).new_page()
    else:
        server_address = url.split("/")[2]
        if server_address not in kept:
            kept[server_address] = browser.new_context(viewport=VIEWPORT).new_page()
        page = kept[server_address]
        page.goto("about:blank")
    page.goto(url)
    for selector in ready:
        page.locator(selector).first.wait_for()
    if kept is None:
        page.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--loads", type=int, default=5, help="loads of each page per round and server")
    args = parser.parse_args()
    me = psutil.Process()
    results: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
    kept: dict[str, Page] = {}
    with server(True) as bundled, server(False) as modules, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        servers = (("bundle", *bundled), ("modules", *modules))
        for name, (path, *ready) in PAGES.items():  # a first load of each, not counted (Python's imports, caches)
            for _, base, exercise, _ in servers:
                load(browser, base + path.format(exercise=exercise), tuple(ready), kept)
        for round_no in range(args.rounds):
            for visit in VISITS:
                for name, (path, *ready) in PAGES.items():
                    for label, base, exercise, proc in servers:
                        browser_before, server_before = cpu(me), cpu(proc)
                        for _ in range(args.loads):
                            load(browser, base + path.format(exercise=exercise), tuple(ready), kept if visit == "again" else None)
                        per_load = ((cpu(me) - browser_before) / args.loads, (cpu(proc) - server_before) / args.loads)
                        results.setdefault((visit, name, label), []).append(per_load)
                        print(f"  round {round_no + 1}: {visit:5s} {name:8s} {label:8s} browser {per_load[0]:.3f} s  "
                              f"server {per_load[1]:.3f} s", flush=True)
        browser.close()
    print(f"CPU seconds per load, median of {args.rounds} rounds of {args.loads} loads (Chromium at {CHROMIUM}; "
          "browser: its processes and Playwright's driver):")
    for visit in VISITS:
        for name in PAGES:
            both = {label: [statistics.median(x[i] for x in results[(visit, name, label)]) for i in (0, 1)]
                    for label in ("bundle", "modules")}
            total = {label: sum(values) for label, values in both.items()}
            print(f"{visit:5s} {name:8s} modules: browser {both['modules'][0]:.3f} + server {both['modules'][1]:.3f} = "
                  f"{total['modules']:.3f} s   bundle: browser {both['bundle'][0]:.3f} + server {both['bundle'][1]:.3f} = "
                  f"{total['bundle']:.3f} s   ratio {total['bundle'] / total['modules']:.2f}x")


if __name__ == "__main__":
    main()
