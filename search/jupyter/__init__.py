"""The Jupyter widget (docs/jupyter.md): `show(trace_or_game)` draws a search in a notebook as the page
draws it (the tree, the player, the narration, the pseudocode), from the trace alone, with no server.

Importing this package needs nothing beyond the engine; show() needs anywidget (the wheel's [jupyter] extra:
`pip install 'dist/minimax_lab-0.1.0-py3-none-any.whl[jupyter]'`, docs/jupyter.md) and the front end's bundle in
static/ (`make widget` in a checkout).
"""

from search.jupyter.show import show

__all__ = ["show"]
