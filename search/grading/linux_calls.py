"""The few Linux system calls the grader's lock needs that Python 3.11's os module lacks (unshare, mount,
prctl), through ctypes. Each raises OSError with the kernel's reason, so the grader can say what it could
not close; on another platform `available()` is False and the grader says so instead."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys

CLONE_NEWNS = 0x00020000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWNET = 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_REC, MS_PRIVATE = 0x1, 0x2, 0x4, 0x4000, 0x40000
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38

_libc: ctypes.CDLL | None = None


def available() -> bool:
    return sys.platform.startswith("linux")


def _c() -> ctypes.CDLL:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    return _libc


def _checked(result: int, what: str) -> None:
    if result != 0:
        number = ctypes.get_errno()
        raise OSError(number, f"{what}: {os.strerror(number)}")


def unshare(flags: int) -> None:
    _checked(_c().unshare(ctypes.c_int(flags)), "unshare")


def mount(source: str, target: str, kind: str | None, flags: int, data: str | None = None) -> None:
    encoded = [None if text is None else text.encode() for text in (source, target, kind, data)]
    _checked(_c().mount(encoded[0], encoded[1], encoded[2], ctypes.c_ulong(flags), encoded[3]), f"mount {target}")


def prctl(option: int, value: int) -> None:
    _checked(_c().prctl(ctypes.c_int(option), ctypes.c_ulong(value), ctypes.c_ulong(0), ctypes.c_ulong(0),
                        ctypes.c_ulong(0)), "prctl")
