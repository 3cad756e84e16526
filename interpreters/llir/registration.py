"""The llir interpreter's xDSL registration and its public API.

`Interpreter.call_op(llir_func, args)` goes through `LlirFunctions.call_func`, which runs
the function through the interpreter's `Engine` (compiled once per interpreter and
cached: a module changed after a call needs a new `Interpreter`). Only llir ops run
inside an llir.func; an `llir.call` elsewhere (in a func.func, say) goes through
`Interpreter.call_op`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    impl_callable,
    register_impls,
)

from nnstack.dialects import llir
from nnstack.interpreters.llir.engine import Engine, OpProgress
from nnstack.interpreters.llir.memory import Buffer, Memory, Pointer


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


def output_pointer(interpreter: Interpreter, func: llir.FuncOp, index: int, array: np.ndarray) -> Pointer:
    """A pointer over `array` for argument `index` of `func`, an output buffer: in strict
    mode it counts as unwritten, so reading it before the function wrote it is an error."""
    engine = _engine(interpreter)
    typ = func.function_type.inputs.data[index]
    assert isinstance(typ, llir.PointerType)
    what = f"llir.func @{func.sym_name.data}: argument #{index} (an output)"
    return Pointer(engine.wrap_array(what, array, typ, written=not engine.strict), 0)


def set_limits(
    interpreter: Interpreter, *, max_allocation: int | None = None, max_call_depth: int | None = None
) -> None:
    """Bound the bytes one llir.alloc_buffer may take and how many llir functions may be
    active at once (each None: keep the current limit); going past either is an error
    naming the op, not a MemoryError or RecursionError."""
    engine = _engine(interpreter)
    if max_allocation is not None:
        engine.memory.max_allocation = max_allocation
    if max_call_depth is not None:
        engine.max_call_depth = max_call_depth


def set_op_counting(interpreter: Interpreter, enabled: bool = True) -> None:
    """Count the llir ops executed (slightly slower); read with `executed_op_count`."""
    _engine(interpreter).counting = enabled


def set_progress(
    interpreter: Interpreter,
    report: Callable[[str], None] | None,
    *,
    interval: float = 0.1,
    stride: int = OpProgress.STRIDE,
) -> None:
    """Tell `report` how many llir ops have run (`'1,200,000 llir ops'`), at most every
    `interval` seconds, while functions compiled from now on run (None: stop). The
    clock is read once every `stride` ops; without a `report` the code counts nothing."""
    engine = _engine(interpreter)
    engine.showing_progress = report is not None
    if report is None:
        return
    if engine.progress is None:
        engine.progress = OpProgress(report, interval, stride)
    else:
        engine.progress.report, engine.progress.interval, engine.progress.stride = report, interval, stride


def executed_op_count(interpreter: Interpreter) -> int:
    """Number of llir ops executed by calls that returned, while counting was on."""
    return _engine(interpreter).counter[0]


def generated_source(interpreter: Interpreter, func: llir.FuncOp) -> str:
    """The Python source the engine runs for `func` (for debugging)."""
    return _engine(interpreter).compile(func).source
