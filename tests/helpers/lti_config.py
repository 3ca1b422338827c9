"""A tool configuration file for `--lti-config` (pylti1p3's format) naming one platform that is never asked
anything: for tests of what happens before a platform is called (the login's redirect, config errors, quotas)."""

from __future__ import annotations

import json
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

PLATFORM = "https://lms.example"
REGISTRATION = {"client_id": "tool", "auth_login_url": f"{PLATFORM}/auth", "auth_token_url": f"{PLATFORM}/token",
                "key_set_url": f"{PLATFORM}/jwks", "deployment_ids": ["1"], "private_key_file": "private.key",
                "public_key_file": "public.key"}


def write_keys(folder: Path) -> None:
    """Our RSA key pair, as `openssl genrsa` and `openssl rsa -pubout` write them (docs/lms.md)."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    (folder / "private.key").write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                           serialization.NoEncryption()))
    (folder / "public.key").write_bytes(key.public_key().public_bytes(serialization.Encoding.PEM,
                                                                      serialization.PublicFormat.SubjectPublicKeyInfo))


def config_file(folder: Path, data: object) -> Path:
    """`data` (JSON, or text as it is) as folder/platforms.json, beside a fresh key pair."""
    write_keys(folder)
    path = folder / "platforms.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def lti_config(folder: Path) -> Path:
    """A good file for PLATFORM."""
    return config_file(folder, {PLATFORM: [REGISTRATION]})
