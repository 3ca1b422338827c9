"""How a trace tells the viewer to draw its game (search/games/drawing.py, issue #48: the page keeps no game's
rules): the start event's `drawing` (name, sides, utility and estimate words, the board's shape and its marks'
kinds) for every registered game, and, for a game whose position text is not its board (Nim, tests/fixtures/nim.py),
each visit's `board`. tests/js/drawings.json, which the JS tests draw from, is checked to be the engine's."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from search.errors import InputError
from search.games.board import KINDS
from search.games.drawing import game_drawing
from search.games.registry import forget_game, named_game
from search.labs.horizon import horizon_comparison
from search.request import parse_request
from search.traces.check import read_trace
from search.traces.events import CELL_KIND
from search.traces.recorder import Recorder
from search.traces.schema import check_event
from search.traces.upgrade import upgrade_trace
from search.traces.verify import verify_trace

ROOT = Path(__file__).resolve().parents[2]


def events_of(game: str, state: str | None, **options: Any) -> list[dict[str, Any]]:
    """The events of a search request, as the CLI and the server write them."""
    texts: list[str] = []
    parse_request({"game": game, "state": state, "algorithm": "alphabeta", **options}).run(
        Recorder(lambda batch: texts.append(batch.jsonl()), keep=False))
    return [json.loads(line) for line in "".join(texts).splitlines()]


@pytest.fixture()
def nim() -> Iterator[str]:
    """tests/fixtures/nim.py registered, as a module dropped into search/games/ would be; taken out afterwards."""
    spec = importlib.util.spec_from_file_location("nim_fixture_for_drawing", ROOT / "tests" / "fixtures" / "nim.py")
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(importlib.util.module_from_spec(spec))
    yield "nim"
    forget_game("nim")


def test_the_js_tests_draw_from_the_engines_drawings() -> None:
    saved = json.loads((ROOT / "tests" / "js" / "drawings.json").read_text(encoding="utf-8"))
    for key, game, state, estimate in (("connect4", "connect4", "." * 42, None), ("isolation", "isolation", "." * 25, "mobility"),
                                        ("tictactoe", "tictactoe", "." * 9, None), ("isolation3", "isolation", ".....#", None)):
        made = named_game(game, state, estimate)
        assert saved[key] == game_drawing(made, made.source()), key


def test_a_text_board_is_said_once_and_visits_keep_their_position_only() -> None:
    events = events_of("tictactoe", "XOX.O....", algorithm="minimax")
    drawing = events[0]["drawing"]
    assert drawing["name"] == "tic-tac-toe" and drawing["sides"] == {"max": "X", "min": "O"}
    assert drawing["utility"].startswith("100 X wins") and drawing["estimate"].startswith("lines open for X")
    assert drawing["board"] == {"rows": 3, "columns": 3, "style": "cells", "text": True,
                                "kinds": {"X": "x", "O": "o", ".": "open", "#": "blocked", "1": "p1", "2": "p2"}}
    assert all("board" not in e for e in events if e["type"] == "visit")
    connect4 = events_of("connect4", None, depth=1)[0]["drawing"]
    assert (connect4["board"]["rows"], connect4["board"]["columns"], connect4["board"]["style"]) == (6, 7, "discs")
    square = events_of("isolation", "." * 16, depth=1, estimate="mobility")[0]["drawing"]
    assert (square["board"]["rows"], square["board"]["columns"]) == (4, 4)
    assert square["estimate"] == "(player 1's moves − player 2's moves) / 100."  # the square board's scale
    assert events_of("isolation", None, estimate="zero")[0]["drawing"]["estimate"] == "0 (no guess)."  # the registry's line


def test_a_game_whose_text_is_not_its_board_sends_each_visits_cells(nim: str) -> None:
    events = events_of(nim, "1:2-3", algorithm="minimax")
    for event in events:
        check_event(event)  # the schema holds the new fields
    drawing = events[0]["drawing"]
    assert drawing["name"] == "Nim" and drawing["board"]["text"] is False
    assert (drawing["board"]["rows"], drawing["board"]["columns"]) == (2, 3)
    assert drawing["board"]["kinds"]["●"] == "piece"
    visits = [e for e in events if e["type"] == "visit"]
    assert visits[0]["board"] == {"rows": 2, "columns": 3, "marks": ["●", "●", ".", "●", "●", "●"],
                                  "kinds": ["piece", "piece", "open", "piece", "piece", "piece"]}
    assert all(len(v["board"]["marks"]) == v["board"]["rows"] * v["board"]["columns"] for v in visits)


def test_a_tree_search_has_no_drawing() -> None:
    """The lecture tree's trace (tests/engine/test_cli.py pins it to what the CLI writes) draws no board."""
    first = (ROOT / "tests" / "golden" / "lecture_alphabeta.jsonl").read_text(encoding="utf-8").splitlines()[0]
    assert "drawing" not in json.loads(first)


def test_the_horizon_panel_draws_its_board_from_the_engine() -> None:
    answer = horizon_comparison("minimax")
    assert answer["game"] == "tictactoe" and answer["drawing"]["board"]["text"] is True


def test_a_trace_written_before_drawings_is_accepted_and_read_with_the_engines() -> None:
    """A format-5 trace saved before starts carried `drawing` still verifies (stored with the engine's drawing), and
    reads with it (search.traces.upgrade), so a saved trace or a shared link still shows its boards."""
    text = (ROOT / "tests" / "golden" / "tictactoe_X...O...._alphabeta_depth3.jsonl").read_text(encoding="utf-8")
    events = [json.loads(line) for line in text.splitlines()]
    before = events[0].copy()
    del before["drawing"]
    old = "".join(json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n" for e in [before, *events[1:]])
    assert verify_trace(old).text == text
    read, upgraded = read_trace(old)
    assert upgraded and read[0]["drawing"] == events[0]["drawing"]


def test_the_schema_holds_a_drawing_to_words_and_the_stylesheets_kinds() -> None:
    assert CELL_KIND["enum"] == list(KINDS)
    start = json.loads((ROOT / "tests" / "golden" / "tictactoe_X...O...._alphabeta_depth3.jsonl").read_text(encoding="utf-8").splitlines()[0])
    check_event(start)
    kinds = start["drawing"]["board"]["kinds"]
    for doctored in ({**kinds, "X": "x onclick"}, {**kinds, "long-mark!": "x"}):
        bad = {**start, "drawing": {**start["drawing"], "board": {**start["drawing"]["board"], "kinds": doctored}}}
        with pytest.raises(InputError):
            check_event(bad)
    with pytest.raises(InputError):
        check_event({**start, "drawing": {**start["drawing"], "script": "alert(1)"}})


def test_a_text_boards_moves_are_said_by_the_engine() -> None:
    """The narration's words for a move (static/js/narration/move_words.js reads them): each cell as a move lands
    there, the root's moves as a result names them, the verbs, who each mark is and the sides' short names."""
    tictactoe = events_of("tictactoe", "XOX.O....", algorithm="minimax")[0]["drawing"]["moves"]
    assert tictactoe["lands"][4] == "the centre, cell 4" and tictactoe["place"] == "plays"
    assert tictactoe["root"] == {str(i): tictactoe["lands"][i] for i in (3, 5, 6, 7, 8)}  # the root's legal moves only
    assert tictactoe["marks"] == {"X": "X", "O": "O"} and tictactoe["short"] == {"max": "X", "min": "O"}
    connect4 = events_of("connect4", None, depth=1)[0]["drawing"]["moves"]
    assert connect4["lands"][38] == "column 3 (the 4th from the left)" and connect4["root"]["3"] == "column 3"
    assert connect4["place"] == "drops a disc in"
    isolation = events_of("isolation", None)[0]["drawing"]["moves"]
    assert isolation["lands"][1] == "(1, 0), the top middle square" and isolation["root"]["1,0"] == isolation["lands"][1]
    assert (isolation["place"], isolation["move"]) == ("starts on", "moves to")
    assert isolation["marks"] == {"1": "Player 1", "2": "Player 2"} and isolation["short"] == {"max": "P1", "min": "P2"}
    square = events_of("isolation", "." * 25, depth=1, estimate="mobility")[0]["drawing"]["moves"]
    assert square["lands"][20] == "(0, 4), the bottom-left corner" and square["lands"][12] == "(2, 2), the centre square"


def test_a_game_that_does_not_say_its_moves_is_narrated_by_their_text(nim: str) -> None:
    drawing = events_of(nim, "1:1-2", algorithm="minimax")[0]["drawing"]  # a small Nim: a full minimax from the start took 140 s here
    assert drawing["name"] == "Nim" and "moves" not in drawing


def test_a_saved_trace_from_before_the_moves_were_said_gains_them() -> None:
    events = events_of("tictactoe", "XOX.O....", algorithm="minimax")
    older = [{**events[0], "drawing": {k: v for k, v in events[0]["drawing"].items() if k != "moves"}}, *events[1:]]
    upgraded, changed = upgrade_trace(older)
    assert changed and upgraded[0] == events[0]
