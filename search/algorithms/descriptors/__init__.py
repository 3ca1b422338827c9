"""One data-only module per algorithm, beside the module its search is written in: its descriptor
(search.algorithms.descriptor.Algorithm), which names the search by import path instead of importing it,
so that search.algorithms.registry can be read where the searches must not be loaded (the grader's worker)."""
