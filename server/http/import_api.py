"""Tree files of other courses' formats read by the engine, for the page's tree box and file input:
the page has no parser of its own (one parser, search.trees.cs188, for the CLI and the page).

    POST /api/import/cs188    the text of a UC Berkeley CS188 GraphGameTreeTest (.test) ->
                              {tree, algorithm, ties, depth, cs188, actions}; 400 naming the file's
                              line, 413 over the body limit (server/transport/guard.py)
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify

from search import InputError
from search.trees.cs188 import import_cs188
from server.http.trees_api import body_text, refuse
from server.quotas import limited

import_api = Blueprint("import_api", __name__, url_prefix="/api/import")
import_api.register_error_handler(InputError, refuse)


@import_api.post("/cs188")
@limited("imports")
def cs188() -> Any:
    return jsonify(import_cs188(body_text()).to_json())
