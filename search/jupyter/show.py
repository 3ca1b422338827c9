"""search.show: a trace, or anything search.trace takes, as a widget in the notebook."""

from __future__ import annotations

import json
from typing import Any

from search.errors import InputError
from search.install import install_command
from search.library.trace import trace as trace_search
from search.limits import WIDGET_MAX_EVENTS


def is_trace(obj: Any) -> bool:
    """A search.Trace (anything with its jsonl() and listing()): shown as it is, not searched again."""
    return callable(getattr(obj, "jsonl", None)) and callable(getattr(obj, "listing", None)) and hasattr(obj, "events")


def show(trace_or_game: Any, /, *, step: int = 0, **options: Any) -> Any:
    """A widget drawing a search step by step, as the page does, with no server (docs/jupyter.md).

    Given a search.Trace it shows that trace; given anything search.trace takes (a search.GameBase game,
    a tree, an example's name such as "lecture", search.TicTacToe(...)) it traces it first with
    `options` (algorithm=, depth=, ties=, ...: search.trace's). `step` is the event shown first.
    """
    try:
        # The widget's module subclasses anywidget's AnyWidget, an optional library ([jupyter]): loaded when shown.
        from search.jupyter.widget import TraceWidget
    except ModuleNotFoundError as err:
        if err.name != "anywidget":
            raise
        raise ModuleNotFoundError(f"search.show needs anywidget, the wheel's [jupyter] extra: {install_command('jupyter')}",
                                  name="anywidget") from err
    if is_trace(trace_or_game):
        if options:
            raise InputError(next(iter(options)), "goes to search.trace: a Trace is shown as it was traced "
                                                  "(pass the game or tree itself to trace it with options)")
        trace = trace_or_game
    else:
        # A notebook keeps every event it shows: past the limit the search stops, and its result says so.
        trace = trace_search(trace_or_game, **{"max_events": WIDGET_MAX_EVENTS, **options})
    if len(trace.events) > WIDGET_MAX_EVENTS + 1:  # the cap's events, then the result
        raise InputError("trace", f"has {len(trace.events):,} events; a notebook shows at most {WIDGET_MAX_EVENTS:,} "
                                  "(limits.WIDGET_MAX_EVENTS): trace it with a depth limit or max_events")
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(trace.events):
        raise InputError("step", f"expected a whole number from 0 to {len(trace.events) - 1} (the trace's last event)")
    json.dumps(trace.listing(), allow_nan=False)  # strict JSON: a NaN or an infinity stops here, not in the browser
    return TraceWidget(trace, step=step)
