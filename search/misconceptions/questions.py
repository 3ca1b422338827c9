"""What each misconception answers to predict mode's questions (static/js/predict/predict_questions.js),
so predict mode and the classroom can say which wrong idea a wrong answer follows ("you said keep
looking: that is the strict test; the slides prune on ties").

Each misconception of the catalogue that applies to the search is run on the same game and depth, and
its trace is read as predict mode reads the right one (node ids are the same in every trace of one
search). Only answers that differ from the right search's are kept: a question is keyed by

    "value":  {N: v}                    the value N returns (its first return)
    "prune":  {N: {C: "prune"|"keep"}}  whether the test at N after child C holds (plain minimax, which
                                        has no test, keeps looking whenever it visits another child)
    "bound":  {N: {C: {"alpha": x}}}    α (or β) at N once N has taken child C's value
    "window": {N: [α, β]}               the window N receives

Numbers as the trace writes them (infinities "inf" / "-inf"). Searches with a transposition table,
quiescence, a beam, an ordering or iterative deepening get no readings, nor does a search that is a
misconception itself; a mistaken search past MAX_EVENTS events is left out.
"""

from __future__ import annotations

from typing import Any

from search.algorithms.registry import SINGLE_PASS
from search.misconceptions.catalogue import Misconception, Setting, applicable, run
from search.misconceptions.distance import changes, trace_marks
from search.request import SearchRequest
from search.traces.recorder import Recorder
from search.traces.records import Event
from search.traces.value_agreement import agree

MAX_EVENTS = 100_000
"""A mistaken search (or the right one) past this many events (about 25,000 visits) is not read: the
answers would take too long to work out for one page, and nobody predicts step by step that far."""
PLAIN = SINGLE_PASS
"""The searches predict mode's questions are read from here (iterative deepening revisits its nodes)."""
TELLS: dict[str, tuple[str, ...]] = {
    "window-not-passed": ("window", "bound"), "alpha-not-updated": ("bound", "window"), "beta-not-updated": ("bound", "window"),
    "strict-test": ("tie", "prune"), "no-pruning": ("prune",), "tests-wrong-bound": ("prune",),
    "fail-hard": ("value",), "fail-soft": ("value",), "max-min-swapped": ("value",),
    "chance-as-min": ("value",), "unweighted-average": ("value",), "maxn-root-component": ("value",)}
"""The questions where a slip shows first ("tie": a prune question where v equals the bound): when several
misconceptions give a wrong answer, the page names one that tells by that question before the others (keep
looking at a tie is the strict test, although no pruning keeps looking there too), as the practice
diagnosis names its telling marks first."""

Answers = dict[str, dict[str, Any]]


def has_readings(request: SearchRequest) -> bool:
    """Whether a search of `request` has misconception readings at all (a plain search, not itself mistaken)."""
    return (request.algorithm in PLAIN and not request.enhancements.options() and request.ordering is None
            and request.misconception is None)


def misconception_answers(request: SearchRequest) -> list[dict[str, Any]]:
    """[{"id", "name", "follows", "idea", "tells", "answers", "changes"}] for each applicable misconception whose
    answers differ from the right search's somewhere, in the order to name them in: the fewest changes from the
    right search first (distance.py: a tie kept looking at is the strict test before "no pruning"), then the
    catalogue's order."""
    if not has_readings(request):
        return []
    right_events = _trace(request.run)
    right = _read(right_events)
    if right is None or right_events is None:
        return []
    right_marks = trace_marks(right_events)
    setting = Setting(request.algorithm, request.ties, request.returns)
    out = []
    for misconception in applicable(setting):
        events = _trace(lambda rec, m=misconception: _run(m, request, setting, rec))
        mistaken = _read(events)
        if mistaken is None or events is None:
            continue
        answers = _differences(mistaken, right)
        if any(answers.values()):
            out.append({**misconception.to_json(), "tells": list(TELLS.get(misconception.id, ())), "answers": answers,
                        "changes": changes(right_marks, trace_marks(events))})
    return sorted(out, key=lambda entry: entry["changes"])  # stable: the catalogue's order among equals


def _run(misconception: Misconception, request: SearchRequest, setting: Setting, recorder: Recorder) -> Any:
    return run(misconception, request.game, setting, depth=request.depth, recorder=recorder)


def _trace(search: Any) -> list[Event] | None:
    """The events of `search(recorder)`, or None past MAX_EVENTS."""
    recorder = Recorder(max_events=MAX_EVENTS)
    result = search(recorder)
    return recorder.events() if result.complete else None


def _read(events: list[Event] | None) -> Answers | None:
    """A trace's answers to every question predict mode can ask, keyed as the module says."""
    if events is None:
        return None
    values: dict[str, Any] = {}
    prune: dict[str, dict[str, str]] = {}
    bound: dict[str, dict[str, dict[str, Any]]] = {}
    window: dict[str, list[Any]] = {}
    window_now: dict[str, dict[str, Any]] = {}  # α and β at each node as its own lines move them
    open_child: dict[str, str] = {}  # N -> the child whose value N took last, until N moves on
    tested: set[str] = set()  # nodes whose open child's test has run

    def close(node: str, moves_on: bool) -> None:
        """N is done with its open child: read its bounds; a node visiting another child without a test kept looking."""
        child = open_child.pop(node, None)
        if child is None:
            return
        if node not in tested and moves_on:
            prune.setdefault(node, {})[child] = "keep"
        tested.discard(node)
        now = window_now.get(node)
        if now:
            bound.setdefault(node, {})[child] = dict(now)

    for e in events:
        kind, node = e["type"], e.get("node")
        if kind == "visit":
            parent = e.get("parent")
            if parent is not None:
                close(parent, True)
            if e.get("alpha") is not None and node not in window:
                window[node] = [e["alpha"], e["beta"]]
                window_now[node] = {"alpha": e["alpha"], "beta": e["beta"]}
        elif kind == "backup":
            close(node, True)
            open_child[node] = e["child"]
        elif kind == "test" and node in open_child and e.get("rest") is None:
            prune.setdefault(node, {})[open_child[node]] = "prune" if e["holds"] else "keep"
            tested.add(node)
            if e["holds"]:  # pruned: no bound line runs after this child
                open_child.pop(node)
                tested.discard(node)
        elif kind == "bound" and node in window_now and e.get("bound") in ("alpha", "beta"):
            window_now[node][e["bound"]] = e["new"]
        elif kind == "return":
            close(node, False)
            values.setdefault(node, e["value"])
    return {"value": values, "prune": prune, "bound": bound, "window": window}


def _differences(mistaken: Answers, right: Answers) -> Answers:
    """The mistaken answers to questions the right trace asks too, where they differ from its answers."""
    out: Answers = {"value": {}, "prune": {}, "bound": {}, "window": {}}
    for node, value in mistaken["value"].items():
        if node in right["value"] and not agree(value, right["value"][node]):
            out["value"][node] = value
    for node, window in mistaken["window"].items():
        if node in right["window"] and not agree(window, right["window"][node]):
            out["window"][node] = window
    for node, after in mistaken["prune"].items():
        theirs = {c: said for c, said in after.items() if c in right["prune"].get(node, {}) and said != right["prune"][node][c]}
        if theirs:
            out["prune"][node] = theirs
    for node, after in mistaken["bound"].items():
        for child, bounds in after.items():
            there = right["bound"].get(node, {}).get(child)
            if there is None:
                continue
            differ = {name: x for name, x in bounds.items() if name in there and not agree(x, there[name])}
            if differ:
                out["bound"].setdefault(node, {})[child] = differ
    return out
