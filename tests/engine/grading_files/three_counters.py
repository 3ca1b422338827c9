"""A course's game of three players (search.GameBase with players): graded by max^n as a tree with players is."""

import search


class Counters(search.GameBase):
    """Three players take turns adding 1 or 2 to a count; at 4 or more the game ends."""

    players = ("Ann", "Bob", "Cy")
    initial = (0, 0)

    def to_move(self, state):
        return self.players[state[1] % 3]

    def actions(self, state):
        return [1, 2]

    def result(self, state, action):
        return (state[0] + action, state[1] + 1)

    def is_terminal(self, state):
        return state[0] >= 4

    def utility(self, state, player):
        last = self.players[(state[1] - 1) % 3]
        return (state[0] * 3 + len(player)) % 5 if player != last else state[1]
