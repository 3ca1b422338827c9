"""A practice path (issue 50, part 4): practice that follows one student from tree to tree.

The path begins with a generated tree, or with a wrong idea (`start`: the one a check of an exercise named, when the
student asked to practise it). Each wrong idea a check names (search.practice.diagnosis) joins the student's queue;
the next tree is then one on which the idea at the head of the queue changes the answer
(search.practice.next_tree), until the student gets MASTERY such trees right in a row. The idea is then
mastered, and the next tree tests the next idea they showed, or, with none left, is a harder tree (the next of
LEVELS). A harder tree answered right with no idea named is a level passed; past the last level the path is done.

Two rules keep a student from circling. Some ideas give the same answers on small trees (with depth 2, a window not
passed down prunes nothing, as no pruning at all): each practice tree of an idea answered wrong makes the next one a
size larger (from the student's level on), where the two part. And a practice tree answered wrong with another idea
named and not the one practised puts that idea first: the latest check is the best witness of what the student
thinks (bench/practice_paths.py measures both with simulated students).

"Right" is the first check of a tree scoring 1 with no hint or solution before it: retrying a tree until it is
right, or reading its solution, shows nothing about the idea. Each tree is given to one student alone, so its first
check and any help on it count whoever sent them (server/practice/path_store.py): another name or browser cannot
hide a wrong first check or the solution read before it. An idea named again after it was
mastered goes back into the queue and is no longer mastered: mastery is what the student shows now.

All of it is read from what is stored (the path's trees for the student, in order, and their first checks), so the
server keeps no state of its own that could drift from the attempts: `follow` is a pure function of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from search.errors import InputError, quoted
from search.misconceptions import CATALOGUE
from search.misconceptions.catalogue import SETTINGS
from search.practice.exercise import DEFAULT_ASK, parse_exercise
from search.practice.next_tree import SHAPES, VALUES, next_request, seed_of, shows

MASTERY = 2
"""Trees of an idea the student must get right in a row for it to be mastered (the issue's "two right in a row")."""
LEVELS: tuple[dict[str, int], ...] = SHAPES
"""The harder trees, in order: the shapes next_tree tries, smallest first (depth 2 with two or three children, up to
depth 3 with three everywhere)."""
MAX_PATH_TREES = 60
"""The most trees one student is given on one path; the path is then over for them (docs/limits.md)."""
PATH_ALGORITHMS = ("minimax", "alphabeta", "expectiminimax")
"""The searches a path can practise: those the misconception catalogue's slips and the generator both cover."""
LEVEL_CANDIDATES = 6
"""Generated trees weighed for a harder tree: the one on which the most of the catalogue's ideas change the answer is
given, so that a wrong idea shows on it and can be named."""


@dataclass(frozen=True)
class Step:
    """One tree of the path: practising `target` (a misconception's id), or a harder tree (`target` None) at `level`.
    `size`: the index in LEVELS of the smallest tree to draw (the level, larger after missed practice trees); only
    the next step has it, as it is only needed to draw the tree."""
    target: str | None
    level: int
    size: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Outcome:
    """The student's first check of a step's tree: right (score 1, no help before it) and the ideas it named."""
    right: bool
    named: tuple[str, ...] = ()


@dataclass
class Idea:
    """One wrong idea as the student's path has met it."""
    id: str
    shown: int = 0  # checks that named it
    trees: int = 0  # trees practising it that the student has checked
    streak: int = 0  # of those, right in a row, up to now
    misses: int = 0  # of those, wrong in a row, up to now: each makes the next practice tree a size larger
    mastered: bool = False

    def to_json(self, queue: Sequence[str]) -> dict[str, Any]:
        state = "mastered" if self.mastered else "practising" if queue and queue[0] == self.id else "waiting"
        return {"id": self.id, "name": CATALOGUE[self.id].name, "state": state, "streak": self.streak, "needed": MASTERY,
                "trees": self.trees, "shown": self.shown}


@dataclass
class Progress:
    """Where a student is on a path: the ideas met (in the order first shown), the queue, the level, the next step."""
    ideas: dict[str, Idea] = field(default_factory=dict)
    queue: list[str] = field(default_factory=list)
    level: int = 0
    trees: int = 0  # trees checked
    right: int = 0
    next: Step | None = Step(None, 0)  # None: the path is done
    pending: bool = False  # `next` is a tree given and not yet checked

    @property
    def done(self) -> bool:
        return self.next is None

    def to_json(self) -> dict[str, Any]:
        current = None if self.next is None else {
            "target": None if self.next.target is None else {"id": self.next.target, "name": CATALOGUE[self.next.target].name},
            "level": self.next.level + 1}
        # Why the path is over: every level passed, or MAX_PATH_TREES trees given.
        finished = None if self.next is not None else "levels" if self.level >= len(LEVELS) else "limit"
        return {"trees": self.trees, "right": self.right, "level": min(self.level, len(LEVELS) - 1) + 1,
                "levels": len(LEVELS), "done": self.done, "finished": finished, "limit": MAX_PATH_TREES, "mastery": MASTERY,
                "current": current,
                "ideas": [idea.to_json(self.queue) for idea in self.ideas.values()],
                "mastered": sum(idea.mastered for idea in self.ideas.values())}


def follow(steps: Sequence[tuple[Step, Outcome | None]], start: str | None = None) -> Progress:
    """The student's progress after these steps, oldest first (an unchecked step has no outcome: only the last
    may lack one, and it is then still the next step). `start`: the idea a path opened from an exercise's check
    begins with (that check named it): it is the first in the queue, practised before any harder tree."""
    progress = Progress()
    if start in CATALOGUE:
        progress.ideas[start] = Idea(start, shown=1)
        progress.queue = [start]
    for position, (step, outcome) in enumerate(steps):
        if outcome is None:
            if position == len(steps) - 1:
                progress.next, progress.pending = step, True
                return progress
            continue  # a tree skipped (not checked) before a later one: it counts for nothing
        learn(progress, step, outcome)
    progress.next = following_step(progress)
    return progress


def learn(progress: Progress, step: Step, outcome: Outcome) -> None:
    """What one checked tree changes."""
    progress.trees += 1
    progress.right += outcome.right
    named = [idea for idea in dict.fromkeys(outcome.named) if idea in CATALOGUE]
    for idea in named:
        progress.ideas.setdefault(idea, Idea(idea)).shown += 1
    if step.target is not None:
        practised = progress.ideas.setdefault(step.target, Idea(step.target))
        practised.trees += 1
        practised.streak = practised.streak + 1 if outcome.right else 0
        practised.misses = 0 if outcome.right else practised.misses + 1
        if practised.streak >= MASTERY and not practised.mastered:
            practised.mastered = True
            progress.queue = [idea for idea in progress.queue if idea != step.target]
            if not progress.queue and not named:  # the idea is mastered and none waits: a harder tree, but the
                progress.level = min(progress.level + 1, len(LEVELS) - 1)  # last level is passed only by its own tree
    elif outcome.right and not named:
        progress.level += 1
    others = [idea for idea in named if idea != step.target]
    for idea in others:
        again = progress.ideas[idea]
        if again.mastered:  # shown again: not mastered any more
            again.mastered, again.streak = False, 0
    if step.target is not None and not outcome.right and step.target not in named and others:
        # The practice tree was wrong for another idea than the one practised: that one is what the student holds.
        progress.queue = others + [idea for idea in progress.queue if idea not in others]
    else:
        progress.queue += [idea for idea in others if idea not in progress.queue]


def following_step(progress: Progress) -> Step | None:
    """The next tree: the idea at the head of the queue (a size larger for each of its trees missed in a row), else a
    harder tree at the student's level; None past the last level or at MAX_PATH_TREES."""
    if progress.trees >= MAX_PATH_TREES or progress.level >= len(LEVELS):
        return None
    if not progress.queue:
        return Step(None, progress.level, progress.level)
    target = progress.queue[0]
    return Step(target, progress.level, min(progress.level + progress.ideas[target].misses, len(LEVELS) - 1))


def parse_path_start(start: Any) -> str | None:
    """A path's first idea: a catalogue misconception's id, or None; InputError naming `start` for anything else."""
    if start is None or (isinstance(start, str) and start in CATALOGUE):
        return start
    raise InputError("start", f"expected a misconception's id (docs/misconceptions.md), not {quoted(start)}")


def parse_path_algorithm(algorithm: Any) -> str:
    """A path's search (alpha-beta when none is given); InputError naming `algorithm` for another."""
    if algorithm is None:
        return "alphabeta"
    if algorithm not in PATH_ALGORITHMS:
        raise InputError("algorithm", f"expected one of {', '.join(PATH_ALGORITHMS)}, not {quoted(algorithm)}")
    return str(algorithm)


def step_request(step: Step, algorithm: str, seed_text: str) -> dict[str, Any]:
    """The body of POST /api/exercises for a step's tree, drawn from `seed_text` (the path, the student and the
    step's position: each student gets trees of their own, and the same ones again if asked twice)."""
    smallest = step.level if step.size is None else step.size
    if step.target is not None:
        try:
            return next_request(step.target, seed_text, algorithm=algorithm, smallest=smallest)
        except InputError:  # an idea of another search than the path's (the catalogue names it anyway): practise it there
            return next_request(step.target, seed_text, smallest=smallest)
    return harder_tree(smallest, algorithm, seed_text)


def harder_tree(level: int, algorithm: str, seed_text: str) -> dict[str, Any]:
    """A generated tree of LEVELS[level], the one of LEVEL_CANDIDATES on which the most ideas change the answer."""
    ideas = [entry.id for entry in CATALOGUE.values() if any(entry.applies(s) for s in SETTINGS if s.algorithm == algorithm)]
    best: tuple[int, dict[str, Any]] | None = None
    for attempt in range(LEVEL_CANDIDATES):
        body = {"generate": {"seed": level_seed(seed_text, attempt), **LEVELS[level], **VALUES}, "algorithm": algorithm,
                "ask": list(DEFAULT_ASK[algorithm])}
        exercise = parse_exercise(body)
        tested = sum(shows(exercise, idea) for idea in ideas)
        if best is None or tested > best[0]:
            best = (tested, body)
    assert best is not None
    return best[1]


def level_seed(seed_text: str, attempt: int) -> int:
    """The seed of a harder tree's `attempt`-th candidate."""
    return seed_of(f"path|{seed_text}|{attempt}")


def outcome_of(score: float, helped: bool, misconceptions: Sequence[dict[str, Any]]) -> Outcome:
    """A stored first attempt as the path reads it."""
    return Outcome(score == 1.0 and not helped, tuple(m["id"] for m in misconceptions))
