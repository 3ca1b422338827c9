"""Where the pages, scripts and stylesheets the server sends are: a checkout's top level, or the installed package.

The repository keeps templates/, static/ and node_modules/ (`npm ci`) at its top level, beside the Python
packages. A wheel cannot install folders there (site-packages/templates would be anyone's), so `make wheel`
copies them into the package as server/web/ (setup.py's build step; the node_modules files the server sends
only). This module alone decides which of the two the server reads; nothing else names those folders.
"""

from __future__ import annotations

from pathlib import Path

PACKAGED = Path(__file__).resolve().parent / "web"
"""Where the wheel puts them (setup.py's WEB_FOLDER): present in an installed package, never in a checkout."""

CHECKOUT = Path(__file__).resolve().parent.parent
"""The repository's top level, when the server runs from a checkout (`make run`, the tests, an editable install)."""


def web_folder() -> Path:
    """The folder holding templates/, static/ and node_modules/.

    The installed package's server/web/ when it is there (a wheel's install: its own copy, whatever folder
    Python was started from); otherwise the checkout's top level, so an edited template or a rebuilt bundle
    shows at once and `npm ci`'s node_modules/ is read in place."""
    return PACKAGED if (PACKAGED / "templates").is_dir() else CHECKOUT
