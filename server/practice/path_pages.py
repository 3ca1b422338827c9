"""The practice path pages (issue 50, part 4): /p/new (an instructor makes a path), /p/<id> (a student's path: their
progress and the tree to do now) and /p/<id>/results (every student's progress; the key stays in the address, ?key=,
and the script sends it). An unknown path gets the not-found page (server/http/not_found.py)."""

from __future__ import annotations

from flask import Blueprint, render_template

from search.algorithms.registry import NAMES
from search.practice.path import LEVELS, MASTERY, PATH_ALGORITHMS
from server.http.not_found import SAVED_ID, not_found
from server.http.trees_api import store
from server.practice.path_store import load_path

path_pages = Blueprint("path_pages", __name__)


def _path_or_404(path_id: str) -> None:
    if not SAVED_ID.fullmatch(path_id) or load_path(store(), path_id) is None:
        not_found("paths", path_id)


@path_pages.get("/p/new")
def new_path_page() -> str:
    return render_template("path_new.html", exercise_id="", mastery=MASTERY, levels=len(LEVELS),
                           algorithms=[(a, NAMES[a]) for a in PATH_ALGORITHMS])


@path_pages.get("/p/<path_id>")
def path_page(path_id: str) -> str:
    _path_or_404(path_id)
    return render_template("path.html", exercise_id="", path_id=path_id)


@path_pages.get("/p/<path_id>/results")
def path_results_page(path_id: str) -> str:
    _path_or_404(path_id)
    return render_template("path_results.html", exercise_id="", path_id=path_id, mastery=MASTERY)
