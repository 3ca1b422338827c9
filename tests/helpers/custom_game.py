"""A game the server does not know, and its trace: what a course's own game (issue #27) records.

Nim (AIMA 4th ed. exercise 5.NIMX; UC Berkeley CS188's games lecture): heaps of sticks, a move takes
one or more sticks from one heap, whoever takes the last stick wins. Written against the engine's
Game protocol (search/games/game.py), so its trace has a `"custom"` source as search.trace writes
for a game too big to write out as a tree (docs/trace-format.md): the server cannot search it again.
`describe_state` lets a test give a position any text, a hostile one included. CourseNim is the same
game as a course writes it (search.GameBase, docs/library.md), traced by search.trace.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import search
from search import Recorder
from search.algorithms.alphabeta import alphabeta
from search.games.game import path_id
from search.traces.check import canonical_text

Heaps = tuple[int, ...]
State = tuple[Heaps, str]
"""The heaps, and who is to move: "max" or "min"."""


def heaps_text(state: State) -> str:
    return " ".join(str(n) for n in state[0])


class Nim:
    """Nim as the engine's Game: moves are "heap-count" ("2-1": one stick from heap 2)."""

    def __init__(self, heaps: Heaps = (1, 2), players: Sequence[str] = ("P1", "P2"),
                 describe_state: Callable[[State], str] = heaps_text, name: str = "nim") -> None:
        self.initial: State = (tuple(heaps), "max")
        self.root_id = "root"
        self.players = list(players)
        self.describe_state = describe_state
        self.name = name

    def to_move(self, state: State) -> str:
        return state[1]

    def actions(self, state: State) -> list[str]:
        return [f"{h + 1}-{k}" for h, n in enumerate(state[0]) for k in range(1, n + 1)]

    def result(self, state: State, action: str) -> State:
        heap, count = (int(part) for part in action.split("-"))
        heaps = list(state[0])
        heaps[heap - 1] -= count
        return tuple(heaps), "min" if state[1] == "max" else "max"

    def is_terminal(self, state: State) -> bool:
        return not any(state[0])

    def utility(self, state: State) -> float:
        return -1 if state[1] == "max" else 1  # the player to move has no stick left to take: it lost

    def evaluate(self, state: State) -> float:
        return 0

    def child_id(self, parent_id: str, action: str, child: State) -> str:
        return path_id(parent_id, action)

    def move_json(self, action: str) -> Any:
        return action

    def describe(self, state: State, move: str | None) -> dict[str, Any]:
        return {"state": self.describe_state(state), "move": move}

    def describe_json(self, state: State, move: str | None) -> str:
        return ""

    def source(self) -> dict[str, Any]:
        return {"kind": "custom", "game": self.name, "state": self.describe_state(self.initial), "players": self.players}


def custom_trace(game: Nim | None = None, depth: int | None = None) -> str:
    """The alpha-beta trace of `game` (Nim with heaps 1 and 2 by default) as JSON Lines."""
    recorder = Recorder()
    alphabeta(game or Nim(), depth=depth, recorder=recorder)
    return canonical_text(recorder.events())


class CourseNim(search.GameBase):
    """Nim as a course writes it: the textbook's methods only; a state is (heaps, the player to move)."""

    name = "nim"

    def __init__(self, heaps: Heaps = (2, 2)) -> None:
        self.initial = (tuple(heaps), "P1")

    def to_move(self, state: tuple[Heaps, str]) -> str:
        return state[1]

    def actions(self, state: tuple[Heaps, str]) -> list[str]:
        return [f"{h + 1}-{k}" for h, n in enumerate(state[0]) for k in range(1, n + 1)]

    def result(self, state: tuple[Heaps, str], action: str) -> tuple[Heaps, str]:
        heap, count = (int(part) for part in action.split("-"))
        heaps = list(state[0])
        heaps[heap - 1] -= count
        return tuple(heaps), "P2" if state[1] == "P1" else "P1"

    def is_terminal(self, state: tuple[Heaps, str]) -> bool:
        return not any(state[0])

    def utility(self, state: tuple[Heaps, str], player: str) -> float:
        return -1 if state[1] == player else 1  # the player to move took no last stick: it lost

    def describe(self, state: tuple[Heaps, str]) -> str:
        return " ".join(str(n) for n in state[0])


def course_trace(heaps: Heaps = (2, 2)) -> str:
    """search.trace of CourseNim with a transposition table, which searches the game itself (a custom trace)."""
    return search.trace(CourseNim(heaps), tt=True).jsonl()
