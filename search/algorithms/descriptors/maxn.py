"""Max^n (search.algorithms.maxn), as the registry lists it."""

from search.algorithms.descriptor import Algorithm

DESCRIPTOR = Algorithm(
    id="maxn", name="max^n", label="max^n",
    summary="minimax for several players: a vector of values, each player maximising its own (AIMA 4th ed. §5.2.2)",
    ties=False, returns=("v",), depth="optional", enhancements=(), players="n", chance="no",
    orderings=True, single_pass=True, play=False,
    run="search.algorithms.maxn:run", run_enhanced=None,
    listing="search.algorithms.pseudocode:maxn_entry",
    baseline=None, student_entry="maxn_search",
    order=40,
)
