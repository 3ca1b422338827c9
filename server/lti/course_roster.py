"""An LMS course's roster (LTI Names and Role Provisioning Services 2.0, through pylti1p3): who is in the course,
so that an exercise's results and a course's gradebook list every learner, with "not started" for those who have
not checked yet.

A launch that offers the service (its namesroleservice claim) says where the course's memberships are; that URL and
the client whose token reads it are kept per course (table lti_rosters: a launch writes only when they change). The
results of an exercise added to the course by deep linking then read the members with the tool's own token (the
client credentials grant, kept tokens: service_tokens.py), every page of them, and keep them ROSTER_SECONDS in this
process: a results page reloaded by an instructor asks the LMS at most once per that time. Members with a learner role
and an active status are listed; a platform that fails is named on the page, and the results are shown without it.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from typing import Any, Iterable, NamedTuple

import requests
from pylti1p3.exception import LtiServiceException
from pylti1p3.names_roles import NamesRolesProvisioningService
from sqlalchemy import select

from server.database.engine import utc_now
from server.database.tables import lti_courses, lti_rosters
from server.lti.launches import course, course_title, display_name
from server.lti.service_session import service_session
from server.lti.service_tokens import KeptTokenConnector
from server.storage import Store, upsert

NRPS = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
ROSTER_SECONDS = 300
"""How long a course's members are kept before the LMS is asked again."""
FAILURE_SECONDS = 60
"""A roster that could not be read is not asked again for this long (a hung LMS would hold every results load)."""
MAX_PAGES = 100
"""The most pages of one roster read: a platform whose `next` links never end (or loop) is stopped there."""
MAX_MEMBERS = 5000
"""The most members read of one course (NRPS pages are followed until then): a larger course lists its first ones."""

log = logging.getLogger(__name__)


class Member(NamedTuple):
    user: str  # as attempts keep an LMS user: JSON [issuer, sub] (server/lti/launches.py lms_user)
    name: str


class CourseRoster(NamedTuple):
    title: str
    members: list[Member]  # learners, in the LMS's order
    error: str | None  # why the roster could not be read (the members are then [])


class Place(NamedTuple):
    issuer: str
    deployment: str
    context: str
    client_id: str
    memberships_url: str
    title: str


def offered_roster(claims: dict[str, Any]) -> str | None:
    service = claims.get(NRPS)
    url = service.get("context_memberships_url") if isinstance(service, dict) else None
    return url if isinstance(url, str) and url.startswith(("http://", "https://")) else None


def remember_roster(store: Store, claims: dict[str, Any]) -> None:
    """Keep where a launch's course roster is (a validated launch's claims), when it offers one and it changed."""
    url, where = offered_roster(claims), course(claims)
    client = claims.get("aud")
    client_id = (claims.get("azp") or client[0]) if isinstance(client, list) and client else client  # several: azp names ours
    if url is None or where is None or not isinstance(client_id, str):
        return
    title = course_title(claims)[:200]
    r = lti_rosters.c
    key = (r.issuer == where[0], r.deployment == where[1], r.context == where[2])
    with store.db.reading() as connection:
        kept = connection.execute(select(r.client_id, r.memberships_url, r.title).where(*key)).first()
    if kept is not None and tuple(kept) == (client_id, url, title):
        return
    values = {"client_id": client_id, "memberships_url": url, "title": title, "updated_at": utc_now()}
    with store.db.writing() as connection:
        connection.execute(upsert(connection, lti_rosters).values(issuer=where[0], deployment=where[1], context=where[2], **values)
                           .on_conflict_do_update(index_elements=["issuer", "deployment", "context"], set_=values))


def exercise_places(store: Store, exercise_ids: Iterable[str]) -> list[Place]:
    """The rosters of the LMS courses these exercises were added to (each course once)."""
    c, r = lti_courses.c, lti_rosters.c
    ids = list(dict.fromkeys(exercise_ids))
    if not ids:
        return []
    query = (select(r.issuer, r.deployment, r.context, r.client_id, r.memberships_url, r.title).distinct()
             .join_from(lti_courses, lti_rosters, (c.issuer == r.issuer) & (c.deployment == r.deployment) & (c.context == r.context))
             .where(c.exercise_id.in_(ids)).order_by(r.title, r.context))
    with store.db.reading() as connection:
        return [Place(*row) for row in connection.execute(query)]


LEARNER_SUB_ROLE = "http://purl.imsglobal.org/vocab/lis/v2/membership/Learner#"
"""A learner's sub-roles (LTI 1.3 Core §A.2.3.1: Learner#Learner, Learner#ExternalLearner, ...)."""


def is_learner(member: dict[str, Any]) -> bool:
    roles = [role for role in member.get("roles") or [] if isinstance(role, str)]
    return member.get("status", "Active") == "Active" and any(
        role in (LEARNER, "Learner") or role.startswith(LEARNER_SUB_ROLE) for role in roles)


class RosterCache:
    """This process's rosters: {(issuer, deployment, context): (good until, CourseRoster)}."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, str, str], tuple[float, CourseRoster]] = {}
        self._lock = threading.Lock()

    def read(self, tool: Any, place: Place) -> CourseRoster:
        key = (place.issuer, place.deployment, place.context)
        with self._lock:
            found = self._kept.get(key)
        if found is not None and found[0] > time.monotonic():
            return found[1]
        roster = fetch_roster(tool, place)
        now = time.monotonic()
        with self._lock:  # a failure is asked again sooner; entries past their time go at each keep
            self._kept = {k: kept for k, kept in self._kept.items() if kept[0] > now}
            self._kept[key] = (now + (FAILURE_SECONDS if roster.error else ROSTER_SECONDS), roster)
        return roster


def fetch_roster(tool: Any, place: Place) -> CourseRoster:
    """Every learner of the course, from the LMS (pages followed up to MAX_MEMBERS)."""
    try:
        registration = tool.conf.find_registration_by_params(place.issuer, place.client_id)
    except Exception:  # pylti1p3 raises a bare Exception for an issuer or client no longer configured
        registration = None
    if registration is None:
        return CourseRoster(place.title, [], "the course's platform is no longer in this server's LTI configuration")
    service = NamesRolesProvisioningService(KeptTokenConnector(registration, service_session(), tool.tokens),
                                            {"context_memberships_url": place.memberships_url})
    members: list[dict[str, Any]] = []
    url: str | None = place.memberships_url
    read: set[str] = set()
    try:
        while url and url not in read and len(read) < MAX_PAGES and len(members) < MAX_MEMBERS:
            read.add(url)
            page, url = service.get_members_page(url)
            if not page:  # a page of no one ends the roster, whatever its `next` says
                break
            members.extend(m for m in page if isinstance(m, dict))
    except LtiServiceException as exc:
        log.warning("LTI roster of %s not read: HTTP %s", place.context, exc.response.status_code)
        return CourseRoster(place.title, [], f"the LMS's roster service answered HTTP {exc.response.status_code}")
    except requests.RequestException as exc:
        log.warning("LTI roster of %s not read: %s", place.context, exc)
        return CourseRoster(place.title, [], "the LMS's roster service could not be reached")
    except Exception:  # an answer pylti1p3 cannot read (not JSON, no members): the results still show
        log.exception("LTI roster of %s not read", place.context)
        return CourseRoster(place.title, [], "the LMS's roster answer could not be read")
    return CourseRoster(place.title, [Member(json.dumps([place.issuer, str(m.get("user_id", ""))]), member_name(m))
                                      for m in members[:MAX_MEMBERS] if is_learner(m) and m.get("user_id")], None)


def member_name(member: dict[str, Any]) -> str:
    """As a launch names its user (server/lti/launches.py display_name): name, given and family, email, the id."""
    return display_name({**member, "sub": member.get("user_id", "?")})
