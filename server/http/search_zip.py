"""Our `search` package as one zip, for the code lab's Web Worker to unpack into Pyodide
(docs/code-lab.md): the student's code runs in the browser against the same instrumented games
and reference searches as `python -m search grade`, and the server never executes it.

The zip is made in memory once per process (the package does not change while a server runs) and
answered with its content's version in the URL the page gives the worker (`?v=`), so a browser keeps
it for a year and fetches it again only when the package changed.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, request

from server.http.asset_urls import YEAR_SECONDS

PACKAGE = Path(__file__).resolve().parents[2] / "search"
FIXED_TIME = (2020, 1, 1, 0, 0, 0)
"""Every entry's time: the same files make the same bytes, so the version changes only with the content."""

search_zip = Blueprint("search_zip", __name__)


@dataclass(frozen=True)
class PackageZip:
    data: bytes
    version: str

    @property
    def url(self) -> str:
        return f"/code/search.zip?v={self.version}"


def package_files(package: Path = PACKAGE) -> list[Path]:
    """The package's Python files and its JSON schemas, in a stable order, without bytecode caches."""
    found = [*package.rglob("*.py"), *(package / "schema").glob("*.json")]
    return sorted(p for p in found if "__pycache__" not in p.parts)


@cache
def package_zip(package: Path = PACKAGE) -> PackageZip:
    """The zip of `package` under its own name (search/...), made once."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in package_files(package):
            name = path.relative_to(package.parent).as_posix()
            archive.writestr(zipfile.ZipInfo(name, FIXED_TIME), path.read_bytes(), zipfile.ZIP_DEFLATED)
    data = buffer.getvalue()
    return PackageZip(data, hashlib.sha256(data).hexdigest()[:12])


@search_zip.get("/code/search.zip")
def search_package() -> Response:
    made = package_zip()
    response = Response(made.data, mimetype="application/zip")
    response.set_etag(made.version)
    if request.args.get("v") == made.version:  # asked for by its current version: it never changes
        response.cache_control.public = True
        response.cache_control.max_age = YEAR_SECONDS
        response.cache_control.immutable = True
    else:
        response.cache_control.no_cache = True
    return response.make_conditional(request)
