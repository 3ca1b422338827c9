"""The pseudocode of a search with a slip: the slides' listing (search.algorithms.pseudocode) with the slipped line
rewritten as the mistaken search runs it and marked, so the panel beside a mistaken trace shows the code it follows."""

from __future__ import annotations

from search.algorithms.pseudocode import EMM_LINES, MAX_LINES, MAXN_LINES, MIN_LINES, SEARCH_CALL, Line

MARK = "   ◀ the slip"
"""Appended to every line a misconception changes."""

Rewrite = dict[str, tuple[str, str]]  # line id -> (text to find, its replacement); "" finds the whole line

REWRITES: dict[str, Rewrite] = {
    "window-not-passed": {MAX_LINES.update: ("α, β", "−∞, +∞"), MIN_LINES.update: ("α, β", "−∞, +∞")},
    "alpha-not-updated": {MAX_LINES.bound: ("", "(α ← MAX(α, v) left out)")},
    "beta-not-updated": {MIN_LINES.bound: ("", "(β ← MIN(β, v) left out)")},
    "no-pruning": {MAX_LINES.test: ("", "(the test left out: never return early)"),
                   MIN_LINES.test: ("", "(the test left out: never return early)")},
    "tests-wrong-bound": {MAX_LINES.test: ("β then", "α then"), MIN_LINES.test: ("α then", "β then")},
    "strict-test": {MAX_LINES.test: ("", ""), MIN_LINES.test: ("", "")},  # the listing is already the strict one: mark it
    "fail-hard": {MAX_LINES.test: ("", ""), MIN_LINES.test: ("", ""), MAX_LINES.ret: ("", ""), MIN_LINES.ret: ("", "")},
    "fail-soft": {MAX_LINES.test: ("", ""), MIN_LINES.test: ("", ""), MAX_LINES.ret: ("", ""), MIN_LINES.ret: ("", "")},
    "max-min-swapped": {SEARCH_CALL: ("", ""), EMM_LINES.max: ("max a", "min a"), EMM_LINES.min: ("min a", "max a")},
    # (the root's value function is the other player's: the listing is made for that root, search.request)
    "chance-as-min": {EMM_LINES.min: ("= MIN then", "= MIN or CHANCE then")},  # a chance node runs the MIN case
    "unweighted-average": {EMM_LINES.chance_sum: ("P(r)", "1/n")},
    "maxn-root-component": {MAXN_LINES.update: ("u[p] > v[p]", "u[root] > v[root]")},
}
"""Each misconception's lines: the part of the text its search does differently."""


def mistaken_listing(lines: list[Line], misconception: str | None) -> list[Line]:
    """`lines` with the misconception's lines rewritten and marked (unchanged without one)."""
    rewrite = REWRITES.get(misconception or "", {})
    if not rewrite:
        return lines
    out = []
    for line in lines:
        change = rewrite.get(line["id"] or "")
        if change is None:
            out.append(line)
            continue
        find, put = change
        text = (put or line["text"]) if find == "" else line["text"].replace(find, put)
        out.append({**line, "text": text + MARK})
    return out
