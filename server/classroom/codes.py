"""Join codes and keys of classroom rooms.

A code is read off a projector and typed on a phone: 8 characters from an alphabet without the
look-alikes 0/O and 1/I/L (31 symbols, about 8.5e11 codes), so guessing one takes hundreds of
billions of tries while joins are rate-limited per client. A key is a long random token that only
the instructor's page holds; the server keeps only its SHA-256, so a leaked room state drives nothing.
"""

from __future__ import annotations

import re
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
_SEPARATORS = re.compile(r"[\s\-_.]+")
_CODE = re.compile(f"[{ALPHABET}]{{{CODE_LENGTH}}}")


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def new_key() -> str:
    return secrets.token_urlsafe(24)


def canonical_code(text: object) -> str | None:
    """`k7qm-2xwp`, `K7QM 2XWP` -> `K7QM2XWP`; None for anything that cannot be a code."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = _SEPARATORS.sub("", text).upper()
    return code if _CODE.fullmatch(code) else None
