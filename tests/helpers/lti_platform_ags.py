"""The test LMS's gradebook: Assignment and Grade Services 2.0 (line items, scores, results) as
lti1p3platform's AssignmentsGradesService, over the line items and scores an LtiPlatform keeps.

lti1p3platform checks the Bearer token and routes the call; the stores and the checks of what comes
in (a score's fields and their values, a line item's scoreMaximum and label, an older timestamp)
are written here: it passes a score or a line item on as it came.
"""

from __future__ import annotations

import typing as t
from datetime import datetime

from lti1p3platform.exceptions import LineItemNotFoundException, LtiServiceException
from lti1p3platform.service_connector import AssignmentsGradesService, TPage

from tests.helpers.lti_platform_protocol import AGS_SCOPES

if t.TYPE_CHECKING:
    from tests.helpers.lti_platform import LtiPlatform

ACTIVITY = ("Initialized", "Started", "InProgress", "Submitted", "Completed")
GRADING = ("FullyGraded", "Pending", "PendingManual", "Failed", "NotReady")
LINEITEM_FIELDS = ("label", "scoreMaximum", "resourceId", "tag", "resourceLinkId", "startDateTime", "endDateTime")


def _number(value: t.Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value and abs(value) != float("inf")


def check_lineitem(data: t.Any) -> dict[str, t.Any]:
    """A line item as AGS §3.2 writes it: a label and a positive scoreMaximum (400 otherwise)."""
    if not isinstance(data, dict):
        raise LtiServiceException("line item must be a JSON object", 400)
    if not isinstance(data.get("label"), str) or not data["label"].strip():
        raise LtiServiceException("line item label must be a non-empty string", 400)
    if not _number(data.get("scoreMaximum")) or data["scoreMaximum"] <= 0:
        raise LtiServiceException(f"line item scoreMaximum must be a number > 0, got {data.get('scoreMaximum')!r}", 400)
    return {k: data[k] for k in LINEITEM_FIELDS if k in data}


def check_score(data: t.Any) -> tuple[dict[str, t.Any], datetime]:
    """A score as AGS §3.4 writes it (400 naming the field otherwise) and its timestamp."""
    if not isinstance(data, dict):
        raise LtiServiceException("score must be a JSON object", 400)
    if not isinstance(data.get("userId"), str) or not data["userId"]:
        raise LtiServiceException(f"score userId must be a non-empty string, got {data.get('userId')!r}", 400)
    if data.get("activityProgress") not in ACTIVITY:
        raise LtiServiceException(f"score activityProgress must be one of {ACTIVITY}, got {data.get('activityProgress')!r}", 400)
    if data.get("gradingProgress") not in GRADING:
        raise LtiServiceException(f"score gradingProgress must be one of {GRADING}, got {data.get('gradingProgress')!r}", 400)
    try:
        stamp = datetime.fromisoformat(str(data.get("timestamp")))
    except ValueError:
        stamp = None
    if stamp is None or stamp.tzinfo is None:
        raise LtiServiceException(f"score timestamp must be ISO 8601 with a time zone, got {data.get('timestamp')!r}", 400)
    if "scoreGiven" in data:
        if not _number(data["scoreGiven"]) or data["scoreGiven"] < 0:
            raise LtiServiceException(f"score scoreGiven must be a number >= 0, got {data['scoreGiven']!r}", 400)
        if not _number(data.get("scoreMaximum")) or data["scoreMaximum"] <= 0:
            raise LtiServiceException(f"score scoreMaximum must be a number > 0 with scoreGiven, got {data.get('scoreMaximum')!r}", 400)
    return data, stamp


class Gradebook(AssignmentsGradesService):
    """lti1p3platform's AGS handlers over `platform`'s line items and scores (one request each)."""

    def __init__(self, platform: LtiPlatform, request: t.Any, context_id: str) -> None:
        self.platform = platform
        super().__init__(request, platform.conf, platform.lineitems_url(context_id))
        self.context_id = context_id

    @property
    def allowed_scopes(self) -> list[str]:
        """Any AGS scope passes lti1p3platform's check; the app checks the scope each endpoint needs."""
        return list(AGS_SCOPES)

    def _item(self, line_item_id: str) -> dict[str, t.Any]:
        item = self.platform.line_items.get(line_item_id)
        if item is None or item["contextId"] != self.context_id:
            raise LineItemNotFoundException(line_item_id)
        return item

    def find_lineitems(self, page: int = 1, limit: int | None = None, line_item_id: str | None = None,
                       resource_link_id: str | None = None, resource_id: str | None = None, tag: str | None = None,
                       **ignored: t.Any) -> TPage:
        wanted = {"resourceLinkId": resource_link_id, "resourceId": resource_id, "tag": tag}
        items = [self.platform.public_lineitem(item) for item in self.platform.line_items.values()
                 if item["contextId"] == self.context_id and all(v is None or item.get(k) == v for k, v in wanted.items())]
        return {"content": items, "has_next": False, "next": None}

    def find_lineitem(self, line_item_id: str) -> t.Any:
        return self.platform.public_lineitem(self._item(line_item_id))

    def create_lineitem(self, creation_data: t.Any) -> t.Any:
        return self.platform.public_lineitem(self.platform.create_line_item(self.context_id, check_lineitem(creation_data)))

    def update_lineitem(self, update_data: t.Any) -> t.Any:
        item = self._item(str(update_data.pop("id")))
        with self.platform.lock:
            item.update(check_lineitem(update_data))
        return self.platform.public_lineitem(item)

    def delete_lineitem(self, line_item_id: str) -> None:
        raise LtiServiceException("deleting line items is not offered by this platform", 405)

    def update_score(self, line_item_id: str, score: t.Any) -> t.Any:
        item = self._item(line_item_id)
        return self.platform.record_score(item, *check_score(score))

    def get_results(self, line_item_id: str, page: int = 1, limit: int | None = None, user_id: str | None = None,
                    **ignored: t.Any) -> TPage:
        item = self._item(line_item_id)
        return {"content": self.platform.results(item, user_id), "has_next": False, "next": None}
