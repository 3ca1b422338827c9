"""Minimax (search.algorithms.minimax), as the registry lists it."""

from search.algorithms.descriptor import Algorithm

DESCRIPTOR = Algorithm(
    id="minimax", name="minimax", label="minimax",
    summary="MAX-VALUE and MIN-VALUE to the end or a depth limit (AIMA 4th ed. §5.2.1)",
    ties=False, returns=("v",), depth="optional", enhancements=("tt", "quiescence", "beam"), players="two", chance="no",
    orderings=True, single_pass=True, play=True,
    run="search.algorithms.minimax:run", run_enhanced="search.algorithms.enhanced:run_minimax",
    listing="search.algorithms.pseudocode:minimax_listing",
    baseline=None, student_entry="minimax_search",
    order=10,
)
