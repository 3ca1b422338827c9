"""Positions named as the page names them, so a student reads the same words in the grader's report as in
the tree view and the narration: a tree's node by its label (the slides' letters: A, B, B1), a game's node
by the moves from the root as a player says them ("X 2 · O 4", "P1 (0, 1) · P2 (2, 0)"), the root
"the root". Ids such as root.4.0 are exact but internal: they stay in the report's data, never in its words.

The rule mirrors static/js/replay/trace_tree.js (nameOf) and static/js/narration/move_words.js (moveName,
pathName), and takes a game's side names where the page's trace does (the registry's `narration["short"]`,
search.games.drawing); tests/golden/position_names.json holds cases both sides must name alike.
"""

from __future__ import annotations

from itertools import islice
from typing import Any, Iterable

from search.games.registry import game_ids, game_info

ROOT = "the root"


def move_text(move: Any) -> str:
    """A move as the page writes it: 4, B, (1, 0) for a pair."""
    if isinstance(move, (list, tuple)):
        return "(" + ", ".join(str(x) for x in move) + ")"
    return "" if move is None else str(move)


def game_movers(game: Any) -> tuple[str, str]:
    """Who moves in a registered game, MAX's name first, as its registration's short names give them ("X", "O";
    "P1", "P2"); MAX and MIN for any other."""
    if game not in game_ids():
        return ("MAX", "MIN")
    short = game_info(game).narration["short"]
    return (short["max"], short["min"])


def mover_names(players: Any) -> tuple[str, str]:
    """A course's own game names its players (MAX's first); MAX and MIN where it names fewer than two."""
    given = [p for p in players if isinstance(p, str) and p] if isinstance(players, list) else []
    return (given[0], given[1]) if len(given) >= 2 else ("MAX", "MIN")


class PositionNames:
    """Names of one search's nodes, learned from its start event's source and its events (visits and prunes
    carry each node's parent, move and player) or a student's run steps (its visits carry the same)."""

    def __init__(self, source: dict[str, Any], root: str = "root") -> None:
        self.root = root
        self.custom = source.get("kind") == "custom"
        self.game = None if self.custom else source.get("game")
        self.movers = mover_names(source.get("players")) if self.custom else None
        self.labels: dict[str, str] | None = _labels(source["tree"]) if source.get("kind") == "tree" else None
        self.parent: dict[str, str] = {}
        self.move: dict[str, str] = {}
        self.player: dict[str, str] = {}

    def learn(self, events: Iterable[dict[str, Any]]) -> PositionNames:
        """Take what `events` say of each node (trace events, or a run's steps with `kind` for `type`)."""
        for event in events:
            kind = event.get("type", event.get("kind"))
            if kind == "visit":
                self._add(event["node"], event.get("parent"), event.get("player"), event.get("move"))
            elif kind == "prune":
                for child, player, move in zip(event.get("pruned", ()), event.get("players", ()), event.get("moves", ())):
                    self._add(child, event["node"], player, move)
            elif kind == "beam":
                for dropped in event.get("dropped", ()):
                    self._add(dropped["child"], event["node"], dropped.get("player"), dropped.get("move"))
        return self

    def name(self, node: str | None) -> str:
        """The page's name of `node`: its label in a tree, its moves from the root in a game."""
        if node is None:
            return ROOT
        if self.labels is not None:
            return self.labels.get(node, node)
        moves: list[tuple[str, str]] = []
        current = node
        while current != self.root:
            parent = self.parent.get(current)
            if parent is None:  # never seen: its id is the move path (search.games.game.path_id)
                if not current.startswith(self.root + "."):
                    return node
                parent, _, last = current.rpartition(".")
                move = f"({last.replace(',', ', ')})" if "," in last else last
            else:
                move = self.move[current]
            moves.append((self._player_of(parent), move))
            current = parent
        return self.path(reversed(moves))

    def path(self, moves: Iterable[tuple[str, Any]]) -> str:
        """A game position by its moves from the root, each (the player to move before it, the move as a trace
        writes it): "X 2 · O 4"; none: "the root"."""
        return " · ".join(f"{self.mover(player)} {move_text(move)}" for player, move in moves) or ROOT

    def _player_of(self, node: str) -> str:
        """Who is to move at `node`: as its events said, else the other of its parent's two players."""
        if node in self.player:
            return self.player[node]
        if node == self.root or not node.startswith(self.root + "."):
            return "max"
        parent = self.parent.get(node) or node.rpartition(".")[0]
        return {"max": "min", "min": "max"}.get(self._player_of(parent), "max")

    def mover(self, player: str) -> str:
        """Who moves from a node where `player` is to move: X or O, P1 or P2, a course game's own names."""
        if self.movers is not None and player not in ("max", "min"):
            return "Chance" if player == "chance" else str(player)
        high, low = self.movers or game_movers(self.game)
        return low if player == "min" else high

    def _add(self, node: str, parent: str | None, player: Any, move: Any) -> None:
        if isinstance(player, str) and node not in self.player:
            self.player[node] = player if self.custom else ("min" if player == "min" else "max")
        if parent is not None and node not in self.parent:
            self.parent[node], self.move[node] = parent, move_text(move)


def _labels(tree: dict[str, Any]) -> dict[str, str]:
    """Each tree node's label as the drawing writes it: its label, or its id where it has none."""
    labels: dict[str, str] = {}
    stack = [tree]
    while stack:
        node = stack.pop()
        label = node.get("label")
        labels[str(node["id"])] = str(node["id"]) if label is None or label == "" else str(label)
        stack.extend(node.get("children") or ())
    return labels


def names_for(start: dict[str, Any], *event_lists: Iterable[dict[str, Any]]) -> PositionNames:
    """The names of a search whose start event is `start`, learned from each list of events or steps. A tree needs
    none (its labels are in the start); a built-in game only the root's visit (whose turn it is): its players
    take turns and a node's id is its move path, so the rest follows, without reading a search of two million
    events. A course's own game (chance, its own players) is learned from every event."""
    names = PositionNames(start.get("source") or {}, start["node"])
    if names.labels is not None:
        return names
    for events in event_lists:
        if names.custom:
            names.learn(events)
        else:
            names.learn(islice((e for e in events if e.get("type", e.get("kind")) == "visit" and e.get("parent") is None), 1))
            if start["node"] in names.player:
                break
    return names
