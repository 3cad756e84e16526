"""Pieces the nnstack passes share."""

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.utils.diagnostic import Diagnostic
from xdsl.utils.exceptions import PassFailedException


def fail_at_ops(module: ModuleOp, pass_name: str, problems: Sequence[tuple[Operation, str]]) -> None:
    """Raises `PassFailedException` naming the first problem if there is any.

    Each problem is an op and a message (`cannot lower X: why`); the printed
    diagnostic marks every op in the module with its message.
    """
    if not problems:
        return
    diagnostic = Diagnostic()
    for op, message in problems:
        diagnostic.add_message(op, message)
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    error = PassFailedException(f"{pass_name}: {problems[0][1]}{more}")
    diagnostic.raise_exception(module, error)


def fail_on_leftover_ops(
    module: ModuleOp,
    pass_name: str,
    dialect_name: str,
    reason: Callable[[Operation], str | None] = lambda op: None,
) -> None:
    """Raises `PassFailedException` if an op of `dialect_name` is left in `module`.

    A conversion's patterns leave alone the ops they cannot lower; this names each
    one with `reason(op)` (why it could not be lowered), and the printed diagnostic
    marks the ops in the (partly converted) module.
    """
    problems = [
        (leftover, f"cannot lower {leftover.name}: {reason(leftover) or 'no lowering pattern for this op'}")
        for leftover in module.walk()
        if leftover.dialect_name() == dialect_name
    ]
    fail_at_ops(module, pass_name, problems)
