"""Run the engine without the server: ``python -m search trace --example lecture``."""

from search.format_libraries import skip_unused_format_libraries

skip_unused_format_libraries()  # before anything imports jsonschema

from search.cli.main import main  # noqa: E402

raise SystemExit(main())
