"""The algorithms, registered once: every list of them (the request's validator, the CLI, /play, the grader,
practice, the misconception catalogue, /api/catalogue and through it the page's menus) is read from here.

Each descriptor is written beside its algorithm (search.algorithms.descriptors.<id>, data only: the
search is named by import path and loaded on first use), so reading this module loads no search: the
grader's locked-down worker reads ids and entry names from it (search.grading.worker_problem).

Adding an algorithm: write its search (search/algorithms/<id>.py, with a `run(game, options, recorder)`),
its descriptor (search/algorithms/descriptors/<id>.py, found there: no list is edited) and its pseudocode listing
(search.algorithms.pseudocode) (docs/architecture.md, "Adding an algorithm").

The descriptors are data, not the search classes registering themselves on import: a decorator on the class would
mean importing every search to read the list, which the grader's worker must never do.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, Iterable, Mapping

import search.algorithms.descriptors as descriptors
from search.algorithms.descriptor import Algorithm


def registry_of(descriptors: Iterable[Algorithm]) -> Mapping[str, Algorithm]:
    """{id: descriptor} in the order given (the menus' order); a second descriptor with an id already taken is refused."""
    found: dict[str, Algorithm] = {}
    for descriptor in descriptors:
        if not isinstance(descriptor, Algorithm):
            raise TypeError(f"expected an Algorithm descriptor, got {type(descriptor).__name__}")
        if descriptor.id in found:
            raise ValueError(f"algorithm id {descriptor.id!r} is registered twice")
        found[descriptor.id] = descriptor
    return found


def found_descriptors() -> tuple[Algorithm, ...]:
    """The DESCRIPTOR of every module in search/algorithms/descriptors/, in the menus' order (`order`, then id):
    a new algorithm's descriptor file is found, no list is edited."""
    found = []
    for module in pkgutil.iter_modules(descriptors.__path__):
        descriptor = getattr(importlib.import_module(f"{descriptors.__name__}.{module.name}"), "DESCRIPTOR", None)
        if descriptor is None:
            raise ValueError(f"search/algorithms/descriptors/{module.name}.py defines no DESCRIPTOR")
        found.append(descriptor)
    return tuple(sorted(found, key=lambda a: (a.order, a.id)))


DESCRIPTORS: tuple[Algorithm, ...] = found_descriptors()
"""Every algorithm's descriptor, in the menus' order."""
REGISTRY: Mapping[str, Algorithm] = registry_of(DESCRIPTORS)

ALGORITHMS: tuple[str, ...] = tuple(REGISTRY)
"""Every algorithm a request can name."""
PRUNING: tuple[str, ...] = tuple(a.id for a in REGISTRY.values() if a.ties)
"""The algorithms with a tie rule (the others never prune)."""
ENHANCEABLE: tuple[str, ...] = tuple(a.id for a in REGISTRY.values() if a.enhancements)
"""The algorithms the transposition table, quiescence and the beam go with (search.algorithms.enhanced)."""
SINGLE_PASS: tuple[str, ...] = tuple(a.id for a in REGISTRY.values() if a.single_pass)
"""The searches a student writes (grader, practice, predict mode, misconceptions): every node once."""
PLAYABLE: tuple[str, ...] = tuple(a.id for a in REGISTRY.values() if a.play)
"""The algorithms /play's computer can move by."""
NAMES: dict[str, str] = {a.id: a.name for a in REGISTRY.values()}
"""Each algorithm as a sentence names it ("alpha-beta", "max^n")."""


def algorithm(id: str) -> Algorithm:
    """The descriptor of `id` (KeyError when none: callers validate ids against ALGORITHMS first)."""
    return REGISTRY[id]


def averages_chance(id: object) -> bool:
    """Whether the algorithm `id` averages chance nodes (expectiminimax): a course's game then needs its
    probabilities, an answer its sums compared as floats. False for an id the registry does not hold."""
    found = REGISTRY.get(id) if isinstance(id, str) else None
    return found is not None and found.chance == "yes"


def algorithm_catalogue() -> list[dict[str, Any]]:
    """Every algorithm as /api/catalogue lists it, in menu order (strict JSON)."""
    return [descriptor.catalogue_json() for descriptor in REGISTRY.values()]
