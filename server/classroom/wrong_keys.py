"""One answer for every keyed class message that names no room it may drive, counted as a wrong code.

A keyed message (class:step, class:search, ...) that answered "no class C" for a dead code and "not
this room's key" for a live one told a prober which codes are live, unlimited. Now a malformed code,
an unknown code and a wrong key get the same sentence, and each counts as class:join's wrong codes
do (per connection and per address, CLASS_JOINS_PER_MINUTE): past the limit, the answer says to wait,
whatever the code. A right code with its key is never counted: the instructor's own messages pass.
"""

from __future__ import annotations

from server.rate_limits import RateLimit
from server.secret_keys import key_hash, key_matches

NOT_YOURS = "code or key: this page does not hold the key of a class with this code (the class may have ended)"
_DECOY_HASH = key_hash("no room has this key")


def even_out(key: object) -> None:
    """The work a key check does, for a code with no room: the answer's timing does not tell either."""
    key_matches(key, _DECOY_HASH)


def refusal(per_connection: RateLimit, per_client: RateLimit, sid: str, client: str) -> str:
    """Count a failed try; the sentence to answer it with."""
    if not per_connection.allow(sid):
        return f"too many joins or wrong class codes and keys from this connection: wait {per_connection.retry_after(sid):.0f} s"
    if not per_client.allow(client):
        return f"too many wrong class codes and keys from this address: wait {per_client.retry_after(client):.0f} s"
    return NOT_YOURS
