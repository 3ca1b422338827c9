"""A Check's score to the LMS gradebook (LTI Assignment and Grade Services 2.0, through pylti1p3): the best of the
student's scores so far or the latest, as the exercise's `grade` option says, out of GRADE_POINTS.

The score goes to the line item the platform gave the launch (deep linking made one with the link); a link without
one gets ours, found by the exercise's id as its resourceId (each exercise its own column), else made. A platform that fails or does not answer in
time costs the student nothing: the attempt is stored before, the Check's answer says the score was not sent and
why, and the next Check sends it again (a score is the student's whole grade, not an increment).
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone
from typing import Any

import requests
from pylti1p3.exception import LtiException, LtiServiceException
from pylti1p3.grade import Grade
from pylti1p3.lineitem import LineItem

from server.lti.launches import AGS
from server.lti.tool import Tool

GRADE_POINTS = 100
"""The points a score is out of (a Check's score 0.8 is 80 of 100), as the line item deep linking makes says."""
LINE_ITEM_TAG = "minimax-lab"

log = logging.getLogger(__name__)


def line_item(exercise_id: str, title: str) -> LineItem:
    return (LineItem().set_score_maximum(GRADE_POINTS).set_label(title).set_resource_id(exercise_id)
            .set_tag(LINE_ITEM_TAG))


def send_score(tool: Tool, launch_id: str, exercise_id: str, title: str, score: float) -> dict[str, Any]:
    """Post `score` (0..1) for the launch's user: {"sent": true, "points", "out_of"} or {"sent": false, "error"}."""
    points = round(score * GRADE_POINTS, 2)
    try:
        launch = tool.restored(launch_id)
        claims = launch.get_launch_data()
        grade = (Grade().set_score_given(points).set_score_maximum(GRADE_POINTS).set_user_id(claims["sub"])
                 .set_timestamp(datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z"))
                 .set_activity_progress("Completed").set_grading_progress("FullyGraded"))
        endpoint = claims.get(AGS) or {}
        ags = launch.get_ags()
        column = None if endpoint.get("lineitem") else ags.find_or_create_lineitem(line_item(exercise_id, title), "resource_id")
        ags.put_grade(grade, column)
    except LtiServiceException as exc:
        log.warning("LTI score for exercise %s not sent: the platform answered %s", exercise_id, exc)
        return {"sent": False, "error": f"the gradebook answered {platform_status(exc)}"}
    except requests.RequestException as exc:
        log.warning("LTI score for exercise %s not sent: %s", exercise_id, exc)
        return {"sent": False, "error": "the gradebook could not be reached"}
    except LtiException as exc:
        return {"sent": False, "error": f"the course gave no gradebook for this link ({exc})"}
    except Exception:  # pylti1p3 raises KeyError and bare Exceptions on odd answers: the stored attempt must not 500
        log.exception("LTI score for exercise %s not sent", exercise_id)
        return {"sent": False, "error": "the gradebook's answer could not be read"}
    return {"sent": True, "points": points, "out_of": GRADE_POINTS}


def platform_status(exc: LtiServiceException) -> str:
    return f"HTTP {exc.response.status_code}"
