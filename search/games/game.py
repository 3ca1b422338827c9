"""The interface every searchable thing speaks (aima-python's Game), and explicit trees behind it.

A search only ever calls these methods, so the same minimax and alpha-beta code runs on a tree an
instructor typed, on tic-tac-toe and on Isolation.
"""

from __future__ import annotations

from typing import Any, Generic, Hashable, Literal, NamedTuple, Protocol, Sequence, TypeVar

from search.trees.node import Player, TreeNode

State = TypeVar("State")


class Noise(NamedTuple):
    """What makes a position not quiet: the side to move can win at once (`win`), or must stop the
    other side's immediate win (`block`); `moves` are the moves that do it (as move_json gives them)."""

    reason: Literal["win", "block"]
    moves: list[Any]


Action = TypeVar("Action")


class Game(Protocol, Generic[State, Action]):
    """A two-player zero-sum game; values are always from MAX's point of view."""

    initial: State
    root_id: str

    def to_move(self, state: State) -> Player: ...
    def actions(self, state: State) -> Sequence[Action]: ...
    def result(self, state: State, action: Action) -> State: ...
    def is_terminal(self, state: State) -> bool: ...
    def utility(self, state: State) -> float: ...
    def evaluate(self, state: State) -> float: ...

    def child_id(self, parent_id: str, action: Action, child: State) -> str:
        """A unique id for the child: trees use the node's id, games the move path."""
        ...

    def move_json(self, action: Action) -> Any:
        """The move as it appears in events and results."""
        ...

    def describe(self, state: State, move: Action | None) -> dict[str, Any]:
        """Extra fields for a node's visit event: a game's position (`state`) and the move that led
        to it (`move`, as move_json gives it; None at the root); nothing for an explicit tree."""
        ...

    def describe_json(self, state: State, move: Action | None) -> str:
        """describe()'s fields as JSON object members to splice into a visit line
        (',"state":"X........","move":4'), or "": written per game because traces run to millions
        of lines (search.traces.records). Optional: a game without it has describe()'s dict encoded.
        tests/engine/test_event_records.py checks it against describe()."""
        ...

    def source(self) -> dict[str, Any]:
        """What the start event records so the trace replays on its own."""
        ...

    # Optional, for chance nodes (expectiminimax) and several players (max^n): TreeGame and a course's game have them.
    def probability(self, state: State, outcome: Action) -> float:
        """P(r) of an outcome of a chance node."""
        ...

    # Optional, for the enhanced searches (search.algorithms.enhanced); a game without them refuses the option.
    def position_key(self, state: State) -> Hashable:
        """The position itself, for the transposition table: two move orders that reach the same
        position (and the same player to move) give the same key. Optional (--tt)."""
        ...

    def noise(self, state: State) -> Noise | None:
        """Why the position is not quiet (a quiescence search looks past the depth limit there), or
        None when it is quiet. Optional (--quiescence)."""
        ...


class TreeGame:
    """An explicit tree as a Game: a state is a TreeNode, an action is the child itself."""

    def __init__(self, root: TreeNode) -> None:
        self.initial = root
        self.root_id = root.id

    def to_move(self, state: TreeNode) -> Player:
        return state.player

    def actions(self, state: TreeNode) -> Sequence[TreeNode]:
        return state.children

    def result(self, state: TreeNode, action: TreeNode) -> TreeNode:
        return action

    def is_terminal(self, state: TreeNode) -> bool:
        return not state.children

    def utility(self, state: TreeNode) -> float:
        assert state.value is not None, "the validator guarantees leaf values"
        return state.value

    def evaluate(self, state: TreeNode) -> float:
        assert state.eval is not None, "check_estimates guarantees estimates at the depth limit"
        return state.eval

    def probability(self, state: TreeNode, outcome: TreeNode) -> float:
        """P(r) of a chance node's child (expectiminimax): as the tree gives it, or uniform."""
        return state.outcome_probability(outcome)

    @property
    def players(self) -> list[str] | None:
        """The names of a several-player tree (max^n), from its root."""
        return self.initial.players

    def child_id(self, parent_id: str, action: TreeNode, child: TreeNode) -> str:
        return child.id

    def move_json(self, action: TreeNode) -> Any:
        return action.id

    def describe(self, state: TreeNode, move: TreeNode | None) -> dict[str, Any]:
        return {}

    def describe_json(self, state: TreeNode, move: TreeNode | None) -> str:
        return ""

    def source(self) -> dict[str, Any]:
        return {"kind": "tree", "tree": self.initial.to_json()}


def path_id(parent_id: str, move: str) -> str:
    """Game node ids are the move path from the root: ``root``, ``root.4``, ``root.4.0``."""
    return f"{parent_id}.{move}"


def children_named(
    game: Game[Any, Action], node_id: str, state: Any, actions: Sequence[Action],
) -> list[tuple[str, Player, Any]]:
    """(id, player to move, move as JSON) of each child `actions` lead to from `state`: what a
    prune event says of the children it skips (the recorder, and the upgrade of older traces). A game
    may name them itself without making each child (Connect Four's `named_children`: a prune skips
    thousands of children in a deep search)."""
    named = getattr(game, "named_children", None)
    if named is not None:
        return named(node_id, state, actions)  # type: ignore[no-any-return]
    out = []
    for action in actions:
        child = game.result(state, action)
        out.append((game.child_id(node_id, action, child), game.to_move(child), game.move_json(action)))
    return out
