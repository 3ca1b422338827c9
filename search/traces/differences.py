"""The first difference between a trace's event and the engine's, in words a student reads.

search.traces.verify finds the line; this says what differs there: "leaf B1 has value 99, the engine
gives 3", "prune at C lists C3, the engine prunes C2, C3", "the trace leaves out the leaf B1
(value 3), which the engine makes here". Values are compared as JSON values (3 and 3.0 are the
same number; key order and spacing never matter).
"""

from __future__ import annotations

import json
from typing import Any

Event = dict[str, Any]

COUNTS = ("visited", "leaves", "prunes", "pruned", "tt_hits", "tt_stored")


def describe(event: Event | None) -> str:
    """An event in a few words: "the leaf B1 (value 3)", "a backup at B (from B1)", "the result"."""
    if event is None:
        return "nothing"
    kind, node = event.get("type"), shown(event.get("node"))
    if kind == "leaf":
        return f"the leaf {node} (value {shown(event.get('value'))})"
    if kind == "visit":
        return f"a visit of {node}"
    if kind == "backup":
        return f"a backup at {node} (from {shown(event.get('child'))})"
    if kind == "return":
        return f"{node} returning {shown(event.get('value'))}"
    if kind in ("start", "result"):
        return f"the {kind}"
    if kind == "iteration":
        return f"the end of iteration {shown(event.get('depth'))}"
    if kind == "init":
        return f"an init at {node}"
    return f"a {shown(kind)} at {node}"


class _Json(str):
    """A value to show as JSON, quotes and all."""

    def __new__(cls, value: Any) -> _Json:
        return super().__new__(cls, json.dumps(value, ensure_ascii=False))


def shown(value: Any) -> str:
    """A value as a message shows it: strings bare (B1, -inf), lists of ids with commas, else JSON."""
    if isinstance(value, _Json):
        return str(value)
    if isinstance(value, str):
        return value if value else '""'
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(value) if value else "none"
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def without_seq(event: Event | None) -> Event | None:
    return None if event is None else {k: v for k, v in event.items() if k != "seq"}


def same_step(a: Event | None, b: Event | None) -> bool:
    """The same event apart from its number."""
    return a is not None and b is not None and without_seq(a) == without_seq(b)


def sequence_difference(given: Event, made: Event, made_before: Event | None, made_next: Event | None,
                        given_next: Event | None) -> str | None:
    """An event left out, repeated or added, or the search ending on one side: None when the two
    events are the same step at the same node (a field differs: field_difference says which)."""
    if given.get("type") == made.get("type") and given.get("node") == made.get("node") and given.get("child") == made.get("child"):
        return None
    if same_step(given, made_next):
        return f"the trace leaves out {describe(made)}, which the engine makes here"
    if same_step(given, made_before):
        return f"the trace repeats {describe(given)}; the engine goes on with {describe(made)}"
    if same_step(given_next, made):
        return f"the trace has {describe(given)}, which the engine does not make; the engine goes on with {describe(made)}"
    if given.get("type") == "result":
        return f"the trace ends with its result here; the engine goes on with {describe(made)}"
    if made.get("type") == "result":
        return f"the engine's search ends here with its result; the trace goes on with {describe(given)}"
    return f"the trace has {describe(given)}, the engine {describe(made)}"


def field_difference(given: Event, made: Event) -> str:
    """The first field (in the engine's key order; `seq` last) whose value differs."""
    keys = [k for k in made if k != "seq"] + [k for k in given if k not in made and k != "seq"] + ["seq"]
    for key in keys:
        if key not in given:
            return f"{subject(made)} has no `{key}`, the engine gives {shown(made[key])}"
        if key not in made:
            return f"{subject(made)} has a field `{key}` ({shown(given[key])}) the engine does not write"
        if given[key] != made[key]:
            return phrase(made, key, given[key], made[key])
    return "the event differs from the engine's"  # not reached: the events differ somewhere


def subject(event: Event) -> str:
    kind, node = event.get("type"), shown(event.get("node"))
    if kind == "leaf":
        return f"leaf {node}"
    if kind in ("start", "result"):
        return f"the {kind} event"
    if kind == "visit":
        return f"the visit of {node}"
    return f"the {kind} at {node}"


def phrase(made: Event, key: str, mine: Any, theirs: Any) -> str:
    """'leaf B1 has value 99, the engine gives 3' and its kin for the fields a doctored trace changes."""
    if shown(mine) == shown(theirs):  # "3" and 3: say which is text
        return phrase(made, key, _Json(mine), _Json(theirs))
    kind, node, engine = made.get("type"), shown(made.get("node")), f"the engine gives {shown(theirs)}"
    if key == "seq":
        return f"seq is {shown(mine)}, {engine} (events are numbered 0, 1, 2, ... in order)"
    if kind == "leaf" and key == "value":
        return f"leaf {node} has value {shown(mine)}, {engine}"
    if kind == "result" and key in ("value", "move", "child"):
        return f"the result {key} is {shown(mine)}, {engine}"
    if kind == "result" and key in COUNTS:
        return f"the result counts {shown(mine)} {key}, {engine}"
    if kind == "prune" and key == "pruned":
        return f"prune at {node} lists {shown(mine)}, the engine prunes {shown(theirs)}"
    if kind == "return" and key == "value":
        return f"{node} returns {shown(mine)}, {engine}"
    if kind == "backup" and key == "child_value":
        return f"at {node}, {shown(made.get('child'))} comes back with {shown(mine)}, {engine}"
    if kind == "backup" and key in ("v_before", "v_after"):
        when = "before" if key == "v_before" else "after"
        return f"at {node}, v {when} the backup of {shown(made.get('child'))} is {shown(mine)}, {engine}"
    if kind == "bound" and key in ("old", "new"):
        return f"the {shown(made.get('bound'))} bound at {node} has {key} value {shown(mine)}, {engine}"
    if kind == "test" and key == "holds" and isinstance(mine, bool):
        return (f"the test {shown(made.get('test'))} at {node} {'holds' if mine else 'does not hold'} in the trace; "
                f"in the engine it {'holds' if theirs else 'does not'}")
    if isinstance(mine, dict) and isinstance(theirs, dict) or isinstance(mine, list) and isinstance(theirs, list):
        path, mine, theirs = first_nested_difference(key, mine, theirs)
        return f"{subject(made)}: {path} is {shown(mine)}, the engine gives {shown(theirs)}"
    return f"{subject(made)} has {key} {shown(mine)}, {engine}"


def first_nested_difference(path: str, mine: Any, theirs: Any) -> tuple[str, Any, Any]:
    """Down into objects and lists to the first place they differ: ("source.tree.children[1].value", 99, 2)."""
    while True:
        if isinstance(mine, dict) and isinstance(theirs, dict):
            key = next((k for k in [*theirs, *mine] if mine.get(k, ...) != theirs.get(k, ...)), None)
            if key is None or key not in mine or key not in theirs:
                return (path if key is None else f"{path}.{key}"), mine.get(key, "nothing"), theirs.get(key, "nothing")
            path, mine, theirs = f"{path}.{key}", mine[key], theirs[key]
        elif isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
            i = next(i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b)
            path, mine, theirs = f"{path}[{i}]", mine[i], theirs[i]
        else:
            return path, mine, theirs
