"""Where the widget's front end is: the bundle esbuild makes of static/js/widget/widget_main.js (with
the page's modules and d3) and of the page's CSS, scoped to the widget. It is built, not committed:
`make widget` writes it here, and a wheel carries it."""

from __future__ import annotations

from pathlib import Path

BUNDLE_DIR = Path(__file__).resolve().parent / "static"
FILES = ("widget.js", "widget.css")


class BundleMissing(FileNotFoundError):
    """The front end was never built: a checkout before `make widget`."""


def bundle_text(name: str) -> str:
    """The text of one of FILES, or BundleMissing saying how to build it."""
    path = BUNDLE_DIR / name
    if not path.is_file():
        raise BundleMissing(f"{path} is missing: the widget's front end is not built; run make widget "
                            "(node static/js/widget/build_bundle.mjs, after npm ci)")
    return path.read_text(encoding="utf-8")
