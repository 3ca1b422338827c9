"""A grading problem: what the student's search is run on and judged against.

It is a search request (search.request) reduced to what a student's own code can be asked: minimax,
alpha-beta or expectiminimax on an example, a tree or a built-in game, with a depth limit, a tie rule
and alpha-beta's returned form. The reference search is that request run by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from search.errors import InputError, quoted, shortened
from search.request import SearchRequest, parse_request

ALGORITHMS = ("minimax", "alphabeta", "expectiminimax")
ENTRIES = {algorithm: f"{algorithm}_search" for algorithm in ALGORITHMS}
"""The function a student's file defines for each algorithm (AIMA 4th ed.'s names: minimax_search, alphabeta_search)."""
FIELDS = ("example", "tree", "game", "state", "estimate", "algorithm", "depth", "ties", "returns")


@dataclass(slots=True)
class Problem:
    request: SearchRequest
    data: dict[str, Any]

    @classmethod
    def from_request(cls, data: Any) -> Problem:
        """Validate a problem as /api/search validates a request; errors name the field."""
        if not isinstance(data, dict):
            raise InputError("", "expected an object with example, tree or game, and algorithm")
        unknown = sorted(set(data) - set(FIELDS))
        if unknown:
            raise InputError(shortened(unknown[0]), f"unknown field: a problem has {', '.join(FIELDS)}")
        asked = {key: value for key, value in data.items() if value is not None}
        asked.setdefault("algorithm", "alphabeta")
        if asked["algorithm"] not in ALGORITHMS:
            raise InputError("algorithm", f"a student's search is one of {', '.join(ALGORITHMS)}, got {quoted(asked['algorithm'])}")
        return cls(parse_request(asked), asked)

    @property
    def algorithm(self) -> str:
        return self.request.algorithm

    @property
    def entry(self) -> str:
        """The function the student's file must define."""
        return ENTRIES[self.algorithm]

    @property
    def depth(self) -> int | None:
        return self.request.depth

    def to_json(self) -> dict[str, Any]:
        """The problem as a request, a tree always in its full JSON form (so a Web Worker can rebuild it as is)."""
        source = self.request.game.source()
        where: dict[str, Any] = ({"tree": source["tree"]} if source["kind"] == "tree"
                                 else {"game": source["game"], "state": source["state"], "estimate": source["estimate"]})
        options: dict[str, Any] = {"algorithm": self.algorithm, "depth": self.depth}
        if self.algorithm == "alphabeta":
            options.update(ties=self.request.ties, returns=self.request.returns)
        return {**where, **options}

    def describe(self) -> str:
        """The problem in a few words, for a report's headline: "alphabeta on the lecture's tree"."""
        name = (f"the {self.data['example']} tree" if "example" in self.data else self.data.get("game") or "the tree given")
        depth = "" if self.depth is None else f", depth {self.depth}"
        return f"{self.algorithm} on {name}{depth}"
