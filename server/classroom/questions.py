"""Questions an instructor asks the class: read strictly, and sent to followers without the answer.

The instructor's page builds a question with practice mode's code (static/js/predict/predict_questions.js)
from its own replay; the server checks only its shape, keeps its answer and never sends that
before the reveal. Students' answers are counted in the question's form (a choice, a number, a window)
or as "other" (answer_form.py); the key and the wrong answers named are spelled the same way.

A question may carry the misconception each wrong answer follows ({"12": "max-min-swapped"}), built by
the instructor's page from POST /api/misconceptions/answers: ids of the engine's catalogue
(search.misconceptions), kept with the answer and revealed with it, in the catalogue's words.
"""

from __future__ import annotations

import json
from typing import Any

from search.misconceptions import CATALOGUE
from server.classroom.answer_form import OTHER, in_form

KINDS = ("value", "prune", "bound", "window")
MAX_PROMPT = 300
"""Longest prompt of a question asked in class (characters)."""
MAX_CHOICES = 8
"""Most choices a question asked in class may offer."""
MAX_ANSWER = 40
"""Longest choice, answer key or student's answer in class (characters)."""
MAX_NODE = 100
"""Longest node id a question asked in class may name (characters)."""
MAX_MISCONCEPTIONS = 12
"""Most wrong answers a question asked in class may name a misconception for (the catalogue's size)."""


class QuestionError(ValueError):
    """A question or an answer that cannot be taken; the text names the field."""


def _text(value: Any, where: str, limit: int) -> str:
    if not isinstance(value, str):
        raise QuestionError(f"{where}: expected text")
    text = value.strip()
    if not text:
        raise QuestionError(f"{where}: empty")
    if len(text) > limit:
        raise QuestionError(f"{where}: {len(text)} characters; at most {limit}")
    return text


def answer_text(value: Any) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = format(value, "g")
    return _text(value, "answer", MAX_ANSWER)


def read_question(raw: Any) -> dict[str, Any]:
    """The question as kept by the room (with its answer), or QuestionError."""
    if not isinstance(raw, dict):
        raise QuestionError('question: expected an object {"kind", "prompt", "node", "step", "choices", "answer"}')
    kind = raw.get("kind")
    if kind not in KINDS:
        raise QuestionError(f"question.kind: expected one of {', '.join(KINDS)}")
    node = raw.get("node")
    if node is not None:
        node = _text(node, "question.node", MAX_NODE)
    step = raw.get("step")
    if not isinstance(step, int) or isinstance(step, bool) or step < 0:
        raise QuestionError("question.step: expected the event index the question is about")
    choices = raw.get("choices")
    if choices is not None:
        if not isinstance(choices, list) or not 1 <= len(choices) <= MAX_CHOICES:
            raise QuestionError(f"question.choices: expected a list of 1 to {MAX_CHOICES} answers, or null")
        choices = [_text(c, f"question.choices[{i}]", MAX_ANSWER) for i, c in enumerate(choices)]
    answer = key_text(kind, choices, answer_text(raw.get("answer")), "question.answer")
    return {"kind": kind, "prompt": _text(raw.get("prompt"), "question.prompt", MAX_PROMPT), "node": node,
            "step": step, "choices": choices, "answer": answer,
            "misconceptions": read_misconceptions(raw.get("misconceptions"), kind, choices, answer)}


def key_text(kind: str, choices: list[str] | None, text: str, where: str) -> str:
    """An answer the instructor's page wrote (the key, a wrong answer named), in the spelling the tally
    counts students' answers in (answer_form.py), so the two meet; out of the question's form, refused."""
    spelled = in_form(kind, choices, text)
    if spelled is None or spelled == OTHER:
        form = "one of the question's choices" if choices is not None else \
            "a window such as [3, inf]" if kind == "window" else "a number such as 3 or -inf"
        raise QuestionError(f"{where}: expected {form}")
    return spelled


def read_misconceptions(raw: Any, kind: str, choices: list[str] | None, answer: str) -> dict[str, str]:
    """{wrong answer: misconception id}, each answer as the students send it and each id the catalogue's."""
    if raw is None:
        return {}
    if not isinstance(raw, dict) or len(raw) > MAX_MISCONCEPTIONS:
        raise QuestionError(f'question.misconceptions: expected an object of at most {MAX_MISCONCEPTIONS} answers, '
                            'each naming a misconception, as {"12": "max-min-swapped"}')
    out = {}
    for key, misconception in raw.items():
        where = f"question.misconceptions[{json.dumps(key[:MAX_ANSWER], ensure_ascii=False)}]"
        text = _text(key, where, MAX_ANSWER)
        if choices is not None and text not in choices:
            raise QuestionError(f"{where}: not one of the question's choices")
        text = key_text(kind, choices, text, where)
        if text == answer:
            raise QuestionError(f"{where}: that is the right answer, which follows no misconception")
        if misconception not in CATALOGUE:
            raise QuestionError(f"{where}: expected a misconception id of the catalogue (GET /api/misconceptions)")
        out[text] = misconception
    return out


def revealed_misconceptions(question: dict[str, Any]) -> dict[str, dict[str, str]]:
    """class:reveal's "misconceptions": each wrong answer's misconception, in the catalogue's words."""
    return {answer: CATALOGUE[m].to_json() for answer, m in question.get("misconceptions", {}).items() if m in CATALOGUE}


def public_question(code: str, question: dict[str, Any]) -> dict[str, Any]:
    """class:question: everything but the answer."""
    return {"code": code, "id": question["id"], "kind": question["kind"], "prompt": question["prompt"],
            "node": question["node"], "step": question["step"], "choices": question["choices"]}
