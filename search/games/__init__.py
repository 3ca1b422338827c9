"""Everything a search can play: the Game interface, the built-in games (one module each, registered with
`@register_game`), games by name (search.games.registry), and a position written out as an explicit tree.

Every module of this package is imported here, so a game module dropped into search/games/ registers itself
with no other file changed (docs/library.md, "Adding a game")."""

import importlib
import pkgutil

from search.games.registry import game_catalogue, game_ids, game_info, games, named_game, register_game

__all__ = ["game_catalogue", "game_ids", "game_info", "games", "named_game", "register_game"]

NOT_GAMES = frozenset({"game", "registry", "position_tree", "symmetry", "board"})
"""The package's modules that hold no game (position_tree imports the searches: never imported here)."""

for _found in pkgutil.iter_modules(__path__):
    if _found.name not in NOT_GAMES and not _found.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_found.name}")
