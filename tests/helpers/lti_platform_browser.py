"""The test LMS's user agent without JavaScript: it follows an LTI 1.3 launch as a browser would
(the tool's login redirect, the platform's authorization page, its auto-submit form) and posts a
tool's deep linking form. LtiPlatform's launch methods call it (tests/helpers/lti_platform.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urljoin

import requests


class LtiFlowError(AssertionError):
    """A step of the flow was not what LTI 1.3 expects (the tool did not redirect to /auth, the
    platform refused the tool's request, ...): the message says which and shows the answer."""



@dataclass
class LaunchForm:
    """The platform's auto-submit form: where it POSTs and what (id_token and state)."""
    action: str
    fields: dict[str, str]


class _FormReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.action: str | None = None
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form" and self.action is None:
            self.action = a.get("action") or ""
        elif tag == "input" and self.action is not None and a.get("name"):
            self.fields[a["name"] or ""] = a.get("value") or ""


def read_form(page: str, base_url: str) -> LaunchForm:
    """The first form of `page` (its action made absolute against `base_url`)."""
    reader = _FormReader()
    reader.feed(page)
    if reader.action is None:
        raise LtiFlowError(f"no form in the page: {page[:400]!r}")
    return LaunchForm(urljoin(base_url, reader.action), reader.fields)



def follow_login(http_session: requests.Session, login_url: str, auth_url: str) -> LaunchForm:
    """GET the tool's login initiation, follow it to `auth_url` (a redirect, or a page that sets
    window.location), and read the authorization page's form."""
    login = http_session.get(login_url, allow_redirects=False)
    location = login.headers.get("Location") if login.is_redirect else None
    if location is None:
        found = re.search(r'window\.location(?:\.href)?\s*=\s*["\']([^"\']+)', login.text)
        location = found.group(1).replace("&amp;", "&") if found else None
    if location is None or not urljoin(login.url, location).startswith(auth_url + "?"):
        raise LtiFlowError(f"the tool's login answered {login.status_code} without sending the browser to "
                           f"{auth_url}: {login.headers.get('Location')!r} {login.text[:400]!r}")
    auth = http_session.get(urljoin(login.url, location), allow_redirects=False)
    if auth.status_code != 200:
        raise LtiFlowError(f"the platform refused the authorization request ({auth.status_code}): {auth.text[:400]}")
    return read_form(auth.text, auth.url)


def post_form(http_session: requests.Session, form: LaunchForm, follow_redirects: bool) -> requests.Response:
    return http_session.post(form.action, data=form.fields, allow_redirects=follow_redirects)


def send_deep_link_response(http_session: requests.Session, page: str | requests.Response, return_url: str,
                            base_url: str) -> str:
    """POST the JWT of a tool's deep linking page to `return_url`: the id of the first link made."""
    text, base = (page.text, page.url) if isinstance(page, requests.Response) else (page, base_url)
    form = read_form(text, base)
    if form.action != return_url or "JWT" not in form.fields:
        raise LtiFlowError(f"the tool's form posts {sorted(form.fields)} to {form.action}, not JWT to {return_url}")
    answer = http_session.post(form.action, data=form.fields)
    made = re.findall(r'data-resource-link-id="([^"]+)"', answer.text)
    if answer.status_code != 200 or not made:
        raise LtiFlowError(f"the platform refused the deep linking response ({answer.status_code}): {answer.text[:400]}")
    return made[0]
