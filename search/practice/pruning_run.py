"""One untraced run of the real alpha-beta on a tree, keeping only what the construction exercises
judge: the leaves it evaluates and the children its cut-offs skip.

The ordering and make-it-prune exercises (search/practice/ordering_check.py, make_it_prune.py) try many
orders or many leaf values; a full trace of each would cost a recorder's events and the minimax
baseline a traced result carries, so this keeps two lists and runs the engine's own AlphaBeta, never
a copy of it (the answer is the player's, as every other exercise's is).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from search.algorithms.alphabeta import AlphaBeta, alphabeta
from search.games.game import TreeGame
from search.result import SearchResult
from search.traces.recorder import INF, NullRecorder, Recorder
from search.trees.node import TreeNode


@dataclass(slots=True)
class PruningRun:
    """What one alpha-beta run did: the leaves in the order it evaluated them, the children its
    cut-offs skipped (the top of each skipped subtree), and the root's value."""

    leaves: list[str] = field(default_factory=list)
    pruned: list[str] = field(default_factory=list)
    value: float = 0.0


class _Kept(NullRecorder):
    """Keeps the leaves evaluated and the children skipped; every other step does nothing."""

    __slots__ = ("run", "_current")

    def __init__(self, run: PruningRun) -> None:
        self.run = run
        self._current: TreeNode | None = None

    def visit(self, line: str, state: Any, move: Any, depth: int, player: str, alpha: float | None,
              beta: float | None) -> None:
        self._current = state

    def leaf(self, line: str, value: float, kind: str) -> float:
        if self._current is not None:
            self.run.leaves.append(self._current.id)
        return value

    def prune(self, line: str, state: Any, rest: Sequence[Any], test: str, cut: str, v: float, alpha: float,
              beta: float) -> None:
        self.run.pruned.extend(child.id for child in rest)


class _Untraced(AlphaBeta):
    """AlphaBeta without the minimax baseline its result carries: only the walk matters here."""

    __slots__ = ()

    def result_extras(self, result: SearchResult, stopped: str | None) -> dict[str, Any]:
        return {}


def pruning_run(root: TreeNode, ties: str = "prune") -> PruningRun:
    """Run alpha-beta (the slides' form, from the root's window [−∞, +∞]) on `root` as it is ordered."""
    run = PruningRun()
    search = _Untraced(TreeGame(root), None, ties, _Kept(run))  # type: ignore[arg-type]
    result = search.run(lambda root_value, state: root_value(state, None, 0, -INF, INF))
    run.value = result.value
    return run


def traced_events(root: TreeNode, ties: str = "prune") -> list[dict[str, Any]]:
    """The full trace of alpha-beta on `root`: what an answer key (search/practice/answer_key.py) reads to
    say why each prune happens or does not."""
    recorder = Recorder()
    alphabeta(TreeGame(root), ties=ties, recorder=recorder)  # type: ignore[arg-type]
    return recorder.events()


__all__ = ["PruningRun", "pruning_run", "traced_events"]
