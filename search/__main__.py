"""Run the engine without the server: ``python -m search trace --example lecture``."""

import sys

# jsonschema loads rfc3987_syntax (a lark grammar, about 1.5 s) for the "iri" format when it is installed (JupyterLab's
# dependencies bring it); no schema of ours checks formats, and every command would wait for it.
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

from search.cli.main import main  # noqa: E402

raise SystemExit(main())
