"""An embedded page's query is the visitor's to write (a course page, or anyone's link): the "Open in Minimax Lab"
link repeats it as text in an attribute, never as markup, and unknown parameters (LTI's lti=, anything) do no harm."""

from __future__ import annotations

import urllib.request
from urllib.parse import quote

from tests.helpers.live_server import running_server


def test_a_query_with_markup_stays_inside_the_link_attribute() -> None:
    hostile = '"><script>alert(1)</script><a x="'
    with running_server() as base:
        with urllib.request.urlopen(f"{base}/embed?example=lecture&lti={quote(hostile)}&x=%22%3E", timeout=30) as answer:
            text = answer.read().decode()
    assert answer.status == 200
    assert "<script>alert(1)</script>" not in text
    assert text.count("<script") == text.count("</script>") == 4  # d3, socket.io, the import map, the entry module
    assert 'href="/?example=lecture&amp;lti=%22%3E%3Cscript%3Ealert%281%29%3C/script%3E%3Ca%20x%3D%22&amp;x=%22%3E"' in text
