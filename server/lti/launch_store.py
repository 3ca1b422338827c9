"""Where LTI 1.3 logins and launches are kept between requests: each login's nonce and state, each launch's
claims (what a Check reads back to know the student and to send their score), the platforms' public keys.

pylti1p3 keeps them in a `LaunchDataStorage`; this one is the process's memory, or Redis when the server has a
message queue (`--message-queue`), so that every server process reads what another stored (a student's launch
lands on one process, their Checks on any). Two things differ from pylti1p3's own cache storage:
- a nonce is good once: checking it takes it, so a replayed id_token is refused (pylti1p3 only looks it up),
  and the taken nonce is remembered for a while so the refusal can say "replayed";
- no session cookie: an LMS shows us in an iframe, where browsers often refuse our cookies (third-party); every
  key is random (a uuid), the launch id travels in the page's address, and the OIDC state is still checked
  against its cookie at launch.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from typing import Any, Protocol

from pylti1p3.launch_data_storage.base import LaunchDataStorage

from server.classroom.redis_client import redis_client

NONCE_SECONDS = 600
"""A login's nonce is good for this long (a login that does not come back within 10 minutes is started again)."""
USED_NONCE_SECONDS = 86400
"""A taken nonce is remembered this long, so that a replay is named as one rather than as an unknown nonce."""
MAX_MEMORY_ENTRIES = 50_000
"""The memory store's most entries of each kind (logins' nonces, used nonces, launches, the rest: a launch's claims are
3-10 KB, so at most about 500 MB); past it the oldest of that kind goes. Each kind has one lifetime, so the oldest
entry of a kind is also the first to expire, and logins (which anyone can start) never push out a launch."""


class Backend(Protocol):
    def get(self, key: str) -> Any: ...
    def set(self, key: str, value: Any, seconds: float) -> None: ...
    def take(self, key: str) -> Any: ...


def kind_of(key: str) -> str:
    """Which of the memory store's kinds a key is (each kind is kept and bounded apart)."""
    if key.endswith("-used"):
        return "used"
    if is_nonce(key):
        return "nonce"
    return "launch" if key.startswith("lti1p3-launch-") else "other"


class MemoryBackend:
    """One process's store: entries expire, and per kind of entry the oldest goes when `max_entries` are held."""

    def __init__(self, max_entries: int = MAX_MEMORY_ENTRIES) -> None:
        self._kinds: dict[str, OrderedDict[str, tuple[float, Any]]] = {
            kind: OrderedDict() for kind in ("nonce", "used", "launch", "other")}
        self._lock = threading.Lock()
        self._max = max_entries

    def get(self, key: str) -> Any:
        with self._lock:
            found = self._kinds[kind_of(key)].get(key)
        return None if found is None or found[0] < time.monotonic() else found[1]

    def set(self, key: str, value: Any, seconds: float) -> None:
        now = time.monotonic()
        with self._lock:
            entries = self._kinds[kind_of(key)]
            entries.pop(key, None)
            entries[key] = (now + seconds, value)
            while entries:  # drop what expired at the old end, then the oldest past the bound
                oldest_key, (expires, _) = next(iter(entries.items()))
                if expires >= now and len(entries) <= self._max:
                    break
                del entries[oldest_key]

    def take(self, key: str) -> Any:
        with self._lock:
            found = self._kinds[kind_of(key)].pop(key, None)
        return None if found is None or found[0] < time.monotonic() else found[1]


class RedisBackend:
    """Shared by every process of a deployment: values as JSON, each with Redis's own expiry."""

    PREFIX = "minimax-lab:lti:"

    def __init__(self, url: str) -> None:
        self._redis = redis_client(url)

    def get(self, key: str) -> Any:
        text = self._redis.get(self.PREFIX + key)
        return None if text is None else json.loads(text)

    def set(self, key: str, value: Any, seconds: float) -> None:
        self._redis.set(self.PREFIX + key, json.dumps(value), ex=max(1, int(seconds)))

    def take(self, key: str) -> Any:
        text = self._redis.getdel(self.PREFIX + key)
        return None if text is None else json.loads(text)


def backend_for(message_queue: str | None) -> Backend:
    return RedisBackend(message_queue) if message_queue else MemoryBackend()


def is_nonce(key: str) -> bool:
    return "-nonce-" in key


class LaunchStore(LaunchDataStorage[Any]):
    """pylti1p3's storage interface over a Backend; one per request (pylti1p3 sets the request on it)."""

    def __init__(self, backend: Backend, launch_seconds: float) -> None:
        super().__init__()
        self._backend = backend
        self._launch_seconds = launch_seconds
        self._taken: str | None = None  # the nonce this request's launch took

    def get_session_cookie_name(self) -> str | None:
        return None  # see the module's docstring: no cookie-bound session inside an LMS's iframe

    def can_set_keys_expiration(self) -> bool:
        return True

    def get_value(self, key: str) -> Any:
        return self._backend.get(self._prepare_key(key))

    def set_value(self, key: str, value: Any, exp: int | None = None) -> None:
        """A nonce for NONCE_SECONDS, a platform's kept public keys for the `exp` asked, the rest (a launch, its state)
        for LTI_LAUNCH_SECONDS (pylti1p3 always asks a day for those)."""
        seconds = NONCE_SECONDS if is_nonce(key) else (exp or 1) if "key-set-url-" in key else self._launch_seconds
        self._backend.set(self._prepare_key(key), value, seconds)

    def check_value(self, key: str) -> bool:
        key = self._prepare_key(key)
        if not is_nonce(key):
            return self._backend.get(key) is not None
        if self._backend.take(key) is None:
            return False
        self._taken = key
        return True

    def nonce_spent(self) -> None:
        """Remember the nonce this request's launch took, once the launch passed every check: a second post of its
        id_token is then refused as replayed (a refused launch's nonce is gone, but nothing is written for it)."""
        if self._taken is not None:
            self._backend.set(self._taken + "-used", True, USED_NONCE_SECONDS)

    def nonce_was_used(self, nonce: str) -> bool:
        """Whether a launch already took this nonce (the refusal then says the id_token was replayed)."""
        return self._backend.get(self._prepare_key(f"lti1p3-nonce-{nonce}") + "-used") is not None
