"""jsonschema's optional format libraries, kept out of the processes we start ourselves.

jsonschema imports rfc3987_syntax (a lark grammar: about 1.5 s on a quiet machine, 6 s on a busy one) for the
"iri" format whenever it is installed, and JupyterLab's dependencies install it. No schema of ours checks a
format, so a process that only validates our own schemas need not wait for it. Called first thing by the
programs we start (`python -m search`, the server's package, the grader's child, the test session), never on
`import search`: a notebook that checks IRIs with jsonschema keeps them.
"""

from __future__ import annotations

import sys

UNUSED_FORMAT_LIBRARIES = ("rfc3987_syntax",)


def skip_unused_format_libraries() -> None:
    """Mark the format libraries as absent unless something already imported them (jsonschema then skips them)."""
    for name in UNUSED_FORMAT_LIBRARIES:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]
