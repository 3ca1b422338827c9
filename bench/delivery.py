"""How fast Chromium can take a big search's events at all: Socket.IO messages against one HTTP response.

Why the page fetches its searches (server/searches/stream.py): a bare page, none of the app's
code, receives full tic-tac-toe minimax from the server (`python -m server` in its own process)
and only counts the events, three ways, against the CLI writing the same trace to a file:

- socket: `search:start` as any client sends it; every `search:events` batch acknowledged;
- http:   `"delivery": "http"`, the response read and each chunk parsed (JSON.parse of its
          lines), with the progress reports the page sends (`search:read` every 5,000 events);
- http, unpaced: the same without progress reports.

Timed in the page, from the start request to the end of the search (the last event read and
`search:done`). Rounds alternate the ways; medians reported, each as a ratio to the CLI's time.

    .venv/bin/python bench/delivery.py [--rounds 2] [--state X...O....]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.page_bench import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, server_process  # noqa: E402
from bench.render_big import time_cli  # noqa: E402

RECEIVE = """async ({request, way}) => {
  const started = performance.now();
  const socket = io("/search", { transports: ["websocket"], forceNew: true });
  await new Promise((ok) => socket.on("connect", ok));
  const began = performance.now();
  let events = 0;
  const done = new Promise((ok) => socket.on("search:done", ok));
  if (way === "socket") {
    socket.on("search:events", (msg, ack) => { ack(); events += msg.events.length; });
    socket.emit("search:start", request);
    await done;
  } else {
    const search = await new Promise((ok) => {
      socket.on("search:started", ok);
      socket.emit("search:start", { ...request, delivery: "http" });
    });
    const reader = (await fetch(search.events, { headers: { "X-Search-Reader": search.reader } })).body.getReader();
    const decoder = new TextDecoder();
    let rest = "", reported = 0;
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      const text = rest + decoder.decode(value, { stream: true });
      const cut = text.lastIndexOf("\\n");
      if (cut < 0) { rest = text; continue; }
      rest = text.slice(cut + 1);
      const batch = JSON.parse(`[${text.slice(0, cut).replaceAll("\\n", ",")}]`);
      events += batch.length;
      const seq = batch[batch.length - 1].seq;
      if (way === "http" && seq - reported >= 5000) { socket.emit("search:read", { search: search.search, seq }); reported = seq; }
    }
    await done;
  }
  socket.disconnect();
  return { events, seconds: (performance.now() - began) / 1000, connect: (began - started) / 1000 };
}"""


def receive(base: str, request: dict[str, Any], way: str) -> dict[str, Any]:
    """One fresh Chromium, one bare page on the server's origin, one search received."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.goto(base + "/api/limits")  # the origin, and none of the app's scripts
            page.add_script_tag(url=base + "/vendor/socket.io.min.js")
            return page.evaluate(RECEIVE, {"request": request, "way": way})
        finally:
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--state", default=".........")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    request = {"game": "tictactoe", "state": args.state, "algorithm": "minimax"}
    ways = ["socket", "http", "http, unpaced"]
    times: dict[str, list[float]] = {"cli": [], **{w: [] for w in ways}}
    counts: dict[str, int] = {}
    with server_process() as base:
        for round_ in range(args.rounds):
            cli = time_cli(args.state, "minimax")
            times["cli"].append(cli["seconds"])
            counts["cli"] = cli["events"]
            for way in ways if round_ % 2 == 0 else reversed(ways):
                got = receive(base, request, "socket" if way == "socket" else "http" if way == "http" else "unpaced")
                times[way].append(got["seconds"])
                counts[way] = got["events"]
                print(f"round {round_ + 1}: {way}: {got['events']:,} events in {got['seconds']:.2f} s", flush=True)
    cli_s = statistics.median(times["cli"])
    print(f"\nfull tic-tac-toe minimax from {args.state!r}: {counts['cli']:,} events; medians of {args.rounds} rounds")
    print(f"{'way':<40}{'seconds':>10}{'x CLI':>10}{'events':>14}")
    print(f"{'CLI writing the trace to a file':<40}{cli_s:>10.2f}{1:>10.2f}{counts['cli']:>14,}")
    for way in ways:
        s = statistics.median(times[way])
        label = {"socket": "bare page, search:events (acknowledged)", "http": "bare page, fetched, paced",
                 "http, unpaced": "bare page, fetched, unpaced"}[way]
        print(f"{label:<40}{s:>10.2f}{s / cli_s:>10.2f}{counts[way]:>14,}")


if __name__ == "__main__":
    main()
