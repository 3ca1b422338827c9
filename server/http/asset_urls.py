"""Asset URLs that carry their content's version, so a browser keeps each file until it changes.

Without a version a browser must ask again for every file of the page on every load (a conditional
GET, answered 304): about 80 requests for the main page. With `?v=<hash of the content>` an answer
can be cached for a year (`immutable`): a changed file has a new URL. The ES modules import each
other by relative paths, which carry no version; the page's import map sends each of them to its
versioned URL (the browser applies an import map to relative imports once resolved, HTML standard
"import maps"), and its hash goes into the page's Content-Security-Policy, which allows no other
inline script.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from server.http.module_preloads import module_preloads

YEAR_SECONDS = 365 * 24 * 3600


def content_version(path: Path) -> str:
    """The first 12 hex digits of the file's SHA-256: read again only when its size or time changes."""
    stat = path.stat()
    return _hashed(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4096)
def _hashed(path: str, mtime_ns: int, size: int) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def versioned(url: str, path: Path) -> str:
    """`url` (the file at `path`) with its content's version."""
    return f"{url}?v={content_version(path)}"


@dataclass(frozen=True)
class PageScripts:
    """What a page's head needs to load an entry module and every module it imports, versioned."""

    entry: str
    preloads: tuple[str, ...]
    import_map: str
    """The import map's text: the exact content of the page's <script type="importmap">."""

    @property
    def csp_hash(self) -> str:
        """The import map as a CSP source ('sha256-...'): the one inline script the page may run."""
        digest = hashlib.sha256(self.import_map.encode("utf-8")).digest()
        return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def page_scripts(static_dir: str, entry: str, vendor_modules: dict[str, Path]) -> PageScripts:
    """The versioned URLs of `entry` (a path under static/js) and its modules, and the import map that
    sends each module's plain URL (and each of `vendor_modules`, {URL: file}) to its versioned one."""
    root = Path(static_dir)
    plain = [*module_preloads(static_dir, entry), f"/static/js/{entry}"]
    urls = {url: versioned(url, root / url.removeprefix("/static/")) for url in plain}
    urls.update({url: versioned(url, path) for url, path in vendor_modules.items() if path.is_file()})
    return PageScripts(entry=urls[f"/static/js/{entry}"], preloads=tuple(urls[u] for u in plain[:-1]), import_map=import_map(urls))


def bundle_scripts(url: str, path: Path, imports: dict[str, Path]) -> PageScripts:
    """A page's bundle (server/http/page_bundles.py) at `url`, versioned, with the vendor modules it imports
    (`imports`, {URL: file}) preloaded and sent by the import map to their versioned URLs."""
    urls = {vendor: versioned(vendor, file) for vendor, file in imports.items() if file.is_file()}
    return PageScripts(entry=versioned(url, path), preloads=tuple(urls.values()), import_map=import_map(urls))


def import_map(urls: dict[str, str]) -> str:
    """The import map's text sending each plain URL to its versioned one."""
    # "<" never appears in these paths; escaped anyway, so the map can never close its <script>.
    return json.dumps({"imports": urls}, indent=None, separators=(",", ":")).replace("<", "\\u003c")
