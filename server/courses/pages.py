"""The course pages: /course/new (make a course) and /course/<id> (its gradebook; the key stays in the address, ?key=, and the
script sends it). An unknown course id gets the not-found page (server/http/not_found.py)."""

from __future__ import annotations

from flask import Blueprint, render_template

from server.courses.store import load_course
from server.http.not_found import SAVED_ID, not_found
from server.http.trees_api import store

course_pages = Blueprint("course_pages", __name__)


@course_pages.get("/course/new")
def new_course() -> str:
    """A form making a course, with the exercise of the results page that linked here (its id and key in the
    address's #fragment, never sent to the server with the page)."""
    return render_template("course_new.html", exercise_id="")


@course_pages.get("/course/<course_id>")
def course_page(course_id: str) -> str:
    if not SAVED_ID.fullmatch(course_id) or load_course(store(), course_id) is None:
        not_found("courses", course_id)
    return render_template("course.html", exercise_id="", course_id=course_id)
