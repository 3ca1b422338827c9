"""A trace is accepted only if it is what the engine does: its start is searched again and compared.

An uploaded trace says what a search did; anybody can edit a downloaded file (a leaf's value, the
result, a prune list) and share it as the engine's. So the start event, checked first and read as a
search request is (search.request: the same errors, named `line 1.options.depth` and so on), is
searched again by the engine, and its events are compared with the trace's line by line. The first
difference is refused (TraceMismatch, HTTP 422) naming the line and what differs
(search.traces.differences). What is kept and served is then the engine's own text.

This is also the quick way to read a trace: the engine writes each event's canonical line
(search.traces.records) about as fast as the CLI writes the trace, and a line equal to it byte for
byte is taken without parsing it or checking it against the schema: the engine's events meet the
schema (tests/engine/test_event_types.py), so an event equal to one of them does too. Only a line that
differs in text is parsed (bad JSON still names its line, HTTP 400) and compared as a value, so key
order, spacing or 3.0 for 3 (a trace saved by the page) are no difference. No per-event schema check
is left: it was the slow part (about 0.5 ms an event) and the engine comparison says more.

The search is capped by the trace's own length: the engine makes at most one event more than the
trace has lines, so a short trace whose start describes a huge search costs no more than the trace.
A trace stopped early (its result says `event limit`, `cancelled` or `client stalled`) is searched
again stopped at the same event, as the recorder stops it (search.traces.recorder). Older formats (1 to 3)
are upgraded first (search.traces.upgrade, which re-runs the engine itself for 1 and 2) and then
compared in the same way. A trace of a game the server does not know (source "custom") cannot be
searched again: it is checked as far as it can be (search.traces.recorded) and comes back
`verified=False`, with the reason, to be replayed as recorded and never stored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from search import limits
from search.errors import InputError
from search.request import SearchRequest, parse_request, parse_seed
from search.traces.check import canonical_text, check_tree_source
from search.traces.differences import Event, describe, field_difference, sequence_difference
from search.traces.jsonl import read_event_line, read_events
from search.traces.recorded import check_recorded, is_custom, unknown_game_reason
from search.traces.recorder import FORMAT_VERSION, Recorder, SearchStopped
from search.traces.records import Batch
from search.traces.upgrade import upgrade_trace

OPTION_FIELDS = frozenset({"depth", "ties", "returns", "tt", "quiescence", "beam", "ordering", "seed", "symmetry", "misconception"})
"""What a start event's `options` may hold (docs/trace-format.md)."""
CANCEL_REASONS = ("cancelled", "client stalled")
"""Why the server stops a search at a batch boundary (server/searches/namespace.py); the cap says "event limit"."""
BATCH_SIZE = 2000
"""Events the engine hands over at a time, as `python -m search trace` writes them."""


class TraceMismatch(InputError):
    """A well-formed trace that is not what the engine does with its start (HTTP 422)."""


@dataclass(frozen=True, slots=True)
class VerifiedTrace:
    text: str
    """The engine's own JSON Lines of the search: what is stored and replayed."""
    events: int
    upgraded: bool
    """Written in an older format (search.traces.upgrade)."""
    verified: bool = True
    """False for a game the server does not know: `text` is then the upload's, checked but not searched again."""
    reason: str = ""
    """Why it is not verified (naming the game), for the page to say and for the store's refusal."""

    def differs_from(self, uploaded: str) -> bool:
        """Whether the upload's text is not the engine's (another format, key order, spacing)."""
        return self.text != uploaded


def verify_trace(text: str) -> VerifiedTrace:
    """The trace checked against the engine, or an InputError naming the line: TraceMismatch where it
    is not what the engine does, a plain InputError where it is not a trace (too_large: over the limit)."""
    size = len(text.encode("utf-8"))
    if size > limits.MAX_TRACE_BYTES:
        raise InputError("", f"the trace is {size:,} bytes; the limit is {limits.MAX_TRACE_BYTES:,}", too_large=True)
    lines, numbers = numbered_lines(text.replace("\r\n", "\n") if "\r" in text else text)
    if not lines:
        raise InputError("", "the trace is empty")
    where = f"line {numbers[0]}"
    start = read_event_line(lines[0], numbers[0])
    if start.get("type") != "start":
        raise InputError(where, "a trace begins with its start event (is this a trace from Minimax Lab?)")
    version = start.get("format")
    if is_custom(start):
        return _recorded(text, start, lines, numbers)
    if type(version) is int and 1 <= version < FORMAT_VERSION:
        return _verify_older(text, start, where, version)
    if version != FORMAT_VERSION:
        raise InputError(f"{where}.format", f"expected {FORMAT_VERSION} (this server reads formats 1 to {FORMAT_VERSION})")
    made = compare_with_engine(request_of_start(start, where), lines, numbers)
    return VerifiedTrace("\n".join(made) + "\n", len(made), upgraded=False)


def _recorded(text: str, start: Event, lines: list[str], numbers: list[int]) -> VerifiedTrace:
    """A custom trace (format 5 only: no older format had one), checked without the engine."""
    events = check_recorded(lines, numbers)  # the start event first: its format and source too
    return VerifiedTrace(text, events, upgraded=False, verified=False, reason=unknown_game_reason(start))


def numbered_lines(text: str) -> tuple[list[str], list[int]]:
    """The trace's non-blank lines and their line numbers in the file (blank lines are skipped, as
    search.traces.jsonl reads them; only "\\n" ends a line)."""
    lines = text.split("\n")
    kept = [line for line in lines if line and not line.isspace()]
    if len(kept) == len(lines) - (lines[-1] == ""):  # the usual file: no blank line but the last
        return kept, list(range(1, len(kept) + 1))
    return kept, [n for n, line in enumerate(lines, start=1) if line and not line.isspace()]


def request_of_start(start: Event, where: str = "line 1") -> SearchRequest:
    """The search a start event describes, validated exactly as a search request is; errors name the
    start event's field (`line 1.options.depth`, `line 1.source.tree.children[1].value`)."""
    options, source = start.get("options"), start.get("source")
    if not isinstance(options, dict):
        raise InputError(f"{where}.options", "expected an object of the search's options (depth, ties, ...)")
    unknown = sorted(set(options) - OPTION_FIELDS)
    if unknown:
        raise InputError(f"{where}.options.{unknown[0]}", "unknown option")
    if not isinstance(source, dict) or source.get("kind") not in ("tree", "game"):
        raise InputError(f"{where}.source", 'expected {"kind": "tree", "tree": ...} or {"kind": "game", "game": ..., "state": ...}')
    if "algorithm" not in start:
        raise InputError(f"{where}.algorithm", "missing: the start event names the algorithm searched")
    if source["kind"] == "tree":
        asked: dict[str, Any] = {"tree": source.get("tree")}
    else:
        asked = {key: source.get(key) for key in ("game", "state", "estimate")}
    asked.update(options, algorithm=start["algorithm"])
    # A tree's source is the tree as searched, already shuffled by a random ordering: searched in
    # its given order (shuffling it again would not give it back); best and worst sort it again,
    # which leaves a sorted tree as it is.
    shuffled_tree = source["kind"] == "tree" and options.get("ordering") == "random"
    if shuffled_tree:
        asked["ordering"] = "given"
        asked.pop("seed", None)
    try:
        request = parse_request(asked)
        if shuffled_tree:
            request = replace(request, ordering="random", seed=parse_seed(options.get("seed")))
    except InputError as exc:
        raise InputError(_start_field(where, exc.where), exc.problem, too_large=exc.too_large) from None
    return request


def _start_field(where: str, field: str) -> str:
    """A search request's field as the start event names it: depth -> line 1.options.depth."""
    head = field.split(".")[0].split("[")[0]
    if not field:
        return where
    if head in OPTION_FIELDS:
        return f"{where}.options.{field}"
    if head in ("tree", "game", "state", "estimate"):
        return f"{where}.source.{field}"
    return f"{where}.{field}"


def compare_with_engine(request: SearchRequest, lines: list[str], numbers: list[int], older: bool = False) -> list[str]:
    """The engine's lines for the search, each equal to the trace's (as text, or else as a value);
    TraceMismatch at the first that is not. `older`: a trace written before results had a `reference`
    (format 5) may lack it; the engine's line, which has it, is kept."""
    compare = LineComparison(lines, numbers, older)
    last = (_event_or_none(lines[-1]) if len(lines) > 1 else None) or {}
    stopped_by = last.get("reason") if last.get("type") == "result" and last.get("complete") is False else None
    if stopped_by in CANCEL_REASONS:
        recorder: Recorder = StopAfter(compare, len(lines) - 1, stopped_by)
    else:  # event limit: the same cap; else one event past the trace's end, to say what the engine does next
        recorder = Recorder(compare, keep=False, batch_size=BATCH_SIZE,
                            max_events=len(lines) - 1 if stopped_by == "event limit" else len(lines) + 1)
    request.run(recorder)
    compare.finish()
    return compare.made


def _event_or_none(line: str) -> Event | None:
    """The event on a line, or None for a line that is not one (refused where the comparison reaches it)."""
    try:
        return read_event_line(line, 0)
    except InputError:
        return None


class StopAfter(Recorder):
    """A recorder that stops the search after exactly `at` events as a cancel does (at a batch
    boundary, the search told `reason`): how the server stopped the trace being checked."""

    __slots__ = ("at",)

    def __init__(self, sink: Any, at: int, reason: str) -> None:
        self.at = at  # read by _room_after, which the base constructor calls
        super().__init__(sink, keep=False, batch_size=BATCH_SIZE)
        self.stop_reason = reason

    def _room_after(self, first: int) -> int:
        return max(1, min(self.batch_size, self.at - first)) if first < self.at else self.batch_size

    def flush(self) -> None:
        self._hand_on()
        if self.cancelled or self.count >= self.at:
            raise SearchStopped(self.stop_reason)


class LineComparison:
    """The recorder's sink: each batch of the engine's lines against the trace's. A difference is
    explained once the engine's next line is known too (an event left out or added shows there)."""

    def __init__(self, lines: list[str], numbers: list[int], older: bool = False) -> None:
        self.lines, self.numbers, self.older = lines, numbers, older
        self.made: list[str] = []
        self.pending: int | None = None  # the line that differs, waiting for the engine's next one

    def __call__(self, batch: Batch) -> None:
        texts = batch.json_texts()
        first = len(self.made)
        self.made.extend(texts)
        if self.pending is not None:
            self.refuse(self.pending)
        end = len(self.made)
        if self.lines[first:end] == texts:  # the fast path: every line as the engine writes it
            return
        for i in range(first, end):
            if i < len(self.lines) and (self.lines[i] == self.made[i] or self._same_value(i)):
                continue
            if i + 1 < end or i >= len(self.lines):
                self.refuse(i)
            self.pending = i
            return

    def finish(self) -> None:
        """The search is over: a difference waiting, or trace lines past the engine's result, are refused."""
        if self.pending is not None:
            self.refuse(self.pending)
        if len(self.lines) > len(self.made):
            self.refuse(len(self.made))

    def _same_value(self, i: int) -> bool:
        given, made = read_event_line(self.lines[i], self.numbers[i]), json.loads(self.made[i])
        if self.older and made.get("type") == "result" and "reference" not in given:
            made.pop("reference", None)  # an older format's result: the engine's reference is added, not compared
        if made.get("type") == "start" and "drawing" not in given:
            made.pop("drawing", None)  # written before starts said how to draw the game: stored with the engine's
        return given == made

    def _line_number(self, i: int) -> int:
        return self.numbers[i] if i < len(self.numbers) else self.numbers[-1] + 1

    def _made(self, i: int) -> Event | None:
        return json.loads(self.made[i]) if 0 <= i < len(self.made) else None

    def _given(self, i: int) -> Event | None:
        return _event_or_none(self.lines[i]) if i < len(self.lines) else None

    def refuse(self, i: int) -> None:
        where = f"line {self._line_number(i)}"
        made = self._made(i)
        if i >= len(self.lines):
            if made is not None and made.get("type") == "result":
                raise TraceMismatch(where, "the trace ends here, without its result (is it cut short?)")
            raise TraceMismatch(where, f"the trace ends here; the engine goes on with {describe(made)}")
        given = read_event_line(self.lines[i], self.numbers[i])  # bad JSON: the malformed line's own error
        if made is None:
            raise TraceMismatch(where, f"the engine's search ended on line {self._line_number(i - 1)} with its result; "
                                f"the trace goes on with {describe(given)}")
        problem = sequence_difference(given, made, self._made(i - 1), self._made(i + 1), self._given(i + 1))
        raise TraceMismatch(where, problem or field_difference(given, made))


def _verify_older(text: str, start: Event, where: str, version: int) -> VerifiedTrace:
    """A trace of format 1, 2 or 3: upgraded as search.traces.upgrade reads it, then compared. Format 3
    keeps its lines; formats 1 and 2 gain the engine's steps, so a difference after the upgrade (the
    upgrade itself refuses any event the engine does not make) is named by its line as upgraded."""
    check_tree_source(start, where)  # first: bounded before the schema's recursion
    events, _ = upgrade_trace(read_events(text))
    last = events[-1]
    if version < 3 and last.get("type") == "result" and "baseline" not in last and events[0].get("algorithm") == "alphabeta":
        events[-1] = {**last, "baseline": None}  # format 3 added it, null when stopped: a stopped result kept its own
    now = canonical_text(events)
    lines = now.split("\n")[:-1]
    numbers = numbered_lines(text)[1] if version == 3 else list(range(1, len(lines) + 1))
    made = compare_with_engine(request_of_start(events[0], where), lines, numbers, older=True)
    return VerifiedTrace("\n".join(made) + "\n", len(made), upgraded=True)
