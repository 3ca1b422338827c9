"""Making the lecture's exercise and opening its page, and where a callout sits on its drawing, for the exercise pages'
browser tests."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def make(page: Page, base: str, **options: Any) -> dict[str, Any]:
    """The lecture's exercise asking values and pruned branches (plus `options`, where a "generate" or "game" takes the
    lecture tree's place): the 201's {id, url, key}."""
    body = {"ask": ["values", "pruned"], **options}
    if "generate" not in body and "game" not in body:
        body.setdefault("tree", LECTURE)
    made = page.request.post(f"{base}/api/exercises", data=json.dumps(body), headers={"Content-Type": "application/json"})
    assert made.status == 201, made.text()
    return made.json()


def open_exercise(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


# Where the callout is against the drawing: the nodes, boxes and ✂ marks it covers, whether its node and itself are in view (inside the
# scroll box and the window), and how wide the tree is drawn against its box.
CALLOUT_GEOMETRY = """() => {
  const box = document.querySelector('#drawing-box');
  const canvas = box.querySelector('.exercise-canvas');
  const inView = (r) => { const b = box.getBoundingClientRect();  // inside the box (it scrolls both ways) and the window
    return r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= Math.max(0, b.top) - 1 && r.bottom <= Math.min(innerHeight, b.bottom) + 1; };
  const callout = box.querySelector('.callout:not([hidden])');
  const out = {zoom: parseFloat(getComputedStyle(canvas).zoom), scroll_width: box.scrollWidth, client_width: box.clientWidth};
  if (!callout) return out;
  const r = callout.getBoundingClientRect();
  const node = box.querySelector(`.node[data-node-id="${CSS.escape(callout.dataset.node)}"]`);
  out.node = callout.dataset.node;
  out.covers = [...box.querySelectorAll('.node, .field, .prune-toggle')].filter((el) => { const b = el.getBoundingClientRect();
    return b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom; })
    .map((el) => el.dataset.nodeId || el.querySelector('input')?.dataset.node || `✂ ${el.dataset.node}`);
  out.node_in_view = inView(node.getBoundingClientRect());
  out.callout_in_view = inView(r);
  return out;
}"""


def callout_clear(page: Page, node: str | None) -> dict[str, Any]:
    """The callout explains `node` (None: any), covers no node, box or ✂ mark, and it and its node are both in view."""
    geometry = page.evaluate(CALLOUT_GEOMETRY)
    named = geometry.get("node") if node is None else node
    assert (geometry.get("node"), geometry.get("covers"), geometry.get("node_in_view"), geometry.get("callout_in_view")) == (
        named, [], True, True), geometry
    return geometry
