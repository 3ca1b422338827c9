"""UC Berkeley CS188's game-tree tests (multiagent project, GraphGameTreeTest) read as our trees
(search/trees/cs188.py): the engine's root value and move are what the autograder's algorithm gives,
and for alpha-beta the states our trace visits are the states its autograder expects generated
(ties explore: it prunes only on v > beta, v < alpha). Every expected value below is worked by hand.

The .test files are written here in CS188's public format; they are this suite's own trees, but for
ONE_THREE, written as the course's own test_cases/q2 and q3 `1-3-minmax` files are laid out (the same key
order, blocks and states, and a win_states list longer than the tree: CS188's test class ignores the
states its successors never reach, and so does the import, with a note).
"""

from __future__ import annotations

from typing import Any

import pytest

from search import InputError, Recorder, limits, parse_request
from search.trees.cs188 import CS188Import, import_cs188
from tests.helpers.cli import run_cli


def test_file(alg: str, depth: int, successors: str, evaluation: str, *, num_agents: int = 2, start: str = "a",
              win: str = "", lose: str = "") -> str:
    """A GraphGameTreeTest file as CS188's autograder reads it."""
    return (f'class: "GraphGameTreeTest"\nalg: "{alg}"\ndepth: "{depth}"\n\n'
            f'# written for Minimax Lab\ndiagram: """\n   (see the successors)\n"""\nnum_agents: "{num_agents}"\n\n'
            f'start_state: "{start}"\nwin_states: "{win}"\nlose_states: "{lose}"\n\n'
            f'successors: """\n{successors.strip()}\n"""\n\nevaluation: """\n{evaluation.strip()}\n"""\n')


test_file.__test__ = False  # type: ignore[attr-defined]  # a helper, not a test


def search(imported: CS188Import, ties: str | None = None) -> tuple[Any, list[str], set[str]]:
    """The engine's search of the imported tree as the page and the CLI run it: its result, the visited
    node ids in order, and the states they are (what the autograder calls generated)."""
    data = imported.to_json()
    request = parse_request({"tree": data["tree"], "algorithm": data["algorithm"], "ties": ties or data["ties"],
                             "depth": data["depth"]})
    recorder = Recorder()
    result = request.run(recorder)
    visited = [e["node"] for e in recorder.events() if e["type"] == "visit"]
    return result, visited, {imported.state_of[node] for node in visited}


def players(imported: CS188Import) -> dict[str, str]:
    out: dict[str, str] = {}
    stack = [imported.tree]
    while stack:
        node = stack.pop()
        out[node["id"]] = node["player"]
        stack.extend(node.get("children", []))
    return out


TWO_ROUNDS = """
a Left b1
a Right b2
b1 Left c1
b1 Right c2
b2 Left c3
b2 Right c4
c1 Left d1
c1 Right d2
c2 Left d3
c3 Left d4
c4 Left d5
c4 Right d6
"""


def test_minimax_pacman_max_ghost_min_to_the_leaves() -> None:
    imported = import_cs188(test_file("MinimaxAgent", 2, TWO_ROUNDS, "d1 3.0\nd2 9.0\nd3 4.0\nd4 6.0\nd5 1.0\nd6 7.0"))
    assert (imported.algorithm, imported.plies) == ("minimax", 4)
    assert players(imported) == {"a": "max", "b1": "min", "b2": "min", "c1": "max", "c2": "max", "c3": "max", "c4": "max",
                                 "d1": "min", "d2": "min", "d3": "min", "d4": "min", "d5": "min", "d6": "min"}
    result, _, generated = search(imported)
    # c1 = max(3, 9) = 9, c2 = 4, b1 = min(9, 4) = 4; c3 = 6, c4 = max(1, 7) = 7, b2 = min(6, 7) = 6; a = max(4, 6) = 6
    assert result.value == 6
    assert imported.action_of[result.move] == "Right"
    assert generated == {"a", "b1", "b2", "c1", "c2", "c3", "c4", "d1", "d2", "d3", "d4", "d5", "d6"}


def test_the_label_carries_the_action_and_the_id_the_state() -> None:
    imported = import_cs188(test_file("MinimaxAgent", 2, TWO_ROUNDS, "d1 3.0\nd2 9.0\nd3 4.0\nd4 6.0\nd5 1.0\nd6 7.0"))
    root = imported.tree
    assert (root["id"], root["label"]) == ("a", "a")
    assert [(c["id"], c["label"]) for c in root["children"]] == [("b1", "b1 (Left)"), ("b2", "b2 (Right)")]
    assert root["children"][0]["children"][0]["children"][1] == {"id": "d2", "label": "d2 (Right)", "player": "min", "value": 9}


TIES = """
a Left b1
a Middle b2
a Right b3
b1 x c1
b1 y c2
b2 x c3
b2 y c4
b2 z c5
b3 x c6
b3 y c7
"""
TIES_EVAL = "c1 5.0\nc2 8.0\nc3 5.0\nc4 7.0\nc5 1.0\nc6 2.0\nc7 9.0"


def test_alphabeta_explores_on_ties_as_the_autograder_does() -> None:
    imported = import_cs188(test_file("AlphaBetaAgent", 1, TIES, TIES_EVAL))
    assert (imported.algorithm, imported.to_json()["ties"]) == ("alphabeta", "explore")
    result, visited, generated = search(imported)
    # b1 = min(5, 8) = 5, so alpha = 5 at a. At b2, c3 = 5 is not < alpha: explored on (the tie);
    # c4 = 7, then c5 = 1 < 5 (no child left to prune). At b3, c6 = 2 < 5: c7 is pruned.
    assert result.value == 5
    assert imported.action_of[result.move] == "Left"
    assert visited == ["a", "b1", "c1", "c2", "b2", "c3", "c4", "c5", "b3", "c6"]
    assert generated == {"a", "b1", "b2", "b3", "c1", "c2", "c3", "c4", "c5", "c6"}
    # The slides' rule (prune on v <= alpha) would stop at c3 = 5 and not generate c4, c5: the autograder fails that.
    _, _, on_ties = search(imported, ties="prune")
    assert generated - on_ties == {"c4", "c5"}


PRUNE_AT_MAX = """
a Left b1
a Right b2
b1 Left c1
b1 Right c2
b2 Left c3
b2 Right c4
c1 Left d1
c1 Right d2
c2 Left d3
c2 Right d4
c3 Left d5
c3 Right d6
c4 Left d7
c4 Right d8
"""


@pytest.mark.parametrize(("d3", "value", "pruned"), [
    (6.0, 4, {"d4", "c4", "d7", "d8"}),  # c2: d3 = 6 > beta = 4, so d4 is pruned
    (4.0, 4, {"c4", "d7", "d8"}),  # c2: d3 = 4 is not > beta = 4: d4 is generated (explore)
])
def test_alphabeta_prunes_at_max_and_min_on_strict_inequality_only(d3: float, value: float, pruned: set[str]) -> None:
    evaluation = f"d1 3.0\nd2 4.0\nd3 {d3}\nd4 1.0\nd5 2.0\nd6 3.0\nd7 8.0\nd8 9.0"
    imported = import_cs188(test_file("AlphaBetaAgent", 2, PRUNE_AT_MAX, evaluation))
    result, _, generated = search(imported)
    # c1 = max(3, 4) = 4: beta = 4 at b1; b1 = 4, alpha = 4 at a. b2: c3 = max(2, 3) = 3 < 4, so c4 is pruned.
    assert result.value == value
    assert imported.action_of[result.move] == "Left"
    everything = {"a", "b1", "b2", *(f"c{i}" for i in range(1, 5)), *(f"d{i}" for i in range(1, 9))}
    assert generated == everything - pruned


def test_expectimax_ghosts_are_uniform_chance_nodes() -> None:
    successors = "a Left b1\na Right b2\nb1 x c1\nb1 y c2\nb2 x c3\nb2 y c4\nb2 z c5"
    evaluation = "c1 3.0\nc2 9.0\nc3 0.0\nc4 10.0\nc5 11.0"
    imported = import_cs188(test_file("ExpectimaxAgent", 1, successors, evaluation))
    assert imported.algorithm == "expectiminimax"
    assert players(imported)["b1"] == players(imported)["b2"] == "chance"
    assert all("probability" not in child for b in imported.tree["children"] for child in b["children"])  # uniform
    result, _, generated = search(imported)
    # b1 = (3 + 9) / 2 = 6, b2 = (0 + 10 + 11) / 3 = 7: a = 7, Right (minimax would take Left: min 3 against min 0)
    assert result.value == pytest.approx(7)
    assert imported.action_of[result.move] == "Right"
    assert generated == {"a", "b1", "b2", "c1", "c2", "c3", "c4", "c5"}
    minimax = import_cs188(test_file("MinimaxAgent", 1, successors, evaluation))
    assert imported.action_of[search(minimax)[0].move] == "Left"


def test_a_win_on_a_ghosts_turn_is_a_leaf_whoever_moves_there() -> None:
    successors = "a Left win1\na Right b\nb x c1\nb y c2\nc2 Left d\nwin1 x never"
    evaluation = "win1 8.0\nc1 -10.0\nd 30.0\nnever 1000.0"
    imported = import_cs188(test_file("ExpectimaxAgent", 2, successors, evaluation, win="win1 d", lose="c1"))
    tree = imported.tree
    win1 = tree["children"][0]
    assert win1 == {"id": "win1", "label": "win1 (Left)", "player": "chance", "value": 8}  # a chance leaf
    d = tree["children"][1]["children"][1]["children"][0]
    assert (d["id"], d["player"], d["value"]) == ("d", "chance", 30)  # ply 3: a ghost's turn, and a win
    result, _, generated = search(imported)
    # win1 = 8 (its successor is never generated); b = (c1 + c2) / 2 = (-10 + max(30)) / 2 = 10; a = max(8, 10) = 10
    assert result.value == pytest.approx(10)
    assert imported.action_of[result.move] == "Right"
    assert generated == {"a", "win1", "b", "c1", "c2", "d"}


CUT = "a Left b1\na Right b2\nb1 x c1\nb1 y c2\nb2 x c3\nc1 Left e1\nc3 Left e2"
CUT_EVAL = "c1 5.0\nc2 4.0\nc3 3.0\ne1 0.0\ne2 7.0"


def test_depth_counts_rounds_of_every_agent_and_the_cut_uses_the_files_evaluations() -> None:
    one = import_cs188(test_file("MinimaxAgent", 1, CUT, CUT_EVAL))
    assert one.plies == 2
    c1 = one.tree["children"][0]["children"][0]
    assert c1 == {"id": "c1", "label": "c1 (x)", "player": "max", "value": 5}  # cut: it has a successor, e1
    result, _, generated = search(one)
    # depth 1: b1 = min(5, 4) = 4, b2 = 3: a = 4, Left; e1 and e2 are past the cut
    assert (result.value, one.action_of[result.move]) == (4, "Left")
    assert generated == {"a", "b1", "b2", "c1", "c2", "c3"}
    two = import_cs188(test_file("MinimaxAgent", 2, CUT, CUT_EVAL))
    result, _, generated = search(two)
    # depth 2 (4 plies): c1 = e1 = 0, c2 = 4 (no successors), b1 = 0; c3 = e2 = 7, b2 = 7: a = 7, Right
    assert (result.value, two.action_of[result.move]) == (7, "Right")
    assert generated == {"a", "b1", "b2", "c1", "c2", "c3", "e1", "e2"}


THREE = """
a Left b1
a Right b2
b1 x c1
b1 y c2
b2 x c3
c1 x d1
c1 y d2
c2 x d3
c3 x d4
c3 y d5
"""
THREE_EVAL = "d1 4.0\nd2 6.0\nd3 5.0\nd4 2.0\nd5 9.0"


def test_three_agents_two_ghosts_min_then_min() -> None:
    imported = import_cs188(test_file("MinimaxAgent", 1, THREE, THREE_EVAL, num_agents=3))
    assert imported.plies == 3
    who = players(imported)
    assert (who["a"], who["b1"], who["c1"], who["d1"]) == ("max", "min", "min", "max")  # ghost 1, ghost 2, cut at Pacman's turn
    result, _, generated = search(imported)
    # c1 = min(4, 6) = 4, c2 = 5, b1 = min(4, 5) = 4; c3 = min(2, 9) = 2, b2 = 2: a = 4, Left
    assert (result.value, imported.action_of[result.move]) == (4, "Left")
    assert len(generated) == 11
    alphabeta = import_cs188(test_file("AlphaBetaAgent", 1, THREE, THREE_EVAL, num_agents=3))
    result, _, generated = search(alphabeta)
    # alpha = 4 after b1; at b2 the alpha reaches c3 (MIN under MIN): d4 = 2 < 4, so d5 is pruned
    assert (result.value, alphabeta.action_of[result.move]) == (4, "Left")
    assert generated == {"a", "b1", "c1", "d1", "d2", "c2", "d3", "b2", "c3", "d4"}


def test_a_state_reached_twice_is_two_nodes_and_one_generated_state() -> None:
    imported = import_cs188(test_file("MinimaxAgent", 1, "a Left b\na Right c\nb x s\nc x s\nc y t", "s 2.0\nt 1.0"))
    ids = [n["id"] for b in imported.tree["children"] for n in b["children"]]
    assert ids == ["s", "s~2", "t"]
    assert imported.state_of["s~2"] == "s"
    result, _, generated = search(imported)
    assert (result.value, imported.action_of[result.move]) == (2, "Left")  # b = 2, c = min(2, 1) = 1
    assert generated == {"a", "b", "c", "s", "t"}


def test_the_result_says_the_algorithm_and_the_tie_rule() -> None:
    data = import_cs188(test_file("AlphaBetaAgent", 1, TIES, TIES_EVAL)).to_json()
    assert {k: data[k] for k in ("algorithm", "ties", "depth")} == {"algorithm": "alphabeta", "ties": "explore", "depth": None}
    assert data["cs188"] == {"class": "GraphGameTreeTest", "alg": "AlphaBetaAgent", "depth": 1, "num_agents": 2, "plies": 2,
                             "start_state": "a", "notes": []}
    assert data["actions"]["b2"] == "Middle"


def test_comments_crlf_and_blank_lines_are_read_as_the_autograder_reads_them() -> None:
    text = test_file("MinimaxAgent", 1, "a Left b # not a comment inside a block", "b 1.0")
    with pytest.raises(InputError, match=r"line 16: successors: expected 'state action next_state'"):
        import_cs188(text)
    crlf = test_file("MinimaxAgent", 1, "a Left b\n\na Right c", "b 1.0\nc 2.0").replace("\n", "\r\n")
    assert import_cs188(crlf).action_of == {"b": "Left", "c": "Right"}


def error_of(text: str) -> str:
    with pytest.raises(InputError) as caught:
        import_cs188(text)
    return str(caught.value)


GOOD = test_file("MinimaxAgent", 1, "a Left b\na Right c", "b 1.0\nc 2.0")


@pytest.mark.parametrize(("text", "message"), [
    (GOOD.replace('start_state: "a"\n', ""), 'start_state: missing: a GraphGameTreeTest file needs a line start_state: "..."'),
    (GOOD.replace('alg: "MinimaxAgent"', 'alg: "GreedyAgent"'), "line 2: alg: expected one of MinimaxAgent, AlphaBetaAgent, ExpectimaxAgent"),
    (GOOD.replace('depth: "1"', 'depth: "0"'), "line 3: depth: expected a whole number of 1 or more"),
    (GOOD.replace('class: "GraphGameTreeTest"', 'class: "PacmanGameTreeTest"'), "line 1: class 'PacmanGameTreeTest'"),
    (GOOD.replace("a Right c", "q Right c"), "line 17: a successor of unknown state 'q': it is not the start state"),
    (GOOD.replace("a Right c", "a Right c\nc Up a"), "line 18: c Up a closes a cycle (a -> c -> a)"),
    (GOOD.replace("c 2.0", "z 2.0"), "line 17: a Right c: 'c' is a leaf of the search (a state with no successors) "
                                     "and needs an evaluation line 'c <value>'"),
    (GOOD.replace("c 2.0", "c two"), "line 22: evaluation of 'c': expected a number such as 4.0, got 'two'"),
    (GOOD.replace("c 2.0", "c nan"), "line 22: evaluation of 'c': expected a number"),
    (GOOD.replace("c 2.0", "c 1e10"), "line 22: evaluation of 'c': outside the allowed range"),
    (GOOD.replace("a Right c", "a Left c"), "line 17: a second action 'Left' from 'a' (the first is on line 16)"),
    (GOOD.replace('depth: "1"', "depth 1"), "line 3: expected key: \"value\" or key: \"\"\" (a block), got 'depth 1'"),
    (GOOD.rsplit('"""', 1)[0], 'line 20: the block evaluation is not closed'),
    (test_file("MinimaxAgent", 1, "b m c\nc m b", "b 1.0", start="x"), "line 11: no successor line starts from the start state 'x'"),
    (GOOD.replace('win_states: ""', 'win_states: "a"'), "line 11: the start state 'a' is a win state: nothing to search"),
])
def test_a_malformed_file_is_refused_naming_the_line(text: str, message: str) -> None:
    assert error_of(text).startswith(message)


def test_past_the_node_and_depth_limits_the_tree_is_refused() -> None:
    # Each state has 3 successors into the next layer of 3: a 3-wide chain, 3^k paths at depth k.
    layers = [["a"]] + [[f"s{k}_{i}" for i in range(3)] for k in range(1, 12)]
    lines = [f"{s} m{i} {t}" for k in range(len(layers) - 1) for s in layers[k] for i, t in enumerate(layers[k + 1])]
    evaluation = "\n".join(f"{s} 1.0" for s in layers[-1])
    big = test_file("MinimaxAgent", 6, "\n".join(lines), evaluation)
    assert error_of(big).startswith(f"line 3: depth: cut at 6 x 2 agents = 12 plies the tree has more than {limits.MAX_TREE_NODES:,} nodes")
    chain = "\n".join(f"s{k} m s{k + 1}" for k in range(45)).replace("s0 ", "a ", 1)
    deep = test_file("MinimaxAgent", 30, chain, "s45 1.0")
    assert error_of(deep).startswith(f"line 3: depth: the tree is deeper than {limits.MAX_TREE_DEPTH} plies")
    huge = GOOD + "#" * limits.MAX_PAYLOAD_BYTES
    with pytest.raises(InputError) as caught:
        import_cs188(huge)
    assert caught.value.too_large


def test_the_cli_prints_the_tree_and_says_the_algorithm_and_tie_rule(tmp_path: Any) -> None:
    path = tmp_path / "ties.test"
    path.write_text(test_file("AlphaBetaAgent", 1, TIES, TIES_EVAL), encoding="utf-8")
    out = run_cli("import-cs188", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith('{"id": "a", "label": "a", "player": "max", "children": [')
    assert out.stderr == (f"{path}: CS188 AlphaBetaAgent, depth 1 x 2 agents = 2 plies: search with --algorithm alphabeta "
                          "--ties explore (the autograder prunes only on v > beta, v < alpha)\n")
    tree_path = tmp_path / "ties.json"
    tree_path.write_text(out.stdout, encoding="utf-8")
    traced = run_cli("trace", str(tree_path), "--algorithm", "alphabeta", "--ties", "explore")
    assert traced.returncode == 0 and '"value":5,"move":"b1"' in traced.stdout.splitlines()[-1]
    full = run_cli("import-cs188", "--full", "-", stdin=path.read_text(encoding="utf-8"))
    assert '"algorithm": "alphabeta", "ties": "explore", "depth": null' in full.stdout
    bad = run_cli("import-cs188", "-", stdin=GOOD.replace("c 2.0", "z 2.0"))
    assert bad.returncode == 2
    assert bad.stderr.startswith("-: line 17: a Right c: 'c' is a leaf of the search")
    assert bad.stdout == ""


def one_three(alg: str) -> str:
    """A file laid out as CS188's own `1-3-minmax` tests (q2 MinimaxAgent, q3 AlphaBetaAgent): depth 3 of 2
    agents, win_states naming d1 .. d8 and dx where the successors hold only d5 .. d8 and dx, lose_states empty."""
    return f'''class: "GraphGameTreeTest"
alg: "{alg}"
depth: "3"

diagram: """
              a  (max)
           /      \\
         b1        b2      (min)
         |        /   \\
         cx     c3     c4  (max)
         |     /  \\   /  \\
         dx   d5  d6 d7  d8
        4.01  4   -7  0   5

The left branch is worth 4.01, the right one 4.
"""
num_agents: "2"

start_state: "a"
win_states: "d1 d2 d3 d4 d5 d6 d7 d8 dx"
lose_states: ""

successors: """
a Left b1
a Right b2
b1 Down cx
b2 Left c3
b2 Right c4
c3 Left d5
c3 Right d6
c4 Left d7
c4 Right d8
cx Down dx
"""

evaluation: """
d5 4.0
d6 -7.0
d7 0.0
d8 5.0
dx 4.01
"""
'''


ONE_THREE_NOTE = ("line 20: win_states: 'd1', 'd2', 'd3' and 'd4' are in no successor line: ignored, "
                  "as CS188's GraphGameTreeTest ignores them")


def test_win_states_the_tree_does_not_hold_are_ignored_with_a_note_as_cs188s_test_class_does() -> None:
    imported = import_cs188(one_three("MinimaxAgent"))
    assert imported.notes == [ONE_THREE_NOTE]
    assert imported.to_json()["cs188"]["notes"] == [ONE_THREE_NOTE]
    assert not {"d1", "d2", "d3", "d4"} & set(imported.state_of.values())
    # dx is a win state at ply 3, a ghost's turn: a leaf, as are d5 .. d8 (win states too)
    dx = imported.tree["children"][0]["children"][0]["children"][0]
    assert dx == {"id": "dx", "label": "dx (Down)", "player": "min", "value": 4.01}
    result, _, generated = search(imported)
    # b1 = cx = dx = 4.01; c3 = max(4, -7) = 4, c4 = max(0, 5) = 5, b2 = min(4, 5) = 4: a = 4.01, Left
    assert (result.value, imported.action_of[result.move]) == (4.01, "Left")
    assert generated == {"a", "b1", "cx", "dx", "b2", "c3", "c4", "d5", "d6", "d7", "d8"}


def test_the_alpha_beta_1_3_layout_prunes_c4_as_its_autograder_expects() -> None:
    imported = import_cs188(one_three("AlphaBetaAgent"))
    assert imported.notes == [ONE_THREE_NOTE]
    result, visited, generated = search(imported)
    # alpha = 4.01 after b1; at b2, c3 = 4 < 4.01: c4 (and d7, d8) are never generated
    assert (result.value, imported.action_of[result.move]) == (4.01, "Left")
    assert visited == ["a", "b1", "cx", "dx", "b2", "c3", "d5", "d6"]
    assert generated == {"a", "b1", "cx", "dx", "b2", "c3", "d5", "d6"}


def test_lose_states_and_evaluation_lines_of_states_not_in_the_tree_are_ignored_each_with_a_note() -> None:
    text = test_file("MinimaxAgent", 1, "a Left b\na Right c", "b 1.0\nc 2.0\nq 7.0\nr -1.0",
                     win="b w1", lose="l1 l2 c")
    imported = import_cs188(text)
    assert imported.notes == [
        "line 12: win_states: 'w1' is in no successor line: ignored, as CS188's GraphGameTreeTest ignores it",
        "line 13: lose_states: 'l1' and 'l2' are in no successor line: ignored, as CS188's GraphGameTreeTest ignores them",
        "line 20: evaluation: 'q' and 'r' are in no successor line: their lines are ignored, "
        "as CS188's GraphGameTreeTest ignores them",
    ]
    result, _, _ = search(imported)
    assert (result.value, imported.action_of[result.move]) == (2, "Right")  # b and c are leaves: max(1, 2)
    assert import_cs188(GOOD).notes == []  # a file whose states all are in the tree has none


def test_a_note_names_at_most_a_few_states_and_counts_the_rest() -> None:
    many = " ".join(f"s{k}" for k in range(1000))
    notes = import_cs188(test_file("MinimaxAgent", 1, "a Left b\na Right c", "b 1.0\nc 2.0", win=many)).notes
    assert notes == ["line 12: win_states: 's0', 's1', 's2', 's3', 's4', 's5', 's6', 's7' and 992 more are in no successor "
                     "line: ignored, as CS188's GraphGameTreeTest ignores them"]


def test_the_cli_prints_each_note_after_the_summary(tmp_path: Any) -> None:
    path = tmp_path / "1-3-minmax.test"
    path.write_text(one_three("MinimaxAgent"), encoding="utf-8")
    out = run_cli("import-cs188", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stderr.splitlines() == [
        f"{path}: CS188 MinimaxAgent, depth 3 x 2 agents = 6 plies: search with --algorithm minimax "
        "(it never prunes; the autograder's tie rule, explore, is alpha-beta's)",
        f"{path}: {ONE_THREE_NOTE}",
    ]
    assert out.stdout.startswith('{"id": "a", "label": "a", "player": "max", "children": [')
    full = run_cli("import-cs188", "--full", str(path))
    assert f'"notes": ["{ONE_THREE_NOTE}"]' in full.stdout
