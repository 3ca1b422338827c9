"""Every page's assets by versioned URL (asset_urls.py), in the templates and in the answers: the
helpers `asset(url)` and `scripts(entry)` for the templates, a year's caching for a file asked for by
its current version, and the page's Content-Security-Policy widened by its import map's hash alone."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app, g, request

from server.http.asset_urls import YEAR_SECONDS, PageScripts, bundle_scripts, content_version, page_scripts, versioned
from server.http.page_bundles import bundled_page
from server.lti.frame_origins import frame_ancestors
from server.transport.security_headers import content_security_policy

page_assets = Blueprint("page_assets", __name__)

VENDOR_FILES = {
    "d3.min.js": "d3/dist/d3.min.js",
    "socket.io.min.js": "socket.io-client/dist/socket.io.min.js",
    "qrcode.mjs": "qrcode-generator/dist/qrcode.mjs",  # an ES module: class_qr.js imports it
    "sortable.esm.js": "sortablejs/modular/sortable.complete.esm.js",  # drag to reorder (with its auto-scroll): the built exercises import it
}
"""The only files served from node_modules (installed from the npm registry by `npm ci`)."""

VENDOR_MODULES = ("qrcode.mjs", "sortable.esm.js")
"""Vendor files the app's modules import (by /vendor/ URL), so the import map versions them too."""


def vendor_path(name: str) -> Path:
    return Path(current_app.config["NODE_MODULES"]) / VENDOR_FILES[name]


def asset_path(url: str) -> Path | None:
    """The file a /static/ or /vendor/ URL names, or None."""
    if url.startswith("/vendor/"):
        name = url.removeprefix("/vendor/")
        return vendor_path(name) if name in VENDOR_FILES else None
    if url.startswith("/static/"):
        path = Path(str(current_app.static_folder)) / url.removeprefix("/static/")
        return path if ".." not in Path(url).parts else None
    return None


@page_assets.app_context_processor
def _asset_helpers() -> dict[str, object]:
    """In templates: `asset(url)`, a stylesheet's or script's URL with its version, and
    `scripts(entry)`, an entry module's versioned URL, preloads and import map (asset_urls.py), or its bundle's
    (page_bundles.py);
    the page's Content-Security-Policy then allows that import map."""

    def asset(url: str) -> str:
        path = asset_path(url)
        return versioned(url, path) if path is not None and path.is_file() else url

    def scripts(entry: str) -> PageScripts:
        static_dir = str(current_app.static_folder)
        bundle = bundled_page(static_dir, entry) if current_app.config["PAGE_BUNDLES"] else None
        if bundle is not None:  # one built file while it is what the modules are now (page_bundles.py)
            imports = {url: path for url in bundle.vendor if (path := asset_path(url)) is not None}
            found = bundle_scripts(bundle.url, bundle.path, imports)
        else:
            vendor = {f"/vendor/{name}": vendor_path(name) for name in VENDOR_MODULES}
            found = page_scripts(static_dir, entry, vendor)
        g.script_hashes = (*g.get("script_hashes", ()), found.csp_hash)
        return found

    return {"asset": asset, "scripts": scripts}


@page_assets.after_app_request
def _cache_and_policy(response: Response) -> Response:
    """A page with an import map: the policy allows it by its hash. A static or vendor file asked for
    by its current version: cached for a year (its URL changes with its content)."""
    hashes = g.get("script_hashes")
    if hashes:
        response.headers["Content-Security-Policy"] = content_security_policy(hashes, frame_ancestors(current_app))
    wanted = request.args.get("v")
    if wanted and response.status_code == 200:
        path = asset_path(request.path)
        if path is not None and path.is_file() and content_version(path) == wanted:
            response.cache_control.public = True
            response.cache_control.max_age = YEAR_SECONDS
            response.cache_control.immutable = True
            response.cache_control.no_cache = None
    return response
