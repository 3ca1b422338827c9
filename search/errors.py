"""The one error type for bad input: it names what is wrong and where."""


class InputError(ValueError):
    """Bad input from a user: a tree, a position, an option or a trace.

    `where` is a path such as ``children[2].value`` (empty for the whole input); the message
    reads ``children[2].value: expected a finite number``.
    """

    def __init__(self, where: str, problem: str, *, too_large: bool = False) -> None:
        self.where = where
        self.problem = problem
        self.too_large = too_large  # over a size limit: HTTP 413 rather than 400
        super().__init__(f"{where}: {problem}" if where else problem)
