"""axe-core in the browser tests (issue 30, part 2): run Deque's accessibility rules on the page as it is
and say what fails in words a failing assert can show.

axe-core comes from the npm registry as a devDependency (package.json; `make setup` installs it with
`npm ci`); it is read from node_modules, never copied into the repository or served by the app. It is
evaluated through the DevTools protocol (page.evaluate) rather than added as a <script> tag
(page.add_script_tag): the pages' Content-Security-Policy runs no inline script, and refuses that tag. The
rules run are the WCAG 2.0 and 2.1 levels A and AA and axe's best practices (https://dequeuniversity.com/rules/axe/).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]

RUN = """async ([context, tags]) => {
    const result = await axe.run(context || document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(" "), summary: n.failureSummary,
                                     data: (n.any[0] || n.all[0] || n.none[0] || {}).data || null })),
    }));
}"""


@cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


def violations(page: Page, context: dict[str, Any] | str | None = None) -> list[dict[str, Any]]:
    """axe's violations on the page (or in `context`: a selector, or axe's {include, exclude}), each with
    its rule id, impact, help text and the failing nodes (target selector, summary, the check's data,
    which for colour-contrast holds the two colours and the ratio)."""
    if not AXE.exists():
        raise AssertionError(f"{AXE} not found: run `npm ci` (axe-core is a devDependency in package.json)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_axe_source())
    return page.evaluate(RUN, [context, TAGS])


def described(found: list[dict[str, Any]]) -> str:
    """The violations in lines: rule, impact, help, then each failing target (with the colours and ratio
    for a contrast failure), so a failing assert says what to fix and where."""
    lines: list[str] = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"]:
            data = node["data"] if isinstance(node["data"], dict) else {}
            if "contrastRatio" in data:
                lines.append(f"    {node['target']}: {data.get('fgColor')} on {data.get('bgColor')} is "
                             f"{data['contrastRatio']}:1, needs {data.get('expectedContrastRatio')}")
            else:
                summary = " ".join((node["summary"] or "").split())
                lines.append(f"    {node['target']}: {summary[:300]}")
    return "\n".join(lines) or "no violations"


def assert_clean(page: Page, where: str, context: dict[str, Any] | str | None = None) -> None:
    """Fail, naming each rule and target, when axe finds any violation on the page (or in `context`)."""
    found = violations(page, context)
    assert found == [], f"axe on {where}:\n{described(found)}"


def luminance(rgb: str) -> float:
    """WCAG's relative luminance of a CSS colour as the browser computes it ("rgb(99, 107, 114)")."""
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", rgb)[:3])
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two computed colours: 1 (the same) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
