"""The trace's event types, each defined once (docs/trace-format.md describes them in words).

Every event is a JSON object with `seq`, `type`, `node` and `line`, then the fields of its type,
in the order written here: that is the order of the keys in the dicts and in the JSON text the
recorder makes (search.traces.records). The JSON Schema (search/schema/trace.schema.json) and the
hot events' dict and JSON-text layouts (search/traces/layouts.py) are generated from these definitions
and the table at the end of this file: `.venv/bin/python -m search.traces.schema_build`.
tests/engine/test_event_types.py fails when a generated file falls behind.

Numbers that may be infinite (`Extended`: alpha, beta, v before the first child) are written as
the strings "inf" and "-inf": strict JSON has no Infinity.

(No `from __future__ import annotations` here: TypedDict must see NotRequired[...] at class
creation to leave a field out of __required_keys__, which the tests read.)
"""

from typing import Annotated, Any, Literal, NotRequired, TypedDict, Union

from search.algorithms.pseudocode import (
    BEAM_LINES,
    CHANCE_LINES,
    EMM_LINES,
    MAX_LINES,
    MAXN_LINES,
    MIN_LINES,
    SEARCH_CALL,
    SEARCH_ITERATION,
    SEARCH_RETURN,
)

FORMAT_VERSION = 5
"""2 (2026-11): backup op, prune players and moves; minimax without ties. 3 (2026-11): a step for every
line the slides walk (init, test, every bound, return) and the result's baseline. 4 (2026-11): the rest
of the lecture (chance nodes, several players, iterative deepening, the transposition table,
quiescence, beams), all of it additions. 5 (2026-11): a return that is only a bound says so (`bound`).
search.traces.upgrade reads 1 to 4."""


class Schema(dict[str, Any]):
    """JSON Schema keywords that a field's Python type cannot say (a minimum, a constant), carried by
    `Annotated[...]`: search.traces.schema_build adds them to what it derives from the type."""

    def __hash__(self) -> int:  # type: ignore[override]  # typing hashes Annotated metadata inside unions
        return hash(tuple(self.items()))


Count = Annotated[int, Schema(minimum=0)]
"""A number of things or steps: seq, a depth, the counts."""
IterationNumber = Annotated[int, Schema(minimum=1)]
"""Iterative deepening: the iteration (1..N) an event belongs to; also an iteration's depth limit."""

Player = Literal["max", "min"]
Mover = str
"""Who moves at a node: a Player, "chance" (expectiminimax's chance node) or, in a players tree
(max^n), one of the root's player names."""
Vector = Annotated[list[float], Schema(minItems=2)]
"""A max^n value: one number per player, in the order of the root's `players`."""
Score = Union[float, Vector]
"""A node's value: a number, or a Vector in a max^n search."""
Extended = Union[float, Literal["inf", "-inf"]]
"""A number that may be infinite, as JSON holds it."""
Move = Union[None, str, int, Annotated[list[int], Schema(minItems=2, maxItems=2)]]
"""A move as a trace writes it: a tree child's id, a tic-tac-toe cell 0-8, an Isolation [x, y], a Connect Four column 0-6."""
Reason = Literal["cancelled", "event limit", "client stalled"]


TestKind = Literal["v >= beta", "v > beta", "v <= alpha", "v < alpha",
                   "v + rest * hi <= alpha", "v + rest * hi < alpha", "v + rest * lo >= beta", "v + rest * lo > beta",
                   "v >= alpha", "v > alpha", "v <= beta", "v < beta"]
"""A pruning test as written; the next four are a chance node's (alpha-beta over a tree with bounds), the last four
the misconception "tests-wrong-bound"'s (MAX testing v against α, MIN against β: search.misconceptions)."""


MisconceptionId = Literal["window-not-passed", "strict-test", "alpha-not-updated", "beta-not-updated", "fail-hard", "fail-soft",
                          "no-pruning", "max-min-swapped", "tests-wrong-bound", "chance-as-min", "unweighted-average",
                          "maxn-root-component"]
"""The ids of search.misconceptions.CATALOGUE (a test keeps the two lists equal)."""


class Options(TypedDict):
    depth: Count | None
    ties: NotRequired[Literal["prune", "explore"]]  # alpha-beta and iterative only: minimax never prunes
    returns: NotRequired[Literal["bound"]]  # alpha-beta's fail-hard form, only when asked for (the default returns v)
    tt: NotRequired[Literal[True]]  # each of these only when on (search.algorithms.enhanced)
    quiescence: NotRequired[Literal[True]]
    beam: NotRequired[Annotated[int, Schema(minimum=1)]]
    ordering: NotRequired[Literal["given", "best", "worst", "random"]]  # only when the request asked for one
    seed: NotRequired[int]  # the random ordering's seed (with ordering "random" only)
    symmetry: NotRequired[Literal[True]]  # tic-tac-toe with symmetric moves dropped, only when on (search.games.symmetry)
    misconception: NotRequired[MisconceptionId]  # a search run with this slip, to show what it does (search.misconceptions)


class StartEvent(TypedDict):
    """Always first (seq 0): what was searched and how, so the trace replays on its own."""

    seq: Count
    type: Literal["start"]
    node: str  # the root
    line: str
    format: Annotated[int, Schema(const=FORMAT_VERSION)]
    algorithm: Literal["minimax", "alphabeta", "expectiminimax", "maxn", "iterative"]  # the registry's ids (test_algorithm_registry)
    options: Options
    source: dict[str, Any]  # {"kind": "tree", "tree"}, {"kind": "game", "game", "state", "estimate"} or {"kind": "custom", ...}
    drawing: NotRequired[dict[str, Any]]  # a registered game's: how the viewer draws it (search.games.drawing)
    iteration: NotRequired[IterationNumber]  # iterative deepening: the iteration (1..N) the event belongs to


class VisitEvent(TypedDict):
    """MAX-VALUE or MIN-VALUE is called on `node`."""

    seq: Count
    type: Literal["visit"]
    node: str
    line: str
    parent: str | None
    depth: Count
    player: Mover
    alpha: NotRequired[Extended]  # alpha-beta: the window the call received
    beta: NotRequired[Extended]
    state: NotRequired[str]  # games: the position
    move: NotRequired[Move]  # games: the move from the parent (None at the root)
    board: NotRequired[dict[str, Any]]  # a game whose position text is not its board: its cells (search.games.drawing)
    iteration: NotRequired[IterationNumber]  # iterative deepening: the iteration (1..N) the event belongs to


class InitEvent(TypedDict):
    """v ← −∞ (MAX) or v ← +∞ (MIN) at an internal node, before its first child; v ← 0 at a chance
    node (the weighted sum so far); v ← none (null) at a max^n node."""

    seq: Count
    type: Literal["init"]
    node: str
    line: str
    v: Union[Literal["inf", "-inf", 0], None]
    iteration: NotRequired[IterationNumber]  # iterative deepening: the iteration (1..N) the event belongs to


class LeafEvent(TypedDict):
    """The node is scored without being expanded."""

    seq: Count
    type: Literal["leaf"]
    node: str
    line: str
    value: Score
    kind: Literal["utility", "estimate"]
    iteration: NotRequired[IterationNumber]  # iterative deepening: the iteration (1..N) the event belongs to


class BackupEvent(TypedDict):
    """v ← MAX(v, child's value) or MIN(...) at `node`: `op` says which. At a chance node (op
    "chance") v is the weighted sum: v_after = v_before + term, term = probability × child_value.
    At a max^n node (op "maxn") the values are vectors, v_before null before the first child, and
    `mover` is the player whose component decides (the first best child is kept on ties)."""

    seq: Count
    type: Literal["backup"]
    node: str
    line: str
    op: Literal["max", "min", "chance", "maxn"]
    child: str
    child_value: Score
    v_before: Union[Extended, Vector, None]
    v_after: Score
    probability: NotRequired[Annotated[float, Schema(exclusiveMinimum=0, maximum=1)]]  # op "chance": the child's probability
    term: NotRequired[float]  # op "chance": probability × child_value
    mover: NotRequired[Mover]  # op "maxn": whose component decides
    iteration: NotRequired[IterationNumber]  # iterative deepening: the iteration (1..N) the event belongs to


class TestEvent(TypedDict):
    """The pruning test after a backup at an alpha-beta node, as written (`test`), whether it holds
    or not: a `prune` follows exactly when `holds`."""

    seq: Count
    type: Literal["test"]
    node: str
    line: str
    test: TestKind
    v: float
    alpha: Extended
    beta: Extended
    holds: bool
    rest: NotRequired[Annotated[float, Schema(minimum=0, maximum=1)]]  # a chance node's test (bounded alpha-beta): the probability not yet searched
    reach: NotRequired[float]  # v + rest × hi (the alpha test) or v + rest × lo (the beta test)
    iteration: NotRequired[IterationNumber]  # iterative deepening: the iteration (1..N) the event belongs to


class BoundEvent(TypedDict):
    """α ← MAX(α, v) or β ← MIN(β, v) ran (alpha-beta only): each time, `changed` or not."""

    seq: Count
    type: Literal["bound"]
    node: str
    line: str
    bound: Literal["alpha", "beta"]
    old: Extended
    new: float  # MAX(α, v) or MIN(β, v) with v finite: always finite
    changed: bool
    iteration: NotRequired[IterationNumber]  # iterative deepening: the iteration (1..N) the event belongs to


class PruneEvent(TypedDict):
    """The test held: `node` returns v and its remaining children are skipped (alpha-beta only).
    `players` and `moves` describe the skipped children, in the order of `pruned`."""

    seq: Count
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
    iteration: NotRequired[IterationNumber]  # iterative deepening: the iteration (1..N) the event belongs to


class ReturnEvent(TypedDict):
    """An internal node returns v to its caller ("return v", or "then return v" after a prune).
    `bound`: what it returns is not its value but a bound on it (search.traces.bounds): "upper", its
    value is at most this (a MIN node cut by α); "lower", at least this (a MAX node cut by β). Left out
    when the value is exact."""

    seq: Count
    type: Literal["return"]
    node: str
    line: str
    value: Score
    bound: NotRequired[Literal["upper", "lower"]]
    iteration: NotRequired[IterationNumber]  # iterative deepening: the iteration (1..N) the event belongs to


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

    seq: Count
    type: Literal["iteration"]
    node: str  # the root
    line: str
    depth: IterationNumber
    value: float
    move: Move
    child: str | None
    visited: Count
    leaves: Count
    prunes: Count
    pruned: Count
    children: list[IterationChild]
    next_order: list[str] | None
    iteration: IterationNumber


class IterationSummary(TypedDict):
    """An iteration in the result's `iterations`: its iteration event without children and order."""

    depth: IterationNumber
    value: float
    move: Move
    child: str | None
    visited: Count
    leaves: Count
    prunes: Count
    pruned: Count


class Direct(TypedDict):
    """Iterative deepening's result: one alpha-beta search at depth N, for comparison."""

    visited: Count
    leaves: Count
    prunes: Count


class Baseline(TypedDict):
    """What minimax does on the same input and depth limit (searched untraced)."""

    visited: Count
    leaves: Count


class Reference(TypedDict):
    """A search that can be wrong says so (search.algorithms.reference): the same search without the
    beam, without the quiescence cap, or to the end (no depth limit), untraced."""

    value: float
    move: Move
    search: Literal["without the beam", "without the quiescence cap", "to the end"]
    visited: Count
    leaves: Count


class ResultEvent(TypedDict):
    """Always last: the answer, or that the search stopped early (`complete` false, `reason`)."""

    seq: Count
    type: Literal["result"]
    node: str  # the root
    line: str
    value: Score | None
    move: Move
    child: str | None
    visited: Count
    leaves: Count
    prunes: Count
    pruned: Count
    complete: bool
    reason: NotRequired[Reason]
    baseline: NotRequired[Baseline | None]  # alpha-beta: minimax's counts; null if stopped or past the limit
    tt_hits: NotRequired[Count]  # with "tt": positions answered from the table
    tt_stored: NotRequired[Count]  # with "tt": entries written (tt_store events)
    iterations: NotRequired[list["IterationSummary"]]  # iterative: each iteration's depth, value, move and counts
    direct: NotRequired[Union["Direct", None]]  # iterative: one alpha-beta at depth N, untraced; null if stopped or past the limit
    reference: NotRequired[Reference]  # a beam, a quiescence cap or a depth limit's estimates acted: the answer without them
    iteration: NotRequired[IterationNumber]  # iterative deepening: the iteration (1..N) the event belongs to


TtFlag = Literal["exact", "lower", "upper"]


class TtHitEvent(TypedDict):
    """Right after its visit: the node's position is in the transposition table and the entry
    answers (exact, or a bound that decides the window), so the node is not searched; `source` is
    the node whose search filled the entry. The parent's backup follows."""

    seq: Count
    type: Literal["tt_hit"]
    node: str
    line: str
    value: float
    flag: TtFlag
    source: str | None
    remaining: int | None  # depth left below the node (part of the key); null without a depth limit


class TtStoreEvent(TypedDict):
    """Right after the node's value is known (its leaf or return): the value goes into the table."""

    seq: Count
    type: Literal["tt_store"]
    node: str
    line: str
    value: float
    flag: TtFlag
    remaining: int | None


class QuiescenceEvent(TypedDict):
    """At or past the depth limit, CUTOFF-TEST does not hold: the position is not quiet, so the node
    is expanded. Its children are visits past the limit (depth > options.depth)."""

    seq: Count
    type: Literal["quiescence"]
    node: str
    line: str
    reason: Literal["win", "block"]  # the side to move can win at once / must block a win
    moves: list[Move]  # the winning or blocking moves
    past_limit: Count  # the node's depth minus the depth limit


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

    seq: Count
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


# --- What the types above cannot say, in one place -------------------------------------------------
# search.traces.schema_build reads the types and this table, and writes the trace schema
# (search/schema/trace.schema.json) and the JSON text layouts of the hot events (search/traces/layouts.py);
# tests/engine/test_event_types.py fails when either file falls behind.

LINES: dict[str, tuple[str, ...]] = {
    "start": (SEARCH_CALL,),
    "visit": (MAX_LINES.head, MIN_LINES.head, SEARCH_RETURN, EMM_LINES.head, CHANCE_LINES.head, MAXN_LINES.head),
    "init": (MAX_LINES.init, MIN_LINES.init, SEARCH_RETURN, EMM_LINES.max, EMM_LINES.min, EMM_LINES.chance,
             CHANCE_LINES.init, MAXN_LINES.init),
    "leaf": (MAX_LINES.terminal, MIN_LINES.terminal, MAX_LINES.cutoff, MIN_LINES.cutoff, EMM_LINES.terminal,
             EMM_LINES.cutoff, MAXN_LINES.terminal, MAXN_LINES.cutoff),
    "backup": (MAX_LINES.update, MIN_LINES.update, SEARCH_RETURN, EMM_LINES.max, EMM_LINES.min, EMM_LINES.chance_sum,
               CHANCE_LINES.update, MAXN_LINES.update),
    "test": (MAX_LINES.test, MIN_LINES.test, CHANCE_LINES.test_alpha, CHANCE_LINES.test_beta),
    "bound": (MAX_LINES.bound, MIN_LINES.bound),
    "prune": (MAX_LINES.test, MIN_LINES.test, CHANCE_LINES.test_alpha, CHANCE_LINES.test_beta),
    "return": (MAX_LINES.ret, MIN_LINES.ret, MAX_LINES.test, MIN_LINES.test, SEARCH_RETURN, EMM_LINES.max,
               EMM_LINES.min, EMM_LINES.chance_return, CHANCE_LINES.ret, CHANCE_LINES.test_alpha, CHANCE_LINES.test_beta,
               MAXN_LINES.ret),
    "iteration": (SEARCH_ITERATION,),
    "result": (SEARCH_RETURN,),
    "tt_hit": (MAX_LINES.tt_lookup, MIN_LINES.tt_lookup),
    "tt_store": (MAX_LINES.terminal, MIN_LINES.terminal, MAX_LINES.cutoff, MIN_LINES.cutoff, MAX_LINES.test, MIN_LINES.test,
                 MAX_LINES.ret, MIN_LINES.ret, SEARCH_RETURN),  # "return TABLE-STORE(...)": the return the value left by
    "quiescence": (MAX_LINES.quiescence, MIN_LINES.quiescence),
    "beam": (BEAM_LINES["max"], BEAM_LINES["min"], SEARCH_RETURN),
}
"""The pseudocode lines (search.algorithms.pseudocode) each event type can be at."""

BOARD_SIDE: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 50}
"""A drawn board's rows or columns."""
SAID: dict[str, Any] = {"type": "string", "maxLength": 200}
"""A few words the narration says (a move, a verb, a name): text, never markup."""
CELL_KIND: dict[str, Any] = {"enum": ["x", "o", "p1", "p2", "open", "blocked", "piece"]}
"""A drawn cell's kind: the stylesheet's classes (search.games.board.KINDS)."""

SCHEMA_FACTS: dict[str, dict[str, Any]] = {
    "start": {
        "seq": {"const": 0},  # always first
        "source": {"oneOf": [
            {"type": "object", "additionalProperties": False, "required": ["kind", "tree"],
             "properties": {"kind": {"const": "tree"}, "tree": {"$ref": "tree.schema.json#/$defs/node"}}},
            {"type": "object", "additionalProperties": False, "required": ["kind", "game", "state", "estimate"],
             "properties": {"kind": {"const": "game"}, "game": {"type": "string", "pattern": "^[a-z][a-z0-9_-]{0,39}$"},
                            "state": {"type": "string"}, "estimate": {"type": "string"}}},
            # A course's own game (search.GameBase) too big to write out as a tree: the server cannot search
            # it again, so such a trace is replayed as recorded (search.traces.recorded).
            {"type": "object", "additionalProperties": False, "required": ["kind", "game", "state"],
             "properties": {"kind": {"const": "custom"}, "game": {"type": "string", "minLength": 1, "maxLength": 40},
                            "state": {"type": "string"},
                            "players": {"type": "array", "minItems": 2, "maxItems": 8, "items": {"type": "string"}}}},
        ]},
        # How the viewer draws a registered game (search.games.drawing): words and a board's shape, never markup.
        "drawing": {"type": "object", "additionalProperties": False, "required": ["name", "sides", "utility", "estimate", "board"],
                    "properties": {
                        "name": {"type": "string", "maxLength": 100}, "utility": {"type": "string", "maxLength": 1000},
                        "estimate": {"type": "string", "maxLength": 1000},
                        "sides": {"type": "object", "additionalProperties": False, "required": ["max", "min"],
                                  "properties": {"max": {"type": "string", "maxLength": 100}, "min": {"type": "string", "maxLength": 100}}},
                        "board": {"type": "object", "additionalProperties": False, "required": ["rows", "columns", "style", "kinds", "text"],
                                  "properties": {"rows": BOARD_SIDE, "columns": BOARD_SIDE,
                                                 "style": {"enum": ["cells", "discs"]}, "text": {"type": "boolean"},
                                                 "kinds": {"type": "object", "maxProperties": 64, "propertyNames": {"maxLength": 8},
                                                           "additionalProperties": CELL_KIND}}},
                        # How the narration says a move on a text board: words only, inserted as text.
                        "moves": {"type": "object", "additionalProperties": False,
                                  "required": ["lands", "root", "place", "move", "marks", "short"],
                                  "properties": {"lands": {"type": "array", "maxItems": 4096, "items": SAID},
                                                 "root": {"type": "object", "maxProperties": 4096, "additionalProperties": SAID},
                                                 "place": SAID, "move": SAID,
                                                 "marks": {"type": "object", "maxProperties": 64, "propertyNames": {"maxLength": 8},
                                                           "additionalProperties": SAID},
                                                 "short": {"type": "object", "additionalProperties": False, "required": ["max", "min"],
                                                           "properties": {"max": SAID, "min": SAID}}}}}},
        "": {  # the tie rule is there exactly for the searches that prune
            "if": {"properties": {"algorithm": {"enum": ["alphabeta", "iterative"]}}},
            "then": {"properties": {"options": {"required": ["depth", "ties"]}}},
            "else": {"properties": {"options": {"properties": {"ties": False}}}},
        },
    },
    "visit": {"": {"dependentRequired": {"alpha": ["beta"], "beta": ["alpha"], "state": ["move"], "board": ["state"]}},
              "board": {"type": "object", "additionalProperties": False, "required": ["rows", "columns", "marks", "kinds"],
                        "properties": {"rows": BOARD_SIDE, "columns": BOARD_SIDE,
                                       "marks": {"type": "array", "maxItems": 2500, "items": {"type": "string", "maxLength": 8}},
                                       "kinds": {"type": "array", "maxItems": 2500, "items": CELL_KIND}}}},
    "backup": {"": {"dependentRequired": {"probability": ["term"], "term": ["probability"]}}},
    "test": {"": {"dependentRequired": {"rest": ["reach"], "reach": ["rest"]}}},
}
"""Per event type, field by field, the JSON Schema that replaces or adds to what the field's type
says ("": keywords for the whole event)."""

RECORDS: dict[str, tuple[str, ...]] = {  # in the order the JSON-text loop tests them: the most frequent first
    "visit": ("node", "line", "parent", "depth", "player", "alpha", "beta", "state", "move"),
    "leaf": ("node", "line", "value", "kind"),
    "backup": ("node", "line", "op", "child", "child_value", "v_before", "v_after"),
    "return": ("node", "line", "value", "bound"),
    "init": ("node", "line", "v"),
    "test": ("node", "line", "test", "v", "alpha", "beta", "holds"),
    "bound": ("node", "line", "bound", "old", "new"),
}
"""The hot events' compact records (search.traces.records): the items after the record's kind, each
the field of that name, in the type's order. A visit's alpha and beta are None for minimax (the
window is left out); its state and move go to the game's describe(), which gives those fields."""

DESCRIBED: dict[str, tuple[str, ...]] = {"visit": ("state", "move")}
"""Record items handed to the game's describe(state, move) rather than written as they are."""

DERIVED: dict[str, dict[str, str]] = {"bound": {"changed": "old != new"}}
"""Fields of a hot event computed from its record's items rather than recorded."""

PLAIN_TEXT = frozenset({"line"})
"""String fields that hold only our own constants (pseudocode line ids): written without escaping."""
