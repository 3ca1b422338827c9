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
    assert tuple(load_path(store, path) or ()) == (path, "Week 5 ✓", "alphabeta", "cd" * 32, None)
    assert load_path(store, "missing") is None
    started = make_path(store, "Practice: the strict test", "alphabeta", "ab" * 32, start="strict-test")
    assert load_path(store, started) == (started, "Practice: the strict test", "alphabeta", "ab" * 32, "strict-test")
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
    store.add_attempt(trees[0], 1.0, [], [], " ADA ")  # a retry: not the first
    store.add_help_use(trees[1], "solution", None, "anotherbrowser")  # Ada's tree's solution, read in another browser
    store.add_attempt(trees[1], 0.0, [], [], "Bob")  # someone else's check of Ada's tree comes first: it is the first
    store.add_attempt(trees[1], 1.0, [], [], "Ada")
    store.add_attempt(trees[2], 1.0, [], [], None, "bobtoken99")
    checks = first_checks(store, path)
    assert set(checks) == set(trees) and first_checks(store, path, bob).keys() == {trees[2]}
    assert checks[trees[0]].score == 0.5 and checks[trees[0]].misconceptions[0]["id"] == "strict-test"
    assert not checks[trees[0]].helped
    assert checks[trees[1]].score == 0.0 and checks[trees[1]].helped  # the solution came before, under another browser
    assert checks[trees[2]].score == 1.0 and not checks[trees[2]].helped
    assert first_checks(store, "no-such-path") == {}
