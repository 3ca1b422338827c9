"""Which sites may show our pages in a frame: a course page embedding a view or an exercise
(docs/embedding.md). Each is an origin as browsers compare them (CSP 3 `frame-ancestors`):
http or https, a host, an optional port, nothing after. A path, a query or a wildcard is refused
rather than widened or silently ignored, so what an instructor lists is exactly what may frame us.
"""

from __future__ import annotations

import re
from typing import Iterable
from urllib.parse import urlsplit

_ORIGIN = re.compile(r"(https?)://([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])"
                     r"(?::([0-9]{1,5}))?/?", re.IGNORECASE)


class FrameAncestorsError(ValueError):
    """An origin that is not one: the message names it and says what an origin looks like."""


def checked_origin(text: object) -> str:
    """`text` as an origin (scheme and host in lower case, no trailing slash), or FrameAncestorsError."""
    found = _ORIGIN.fullmatch(text) if isinstance(text, str) else None
    port = found.group(3) if found else None
    if found is None or (port is not None and not 1 <= int(port) <= 65535):
        raise FrameAncestorsError(f"{text!r} is not an origin: write http(s)://host or http(s)://host:port, "
                                  "with no path, query or wildcard (e.g. https://canvas.example.edu)")
    scheme, host = found.group(1).lower(), found.group(2).lower()
    return f"{scheme}://{host}" + (f":{port}" if port else "")


def checked_origins(values: object, where: str = "FRAME_ANCESTORS") -> tuple[str, ...]:
    """The config key's origins, checked; the error names `where` and the bad entry."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise FrameAncestorsError(f"{where} must be a list of origins, not {values!r}")
    out: list[str] = []
    for index, value in enumerate(values):
        try:
            origin = checked_origin(value)
        except FrameAncestorsError as exc:
            raise FrameAncestorsError(f"{where}[{index}]: {exc}") from None
        if origin not in out:
            out.append(origin)
    return tuple(out)


def origin_of(url: str) -> str:
    """The origin of an http(s) URL, checked as an origin is (FrameAncestorsError for a host part that is none: user
    info, a wildcard, a space), so that no URL a platform gives can widen a policy it is written into."""
    parts = urlsplit(url)
    return checked_origin(f"{parts.scheme}://{parts.netloc}")
