"""`python -m search`: the engine's command line (trace, practice, ordering, ...)."""
