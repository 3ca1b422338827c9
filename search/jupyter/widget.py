"""The widget itself: an anywidget model carrying one whole trace, so the front end replays it with no
server and no fetch (static/js/widget/widget_main.js). Importing this module needs anywidget and the
built bundle (bundle.py)."""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from search.jupyter.bundle import bundle_text
from search.misconceptions import CATALOGUE


class TraceWidget(anywidget.AnyWidget):  # type: ignore[misc]
    """One search in a notebook: its events, its pseudocode, and the step shown (read or set `step`)."""

    _esm = bundle_text("widget.js")
    _css = bundle_text("widget.css")

    events_jsonl = traitlets.Unicode("").tag(sync=True)
    """The trace's events as JSON Lines (docs/trace-format.md): strict JSON, infinities as "inf"/"-inf"."""
    listing = traitlets.List([]).tag(sync=True)
    """The pseudocode, each line as GET /api/pseudocode gives it (Trace.listing())."""
    misconceptions = traitlets.Dict({}).tag(sync=True)
    """The catalogue entry (by id) of the misconception the search follows, for its banner; else empty."""
    step = traitlets.Int(0).tag(sync=True)
    """The event shown: the player sets it as it moves, and setting it moves the player."""

    def __init__(self, trace: Any, step: int = 0, **kwargs: Any) -> None:
        super().__init__(events_jsonl=trace.jsonl(), listing=trace.listing(), misconceptions=_followed(trace), step=step,
                         **kwargs)
        self.trace = trace
        """The search.Trace shown: its value, move, events."""


def _followed(trace: Any) -> dict[str, Any]:
    """{id: entry} for the misconception the trace's start event names, else {}."""
    options = trace.events[0].get("options") or {}
    found = CATALOGUE.get(options.get("misconception") or "")
    return {found.id: found.catalogue_json()} if found is not None else {}
