"""Where LTI launches are kept (server/lti/launch_store.py): a nonce is good once and a taken one is remembered as
replayed; entries expire; the memory store keeps at most its bound, dropping the oldest."""

from __future__ import annotations

from server.lti.launch_store import LaunchStore, MemoryBackend


def test_a_nonce_is_good_once_and_then_known_as_used() -> None:
    store = LaunchStore(MemoryBackend(), 3600)
    store.set_value("lti1p3-nonce-abc", True, 86400)
    assert store.check_value("lti1p3-nonce-abc") is True
    assert store.check_value("lti1p3-nonce-abc") is False
    assert not store.nonce_was_used("abc")  # until the launch that took it passed every check
    store.nonce_spent()
    assert store.nonce_was_used("abc") and not store.nonce_was_used("never-given")


def test_a_launch_is_read_as_often_as_asked() -> None:
    store = LaunchStore(MemoryBackend(), 3600)
    store.set_value("lti1p3-launch-1", {"sub": "s"})
    assert store.get_value("lti1p3-launch-1") == {"sub": "s"} and store.check_value("lti1p3-launch-1")
    assert store.get_value("lti1p3-launch-1") == {"sub": "s"}


def test_entries_expire_and_the_memory_store_keeps_its_bound() -> None:
    backend = MemoryBackend(max_entries=3)
    backend.set("gone", 1, -1)
    assert backend.get("gone") is None and backend.take("gone") is None
    for n in range(5):
        backend.set(f"k{n}", n, 60)
    assert [backend.get(f"k{n}") for n in range(5)] == [None, None, 2, 3, 4]


def test_logins_anyone_starts_never_push_out_a_launch() -> None:
    backend = MemoryBackend(max_entries=2)
    backend.set("lti1p3-launch-1", {"sub": "s"}, 86400)
    for n in range(10):
        backend.set(f"lti1p3-nonce-{n}", True, 600)
    assert backend.get("lti1p3-launch-1") == {"sub": "s"}
    assert [backend.get(f"lti1p3-nonce-{n}") for n in (7, 8, 9)] == [None, True, True]
