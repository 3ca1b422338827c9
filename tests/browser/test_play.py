"""The /play page in Chromium: a full game of each game against the engine by clicking the buttons with data-move
until the page says the game is over, the result in words checked against the final board by the engine's own
rules; Undo, New game, the keyboard, the phone's width; and "Why this move?" opening the search behind the
engine's move in the viewer, at its result, whose narration names the move the engine played."""

from __future__ import annotations

import json
import re
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from search.games.registry import named_game
from search.play.over import game_over
from tests.browser.conftest import DESKTOP, PHONE, new_page, refusals_removed, shot

SETTLED = "() => document.getElementById('play-status').dataset.state !== 'thinking'"
BOARD_STATE = """() => {
    const board = document.getElementById('board');
    if (board.dataset.game !== 'connect4') return [...board.querySelectorAll('button')].map(b => b.dataset.mark).join('');
    const columns = [...board.querySelectorAll('button')].map(b => [...b.querySelectorAll('.play-disc')].map(d => d.dataset.mark));
    let out = '';
    for (let r = 0; r < 6; r++) for (let c = 0; c < 7; c++) out += columns[c][r];
    return out;
}"""
GAMES = {  # the Game menu's value: (the engine's game, its start, the depth the test sets: small, to keep it quick)
    "tictactoe": ("tictactoe", "." * 9, ""),
    "connect4": ("connect4", "." * 42, "2"),
    "isolation3": ("isolation", ".....#", ""),
    "isolation5": ("isolation", "." * 25, "2"),
}


@pytest.fixture()
def play(browser: Browser, live_server: str) -> Iterator[Page]:
    page, errors = new_page(browser, DESKTOP)
    page.goto(live_server + "/play")
    expect(page.locator("#play-status")).to_have_attribute("data-state", "yours")
    yield page
    page.context.close()
    assert refusals_removed(errors) == []  # a refused option is an answer the page shows


def choose(page: Page, game: str, depth: str, starts: str = "you") -> None:
    """Pick the game (a new game starts), its depth limit, who starts; then a new game with those."""
    page.select_option('select[name="game"]', game)
    page.fill('input[name="depth"]', depth)
    page.select_option('select[name="starts"]', starts)
    page.wait_for_function(SETTLED)


def board_state(page: Page) -> str:
    return page.evaluate(BOARD_STATE)


def wait_for_board(page: Page, state: str) -> None:
    """Wait until the board shows `state`: the page draws a position once the server has answered for it
    (POST /api/play/position), an undo and a new game included."""
    page.wait_for_function(f"() => ({BOARD_STATE})() === {json.dumps(state)}")


def play_out(page: Page, mid_shot: str) -> tuple[str, int]:
    """Click the first enabled move each turn until the game is over; (the final board, the moves clicked).
    `mid_shot`: the screenshot's name after the second move."""
    clicks = 0
    while page.locator("#play-status").get_attribute("data-state") == "yours":
        page.locator("#board button[data-move]:enabled").first.click()
        clicks += 1
        page.wait_for_function(SETTLED)
        assert page.locator("#play-error").text_content() == ""
        if clicks == 2:
            shot(page, mid_shot, full_page=True)
    expect(page.locator("#play-status")).to_have_attribute("data-state", "over")
    return board_state(page), clicks


def expected_words(name: str, state: str, human: str) -> str:
    """The result as the page should say it, from the engine's rules (search/play/over.py) on the final board."""
    game = named_game(name, state, "mobility" if len(state) == 25 else None)
    over = game_over(name, game, state)
    assert over is not None, f"the page says the game is over, the engine does not: {state}"
    winner = over["winner"]
    if name == "isolation":
        stuck = "max" if game.to_move(state) == "max" else "min"
        how = "you cannot move" if stuck == human else "the engine cannot move"
    else:
        how = over["text"].split(": ", 1)[1]
    return f"{'Draw' if winner is None else 'You win' if winner == human else 'The engine wins'}: {how}"


def assert_result(page: Page, words: str) -> None:
    """The status says the result (after the engine's last move, when the engine made it)."""
    status = page.locator("#play-status").text_content() or ""
    assert re.fullmatch(r"(The engine played [^.]+\. )?" + re.escape(words), status), (status, words)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_full_game_against_the_engine_ends_with_the_result_the_board_shows(play: Page, game: str) -> None:
    name, start, depth = GAMES[game]
    choose(play, game, depth)
    wait_for_board(play, start)
    final, clicks = play_out(play, f"play_{game}_mid_1280.png")
    assert clicks >= 2
    assert_result(play, expected_words(name, final, "max"))
    assert play.locator("#board button[data-move]:enabled").count() == 0
    shot(play, f"play_{game}_end_1280.png")


def test_the_engine_can_start_and_plays_only_legal_moves(play: Page) -> None:
    choose(play, "isolation3", "", starts="engine")
    first = board_state(play)
    assert first.count("1") == 1 and first.count("2") == 0  # the engine, player 1, has placed itself
    expect(play.locator("#play-status")).to_contain_text("The engine played (")
    expect(play.locator("#play-status")).to_contain_text("Your move: you are player 2.")
    expect(play.locator("#undo")).to_be_disabled()  # the engine's first move is not the student's to take back
    final, _ = play_out(play, "play_isolation3_engine_first_1280.png")
    assert_result(play, expected_words("isolation", final, "min"))


def test_only_legal_moves_are_enabled(play: Page) -> None:
    choose(play, "connect4", "2")
    for _ in range(6):  # fill column 0: X, O, X, O, X, O
        play.locator('#board button[data-move="0"]').click()
        play.wait_for_function(SETTLED)
        if play.locator('#board button[data-move="0"]').is_disabled():
            break
    state = board_state(play)
    legal = [str(c) for c in range(7) if state[c] == "."]
    assert play.locator("#board button[data-move]:enabled").evaluate_all("bs => bs.map(b => b.dataset.move)") == legal


def test_undo_takes_back_your_move_and_the_reply_and_new_game_clears(play: Page) -> None:
    choose(play, "connect4", "2")
    play.locator('#board button[data-move="3"]').click()
    play.wait_for_function(SETTLED)
    after_one = board_state(play)
    play.locator('#board button[data-move="3"]').click()
    play.wait_for_function(SETTLED)
    assert board_state(play).count(".") == 42 - 4
    expect(play.locator("#play-report")).to_be_visible()
    play.locator("#undo").click()
    wait_for_board(play, after_one)
    expect(play.locator("#play-status")).to_have_text("Taken back: your last move and the engine's reply. Your move: you are X, the filled discs.")
    expect(play.locator("#play-report")).to_be_hidden()
    play.locator("#new-game").click()
    wait_for_board(play, "." * 42)
    expect(play.locator("#undo")).to_be_disabled()
    expect(play.locator("#play-status")).to_have_text("Your move: you are X, the filled discs.")


def test_the_keyboard_moves_between_enabled_buttons_and_plays(play: Page) -> None:
    choose(play, "tictactoe", "")
    play.locator('#board button[data-move="0"]').focus()
    play.keyboard.press("ArrowRight")
    assert play.evaluate("document.activeElement.dataset.move") == "1"
    play.keyboard.press("ArrowDown")
    assert play.evaluate("document.activeElement.dataset.move") == "4"
    play.keyboard.press("Enter")
    play.wait_for_function(SETTLED)
    assert board_state(play)[4] == "X"
    assert play.evaluate("document.activeElement.dataset.move") not in (None, "4")  # back on the board, on a free cell
    play.keyboard.press("End")
    last = play.evaluate("document.activeElement.dataset.move")
    assert last == play.locator("#board button[data-move]:enabled").last.get_attribute("data-move")
    play.keyboard.press("Space")
    play.wait_for_function(SETTLED)
    assert board_state(play)[int(last)] == "X"
    expect(play.locator("#play-status")).to_contain_text("The engine played ")


def test_an_option_the_engine_refuses_is_said_and_can_be_changed(play: Page) -> None:
    choose(play, "connect4", "")  # no depth limit: the server says Connect Four needs one
    play.locator('#board button[data-move="3"]').click()
    expect(play.locator("#play-error")).to_contain_text("depth: Connect Four needs a depth limit")
    expect(play.locator("#engine-move")).to_be_visible()
    play.fill('input[name="depth"]', "2")
    play.locator("#engine-move").click()
    play.wait_for_function(SETTLED)
    expect(play.locator("#play-error")).to_have_text("")
    assert board_state(play).count(".") == 40


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "isolation5"])
def test_why_this_move_opens_the_search_at_its_result_naming_the_move(play: Page, live_server: str, game: str) -> None:
    name, start, depth = GAMES[game]
    choose(play, game, depth)
    if game == "isolation5":  # the time budget: iterative deepening, to the depth it reached
        play.select_option('select[name="algorithm"]', "iterative")
        play.fill('input[name="seconds"]', "0.2")
    play.locator("#board button[data-move]:enabled").first.click()
    play.wait_for_function(SETTLED)
    status = play.locator("#play-status").text_content() or ""
    words = re.match(r"The engine played (.+?)\. ", status)
    assert words, status
    why = play.locator("#why")
    assert why.get_attribute("target") == "_blank"
    href = why.get_attribute("href") or ""
    assert href.startswith(f"/?game={name}&state=") and href.endswith("&step=result")
    play.goto(live_server + href)  # followed in the same context
    play.wait_for_function("() => { const m = /^step (\\d+) \\/ (\\d+)$/.exec(document.getElementById('counter').textContent);"
                           " return m && m[1] === m[2] && Number(m[2]) > 0; }")
    narration = play.locator("#narration").text_content() or ""
    assert narration.startswith("Result:") and f"best move: {words.group(1)}" in narration
    assert play.locator("#step-link-status").text_content() == ""  # no "the link asks for step N" note
    assert play.locator("#form-error").text_content() == ""
    if game == "isolation5":  # the engine's estimate came with the link, into the Search tab's field
        expect(play.locator('select[name="estimate"]')).to_have_value("mobility")


def test_the_phone_fits_every_board_without_sideways_scroll(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    page.goto(live_server + "/play")
    expect(page.locator("#play-status")).to_have_attribute("data-state", "yours")
    for game, (_, _, depth) in GAMES.items():
        choose(page, game, depth)
        page.locator("#board button[data-move]:enabled").first.click()
        page.wait_for_function(SETTLED)
        width = page.evaluate("[document.documentElement.scrollWidth, document.getElementById('board').getBoundingClientRect().right]")
        assert width[0] <= PHONE["width"] and width[1] <= PHONE["width"], (game, width)
        play_out(page, f"play_{game}_mid_390.png")
        shot(page, f"play_{game}_end_390.png", full_page=True)
    page.context.close()
    assert errors == []
