"""Traces written in format 1 (before 2026-11) read as format 2, so no saved trace or shared link is lost.

Format 2 added facts the browser used to work out for itself: a backup's `op` (which of MAX and
MIN the update took) and a prune's `players` and `moves` (whose turn each skipped child is, and
the move that leads to it); minimax's start event lost `ties`, which it never used. Here the real
engine supplies them: the player of the backup's node comes from its visit event; a skipped
child's player and move come from the game itself (the tree, or the position in the visit of
the node that pruned), matched to the child's id as the search names it. Nothing is guessed: a
format-1 trace whose ids are not the game's children is refused, naming the line.
"""

from __future__ import annotations

from typing import Any

from search.errors import InputError
from search.game import Game, TreeGame, children_named
from search.recorder import FORMAT_VERSION
from search.request import game_from_source
from search.trace_schema import check_event

Event = dict[str, Any]


def upgrade_trace(events: list[Event]) -> tuple[list[Event], bool]:
    """The events in the current format, and whether they had to be upgraded. `events[0]` is a
    start event; events of the current format come back as they are, for the schema to check."""
    start = events[0]
    if start.get("format") != 1:
        return events, False
    start = {**start, "format": FORMAT_VERSION}
    options = start.get("options")
    if start.get("algorithm") == "minimax" and isinstance(options, dict) and "ties" in options:
        start["options"] = {key: value for key, value in options.items() if key != "ties"}
    check_event(start, "line 1")  # the source must be sound before a game is built from it
    game = game_from_source(start["source"])
    states = _tree_states(game)
    players: dict[str, str] = {}
    upgraded = [start]
    for number, event in enumerate(events[1:], start=2):
        kind = event.get("type") if isinstance(event, dict) else None
        if kind == "visit":
            players[event.get("node")] = event.get("player")
            if not isinstance(game, TreeGame) and "state" in event:
                states[event.get("node")] = event["state"]
        elif kind == "backup":
            event = _with_op(event, players, number)
        elif kind == "prune":
            event = _with_children(event, game, states, number)
        upgraded.append(event)
    return upgraded, True


def _tree_states(game: Game[Any, Any]) -> dict[Any, Any]:
    """Node id -> state for an explicit tree (its nodes are its states); games fill it from visits."""
    return {node.id: node for node in game.initial.walk()} if isinstance(game, TreeGame) else {}


def _with_op(event: Event, players: dict[str, str], number: int) -> Event:
    node = event.get("node")
    player = players.get(node) if isinstance(node, str) else None
    if player not in ("max", "min"):
        raise InputError(f"line {number}.node", f"a backup at {node!r}, which no visit before it names")
    return _insert_after(event, "line", {"op": player})


def _with_children(event: Event, game: Game[Any, Any], states: dict[Any, Any], number: int) -> Event:
    node, pruned = event.get("node"), event.get("pruned")
    if not isinstance(pruned, list) or node not in states:
        raise InputError(f"line {number}", f"a prune at {node!r}, whose position no visit before it gives")
    state = states[node]
    try:
        children = {child_id: (player, move) for child_id, player, move in children_named(game, node, state, game.actions(state))}
    except (LookupError, TypeError, ValueError):  # a position the game cannot read: refused below
        children = {}
    for j, child_id in enumerate(pruned):
        if child_id not in children:
            raise InputError(f"line {number}.pruned[{j}]", f"{child_id!r} is not a child of {node!r}")
    players = [children[child_id][0] for child_id in pruned]
    moves = [children[child_id][1] for child_id in pruned]
    return _insert_after(event, "pruned", {"players": players, "moves": moves})


def _insert_after(event: Event, key: str, fields: Event) -> Event:
    """The event with `fields` after `key`, in the key order search.events defines."""
    out: Event = {}
    for name, value in event.items():
        out[name] = value
        if name == key:
            out.update(fields)
    return out
