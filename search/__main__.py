"""Run the engine without the server: ``python -m search trace --example lecture``."""

from search.cli.main import main

raise SystemExit(main())
