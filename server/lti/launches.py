"""What a validated LTI launch tells us (its claims, IMS LTI 1.3 Core): who the user is, whether they teach the
course, which course, and which of our pages the link opens (`target_link_uri`).
"""

from __future__ import annotations

import json
import re
from typing import Any, Mapping
from urllib.parse import urlsplit

from server.practice.identity import CONTROL, MAX_STUDENT_CHARS

LTI = "https://purl.imsglobal.org/spec/lti/claim/"
ROLES = LTI + "roles"
CONTEXT = LTI + "context"
TARGET = LTI + "target_link_uri"
MESSAGE_TYPE = LTI + "message_type"
DEPLOYMENT = LTI + "deployment_id"
AGS = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
TEACHING_ROLES = (
    "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",
    "http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper",
    "http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant",
)
"""Roles whose launch opens an exercise's results (a course's teachers, TAs and designers)."""
EXERCISE_PATH = re.compile(r"/(?:embed/)?x/([A-Za-z0-9_-]{1,64})")
OUR_PATH = re.compile(r"/(?:[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)*)?")
"""A page path of ours: letters, digits, _ and - between single slashes. Nothing a browser could read as another
host (//evil, /\\evil) is ever a launch's redirect."""


def lms_user(claims: Mapping[str, Any]) -> str:
    """The student as attempts store them: JSON ["issuer", "sub"] (a `sub` is unique only within its platform)."""
    return json.dumps([claims.get("iss", ""), claims.get("sub", "")])


def display_name(claims: Mapping[str, Any]) -> str:
    """The name the LMS gives (name, else given and family name, else email, else the LMS's user id), as the
    results page shows it: at most MAX_STUDENT_CHARS, no control characters."""
    given = " ".join(str(claims.get(part) or "") for part in ("given_name", "family_name")).strip()
    name = str(claims.get("name") or given or claims.get("email") or f"LMS user {claims.get('sub', '?')}")
    return CONTROL.sub("", name).strip()[:MAX_STUDENT_CHARS] or f"LMS user {claims.get('sub', '?')}"[:MAX_STUDENT_CHARS]


def teaches(claims: Mapping[str, Any]) -> bool:
    roles = claims.get(ROLES) or []
    return any(role in TEACHING_ROLES for role in roles)


def course(claims: Mapping[str, Any]) -> tuple[str, str, str] | None:
    """(issuer, deployment id, context id) of the launch's course (a context id is unique within its deployment,
    LTI 1.3 Core §5.4.1); None for a launch outside a course."""
    context = claims.get(CONTEXT) or {}
    context_id = context.get("id") if isinstance(context, dict) else None
    return None if not context_id else (str(claims.get("iss", "")), str(claims.get(DEPLOYMENT, "")), str(context_id))


def resource_link(claims: Mapping[str, Any]) -> str:
    """The launch's link in its course, as attempts keep it (JSON [issuer, deployment id, resource link id]): a
    "best" grade is the best of the student's Checks made from that one link (that gradebook column)."""
    link = claims.get(LTI + "resource_link") or {}
    link_id = link.get("id", "") if isinstance(link, dict) else ""
    return json.dumps([claims.get("iss", ""), claims.get(DEPLOYMENT, ""), link_id])


def course_title(claims: Mapping[str, Any]) -> str:
    context = claims.get(CONTEXT) or {}
    return str(context.get("title") or context.get("label") or "your course") if isinstance(context, dict) else "your course"


def target_path(claims: Mapping[str, Any]) -> str | None:
    """The path and query of the page the link opens, when `target_link_uri` is one of ours (any host: the
    platform knows our public name, we may sit behind a proxy); None for a missing or odd one."""
    target = claims.get(TARGET)
    if not isinstance(target, str):
        return None
    parts = urlsplit(target)
    if parts.scheme not in ("http", "https") or not OUR_PATH.fullmatch(parts.path or "/") or "\\" in parts.query:
        return None
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def exercise_of(claims: Mapping[str, Any]) -> str | None:
    """The exercise id when the link opens an exercise (/x/<id> or /embed/x/<id>)."""
    path = target_path(claims)
    found = EXERCISE_PATH.fullmatch(urlsplit(path).path) if path else None
    return found.group(1) if found else None


def has_grades(claims: Mapping[str, Any]) -> bool:
    """Whether the platform offered Assignment and Grade Services with the score scope for this launch."""
    endpoint = claims.get(AGS) or {}
    if not isinstance(endpoint, dict) or not (endpoint.get("lineitem") or endpoint.get("lineitems")):
        return False
    return "https://purl.imsglobal.org/spec/lti-ags/scope/score" in (endpoint.get("scope") or [])
