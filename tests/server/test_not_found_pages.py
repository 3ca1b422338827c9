"""A page link to a saved item that is not stored (issue 33, part 3; server/http/not_found.py): every page route that
takes a tree's, trace's or exercise's id answers 404 with a page naming what was asked for (the id escaped), the
likely reasons and a link to the lecture example, never the app with the lecture tree; embedded under /embed. The
REST API's 404 bodies stay JSON as before; a stored id and a wrong results key keep their pages."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import quote

import pytest
import requests

from tests.helpers.cli import run_cli

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
MISSING = "abc123"
# (path with {id}, the kind's words, embedded)
ROUTES = [
    ("/t/{id}", "saved tree", False), ("/r/{id}", "saved trace", False), ("/x/{id}", "exercise", False),
    ("/x/{id}/results", "exercise", False), ("/x/{id}/solution", "exercise", False), ("/?tree={id}", "saved tree", False),
    ("/?tree={id}&algorithm=minimax&step=3", "saved tree", False),
    ("/embed/t/{id}", "saved tree", True), ("/embed/r/{id}", "saved trace", True), ("/embed/x/{id}", "exercise", True),
    ("/embed/x/{id}/solution", "exercise", True), ("/embed?tree={id}", "saved tree", True),
]


def what_sentence(text: str) -> str:
    """The page's sentence naming what was asked for, as a reader sees it (tags dropped, entities read)."""
    found = re.search(r'<p id="not-found-what"[^>]*>(.*?)</p>', text, re.S)
    assert found, text[:400]
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))


def assert_not_found_page(answer: requests.Response, words: str, item_id: str, embedded: bool) -> None:
    assert answer.status_code == 404, answer.url
    assert answer.headers["Content-Type"].startswith("text/html")
    text = answer.text
    assert what_sentence(text) == f"No {words} with id {item_id} is stored on this server."
    assert "mistyped or cut off" in text and "another\n      Minimax Lab server" in text and "deleted" in text
    assert re.search(r'<a id="not-found-home" href="/"', text)
    # Never the app in its place: no tree panel, no script that would open the lecture example.
    assert 'class="tree-box"' not in text and "app.js" not in text and "<script" not in text
    assert ('class="app-header"' in text) is not embedded
    assert ('target="_blank"' in text) is embedded


@pytest.mark.parametrize("path, words, embedded", ROUTES, ids=[r[0] for r in ROUTES])
def test_each_page_route_answers_404_naming_the_missing_id(live_server: str, path: str, words: str, embedded: bool) -> None:
    answer = requests.get(live_server + path.format(id=MISSING), timeout=10)
    assert_not_found_page(answer, words, MISSING, embedded)


def test_a_hostile_id_is_named_as_text_never_markup(live_server: str) -> None:
    hostile = '<script>alert("x")</script>&<b>'
    for path, words in (("/t/{id}", "saved tree"), ("/embed/r/{id}", "saved trace"), ("/x/{id}/results", "exercise")):
        answer = requests.get(live_server + path.format(id=quote(hostile, safe="")), timeout=10)
        assert_not_found_page(answer, words, hostile, path.startswith("/embed"))
        assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&amp;&lt;b&gt;" in answer.text
    answer = requests.get(live_server + "/?tree=" + quote(hostile, safe=""), timeout=10)
    assert_not_found_page(answer, "saved tree", hostile, False)


def test_an_id_with_a_slash_in_it_gets_the_same_page(live_server: str) -> None:
    """/t/a/b matches no route (a link cut or edited): still the tree's not-found page, not Flask's bare 404."""
    assert_not_found_page(requests.get(live_server + "/t/a/b", timeout=10), "saved tree", "a/b", False)
    assert_not_found_page(requests.get(live_server + "/embed/x/a/b/c", timeout=10), "exercise", "a/b/c", True)
    assert "not-found" not in requests.get(live_server + "/no/such/page", timeout=10).text


def test_an_over_long_id_is_named_by_its_start_and_its_length(live_server: str) -> None:
    long_id = "A" * 5000
    answer = requests.get(f"{live_server}/t/{long_id}", timeout=10)
    assert answer.status_code == 404
    assert what_sentence(answer.text) == f"No saved tree with id {'A' * 64}… (the first 64 of its 5000 characters) is stored on this server."
    assert len(answer.content) < 3000  # the page does not echo the whole id back


def test_stored_items_keep_their_pages_and_a_wrong_results_key_is_not_not_found(live_server: str) -> None:
    tree = requests.post(f"{live_server}/api/trees", data=json.dumps(LECTURE), timeout=10).json()
    trace_text = run_cli("trace", "--example", "lecture", "--algorithm", "alphabeta").stdout
    trace = requests.post(f"{live_server}/api/traces", data=trace_text, timeout=10).json()
    exercise = requests.post(f"{live_server}/api/exercises", json={"tree": LECTURE}, timeout=10).json()
    for path in (tree["url"], f"/embed/t/{tree['id']}", f"/?tree={tree['id']}", trace["url"], f"/embed/r/{trace['id']}",
                 exercise["url"], f"{exercise['url']}/solution", f"{exercise['url']}/results?key=wrong"):
        answer = requests.get(live_server + path, timeout=10)
        assert answer.status_code == 200 and "not-found-what" not in answer.text, path


def test_the_rest_api_404s_stay_json(live_server: str) -> None:
    for path, error in (("/api/trees/abc123", "no saved tree with id 'abc123'"), ("/api/traces/abc123", "no saved trace with id 'abc123'"),
                        ("/api/exercises/abc123", "no exercise with id 'abc123'")):
        answer = requests.get(live_server + path, timeout=10)
        assert answer.status_code == 404 and answer.json() == {"error": error}
    unrouted = requests.get(live_server + "/api/trees/a/b", timeout=10)
    assert unrouted.status_code == 404 and unrouted.json()["error"].startswith("404 Not Found")
