"""The test LMS's Names and Role Provisioning Services (IMS NRPS 2.0, written from the spec): the course's members,
a page at a time.

    GET /contexts/<cid>/memberships[?limit=N&page=K]
        Accept application/vnd.ims.lti-nrps.v2.membershipcontainer+json; a Bearer token with the
        contextmembership.readonly scope; a Link header with rel="next" while members remain (§2.4.2)
"""

from __future__ import annotations

import typing as t

MEMBERSHIP_TYPE = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json"
NRPS_CLAIM = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"

if t.TYPE_CHECKING:
    from tests.helpers.lti_platform import LtiPlatform


def nrps_claim(memberships_url: str) -> dict[str, t.Any]:
    """The launch's claim offering the roster (NRPS 2.0 §3.6.1.1)."""
    return {NRPS_CLAIM: {"context_memberships_url": memberships_url, "service_versions": ["2.0"]}}


def memberships_page(platform: LtiPlatform, context_id: str, url: str, page: int, limit: int) -> tuple[dict[str, t.Any], str | None]:
    """One page of the course's members (every user of the platform is in its one course) and the next page's URL."""
    with platform.lock:
        users = [u for u in platform.users.values() if u.login not in platform.left_course]
    context = platform.contexts[context_id]
    chosen = users[(page - 1) * limit: page * limit]
    members = [{"status": "Active", "name": u.name, "given_name": u.given_name, "family_name": u.family_name,
                "email": u.email, "user_id": u.sub, "roles": list(u.roles)} for u in chosen]
    body = {"id": url, "context": {"id": context["id"], "label": context["label"], "title": context["title"]},
            "members": members}
    more = page * limit < len(users)
    if platform.roster_loop:  # a broken platform: every page's next is the first page again
        return body, f"{url}?limit={limit}&page=1&cursor={cursor(1)}"
    return body, f"{url}?limit={limit}&page={page + 1}&cursor={cursor(page + 1)}" if more else None


def cursor(page: int) -> str:
    """A next link's cursor, in capitals and small letters as real ones are: asked with any other case, refused."""
    return f"Pg{page}Of{page * 7}X"

