"""The /play page over HTTP against a live server: GET /play, POST /api/play/move answering the engine's reply
(search.play) as strict JSON, errors as 400 {"error": "field: ..."}, and the per-client limit on searches at once."""

from __future__ import annotations

import threading
from typing import Any, Iterator

import pytest
import requests

from search.play import engine_reply
from search.play.position import position_reply
from tests.helpers.live_server import running_server

TIMEOUT = 30


def test_the_page_is_served_with_its_scripts_and_the_header_links_to_it(live_server: str) -> None:
    page = requests.get(live_server + "/play", timeout=TIMEOUT)
    assert page.status_code == 200 and "text/html" in page.headers["Content-Type"]
    assert 'src="/static/build/pages/play/play_page.js?v=' in page.text and 'id="board"' in page.text  # its bundle (make pages)
    assert "script-src" in page.headers["Content-Security-Policy"]  # the import map allowed by its hash, nothing inline
    for path in ("/", "/code"):
        assert '<a class="play-link" href="/play">Play</a>' in requests.get(live_server + path, timeout=TIMEOUT).text


def test_a_move_is_the_engines_reply(live_server: str) -> None:
    body = {"game": "connect4", "state": "." * 42, "algorithm": "alphabeta", "depth": 4, "tt": True}
    answer = requests.post(live_server + "/api/play/move", json=body, timeout=TIMEOUT)
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/json"
    reply = answer.json()
    expected = engine_reply(body)
    assert {k: v for k, v in reply.items() if k != "seconds"} == {k: v for k, v in expected.items() if k != "seconds"}
    assert reply["why_link"] == f"/?game=connect4&state={'.' * 42}&algorithm=alphabeta&depth=4&tt=1&step=result"
    assert "NaN" not in answer.text and "Infinity" not in answer.text


def test_isolation_on_the_5x5_board_and_a_time_budget(live_server: str) -> None:
    body = {"game": "isolation", "state": "." * 25, "estimate": "mobility", "algorithm": "iterative", "seconds": 0.2}
    reply = requests.post(live_server + "/api/play/move", json=body, timeout=TIMEOUT).json()
    assert isinstance(reply["move"], list) and len(reply["move"]) == 2
    assert reply["why"]["algorithm"] == "iterative" and reply["why"]["depth"] == reply["depth"] >= 1
    assert reply["seconds"] <= 0.2 + 0.15


@pytest.mark.parametrize(("body", "error"), [
    ({"game": "connect4", "state": "." * 42, "algorithm": "alphabeta"}, "depth: Connect Four needs a depth limit"),
    ({"game": "tictactoe", "state": "XXXOO...."}, "state: the game is over"),
    ({"game": "tictactoe", "state": ".........", "algorithm": "alphabeta", "seconds": 1}, "seconds: a time budget goes with"),
    ({"game": "tictactoe", "state": ".........", "speed": 1}, "speed: unknown field"),
    ([1, 2], "expected an object"),
])
def test_bad_input_is_400_naming_the_field(live_server: str, body: Any, error: str) -> None:
    answer = requests.post(live_server + "/api/play/move", json=body, timeout=TIMEOUT)
    assert answer.status_code == 400 and answer.json()["error"].startswith(error)


def test_a_body_that_is_not_json_is_400(live_server: str) -> None:
    answer = requests.post(live_server + "/api/play/move", data="{nope", headers={"Content-Type": "application/json"},
                           timeout=TIMEOUT)
    assert answer.status_code == 400 and answer.json()["error"].startswith("not valid JSON")
    assert requests.get(live_server + "/api/play/move", timeout=TIMEOUT).status_code == 405


@pytest.fixture()
def held_server() -> Iterator[tuple[str, threading.Event, threading.Event]]:
    """A server allowing one search at once per client, whose replies wait (PLAY_HOOK) until `release` is set;
    `holding` is set once a reply holds its place."""
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        holding.set()
        release.wait(TIMEOUT)

    with running_server({"MAX_RUNNING_SEARCHES_PER_CLIENT": 1, "PLAY_HOOK": hold}) as url:
        yield url, holding, release
        release.set()


def test_the_per_client_limit_on_searches_applies(held_server: tuple[str, threading.Event, threading.Event]) -> None:
    url, holding, release = held_server
    body = {"game": "tictactoe", "state": "X........", "algorithm": "alphabeta"}
    first: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: first.update(
        answer=requests.post(url + "/api/play/move", json=body, timeout=TIMEOUT)))
    thread.start()
    assert holding.wait(TIMEOUT)
    refused = requests.post(url + "/api/play/move", json=body, timeout=TIMEOUT)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "2"
    assert refused.json()["error"].startswith("1 engine reply is already being searched for this client")
    release.set()
    thread.join(TIMEOUT)
    assert first["answer"].status_code == 200
    assert requests.post(url + "/api/play/move", json=body, timeout=TIMEOUT).status_code == 200  # its place is free again


def test_the_limit_counts_each_open_page_not_the_address(held_server: tuple[str, threading.Event, threading.Event]) -> None:
    """A class behind one address: each page (its X-Play-Page id) has its own place; the same page has one."""
    url, holding, release = held_server
    body = {"game": "tictactoe", "state": "X........", "algorithm": "alphabeta"}
    answers: dict[str, Any] = {}

    def ask(name: str, page: str) -> None:
        answers[name] = requests.post(url + "/api/play/move", json=body, headers={"X-Play-Page": page}, timeout=TIMEOUT)

    first = threading.Thread(target=ask, args=("first", "page-aaaaaaaa"))
    first.start()
    assert holding.wait(TIMEOUT)
    other = threading.Thread(target=ask, args=("other page", "page-bbbbbbbb"))
    other.start()
    ask("same page", "page-aaaaaaaa")
    assert answers["same page"].status_code == 429
    release.set()
    first.join(TIMEOUT)
    other.join(TIMEOUT)
    assert answers["first"].status_code == 200 and answers["other page"].status_code == 200


def test_the_catalogue_lists_every_registered_game_as_strict_json(live_server: str) -> None:
    answer = requests.get(live_server + "/api/catalogue", timeout=TIMEOUT)
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/json"
    games = answer.json()["games"]
    assert [game["id"] for game in games][:3] == ["tictactoe", "isolation", "connect4"]
    assert {p["id"] for game in games for p in game["presets"]} >= {"tictactoe", "connect4", "isolation3", "isolation5"}
    assert "NaN" not in answer.text and "Infinity" not in answer.text


def test_a_position_is_the_games_own_answer(live_server: str) -> None:
    body = {"game": "isolation", "state": "." * 25, "move": "2,2"}
    answer = requests.post(live_server + "/api/play/position", json=body, timeout=TIMEOUT)
    assert answer.status_code == 200 and answer.json() == position_reply(body)
    assert answer.json()["played"]["words"] == "(2, 2), the centre square" and answer.json()["to_move"] == "min"
    refused = requests.post(live_server + "/api/play/position", json={**body, "move": "9,9"}, timeout=TIMEOUT)
    assert refused.status_code == 400 and refused.json()["error"].startswith("move: '9,9' is not a legal move here")
