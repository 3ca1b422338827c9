"""The instructors' keys (an exercise's results key, a course's key, a classroom's key): the server keeps only a key's
SHA-256, so a leaked database row opens nothing, and compares a given key with it in constant time, so how much of a key
matched does not leak through timing."""

from __future__ import annotations

import hashlib
import hmac

MAX_KEY_CHARS = 200
"""A longer text is no key of ours (they are 24 to 32 characters): refused before it is hashed."""


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def key_matches(key: object, stored_hash: str) -> bool:
    """Whether `key` is the key whose hash is `stored_hash` ("" and non-text never are)."""
    return isinstance(key, str) and 0 < len(key) <= MAX_KEY_CHARS and hmac.compare_digest(key_hash(key), stored_hash)
