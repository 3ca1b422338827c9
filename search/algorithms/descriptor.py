"""What an algorithm is, as data: the fields every list of algorithms (the request's validator, the CLI's
choices, /play, the grader, practice, the misconception catalogue, the page's menus) reads from one place.

A descriptor holds no code, only names: its searches are named by import path ("module:function") and
loaded on first use (Algorithm.runner). So the registry (search.algorithms.registry) can be read by the
grader's locked-down worker, which must never have the engine's searches in its memory
(search.grading.lockdown), and by anything that only needs ids and names, without importing a search.
"""

from __future__ import annotations

import importlib
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Literal

Depth = Literal["optional", "required"]
Players = Literal["two", "n"]
Chance = Literal["no", "bounded", "yes"]
ENHANCEMENTS = ("tt", "quiescence", "beam")
RETURNS = ("v", "bound")


@dataclass(frozen=True, slots=True)
class Algorithm:
    """One algorithm: what it is called, what it takes, and where its code is."""

    id: str
    """The request's `algorithm`, the start event's, the URL's: "alphabeta"."""
    name: str
    """As a sentence names it: "alpha-beta"."""
    label: str
    """The menu's words: "iterative deepening (alpha-beta at 1..N)"."""
    summary: str
    """One line on what it does and where it is in AIMA 4th ed."""
    ties: bool
    """Whether it has a tie rule ("prune": v ≥ β as the slides; "explore": v > β); only a search that prunes has."""
    returns: tuple[str, ...]
    """The forms of what a node returns: ("v",), or ("v", "bound") for alpha-beta's fail-hard form too."""
    depth: Depth
    """Whether a depth limit is optional or required (iterative deepening searches limits 1..N)."""
    enhancements: tuple[str, ...]
    """Which of the transposition table, quiescence and the beam go with it (search.algorithms.enhanced)."""
    players: Players
    """"two": MAX and MIN; "n": vectors, one value per player (a tree whose root lists its players)."""
    chance: Chance
    """Chance nodes: "yes" (it averages them), "bounded" (with the root's value bounds), "no"."""
    orderings: bool
    """Whether the move-ordering lab's orders (given, best, worst, random) go with it."""
    single_pass: bool
    """One pass over the tree (every node once): a student can write it (the grader, practice, predict mode's
    questions and the misconception catalogue read these), unlike iterative deepening, which revisits its nodes."""
    play: bool
    """Whether /play's computer can move by it (a two-player game, any depth)."""
    run: str
    """"module:function", called as function(game, options: RunOptions, recorder): the search, traced when
    `recorder` is a Recorder and untraced when it is None."""
    run_enhanced: str | None
    """The same with the transposition table, quiescence or the beam on (None when `enhancements` is empty)."""
    listing: str
    """"module:function" of its pseudocode listing, called as function(ties, root, depth, chance, options)
    (search.algorithms.pseudocode.listing: the lines the events' `line` ids point at)."""
    baseline: str | None
    """What the result's `baseline` (what pruning saved) is measured against, run untraced: None when it has none."""
    student_entry: str | None
    """The function a student's file defines for it (AIMA 4th ed.'s names: minimax_search), None when not graded."""
    order: int = 100
    """Where the menus list it (smaller first; ties by id)."""

    def __post_init__(self) -> None:
        for name, value in (("id", self.id), ("name", self.name), ("label", self.label), ("run", self.run),
                            ("listing", self.listing)):
            if not isinstance(value, str) or not value:
                raise ValueError(f"algorithm {self.id!r}: {name} must be a non-empty string")
        for name, path in (("run", self.run), ("listing", self.listing)):
            if ":" not in path:
                raise ValueError(f"algorithm {self.id!r}: {name} must be 'module:function', got {path!r}")
        if not set(self.returns) <= set(RETURNS) or "v" not in self.returns:
            raise ValueError(f"algorithm {self.id!r}: returns must hold 'v' and be among {RETURNS}")
        if not set(self.enhancements) <= set(ENHANCEMENTS):
            raise ValueError(f"algorithm {self.id!r}: enhancements must be among {ENHANCEMENTS}")
        if bool(self.enhancements) != (self.run_enhanced is not None):
            raise ValueError(f"algorithm {self.id!r}: run_enhanced goes with enhancements, and only with them")

    def runner(self, enhanced: bool = False) -> Callable[..., Any]:
        """The search's function (the enhanced one when `enhanced`), imported on first use: the registry stays
        free of the searches' modules."""
        path = self.run_enhanced if enhanced else self.run
        if path is None:
            raise ValueError(f"{self.name} takes no enhancements")
        module, function = path.split(":")
        return getattr(importlib.import_module(module), function)

    def listing_function(self) -> Callable[..., Any]:
        """Its pseudocode listing's function, imported on first use."""
        module, function = self.listing.split(":")
        return getattr(importlib.import_module(module), function)

    def catalogue_json(self) -> dict[str, Any]:
        """What /api/catalogue says of it (strict JSON): everything but where its code is."""
        data = asdict(self)
        for private in ("run", "run_enhanced", "listing", "baseline", "order"):
            data.pop(private)
        data["returns"], data["enhancements"] = list(self.returns), list(self.enhancements)
        return data


@dataclass(frozen=True, slots=True)
class RunOptions:
    """What a search is run with, beyond its game and recorder (SearchRequest.run builds it)."""

    depth: int | None = None
    ties: str = "prune"
    returns: str = "v"
    more_options: dict[str, Any] = field(default_factory=dict)
    """What the start event's options add (the move ordering the game is seen in)."""
    enhancements: Any = None
    """search.algorithms.enhanced.Enhancements, for run_enhanced."""
