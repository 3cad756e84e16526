"""Pieces the nnstack passes share."""

from collections.abc import Callable

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.utils.diagnostic import Diagnostic
from xdsl.utils.exceptions import PassFailedException


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
    diagnostic = Diagnostic()
    messages: list[str] = []
    for leftover in module.walk():
        if leftover.dialect_name() == dialect_name:
            why = reason(leftover) or "no lowering pattern for this op"
            messages.append(f"cannot lower {leftover.name}: {why}")
            diagnostic.add_message(leftover, messages[-1])
    if messages:
        more = f" (and {len(messages) - 1} more)" if len(messages) > 1 else ""
        error = PassFailedException(f"{pass_name}: {messages[0]}{more}")
        diagnostic.raise_exception(module, error)
