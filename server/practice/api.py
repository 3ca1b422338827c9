"""Practice exercises over HTTP (issues 11, 26): the engine (search.practice.exercise) makes and checks
them; this module only stores, caches and serves.

    POST /api/exercises                  make one -> 201 {id, url: /x/<id>, key}; graded-use options beside
                                         the engine's fields (server/practice/options.py)
    GET  /api/exercises/<id>             the student's copy: leaf values only, the settings, the options and
                                         (?student=, ?learner=) the attempts used
    POST /api/exercises/<id>/check       check an answer (+ optional student, learner); the attempt is stored with
                                         the help its student used before it; with the solution hidden, the answer
                                         holds no right value unless ?key= is the instructor's (withheld.py)
    POST /api/exercises/<id>/hint        the next step the answer does not have right; 403 when off; its use is
                                         noted under the body's student / learner (help_uses.py)
    GET  /api/exercises/<id>/solution    the real trace, JSON Lines; 403 when hidden, unless ?key= is the instructor's;
                                         ?misconception=<id>: the search with that slip (search.misconceptions);
                                         a student's use is noted under ?student= / ?learner=
    GET  /api/exercises/<id>/results?key=...       the instructor's summary (403 without the key)
    GET  /api/exercises/<id>/results.csv?key=...   every attempt as CSV
    GET  /api/exercises/<id>/attempts/<n>?key=...  one attempt with its student's own tree and answer (issue 46)
    GET, POST /api/exercises/<id>/roster?key=...   the roster's private links; add names (server/practice/roster_api.py)
    GET  /api/exercises/<id>/roster.csv?key=...    name,link for a mail merge

A roster (issue 46, part 3: `"roster"` at creation) gives each student a private link (/x/<id>?s=<token>); every
request of a roster exercise then says its `s` (or comes from an LMS launch): a typed `student` is refused (403,
server/practice/roster_identity.py). `"variants"` (part 4) gives each student their own tree, or a new one after each
check (server/practice/variant_trees.py): the copy, the check, a hint and the solution are all of the student's tree.

The key is shown once, at creation; only its sha256 is stored, and a given key is compared in
constant time. An attempt is a score, its mistakes' {node, kind}, the misconceptions it was given and,
only if sent, the student's name from the link and the page's anonymous learner token: no address,
cookie or user agent. Bad input answers 400 (413 over the size limit) and stores nothing.
"""

from __future__ import annotations

import json
import secrets
from typing import Any, NamedTuple

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from search import InputError
from search.practice import Exercise, check_answer, copy_for, hint_for, parse_exercise, solution_text
from search.practice.diagnosis import mistaken_events
from search.practice.kinds import parsons_line_ids
from search.practice.variants import parse_variants
from search.traces.check import canonical_text
from search.trees.parse import parse_json_text
from server.courses.access import course_opens
from server.http.trees_api import body_text, refuse, store
from server.lti.exercise_launches import grade_to_lms, launch_link, lms_student, teaches_exercise
from server.lti.roster_rows import course_rosters, results_roster
from server.lti.tool import tool
from server.practice.attempts import listed_attempt, numbered, stored_misconceptions, summarise_attempts
from server.practice.cache import LruCache
from server.practice.help_uses import attempt_help, help_note, helped
from server.practice.identity import Identity, take_identity
from server.practice.options import Options, options_from_text, options_text, take_options
from server.practice.results import summarise
from server.practice.results_csv import csv_download, results_csv
from server.practice.roster import links, parse_roster
from server.practice.roster_identity import RosterRefusal, roster_whose
from server.practice.stored_form import stored_body, stored_exercise
from server.practice.variant_trees import TreeChanged, Variant, seeded, tree_number, variant_for
from server.practice.withheld import without_answers
from server.quotas import answer_bill, limited, stored_bill
from server.secret_keys import key_hash, key_matches

exercise_api = Blueprint("exercise_api", __name__, url_prefix="/api/exercises")
exercise_api.register_error_handler(InputError, refuse)


@exercise_api.errorhandler(RosterRefusal)
def not_this_student(error: RosterRefusal) -> tuple[Response, int]:
    return jsonify(error=str(error)), 403


@exercise_api.errorhandler(TreeChanged)
def not_this_tree(error: TreeChanged) -> tuple[Response, int]:
    return jsonify(error=str(error)), 409


MAX_ROW_ID = 2**31 - 1
"""The largest attempt id a database holds (PostgreSQL's integer): a larger one in a URL is not found, not a 500."""


class Loaded(NamedTuple):
    exercise: Exercise
    options: Options
    key_hash: str
    variants: str = "same"  # "per-student", "per-attempt": a tree of one's own (variant_trees.py)
    roster: bool = False  # made with a roster: its students are its roster's entries (and LMS users)
    request: dict[str, Any] | None = None  # what is stored of it: a generated one's "generate" request draws variants


def cache() -> LruCache[Loaded]:
    """This app's exercises read back lately (one cache per app: tests build many apps)."""
    return current_app.extensions.setdefault("minimax_exercises", LruCache(64, current_app.config["EXERCISE_CACHE_NODES"], _nodes))


def _nodes(loaded: Loaded) -> int:
    return len(loaded.exercise.tree.walk())


def load(exercise_id: str) -> Loaded | None:
    def read() -> Loaded | None:
        stored = store().load_exercise(exercise_id)
        if stored is None:
            return None
        data = json.loads(stored.body)
        return Loaded(stored_exercise(data), options_from_text(stored.options), stored.key_hash, stored.variants or "same",
                      stored.roster, data)
    return cache().get(exercise_id, read)


def identify(fields: Any, exercise_id: str, loaded: Loaded, required: bool = True) -> Identity:
    """Whose the request is (roster_identity.py: 403 for a roster exercise's typed name or unknown token, and when
    `required`, for none; the instructor's key needs none)."""
    return roster_whose(fields, exercise_id, loaded.roster, store(), required and not is_instructor(loaded))


def student_tree(exercise_id: str, loaded: Loaded, identity: Identity, number: Any = None, checking: bool = False) -> Variant:
    """The tree this student answers: the exercise's own, or their variant (cached beside it); per-attempt, `number`
    (the request's `tree_number`) names which of theirs (409 for a check of a tree not their current one)."""
    return variant_for(loaded.exercise, loaded.request or {}, loaded.variants, identity,
                       lambda: store().attempts_used(exercise_id, *identity), variant_cache(exercise_id, loaded),
                       tree_number(number), checking)


VARIANTS_CACHED = 256
"""Students' own trees kept at once (a class of 250 answering per-student trees at the same time), in a cache of their
own: drawing them never pushes the exercises themselves out of theirs."""


def variants_cache() -> LruCache[Loaded | bool]:
    """This app's variant trees by "<id>#<seed>"; False for a seed no tree met the guarantees from (drawn once)."""
    return current_app.extensions.setdefault(
        "minimax_variants", LruCache(VARIANTS_CACHED, current_app.config["EXERCISE_CACHE_NODES"],
                                     lambda item: 1 if isinstance(item, bool) else _nodes(item)))


def variant_cache(exercise_id: str, loaded: Loaded) -> Any:
    """The variants cache's get for this exercise: keyed "<id>#<seed>"."""
    def get(seed: str, draw: Any) -> Exercise | None:
        def read() -> Loaded | bool:
            drawn = draw()
            return False if drawn is None else loaded._replace(exercise=drawn)
        found = variants_cache().get(f"{exercise_id}#{seed}", read)
        return None if isinstance(found, bool) or found is None else found.exercise
    return get


def seeded_tree(exercise_id: str, loaded: Loaded, seed: str | None) -> Exercise:
    """The tree an attempt was checked against, from the seed it kept."""
    if seed is None or loaded.request is None or loaded.request.get("generate") is None:
        return loaded.exercise
    return seeded(loaded.exercise, loaded.request, int(seed), variant_cache(exercise_id, loaded)).exercise


def is_instructor(loaded: Loaded) -> bool:
    """Whether ?key= is the exercise's results key (compared in constant time), or ?course=&course_key= the key of a
    course the exercise is in (server/courses/access.py), or ?lti= an LMS launch of an instructor of a course the
    exercise was added to (server/lti/exercise_launches.py)."""
    given = request.args.get("key", "")
    if given:
        return key_matches(given, loaded.key_hash)
    if request.args.get("course"):
        return course_opens(request.args["course"], request.args.get("course_key", ""), request.view_args["exercise_id"])
    launch = request.args.get("lti", "")
    return bool(launch) and teaches_exercise(launch, request.view_args["exercise_id"])


def is_results_key(exercise_id: str, key: str) -> bool:
    """Whether `key` is the results key of this exercise (the LMS deep-linking page's "an exercise you made")."""
    loaded = load(exercise_id)
    return loaded is not None and key_matches(key, loaded.key_hash)


def used_and_left(exercise_id: str, options: Options, identity: Identity) -> dict[str, Any]:
    """How many checks this student has made and, when the exercise limits them, how many are left."""
    used = store().attempts_used(exercise_id, *identity)
    return {"attempts_used": used, "attempts_left": None if options.attempts is None else max(0, options.attempts - used)}


def used_up(options: Options) -> tuple[Response, int]:
    n = options.attempts
    return jsonify(error=f"you have used your {n} attempt{'' if n == 1 else 's'}"), 403


def not_found(exercise_id: str) -> tuple[Response, int]:
    return jsonify(error=f"no exercise with id {exercise_id!r}"), 404


def json_object(what: str) -> dict[str, Any]:
    """The request body as a JSON object (400 naming what was expected otherwise)."""
    data = parse_json_text(body_text(), what)
    if not isinstance(data, dict):
        raise InputError("", f"expected a JSON object ({what})")
    return data


def new_exercise(body: dict[str, Any]) -> tuple[str, str]:
    """Make and store an exercise from POST /api/exercises' fields (also the LMS's deep-linking page's): (id, results
    key); InputError naming the field, and nothing stored, for a bad one."""
    exercise_id, key, _ = made_exercise(body)
    return exercise_id, key


def made_exercise(body: dict[str, Any]) -> tuple[str, str, list[dict[str, str]] | None]:
    """new_exercise, and the roster's private links when the body gave a `"roster"` (stored with it, in one
    transaction); `"variants"` beside it (search/practice/variants.py)."""
    bill = stored_bill()
    rest = dict(body)
    roster_names = rest.pop("roster", None)
    variants_given = rest.pop("variants", None)
    options, rest = take_options(rest)
    variants = parse_variants(variants_given, rest)
    names = [] if roster_names is None else parse_roster(roster_names)
    exercise = parse_exercise(rest)
    key = secrets.token_urlsafe(18)
    exercise_id = store().save_exercise(stored_body(rest, exercise), key_hash(key), options_text(options), bill,
                                        None if variants == "same" else variants, names)
    return exercise_id, key, links(exercise_id, store().roster(exercise_id)) if names else None


@exercise_api.post("")
@limited("exercises")
def make_exercise() -> Any:
    exercise_id, key, roster_links = made_exercise(json_object("exercise"))
    made = {"id": exercise_id, "url": url_for("pages.exercise_page", exercise_id=exercise_id), "key": key}
    return jsonify(made if roster_links is None else {**made, "links": roster_links}), 201


@exercise_api.get("/<exercise_id>")
def student_copy(exercise_id: str) -> Any:
    loaded = load(exercise_id)
    if loaded is None:
        return not_found(exercise_id)
    identity = identify(request.args, exercise_id, loaded, required=False)
    variant = student_tree(exercise_id, loaded, identity)
    named = {} if identity.roster_entry is None else {"roster_student": identity.student}
    dealt = {} if variant.number is None else {"tree_number": variant.number}  # per-attempt: sent back with check, hint, solution
    return jsonify(**copy_for(variant.exercise), **dealt, options=loaded.options.to_json(),
                   **used_and_left(exercise_id, loaded.options, identity), **lms_student(request.args, exercise_id),
                   variants=loaded.variants, roster=loaded.roster, person=identity.roster_entry is not None or
                   identity.lms_user is not None, **named)


@exercise_api.post("/<exercise_id>/check")
@limited("checks")
def check(exercise_id: str) -> Any:
    loaded = load(exercise_id)
    if loaded is None:
        return not_found(exercise_id)
    fields, answer = take_identity(json_object("answer"))
    identity = identify(fields, exercise_id, loaded)
    allowed = loaded.options.attempts
    if allowed is not None and identity.who is None:
        raise InputError("learner", f"this exercise allows {allowed} attempts per student: a check must say whose it is "
                                    "(student or learner)")
    if allowed is not None and store().attempts_used(exercise_id, *identity) >= allowed:
        return used_up(loaded.options)
    variant = student_tree(exercise_id, loaded, identity, answer.pop("tree_number", None), checking=True)  # per-attempt: the one shown
    result = check_answer(variant.exercise, answer)  # raises InputError before anything is stored
    help_before = attempt_help(store().help_used(exercise_id, *identity))
    kept = store().add_attempt(exercise_id, float(result["score"]), [(m["node"], m["kind"]) for m in result["mistakes"]],
                               stored_misconceptions(result), identity.student, identity.learner, allowed, help_before,
                               answer_bill(), identity.lms_user, launch_link(fields, exercise_id), rule=result["rule"],
                               roster_entry=identity.roster_entry, variant=variant.seed,
                               answer=json.dumps(answer, allow_nan=False, ensure_ascii=False))
    if not kept:  # another check took the last attempt
        return used_up(loaded.options)
    lms = grade_to_lms(fields.get("lti"), exercise_id, loaded.options.grade, identity, float(result["score"]))
    if not loaded.options.solution and not is_instructor(loaded):
        result = without_answers(variant.exercise, result)
    new_tree = loaded.variants == "per-attempt" and variant.seed is not None  # the next check is of a new tree
    return jsonify({**result, "withheld": result.get("withheld", False), "help": help_before,
                    "perfect": result["score"] == 1.0 and not helped(help_before), "help_note": help_note(help_before, result["correct"]),
                    "new_tree": new_tree, **({} if lms is None else {"lms": lms})})


@exercise_api.post("/<exercise_id>/hint")
@limited("hints")
def hint(exercise_id: str) -> Any:
    loaded = load(exercise_id)
    if loaded is None:
        return not_found(exercise_id)
    if not loaded.options.hints and not is_instructor(loaded):
        return jsonify(error="hints are turned off for this exercise (graded use)"), 403
    fields, answer = take_identity(json_object("answer"))
    identity = identify(fields, exercise_id, loaded)
    shown = student_tree(exercise_id, loaded, identity, answer.pop("tree_number", None)).exercise
    given = hint_for(shown, answer)  # raises InputError before anything is noted
    note_help(exercise_id, loaded, "hint", identity)
    return jsonify(given)


@exercise_api.get("/<exercise_id>/solution")
@limited("solutions")
def solution(exercise_id: str) -> Any:
    loaded = load(exercise_id)
    if loaded is None:
        return not_found(exercise_id)
    if not loaded.options.solution and not is_instructor(loaded):
        return jsonify(error="the solution of this exercise is hidden (graded use): only its results key opens it"), 403
    identity = identify(request.args, exercise_id, loaded)
    tree = student_tree(exercise_id, loaded, identity, request.args.get("tree_number")).exercise  # the student's tree on screen
    misconception = request.args.get("misconception")
    if misconception is not None:  # the search with a slip of the catalogue: "watch this slip" (it shows the tree's values too)
        text = canonical_text(mistaken_events(tree, misconception))
    else:
        text = solution_text(tree)
    note_help(exercise_id, loaded, "solution" if misconception is None else "slip", identity)
    return Response(text, mimetype="application/x-ndjson")


def note_help(exercise_id: str, loaded: Loaded, what: str, identity: Identity) -> None:
    """Note a student's hint or solution (help_uses.py); the instructor's own (with the key) is not a student's."""
    if not is_instructor(loaded):
        store().add_help_use(exercise_id, what, identity.student, identity.learner, answer_bill(), identity.lms_user,
                             identity.roster_entry)


def instructors_exercise(exercise_id: str) -> Loaded | tuple[Response, int]:
    """The exercise when ?key= is its results key; else the 404 or 403 answer."""
    loaded = load(exercise_id)
    if loaded is None:
        return not_found(exercise_id)
    if not is_instructor(loaded):
        return jsonify(error="results: a missing or wrong key (the key was given with the exercise's link)"), 403
    return loaded


@exercise_api.get("/<exercise_id>/results")
def results(exercise_id: str) -> Any:
    loaded = instructors_exercise(exercise_id)
    if not isinstance(loaded, Loaded):
        return loaded
    exercise = loaded.exercise
    attempts = store().attempts(exercise_id)
    summary = summarise(exercise.node_ids, [(a.score, helped(a.help)) for a in attempts], store().mistake_counts(exercise_id),
                        exercise.kind, parsons_line_ids(exercise) if exercise.kind == "parsons" else None)
    by_attempt = summarise_attempts(attempts, exercise.node_ids)
    student = {**copy_for(exercise), "options": loaded.options.to_json()}
    lms_roster = results_roster(course_rosters(store(), tool(), [exercise_id]), attempts)  # every learner of its LMS courses
    return jsonify(**summary, **by_attempt, student=student, variants=loaded.variants, roster=loaded.roster,
                   lms_roster=lms_roster)


@exercise_api.get("/<exercise_id>/attempts/<int:attempt_id>")
def one_attempt(exercise_id: str, attempt_id: int) -> Any:
    """One attempt for its instructor: the tree it was checked against (the student's own, for variants), the answer
    as checked, and its marks as the engine gives them again (`check`); `answer` null for one made before answers were
    kept."""
    loaded = instructors_exercise(exercise_id)
    if not isinstance(loaded, Loaded):
        return loaded
    found = store().attempts(exercise_id, attempt_id, with_answers=True) if attempt_id <= MAX_ROW_ID else []
    if not found:
        return jsonify(error=f"exercise {exercise_id!r} has no attempt {attempt_id}"), 404
    attempt = found[0]
    tree = seeded_tree(exercise_id, loaded, attempt.variant)
    answer = None if attempt.answer is None else json.loads(attempt.answer)
    checked = None if answer is None else check_answer(tree, answer)
    number = next(n for n, each in numbered(store().attempts(exercise_id)) if each.id == attempt_id)
    return jsonify(attempt=listed_attempt(number, attempt), student=copy_for(tree), answer=answer, check=checked,
                   variants=loaded.variants)


@exercise_api.get("/<exercise_id>/results.csv")
def results_as_csv(exercise_id: str) -> Any:
    loaded = instructors_exercise(exercise_id)
    if not isinstance(loaded, Loaded):
        return loaded
    return csv_download(results_csv(store().attempts(exercise_id)), f"exercise-{exercise_id}-attempts.csv")
