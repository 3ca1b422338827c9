"""Records a search as typed events (docs/trace-format.md): the algorithm calls one method per step.

The recorder knows nothing of what consumes the events. On the hot path it appends one compact
record per event (search.traces.records) and hands them on in numbered batches to a sink (a file, a
websocket), which turns them into dicts or JSON Lines as it needs; it keeps them too unless told not
to. It enforces a cap on the number of events and a cancel flag, both checked at batch boundaries:
the batch ends early where the cap falls, so the cap is exact.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Protocol, Sequence

from search.algorithms.pseudocode import SEARCH_CALL, SEARCH_RETURN
from search.games.drawing import game_drawing
from search.games.game import Game, children_named
from search.traces.bounds import BoundTracker
from search.traces.events import FORMAT_VERSION  # defined with the event types; re-exported here
from search.traces.rare_texts import prune_text
from search.traces.records import (
    BACKUP,
    BOUND,
    INF,
    INIT,
    LEAF,
    OTHER,
    RETURN,
    TEST,
    VISIT,
    Batch,
    Describe,
    DescribeJson,
    Event,
    Record,
    json_number,
    no_extra,
)

Sink = Callable[[Batch], None]
PRUNING = ("alphabeta", "iterative")
"""The algorithms that cut nodes short, so can return a bound (search.traces.bounds)."""
__all__ = ["FORMAT_VERSION", "INF", "NULL_RECORDER", "Batch", "Event", "NullRecorder", "Recorder", "SearchRecorder",
           "SearchStopped", "Sink", "json_number"]


class SearchStopped(Exception):
    """Raised inside a search to unwind it: cancelled, or the event cap was reached."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SearchRecorder(Protocol):
    """What the algorithms call, one method per step: a Recorder makes each an event, the NullRecorder
    does nothing. tests/engine/test_event_types.py holds both to this list, signature for signature."""

    def start(self, game: Game[Any, Any], algorithm: str, options: dict[str, Any]) -> None: ...

    def visit(
        self, line: str, state: Any, move: Any, depth: int, player: str, alpha: float | None, beta: float | None,
    ) -> None: ...

    def leaf(self, line: str, value: float, kind: str) -> float: ...

    def backup(self, line: str, op: str, child_value: float, before: float, after: float) -> float: ...

    def init(self, line: str, v: float) -> float: ...

    def test(self, line: str, test: str, v: float, alpha: float, beta: float, holds: bool) -> bool: ...

    def bound(self, line: str, name: str, old: float, new: float) -> float: ...

    def ret(self, line: str, v: float) -> float: ...

    def prune(self, line: str, state: Any, rest: Sequence[Any], test: str, cut: str,
              v: float, alpha: float, beta: float) -> None: ...

    def begin_iteration(self, iteration: int) -> None: ...

    def iteration_end(self, line: str, fields: dict[str, Any]) -> None: ...

    def tt_hit(self, line: str, value: float, flag: str, source: str | None, remaining: int | None) -> float: ...

    def tt_store(self, line: str | None, value: float, flag: str, remaining: int | None) -> str | None: ...

    def quiescence(self, line: str, reason: str, moves: list[Any], past_limit: int) -> None: ...

    def beam(self, line: str, state: Any, kept: Sequence[tuple[Any, float]], dropped: Sequence[tuple[Any, float]]) -> None: ...

    def chance_backup(self, line: str, child_value: float, probability: float, before: float, after: float) -> float: ...

    def maxn_backup(self, line: str, mover: str, child_value: list[float], before: list[float] | None,
                    after: list[float]) -> list[float]: ...

    def init_none(self, line: str) -> None: ...

    def chance_test(self, line: str, test: str, v: float, rest: float, reach: float, alpha: float, beta: float,
                    holds: bool) -> bool: ...

    def result(self, fields: dict[str, Any]) -> None: ...


class Recorder:
    """Collects a search's events in order.

    sink: receives each Batch as soon as it is full (and the rest at the end).
    keep: also keep every event (`events()`), off for huge searches streamed to a file.
    max_events: stop the search, with an incomplete result, once this many events were made.
    """

    __slots__ = ("sink", "keep", "batch_size", "max_events", "cancelled", "stop_reason", "game", "describe",
                 "describe_json", "iteration", "bounds", "_kept", "_first", "_batch", "_room", "_path", "_tail_line")

    def __init__(
        self,
        sink: Sink | None = None,
        *,
        keep: bool = True,
        batch_size: int = 1000,
        max_events: int | None = None,
    ) -> None:
        self.sink = sink
        self.keep = keep
        self.batch_size = batch_size
        self.max_events = max_events if max_events is not None else sys.maxsize
        self.cancelled = False
        self.stop_reason = "cancelled"
        self.game: Game[Any, Any] | None = None  # set by start()
        self.describe: Describe = no_extra
        self.describe_json: DescribeJson | None = None
        self.iteration: int | None = None  # iterative deepening: the iteration the pending batch belongs to
        self._path: list[str] = []  # node ids from the root to the node being searched
        self._tail_line = ""  # the line of the last event handed on
        # Whether each return is the node's value or a bound on it: only a search that prunes can return
        # a bound, so the others (minimax, expectiminimax, max^n) skip the bookkeeping (start() decides).
        self.bounds: BoundTracker | None = None
        self._kept: list[Batch] = []
        self._first = 0  # seq of the pending batch's first record
        self._batch: list[Record] = []
        self._room = self._room_after(0)

    @property
    def count(self) -> int:
        """Events made so far."""
        return self._first + len(self._batch)

    def events(self) -> list[Event]:
        """Every kept event as a dict (built on each call: keep the list if you need it twice)."""
        return [event for batch in self._kept for event in batch.events()]

    def jsonl(self) -> str:
        """Every kept event as JSON Lines, as `python -m search trace` writes them."""
        return "".join(batch.jsonl() for batch in self._kept)

    # --- plumbing -------------------------------------------------------------------------
    def _room_after(self, first: int) -> int:
        """How long the batch starting at `first` may grow before the next boundary: a full batch,
        or one event past the cap (that event is then taken back and the search stopped)."""
        return max(1, min(self.batch_size, self.max_events - first + 1))

    def _boundary(self) -> None:
        """The batch reached its room: over the cap, stop; else hand it on."""
        if self._first + len(self._batch) > self.max_events:
            self._batch.pop()  # the event past the cap is not made; the rest go with the result
            raise SearchStopped("event limit")
        self.flush()

    def flush(self) -> None:
        """Hand the pending batch on; the place where cancellation is noticed."""
        self._hand_on()
        if self.cancelled:
            raise SearchStopped(self.stop_reason)

    def _hand_on(self) -> None:
        batch, self._batch = self._batch, []
        if batch and batch[-1][0] != OTHER:
            self._tail_line = batch[-1][2]  # a store after the batch's last event reads it (tt_store)
        first = self._first
        self._first = first + len(batch)
        self._room = self._room_after(self._first)
        if batch:
            handed = Batch(first, batch, self.describe, self.describe_json, self.iteration)
            if self.keep:
                self._kept.append(handed)
            if self.sink is not None:
                self.sink(handed)

    def _push_rare(self, make: Callable[[int], Event], text: Callable[[int], str] | None = None) -> None:
        """Record an event that is not on the hot path (start, prune): make(seq) builds it; text(seq), when given,
        writes it as JSON text, the same as its dict encoded (the prune's: thousands in a deep search)."""
        batch = self._batch
        batch.append((OTHER, make) if text is None else (OTHER, make, text))
        if len(batch) >= self._room:
            self._boundary()

    def begin_iteration(self, iteration: int) -> None:
        """Iterative deepening: the events from here on belong to `iteration`. The pending batch is
        handed on first, so a batch never spans two iterations (its events carry its number)."""
        self.flush()
        self.iteration = iteration
        self._path.clear()  # the last iteration's root is finished: the next visit is the root again, with no parent
        if self.bounds is not None:
            self.bounds = BoundTracker()

    def cancel(self, reason: str = "cancelled") -> None:
        """Ask the running search to stop at the next batch boundary (safe from another thread).
        It stays cancelled: sinks can tell that the last batch belongs to a stopped search."""
        self.stop_reason = reason
        self.cancelled = True

    # --- the typed events -----------------------------------------------------------------
    # A traced search calls these about 3.5 times per node, millions of times in all, so each one
    # only appends a tuple and checks the batch's room (bench/engine.py measures the cost):
    # numbering, infinities as "inf", dicts and JSON all wait for the sink (search.traces.records).
    # The recorder keeps the path of node ids from the root to the node being searched, so the
    # search itself never builds an id: a visit pushes its node, the parent's backup pops it.
    def start(self, game: Game[Any, Any], algorithm: str, options: dict[str, Any]) -> None:
        """The first event; also learns how the game names nodes and describes a position."""
        self.game = game
        self.bounds = BoundTracker() if algorithm in PRUNING else None
        self.describe = game.describe
        self.describe_json = getattr(game, "describe_json", None)  # optional: else describe()'s dict is encoded
        root, source = game.root_id, game.source()
        start = {"format": FORMAT_VERSION, "algorithm": algorithm, "options": options, "source": source}
        drawn = game_drawing(game, source)
        if drawn is not None:
            start["drawing"] = drawn
        self._push_rare(lambda seq: {"seq": seq, "type": "start", "node": root, "line": SEARCH_CALL, **start})

    def visit(
        self, line: str, state: Any, move: Any, depth: int, player: str, alpha: float | None, beta: float | None,
    ) -> None:
        """A value function is called on `state`, reached by `move` (None at the root); alpha and
        beta are None for minimax, the window received for alpha-beta."""
        path = self._path
        if path:
            parent = path[-1]
            node = self.game.child_id(parent, move, state)
        else:
            parent, node = None, self.game.root_id
        path.append(node)
        batch = self._batch
        batch.append((VISIT, node, line, parent, depth, player, alpha, beta, state, move))
        if len(batch) >= self._room:
            self._boundary()

    def leaf(self, line: str, value: float, kind: str) -> float:
        """The node is scored without expanding it; returns the value."""
        if self.bounds is not None:
            self.bounds.last = None  # a leaf's value is exact
        batch = self._batch
        batch.append((LEAF, self._path[-1], line, value, kind))
        if len(batch) >= self._room:
            self._boundary()
        return value

    def backup(self, line: str, op: str, child_value: float, before: float, after: float) -> float:
        """The child just searched returned `child_value`; v went from `before` to `after` (returned)."""
        path = self._path
        child = path.pop()
        if self.bounds is not None:
            self.bounds.backup(op, child_value, before, after)
        batch = self._batch
        batch.append((BACKUP, path[-1], line, op, child, child_value, before, after))
        if len(batch) >= self._room:
            self._boundary()
        return after

    def init(self, line: str, v: float) -> float:
        """v ← −∞ or v ← +∞ at the current node; returns v."""
        if self.bounds is not None:
            self.bounds.open(v)
        batch = self._batch
        batch.append((INIT, self._path[-1], line, v))
        if len(batch) >= self._room:
            self._boundary()
        return v

    def test(self, line: str, test: str, v: float, alpha: float, beta: float, holds: bool) -> bool:
        """The pruning test ran at the current node; returns whether it held."""
        batch = self._batch
        batch.append((TEST, self._path[-1], line, test, v, alpha, beta, holds))
        if len(batch) >= self._room:
            self._boundary()
        return holds

    def bound(self, line: str, name: str, old: float, new: float) -> float:
        """α ← MAX(α, v) or β ← MIN(β, v) ran, changing the bound or not. Returns `new`."""
        batch = self._batch
        batch.append((BOUND, self._path[-1], line, name, old, new))
        if len(batch) >= self._room:
            self._boundary()
        return new

    def ret(self, line: str, v: float) -> float:
        """The current (internal) node returns v to its caller, with whether v is its value or a bound; returns v."""
        batch = self._batch
        batch.append((RETURN, self._path[-1], line, v, None if self.bounds is None else self.bounds.close(v)))
        if len(batch) >= self._room:
            self._boundary()
        return v

    def prune(self, line: str, state: Any, rest: Sequence[Any], test: str, cut: str,
              v: float, alpha: float, beta: float) -> None:
        """The test held at the current node: the actions in `rest` are skipped."""
        node = self._path[-1]
        if self.bounds is not None:
            self.bounds.cut(cut, len(rest))
        children = children_named(self.game, node, state, rest)
        pruned = [child_id for child_id, _, _ in children]
        players = [player for _, player, _ in children]
        moves = [move for _, _, move in children]
        self._push_rare(lambda seq: {
            "seq": seq, "type": "prune", "node": node, "line": line, "pruned": pruned, "players": players,
            "moves": moves, "test": test, "cut": cut, "v": v, "alpha": json_number(alpha), "beta": json_number(beta),
        }, lambda seq: prune_text(seq, node, line, pruned, players, moves, test, cut, v, alpha, beta))

    def iteration_end(self, line: str, fields: dict[str, Any]) -> None:
        """Iterative deepening: an iteration finished (its depth, value, move and counts)."""
        root = self.game.root_id
        self._push_rare(lambda seq: {"seq": seq, "type": "iteration", "node": root, "line": line, **fields})

    # --- the enhancements of AIMA 4th ed. §5.2.4 and §5.3 (search.algorithms.enhanced): rare enough to be built as dicts ---
    def tt_hit(self, line: str, value: float, flag: str, source: str | None, remaining: int | None) -> float:
        """The current node's position is in the transposition table and the entry answers; returns value."""
        node = self._path[-1]
        if self.bounds is not None:
            self.bounds.answered(flag)
        self._push_rare(lambda seq: {
            "seq": seq, "type": "tt_hit", "node": node, "line": line, "value": value, "flag": flag,
            "source": source, "remaining": remaining,
        })
        return value

    def tt_store(self, line: str | None, value: float, flag: str, remaining: int | None) -> str | None:
        """The current node's value goes into the table; returns the node's id, which the entry keeps.
        line None: the line of the event just before (the node's leaf or return, whose step the store is part of)."""
        node = self._path[-1]
        if line is None:
            line = self._batch[-1][2] if self._batch else self._tail_line
        self._push_rare(lambda seq: {
            "seq": seq, "type": "tt_store", "node": node, "line": line, "value": value, "flag": flag,
            "remaining": remaining,
        })
        return node

    def quiescence(self, line: str, reason: str, moves: list[Any], past_limit: int) -> None:
        """CUTOFF-TEST does not hold at the current node, at or past the depth limit: it is not quiet."""
        node = self._path[-1]
        self._push_rare(lambda seq: {
            "seq": seq, "type": "quiescence", "node": node, "line": line, "reason": reason, "moves": moves,
            "past_limit": past_limit,
        })

    def beam(self, line: str, state: Any, kept: Sequence[tuple[Any, float]], dropped: Sequence[tuple[Any, float]]) -> None:
        """ACTIONS(state) at the current node keeps `kept` and never looks at `dropped` ((action, estimate) pairs)."""
        node, game = self._path[-1], self.game
        assert game is not None
        named_kept = children_named(game, node, state, [a for a, _ in kept])
        named_dropped = children_named(game, node, state, [a for a, _ in dropped])
        kept_json = [{"child": c, "move": m, "estimate": e} for (c, _, m), (_, e) in zip(named_kept, kept)]
        dropped_json = [{"child": c, "player": p, "move": m, "estimate": e}
                        for (c, p, m), (_, e) in zip(named_dropped, dropped)]
        self._push_rare(lambda seq: {
            "seq": seq, "type": "beam", "node": node, "line": line, "kept": kept_json, "dropped": dropped_json,
        })

    # --- chance nodes and several players (rare: dicts made when the batch is read) ------------
    def chance_backup(self, line: str, child_value: float, probability: float, before: float, after: float) -> float:
        """v ← v + P(r) × child's value at a chance node: the term added and the running sum."""
        path = self._path
        child = path.pop()
        node = path[-1]
        if self.bounds is not None:
            self.bounds.backup("chance", child_value, before, after)
        self._push_rare(lambda seq: {
            "seq": seq, "type": "backup", "node": node, "line": line, "op": "chance", "child": child,
            "child_value": child_value, "v_before": before, "v_after": after,
            "probability": probability, "term": probability * child_value,
        })
        return after

    def maxn_backup(self, line: str, mover: str, child_value: list[float], before: list[float] | None,
                    after: list[float]) -> list[float]:
        """A max^n node kept its vector or took the child's: `mover`'s component decided."""
        path = self._path
        child = path.pop()
        node = path[-1]
        self._push_rare(lambda seq: {
            "seq": seq, "type": "backup", "node": node, "line": line, "op": "maxn", "child": child,
            "child_value": child_value, "v_before": before, "v_after": after, "mover": mover,
        })
        return after

    def init_none(self, line: str) -> None:
        """v ← none at a max^n node (no vector yet)."""
        node = self._path[-1]
        # max^n never prunes: it keeps no bounds (start() left self.bounds None)
        self._push_rare(lambda seq: {"seq": seq, "type": "init", "node": node, "line": line, "v": None})

    def chance_test(self, line: str, test: str, v: float, rest: float, reach: float, alpha: float, beta: float,
                    holds: bool) -> bool:
        """A chance node's pruning test: the sum v with the outcomes not yet searched (probability
        `rest`) at the bound reaches `reach`; returns whether it held."""
        node = self._path[-1]
        self._push_rare(lambda seq: {
            "seq": seq, "type": "test", "node": node, "line": line, "test": test, "v": v,
            "alpha": json_number(alpha), "beta": json_number(beta), "holds": holds, "rest": rest, "reach": reach,
        })
        return holds

    def result(self, fields: dict[str, Any]) -> None:
        """The last event; never refused by the cap, so a stopped search still says so."""
        root = self.game.root_id
        self._batch.append((OTHER, lambda seq: {
            "seq": seq, "type": "result", "node": root, "line": SEARCH_RETURN, **fields,
        }))
        self._hand_on()  # delivered even when cancelled: it says how the search ended


class NullRecorder:
    """The recorder of a search nobody watches: each step is a call that does nothing (and hands
    back the value it was given), so the algorithms are written once, with their recording
    calls in place, and run untraced at nearly full speed (bench/engine.py measures it)."""

    __slots__ = ()

    def start(self, game: Game[Any, Any], algorithm: str, options: dict[str, Any]) -> None:
        pass

    def visit(
        self, line: str, state: Any, move: Any, depth: int, player: str, alpha: float | None, beta: float | None,
    ) -> None:
        pass

    def leaf(self, line: str, value: float, kind: str) -> float:
        return value

    def backup(self, line: str, op: str, child_value: float, before: float, after: float) -> float:
        return after

    def init(self, line: str, v: float) -> float:
        return v

    def test(self, line: str, test: str, v: float, alpha: float, beta: float, holds: bool) -> bool:
        return holds

    def bound(self, line: str, name: str, old: float, new: float) -> float:
        return new

    def ret(self, line: str, v: float) -> float:
        return v

    def prune(self, line: str, state: Any, rest: Sequence[Any], test: str, cut: str,
              v: float, alpha: float, beta: float) -> None:
        pass

    def begin_iteration(self, iteration: int) -> None:
        pass

    def iteration_end(self, line: str, fields: dict[str, Any]) -> None:
        pass

    def tt_hit(self, line: str, value: float, flag: str, source: str | None, remaining: int | None) -> float:
        return value

    def tt_store(self, line: str | None, value: float, flag: str, remaining: int | None) -> str | None:
        return None

    def quiescence(self, line: str, reason: str, moves: list[Any], past_limit: int) -> None:
        pass

    def beam(self, line: str, state: Any, kept: Sequence[tuple[Any, float]], dropped: Sequence[tuple[Any, float]]) -> None:
        pass

    def chance_backup(self, line: str, child_value: float, probability: float, before: float, after: float) -> float:
        return after

    def maxn_backup(self, line: str, mover: str, child_value: list[float], before: list[float] | None,
                    after: list[float]) -> list[float]:
        return after

    def init_none(self, line: str) -> None:
        pass

    def chance_test(self, line: str, test: str, v: float, rest: float, reach: float, alpha: float, beta: float,
                    holds: bool) -> bool:
        return holds

    def result(self, fields: dict[str, Any]) -> None:
        pass


NULL_RECORDER = NullRecorder()
