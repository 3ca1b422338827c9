"""The example notebooks (docs/examples/*.ipynb) run headless in a real kernel (nbclient, ipykernel): each
prints its figures and its last cell shows the widget, whose saved state carries the whole trace and its
listing, so the front end needs no server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")
pytest.importorskip("anywidget")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def run(name: str, tmp_path: Path) -> Any:
    """The notebook executed in a fresh kernel, from a folder of its own (as a student's copy would be)."""
    book = nbformat.read(EXAMPLES / name, as_version=4)
    client = nbclient.NotebookClient(book, timeout=120, kernel_name="python3", store_widget_state=True,
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    return book


def printed(book: Any) -> str:
    return "".join(out.get("text", "") for cell in book.cells if cell.cell_type == "code" for out in cell.outputs
                   if out.output_type == "stream")


def shown_widget(book: Any) -> dict[str, Any]:
    """The widget the last cell shows: its view in the output, its model's state from the notebook's metadata."""
    last = book.cells[-1]
    assert last.source.startswith("search.show("), last.source
    [out] = last.outputs
    assert out.output_type == "execute_result" and WIDGET_VIEW in out.data
    model_id = out.data[WIDGET_VIEW]["model_id"]
    state = book.metadata["widgets"][WIDGET_STATE]["state"][model_id]["state"]
    assert state["_esm"] and state["_css"], "the bundle travels in the model: nothing is fetched"
    return state


def events_of(state: dict[str, Any]) -> list[dict[str, Any]]:
    def refuse(constant: str) -> None:
        raise AssertionError(f"not strict JSON: {constant}")

    return [json.loads(line, parse_constant=refuse) for line in state["events_jsonl"].splitlines()]


def test_the_notebooks_are_kept_without_outputs() -> None:
    for path in sorted(EXAMPLES.glob("*.ipynb")):
        book = nbformat.read(path, as_version=4)
        nbformat.validate(book)
        assert all(not c.get("outputs") and c.get("execution_count") is None for c in book.cells if c.cell_type == "code"), path.name


def test_the_lecture_notebook_prints_3_and_the_pruned_leaves_and_shows_the_search(tmp_path: Path) -> None:
    book = run("lecture.ipynb", tmp_path)
    assert printed(book).splitlines() == ["value 3", "move B", "pruned C2 C3"]
    state = shown_widget(book)
    events = events_of(state)
    assert events[0]["type"] == "start" and events[0]["algorithm"] == "alphabeta" and events[-1]["type"] == "result"
    assert events[-1]["value"] == 3 and state["step"] == 0
    assert [e["pruned"] for e in events if e["type"] == "prune" and e["pruned"]] == [["C2", "C3"]]
    assert {line["id"] for line in state["listing"]} >= {e["line"] for e in events if e.get("line")}


def test_the_nim_notebook_finds_the_winning_move(tmp_path: Path) -> None:
    book = run("nim.ipynb", tmp_path)
    assert printed(book).splitlines() == ["value 1", "move (0, 1)"]
    events = events_of(shown_widget(book))
    assert events[-1]["value"] == 1 and events[0]["source"]["kind"] == "tree"  # a small game: its tree written out


def test_the_tictactoe_notebook_searches_two_plies(tmp_path: Path) -> None:
    book = run("tictactoe.ipynb", tmp_path)
    assert printed(book).splitlines() == ["value -1", "move 2"]
    events = events_of(shown_widget(book))
    assert events[0]["options"]["depth"] == 2 and events[0]["source"]["state"] == "X...O...."
    assert events[-1]["value"] == -1
