"""The llir interpreter's xDSL registration and its public API.

`Interpreter.call_op(llir_func, args)` goes through `LlirFunctions.call_func`, which runs
the function through the interpreter's `Engine` (compiled once per interpreter and
cached: a module changed after a call needs a new `Interpreter`). Only llir ops run
inside an llir.func; an `llir.call` elsewhere (in a func.func, say) goes through
`Interpreter.call_op`.
"""

from __future__ import annotations

from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    impl_callable,
    register_impls,
)

from nnstack.dialects import llir
from nnstack.interpreters.llir.engine import Engine
from nnstack.interpreters.llir.memory import Buffer, Memory


@register_impls
class LlirFunctions(InterpreterFunctions):
    """Runs `llir.func` for `Interpreter.call_op`, through the compiling engine."""

    @impl_callable(llir.FuncOp)
    def call_func(self, interpreter: Interpreter, op: llir.FuncOp, args: PythonValues) -> PythonValues:
        if op.body.blocks.first is None:
            return interpreter.call_external(op.sym_name.data, op, args)
        return _engine(interpreter).call(op, args)

    @impl(llir.CallOp)
    def run_call(self, interpreter: Interpreter, op: llir.CallOp, args: PythonValues) -> PythonValues:
        """An llir.call outside llir functions (inside them, compiled code calls)."""
        return interpreter.call_op(op.callee.string_value(), args)


def _engine(interpreter: Interpreter) -> Engine:
    return interpreter.get_data(LlirFunctions, "engine", lambda: Engine(interpreter))


def llir_memory(interpreter: Interpreter) -> Memory:
    """The flat memory the interpreter's llir functions run in."""
    return _engine(interpreter).memory


def leaked_buffers(interpreter: Interpreter) -> list[Buffer]:
    """Buffers allocated by llir.alloc_buffer and never freed (for `--check-leaks`)."""
    return _engine(interpreter).memory.leaked()


def set_strict_memory(interpreter: Interpreter, enabled: bool = True) -> None:
    """Make reads of never-written bytes errors (set it before calling functions)."""
    _engine(interpreter).strict = enabled


def set_op_counting(interpreter: Interpreter, enabled: bool = True) -> None:
    """Count the llir ops executed (slightly slower); read with `executed_op_count`."""
    _engine(interpreter).counting = enabled


def executed_op_count(interpreter: Interpreter) -> int:
    """Number of llir ops executed by calls that returned, while counting was on."""
    return _engine(interpreter).counter[0]


def generated_source(interpreter: Interpreter, func: llir.FuncOp) -> str:
    """The Python source the engine runs for `func` (for debugging)."""
    return _engine(interpreter).compile(func).source
