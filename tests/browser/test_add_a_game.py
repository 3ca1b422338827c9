"""Adding a built-in game is one module (issue #48, docs/library.md "Adding a game"): the product copied to a scratch
folder, tests/fixtures/nim.py dropped into its search/games/ and no other file changed; then, from that copy, the
catalogue of a real server lists Nim, `python -m search trace --game nim` traces it, /play?game=nim plays it against
the engine in Chromium, and the code lab's problem route and the grader (`python -m search grade`, what the code
lab's check runs) grade a student's minimax on it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterator

import pytest
import requests
from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, shot
from tests.helpers.filled_starters import filled
from tests.helpers.server_process import serving

ROOT = Path(__file__).resolve().parents[2]
NIM = ROOT / "tests" / "fixtures" / "nim.py"
TIMEOUT = 30


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    """The product's Python packages copied, its pages and scripts linked (unchanged), and nim.py added. Not under
    /tmp: the grader's lockdown mounts an empty /tmp over it (search.grading.lockdown), so the copy is made in the
    checkout's build/ (ignored by git) and removed afterwards."""
    (ROOT / "build").mkdir(exist_ok=True)
    copy = Path(tempfile.mkdtemp(prefix="add-a-game-", dir=ROOT / "build"))
    for package in ("search", "server"):  # with their byte code: copy2 keeps each source's time, so the copy's
        shutil.copytree(ROOT / package, copy / package)  # processes do not compile 2 MB of Python again (stale: redone)
    for shared in ("static", "templates", "node_modules"):
        (copy / shared).symlink_to(ROOT / shared)
    shutil.copy(NIM, copy / "search" / "games" / "nim.py")
    try:
        yield copy
    finally:
        shutil.rmtree(copy)


def run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A command of the copy's own packages (its folder first on the path: the copy, not this tree)."""
    env = {**os.environ, "PYTHONPATH": str(copy)}
    return subprocess.run([sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def server(scratch: Path) -> Iterator[str]:
    """The copy's server in a process of its own (its packages, not this tree's). `--dev` serves in that one
    process: no gunicorn master and worker to start and stop gracefully (seconds of a test run); what is tested
    here is the catalogue, /play and the code lab's route, which both servers answer alike."""
    env = {**os.environ, "PYTHONPATH": str(scratch)}
    with serving(sys.executable, ["--dev", "--db", str(scratch / "lab.sqlite")], scratch, env, "the scratch copy's server") as url:
        yield url


def test_the_catalogue_lists_the_new_game(server: str) -> None:
    games = {game["id"]: game for game in requests.get(server + "/api/catalogue", timeout=TIMEOUT).json()["games"]}
    assert {"tictactoe", "isolation", "connect4", "nim"} <= set(games)
    assert games["nim"]["name"] == "Nim" and games["nim"]["start"] == "1:3-4-5"
    assert [p["id"] for p in games["nim"]["presets"]] == ["nim"]


def test_the_cli_traces_the_new_game(scratch: Path) -> None:
    done = run(scratch, "-m", "search", "trace", "--game", "nim", "--state", "1:2-3", "--algorithm", "minimax")
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    assert events[0]["source"] == {"kind": "game", "game": "nim", "state": "1:2-3", "estimate": "parity"}
    assert events[-1]["type"] == "result" and events[-1]["value"] == 1  # 2-3 (mod 4: 2 xor 3 = 1): the mover wins
    assert "nim" in run(scratch, "-m", "search", "trace", "--help").stdout


def test_play_plays_the_new_game_against_the_engine(browser: Browser, server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.goto(server + "/play?game=nim")
    expect(page.locator("#play-status")).to_have_attribute("data-state", "yours")
    expect(page.locator('select[name="game"]')).to_have_value("nim")
    assert page.locator("#board").get_attribute("data-state") == "1:3-4-5"
    page.locator('#board button[data-move="2,3"]').click()  # take 3 from the last pile: 3-4-2
    expect(page.locator("#play-status")).to_contain_text("The engine played ")
    after = page.locator("#board").get_attribute("data-state") or ""
    assert after.startswith("1:") and sum(map(int, after[2:].split("-"))) < 9  # the engine took from 3-4-2
    shot(page, "play_nim_1280.png")
    page.context.close()
    assert errors == []


def test_the_code_lab_grades_a_search_of_the_new_game(scratch: Path, server: str, tmp_path: Path) -> None:
    asked = requests.get(server + "/api/code/problem", params={"algorithm": "minimax", "game": "nim", "state": "1:2-3"},
                         timeout=TIMEOUT)
    assert asked.status_code == 200, asked.text
    assert asked.json()["problem"]["game"] == "nim" and asked.json()["entry"] == "minimax_search"
    student = tmp_path / "minimax.py"
    student.write_text(filled("minimax"), encoding="utf-8")
    graded = run(scratch, "-m", "search", "grade", str(student), "--algorithm", "minimax", "--game", "nim",
                 "--state", "1:2-3", "--json")
    report = json.loads(graded.stdout)
    assert graded.returncode == 0, (report["headline"], graded.stderr)
    assert report["verdict"] == "match" and report["reference"]["value"] == report["student"]["value"] == 1


def test_the_viewer_draws_the_new_games_positions_as_boards(browser: Browser, scratch: Path, server: str,
                                                           tmp_path: Path) -> None:
    """A trace of Nim opened in the viewer: each position drawn as a board from the cells the trace carries (the
    page knows nothing of Nim), the key in the engine's words, the start's board sizing the nodes."""
    done = run(scratch, "-m", "search", "trace", "--game", "nim", "--state", "1:2-3", "--algorithm", "minimax")
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    path = tmp_path / "nim.jsonl"
    path.write_text(done.stdout, encoding="utf-8")
    for viewport, phone in ((DESKTOP, False), (PHONE, True)):
        page, errors = new_page(browser, viewport)
        open_app(page, server)
        page.locator("#trace-file").set_input_files(str(path))
        expect(page.locator("#counter")).to_have_text(f"step 0 / {len(events) - 1}")
        page.evaluate(f"window.minimaxLab.seek({len(events) - 1})")
        boards = page.locator("#tree .node .board[data-game='nim']")
        visits = [e for e in events if e["type"] == "visit"]
        expect(boards).to_have_count(len(visits))
        drawn = page.evaluate("""() => [...document.querySelectorAll("#tree .node .board[data-game='nim']")].map(b => ({
            state: b.dataset.board, cols: b.dataset.cols, rows: b.dataset.rows,
            pieces: b.querySelectorAll('text.mark.piece').length, raw: b.querySelectorAll('.board-raw').length }))""")
        by_state = {v["state"]: v["board"] for v in visits}
        for board in drawn:
            cells = by_state[board["state"]]
            assert (board["cols"], board["rows"]) == (str(cells["columns"]), str(cells["rows"]))
            assert board["pieces"] == sum(map(int, board["state"][2:].split("-"))) and board["raw"] == 0
        expect(page.locator("#game-key")).to_contain_text("1 player 1 takes the last object")
        # Its moves said with its sides' names, as the trace's drawing gives them (the page knows no Nim words).
        first_move = next(e for e in events if e["type"] == "visit" and e["move"] is not None)
        page.evaluate(f"window.minimaxLab.seek({first_move['seq']})")
        expect(page.locator("#narration")).to_contain_text("Player 1 (MAX) plays (0, 1). Visit player 1 (0, 1)")
        shot(page, f"viewer_nim_{viewport['width']}.png", full_page=phone)
        page.context.close()
        assert errors == []
