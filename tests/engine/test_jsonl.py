"""Traces on disk are strict JSON: the fast encoder must refuse what strict JSON refuses."""

from __future__ import annotations

import json
import math

import pytest

from search.traces.check import canonical_text
from search.traces.jsonl import dumps_event, read_events


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_non_finite_numbers_are_refused_not_written(bad: float) -> None:
    with pytest.raises(ValueError):
        dumps_event({"seq": 0, "value": bad})
    with pytest.raises(ValueError):
        canonical_text([{"seq": 0, "value": 1}, {"seq": 1, "value": [bad]}])


def test_encoding_matches_the_standard_library_and_round_trips() -> None:
    event = {"seq": 3, "type": "visit", "node": "é<&>\"\\", "alpha": "-inf", "beta": 2.5, "pruned": ["a", "b"], "x": None, "ok": True}
    assert dumps_event(event) == json.dumps(event, allow_nan=False, ensure_ascii=False, separators=(",", ":"))
    assert read_events(canonical_text([event, event])) == [event, event]


def test_reading_refuses_nan_literals_by_line() -> None:
    with pytest.raises(ValueError, match="line 2"):
        read_events('{"seq": 0}\n{"seq": 1, "v": NaN}\n')


def test_line_separators_inside_strings_do_not_split_a_line() -> None:
    # JSON leaves U+2028, U+2029 and U+0085 unescaped; only "\n" ends a JSON Lines line.
    event = {"seq": 0, "type": "visit", "node": "a\u2028b\u2029c\u0085d"}
    assert read_events(canonical_text([event])) == [event]


def test_a_lone_surrogate_is_refused_by_line_and_field() -> None:
    # "\ud800" is valid JSON but decodes to no character: it could never be written back as UTF-8.
    with pytest.raises(ValueError, match=r"^line 2 pruned\[1\]: a lone surrogate"):
        read_events('{"seq": 0}\n{"seq": 1, "pruned": ["B1", "C\\ud800"]}\n')
    with pytest.raises(ValueError, match=r"^line 1 source: a lone surrogate"):
        read_events('{"seq": 0, "source": {"\\udc00": 1}}\n')
    # A pair is one real character; an escaped backslash before "ud800" is plain text.
    assert read_events('{"node": "\\ud83d\\ude00", "label": "\\\\ud800"}\n') == [{"node": "\U0001F600", "label": "\\ud800"}]
