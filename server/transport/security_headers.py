"""The headers every answer carries: the browser runs only our own scripts and styles, never inside
another site's frame, never guesses a file's type, and tells no other site where a student came from.

The page loads nothing from elsewhere (no CDN: d3 and socket.io-client are served from /vendor), and
has no inline style attribute and no inline script but its import map, allowed by its hash alone
(server/http/asset_urls.py), so the policy can be this strict. Exports build images from blob: URLs
(svg_export.js) and the page's socket is same-origin ('self' covers ws:).
"""

from __future__ import annotations

from typing import Iterable


def content_security_policy(script_hashes: Iterable[str] = ()) -> str:
    """The policy; `script_hashes` ('sha256-...'): the inline scripts this answer's page may run."""
    return "; ".join((
        "default-src 'self'",
        " ".join(("script-src 'self'", *script_hashes)),
        *_REST,
    ))


_REST = (
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)

CONTENT_SECURITY_POLICY = content_security_policy()

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),  # frame-ancestors for browsers that predate it
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
)
