"""Alpha-beta (search.algorithms.alphabeta), as the registry lists it."""

from search.algorithms.descriptor import Algorithm

DESCRIPTOR = Algorithm(
    id="alphabeta", name="alpha-beta", label="alpha-beta",
    summary="minimax with the α-β window, pruning what cannot change the decision (AIMA 4th ed. §5.2.3)",
    ties=True, returns=("v", "bound"), depth="optional", enhancements=("tt", "quiescence", "beam"), players="two",
    chance="bounded", orderings=True, single_pass=True, play=True,
    run="search.algorithms.alphabeta:run", run_enhanced="search.algorithms.enhanced:run_alphabeta",
    listing="search.algorithms.pseudocode:alphabeta_listing",
    baseline="search.algorithms.baseline:minimax_baseline", student_entry="alphabeta_search",
    order=20,
)
