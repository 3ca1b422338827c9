"""Traces written in formats 1 to 4 read as format 5, so no saved trace or shared link is lost.

Format 5 marks a return that is only a bound on the node's value (`bound`, search.traces.bounds):
the trace's own events say which returns are, so they are marked as the engine would mark them
(the same tracker, fed the events); iterative deepening's root visits lose the parent an older engine
gave them (the root itself). It also gave the enhancements and the chance sum lines of their
own: search.traces.line_upgrade moves those steps to them. A result gains no `reference` here (only a
search can make one): an upload, searched again to be verified, gets the engine's.

Format 4 only added (chance nodes, several players, iterative deepening, the transposition table,
quiescence, beams): a format-3 trace is a format-4 trace with an older number, so its start event
is renumbered and nothing else changes.

Format 3 added a step for every line the slides walk: `init` (v ← ±∞), `test` after each backup
of alpha-beta (held or not), a `bound` each time the bound line runs (`changed`), `return`, and
the result's `baseline`. Nothing of a format-2 trace says those, so the real engine runs the
trace's own search again (its start event is the whole input) and the new steps are taken from
it, between the trace's own events, which must be exactly the engine's: a trace that differs is
refused, naming the line where it does. A trace stopped early stays stopped where it stopped.

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

from search.errors import InputError, quoted
from search.games.drawing import game_drawing
from search.games.game import Game, TreeGame, children_named
from search.request import SearchRequest, game_from_source
from search.traces.bounds import BoundTracker
from search.traces.json_values import from_json_number
from search.traces.line_upgrade import upgrade_lines
from search.traces.recorder import FORMAT_VERSION, Recorder
from search.traces.schema import check_event

Event = dict[str, Any]


FORMAT_3_ONLY = frozenset({"init", "test", "return"})
"""Event types a format-2 trace never has (nor `bound` events with `changed` false)."""


def upgrade_trace(events: list[Event]) -> tuple[list[Event], bool]:
    """The events in the current format, and whether they had to be upgraded. `events[0]` is a
    start event; events of the current format come back as they are, for the schema to check."""
    version = events[0].get("format")
    if version in (3, 4):
        events = _root_visits_without_parent([{**events[0], "format": FORMAT_VERSION}, *events[1:]])
        return _with_drawing(upgrade_lines(_with_bounds(events)))[0], True
    if version not in (1, 2):
        return _with_drawing(events)
    if version == 1:
        events = _format_1_to_2(events)
    return _with_drawing(_format_2_to_3(events))[0], True


def _with_drawing(events: list[Event]) -> tuple[list[Event], bool]:
    """A registered game's trace written before its start event said how to draw the game (`drawing`,
    search.games.drawing), or how to say its moves (the drawing's `moves`), gains it, so a saved trace or a shared
    link still shows its boards and names its moves; and whether it did."""
    start = events[0]
    source = start.get("source")
    drawing = start.get("drawing")
    if isinstance(drawing, dict) and "moves" in drawing or not isinstance(source, dict) or source.get("kind") != "game":
        return events, False
    try:
        game = game_from_source(source)
    except InputError:
        return events, False  # the schema check names what is wrong with the source
    drawn = game_drawing(game, source)
    if drawn is None or drawing is not None and "moves" not in drawn:
        return events, False  # nothing to add: a game without a drawing, or one whose moves are said by their text
    return [{**start, "drawing": drawn}, *events[1:]], True


def _root_visits_without_parent(events: list[Event]) -> list[Event]:
    """Iterative deepening's root visits as the engine writes them since format 5: before it, each
    iteration after the first named the root as the root's own parent."""
    return [{**event, "parent": None} if isinstance(event, dict) and event.get("type") == "visit"
            and event.get("parent") is not None and event.get("parent") == event.get("node") else event for event in events]


def _with_bounds(events: list[Event]) -> list[Event]:
    """The events with `bound` on each return that is a bound: the engine's tracker, fed the events.
    Anything malformed is left as it is, for the schema to name."""
    tracker = BoundTracker()
    out: list[Event] = []
    for event in events:
        kind = event.get("type") if isinstance(event, dict) else None
        try:
            if kind == "init":
                tracker.open(from_json_number(event["v"]) if event["v"] is not None else None)  # type: ignore[arg-type]
            elif kind == "leaf":
                tracker.leaf()
            elif kind == "tt_hit":
                tracker.answered(event["flag"])
            elif kind == "backup" and event.get("op") != "maxn":
                tracker.backup(event["op"], from_json_number(event["child_value"]), from_json_number(event["v_before"]),
                               from_json_number(event["v_after"]))
            elif kind == "prune":
                tracker.cut(event["cut"], len(event["pruned"]))
            elif kind == "return":
                flag = tracker.close(event["value"])
                if flag is not None and "bound" not in event:
                    event = {**event, "bound": flag}
        except (KeyError, IndexError, TypeError):
            pass  # not a well-formed event: check_event names what is wrong
        out.append(event)
    return out


def _format_2_to_3(events: list[Event]) -> list[Event]:
    """Format-2 events with the engine's init, test, unchanged bound and return steps between them."""
    start = {**events[0], "format": FORMAT_VERSION}
    check_event(start, "line 1")
    options = start["options"]
    search = SearchRequest(game_from_source(start["source"]), start["algorithm"], options["depth"],
                           options.get("ties", "prune"))
    # Format 3 makes at most about 4 events per format-2 event; the cap keeps a stopped trace's
    # search from running on past the point the trace stopped.
    recorder = Recorder(max_events=4 * len(events) + 16)
    search.run(recorder)
    engine = recorder.events()
    last = events[-1] if isinstance(events[-1], dict) else {}
    stopped = last.get("type") == "result" and last.get("complete") is False
    own = events[1:-1] if last.get("type") == "result" else events[1:]
    out: list[Event] = [start]
    j = 0
    for made in engine[1:]:
        if j == len(own) and stopped:
            break
        if made["type"] in FORMAT_3_ONLY or (made["type"] == "bound" and not made["changed"]):
            out.append({**made, "seq": len(out)})
            continue
        expected = _as_format_2(made)
        given = own[j] if j < len(own) else last
        differs = _first_difference(expected, given)
        if differs is not None:
            line = j + 2 if j < len(own) else len(events)
            raise InputError(f"line {line}{differs}", f"the engine, searching this trace's start again, makes "
                             f"{_summary(expected)} here and the trace has {_summary(given)}: it cannot be read as format 4")
        out.append({**made, "seq": len(out)})
        j += 1
    if j < len(own):
        raise InputError(f"line {j + 2}", f"the engine, searching this trace's start again, stops before "
                         f"{_summary(own[j])}: it cannot be read as format 4")
    if stopped:
        out.append({**last, "seq": len(out)})
    return out


IGNORED = frozenset({"seq", "line", "changed", "baseline", "reference"})
"""Not compared: `line` (minimax's root steps moved to MINIMAX-DECISION's line in format 3) and the
fields formats 3 and 5 added."""


def _as_format_2(event: Event) -> Event:
    """What a format-2 trace says of the engine's event."""
    return {k: v for k, v in event.items() if k not in IGNORED}


def _first_difference(expected: Event, given: Any) -> str | None:
    """None if `given` is the engine's event as format 2 writes it; else "" or ".field" for the error."""
    if not isinstance(given, dict):
        return ""
    mine = _as_format_2(given)
    if mine == expected:
        return None
    if mine.get("type") != expected.get("type"):
        return ".type"
    return next((f".{key}" for key in list(expected) + list(mine) if mine.get(key) != expected.get(key)), "")


def _summary(event: Any) -> str:
    if not isinstance(event, dict):
        return "no event" if event is None else "something that is not an event"
    return f"a {event.get('type')!s} at {quoted(event.get('node'))}"


def _format_1_to_2(events: list[Event]) -> list[Event]:
    """Format 1 with backup op and prune players and moves, as format 2 writes them."""
    start = {**events[0], "format": 2}
    options = start.get("options")
    if start.get("algorithm") == "minimax" and isinstance(options, dict) and "ties" in options:
        start["options"] = {key: value for key, value in options.items() if key != "ties"}
    check_event({**start, "format": FORMAT_VERSION}, "line 1")  # a sound source before a game is built from it
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
    return upgraded


def _tree_states(game: Game[Any, Any]) -> dict[Any, Any]:
    """Node id -> state for an explicit tree (its nodes are its states); games fill it from visits."""
    return {node.id: node for node in game.initial.walk()} if isinstance(game, TreeGame) else {}


def _with_op(event: Event, players: dict[str, str], number: int) -> Event:
    node = event.get("node")
    player = players.get(node) if isinstance(node, str) else None
    if player not in ("max", "min"):
        raise InputError(f"line {number}.node", f"a backup at {quoted(node)}, which no visit before it names")
    return _insert_after(event, "line", {"op": player})


def _with_children(event: Event, game: Game[Any, Any], states: dict[Any, Any], number: int) -> Event:
    node, pruned = event.get("node"), event.get("pruned")
    if not isinstance(pruned, list) or node not in states:
        raise InputError(f"line {number}", f"a prune at {quoted(node)}, whose position no visit before it gives")
    state = states[node]
    try:
        children = {child_id: (player, move) for child_id, player, move in children_named(game, node, state, game.actions(state))}
    except (LookupError, TypeError, ValueError):  # a position the game cannot read: refused below
        children = {}
    for j, child_id in enumerate(pruned):
        if child_id not in children:
            raise InputError(f"line {number}.pruned[{j}]", f"{quoted(child_id)} is not a child of {quoted(node)}")
    players = [children[child_id][0] for child_id in pruned]
    moves = [children[child_id][1] for child_id in pruned]
    return _insert_after(event, "pruned", {"players": players, "moves": moves})


def _insert_after(event: Event, key: str, fields: Event) -> Event:
    """The event with `fields` after `key`, in the key order search.traces.events defines."""
    out: Event = {}
    for name, value in event.items():
        out[name] = value
        if name == key:
            out.update(fields)
    return out
