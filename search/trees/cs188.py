"""UC Berkeley CS188's game-tree tests (the Pacman multiagent project's `GraphGameTreeTest` files)
read as one of our trees, so a student can step through the search its autograder grades.

A `.test` file is `key: "value"` lines and `key: \"\"\" ... \"\"\"` blocks (CS188's testParser.py;
`#` starts a comment outside a block). A GraphGameTreeTest names `alg` (MinimaxAgent,
AlphaBetaAgent or ExpectimaxAgent), `depth`, `num_agents`, `start_state`, `win_states`,
`lose_states`, a `successors` block of `state action next_state` lines and an `evaluation` block of
`state value` lines (multiagentTestClasses.py's parseTreeProblem). Its autograder runs the agent as
the project asks for it:

- one search ply per agent: Pacman (agent 0) is MAX, each ghost (agents 1 .. num_agents - 1, in
  turn) is MIN, or for ExpectimaxAgent a chance node whose moves are equally likely;
- `depth` counts rounds of every agent, so the search is cut after depth x num_agents plies;
- a win or lose state, a state with no successors and a state at the cut are scored by the file's
  evaluation (getScore), whoever's turn it is;
- alpha-beta prunes only on a strict inequality (v > beta, v < alpha; the project: "you must not
  prune on equality"), our tie rule "explore";
- it grades the move chosen and the set of states generated (every successor made), which is our
  trace's set of visited nodes.

So the file's graph is unrolled into a tree cut at depth x num_agents plies: a node is a state in
its place (id the state's name, numbered `B~2`, `B~3` where the same state is reached again), its
label the state and the action into it, `B (Left)`, for our tree format has no field for an edge's
label. A graph with a cycle is refused, as are a successor from a state nothing leads to, a leaf
without an evaluation and a tree past our limits; each error names the file's line.

States that `win_states`, `lose_states` or `evaluation` name and no successor line does are ignored, as
CS188's own GraphGameTreeTest ignores them (its win and lose states are sets it asks membership of, its
evaluation a dict it reads at the leaves it reaches): courses' files list more than their trees hold (the
`1-3-minmax` files list win states d1 .. d8 where only d5 .. d8 and dx exist). Each such key is one note
(CS188Import.notes), which the CLI prints and POST /api/import/cs188 answers in `cs188.notes`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from search import limits
from search.errors import InputError, quoted
from search.trees.node import CHANCE
from search.trees.parse import tree_from_json

AGENTS = {"MinimaxAgent": "minimax", "AlphaBetaAgent": "alphabeta", "ExpectimaxAgent": "expectiminimax"}
"""CS188's agent classes and our algorithm for each."""

TIES = "explore"
"""CS188's tie rule: its alpha-beta prunes on v > beta and v < alpha only."""

TEST_CLASS = "GraphGameTreeTest"
REQUIRED = ("alg", "depth", "num_agents", "start_state", "successors", "evaluation")
BLOCKS = ("successors", "evaluation")
"""The keys whose value is a block of lines (diagram is one too, and only read by people)."""

_ONE_LINE = re.compile(r'\A([^"]*?):\s*"([^"]*)"\s*\Z')
_BLOCK_START = re.compile(r'\A([^"]*?):\s*"""\s*\Z')
_BLOCK_END = re.compile(r'\A\s*"""\s*\Z')
_NUMBER = re.compile(r"\A[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?\Z")
_WHOLE = re.compile(r"\A\d{1,4}\Z")
_BAD_CHARS = re.compile("[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]")
NOTE_NAMES = 8
"""The most ignored states one note names (then "and N more"): a note stays a line whatever the file lists."""


@dataclass(slots=True)
class Entry:
    """One key of the file: its value (a block's lines joined) and where it is."""

    value: str
    line: int
    lines: list[tuple[int, str]] = field(default_factory=list)  # a block's lines with their numbers


@dataclass(slots=True)
class Successor:
    state: str
    action: str
    next_state: str
    line: int


@dataclass(slots=True)
class CS188Import:
    """The tree of a GraphGameTreeTest and how its autograder searches it."""

    tree: dict[str, Any]
    algorithm: str
    agent: str
    depth: int
    num_agents: int
    start_state: str
    state_of: dict[str, str]
    """Each node id's state name (the ids of a state reached twice are numbered)."""
    action_of: dict[str, str]
    """Each node id but the root's: the action that leads to it."""
    notes: list[str] = field(default_factory=list)
    """What the import ignored, as CS188's own test class does, one sentence a key naming its line (states
    that win_states, lose_states or evaluation name and no successor line does)."""

    @property
    def plies(self) -> int:
        return self.depth * self.num_agents

    def to_json(self) -> dict[str, Any]:
        """The tree and a search request's options beside it (tree, algorithm, ties, depth: what
        search.request.parse_request takes), then what the file said (cs188, with the notes on what was
        ignored) and the actions."""
        return {
            "tree": self.tree,
            "algorithm": self.algorithm,
            "ties": TIES,
            "depth": None,  # the tree is already cut where the autograder's search stops
            "cs188": {"class": TEST_CLASS, "alg": self.agent, "depth": self.depth, "num_agents": self.num_agents,
                      "plies": self.plies, "start_state": self.start_state, "notes": list(self.notes)},
            "actions": self.action_of,
        }

    def summary(self) -> str:
        """One line for people: what the file asks and how to search it here."""
        head = f"CS188 {self.agent}, depth {self.depth} x {self.num_agents} agents = {self.plies} plies: search with --algorithm {self.algorithm}"
        if self.algorithm == "alphabeta":
            return f"{head} --ties {TIES} (the autograder prunes only on v > beta, v < alpha)"
        return f"{head} (it never prunes; the autograder's tie rule, {TIES}, is alpha-beta's)"


def import_cs188(text: str | bytes) -> CS188Import:
    """Read a GraphGameTreeTest file; InputError naming the line for anything wrong with it."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("", "not UTF-8 text") from None
    size = len(text.encode("utf-8"))
    if size > limits.MAX_PAYLOAD_BYTES:
        raise InputError("", f"the test file is {size:,} bytes; the limit is {limits.MAX_PAYLOAD_BYTES:,}", too_large=True)
    entries = read_entries(text)
    return _build(entries)


def read_entries(text: str) -> dict[str, Entry]:
    """The file's keys, as CS188's testParser.py reads them: `#` ends a line outside a block, a
    block's lines are kept as written. A line that is neither is an error naming it."""
    raw = [line.rstrip("\r") for line in text.split("\n")]
    entries: dict[str, Entry] = {}
    i = 0
    while i < len(raw):
        line = raw[i].split("#", 1)[0]
        number = i + 1
        i += 1
        if not line.strip():
            continue
        one = _ONE_LINE.match(line)
        start = _BLOCK_START.match(line)
        if one is None and start is None:
            raise InputError(f"line {number}", f'expected key: "value" or key: """ (a block), got {_show(raw[number - 1])}')
        key = (one or start).group(1).strip()  # type: ignore[union-attr]
        if key in entries:
            raise InputError(f"line {number}", f"a second {key} (the first is on line {entries[key].line})")
        if one is not None:
            entries[key] = Entry(one.group(2), number)
            continue
        block: list[tuple[int, str]] = []
        while i < len(raw) and not _BLOCK_END.match(raw[i].split("#", 1)[0]):
            block.append((i + 1, raw[i]))
            i += 1
        if i == len(raw):
            raise InputError(f"line {number}", f'the block {key} is not closed: end it with a line """')
        i += 1
        entries[key] = Entry("\n".join(content for _, content in block), number, block)
    return entries


def _show(text: str) -> str:
    return quoted(text.strip())


def _whole(entries: dict[str, Entry], key: str, lo: int) -> int:
    entry = entries[key]
    if not _WHOLE.match(entry.value.strip()) or int(entry.value) < lo:
        raise InputError(f"line {entry.line}", f"{key}: expected a whole number of {lo} or more, got {quoted(entry.value)}")
    return int(entry.value)


def _name(token: str, line: int, what: str) -> str:
    if len(token) > limits.MAX_LABEL_LENGTH:
        raise InputError(f"line {line}", f"{what} {token[:12]}... is longer than {limits.MAX_LABEL_LENGTH} characters")
    if _BAD_CHARS.search(token):
        raise InputError(f"line {line}", f"{what} {quoted(token)} has a control character")
    return token


def _build(entries: dict[str, Entry]) -> CS188Import:
    kind = entries.get("class")
    if kind is not None and kind.value != TEST_CLASS:
        raise InputError(f"line {kind.line}", f"class {quoted(kind.value)}: this reads {TEST_CLASS} files (a game tree); "
                                              "other CS188 tests play whole games on a layout")
    for key in REQUIRED:
        if key not in entries:
            example = f'{key}: """ ... """' if key in BLOCKS else f'{key}: "..."'
            raise InputError(key, f"missing: a {TEST_CLASS} file needs a line {example}")
    for key in BLOCKS:
        if not entries[key].lines and entries[key].value:
            raise InputError(f"line {entries[key].line}", f'{key}: expected a block, {key}: """ then its lines, then """')
    alg = entries["alg"]
    if alg.value not in AGENTS:
        raise InputError(f"line {alg.line}", f"alg: expected one of {', '.join(AGENTS)}, got {quoted(alg.value)}")
    depth = _whole(entries, "depth", 1)
    num_agents = _whole(entries, "num_agents", 1)
    start = entries["start_state"]
    start_state = _name(start.value.strip(), start.line, "the start state")
    if not start_state or len(start.value.split()) != 1:
        raise InputError(f"line {start.line}", f"start_state: expected one state's name, got {quoted(start.value)}")
    successors = _successors(entries["successors"])
    evaluation = _evaluation(entries["evaluation"])
    graph = _graph(successors, start_state, start.line)
    in_graph = set(graph) | {s.next_state for moves in graph.values() for s in moves}
    notes: list[str] = []
    ends = {key: _end_states(entries, key, in_graph, notes) for key in ("win_states", "lose_states")}
    notes.extend(_unused_evaluations(entries["evaluation"], evaluation, in_graph))
    _check_acyclic(graph, start_state)
    builder = _Unroller(graph, evaluation, ends, depth, num_agents, AGENTS[alg.value], start, entries["depth"].line)
    tree = builder.build()
    tree_from_json(tree)  # the one validator: what we hand on is a tree every other way in accepts
    return CS188Import(tree, AGENTS[alg.value], alg.value, depth, num_agents, start_state,
                       builder.state_of, builder.action_of, notes)


def _successors(entry: Entry) -> list[Successor]:
    out: list[Successor] = []
    for number, text in entry.lines:
        tokens = text.split()
        if not tokens:
            continue  # a blank line (CS188's own parser would stop at it)
        if len(tokens) != 3:
            raise InputError(f"line {number}", f"successors: expected 'state action next_state', got {_show(text)}")
        state, action, next_state = tokens
        out.append(Successor(_name(state, number, "state"), _name(action, number, "action"),
                             _name(next_state, number, "state"), number))
    if not out:
        raise InputError(f"line {entry.line}", "successors: the block has no lines: the start state needs moves")
    return out


def _evaluation(entry: Entry) -> dict[str, tuple[float, int]]:
    """state -> (value, line)."""
    out: dict[str, tuple[float, int]] = {}
    for number, text in entry.lines:
        tokens = text.split()
        if not tokens:
            continue
        if len(tokens) != 2:
            raise InputError(f"line {number}", f"evaluation: expected 'state value', got {_show(text)}")
        state, value = tokens
        if not _NUMBER.match(value):
            raise InputError(f"line {number}", f"evaluation of {quoted(state)}: expected a number such as 4.0, got {quoted(value)}")
        number_value = float(value)
        if not math.isfinite(number_value) or abs(number_value) > limits.MAX_ABS_VALUE:
            raise InputError(f"line {number}", f"evaluation of {quoted(state)}: outside the allowed range ±{limits.MAX_ABS_VALUE:,.0f}")
        if state in out:
            raise InputError(f"line {number}", f"a second evaluation of {quoted(state)} (the first is on line {out[state][1]})")
        out[_name(state, number, "state")] = (int(number_value) if number_value.is_integer() else number_value, number)
    return out


def _graph(successors: list[Successor], start_state: str, start_line: int) -> dict[str, list[Successor]]:
    """Each state's moves in the file's order (getLegalActions' order); a line from a state that is
    not the start and that no line leads to is refused (a misspelt name, most likely)."""
    graph: dict[str, list[Successor]] = {}
    reached = {start_state} | {s.next_state for s in successors}
    for s in successors:
        if s.state not in reached:
            raise InputError(f"line {s.line}", f"a successor of unknown state {quoted(s.state)}: it is not the start state "
                                               f"and no successor line leads to it")
        moves = graph.setdefault(s.state, [])
        twin = next((m for m in moves if m.action == s.action), None)
        if twin is not None:
            raise InputError(f"line {s.line}", f"a second action {quoted(s.action)} from {quoted(s.state)} (the first is on line {twin.line})")
        moves.append(s)
    if start_state not in graph:
        raise InputError(f"line {start_line}", f"no successor line starts from the start state {quoted(start_state)}: nothing to search")
    return graph


def _end_states(entries: dict[str, Entry], key: str, in_graph: set[str], notes: list[str]) -> set[str]:
    """The states of `key` (win_states, lose_states) that the successors hold; those they do not are ignored, as
    CS188's GraphGameTreeTest ignores them (a set it only asks membership of), with a note naming them."""
    entry = entries.get(key)
    if entry is None:
        return set()
    names = list(dict.fromkeys(entry.value.split()))
    ignored = [name for name in names if name not in in_graph]
    if ignored:
        one = len(ignored) == 1
        notes.append(f"line {entry.line}: {key}: {_names(ignored)} {'is' if one else 'are'} in no successor line: ignored, "
                     f"as CS188's GraphGameTreeTest ignores {'it' if one else 'them'}")
    return set(names) - set(ignored)


def _unused_evaluations(entry: Entry, evaluation: dict[str, tuple[float, int]], in_graph: set[str]) -> list[str]:
    """A note on the evaluation lines of states no successor line names (the autograder never reads them)."""
    ignored = [state for state in evaluation if state not in in_graph]
    if not ignored:
        return []
    one = len(ignored) == 1
    return [f"line {entry.line}: evaluation: {_names(ignored)} {'is' if one else 'are'} in no successor line: "
            f"{'its line is' if one else 'their lines are'} ignored, as CS188's GraphGameTreeTest ignores {'it' if one else 'them'}"]


def _names(states: list[str]) -> str:
    """'d1', 'd2' and 'd3'; past NOTE_NAMES, the first ones and how many more (each name quoted short)."""
    shown = [quoted(state) for state in states[:NOTE_NAMES]]
    if len(states) > NOTE_NAMES:
        return f"{', '.join(shown)} and {len(states) - NOTE_NAMES:,} more"
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def _check_acyclic(graph: dict[str, list[Successor]], start_state: str) -> None:
    """Refuse a cycle reachable from the start (depth-first, without recursion), naming the line that closes it."""
    done: set[str] = set()
    on_path: list[str] = [start_state]
    stack: list[tuple[str, int]] = [(start_state, 0)]
    while stack:
        state, k = stack[-1]
        moves = graph.get(state, [])
        if k == len(moves):
            stack.pop()
            on_path.pop()
            done.add(state)
            continue
        stack[-1] = (state, k + 1)
        nxt = moves[k].next_state
        if nxt in done:
            continue
        if nxt in on_path:
            loop = " -> ".join([*on_path[on_path.index(nxt):], nxt])
            raise InputError(f"line {moves[k].line}", f"{moves[k].state} {moves[k].action} {nxt} closes a cycle ({loop}): "
                                                      "a game tree's states lead only forward")
        on_path.append(nxt)
        stack.append((nxt, 0))


class _Unroller:
    """The graph as a tree of node objects (our tree JSON), cut at depth x num_agents plies."""

    def __init__(self, graph: dict[str, list[Successor]], evaluation: dict[str, tuple[float, int]],
                 end_kinds: dict[str, set[str]], depth: int, num_agents: int, algorithm: str, start: Entry,
                 depth_line: int) -> None:
        self.graph, self.evaluation, self.end_kinds = graph, evaluation, end_kinds
        self.depth, self.num_agents, self.algorithm, self.start = depth, num_agents, algorithm, start
        self.depth_where = f"line {depth_line}"
        self.plies = depth * num_agents
        self.ghost = CHANCE if algorithm == "expectiminimax" else "min"
        self.taken = set(graph) | {s.next_state for moves in graph.values() for s in moves} | set(evaluation)
        self.copies: dict[str, int] = {}
        self.state_of: dict[str, str] = {}
        self.action_of: dict[str, str] = {}
        self.count = 0

    def player(self, ply: int) -> str:
        """Agent ply % num_agents moves: Pacman (0) is MAX, the ghosts MIN (or chance, for expectimax)."""
        return "max" if ply % self.num_agents == 0 else self.ghost

    def node_id(self, state: str, line: int) -> str:
        """The state's name, numbered from its second place on (B~2), never another state's name."""
        if state not in self.state_of:
            return state
        k = self.copies.get(state, 1)
        node_id = state
        while node_id in self.state_of or node_id in self.taken:
            k += 1
            node_id = f"{state}~{k}"
        self.copies[state] = k
        if len(node_id) > limits.MAX_LABEL_LENGTH:
            raise InputError(f"line {line}", f"state {state[:12]}... is reached more than once and its numbered id "
                                             f"{node_id[:12]}... is longer than {limits.MAX_LABEL_LENGTH} characters")
        return node_id

    def build(self) -> dict[str, Any]:
        root_state = self.start.value.strip()
        root: dict[str, Any] = {}
        # (state, ply, the node's dict, the move into it or None): iterative, in the search's order.
        stack: list[tuple[str, int, dict[str, Any], Successor | None]] = [(root_state, 0, root, None)]
        while stack:
            state, ply, node, move = stack.pop()
            self.count += 1
            if self.count > limits.MAX_TREE_NODES:
                raise InputError(self.depth_where, f"depth: cut at {self.depth} x {self.num_agents} agents = {self.plies} plies the tree has more than "
                                          f"{limits.MAX_TREE_NODES:,} nodes (the limit): lower depth")
            if ply > limits.MAX_TREE_DEPTH:
                raise InputError(self.depth_where, f"depth: the tree is deeper than {limits.MAX_TREE_DEPTH} plies (the limit): lower depth")
            line = self.start.line if move is None else move.line
            node_id = self.node_id(state, line)
            self.state_of[node_id] = state
            label = state
            if move is not None:
                self.action_of[node_id] = move.action
                with_action = f"{state} ({move.action})"
                label = with_action if len(with_action) <= limits.MAX_LABEL_LENGTH else state
            node.update(id=node_id, label=label, player=self.player(ply))
            moves = self.graph.get(state, [])
            leaf = self.leaf_reason(state, ply, moves)
            if leaf:
                if move is None:
                    raise InputError(f"line {line}", f"the start state {quoted(state)} is {leaf}: nothing to search")
                node["value"] = self.value_of(state, move, leaf)
                continue
            children: list[dict[str, Any]] = [{} for _ in moves]
            node["children"] = children
            stack.extend((m.next_state, ply + 1, child, m) for m, child in reversed(list(zip(moves, children))))
        return root

    def leaf_reason(self, state: str, ply: int, moves: list[Successor]) -> str:
        """Why the autograder's search scores this state rather than looks below it ("" if it does not)."""
        if state in self.end_kinds["win_states"]:
            return "a win state"
        if state in self.end_kinds["lose_states"]:
            return "a lose state"
        if ply == self.plies:
            return f"cut by depth {self.depth} x {self.num_agents} agents = {self.plies} plies"
        if not moves:
            return "a state with no successors"
        return ""

    def value_of(self, state: str, move: Successor, reason: str) -> float:
        if state not in self.evaluation:
            raise InputError(f"line {move.line}", f"{move.state} {move.action} {state}: {quoted(state)} is a leaf of the search "
                                                  f"({reason}) and needs an evaluation line '{state} <value>'")
        return self.evaluation[state][0]
