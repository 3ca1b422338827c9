"""A grading problem: what the student's search is run on and judged against.

It is a search request (search.request) reduced to what a student's own code can be asked: minimax,
alpha-beta, expectiminimax or max^n on an example, a tree, a built-in game (tic-tac-toe, Isolation,
Connect Four with a depth limit) or a course's own GameBase game (`course_game`, search.grading.course_problem),
with a depth limit, a tie rule and alpha-beta's returned form. The reference search is that request run by
the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from search.algorithms.registry import averages_chance
from search.errors import InputError, quoted, shortened
from search.games.registry import game_ids
from search.grading.course_problem import course_game
from search.grading.worker_problem import ALGORITHMS, ENTRIES
from search.request import SearchRequest, parse_request

FIELDS = ("example", "tree", "game", "state", "estimate", "course_game", "algorithm", "depth", "ties", "returns")
OPTIONS = ("algorithm", "depth", "ties", "returns")


@dataclass(slots=True)
class Problem:
    request: SearchRequest
    data: dict[str, Any]

    @classmethod
    def from_request(cls, data: Any) -> Problem:
        """Validate a problem as /api/search validates a request; errors name the field."""
        if not isinstance(data, dict):
            raise InputError("", "expected an object with example, tree, game or course_game, and algorithm")
        unknown = sorted(set(data) - set(FIELDS))
        if unknown:
            raise InputError(shortened(unknown[0]), f"unknown field: a problem has {', '.join(FIELDS)}")
        asked = {key: value for key, value in data.items() if value is not None}
        asked.setdefault("algorithm", "alphabeta")
        if asked["algorithm"] not in ALGORITHMS:
            raise InputError("algorithm", f"a student's search is one of {', '.join(ALGORITHMS)}, got {quoted(asked['algorithm'])}")
        if "game" in asked and asked["game"] not in game_ids():  # one needing a depth limit: search.request refuses it without
            raise InputError("game", f"expected one of {', '.join(game_ids())}, got {quoted(asked['game'])}")
        if "course_game" not in asked:
            return cls(parse_request(asked), asked)
        others = sorted(set(asked) - {"course_game", *OPTIONS})
        if others:
            raise InputError(others[0], "give a course's game alone (its position goes in course_game.state)")
        game = course_game(asked["course_game"], chance=averages_chance(asked["algorithm"]))
        if asked.get("depth") is not None:
            game.require_evaluate()
        options = {key: value for key, value in asked.items() if key != "course_game"}
        return cls(parse_request(options, game=game), asked)

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

    @property
    def game(self) -> Any:
        """The game the student's search is handed (search.grading.record)."""
        return self.request.game

    def to_json(self) -> dict[str, Any]:
        """The problem as a request, a tree always in its full JSON form and a course's game with its source text
        (so a child process or a Web Worker can rebuild it as is)."""
        source = self.request.game.source()
        where: dict[str, Any]
        if "course_game" in self.data:
            where = {"course_game": self.data["course_game"]}
        elif source["kind"] == "tree":
            where = {"tree": source["tree"]}
        else:
            where = {"game": source["game"], "state": source["state"], "estimate": source["estimate"]}
        options: dict[str, Any] = {"algorithm": self.algorithm, "depth": self.depth}
        if self.algorithm == "alphabeta":
            options.update(ties=self.request.ties, returns=self.request.returns)
        return {**where, **options}

    def describe(self) -> str:
        """The problem in a few words, for a report's headline: "alphabeta on the lecture's tree"."""
        if "course_game" in self.data:
            game = self.data["course_game"]
            name = f"{game['class']} ({game.get('file', 'game.py')})"
        else:
            name = (f"the {self.data['example']} tree" if "example" in self.data else self.data.get("game") or "the tree given")
        depth = "" if self.depth is None else f", depth {self.depth}"
        return f"{self.algorithm} on {name}{depth}"
