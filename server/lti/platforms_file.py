"""The LTI configuration file (`--lti-config FILE`) as LTI Dynamic Registration writes it: a platform's registration
is added under its issuer, beside those already there, and the file is replaced whole (a temporary file in the same
folder, then a rename) while an exclusive lock is held, so a reader never sees half a file and two registrations at
once, in one process or several sharing the file, are both kept.

A server that takes registrations signs with the key pair beside the file (private.key, public.key): made here, once,
when it is missing, as `openssl genrsa` and `openssl rsa -pubout` would make it (docs/lms.md).
"""

from __future__ import annotations

import fcntl
import json
import os
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

PRIVATE_KEY = "private.key"
PUBLIC_KEY = "public.key"
"""Our key pair's files, beside the configuration file; registrations name them relative to it."""


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """An exclusive lock on `path`'s companion lock file (never on the file itself: it is replaced by rename)."""
    with open(path.with_name(path.name + ".lock"), "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def write_whole(path: Path, text: str, mode: int = 0o600, check: Callable[[Path], None] | None = None) -> None:
    """`text` as the new content of `path`, all or nothing (the folder's temporary file, flushed, `check`ed, then
    renamed); a file already there keeps its mode (another user of the server's group may read it)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, stat.S_IMODE(path.stat().st_mode) if path.exists() else mode)
        if check is not None:
            check(Path(temporary))
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def prepare_for_registrations(config: str) -> None:
    """The file (`{}` when missing) and our key pair beside it, for a server started with a registration secret."""
    path = Path(config)
    with locked(path):
        if not path.exists():
            write_whole(path, "{}\n")
        private, public = path.with_name(PRIVATE_KEY), path.with_name(PUBLIC_KEY)
        if not private.exists():
            key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
            write_whole(private, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                   serialization.NoEncryption()).decode("ascii"))
        if not public.exists():  # made with the private key, or lost since: it is the private key's
            key = serialization.load_pem_private_key(private.read_bytes(), password=None)
            write_whole(public, key.public_key().public_bytes(serialization.Encoding.PEM,
                                                              serialization.PublicFormat.SubjectPublicKeyInfo).decode("ascii"), 0o644)


def add_registration(config: str, issuer: str, registration: dict[str, Any],
                     check: Callable[[Path], None] | None = None) -> None:
    """`registration` added under `issuer` (after any it has: a platform may register us twice, e.g. two
    sub-accounts, each with its own client id), the file read and replaced under the lock; `check` is given the new
    file before it takes the old one's place (an error there leaves the old file as it was)."""
    path = Path(config)
    with locked(path):
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        if not isinstance(data, dict):
            raise ValueError(f"{config} holds no object of platforms")
        present = data.get(issuer)
        kept = [] if present is None else present if isinstance(present, list) else [present]
        data[issuer] = [*kept, registration]
        write_whole(path, json.dumps(data, indent=2, allow_nan=False) + "\n", check=check)
