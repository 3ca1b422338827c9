"""Shared by the engine tests: run a search with a recorder and get its events."""

from __future__ import annotations

from typing import Any

from search import Recorder, SearchResult
from search.algorithms.alphabeta import alphabeta
from search.algorithms.minimax import minimax


def traced(game: Any, algorithm: str = "alphabeta", **options: Any) -> tuple[SearchResult, list[dict[str, Any]]]:
    recorder = Recorder()
    run = alphabeta if algorithm == "alphabeta" else minimax
    result = run(game, recorder=recorder, **options)
    return result, recorder.events()


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]
