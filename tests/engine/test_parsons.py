"""The Parsons problem's engine side (issue #50): the slides' pseudocode as shuffled lines with distractors, and the
check that assembles the chosen lines into a program of the server's own Python and runs it against the real search.

Every distractor is held to cost something: swapped in for its partner it names exactly its misconception, and the
program then differs from the real search on one of the fixed trees (the lecture's A/B/C/D example, the chance
example of AIMA 4th ed. §5.5, the generated trees), whatever the exercise's own tree."""

from __future__ import annotations

import json
from typing import Any

import pytest

from search.algorithms.pseudocode import listing
from search.errors import InputError
from search.practice import parsons_run
from search.practice.parsons import PARSONS_ALGORITHMS, check_parsons, parsons_copy, parsons_solution
from search.practice.parsons_lines import PYTHON, accepted_orders, distractor_lines, solution_lines
from search.trees.node import CHANCE_TREE, LECTURE_SHORTHAND, TreeNode
from search.trees.parse import tree_from_json

FORMS = [("alphabeta", "v"), ("alphabeta", "bound"), ("minimax", "v"), ("expectiminimax", "v")]


def example(algorithm: str) -> TreeNode:
    """The exercise tree of the tests: the lecture's A/B/C/D example, or the chance example for expectiminimax."""
    return tree_from_json(CHANCE_TREE if algorithm == "expectiminimax" else LECTURE_SHORTHAND)


def small(algorithm: str) -> TreeNode:
    """A tree none of the fixed trees is, so every fixed tree is run beside it."""
    if algorithm == "expectiminimax":
        return tree_from_json({"children": [{"player": "chance", "children": [{"value": 1}, {"value": 2}]}, {"value": 1}]})
    return tree_from_json([[1, 2], [0, 5]])


def body(lines: list[dict[str, Any]]) -> dict[str, Any]:
    return {"lines": [{"id": line["id"], "indent": line["indent"]} for line in lines]}


def ids_by_key(tree: TreeNode, algorithm: str, returns: str = "v") -> dict[str, str]:
    """The exercise's id of each line's key: the model answer's in the listing's order, a distractor's by its text."""
    out = {line.key: entry["id"] for line, entry in zip(solution_lines(algorithm, returns),
                                                         parsons_solution(tree, algorithm, returns))}
    copy = parsons_copy(tree, algorithm, returns)["lines"]
    for line in distractor_lines(algorithm, returns):
        out[line.key] = next(entry["id"] for entry in copy if entry["text"] == line.text)
    return out


def strict(result: dict[str, Any]) -> dict[str, Any]:
    """The result as strict JSON carries it (no NaN, no infinity)."""
    return json.loads(json.dumps(result, allow_nan=False))


@pytest.mark.parametrize("algorithm,returns", FORMS)
def test_the_model_answer_is_right_and_runs_as_the_search_does(algorithm: str, returns: str) -> None:
    tree = example(algorithm)
    result = check_parsons(tree, algorithm, body(parsons_solution(tree, algorithm, returns)), returns)
    assert result["correct"] and result["score"] == 1.0
    assert result["right"] == result["asked"] == len(solution_lines(algorithm, returns)) and result["extra"] == 0
    assert result["mistakes"] == [] and result["first_mistake"] is None and result["misconceptions"] == []
    assert result["rule"] == "lines" and result["program"]["problem"] is None
    assert result["runs"] and all(run["matches"] and run["value"] == run["expected"] for run in result["runs"])
    assert result["runs"][0]["tree"] == "exercise"
    assert strict(result) == result


def test_the_lecture_tree_is_run_as_the_slides_search_it() -> None:
    tree = example("alphabeta")
    (run, *_) = check_parsons(tree, "alphabeta", body(parsons_solution(tree, "alphabeta")))["runs"]
    assert (run["value"], run["leaves"], run["expected_leaves"]) == (3, 7, 7)  # C2 and C3 pruned


@pytest.mark.parametrize("algorithm,returns", FORMS)
def test_the_lines_are_the_listings_own(algorithm: str, returns: str) -> None:
    shown = {line["text"] for line in listing(algorithm, returns=returns)}  # type: ignore[arg-type]
    assert {line.text for line in solution_lines(algorithm, returns)} <= shown
    assert not {line.text for line in distractor_lines(algorithm, returns)} & shown
    assert 2 <= len(distractor_lines(algorithm, returns)) <= 4


DISTRACTORS = [(algorithm, returns, line.key) for algorithm, returns in FORMS for line in distractor_lines(algorithm, returns)]


@pytest.mark.parametrize("algorithm,returns,key", DISTRACTORS)
def test_each_distractor_names_its_misconception_and_costs_on_a_fixed_tree(algorithm: str, returns: str, key: str) -> None:
    tree = small(algorithm)
    ids = ids_by_key(tree, algorithm, returns)
    distractor = next(line for line in distractor_lines(algorithm, returns) if line.key == key)
    lines = [{"id": ids[key] if line["id"] == ids[distractor.partner] else line["id"], "indent": line["indent"]}
             for line in parsons_solution(tree, algorithm, returns)]
    result = check_parsons(tree, algorithm, {"lines": lines}, returns)
    assert [m["id"] for m in result["misconceptions"]] == [distractor.misconception]
    assert result["misconceptions"][0]["lines"] == [ids[key]]
    (mistake,) = result["mistakes"]  # the partner's absence is said by the distractor's sentence
    assert (mistake["node"], mistake["kind"]) == (ids[key], "distractor")
    assert distractor.text in mistake["explanation"]
    assert not result["correct"] and result["extra"] == 1 and result["right"] == result["asked"] - 1
    fixed = [run for run in result["runs"] if run["tree"] != "exercise"]
    assert len(fixed) >= 3 and any(not run["matches"] for run in fixed), fixed
    assert strict(result) == result


def test_a_distractor_brings_the_catalogues_words() -> None:
    tree = example("alphabeta")
    ids = ids_by_key(tree, "alphabeta")
    lines = [{"id": ids["max.test~strict-test"] if line["id"] == ids["max.test"] else line["id"], "indent": line["indent"]}
             for line in parsons_solution(tree, "alphabeta")]
    result = check_parsons(tree, "alphabeta", {"lines": lines})
    (named,) = result["misconceptions"]
    assert (named["id"], named["name"]) == ("strict-test", "the strict test")
    assert result["mistakes"][0]["explanation"].startswith(
        "“if v > β then return v” is a line of alpha-beta that prunes only on v > β and v < α. The slides prune on ties")
    assert result["mistakes"][0]["seq"] == 5
    assert all(run["matches"] for run in result["runs"] if run["tree"] in ("exercise", "generated-3"))  # no tie there
    assert any(not run["matches"] for run in result["runs"])


def test_leaving_out_alpha_is_alpha_not_updated() -> None:
    tree = example("alphabeta")
    solution = parsons_solution(tree, "alphabeta")
    result = check_parsons(tree, "alphabeta", body(solution[:6] + solution[7:]))
    assert [m["id"] for m in result["misconceptions"]] == ["alpha-not-updated"]
    assert [(m["kind"], m["seq"]) for m in result["mistakes"]] == [("missing", 6)]
    assert result["mistakes"][0]["explanation"] == ("“α ← MAX(α, v)” is missing: in MAX-VALUE it comes right after "
                                                    "“if v ≥ β then return v”, at indent 2")
    assert result["runs"][0]["difference"].startswith("your search visits C2 after C1 returned 2 ≤ α = 3 at C")


def common(a: list[str], b: list[str]) -> list[tuple[int, int]]:
    """The index pairs of a longest common subsequence of two lists of texts."""
    best = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            best[i][j] = best[i + 1][j + 1] + 1 if a[i] == b[j] else max(best[i + 1][j], best[i][j + 1])
    pairs, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


@pytest.mark.parametrize("algorithm,returns", FORMS)
def test_partial_credit_grows_as_lines_are_put_back(algorithm: str, returns: str) -> None:
    tree = example(algorithm)
    solution = parsons_solution(tree, algorithm, returns)
    n = len(solution)
    place = {line["id"]: line for line in solution}
    lines = [place[line["id"]] for line in parsons_copy(tree, algorithm, returns)["lines"] if line["id"] in place]
    rights = []
    while True:
        result = check_parsons(tree, algorithm, body(lines), returns)
        rights.append(result["right"])
        assert result["score"] == round(result["right"] / n, 4)
        if result["correct"]:
            break
        texts = [line["text"] for line in lines]  # put back one line where the program it is closest to has it
        order, pairs = max(((order, common(texts, [line.text for line in order]))
                            for order in accepted_orders(algorithm, returns)), key=lambda found: len(found[1]))
        kept = dict((j, i) for i, j in pairs)
        j = next(j for j in range(n) if j not in kept)
        moved = next(line for i, line in enumerate(lines) if line["text"] == order[j].text and i not in dict(pairs))
        after = next((lines[kept[k]] for k in range(j - 1, -1, -1) if k in kept), None)
        lines.remove(moved)
        lines.insert(0 if after is None else lines.index(after) + 1, moved)
    assert 0 < rights[0] <= n // 2 and rights[-1] == n
    assert all(later > earlier for earlier, later in zip(rights, rights[1:])), rights
    for k in range(n + 1):  # the first k lines alone: each line left out is one mark
        assert check_parsons(tree, algorithm, body(solution[:k]), returns)["score"] == round(k / n, 4)


def test_either_function_may_come_first_and_the_cases_in_any_order() -> None:
    tree = example("alphabeta")
    solution = parsons_solution(tree, "alphabeta")
    assert check_parsons(tree, "alphabeta", body(solution[8:] + solution[:8]))["correct"]
    tree = example("expectiminimax")
    ids = ids_by_key(tree, "expectiminimax")
    orders = accepted_orders("expectiminimax")
    assert len(orders) == 6  # the MAX, MIN and CHANCE cases in any order
    for order in orders:
        lines = [{"id": ids[line.key], "indent": line.indent} for line in order]
        result = check_parsons(tree, "expectiminimax", {"lines": lines})
        assert result["correct"] and all(run["matches"] for run in result["runs"])


def test_a_line_out_of_place_is_wrong_even_when_it_changes_nothing() -> None:
    tree = example("alphabeta")
    solution = parsons_solution(tree, "alphabeta")
    swapped = solution[:5] + [solution[6], solution[5]] + solution[7:]  # α ← MAX(α, v) before the test
    result = check_parsons(tree, "alphabeta", body(swapped))
    assert not result["correct"] and result["score"] == round(15 / 16, 4)
    assert [(m["kind"], m["node"]) for m in result["mistakes"]] == [("line", solution[6]["id"])]
    assert all(run["matches"] for run in result["runs"])  # the runs say it behaves the same


def test_a_wrong_indent_is_caught() -> None:
    tree = example("alphabeta")
    lines = body(parsons_solution(tree, "alphabeta"))["lines"]
    lines[7]["indent"] = 2  # MAX-VALUE's "return v" inside the loop
    result = check_parsons(tree, "alphabeta", {"lines": lines})
    assert not result["correct"] and result["right"] == 15
    (mistake,) = result["mistakes"]
    assert (mistake["node"], mistake["kind"], mistake["seq"]) == (lines[7]["id"], "indent", 7)
    assert mistake["explanation"] == ("“return v” goes under “function MAX-VALUE(state, α, β) returns a utility value” "
                                      "(indent 1), not at indent 2")
    assert not result["runs"][0]["matches"]  # it returns after the first child


def test_lines_that_make_no_program_are_a_verdict() -> None:
    tree = example("alphabeta")
    solution = parsons_solution(tree, "alphabeta")
    result = check_parsons(tree, "alphabeta", body([solution[0], solution[1], {**solution[2], "indent": 3}]))
    assert result["runs"] == [] and result["program"]["problem"] == (
        "the lines do not make a program: your line 3 (“v ← −∞”) is indented further than the line above opens: only "
        "the line after a function's head, a loop or an if-then goes one step further in")
    result = check_parsons(tree, "alphabeta", body([solution[0]]))
    assert result["program"]["problem"] == ("the lines do not make a program: your line 1 (“function MAX-VALUE(state, α, β) "
                                            "returns a utility value”) opens a block, but nothing is indented under it")
    result = check_parsons(tree, "alphabeta", body([solution[0], {**solution[1], "indent": 0}]))
    problem = result["program"]["problem"]
    assert "your line 2 (“if TERMINAL-TEST(state) then return UTILITY(state)”) is at the left edge" in problem
    assert check_parsons(tree, "alphabeta", {"lines": []})["score"] == 0.0


def test_a_program_that_stops_says_where() -> None:
    tree = example("alphabeta")
    result = check_parsons(tree, "alphabeta", body(parsons_solution(tree, "alphabeta")[:8]))  # no MIN-VALUE
    assert result["program"]["problem"] is None and result["runs"]
    for run in result["runs"]:
        assert not run["matches"] and run["value"] is None
        assert run["problem"] == ("your line 5 (“v ← MAX(v, MIN-VALUE(RESULT(s, a), α, β))”) calls MIN-VALUE, which is "
                                  "not defined: its first line is missing or inside another function")


def test_the_step_budget_stops_a_program(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parsons_run, "STEPS_PER_NODE", 0)  # 100 steps for any tree: fewer than the generated trees need
    tree = example("alphabeta")
    runs = check_parsons(tree, "alphabeta", body(parsons_solution(tree, "alphabeta")))["runs"]
    stopped = [run for run in runs if run["problem"]]
    assert stopped and all("took more than 100 steps" in run["problem"] for run in stopped)


def test_a_tree_where_max_and_min_do_not_alternate_is_not_run() -> None:
    tree = tree_from_json({"children": [{"player": "max", "children": [{"value": 1}]}, {"value": 2}]})
    runs = check_parsons(tree, "minimax", body(parsons_solution(tree, "minimax")))["runs"]
    assert [run["tree"] for run in runs] == ["lecture", "generated-1", "generated-2", "generated-3"]


@pytest.mark.parametrize("algorithm,returns", FORMS)
def test_the_copy_is_the_same_on_every_reload_and_gives_nothing_away(algorithm: str, returns: str) -> None:
    copy = parsons_copy(example(algorithm), algorithm, returns)
    assert copy == parsons_copy(example(algorithm), algorithm, returns)  # a fresh parse of the same tree
    assert set(copy) == {"lines", "functions"} and all(set(line) == {"id", "text"} for line in copy["lines"])
    assert len(copy["lines"]) == len(solution_lines(algorithm, returns)) + len(distractor_lines(algorithm, returns))
    indent = {line["id"]: line["indent"] for line in parsons_solution(example(algorithm), algorithm, returns)}
    solution = list(indent)
    in_copy = [line["id"] for line in copy["lines"] if line["id"] in indent]
    assert in_copy != solution and solution != sorted(solution)
    assert not all(line_id.isdigit() for line_id in solution)
    tree = example(algorithm)  # the copy's order, at the right indents, has at most half the lines in place
    shuffled = check_parsons(tree, algorithm, {"lines": [{"id": line_id, "indent": indent[line_id]} for line_id in in_copy]},
                             returns)
    assert 0 < shuffled["score"] <= 0.5
    other = parsons_copy(small(algorithm), algorithm, returns)
    assert {line["id"] for line in other["lines"]}.isdisjoint(line["id"] for line in copy["lines"])


def test_the_functions_are_named() -> None:
    assert parsons_copy(example("alphabeta"), "alphabeta")["functions"] == ["MAX-VALUE", "MIN-VALUE"]
    assert parsons_copy(example("expectiminimax"), "expectiminimax")["functions"] == ["EMINIMAX"]
    assert PARSONS_ALGORITHMS == ("alphabeta", "minimax", "expectiminimax")


def refusal(data: Any) -> str:
    with pytest.raises(InputError) as caught:
        check_parsons(example("alphabeta"), "alphabeta", data)
    return str(caught.value)


def test_bad_bodies_are_refused_naming_the_entry() -> None:
    good = parsons_solution(example("alphabeta"), "alphabeta")
    first, second = good[0]["id"], good[1]["id"]
    assert refusal([]) .startswith("expected an object")
    assert refusal({"lines": [], "text": "x"}) == "text: unknown field; a check has lines"
    assert refusal({"lines": "all"}).startswith("lines: expected a list")
    assert refusal({"lines": [{"id": first, "indent": 0}, "x"]}) == 'lines[1]: expected {"id": ..., "indent": ...}'
    assert refusal({"lines": [{"id": "zz", "indent": 0}]}) == "lines[0].id: no line 'zz' in this exercise"
    assert refusal({"lines": [{"id": 3, "indent": 0}]}) == "lines[0].id: expected the id of one of the exercise's lines"
    assert refusal({"lines": [{"indent": 0}]}) == "lines[0].id: expected the id of one of the exercise's lines"
    for indent in (-1, 9, 1.5, True, "1", None):
        assert refusal({"lines": [{"id": first, "indent": 0}, {"id": second, "indent": indent}]}) == (
            "lines[1].indent: expected a whole number from 0 to 8")
    assert refusal({"lines": [{"id": first, "indent": 0}, {"id": first, "indent": 1}]}) == (
        f"lines[1]: line '{first}' is listed twice")
    assert refusal({"lines": [{"id": first, "indent": 0, "text": "import os"}]}) == (
        "lines[0].text: unknown field; a line has id and indent")
    assert refusal({"lines": [{"id": first, "indent": 0}] * 21}).startswith("lines: this exercise has 20 lines")


def test_no_text_of_the_request_reaches_the_program() -> None:
    injection = "__import__('os').system('touch /tmp/parsons')"
    refused = refusal({"lines": [{"id": injection, "indent": 0}]})
    assert refused.startswith("lines[0].id: no line ") and refused.endswith(" in this exercise") and "__import__(" in refused
    tree = example("alphabeta")
    copy = parsons_copy(tree, "alphabeta")["lines"]
    for k in range(0, len(copy), 3):  # any arrangement: the copy's own order, in slices, at assorted indents
        lines = [{"id": line["id"], "indent": (i + k) % 3} for i, line in enumerate(copy[k:k + 9])]
        program = check_parsons(tree, "alphabeta", {"lines": lines})["program"]["python"]
        assert all(line.strip() in PYTHON.values() for line in program.splitlines())
        assert len(program.splitlines()) == len(lines)
