"""search.GameBase and search.trace: a course's game in the textbook's terms, traced in one call (docs/library.md).

The Nim of docs/examples/nim.py is the course's game: written with the five methods of AIMA 4th ed.
§5.1 and nothing else. Its values are checked against Nim's theory (Bouton 1901: the player to move
loses exactly when the heaps' XOR is 0), not against the engine itself.
"""

from __future__ import annotations

import json
import subprocess
import sys
from functools import reduce
from operator import xor
from pathlib import Path
from typing import Any

import pytest

import search
from search.traces.schema import check_event
from search.traces.verify import verify_trace
from tests.helpers.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "examples"))
from nim import Nim  # noqa: E402  (the example a course reads, imported as it is)


def nim(heaps: tuple[int, ...], first: str = "Ann") -> Nim:
    game = Nim()
    game.initial = (heaps, first)
    return game


def schema_checked(t: search.Trace) -> None:
    for i, event in enumerate(t.events):
        check_event(event, f"event {i}")
    assert t.jsonl() == "".join(json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n" for e in t.events)


@pytest.mark.parametrize("heaps", [(1, 2, 3), (1, 1), (2, 3), (1, 2, 2), (3,)])
def test_nim_is_valued_as_its_theory_says_and_moves_to_a_zero_xor(heaps: tuple[int, ...]) -> None:
    for algorithm in ("minimax", "alphabeta"):
        t = search.trace(nim(heaps), algorithm=algorithm)
        winning = reduce(xor, heaps) != 0
        assert t.value == (1 if winning else -1), (heaps, algorithm)
        assert isinstance(t.move, tuple)  # the game's own action, not its text
        if winning:
            heap, taken = t.move
            after = list(heaps)
            after[heap] -= taken
            assert reduce(xor, after) == 0, t.move
        assert t.result["type"] == "result" and t.result["value"] == t.value
        schema_checked(t)


def test_a_small_game_is_written_out_as_a_tree_the_server_verifies() -> None:
    t = search.trace(nim((1, 2, 3)))
    source = t.events[0]["source"]
    assert source["kind"] == "tree"
    root = source["tree"]
    assert root["id"] == "A" and root["label"] == "1 2 3 (Ann to move)" and root["player"] == "max"
    assert [c["label"] for c in root["children"][:2]] == ["0 2 3 (Bob to move)", "1 1 3 (Bob to move)"]
    assert root["children"][0]["player"] == "min"
    verified = verify_trace(t.jsonl())  # the server's check: the start searched again, compared line by line
    assert verified.text == t.jsonl() and verified.events == len(t.events)
    assert t.move == (0, 1) and t.result["child"] == "B"


def test_a_larger_game_is_searched_as_itself_and_says_where_it_comes_from() -> None:
    t = search.trace(nim((2, 3, 4)), max_events=3000)
    start, visit = t.events[0], t.events[1]
    assert start["source"] == {"kind": "custom", "game": "nim", "state": "2 3 4 (Ann to move)", "players": ["Ann", "Bob"]}
    assert visit["node"] == "root" and visit["state"] == "2 3 4 (Ann to move)" and visit["move"] is None
    child = t.events[next(i for i, e in enumerate(t.events) if e["type"] == "visit" and e["depth"] == 1)]
    assert child["node"] == "root.0-1" and child["move"] == [0, 1] and child["player"] == "min"
    assert not t.complete and t.result["reason"] == "event limit"
    schema_checked(t)
    full = search.trace(nim((2, 3, 4)))
    assert full.value == 1 and full.move == (2, 3)  # 2 ^ 3 ^ 4 = 5: taking 3 from the heap of 4 leaves 2 ^ 3 ^ 1 = 0


def test_the_untraced_search_takes_the_game_and_runs_nothing_behind_it() -> None:
    result = search.alphabeta(nim((1, 2, 3)))
    assert result.value == -1 and result.baseline is None
    asked = search.alphabeta(nim((1, 2, 3)), baseline=True)
    assert asked.baseline is not None and asked.baseline["visited"] > result.visited
    assert search.minimax(nim((1, 1))).value == -1


def test_no_cache_mixes_two_games_that_share_a_name_and_a_position() -> None:
    """Two different games, both called "nim" and starting from the same text: each gets its own counts."""

    class Bigger(Nim):
        name = "nim"

        def describe(self, state: Any) -> str:
            return "start"

    class Smaller(Bigger):
        def actions(self, state: Any) -> list[tuple[int, int]]:
            return [(i, size) for i, size in enumerate(state[0]) if size]  # take a whole heap only

    big, small = Bigger(), Smaller()
    big.initial = small.initial = ((2, 3, 4), "Ann")
    first = search.alphabeta(big, baseline=True).baseline
    second = search.alphabeta(small, baseline=True).baseline
    assert first is not None and second is not None and second["visited"] < first["visited"]
    assert search.minimax(small).visited == second["visited"]


def test_a_game_that_forgets_a_method_is_refused_when_written() -> None:
    with pytest.raises(TypeError, match=r"Half does not write is_terminal\(\), utility\(\)"):
        class Half(search.GameBase):
            def to_move(self, state: Any) -> Any: ...
            def actions(self, state: Any) -> Any: ...
            def result(self, state: Any, action: Any) -> Any: ...
    with pytest.raises(TypeError, match=r"utility takes \(self, state, player\)"):
        class OldUtility(Nim):
            def utility(self, state: Any) -> float:  # type: ignore[override]
                return 0


def test_a_depth_limit_needs_evaluate_and_uses_it() -> None:
    with pytest.raises(search.InputError, match="Nim has no evaluate"):
        search.trace(nim((1, 2, 3)), depth=2)

    class Counted(Nim):
        def evaluate(self, state: Any) -> float:
            mover_wins = reduce(xor, state[0]) != 0  # Bouton's rule: an estimate that is never wrong
            return 1 if mover_wins == (state[1] == "Ann") else -1

    for algorithm in ("alphabeta", "minimax", "iterative"):
        t = search.trace(Counted(), state=((1, 2, 3), "Ann"), algorithm=algorithm, depth=2)
        assert t.value == -1 and t.events[0]["source"]["kind"] == "tree"
        assert any(e["type"] == "leaf" and e["kind"] == "estimate" for e in t.events)
        verify_trace(t.jsonl())
        schema_checked(t)


def test_players_are_whatever_to_move_returns_and_the_one_to_move_is_max() -> None:
    t = search.trace(nim((1, 2, 3), first="Bob"))
    assert t.value == -1 and t.events[1]["player"] == "max"  # Bob moves first here, so Bob is MAX

    class Numbered(Nim):
        initial = ((1, 2), 1)

        def result(self, state: Any, action: Any) -> Any:
            heaps, _ = super().result((state[0], "Ann"), action)
            return heaps, 2 if state[1] == 1 else 1

    assert search.trace(Numbered()).value == 1


class Dice(search.GameBase):
    """MAX picks a die (fair, or loaded to 6), the die is rolled, MIN then halves or keeps the roll."""

    initial = ("max", None, None)

    def to_move(self, state: Any) -> Any:
        return state[0]

    def actions(self, state: Any) -> Any:
        who, die, roll = state
        if who == "max":
            return ["fair", "loaded"]
        if who == self.CHANCE:
            return [1, 6] if die == "fair" else [6]
        return ["halve", "keep"]

    def result(self, state: Any, action: Any) -> Any:
        who, die, roll = state
        if who == "max":
            return (self.CHANCE, action, None)
        if who == self.CHANCE:
            return ("min", die, action)
        return ("over", die, roll / 2 if action == "halve" else roll)

    def is_terminal(self, state: Any) -> bool:
        return state[0] == "over"

    def utility(self, state: Any, player: Any) -> float:
        return state[2]

    def probability(self, state: Any, outcome: Any) -> float:
        return 0.5 if state[1] == "fair" else 1.0


def test_chance_nodes_are_searched_by_expectiminimax() -> None:
    t = search.trace(Dice(), algorithm="expectiminimax")
    assert t.value == 3 and t.move == "loaded"  # fair: (0.5 + 3) / 2 = 1.75; loaded: 6 / 2 = 3
    tree = t.events[0]["source"]["tree"]
    assert tree["children"][0]["player"] == "chance" and [c["probability"] for c in tree["children"][0]["children"]] == [0.5, 0.5]
    verify_trace(t.jsonl())
    assert search.expectiminimax(Dice()).value == 3  # untraced: the game itself, not the tree
    with pytest.raises(search.InputError, match="chance node"):
        search.trace(Dice(), algorithm="alphabeta")


class Split(search.GameBase):
    """Three players in turn each take one of two piles of points; the last mover's pick ends it."""

    players = ["A", "B", "C"]
    initial = ("A", ())

    def to_move(self, state: Any) -> Any:
        return state[0]

    def actions(self, state: Any) -> Any:
        return ["left", "right"]

    def result(self, state: Any, action: Any) -> Any:
        order = self.players
        return (order[(order.index(state[0]) + 1) % 3], state[1] + (action,))

    def is_terminal(self, state: Any) -> bool:
        return len(state[1]) == 3

    def utility(self, state: Any, player: Any) -> float:
        picks = state[1]
        return sum(1 + i for i, pick in enumerate(picks) if (pick == "left") == (self.players[i] == player))


def test_several_players_are_searched_by_maxn() -> None:
    t = search.trace(Split(), algorithm="maxn")
    assert isinstance(t.value, list) and len(t.value) == 3
    assert t.events[0]["source"]["tree"]["players"] == ["A", "B", "C"]
    assert search.maxn(Split()).value == t.value
    with pytest.raises(search.InputError, match="use maxn"):
        search.trace(Split())


def test_every_option_of_the_cli_is_there() -> None:
    assert search.trace(nim((2, 3, 4)), tt=True).result["tt_hits"] > 0  # a table needs the game: searched as itself
    assert search.trace(nim((1, 2, 3)), ordering="best").value == -1
    slipped = search.trace("lecture", misconception="no-pruning")
    assert slipped.events[0]["options"]["misconception"] == "no-pruning" and slipped.result["pruned"] == 0
    assert search.trace("lecture", returns="bound", ties="explore").value == 3
    with pytest.raises(search.InputError) as bad:
        search.trace("lecture", depth=-1)
    assert bad.value.where == "depth"
    with pytest.raises(search.InputError, match="game is over"):
        search.trace(nim((0, 0)))


def test_the_trace_of_an_example_is_what_the_cli_writes(tmp_path: Path) -> None:
    cli = run_cli("trace", "--example", "lecture")
    t = search.trace("lecture")
    assert t.jsonl() == cli.stdout and t.value == 3 and t.move == "B"
    assert search.trace([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).jsonl() == cli.stdout
    assert t.save(tmp_path / "lecture.jsonl").read_text(encoding="utf-8") == cli.stdout
    board = search.trace(search.TicTacToe("X...O...."), depth=2)
    assert board.jsonl() == run_cli("trace", "--game", "tictactoe", "--state", "X...O....", "--depth", "2").stdout


def test_a_game_whose_numbers_are_wrong_is_told_where() -> None:
    class Broken(Nim):
        def utility(self, state: Any, player: Any) -> float:
            return None  # type: ignore[return-value]

    with pytest.raises(search.InputError, match=r"Broken.utility returned None at '0 0 0 \(Ann to move\)'"):
        search.trace(Broken())


def test_the_nim_example_runs_from_any_folder(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "examples" / "nim.py")], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert "value -1 move (0, 1)" in done.stdout
    verify_trace((tmp_path / "nim.jsonl").read_text(encoding="utf-8"))


def test_the_autograder_example_scores_and_names_the_idea_missed() -> None:
    sys.path.insert(0, str(ROOT / "docs" / "examples"))
    import autograder

    assert autograder.grade(autograder.student_right) == {"score": 50, "max_score": 50, "output": "all trees right"}
    graded = autograder.grade(autograder.student_never_prunes)
    assert graded["score"] < 50
    assert "they first differ at leaf" in graded["output"]
    assert 'Your answer is the one a search with the slip "no pruning" gives' in graded["output"]


def test_a_game_written_against_the_protocol_is_told_to_use_gamebase() -> None:
    class ProtocolNim(search.Game):  # what a course tried first: the engine's Protocol, subclassed
        initial = ((1, 2), "Ann")

        def to_move(self, state: Any) -> Any:
            return state[1]

    for run in (search.alphabeta, search.minimax, search.trace):
        with pytest.raises(search.InputError, match="subclass of search.GameBase"):
            run(ProtocolNim())


def test_a_position_with_no_moves_that_is_not_over_is_named() -> None:
    class Stuck(Nim):
        def is_terminal(self, state: Any) -> bool:
            return False  # the slip: the game never ends, and (0, 0) has no moves

    with pytest.raises(search.InputError, match=r"^actions: Stuck.actions returned no moves at '0 0 \(Bob to move\)'"):
        search.trace(Stuck(), state=((1, 0), "Ann"))
