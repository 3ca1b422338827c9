"""A page's script as one built file, when it was built from the modules as they are now.

`make pages` (static/js/build_pages.mjs, esbuild) bundles each page's entry module with every module it imports
into static/build/pages/, and its manifest names each bundle's sources with their content's version. A browser
with nothing cached (a student's first visit; every test's fresh context) otherwise asks for each of the main
page's 91 modules. Measured side by side (bench/page_load.py), a load of the lecture page cost 1.79 s of the
machine's CPU with the bundle against 2.88 s on a first visit, and 0.80 s against 1.27 s with the browser's cache
warm. The bundle is sent only while each of its sources is the version it was built
from and they are exactly the modules the entry imports now: after an edit the page gets the modules one by one
(asset_urls.page_scripts), so an edited module shows at once, rebuilt or not, and nothing stale is ever sent.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from server.http.asset_urls import content_version
from server.http.module_preloads import module_preloads

PAGES = Path("build") / "pages"
"""Where the bundles are, under the static folder (what `make pages` writes)."""

log = logging.getLogger(__name__)
_told: set[tuple[str, str, str]] = set()


@dataclass(frozen=True)
class Bundle:
    """A page's built script: its URL and file, and the vendor modules it imports (by /vendor/ URL)."""

    url: str
    path: Path
    vendor: tuple[str, ...]


def bundled_page(static_dir: str, entry: str) -> Bundle | None:
    """The bundle of `entry` (a path under static/js), or None when there is none or it is stale."""
    root = Path(static_dir)
    built = _manifest(root / PAGES / "manifest.json").get(entry)
    if not isinstance(built, dict):
        return _stale(static_dir, entry, "no bundle is built for it (make pages)")
    sources = built.get("sources", {})
    wanted = {f"/static/js/{name}" for name in sources}
    if wanted != {*module_preloads(static_dir, entry), f"/static/js/{entry}"}:
        return _stale(static_dir, entry, "its bundle was built from other modules than it imports now (make pages)")
    for name, version in sources.items():
        path = root / "js" / name
        if not path.is_file() or content_version(path) != version:
            return _stale(static_dir, entry, f"js/{name} changed since its bundle was built (make pages)")
    name = str(built.get("bundle", ""))
    path = root / PAGES / name
    if not name or not path.is_file():
        return _stale(static_dir, entry, "its bundle's file is missing (make pages)")
    return Bundle(f"/static/{PAGES.as_posix()}/{name}", path, tuple(str(url) for url in built.get("vendor", ())))


def _stale(static_dir: str, entry: str, why: str) -> None:
    """None, having said once per folder, entry and reason why the page's modules are sent one by one."""
    if (static_dir, entry, why) not in _told:
        _told.add((static_dir, entry, why))
        log.info("%s: sending its modules one by one: %s", entry, why)
    return None


def _manifest(path: Path) -> dict[str, object]:
    """The manifest's entries ({} without one), read again only when the file changes."""
    try:
        stat = path.stat()
    except OSError:
        return {}
    return _read(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4)
def _read(path: str, mtime_ns: int, size: int) -> dict[str, object]:
    try:
        found = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}
