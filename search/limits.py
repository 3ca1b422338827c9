"""Every limit on input, in one place, so the validator, the server and the docs agree.

These are documented in docs/limits.md, generated from this file (docs/make_limits.py); tests exercise each one.
"""

MAX_TREE_NODES = 10_000
"""Largest tree accepted (nodes, leaves included)."""

MAX_TREE_DEPTH = 40
"""Deepest tree accepted, in edges from the root."""

MAX_BRANCHING = 50
"""Most children one node may have."""

MAX_LABEL_LENGTH = 40
"""Longest id or label, in characters."""

MAX_ABS_VALUE = 1e9
"""Values and estimates must lie in [-MAX_ABS_VALUE, MAX_ABS_VALUE]."""

MAX_PAYLOAD_BYTES = 1_000_000
"""Largest tree or trace text accepted (bytes of UTF-8)."""

MAX_SEARCH_DEPTH = 20
"""Largest depth limit a search may ask for (games are at most 9 plies deep anyway)."""

MAX_TRACE_BYTES = 5_000_000
"""Largest trace (JSON Lines) that can be uploaded or saved: about 40,000 events."""

BASELINE_MAX_NODES = 1_000_000
"""Most nodes the untraced minimax behind an alpha-beta result's `baseline` may visit (the full
tic-tac-toe tree has 549,946); past it the baseline is null rather than the result late."""

WIDGET_MAX_EVENTS = 100_000
"""Most events search.show puts in a notebook (about 125 bytes each, kept in the notebook's saved state):
a game traced by show stops there (its result says "event limit"); a longer Trace is refused, naming
what to change (a depth limit, max_events)."""

REFERENCE_MAX_NODES = 200_000
"""Most nodes the untraced search behind a result's `reference` may visit (search.algorithms.reference:
the same search without its beam or quiescence cap, or alpha-beta to the end; tic-tac-toe to the end is
at most 18,297 nodes): past it the reference is left out rather than the result late."""

ORDER_MAX_LEAVES = 64
"""Most leaves of an ordering exercise's tree: a student reorders it by hand, and the fewest and most leaves over
every order are worked out exactly (search/practice/order_range.py); a tree of 4 × 4 × 4 is worked out in well
under a second."""

MAKE_IT_PRUNE_MAX_LEAVES = 64
"""Most leaves of a make-it-prune exercise's tree: the student types every one, and an asked set is proved reachable
by a local search over leaf values (search/practice/make_it_prune.py) before the exercise is stored."""

ORDER_MAX_BRANCHING = 5
"""Most children of a node in an ordering exercise (its orders are tried one child at a time: 5! = 120 at most)."""

ORDERING_MAX_NODES = 200_000
"""Most nodes the move-ordering lab's untraced minimax may visit on one tree or position (it then runs
alpha-beta four times, each at most as large): past it, a game search asks for a smaller depth limit.
Tic-tac-toe from the empty board at depth 5 visits 18,730, at depth 6 73,450; at depth 9 (the whole game) 549,946."""

QUIESCENCE_MAX_PLIES = 4
"""How far past the depth limit a quiescence search (--quiescence) may go: a position that is still
not quiet this many plies past the limit is scored by its estimate after all."""

MAX_BEAM = MAX_BRANCHING
"""Largest beam width (--beam K): past the branching limit a beam keeps every child anyway."""

MAX_PLAYERS = 8
"""Most players a several-player tree (root "players", max^n) may name; at least 2."""

PROBABILITY_TOLERANCE = 1e-9
"""How far a chance node's children's probabilities may sum from 1."""

MAX_ORDERING_SEED = 2**53 - 1
"""Largest seed (either sign) of the random move ordering: the largest whole number a browser's
JavaScript holds exactly, so a seed survives a trip through the page and a link."""

EXERCISE_GAME_MAX_NODES = 400
"""Largest tree an exercise makes of a game search (the nodes the search draws below the position,
itself included, within its depth limit, symmetry and beam): a tic-tac-toe board with four empty
cells has at most 65, with five at most 326; the empty board to depth 2 has 82 (16 with symmetry)."""

GRADE_TIMEOUT_SECONDS = 10
"""How long a student's search may run when graded: CPU seconds of the student's code for `python -m search
grade` (the base of its default, which grows with the problem: GRADE_SECONDS_PER_POSITION), seconds on the
clock for the code lab's Web Worker. Past it the grader stops it and says so (exit 2), and the code lab
starts a fresh worker."""

GRADE_MEMORY_BYTES = 1_000_000_000
"""Address space the grader's child process may use for a student's search (RLIMIT_AS): past it the
search fails with MemoryError, reported as an error, not a crash of the grader."""

GRADE_SECONDS_PER_POSITION = 0.002
"""CPU seconds a student's search is given per position the reference visits, on top of
GRADE_TIMEOUT_SECONDS, when no time limit is given: a correct but slow search of the whole of a big problem
(minimax on tic-tac-toe) passes; an endless loop is still stopped."""

GRADE_MAX_TIMEOUT_SECONDS = 600
"""The most a time limit can be, in CPU seconds: a default grows to it at most, and --timeout or a config's
time_limit above it is refused."""

GRADE_USER = "minimax-student"
"""The user a student's code runs as when the grader is root (created when missing: useradd --system)."""

GRADE_PROCESSES = 32
"""Processes (and threads) a student's code may have at once (RLIMIT_NPROC): a fork bomb stops there."""

GRADE_FILE_BYTES = 16_000_000
"""Largest file a student's code may write (RLIMIT_FSIZE); its private /tmp holds four times that."""

GRADE_OPEN_FILES = 64
"""Files a student's code may hold open at once (RLIMIT_NOFILE)."""

GRADE_MAX_VISITS = 1_000_000
"""Most positions a student's search may look at (is_terminal, actions, utility, evaluate) before the
grader stops it: the full tic-tac-toe tree has 549,946, so a search that goes past it is looping."""

GRADE_MAX_REPORT_EVENTS = 200_000
"""Most events of each search (the student's, the reference's) a grading report carries for the code lab to
draw: past it the report leaves that search's events out and says so (`events_left_out`); the verdict and
the divergence are judged on the whole searches all the same."""

GRADE_DIAGNOSE_MAX_VISITS = 50_000
"""Largest reference search (positions visited) for which a matching search is also checked against each
misconception: on a small tree a slip can search exactly as the right algorithm does, and the report says so."""

PLAY_MIN_SECONDS = 0.1
"""Shortest time budget the /play page's engine may be given for iterative deepening (`seconds`): long enough
for depth 1 of every game it offers."""

PLAY_MAX_SECONDS = 10.0
"""Longest time budget for the /play engine's iterative deepening, and the longest a search with a depth limit
may take there: past it the reply is refused (400, naming `depth`) and the page asks for a smaller depth."""

PLAY_MAX_NODES = 650_000
"""Most nodes the /play engine's search may visit for one move (the whole of tic-tac-toe by minimax is 549,946):
past it the reply is refused, naming `depth` (a time budget stops at it instead). So "Why this move?" can always
show the search: traced, it makes about 5.3 events a node, under the viewer's MAX_EVENTS_PER_SEARCH (4,000,000)."""
