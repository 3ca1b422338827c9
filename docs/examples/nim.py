"""Nim written with search.GameBase: the textbook's five methods and nothing else (docs/library.md).

Heaps of counters; a move takes one or more counters from one heap; whoever takes the last counter
wins (normal play). Run it from anywhere with the engine installed: `python nim.py`.
"""

import search


class Nim(search.GameBase):
    """A state is (heaps, player to move); a move is (heap, how many)."""

    initial = ((1, 2, 3), "Ann")

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        heaps, _ = state
        return [(i, n) for i, size in enumerate(heaps) for n in range(1, size + 1)]

    def result(self, state, action):
        heaps, player = state
        i, n = action
        taken = heaps[:i] + (heaps[i] - n,) + heaps[i + 1:]
        return (taken, "Bob" if player == "Ann" else "Ann")

    def is_terminal(self, state):
        return sum(state[0]) == 0

    def utility(self, state, player):
        # The game is over and it is `state[1]`'s turn: the other player took the last counter and won.
        return -1 if state[1] == player else 1

    def describe(self, state):
        return " ".join(str(h) for h in state[0]) + f" ({state[1]} to move)"


if __name__ == "__main__":
    t = search.trace(Nim(), algorithm="alphabeta")
    print(t)
    print("value", t.value, "move", t.move)
    print("source", t.events[0]["source"]["kind"], "nodes", t.result["visited"], "of", t.result["baseline"]["visited"])
    t.save("nim.jsonl")
