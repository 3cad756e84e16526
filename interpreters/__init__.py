"""nnstack.interpreters: numpy-backed xDSL interpreter functions for every dialect.

One module (or package) per dialect, each an `InterpreterFunctions` class, and the
run / call API in `api` (`run`, `call`, `parse_module`, ...), re-exported here; its
docstring says how runtime values are represented.
"""

from nnstack.interpreters.api import (
    Call,
    PreparedProgram,
    argument_types,
    call,
    find_function,
    make_context,
    parse_module,
    prepare,
    random_inputs,
    register_nnstack_implementations,
    run,
)

__all__ = [
    "Call",
    "PreparedProgram",
    "argument_types",
    "call",
    "find_function",
    "make_context",
    "parse_module",
    "prepare",
    "random_inputs",
    "register_nnstack_implementations",
    "run",
]
