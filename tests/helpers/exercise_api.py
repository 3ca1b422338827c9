"""Making an exercise over HTTP, for the API tests of its kinds."""

from __future__ import annotations

from typing import Any

import requests


def make(url: str, **body: Any) -> dict[str, Any]:
    """`POST /api/exercises` with `body` on the server at `url`: its 201's {id, url, key}."""
    res = requests.post(url + "/api/exercises", json=body, timeout=30)
    assert res.status_code == 201, res.text
    made = res.json()
    assert set(made) == {"id", "url", "key"} and made["url"] == f"/x/{made['id']}"
    return made
