"""The one validator for every way a tree comes in: CLI file, socket request, editor, REST.

Input is JSON text or already-parsed JSON (a node object or the nested-list shorthand). It is
checked in three passes, each of which names what is wrong and where:
1. size and shape without recursion (nodes, depth), so a hostile 10,000-deep tree cannot blow the
   stack of the later passes;
2. the JSON Schema of search/trees/schema.py (types, fields, ranges, lengths);
3. what a schema cannot say: finite numbers, leaf values, duplicate ids; chance nodes'
   probabilities (all or none, summing to 1), the root's bounds (every value inside) and players
   (each node's player one of them, each value one number per player): search.trees.rules.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import TYPE_CHECKING, Any

from search import limits
from search.errors import InputError, format_path, quoted
from search.json_numbers import bounded_int
from search.trees.node import Player, TreeNode, other
from search.trees.rules import TreeRules, finite_number
from search.trees.schema import TEXT_PATTERN, tree_schema

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

TYPE_NAMES = {
    "number": "a finite number",
    "string": "a string",
    "array": "a list",
    "object": "an object",
}


def parse_json_text(text: str | bytes, what: str = "tree") -> Any:
    """Strict JSON: no NaN/Infinity literals, bounded size and nesting."""
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > limits.MAX_PAYLOAD_BYTES:
        raise InputError("", f"{what} is {size:,} bytes; the limit is {limits.MAX_PAYLOAD_BYTES:,}", too_large=True)

    def reject_constant(name: str) -> Any:
        raise InputError("", f"{name} is not allowed: values must be finite numbers (strict JSON)")

    try:
        return json.loads(text, parse_constant=reject_constant, parse_int=bounded_int)
    except RecursionError:
        raise InputError("", f"the {what} is deeper than {limits.MAX_TREE_DEPTH} levels (the limit)") from None
    except json.JSONDecodeError as exc:
        raise InputError("", f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except UnicodeDecodeError:
        raise InputError("", "not valid UTF-8 text") from None


def parse_tree_text(text: str | bytes) -> TreeNode:
    """Validate and normalise a tree given as JSON text."""
    return tree_from_json(parse_json_text(text))


EMPTY_LIST = "an empty list is not a node: give leaf values or sub-lists"
"""The shorthand's one shape the schema refuses that the parser would not (said by both, so a Pyodide without
jsonschema, the JupyterLite site's, says it alike)."""

def tree_from_json(data: Any) -> TreeNode:
    """Validate and normalise a parsed tree (node object or nested-list shorthand)."""
    if isinstance(data, list):
        _check_size(data, is_shorthand=True)
        _check_schema(data, "shorthand")
        return _from_shorthand(data)
    if isinstance(data, dict):
        _check_size(data, is_shorthand=False)
        _check_schema(data, "node")
        return _from_nodes(data)
    raise InputError("", "expected a tree: a node object or a nested list of leaf values")


def tree_from_engine_json(data: Any) -> TreeNode:
    """A tree the engine wrote itself (a built-in example, a course's game written out by
    search.library.written_tree): when every field, text and number in it is plainly one the schema
    allows (`_plainly_valid`, a cheap walk), the schema pass is skipped, so a first search does not wait
    for jsonschema's import (5 s where JupyterLab's format libraries are installed). Anything else
    goes through tree_from_json, with its errors unchanged."""
    if not _plainly_valid(data):
        return tree_from_json(data)
    if isinstance(data, list):
        _check_size(data, is_shorthand=True)
        return _from_shorthand(data)
    _check_size(data, is_shorthand=False)
    return _from_nodes(data)


_TEXT = re.compile(TEXT_PATTERN)
_NODE_FIELDS = frozenset(tree_schema()["$defs"]["node"]["properties"])


def _plain_text(x: Any) -> bool:
    return isinstance(x, str) and 0 < len(x) <= limits.MAX_LABEL_LENGTH and _TEXT.match(x) is not None


def _plain_number(x: Any) -> bool:
    return type(x) in (int, float) and abs(x) <= limits.MAX_ABS_VALUE  # NaN compares False: not plain


def _plain_value(x: Any) -> bool:
    if isinstance(x, list):
        return 2 <= len(x) <= limits.MAX_PLAYERS and all(_plain_number(v) for v in x)
    return _plain_number(x)


def _plain_node(node: Any) -> bool:
    """One node object's own fields (not its children's) as the schema's `node` allows them, surely."""
    if not isinstance(node, dict) or not _NODE_FIELDS.issuperset(node):
        return False
    players, bounds, children = node.get("players"), node.get("bounds"), node.get("children", [])
    return all((
        all(_plain_text(node[k]) for k in ("id", "label", "player") if k in node),
        "probability" not in node or (_plain_number(node["probability"]) and 0 < node["probability"] <= 1),
        players is None or (isinstance(players, list) and 2 <= len(players) <= limits.MAX_PLAYERS
                            and all(_plain_text(p) for p in players) and len(set(players)) == len(players)),
        bounds is None or (isinstance(bounds, list) and len(bounds) == 2 and all(_plain_number(b) for b in bounds)),
        all(_plain_value(node[k]) for k in ("value", "eval") if k in node),
        isinstance(children, list) and len(children) <= limits.MAX_BRANCHING,
    ))


def _plainly_valid(data: Any) -> bool:
    """Whether the schema surely accepts `data` (False: not sure; the schema then decides). Iterative,
    and stops past the node limit, as _check_size does."""
    shorthand = isinstance(data, list)
    stack, count = [data], 0
    while stack:
        item = stack.pop()
        count += 1
        if count > limits.MAX_TREE_NODES:
            return False
        if shorthand:
            if isinstance(item, list):
                if not 1 <= len(item) <= limits.MAX_BRANCHING:
                    return False
                stack.extend(item)
            elif not _plain_number(item):
                return False
        else:
            if not _plain_node(item):
                return False
            stack.extend(item.get("children", []))
    return True


def tree_from_stored_json(data: dict[str, Any]) -> TreeNode:
    """A tree this app validated and stored itself (TreeNode.to_json's form), read back without the
    schema pass: on a 10,000-node tree that pass takes seconds and proves nothing new about our own
    output. The node rules (ids, players, values) still run."""
    return _from_nodes(data)


def _children_of(item: Any, is_shorthand: bool) -> list[Any]:
    if is_shorthand:
        return item if isinstance(item, list) else []
    if isinstance(item, dict) and isinstance(item.get("children"), list):
        return item["children"]
    return []


def _check_size(data: Any, is_shorthand: bool) -> None:
    """Count nodes and depth iteratively, before anything recursive touches the input."""
    count = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        count += 1
        if count > limits.MAX_TREE_NODES:
            raise InputError("", f"the tree has more than {limits.MAX_TREE_NODES:,} nodes (the limit)")
        if depth > limits.MAX_TREE_DEPTH:
            raise InputError("", f"the tree is deeper than {limits.MAX_TREE_DEPTH} levels (the limit)")
        stack.extend((child, depth + 1) for child in _children_of(item, is_shorthand))


@cache
def _validator(definition: str) -> Draft202012Validator | None:
    """The schema's validator; None where jsonschema cannot be installed (the code lab's Pyodide, whose
    problems come already validated from the server, search.grading.browser)."""
    try:
        from jsonschema import Draft202012Validator  # heavy, and absent in the code lab's Pyodide: loaded on first use
    except ImportError:
        return None
    return Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": tree_schema()["$defs"]})


def _check_schema(data: Any, definition: str) -> None:
    validator = _validator(definition)
    if validator is None:
        return
    errors = _deepest(list(validator.iter_errors(data)))
    if errors:
        # Report the error nearest the root first: it is usually the cause of the deeper ones.
        first = min(errors, key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
        raise _friendly(first)


def _deepest(errors: list[ValidationError]) -> list[ValidationError]:
    """Replace an anyOf failure by its alternatives' errors that went deeper: they name the cause."""
    out: list[ValidationError] = []
    for error in errors:
        context = error.context or []
        deeper = [e for e in context if len(e.absolute_path) > len(error.absolute_path)]
        # Same depth: the alternative whose type matched failed for a reason worth naming.
        typed = [e for e in context if e.validator != "type"]
        out.extend(_deepest(deeper) if deeper else typed[:1] or [error])
    return out


def _friendly(error: ValidationError) -> InputError:
    """Turn a jsonschema error into 'where: what', in words a student understands."""
    path = list(error.absolute_path)
    kind = error.validator
    if kind == "required":
        missing = str(error.message).split("'")[1]
        return InputError(format_path([*path, missing]), "required")
    if kind == "additionalProperties":
        names = re.findall(r"'([^']*)'", error.message) or ["?"]
        return InputError(format_path([*path, names[0]]),
                          "unknown field (known: id, label, player, probability, players, bounds, value, eval, children)")
    if kind == "type":
        wanted = error.validator_value
        names = [TYPE_NAMES.get(t, t) for t in (wanted if isinstance(wanted, list) else [wanted])]
        return InputError(format_path(path), "expected " + " or ".join(names))
    if path and path[-1] == "probability" and kind in ("exclusiveMinimum", "maximum"):
        return InputError(format_path(path), "a probability is more than 0 and at most 1")
    if kind == "uniqueItems":
        return InputError(format_path(path), "the names must all be different")
    if path and path[-1] in ("players", "bounds") and kind in ("minItems", "maxItems"):
        wanted = "two numbers [lo, hi]" if path[-1] == "bounds" else f"2 to {limits.MAX_PLAYERS} names"
        return InputError(format_path(path), f"expected {wanted}")
    if kind == "enum":
        return InputError(format_path(path), "expected " + " or ".join(json.dumps(v) for v in error.validator_value))
    if kind in ("minimum", "maximum"):
        return InputError(format_path(path), f"outside the allowed range ±{limits.MAX_ABS_VALUE:,.0f}")
    if kind == "maxLength":
        return InputError(format_path(path), f"longer than {error.validator_value} characters")
    if kind == "pattern":
        return InputError(format_path(path), "control characters, line separators and lone surrogates (\\ud800-\\udfff) are not allowed")
    if kind == "minLength":
        return InputError(format_path(path), "must not be empty")
    if kind == "maxItems":
        return InputError(format_path(path), f"more than {error.validator_value} children (the limit)")
    if kind == "minItems":
        return InputError(format_path(path), EMPTY_LIST)
    if kind in ("anyOf", "oneOf") and path and path[-1] in ("value", "eval"):
        return InputError(format_path(path), "expected a finite number")  # (a list of them in a players tree)
    if kind in ("anyOf", "oneOf"):
        return InputError(format_path(path), "expected a finite number or a list")
    return InputError(format_path(path), error.message)


_number = finite_number


def _from_nodes(data: dict[str, Any]) -> TreeNode:
    """Build nodes from the object form; players alternate from a MAX root where left out (in a
    players tree they take turns in the root's order), and a node without an id gets the
    shorthand's name for its place (`_name_by_place`)."""
    taken = _given_ids(data)
    seen: dict[str, str] = {}
    rules = TreeRules(data)

    def build(item: dict[str, Any], path: list[str | int], default_player: str, parent_id: str | None) -> TreeNode:
        where = format_path(path)
        if "id" in item:
            node_id = item["id"]
            if node_id in seen:
                raise InputError(format_path([*path, "id"]), f"duplicate id {quoted(node_id)} (also at {seen[node_id] or 'the root'})")
        else:
            node_id = _name_by_place(parent_id, path, taken)
        seen[node_id] = where
        rules.check_root_only(item, path)
        player = rules.player(item, path, default_player)
        raw_children = item.get("children") or []
        value = item.get("value")
        rules.check_outcomes(item, path, player)
        if raw_children and value is not None:
            raise InputError(format_path([*path, "value"]), "only leaves have a value; use eval for an estimate")
        if not raw_children and value is None:
            raise InputError(format_path([*path, "value"]), rules.leaf_needs_value())
        node = TreeNode(
            id=node_id,
            label=item.get("label") or node_id,
            player=player,
            value=None if value is None else rules.value(value, [*path, "value"]),
            eval=None if item.get("eval") is None else rules.value(item["eval"], [*path, "eval"]),
            probability=item.get("probability"),
        )
        after = rules.next_player(player, default_player)
        node.children = [
            build(child, [*path, "children", i], after, node_id) for i, child in enumerate(raw_children)
        ]
        return node

    root = build(data, [], rules.first_player(), None)
    root.bounds = rules.bounds
    root.players = rules.players
    return root


SHORTHAND_ROOT_ID = "A"
"""The shorthand's name for the root; its children are named by `shorthand_child_id`."""


def _given_ids(data: dict[str, Any]) -> set[str]:
    """The ids the object form gives (iteratively, as the size check counts)."""
    ids: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if "id" in item:
            ids.add(item["id"])
        stack.extend(item.get("children") or [])
    return ids


def _name_by_place(parent_id: str | None, path: list[str | int], taken: set[str]) -> str:
    """A name for a node given without an id: the shorthand's name for its place (root A; the
    child at index i of P: `shorthand_child_id(P, i, depth)`), or if another node has that id,
    the name for index i + 1, i + 2, ... (the editor's Add child sends its new child this way).
    The name is added to `taken`."""
    where = format_path(path)
    if parent_id is None:
        if SHORTHAND_ROOT_ID in taken:
            raise InputError("id", f"the root needs an id: the shorthand's name for it, {SHORTHAND_ROOT_ID}, is another node's id")
        taken.add(SHORTHAND_ROOT_ID)
        return SHORTHAND_ROOT_ID
    index = path[-1]
    assert isinstance(index, int)
    depth = sum(1 for part in path if isinstance(part, int))
    # Ends: the candidates for index, index + 1, ... are all different, and `taken` is finite.
    node_id = shorthand_child_id(parent_id, index, depth)
    while node_id in taken:
        index += 1
        node_id = shorthand_child_id(parent_id, index, depth)
    if len(node_id) > limits.MAX_LABEL_LENGTH:
        raise InputError(where, f"its generated id {node_id[:12]}... is longer than {limits.MAX_LABEL_LENGTH} characters: give it an id")
    taken.add(node_id)
    return node_id


def shorthand_child_id(parent_id: str, index: int, depth: int) -> str:
    """Lecture-style names: root A; then B, C, D; then B1, B2; then B1a, B1b; then B1a1 ..."""
    if depth == 1:
        return _letters(index + 1).upper()  # B, C, ... (A is the root)
    if depth % 2 == 0:
        return f"{parent_id}{index + 1}" if not parent_id[-1].isdigit() else f"{parent_id}.{index + 1}"
    return f"{parent_id}{_letters(index)}"


def _letters(n: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa (spreadsheet columns)."""
    out = ""
    n += 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("a") + rem) + out
    return out


def _from_shorthand(data: list[Any]) -> TreeNode:
    """Nested lists of leaf values; MAX at the root, players alternating."""

    def build(item: Any, node_id: str, path: list[str | int], depth: int, player: Player) -> TreeNode:
        if len(node_id) > limits.MAX_LABEL_LENGTH:
            raise InputError(format_path(path), f"its generated id {node_id[:12]}... is longer than {limits.MAX_LABEL_LENGTH} characters: use the object form with shorter ids")
        if isinstance(item, list):
            if not item:  # the schema says so too; here for where jsonschema cannot be installed (Pyodide)
                raise InputError(format_path(path), EMPTY_LIST)
            node = TreeNode(id=node_id, label=node_id, player=player)
            node.children = [
                build(child, shorthand_child_id(node_id, i, depth + 1), [*path, i], depth + 1, other(player))
                for i, child in enumerate(item)
            ]
            return node
        return TreeNode(id=node_id, label=node_id, player=player, value=_number(item, format_path(path)))

    return build(data, "A", [], 0, "max")


class MissingEstimate(InputError):
    """A depth limit cuts off a node that has no `eval`: `node` is its id, so that a page can
    offer to add the estimate there (the server sends it beside the message)."""

    def __init__(self, where: str, problem: str, *, node: str, depth_limit: int) -> None:
        super().__init__(where, problem)
        self.node = node
        self.depth_limit = depth_limit


def check_estimates(root: TreeNode, depth_limit: int | None, within: str = "") -> None:
    """With a depth limit, every internal node at the limit needs an `eval` to be scored by.
    `within` names where the tree sits in the request (``tree``), for the error's path."""
    if depth_limit is None:
        return
    stack: list[tuple[TreeNode, list[str | int]]] = [(root, [])]
    while stack:
        node, path = stack.pop()
        depth = sum(1 for p in path if isinstance(p, int))
        if depth == depth_limit:
            if node.children and node.eval is None:
                raise MissingEstimate(
                    format_path([within, *path, "eval"] if within else [*path, "eval"]),
                    f"node {quoted(node.id)} is cut off by the depth limit {depth_limit} and needs an estimate",
                    node=node.id,
                    depth_limit=depth_limit,
                )
            continue
        # Reversed, so the first node in order is the one reported.
        stack.extend(reversed([(child, [*path, "children", i]) for i, child in enumerate(node.children)]))
