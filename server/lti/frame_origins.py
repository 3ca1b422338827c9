"""Which sites may show our pages in a frame, as it is now: the --frame-ancestors origins, and the origin of every
platform added by LTI Dynamic Registration (its launches open our pages inside its course pages). A platform
registered while the server runs may frame its launches at once, with no restart and no flag; a platform whose course
pages are on another host than its issuer (Canvas's issuer is canvas.instructure.com, a school's pages are
<school>.instructure.com) still needs --frame-ancestors (docs/lms.md)."""

from __future__ import annotations

import logging

from flask import Flask

log = logging.getLogger(__name__)


def frame_ancestors(app: Flask) -> tuple[str, ...]:
    """Every answer's headers ask this: it never raises (a fault here falls back to the --frame-ancestors origins)."""
    listed: tuple[str, ...] = app.config["FRAME_ANCESTORS"]
    lti = app.extensions.get("minimax_lti")
    try:
        registered = lti.conf.registered_origins() if lti is not None else ()
    except Exception:  # noqa: BLE001
        log.exception("the registered platforms' origins could not be read")
        registered = ()
    return listed if not registered else tuple(dict.fromkeys((*listed, *registered)))
