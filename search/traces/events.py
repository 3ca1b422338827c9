"""The trace's event types, each defined once (docs/trace-format.md describes them in words).

Every event is a JSON object with `seq`, `type`, `node` and `line`, then the fields of its type,
in the order written here: that is the order of the keys in the dicts and in the JSON text the
recorder makes (search.traces.records). tests/engine/test_event_types.py holds the JSON Schema
(search/schema/trace.schema.json), the dict output and the JSON-text output to these definitions.

Numbers that may be infinite (`Extended`: alpha, beta, v before the first child) are written as
the strings "inf" and "-inf": strict JSON has no Infinity.

(No `from __future__ import annotations` here: TypedDict must see NotRequired[...] at class
creation to leave a field out of __required_keys__, which the tests read.)
"""

from typing import Any, Literal, NotRequired, TypedDict, Union

Player = Literal["max", "min"]
Mover = str
"""Who moves at a node: a Player, "chance" (expectiminimax's chance node) or, in a players tree
(max^n), one of the root's player names."""
Vector = list[float]
"""A max^n value: one number per player, in the order of the root's `players`."""
Score = Union[float, Vector]
"""A node's value: a number, or a Vector in a max^n search."""
Extended = Union[float, Literal["inf", "-inf"]]
"""A number that may be infinite, as JSON holds it."""
Move = Union[None, str, int, list[int]]
"""A move as a trace writes it: a tree child's id, a tic-tac-toe cell 0-8, an Isolation [x, y]."""
Reason = Literal["cancelled", "event limit", "client stalled"]


TestKind = Literal["v >= beta", "v > beta", "v <= alpha", "v < alpha",
                   "v + rest * hi <= alpha", "v + rest * hi < alpha", "v + rest * lo >= beta", "v + rest * lo > beta"]
"""A pruning test as written; the last four are a chance node's (alpha-beta over a tree with bounds)."""


class Options(TypedDict):
    depth: int | None
    ties: NotRequired[Literal["prune", "explore"]]  # alpha-beta and iterative only: minimax never prunes
    tt: NotRequired[Literal[True]]  # each of these only when on (search.algorithms.enhanced)
    quiescence: NotRequired[Literal[True]]
    beam: NotRequired[int]
    ordering: NotRequired[Literal["given", "best", "worst", "random"]]  # only when the request asked for one
    seed: NotRequired[int]  # the random ordering's seed (with ordering "random" only)


class StartEvent(TypedDict):
    """Always first (seq 0): what was searched and how, so the trace replays on its own."""

    seq: int
    type: Literal["start"]
    node: str  # the root
    line: str
    format: int
    algorithm: Literal["minimax", "alphabeta", "expectiminimax", "maxn", "iterative"]
    options: Options
    source: dict[str, Any]  # {"kind": "tree", "tree": ...} or {"kind": "game", "game", "state", "estimate"}
    iteration: NotRequired[int]  # iterative deepening: the iteration (1..N) the event belongs to


class VisitEvent(TypedDict):
    """MAX-VALUE or MIN-VALUE is called on `node`."""

    seq: int
    type: Literal["visit"]
    node: str
    line: str
    parent: str | None
    depth: int
    player: Mover
    alpha: NotRequired[Extended]  # alpha-beta: the window the call received
    beta: NotRequired[Extended]
    state: NotRequired[str]  # games: the position
    move: NotRequired[Move]  # games: the move from the parent (None at the root)
    iteration: NotRequired[int]  # iterative deepening: the iteration (1..N) the event belongs to


class InitEvent(TypedDict):
    """v ← −∞ (MAX) or v ← +∞ (MIN) at an internal node, before its first child; v ← 0 at a chance
    node (the weighted sum so far); v ← none (null) at a max^n node."""

    seq: int
    type: Literal["init"]
    node: str
    line: str
    v: Union[Literal["inf", "-inf", 0], None]
    iteration: NotRequired[int]  # iterative deepening: the iteration (1..N) the event belongs to


class LeafEvent(TypedDict):
    """The node is scored without being expanded."""

    seq: int
    type: Literal["leaf"]
    node: str
    line: str
    value: Score
    kind: Literal["utility", "estimate"]
    iteration: NotRequired[int]  # iterative deepening: the iteration (1..N) the event belongs to


class BackupEvent(TypedDict):
    """v ← MAX(v, child's value) or MIN(...) at `node`: `op` says which. At a chance node (op
    "chance") v is the weighted sum: v_after = v_before + term, term = probability × child_value.
    At a max^n node (op "maxn") the values are vectors, v_before null before the first child, and
    `mover` is the player whose component decides (the first best child is kept on ties)."""

    seq: int
    type: Literal["backup"]
    node: str
    line: str
    op: Literal["max", "min", "chance", "maxn"]
    child: str
    child_value: Score
    v_before: Union[Extended, Vector, None]
    v_after: Score
    probability: NotRequired[float]  # op "chance": the child's probability
    term: NotRequired[float]  # op "chance": probability × child_value
    mover: NotRequired[Mover]  # op "maxn": whose component decides
    iteration: NotRequired[int]  # iterative deepening: the iteration (1..N) the event belongs to


class TestEvent(TypedDict):
    """The pruning test after a backup at an alpha-beta node, as written (`test`), whether it holds
    or not: a `prune` follows exactly when `holds`."""

    seq: int
    type: Literal["test"]
    node: str
    line: str
    test: TestKind
    v: float
    alpha: Extended
    beta: Extended
    holds: bool
    rest: NotRequired[float]  # a chance node's test (bounded alpha-beta): the probability not yet searched
    reach: NotRequired[float]  # v + rest × hi (the alpha test) or v + rest × lo (the beta test)
    iteration: NotRequired[int]  # iterative deepening: the iteration (1..N) the event belongs to


class BoundEvent(TypedDict):
    """α ← MAX(α, v) or β ← MIN(β, v) ran (alpha-beta only): each time, `changed` or not."""

    seq: int
    type: Literal["bound"]
    node: str
    line: str
    bound: Literal["alpha", "beta"]
    old: Extended
    new: float  # MAX(α, v) or MIN(β, v) with v finite: always finite
    changed: bool
    iteration: NotRequired[int]  # iterative deepening: the iteration (1..N) the event belongs to


class PruneEvent(TypedDict):
    """The test held: `node` returns v and its remaining children are skipped (alpha-beta only).
    `players` and `moves` describe the skipped children, in the order of `pruned`."""

    seq: int
    type: Literal["prune"]
    node: str
    line: str
    pruned: list[str]
    players: list[Mover]
    moves: list[Move]
    test: TestKind
    cut: Literal["alpha", "beta"]
    v: float
    alpha: Extended
    beta: Extended
    iteration: NotRequired[int]  # iterative deepening: the iteration (1..N) the event belongs to


class ReturnEvent(TypedDict):
    """An internal node returns v to its caller ("return v", or "then return v" after a prune)."""

    seq: int
    type: Literal["return"]
    node: str
    line: str
    value: Score
    iteration: NotRequired[int]  # iterative deepening: the iteration (1..N) the event belongs to


class IterationChild(TypedDict):
    """A root child as an iteration of iterative deepening left it: its value (a bound for a
    child that could not beat the best), in the order searched."""

    child: str
    move: Move
    value: float


class IterationEvent(TypedDict):
    """Iterative deepening: the iteration at depth limit `depth` finished. Its answer (`value`,
    `move`, `child`), its own counts, the root's children as searched, and the order the next
    iteration searches them in (best first for the root's player; null after the last)."""

    seq: int
    type: Literal["iteration"]
    node: str  # the root
    line: str
    depth: int
    value: float
    move: Move
    child: str | None
    visited: int
    leaves: int
    prunes: int
    pruned: int
    children: list[IterationChild]
    next_order: list[str] | None
    iteration: int


class IterationSummary(TypedDict):
    """An iteration in the result's `iterations`: its iteration event without children and order."""

    depth: int
    value: float
    move: Move
    child: str | None
    visited: int
    leaves: int
    prunes: int
    pruned: int


class Direct(TypedDict):
    """Iterative deepening's result: one alpha-beta search at depth N, for comparison."""

    visited: int
    leaves: int
    prunes: int


class Baseline(TypedDict):
    """What minimax does on the same input and depth limit (searched untraced)."""

    visited: int
    leaves: int


class ResultEvent(TypedDict):
    """Always last: the answer, or that the search stopped early (`complete` false, `reason`)."""

    seq: int
    type: Literal["result"]
    node: str  # the root
    line: str
    value: Score | None
    move: Move
    child: str | None
    visited: int
    leaves: int
    prunes: int
    pruned: int
    complete: bool
    reason: NotRequired[Reason]
    baseline: NotRequired[Baseline | None]  # alpha-beta: minimax's counts; null if stopped or past the limit
    tt_hits: NotRequired[int]  # with "tt": positions answered from the table
    tt_stored: NotRequired[int]  # with "tt": entries written (tt_store events)
    iterations: NotRequired[list["IterationSummary"]]  # iterative: each iteration's depth, value, move and counts
    direct: NotRequired[Union["Direct", None]]  # iterative: one alpha-beta at depth N, untraced; null if stopped or past the limit
    iteration: NotRequired[int]  # iterative deepening: the iteration (1..N) the event belongs to


TtFlag = Literal["exact", "lower", "upper"]


class TtHitEvent(TypedDict):
    """Right after its visit: the node's position is in the transposition table and the entry
    answers (exact, or a bound that decides the window), so the node is not searched; `source` is
    the node whose search filled the entry. The parent's backup follows."""

    seq: int
    type: Literal["tt_hit"]
    node: str
    line: str
    value: float
    flag: TtFlag
    source: str | None
    remaining: int | None  # depth left below the node (part of the key); null without a depth limit


class TtStoreEvent(TypedDict):
    """Right after the node's value is known (its leaf or return): the value goes into the table."""

    seq: int
    type: Literal["tt_store"]
    node: str
    line: str
    value: float
    flag: TtFlag
    remaining: int | None


class QuiescenceEvent(TypedDict):
    """At or past the depth limit, CUTOFF-TEST does not hold: the position is not quiet, so the node
    is expanded. Its children are visits past the limit (depth > options.depth)."""

    seq: int
    type: Literal["quiescence"]
    node: str
    line: str
    reason: Literal["win", "block"]  # the side to move can win at once / must block a win
    moves: list[Move]  # the winning or blocking moves
    past_limit: int  # the node's depth minus the depth limit


class BeamKept(TypedDict):
    child: str
    move: Move
    estimate: float


class BeamDropped(TypedDict):
    child: str
    player: Player
    move: Move
    estimate: float


class BeamEvent(TypedDict):
    """ACTIONS(state) under a beam of width K: only `kept` (the K best estimates for the mover, in
    their given order) are searched; `dropped` are never considered. Only where something is dropped."""

    seq: int
    type: Literal["beam"]
    node: str
    line: str
    kept: list[BeamKept]
    dropped: list[BeamDropped]


EVENT_TYPES: dict[str, type] = {
    "start": StartEvent,
    "visit": VisitEvent,
    "init": InitEvent,
    "leaf": LeafEvent,
    "backup": BackupEvent,
    "test": TestEvent,
    "bound": BoundEvent,
    "prune": PruneEvent,
    "return": ReturnEvent,
    "iteration": IterationEvent,
    "result": ResultEvent,
    "tt_hit": TtHitEvent,
    "tt_store": TtStoreEvent,
    "quiescence": QuiescenceEvent,
    "beam": BeamEvent,
}
"""Every event type by its `type`, in the order a trace first meets them."""

Event = Union[StartEvent, VisitEvent, InitEvent, LeafEvent, BackupEvent, TestEvent, BoundEvent, PruneEvent, ReturnEvent,
              IterationEvent, ResultEvent, TtHitEvent, TtStoreEvent, QuiescenceEvent, BeamEvent]

KEY_STEPS = frozenset({"start", "visit", "leaf", "backup", "prune", "iteration", "result", "tt_hit", "quiescence", "beam"})
"""The types the player's "key steps" shows (with the bound steps that changed a bound); "every
line" shows every event."""
