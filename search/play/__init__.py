"""Playing against the search (docs/play.md): the engine's reply to a position, with what its search cost and saved.

`engine_reply(body)` (reply.py) is what the /play page's server route and bench/connect4.py call: it
validates the body (body.py, on top of search.request's own validator), searches for the side to move,
with a depth limit or a time budget for iterative deepening (budget.py, as game-playing agents do,
AIMA 4th ed. §5.2.4), and says what alpha-beta's pruning, the transposition table and move ordering
saved on this move (savings.py). No Flask here.
"""

from search.play.reply import engine_reply

__all__ = ["engine_reply"]
