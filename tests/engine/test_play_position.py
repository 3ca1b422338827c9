"""POST /api/play/position's answers (search.play.position), held to the games' own rules: in random games of each
built-in game, the legal moves are the engine's actions (as the board's data-move names them), each can be clicked
on the board, the position after a move is the engine's RESULT, and the end is the engine's, said as the page says
it. These are the checks the page's copy of the rules (static/js/play/*_rules.js, now gone) used to need."""

from __future__ import annotations

import json
import random

import pytest

from search.errors import InputError
from search.games.board import KINDS, move_key
from search.games.registry import game_info
from search.play.position import position_reply

STARTS = {"tictactoe": "." * 9, "connect4": "." * 42, "isolation": ".....#", "isolation5": "." * 25}
GAMES = 6


@pytest.mark.parametrize("key", list(STARTS))
def test_random_games_follow_the_engines_rules(key: str) -> None:
    name = "isolation" if key.startswith("isolation") else key
    rng = random.Random(key)
    ends = set()
    for _ in range(GAMES):
        answer = position_reply({"game": name, "state": STARTS[key]})
        while answer["over"] is None:
            game = game_info(name).make(answer["state"])
            assert [m["move"] for m in answer["moves"]] == [move_key(game.move_json(a)) for a in game.actions(game.initial)]
            assert answer["to_move"] == game.to_move(game.initial)
            drawing = answer["board"]
            assert len(drawing["cells"]) == drawing["rows"] * drawing["columns"]
            assert all(c["kind"] in KINDS for c in drawing["cells"])
            clickable = {c.get("move") for c in drawing["cells"]}
            assert all(m["move"] in clickable for m in answer["moves"])  # every legal move has a cell to click
            choice = rng.choice(answer["moves"])
            action = next(a for a in game.actions(game.initial) if move_key(game.move_json(a)) == choice["move"])
            answer = position_reply({"game": name, "state": answer["state"], "move": choice["move"]})
            assert answer["state"] == game.result(game.initial, action)
            assert answer["played"] == choice
        assert answer["moves"] == [] and answer["to_move"] is None
        final = game_info(name).make(answer["state"])
        assert final.is_terminal(final.initial)
        winner = answer["over"]["winner"]
        assert winner == ("max" if final.utility(final.initial) > 0 else "min" if final.utility(final.initial) < 0 else None)
        ends.add(answer["over"]["text"])
        json.dumps(answer, allow_nan=False)
    assert ends


def test_isolation_says_who_cannot_move() -> None:
    over = position_reply({"game": "isolation", "state": "##21.#", "move": "1,1"})["over"]
    assert over == {"winner": "max", "text": "Player 1 wins: player 2 cannot move", "how": "player 2 cannot move", "stuck": "min"}


def test_a_connect_four_move_is_marked_where_its_disc_lands() -> None:
    answer = position_reply({"game": "connect4", "state": "." * 42, "move": "3"})
    assert answer["played"] == {"move": "3", "words": "column 3", "cells": [38]}
    assert answer["board"]["style"] == "discs" and answer["board"]["cells"][38]["mark"] == "X"


@pytest.mark.parametrize(("body", "error"), [
    ({"game": "tictactoe", "state": "X........", "move": "0"}, "move: '0' is not a legal move here"),
    ({"game": "tictactoe", "state": "XXXOO....", "move": "5"}, "move: the game is over"),
    ({"game": "tictactoe", "move": 4}, "move: expected a move as the board names it"),
    ({"game": "chess"}, "game: expected one of tictactoe, isolation, connect4"),
    ({"game": "tictactoe", "speed": 1}, "speed: unknown field"),
    ({"game": "connect4", "state": "X" + "." * 41}, "state[0]: a disc in column 0"),
])
def test_bad_input_names_the_field(body: dict[str, object], error: str) -> None:
    with pytest.raises(InputError) as refused:
        position_reply(body)
    assert str(refused.value).startswith(error), str(refused.value)
