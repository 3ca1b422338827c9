"""The headers every answer carries: the browser runs only our own scripts and styles, never inside
another site's frame, never guesses a file's type, and tells no other site where a student came from.

The page loads nothing from elsewhere (no CDN: d3 and socket.io-client are served from /vendor), and
has no inline script or style attribute, so the policy can be this strict. Exports build images
from blob: URLs (svg_export.js) and the page's socket is same-origin ('self' covers ws:).
"""

from __future__ import annotations

CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),  # frame-ancestors for browsers that predate it
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
)
