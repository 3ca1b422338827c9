"""The LTI configuration (`--lti-config FILE`, docs/lms.md): a file that cannot be used is one line naming the file
and what is wrong, before any port is bound (exit 2); without one, the LTI endpoints say LTI is off."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from server import create_app
from server.__main__ import app_config, parse_args
from server.config import ROOT
from server.lti.tool import LtiConfigError, read_tool_conf
from tests.helpers.lti_config import REGISTRATION, config_file, lti_config

PLATFORM = REGISTRATION


def test_a_good_file_gives_our_public_key(tmp_path: Path) -> None:
    conf = read_tool_conf(str(lti_config(tmp_path)))
    assert [key["kty"] for key in conf.get_jwks()["keys"]] == ["RSA"]


@pytest.mark.parametrize("data, words", [
    ("{not json", "not readable JSON"),
    ([], "expected an object mapping each platform's issuer"),
    ({"https://lms.example": [{**PLATFORM, "client_id": ""}]}, "https://lms.example[0]: missing client_id"),
    ({"https://lms.example": {k: v for k, v in PLATFORM.items() if k != "key_set_url"}}, "https://lms.example: missing key_set_url"),
    ({"https://lms.example": [{**PLATFORM, "deployment_ids": "1"}]}, "deployment_ids must be a list"),
    ({"https://lms.example": [{**PLATFORM, "private_key_file": "nowhere.key"}]}, "nowhere.key"),
])
def test_a_bad_file_is_named_with_its_problem(tmp_path: Path, data: object, words: str) -> None:
    path = config_file(tmp_path, data)
    with pytest.raises(LtiConfigError) as raised:
        read_tool_conf(str(path))
    assert str(raised.value).startswith(f"LTI configuration {path}: ") and words in str(raised.value)


def test_python_m_server_refuses_a_bad_file_in_one_line_before_serving(tmp_path: Path) -> None:
    path = config_file(tmp_path, {"https://lms.example": [{**PLATFORM, "auth_token_url": None}]})
    assert app_config(parse_args(["--lti-config", str(path)]))["LTI_CONFIG"] == str(path)
    done = subprocess.run([sys.executable, "-m", "server", "--lti-config", str(path), "--db", str(tmp_path / "lab.sqlite"),
                           "--port", "1"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == f"python -m server: LTI configuration {path}: https://lms.example[0]: missing auth_token_url"


def test_without_a_file_the_lti_endpoints_say_lti_is_off(tmp_path: Path) -> None:
    client = create_app({"DATABASE": str(tmp_path / "lab.sqlite")}).test_client()
    for answer in (client.get("/lti/jwks"), client.get("/lti/login?iss=x"), client.post("/lti/launch")):
        assert answer.status_code == 404 and b"started without --lti-config" in answer.data

