"""The catalogue of misconceptions: each classic wrong idea about the lecture's searches, named once,
in the slides' words, and runnable as a search with that one change (mistaken_alphabeta.py,
mistaken_others.py), so practice, predict mode and the classroom can say which idea an answer follows
(search/practice/diagnosis.py, questions.py).

The order is the order of preference when two slips give the same answers on a tree (the diagnosis names
the others as giving the same answers): the plainest reading first, so an answer that prunes nothing is
"no pruning" before it is "the window not passed down", which prunes nothing either.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from search.algorithms.alphabeta import AlphaBeta
from search.algorithms.registry import SINGLE_PASS
from search.games.game import Game
from search.misconceptions.mistaken_alphabeta import MistakenAlphaBeta, Slip
from search.misconceptions.mistaken_others import MistakenExpectiminimax, RootComponentMaxN, SwappedMinimax
from search.result import SearchResult
from search.traces.recorder import INF, SearchRecorder


@dataclass(frozen=True, slots=True)
class Setting:
    """What an exercise or a search asks for: the right search a slip is measured against."""

    algorithm: str  # "alphabeta", "minimax", "expectiminimax" or "maxn"
    ties: str = "prune"
    returns: str = "v"


SETTINGS = tuple(Setting(algorithm, ties, returns) for algorithm in SINGLE_PASS
                 for ties in ("prune", "explore") for returns in ("v", "bound"))
"""Every setting a search request can ask for (ties and returns matter to alpha-beta only)."""

Runner = Callable[[Game[Any, Any], Setting, "int | None", "SearchRecorder | None"], Any]


@dataclass(frozen=True, slots=True)
class Misconception:
    id: str
    name: str  # "the window not passed down": how feedback and the results page name it
    follows: str  # "alpha-beta with the window not passed down": what "Your answers follow ..." says
    idea: str  # the slip in the slides' words
    applies: Callable[[Setting], bool]
    search: Runner  # the mistaken search, constructed (call .run via run())
    changes: dict[str, str] = field(default_factory=dict)  # a setting it searches with instead: {"ties": "explore"}

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "follows": self.follows, "idea": self.idea}

    def catalogue_json(self) -> dict[str, Any]:
        """The entry as `python -m search misconceptions` and GET /api/misconceptions list it: with the searches it is a slip of."""
        slip_of = list(dict.fromkeys(setting.algorithm for setting in SETTINGS if self.applies(setting)))
        return {**self.to_json(), "algorithms": slip_of, **({"searches_with": self.changes} if self.changes else {})}

    def setting(self, asked: Setting) -> Setting:
        """The setting the mistaken search runs with: the strict test is ties "explore", fail-hard returns "bound"."""
        return replace(asked, **self.changes)

    def fits(self, setting: Setting) -> bool:
        """A slip of this setting, or the setting its search runs with (a saved trace's start event says the latter)."""
        return self.applies(setting) or any(self.applies(asked) and self.setting(asked) == setting for asked in SETTINGS)


def _alphabeta(id: str, slip: Slip) -> Runner:
    """Alpha-beta with `slip` (the setting's tie rule and form, as Misconception.setting makes them)."""
    def make(game: Game[Any, Any], setting: Setting, depth: int | None, recorder: SearchRecorder | None) -> Any:
        return MistakenAlphaBeta(game, depth, setting.ties, recorder, setting.returns, slip, id)  # type: ignore[arg-type]
    return make


def _swapped(game: Game[Any, Any], setting: Setting, depth: int | None, recorder: SearchRecorder | None) -> Any:
    if setting.algorithm == "alphabeta":
        return MistakenAlphaBeta(game, depth, setting.ties, recorder, setting.returns, Slip(swapped=True),  # type: ignore[arg-type]
                                 "max-min-swapped")
    if setting.algorithm == "expectiminimax":
        return MistakenExpectiminimax(game, depth, recorder, "max-min-swapped")
    return SwappedMinimax(game, depth, recorder, "max-min-swapped")


def _chance(misconception: str) -> Runner:
    return lambda game, setting, depth, recorder: MistakenExpectiminimax(game, depth, recorder, misconception)


def _maxn(game: Game[Any, Any], setting: Setting, depth: int | None, recorder: SearchRecorder | None) -> Any:
    return RootComponentMaxN(game, depth, recorder, "maxn-root-component")  # type: ignore[arg-type]


def _is(algorithm: str, **settings: str) -> Callable[[Setting], bool]:
    return lambda s: s.algorithm == algorithm and all(getattr(s, name) == value for name, value in settings.items())


CATALOGUE: dict[str, Misconception] = {m.id: m for m in (
    Misconception("no-pruning", "no pruning", "alpha-beta that never prunes (plain minimax, where alpha-beta is asked)",
           "alpha-beta stops looking at a node's children once v ≥ β (MAX) or v ≤ α (MIN): those children "
           "cannot change the value at the root, so they are pruned",
           _is("alphabeta"), _alphabeta("no-pruning", Slip(no_test=True))),
    Misconception("window-not-passed", "the window not passed down", "alpha-beta with the window not passed down",
           "each child must be called with the node's own α and β, MIN-VALUE(RESULT(s, a), α, β); "
           "called with (−∞, +∞), a child can never be cut by what its ancestors already found",
           _is("alphabeta"), _alphabeta("window-not-passed", Slip(window_not_passed=True))),
    Misconception("strict-test", "the strict test", "alpha-beta that prunes only on v > β and v < α",
           "the slides prune on ties: MAX-VALUE returns as soon as v ≥ β, MIN-VALUE as soon as v ≤ α, "
           "because an equal value can no longer change the choice above",
           _is("alphabeta", ties="prune"), _alphabeta("strict-test", Slip()), {"ties": "explore"}),
    Misconception("alpha-not-updated", "α not updated", "alpha-beta without α ← MAX(α, v)",
           "after each child MAX-VALUE raises its α, α ← MAX(α, v): α is the best MAX has found so far on the path, "
           "and the later children need it to be cut",
           _is("alphabeta"), _alphabeta("alpha-not-updated", Slip(alpha_not_updated=True))),
    Misconception("beta-not-updated", "β not updated", "alpha-beta without β ← MIN(β, v)",
           "after each child MIN-VALUE lowers its β, β ← MIN(β, v): β is the best MIN has found so far on the path, "
           "and the later children need it to be cut",
           _is("alphabeta"), _alphabeta("beta-not-updated", Slip(beta_not_updated=True))),
    Misconception("fail-hard", "the fail-hard form", "the fail-hard form of alpha-beta (the slides' figure)",
           "the form asked for is the slides' pseudocode, which returns v; the fail-hard form returns the bound "
           "it was cut against (β at a MAX node, α at a MIN node) and the window's edge at its end",
           _is("alphabeta", returns="v"), _alphabeta("fail-hard", Slip()), {"returns": "bound"}),
    Misconception("fail-soft", "v returned instead of the bound", "alpha-beta in the pseudocode's form (returning v)",
           "the form asked for is fail-hard (the slides' figure): a node cut against β returns β, "
           "one cut against α returns α, and a node that is not cut returns the edge of its window",
           _is("alphabeta", returns="bound"), _alphabeta("fail-soft", Slip()), {"returns": "v"}),
    Misconception("max-min-swapped", "MAX and MIN swapped", "the search with MAX and MIN swapped",
           "MAX nodes take the largest of their children's values and MIN nodes the smallest; the root is the "
           "player to move (MAX in the lecture's example)",
           lambda s: s.algorithm in ("alphabeta", "minimax", "expectiminimax"), _swapped),
    Misconception("tests-wrong-bound", "the test against the wrong bound", "alpha-beta testing v against the wrong bound",
           "MAX-VALUE prunes when v ≥ β, β being the best MIN can already force above it; MIN-VALUE when v ≤ α. "
           "MAX comparing v with its own α (or MIN with β) cuts children that still matter",
           _is("alphabeta"), _alphabeta("tests-wrong-bound", Slip(wrong_bound=True))),
    Misconception("chance-as-min", "chance nodes taken as MIN", "expectiminimax with chance nodes taken as MIN",
           "a chance node's value is the expected value of its outcomes, Σ P(r) × EXPECTIMINIMAX(RESULT(s, r)), "
           "not the worst of them: chance is not an opponent",
           _is("expectiminimax"), _chance("chance-as-min")),
    Misconception("unweighted-average", "outcomes averaged without their probabilities",
           "expectiminimax with the outcomes averaged without their probabilities",
           "each outcome's value is weighted by its probability, Σ P(r) × EXPECTIMINIMAX(RESULT(s, r)); "
           "a plain average treats a rare outcome like a likely one",
           _is("expectiminimax"), _chance("unweighted-average")),
    Misconception("maxn-root-component", "every player maximising the root player's share",
           "max^n with every node maximising the root player's component",
           "in max^n each player picks the child whose vector is best in its own component, v[p] with p = TO-MOVE(s); "
           "the other players do not play for the root player",
           _is("maxn"), _maxn),
)}


def applicable(setting: Setting) -> list[Misconception]:
    """The misconceptions an answer to a search of `setting` can follow, in the catalogue's order."""
    return [m for m in CATALOGUE.values() if m.applies(setting)]


def run(misconception: str | Misconception, game: Game[Any, Any], setting: Setting, *, depth: int | None = None,
        recorder: SearchRecorder | None = None) -> SearchResult:
    """The mistaken search on `game`, traced by `recorder` like any search."""
    entry = CATALOGUE[misconception] if isinstance(misconception, str) else misconception
    search = entry.search(game, entry.setting(setting), depth, recorder)
    return search.run(lambda root_value, state: root_value(state, None, 0, *_root_window(search)))


def _root_window(search: Any) -> tuple[float, ...]:
    """MAX-VALUE(state, −∞, +∞) for alpha-beta; the other searches take no window."""
    return (-INF, INF) if isinstance(search, AlphaBeta) else ()
