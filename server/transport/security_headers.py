"""The headers every answer carries: the browser runs only our own scripts and styles, never inside
another site's frame (unless the server lists that site: --frame-ancestors, frame_ancestors.py), never
guesses a file's type, and tells no other site where a student came from.

The page loads nothing from elsewhere (no CDN: d3 and socket.io-client are served from /vendor), and
has no inline style attribute and no inline script but its import map, allowed by its hash alone
(server/http/asset_urls.py), so the policy can be this strict. Exports build images from blob: URLs
(svg_export.js) and the page's socket is same-origin ('self' covers ws:).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable


def content_security_policy(script_hashes: Iterable[str] = (), frame_ancestors: Iterable[str] = (),
                            form_targets: Iterable[str] = ()) -> str:
    """The policy; `script_hashes` ('sha256-...'): the inline scripts this answer's page may run;
    `frame_ancestors`: the origins (checked by frame_ancestors.py) whose pages may frame it; `form_targets`: the
    origins besides ours its forms may post to (the LTI deep-linking answer posts to the LMS)."""
    return "; ".join((
        "default-src 'self'",
        " ".join(("script-src 'self'", *script_hashes)),
        *_REST,
        " ".join(("form-action 'self'", *form_targets)),
        frame_ancestors_directive(frame_ancestors),
    ))


def frame_ancestors_directive(origins: Iterable[str] = ()) -> str:
    """No frame at all by default; with origins, our own pages and theirs."""
    listed = tuple(origins)
    return " ".join(("frame-ancestors 'self'", *listed)) if listed else "frame-ancestors 'none'"


_REST = (
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
)

CONTENT_SECURITY_POLICY = content_security_policy()


@lru_cache(maxsize=64)
def security_headers(frame_ancestors: tuple[str, ...] = ()) -> tuple[tuple[str, str], ...]:
    """Every answer's headers. X-Frame-Options (for browsers that predate frame-ancestors) can name no
    list of sites, so it is sent only when no site may frame us; every current browser reads the CSP."""
    listed = tuple(frame_ancestors)
    return (
        ("Content-Security-Policy", content_security_policy((), listed)),
        ("X-Content-Type-Options", "nosniff"),
        *(() if listed else (("X-Frame-Options", "DENY"),)),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
    )


SECURITY_HEADERS = security_headers()
"""The default (no site may frame us): what gunicorn's own refusals carry, before any app is asked."""
