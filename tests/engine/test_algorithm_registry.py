"""The algorithm registry (search.algorithms.registry): every algorithm once, each descriptor complete, the lists
the rest of the engine reads derived from it, and the registry readable where no search may be loaded."""

from __future__ import annotations

import ast
import dataclasses
import json
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from search.algorithms.descriptor import Algorithm, RunOptions
from search.algorithms.pseudocode import ListingOptions
from search.algorithms.registry import ALGORITHMS, ENHANCEABLE, PRUNING, REGISTRY, algorithm_catalogue, registry_of
from search.games.game import TreeGame
from search.traces.events import StartEvent
from search.traces.recorder import Recorder
from search.trees.node import EXAMPLES
from search.trees.parse import tree_from_json

ROOT = Path(__file__).resolve().parents[2]
DESCRIPTORS = ROOT / "search" / "algorithms" / "descriptors"


def test_every_algorithm_is_listed_once_in_menu_order() -> None:
    assert ALGORITHMS == ("minimax", "alphabeta", "expectiminimax", "maxn", "iterative")
    assert len(set(ALGORITHMS)) == len(ALGORITHMS)
    assert sorted(path.stem for path in DESCRIPTORS.glob("*.py") if path.stem != "__init__") == sorted(ALGORITHMS)
    assert PRUNING == ("alphabeta", "iterative") and ENHANCEABLE == ("minimax", "alphabeta")


def test_a_second_descriptor_with_a_taken_id_is_refused() -> None:
    with pytest.raises(ValueError, match="'minimax' is registered twice"):
        registry_of([REGISTRY["minimax"], dataclasses.replace(REGISTRY["minimax"], name="another")])


@pytest.mark.parametrize("change, message", [
    ({"run": "no_colon"}, "module:function"),
    ({"name": ""}, "name must be a non-empty string"),
    ({"returns": ("bound",)}, "returns must hold 'v'"),
    ({"enhancements": ("tt",), "run_enhanced": None}, "run_enhanced goes with enhancements"),
])
def test_an_incomplete_descriptor_is_refused(change: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        dataclasses.replace(REGISTRY["alphabeta"], **change)


@pytest.mark.parametrize("algorithm", list(REGISTRY.values()), ids=list(REGISTRY))
def test_each_descriptor_is_complete_and_its_code_is_where_it_says(algorithm: Algorithm) -> None:
    assert algorithm.name and algorithm.label and algorithm.summary.endswith(")")
    assert callable(algorithm.runner())
    assert algorithm.listing_function()("prune", "max", False, False, ListingOptions())[0]["text"].startswith("function")
    if algorithm.enhancements:
        assert callable(algorithm.runner(enhanced=True))
    if algorithm.baseline is not None:
        module, function = algorithm.baseline.split(":")
        assert callable(getattr(__import__(module, fromlist=[function]), function))
    json.dumps(algorithm.catalogue_json(), allow_nan=False)


def test_the_start_events_algorithm_literal_is_the_registrys() -> None:
    """events.py keeps a typing Literal for the type checker and the schema: it must name the registry's ids."""
    literal = typing.get_type_hints(StartEvent)["algorithm"]
    assert set(typing.get_args(literal)) == set(ALGORITHMS)


def test_the_catalogue_is_strict_json_without_where_the_code_is() -> None:
    listed = algorithm_catalogue()
    assert [a["id"] for a in listed] == list(ALGORITHMS)
    assert all(not {"run", "run_enhanced", "listing", "baseline"} & set(a) for a in listed)
    json.dumps(listed, allow_nan=False)


@pytest.mark.parametrize("algorithm, example", [("minimax", "lecture"), ("alphabeta", "lecture"), ("expectiminimax", "chance"),
                                                ("maxn", "three-players"), ("iterative", "lecture-estimates")])
def test_the_registrys_dispatch_gives_the_search_the_algorithm_module_gives(algorithm: str, example: str) -> None:
    """SearchRequest.run goes through the registry: the same events as calling the algorithm's own function."""
    from search.request import parse_request

    depth = 2 if algorithm == "iterative" else None
    via_request, direct = Recorder(), Recorder()
    parse_request({"example": example, "algorithm": algorithm, "depth": depth}).run(via_request)
    REGISTRY[algorithm].runner()(TreeGame(tree_from_json(EXAMPLES[example])), RunOptions(depth=depth), direct)
    assert via_request.events() == direct.events()
    assert via_request.events()[0]["algorithm"] == algorithm


def test_the_descriptors_are_data_only() -> None:
    """A descriptor module imports the descriptor's class and nothing else of the project: the grader's worker reads them."""
    for path in [*DESCRIPTORS.glob("*.py"), ROOT / "search/algorithms/registry.py", ROOT / "search/algorithms/descriptor.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("search"):
                assert node.module in ("search.algorithms.descriptor", "search.algorithms.descriptors"), (path, node.module)
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("search") or alias.name == "search.algorithms.descriptors", (path, alias.name)


def test_reading_the_registry_loads_no_search() -> None:
    """In a fresh process: the registry, its descriptors and the worker's entry names load none of the engine's searches."""
    code = ("import sys; import search.grading.worker_problem as w; from search.algorithms.registry import REGISTRY; "
            "print(w.loaded_engine_searches(sys.modules), sorted(m for m in sys.modules if m.startswith('search.algorithms.')"
            " and not w.data_only(m)), w.ENTRIES['maxn'])")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["[]", "[]", "maxn_search"]


def test_the_pages_test_fixture_is_the_catalogue() -> None:
    """tests/js/catalogue.fixture.json (what the JS tests read as /api/catalogue's answer) is the registry's, so the
    page's modules are tested against the algorithms the engine has."""
    from search.games.registry import game_catalogue

    fixture = json.loads((ROOT / "tests/js/catalogue.fixture.json").read_text(encoding="utf-8"))
    assert fixture == {"algorithms": algorithm_catalogue(), "games": game_catalogue()}, (
        "regenerate it: python -c \"import json; from search.algorithms.registry import algorithm_catalogue; ...\"")
