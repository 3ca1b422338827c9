"""A course site on another loopback origin: a tiny server (Werkzeug, a free port) serving fixed HTML pages,
each framing our embedded pages as an LMS's page would (docs/embedding.md). Its origin is
http://localhost:<port>, another site than our server's http://127.0.0.1:<port> (the frame is third-party,
as in a real course page), and what --frame-ancestors must list for the frames to load."""

from __future__ import annotations

import html
import threading
from contextlib import contextmanager
from typing import Iterator, Mapping

from werkzeug.serving import WSGIRequestHandler, make_server
from werkzeug.wrappers import Request, Response

from tests.helpers.live_server import SHUTDOWN_POLL_SECONDS


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args: object, **kwargs: object) -> None:
        pass


def course_html(title: str, frame_src: str, width: int, height: int) -> str:
    """A course page as an instructor writes one: a heading, a sentence, and our <iframe>."""
    return course_page(title, f"<iframe id=\"lab\" src=\"{html.escape(frame_src)}\" width=\"{width}\" height=\"{height}\" "
                              f"title=\"{html.escape(title)}\" style=\"border:0;max-width:100%;background:#fff\"></iframe>")


def course_page(title: str, snippet: str) -> str:
    """A course page around `snippet`, HTML pasted as is (what "Copy embed code" gives)."""
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><link rel=\"icon\" href=\"data:,\">"
            f"<title>{html.escape(title)}</title></head>"
            "<body style=\"margin:0;font-family:sans-serif;background:#f3f0ea\">"
            "<div style=\"padding:12px 20px;background:#3b2f63;color:#fff\"><b>CS 440 · Week 6</b> · Adversarial search</div>"
            f"<main style=\"padding:12px 20px\"><h1 style=\"font-size:20px;margin:0 0 8px\">{html.escape(title)}</h1>"
            "<p style=\"margin:0 0 10px\">Work through it here; your answers are checked as you go.</p>"
            f"{snippet}</main></body></html>")


@contextmanager
def course_site(pages: Mapping[str, str]) -> Iterator[str]:
    """Serve `pages` ({path: html}) at http://localhost:<free port>; yield that origin."""

    def app(environ: dict, start_response):  # type: ignore[no-untyped-def]
        request = Request(environ)
        body = pages.get(request.path)
        response = Response(body or "not found", status=200 if body else 404, mimetype="text/html")
        return response(environ, start_response)

    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=httpd.serve_forever, args=(SHUTDOWN_POLL_SECONDS,), name="course-site", daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(timeout=5)
