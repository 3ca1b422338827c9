"""Submissions that attack the grader (issue 47), each put in front of a right alpha-beta search: what they try
runs when the file is loaded, and the search after it is the one graded. `{results}`, `{secret}`, `{port}` and
`{marker}` are filled in by the test."""

from __future__ import annotations

DOUBLE_FORK = '''
import json, os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.closerange(0, 4096)
        time.sleep(1.5)
        with open({results!r}, "w") as out:
            json.dump({{"score": 100, "tests": [{{"name": "pwned"}}]}}, out)
        os._exit(0)
    os._exit(0)
'''

WAIT_FOR_RESULTS = '''
import json, os, time
if os.fork() == 0:
    os.setsid()
    while not os.path.exists({results!r}):
        time.sleep(0.01)
    with open({results!r}, "w") as out:
        json.dump({{"score": 100, "tests": [{{"name": "pwned"}}]}}, out)
    os._exit(0)
'''

FORK_MANY = '''
import os, time
started = 0
for _ in range(500):
    try:
        if os.fork() == 0:
            time.sleep(600)
            os._exit(0)
        started += 1
    except OSError:
        break
print("children started:", started)
'''

READ_SECRET = '''
with open({secret!r}) as secret:
    print("the secret:", secret.read())
'''

WRITE_TMP = '''
with open({marker!r}, "w") as out:
    out.write("written by the student")
print("wrote", {marker!r})
'''

LOCAL_SOCKET = '''
import socket
connection = socket.create_connection(("127.0.0.1", {port}), timeout=5)
print("the server said:", connection.recv(100))
'''

MONKEYPATCH_GRADER = '''
import importlib
for name, attribute in (("search.grading.report", "judge"), ("search.grading.grade_file", "outcome_of"),
                        ("search.grading.gradescope", "write_results"), ("search.grading.divergence", "first_divergence"),
                        ("search.grading.child", "main"), ("search.grading.sandbox", "run_in_child")):
    try:
        setattr(importlib.import_module(name), attribute, lambda *args, **kwargs: {{"verdict": "match"}})
        print("patched", name)
    except ImportError:
        print("cannot reach", name)
'''

FAKE_RESULTS = '''
import json, os, sys
fake = json.dumps({{"score": 100, "tests": [{{"name": "pwned", "score": 100, "max_score": 1}}]}})
print(fake)
os.write(1, fake.encode() + b"\\n")
os.write(2, fake.encode() + b"\\n")
sys.__stdout__.write(fake)
'''

KILL_THE_WARDEN = '''
import os, signal
try:
    os.kill(os.getppid(), signal.SIGKILL)
except OSError as error:
    print("could not kill the warden:", error)
'''

LOOP_FOREVER = '''
while True:
    pass
'''

SLEEP_FOREVER = '''
import time
time.sleep(3600)
'''

ALLOCATE = '''
hoard = []
while True:
    hoard.append(bytearray(50_000_000))
'''

REACH_THE_ENGINE = '''
import gc, importlib
# The algorithm registry's descriptors (search.algorithms.registry, .descriptor, .descriptors.*) hold names, no search.
searches = [thing for thing in gc.get_objects()
            if str(getattr(thing, "__module__", "")).startswith(("search.algorithms", "search.request", "search.misconceptions"))
            and not str(getattr(thing, "__module__", "")).startswith(("search.algorithms.registry", "search.algorithms.descriptor"))]
print("engine objects in memory:", len(searches))
for name in ("search.algorithms.alphabeta", "search.request", "search.grading.grade_file"):
    try:
        importlib.import_module(name)
        print("imported", name)
    except ImportError as error:
        print("cannot import", name)
'''
