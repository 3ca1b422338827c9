"""search.show in Python: a Trace is shown as traced, anything else is traced first; the model carries
the trace as strict JSON and the listing; the errors say what to do (options, step, anywidget, the bundle)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

import search
from search.jupyter import bundle

ROOT = Path(__file__).resolve().parents[2]


def test_a_trace_is_shown_with_its_events_and_listing() -> None:
    t = search.trace("lecture")
    w = search.show(t, step=30)
    assert w.trace is t and w.step == 30
    assert w.events_jsonl == t.jsonl() and w.listing == t.listing() and w.misconceptions == {}
    events = [json.loads(line) for line in w.events_jsonl.splitlines()]
    assert events[30]["type"] == "prune" and events[30]["pruned"] == ["C2", "C3"]


def test_anything_else_is_traced_first_with_the_options() -> None:
    w = search.show([[3, 12, 8], [2, 4, 6], [14, 5, 2]], algorithm="minimax")
    assert w.trace.value == 3 and json.loads(w.events_jsonl.split("\n", 1)[0])["algorithm"] == "minimax"
    assert any("MINIMAX-DECISION" in line["text"] for line in w.listing)


def test_a_search_following_a_misconception_carries_its_catalogue_entry() -> None:
    w = search.show("lecture", misconception="max-min-swapped", algorithm="minimax")
    assert list(w.misconceptions) == ["max-min-swapped"] and w.misconceptions["max-min-swapped"]["follows"]


def test_bad_calls_name_what_is_wrong() -> None:
    t = search.trace("lecture")
    with pytest.raises(search.InputError, match="^depth: goes to search.trace"):
        search.show(t, depth=2)
    with pytest.raises(search.InputError, match=r"^step: expected a whole number from 0 to 57"):
        search.show(t, step=58)
    with pytest.raises(search.InputError, match="^algorithm"):
        search.show("lecture", algorithm="nope")


def test_a_missing_bundle_says_to_run_make_widget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle, "BUNDLE_DIR", tmp_path)
    with pytest.raises(bundle.BundleMissing, match="run make widget"):
        bundle.bundle_text("widget.js")


def test_import_search_needs_no_anywidget_and_show_says_how_to_get_it() -> None:
    code = ("import sys; sys.modules['anywidget'] = None\n"
            "import search\n"
            "print(search.trace('lecture').value)\n"
            "try:\n    search.show('lecture')\nexcept ModuleNotFoundError as err:\n    print(err)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["3", "search.show needs anywidget, the wheel's [jupyter] extra: "
                                            "pip install 'dist/minimax_lab-0.1.0-py3-none-any.whl[jupyter]'"]


def test_a_notebook_holds_at_most_the_widget_limit_of_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """search.show stops a long search at limits.WIDGET_MAX_EVENTS (its result says so) and refuses a longer Trace."""
    import importlib

    show_module = importlib.import_module("search.jupyter.show")  # the module (search.jupyter.show is also its function)
    monkeypatch.setattr(show_module, "WIDGET_MAX_EVENTS", 40)
    w = show_module.show(search.TicTacToe("X...O...."), depth=3)
    assert len(w.trace.events) == 41 and w.trace.result["reason"] == "event limit"
    assert show_module.show(search.trace("lecture", max_events=40)).trace.result["complete"] is False
    with pytest.raises(search.InputError, match=r"^trace: has 58 events; a notebook shows at most 40"):
        show_module.show(search.trace("lecture"))
