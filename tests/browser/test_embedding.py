"""Embedded in a course page on another site (docs/embedding.md): a course site on http://localhost:<port>
(tests/helpers/course_page.py) frames our /embed pages served from http://127.0.0.1:<port>. With that origin
listed (FRAME_ANCESTORS) the frames load and work, with no CSP violation in either document; a server that lists
another site is refused by the browser itself. "Copy embed code" gives a snippet that works pasted as is."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any, Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, FrameLocator, Page, expect

from tests.browser.axe_check import assert_clean
from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, shot
from tests.browser.exercise_pages import make
from tests.helpers.course_page import course_html, course_page, course_site
from tests.helpers.live_server import running_server

RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
    window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""
STEP_30 = "/embed?example=lecture&algorithm=alphabeta&step=30"


class Sites:
    """The course site (its pages filled in by the tests), a server listing it, and one listing another site."""

    def __init__(self, course: str, allowed: str, refused: str, pages: dict[str, str]) -> None:
        self.course, self.allowed, self.refused, self.pages = course, allowed, refused, pages


@pytest.fixture(scope="module")
def sites() -> Iterator[Sites]:
    pages: dict[str, str] = {}
    with course_site(pages) as course, running_server({"FRAME_ANCESTORS": (course,)}) as allowed, \
            running_server({"FRAME_ANCESTORS": ("https://other-course.example.edu",)}) as refused:
        yield Sites(course, allowed, refused, pages)


def watched(browser: Browser, viewport: dict[str, int]) -> tuple[Page, list[str]]:
    """A page whose documents, the frame's included (init scripts run in every frame), record CSP violations."""
    page, errors = new_page(browser, viewport)
    page.add_init_script(RECORD_VIOLATIONS)
    return page, errors


def no_violations(page: Page) -> None:
    for frame in page.frames:
        assert frame.evaluate("() => window.cspViolations") == [], frame.url


def frame_of(page: Page) -> FrameLocator:
    return page.frame_locator("#lab")


def test_an_embedded_exercise_is_answered_and_checked_inside_the_course_page(browser: Browser, sites: Sites) -> None:
    page, errors = watched(browser, DESKTOP)
    made: dict[str, Any] = make(page, sites.allowed)
    sites.pages["/exercise"] = course_html("Exercise: alpha-beta", f"{sites.allowed}/embed/x/{made['id']}?student=kim&utm_source=lms", 800, 650)
    page.goto(f"{sites.course}/exercise")
    lab = frame_of(page)
    expect(lab.locator("body")).to_have_attribute("data-ready", "true")
    assert urlsplit(page.frames[1].url).path == f"/embed/x/{made['id']}"
    expect(lab.locator(".app-header")).to_have_count(0)
    expect(lab.locator("#task-student")).to_contain_text("kim")
    for node, value in (("A", "3"), ("B", "3"), ("C", "2"), ("D", "2")):
        lab.get_by_label(f"value of {node}").fill(value)
    lab.get_by_role("button", name=re.compile(r"^C2 pruned")).click()
    lab.get_by_role("button", name=re.compile(r"^C3 pruned")).click()
    lab.get_by_role("button", name="Check").click()
    expect(lab.locator("#feedback-score")).to_have_text(re.compile(r"^Correct!"))
    out = lab.get_by_role("link", name="Open in Minimax Lab")
    assert out.get_attribute("href") == f"/x/{made['id']}?student=kim&utm_source=lms"
    assert (out.get_attribute("target"), out.get_attribute("rel")) == ("_blank", "noopener")
    shot(page, "embedded-exercise-1280.png")
    # Show solution stays in the frame: the embedded replay, with a way back.
    lab.get_by_role("button", name="Show solution").click()
    expect(lab.locator("#counter")).to_have_text(re.compile(r"^step \d+ / \d+$"))
    assert urlsplit(page.frames[1].url).path == f"/embed/x/{made['id']}/solution"
    expect(lab.get_by_role("link", name="Back to the exercise")).to_be_visible()
    no_violations(page)
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_an_embedded_view_shows_step_30_and_fits_its_frame(browser: Browser, sites: Sites, viewport: dict[str, int]) -> None:
    page, errors = watched(browser, viewport)
    sites.pages["/view"] = course_html("Alpha-beta on the lecture tree", sites.allowed + STEP_30, 800, 500)
    page.goto(f"{sites.course}/view")
    lab = frame_of(page)
    expect(lab.locator("#counter")).to_have_text(re.compile(r"^step 30 / \d+$"))
    expect(lab.locator("#narration")).to_contain_text("C2 and C3")
    for part in ("#tree", "#player", "#scrub", "#narration"):
        expect(lab.locator(part)).to_be_visible()
    for hidden in (".app-header", ".setup-panel", "#present", "#copy-step-link"):
        expect(lab.locator(hidden)).to_be_hidden()
    # The pseudocode beside the tree in an 800 px frame; a phone's 350 px frame drops it.
    expect(lab.locator("#code")).to_be_visible() if viewport is DESKTOP else expect(lab.locator("#code")).to_be_hidden()
    frame = page.frames[1]
    size = frame.evaluate("""() => ({scroll: document.scrollingElement.scrollHeight, inner: innerHeight,
        wide: document.scrollingElement.scrollWidth, width: innerWidth,
        tree: document.querySelector('.tree-box').getBoundingClientRect().height})""")
    assert size["scroll"] <= size["inner"] and size["wide"] <= size["width"], size  # the frame never scrolls
    assert size["tree"] >= 200, size
    assert lab.get_by_role("link", name="Open in Minimax Lab").get_attribute("href") == "/" + STEP_30.removeprefix("/embed")
    lab.locator("#forward").click()
    expect(lab.locator("#counter")).to_have_text(re.compile(r"^step 31 / \d+$"))
    shot(page, f"embedded-view-{viewport['width']}.png")
    no_violations(page)
    assert errors == []
    page.context.close()


def test_a_server_that_does_not_list_the_course_site_is_refused_by_the_browser(browser: Browser, sites: Sites) -> None:
    page, errors = watched(browser, DESKTOP)
    made: dict[str, Any] = make(page, sites.refused)
    sites.pages["/refused"] = course_html("Exercise: alpha-beta", f"{sites.refused}/embed/x/{made['id']}", 800, 650)
    with page.expect_console_message(lambda m: "frame-ancestors" in m.text) as refusal:
        page.goto(f"{sites.course}/refused")
    # Chromium's words: "Framing '<our URL>' violates ..." (older: "Refused to frame/display ...").
    assert re.match(r"^(Framing|Refused to (frame|display)) '" + re.escape(sites.refused), refusal.value.text), refusal.value.text
    assert "frame-ancestors 'self' https://other-course.example.edu" in refusal.value.text
    # The frame holds the browser's error page, never ours: none of its content, none of its scripts ran.
    frame = page.frames[1]
    assert not frame.url.startswith(sites.refused), frame.url
    assert frame.evaluate("() => document.querySelector('[data-exercise]') === null")
    assert page.evaluate("() => window.cspViolations") == []  # the course page itself broke no rule of its own
    assert [e for e in errors if "frame-ancestors" not in e] == []
    page.context.close()


def iframe_attributes(snippet: str) -> dict[str, str]:
    """The attributes of the snippet's one element, an <iframe>, as an HTML parser reads them (entities decoded)."""
    found: list[tuple[str, dict[str, str]]] = []

    class Reader(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found.append((tag, {name: value or "" for name, value in attrs}))

    Reader().feed(snippet)
    assert [tag for tag, _ in found] == ["iframe"], snippet
    return found[0][1]


def test_copy_embed_code_gives_a_snippet_that_works_pasted_into_a_course_page(browser: Browser, sites: Sites) -> None:
    page, errors = watched(browser, DESKTOP)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_app(page, sites.allowed)
    page.locator("#scrub").fill("30")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 30 / \d+$"))
    page.get_by_role("tab", name="Share & export").click()
    page.get_by_role("button", name="Copy embed code").click()
    expect(page.locator("#embed-status")).to_have_text("Embed code copied: paste it into the course page's HTML.")
    snippet = page.locator("#embed-code").input_value()
    assert page.evaluate("() => navigator.clipboard.readText()") == snippet
    assert page.evaluate("""() => { const f = document.activeElement;
        return f.id === 'embed-code' && f.selectionStart === 0 && f.selectionEnd === f.value.length; }""")
    frame = iframe_attributes(snippet)
    src = urlsplit(frame["src"])
    assert (f"{src.scheme}://{src.netloc}", src.path) == (sites.allowed, "/embed")
    assert parse_qs(src.query) == {"example": ["lecture"], "algorithm": ["alphabeta"], "step": ["30"]}
    assert re.fullmatch(r"Minimax Lab: alpha-beta on A, step 30 of \d+", frame["title"])
    assert (frame["width"], frame["height"], frame["loading"]) == ("800", "500", "lazy")
    assert frame["style"].startswith("border:0")
    # Pasted as is into a course page on the listed site: the frame shows step 30.
    sites.pages["/pasted"] = course_page("Pasted", snippet.replace("<iframe ", '<iframe id="lab" ', 1))
    page.goto(f"{sites.course}/pasted")
    expect(frame_of(page).locator("#counter")).to_have_text(re.compile(r"^step 30 / \d+$"))
    no_violations(page)
    assert errors == []
    page.context.close()


def test_the_exercise_maker_gives_the_exercise_embed_code(browser: Browser, sites: Sites) -> None:
    page, errors = new_page(browser, DESKTOP)
    open_app(page, sites.allowed)
    page.get_by_role("tab", name="Share & export").click()
    page.get_by_role("button", name="Make exercise").click()
    student = page.locator("#exercise-link")
    expect(student).to_have_value(re.compile(r"/x/[\w-]+$"))
    snippet = page.locator("#exercise-embed-code").input_value()
    exercise = urlsplit(student.input_value()).path.removeprefix("/x/")
    assert snippet.startswith(f'<iframe src="{sites.allowed}/embed/x/{exercise}" width="800" height="650" '
                              'title="Minimax Lab: practice exercise" loading="lazy"')
    expect(page.get_by_text("Works only on sites this server allows").last).to_be_visible()
    shot(page.locator("#exercise-maker"), "exercise-maker-embed-code.png")
    assert errors == []
    page.context.close()


FRAME_SIZES = [{"width": 800, "height": 500}, {"width": 350, "height": 500}]


@pytest.mark.parametrize("viewport", FRAME_SIZES, ids=["800x500", "350x500"])
def test_the_embedded_pages_pass_axe_at_frame_sizes(browser: Browser, sites: Sites, viewport: dict[str, int]) -> None:
    """Opened alone at a frame's size (the document a frame holds): no axe-core violation (docs/accessibility.md)."""
    page, errors = new_page(browser, viewport)
    page.goto(sites.allowed + STEP_30)
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 30 / \d+$"))
    assert_clean(page, f"the embedded view at {viewport['width']}x{viewport['height']}")
    made: dict[str, Any] = make(page, sites.allowed)
    page.goto(f"{sites.allowed}/embed/x/{made['id']}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    assert_clean(page, f"the embedded exercise at {viewport['width']}x{viewport['height']}")
    assert errors == []
    page.context.close()


def test_a_bad_link_parameter_is_said_in_the_frame(browser: Browser, sites: Sites) -> None:
    """The Search tab, where a link's error is said on the full page, is not there: the error shows above the narration."""
    page, errors = new_page(browser, FRAME_SIZES[0])
    page.goto(sites.allowed + "/embed?example=lecture&algorithm=bogus")
    expect(page.locator("#form-error")).to_be_visible()
    expect(page.locator("#form-error")).to_contain_text('link: algorithm must be one of')
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 0 / [1-9]\d*$"))  # the lecture example instead
    assert errors == []
    page.context.close()
