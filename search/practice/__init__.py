"""Practice: exercises made from a tree, checked against the engine's own trace, and their wording.

The front door of practice mode: the server and the CLI take what they need from here.
"""

from search.practice.check import check_answer, hint_for, model_answer
from search.practice.exercise import ASKS, KINDS, Exercise, exercise_from_json, parse_exercise, practice_tree
from search.practice.kinds import copy_for, solution_text

__all__ = ["ASKS", "KINDS", "Exercise", "check_answer", "copy_for", "exercise_from_json", "hint_for", "model_answer",
           "parse_exercise", "practice_tree", "solution_text"]
