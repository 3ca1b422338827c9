"""A registered GameBase game (`@register_game` on a search.GameBase class) as the engine's Game, named like a
built-in game: MAX is the side that moves first, positions are written as text, and a trace's source is
{"kind": "game", "game": id, "state", "estimate"}, which the server can search again (unlike a course's own game,
whose source is "custom")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from search.games import drawing
from search.library.course_game import CourseGame, move_json

if TYPE_CHECKING:
    from search.games.registry import GameInfo


class RegisteredCourseGame(CourseGame):
    """The registered game `info` at `state` (already read), estimating with `estimate` where a depth limit stops."""

    def __init__(self, info: GameInfo, state: Any, estimate: str) -> None:
        game = info.cls()
        game.estimate = estimate  # a game of several estimates reads which one in its evaluate
        super().__init__(game, state)
        first = game.to_move(info.read(info.start))
        self.root_player = first  # MAX is whoever moves first, as in the built-in games, whoever moves here
        self.info = info
        self.game_info = info  # the trace's drawing (search.games.drawing) names the game by it
        self.text_board = drawing.board_text(game.board(self.initial)) == info.write(self.initial)
        self.estimate_name = estimate
        self.depth_limit_needed = (f"{info.name} needs a depth limit: its game tree is too big for a search to finish"
                                   if info.depth_needed else None)

    def describe(self, state: Any, move: Any) -> dict[str, Any]:
        described = {"state": self.info.write(state), "move": None if move is None else move_json(move)}
        if not self.text_board:  # the page draws a board it cannot read from the position's text
            described["board"] = drawing.visit_board(self.game.board(state))
        return described

    def source(self) -> dict[str, Any]:
        return {"kind": "game", "game": self.info.id, "state": self.info.write(self.initial), "estimate": self.estimate_name}

    def board(self, state: Any) -> dict[str, Any]:
        return self.game.board(state)  # type: ignore[no-any-return]

    def move_words(self, move: Any) -> str:
        return self.game.move_words(move)  # type: ignore[no-any-return]

    def move_cells(self, state: Any, move: Any) -> list[int]:
        return self.game.move_cells(state, move)  # type: ignore[no-any-return]

    def end(self, state: Any) -> Any:
        return self.game.end(state)  # type: ignore[attr-defined]
