"""The positions the /play page's rules (static/js/play/*_rules.js) are checked against, written by the engine:
for random positions of each game, the player to move, the legal moves in the engine's order (as data-move keys),
the position after each, and the result. tests/js/play/play_rules.test.js compares the page's rules with them;
tests/engine/test_play_rules_fixture.py fails when the file falls behind the engine. Regenerate with
`.venv/bin/python -m tests.helpers.play_rules_fixture`."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from search.games.registry import named_game
from search.play.over import game_over

FIXTURE = Path(__file__).resolve().parents[1] / "js" / "play" / "rules_fixture.json"
STARTS = {"tictactoe": ("tictactoe", "." * 9), "connect4": ("connect4", "." * 42),
          "isolation3": ("isolation", ".....#"), "isolation5": ("isolation", "." * 25)}
POSITIONS = 40
ENDS = 16


def move_key(move: Any) -> str:
    """The move as the page's data-move writes it: a cell or column number, or Isolation's "x,y"."""
    return ",".join(str(v) for v in move) if isinstance(move, list) else str(move)


def positions(name: str, start: str, rng: random.Random) -> list[str]:
    """Random games played out from the start: the first POSITIONS positions met, and the end of each of ENDS games."""
    game = named_game(name, start, None)
    seen: list[str] = []
    ends: list[str] = []
    while len(ends) < ENDS:
        state = start
        while not game.is_terminal(state):
            seen.append(state)
            state = game.result(state, rng.choice(list(game.actions(state))))
        ends.append(state)
    return seen[:POSITIONS] + ends


def fixture() -> dict[str, list[dict[str, Any]]]:
    rng = random.Random(29)
    out: dict[str, list[dict[str, Any]]] = {}
    for key, (name, start) in STARTS.items():
        game = named_game(name, start, None)
        rows = []
        for state in dict.fromkeys(positions(name, start, rng)):  # each position once, in order
            over = game_over(name, game, state)
            actions = [] if over else list(game.actions(state))
            rows.append({
                "state": state, "to_move": game.to_move(state),
                "moves": [move_key(game.move_json(a)) for a in actions],
                "after": [game.result(state, a) for a in actions],
                "winner": None if over is None else over["winner"], "over": over is not None,
            })
        out[key] = rows
    return out


def text() -> str:
    return json.dumps(fixture(), indent=0, separators=(",", ":")) + "\n"


if __name__ == "__main__":
    FIXTURE.write_text(text(), encoding="utf-8")
    print(f"wrote {FIXTURE}")
