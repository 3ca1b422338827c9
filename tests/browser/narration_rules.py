"""What the lit pseudocode line must say for what the narration says, shared by the tests that walk a search
step by step (test_pseudocode_lines.py, test_say_only_what_is_true.py): the narration's words (a pattern, the
first that matches) and the words the one lit line must hold (any of them)."""

from __future__ import annotations

import re

HEADS = ("function MAX-VALUE", "function MIN-VALUE", "function EMINIMAX", "function MAXN-VALUE", "function CHANCE-VALUE",
         "arg max", "arg min")
RULES: list[tuple[str, tuple[str, ...]]] = [  # the narration's words -> what the lit line must say (any of), first match
    (r"in the transposition table", ("TABLE-STORE",)),
    (r"already searched", ("TABLE-LOOKUP",)),
    (r"but not quiet", ("IS-QUIET",)),
    (r"the beam keeps", ("best of ACTIONS",)),
    (r"return UTILITY", ("UTILITY",)),
    (r"return EVAL", ("EVAL",)),
    (r"^Result", ("return",)),
    (r"v ← 0 \(", ("v ← 0",)),  # a chance node starts its sum (not "v ← 0 + 0.5 × 3")
    (r"v \+ rest × (hi|lo)", ("v + rest",)),  # a chance node's test, prune and early return (bounded alpha-beta)
    (r"v ← [\d.−-]+ \+ [\d.]+ × |weighted sum|P\(", ("P(r)",)),  # a chance node's sum: "v ← 0 + 0.5 × 3 = 1.5"
    (r"v ← none", ("v ← none",)),
    (r"component|⟨", ("u[p]", "MAXN", "return v", "v ← none")),  # max^n: the deciding component, vectors
    (r"\? Yes: return", ("then return",)),
    (r"\? No: keep looking", ("if v",)),
    (r"\bcut\)|will never|returns at once", ("then return",)),  # a prune: the test held
    (r": α ← MAX\(", ("α ← MAX(α, v)",)),
    (r": β ← MIN\(", ("β ← MIN(β, v)",)),
    (r": v ← MAX\(", ("v ← MAX(v", "arg max", "return max a")),  # minimax's root and EMINIMAX's case do their own steps
    (r": v ← MIN\(", ("v ← MIN(v", "arg min", "return min a")),
    (r"is MAX: v ← −∞", ("v ← −∞", "arg max", "return max a")),
    (r"is MIN: v ← \+∞", ("v ← +∞", "arg min", "return min a")),
    (r"returns v = |returns [^ ]+ = ", ("return",)),
    (r"(^|\. )Visit ", HEADS),
    (r"search starts at|[Ii]terative deepening starts", ("v ← MAX-VALUE", "v ← MIN-VALUE", "MINIMAX-DECISION", "v ← EMINIMAX",
                                                       "v ← MAXN-VALUE", "v ← CHANCE-VALUE")),
    (r"Iteration \d+ \(depth limit", ("best ←",)),
]
"""Alpha-beta's and minimax's words (static/js/narration/narration.js), the enhancements' (enhancement_words.js),
chance nodes', several players' and iterative deepening's (chance_players_words.js)."""


def judged(lit: list[str], said: str) -> str:
    """"fits", "unfit" or "unchecked" (no rule knows the narration) for one step."""
    for pattern, words in RULES:
        if re.search(pattern, said):
            return "fits" if len(lit) == 1 and any(word in lit[0] for word in words) else "unfit"
    return "unchecked"
