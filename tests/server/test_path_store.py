"""Practice path storage on both back ends (the `database` fixture: an SQLite file and a real PostgreSQL database): a
path reads back as made; a step's position is taken once however many requests race for it; steps read back per
student in order; a student's first check of each step's tree is theirs alone (another's check of the same tree, a
later retry, are not it)."""

from __future__ import annotations

import pytest

from server.practice.path_store import PathStep, add_step, first_checks, load_path, make_path, steps_of, who_text
from server.storage import Store
from tests.server.test_storage import race


def step(who: str, position: int, exercise_id: str, target: str | None = None) -> PathStep:
    return PathStep(who, position, exercise_id, target, 0, None, "learner-token")


@pytest.mark.both_backends
def test_a_path_its_steps_and_each_students_first_checks(database: str) -> None:
    store = Store(database)
    path = make_path(store, "Week 5 ✓", "alphabeta", "cd" * 32)
    assert tuple(load_path(store, path) or ()) == (path, "Week 5 ✓", "alphabeta", "cd" * 32)
    assert load_path(store, "missing") is None
    trees = [store.save_exercise("{}", "0" * 64) for _ in range(3)]
    ada, bob = who_text(("student", "ada")), who_text(("learner", "bobtoken99"))
    taken = race(lambda: add_step(store, path, step(ada, 1, trees[0])))
    assert taken.count(True) == 1 and taken.count(False) == len(taken) - 1  # one tree at position 1, whoever asked first
    assert add_step(store, path, step(ada, 2, trees[1], "strict-test"))
    assert add_step(store, path, step(bob, 1, trees[2]))
    assert [(s.who, s.position, s.exercise_id, s.target) for s in steps_of(store, path, ada)] == \
        [(ada, 1, trees[0], None), (ada, 2, trees[1], "strict-test")]
    assert len(steps_of(store, path)) == 3 and all(s.created_at for s in steps_of(store, path))
    store.add_attempt(trees[0], 0.5, [], [{"id": "strict-test", "name": "the strict test", "marks": 1, "nodes": ["C"]}], "Ada")
    store.add_attempt(trees[0], 1.0, [], [], " ADA ")  # a retry, the name typed otherwise: not the first
    store.add_attempt(trees[1], 1.0, [], [], "Bob", help={"hints": 1, "solution": False})  # someone else's check of Ada's tree
    store.add_attempt(trees[1], 1.0, [], [], "Ada", help={"hints": 1, "solution": False})
    checks = first_checks(store, steps_of(store, path))
    assert checks[(trees[0], ada)].score == 0.5 and checks[(trees[0], ada)].misconceptions[0]["id"] == "strict-test"
    assert checks[(trees[1], ada)].help == {"hints": 1, "solution": False}
    assert (trees[2], bob) not in checks and first_checks(store, []) == {}
