"""Every LTI refusal the tool can give is in docs/lms.md's table, in the project's own words: each message pylti1p3
raises while it checks a login or a launch has a row of server/lti/refusals.py's REFUSALS (read from pylti1p3's own
source, so a new check of a later pylti1p3 is noticed), each row turns its message into a sentence that starts with
its kind, each kind is in the table, and the sentences the tool gives outside refusals.py (a server without
--lti-config, a launch's pages, a Check's `lti`) are there too. A real launch of each kind the test LMS can send is
refused in tests/lti/test_lti_tool.py.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pylti1p3
import pytest

from server.lti.refusals import FALLBACK, KINDS, LTI, REFUSALS, Refusal, refusal, row_of

ROOT = Path(__file__).resolve().parents[2]
LMS_DOC = ROOT / "docs" / "lms.md"
PYLTI = Path(pylti1p3.__file__).parent
CHECKS = ("message_launch.py", "oidc_login.py", "message_validators/*.py")
"""pylti1p3's login and launch checks: every LtiException and OIDCException they raise, and the tool configuration's
lookups (tool_config/dict.py's get_iss_config, bare Exceptions)."""
NOT_CHECKS = {
    "Launch data not found": "a stored launch read again (grades), never a login or launch",
    "Can't validate restored launch": "a stored launch read again (grades)",
    "namesroleservice is not set in jwt body": "a service read after the launch passed",
    "endpoint is not set in jwt body": "a service read after the launch passed",
    "groupsservice is not set in jwt body": "a service read after the launch passed",
    "context_groups_url is not set in groupsservice section": "a service read after the launch passed",
    "deep_linking_settings is not set in jwt body": "read after the launch passed (its check is Missing Deep Linking Settings)",
    "Missing %s cookie X": "our launch store names no session cookie (server/lti/launch_store.py)",
}
"""pylti1p3 messages of message_launch.py that no login or launch check raises."""
LATER: set[str] = set()
"""server/lti modules whose refusals are not in the table yet. Take a module out of here once its sentences are in the doc."""

ISSUER = "https://lms.example"
LOGIN = {"iss": ISSUER}
LAUNCH: dict[str, Any] = {"iss": ISSUER, "aud": "another-tool", "sub": "u1", "nonce": "n-1", LTI + "version": "1.3.0",
                          LTI + "deployment_id": "deployment-9", LTI + "message_type": "LtiResourceLinkRequest"}
NO_VERSION = {k: v for k, v in LAUNCH.items() if k != LTI + "version"}
CONTEXTS = [(LOGIN, False), (LAUNCH, False), (LAUNCH, True), (NO_VERSION, False)]
"""(claims, whether the nonce was used): a login, a launch, a replayed launch, a launch without an LTI version."""


def clients(_: str) -> list[str]:
    return ["minimax-lab"]


def _template(node: ast.expr) -> str | None:
    """A raised message as it reads, each value filled in as X; None when it is not text."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "X" for part in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _template(node.left), _template(node.right)
        return (left if left is not None else "X") + (right if right is not None else "X")
    return None


def raised(path: Path, names: tuple[str, ...], function: str | None = None) -> set[str]:
    """The messages `path` raises with the exception classes `names` (inside `function` only, when given)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if function is not None:
        tree = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == function)  # type: ignore[assignment]
    found: set[str] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name)
                and node.exc.func.id in names and node.exc.args):
            text = _template(node.exc.args[0])
            if text is not None:
                found.add(text)
    return found


def pylti1p3_messages() -> set[str]:
    messages: set[str] = set()
    for pattern in CHECKS:
        for path in PYLTI.glob(pattern):
            messages |= raised(path, ("LtiException", "OIDCException"))
    return messages | raised(PYLTI / "tool_config" / "dict.py", ("Exception",), "get_iss_config")


def test_every_message_pylti1p3_raises_at_a_login_or_launch_has_a_row_of_our_words() -> None:
    messages = pylti1p3_messages()
    assert len(messages) > 40, sorted(messages)  # the source was read
    assert set(NOT_CHECKS) <= messages, "NOT_CHECKS names messages pylti1p3 no longer raises"
    missing = sorted(m for m in messages - set(NOT_CHECKS)
                     if all(row_of(m, claims, clients, lambda _, used=used: used) is None for claims, used in CONTEXTS))
    assert not missing, "pylti1p3 messages without a row of REFUSALS (server/lti/refusals.py):\n" + "\n".join(missing)


@pytest.mark.parametrize("row", REFUSALS, ids=lambda row: f"{row.kind}: {row.example[:40]}")
def test_each_rows_example_is_pylti1p3s_and_comes_out_in_our_words(row: Refusal) -> None:
    assert re.fullmatch(row.pattern, row.example, flags=re.DOTALL), "the example is not a message the row takes"
    taken = [(claims, used) for claims, used in CONTEXTS
             if (found := row_of(row.example, claims, clients, lambda _, used=used: used)) is not None and found[0] is row]
    assert taken, "no login or launch reaches this row (an earlier row takes its message first)"
    for claims, used in taken:
        sentence = refusal(row.example, claims, clients, lambda _, used=used: used)
        assert sentence.startswith(row.kind), sentence
        assert sentence != row.example and not sentence.startswith(FALLBACK)


def test_pylti1p3s_own_messages_become_these_sentences() -> None:
    """The refusals the issue names, word for word."""
    def said(message: str, claims: dict[str, Any] = LAUNCH, used: bool = False) -> str:
        return refusal(message, claims, clients, lambda _: used)

    assert said("deployment_id is not set in jwt body") == (
        "no deployment id: the id_token has no deployment_id claim, so this tool cannot tell which placement of it in the "
        "LMS launched")
    assert said("Unable to find deployment") == (
        "unknown deployment id 'deployment-9': 'https://lms.example' has no deployment of that id in this server's LTI "
        "configuration")
    assert said("Invalid message type") == (
        "no message type: the id_token has no message_type claim (LtiResourceLinkRequest, LtiDeepLinkingRequest)")
    assert said("Incorrect version, expected 1.3.0", NO_VERSION) == (
        'no LTI version: the id_token has no version claim; an LTI 1.3 launch says "1.3.0"')
    assert said("Incorrect version, expected 1.3.0", {**LAUNCH, LTI + "version": "1.1"}) == (
        "wrong LTI version '1.1': this tool takes LTI 1.3 launches, version \"1.3.0\"")
    assert said("Must have a user (sub)") == "no user: the id_token has no sub claim naming the user who launched"
    assert said("Missing Roles Claim").startswith("no roles: the id_token has no roles claim")
    assert said("Missing id_token").startswith("no id_token: the launch posted no id_token")
    assert said("Invalid id_token, JWT must contain 3 parts") == "malformed id_token: a JWT is three parts separated by dots"
    assert said("Missing Resource Link Id").startswith("no resource link id: ")
    assert said("Missing Deep Linking Settings").startswith("no deep linking settings: ")
    assert said("Invalid Nonce", used=True).startswith("replayed nonce: ")
    assert said("Invalid Nonce").startswith("unknown nonce: ")
    assert said("Client id not registered for this issuer") == (
        "wrong audience: the id_token is for client 'another-tool', but this tool's client id at 'https://lms.example' "
        "is 'minimax-lab'")
    assert said("iss https://lms.example [client_id=other] not found in settings", LOGIN) == (
        "unknown client 'other': the platform 'https://lms.example' has no registration with that client id in this "
        "server's LTI configuration")
    assert said("iss https://lms.example [client_id=None] not found in settings", LOGIN).startswith(
        "unknown client: the login names no client_id")
    assert said("Can't decode id_token: Signature has expired").startswith("expired token: ")
    assert said("Invalid response from https://lms.example/jwks. Must be JSON: <html>" + "x" * 100_000) == (
        "platform keys: 'https://lms.example/jwks' did not answer a JSON key set")  # the platform's page is not echoed


def test_a_message_no_row_takes_still_gets_our_words_in_front() -> None:
    assert refusal("Something pylti1p3 3.0 checks", LAUNCH, clients, lambda _: False) == (
        "the launch is not valid LTI 1.3: Something pylti1p3 3.0 checks")
    long = refusal("x" * 5000, LAUNCH, clients, lambda _: False)
    assert long.startswith(f"{FALLBACK}: xxx") and len(long) < 400


def refusal_table() -> tuple[list[tuple[str, str]], str]:
    """docs/lms.md's "5. Refusals": its tables' rows (what is wrong, what the page says) and its whole text."""
    text = LMS_DOC.read_text(encoding="utf-8")
    section = text.split("## 5. Refusals", 1)[1].split("\n## ", 1)[0]
    rows = [(cells[0], cells[1]) for line in section.splitlines()
            if line.startswith("| ") and not line.startswith(("| what is wrong", "|---"))
            for cells in [[c.strip() for c in line.strip().strip("|").split(" | ")]]]
    return rows, section


def test_every_kind_of_refusal_is_in_the_docs_table_with_its_status() -> None:
    rows, _ = refusal_table()
    problems: list[str] = []
    for kind in [*KINDS, FALLBACK]:
        said = [says for _, says in rows if re.search(rf"`(login: )?{re.escape(kind)}\b", says)]
        if not said:
            problems.append(f"{kind!r}: no row of docs/lms.md's refusal table starts a sentence with it")
        elif any(row.status == 403 for row in REFUSALS if row.kind == kind) and not any("(403)" in says for says in said):
            problems.append(f"{kind!r}: its row does not say (403)")
    assert not problems, "\n".join(problems)


def sentences_outside_refusals() -> list[tuple[str, str]]:
    """(module, the sentence's words up to its first value) of each `refused("...")` and `InputError("lti", "...")`
    in server/lti, but refusals.py's (REFUSALS) and LATER's."""
    found: list[tuple[str, str]] = []
    for path in sorted((ROOT / "server" / "lti").glob("*.py")):
        if path.name in LATER or path.name == "refusals.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            if node.func.id in ("refused", "RegistrationError"):  # a registration's refusal page says the error's text
                text = node.args[0]
            elif (node.func.id == "InputError" and len(node.args) == 2 and isinstance(node.args[0], ast.Constant)
                  and node.args[0].value == "lti"):
                text = node.args[1]
            else:
                continue
            words = (text.value if isinstance(text, ast.Constant) else
                     text.values[0].value if isinstance(text, ast.JoinedStr) and isinstance(text.values[0], ast.Constant)
                     else None)
            if isinstance(words, str) and words.strip():
                found.append((path.name, words))
    return found


def test_the_tools_other_refusals_are_in_the_docs_table_too() -> None:
    sentences = sentences_outside_refusals()
    assert {"routes.py", "attach.py", "deep_linking.py", "exercise_launches.py", "registration_routes.py",
            "dynamic_registration.py"} <= {module for module, _ in sentences}
    rows, _ = refusal_table()
    said = "\n".join(says for _, says in rows)
    missing = [f"{module}: {words}" for module, words in sentences if words not in said]
    assert not missing, "refusals missing from docs/lms.md's table (5. Refusals):\n" + "\n".join(missing)
