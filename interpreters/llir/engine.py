"""The engine of the llir interpreter: the compiled functions, memory and settings of one
interpreter, and the conversion of values at the call boundary.

At the call boundary a float result is a numpy scalar of its width and a vector a numpy
array, as elsewhere in nnstack. A numpy array (or xDSL ShapedArray) passed for a pointer
argument is wrapped zero-copy (writes are visible to the caller) and counts as written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from xdsl.dialects.builtin import IntegerType, VectorType
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.interpreters.shaped_array import ShapedArray
from xdsl.ir import Attribute
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import llir
from nnstack.dialects.weights import WeightsError
from nnstack.interpreters.llir.codegen import FunctionCompiler
from nnstack.interpreters.llir.memory import Buffer, Memory, Pointer
from nnstack.interpreters.llir.semantics import Scalar, memory_format, round_float, wrap

DEFAULT_MAX_CALL_DEPTH = 200
"""How many llir functions may be active at once, unless a run sets another limit
(each costs a few Python frames; Python's own limit is 1000 frames by default)."""

_NUMPY_FLOATS = {"e": np.float16, "f": np.float32, "d": np.float64}
_NUMPY_INTS: dict[int, tuple[type[np.generic], ...]] = {
    1: (np.bool_, np.uint8, np.int8),
    8: (np.int8, np.uint8),
    16: (np.int16, np.uint16),
    32: (np.int32, np.uint32),
    64: (np.int64, np.uint64),
}
"""The numpy dtypes accepted for a pointer to each integer width (the first is returned)."""


class OpProgress:
    """Counts the llir ops run for a progress callback (`report`, told `'1,200,000 llir
    ops'` at most every `interval` seconds). Only functions compiled while it is set
    count: their code adds each block's (and loop body's) op count to `counts[0]` and
    calls `tick` when that reaches `counts[1]`, so the clock is read once every `stride`
    ops; without it the code counts nothing."""

    STRIDE = 100_000

    def __init__(self, report: Callable[[str], None], interval: float = 0.1, stride: int = STRIDE):
        self.report = report
        self.interval = interval
        self.stride = stride
        self.counts = [0, stride]
        self.shown = time.monotonic()

    def tick(self) -> None:
        done = self.counts[0]
        self.counts[1] = done + self.stride
        now = time.monotonic()
        if now - self.shown >= self.interval:
            self.shown = now
            self.report(f"{done:,} llir ops")


class _Compiled(NamedTuple):
    function: Callable[..., Any]
    source: str


class Engine:
    """The llir state of one interpreter: its memory, settings and compiled functions."""

    def __init__(self, interpreter: Interpreter):
        self.interpreter = interpreter
        self.memory = Memory()
        self.strict = False
        self.counting = False
        self.counter = [0]
        self.progress: OpProgress | None = None
        """Made once, by the first `set_progress` (compiled code keeps its counts)."""
        self.showing_progress = False
        self.max_call_depth = DEFAULT_MAX_CALL_DEPTH
        self.call_depth = 0
        self.compiled: dict[tuple[int, bool, bool, bool], tuple[llir.FuncOp, _Compiled]] = {}
        self.globals: dict[int, tuple[llir.GlobalOp, Buffer]] = {}

    def global_buffer(self, op: llir.GlobalOp) -> Buffer:
        """The read-only buffer of an llir.global: a view of its initializer's bytes
        (no copy; i1 elements as the bytes 0 and 1), made once per interpreter."""
        cached = self.globals.get(id(op))
        if cached is not None and cached[0] is op:
            return cached[1]
        try:
            data = memoryview(op.data())
        except WeightsError as error:
            raise InterpretationError(f"llir.global @{op.sym_name.data}: {error}") from None
        buffer = self.memory.wrap(data, op.alignment.value.data, f"llir.global @{op.sym_name.data}")
        self.globals[id(op)] = (op, buffer)
        return buffer

    def compile(self, func: llir.FuncOp) -> _Compiled:
        key = (id(func), self.strict, self.counting, self.showing_progress)
        cached = self.compiled.get(key)
        if cached is not None and cached[0] is func:
            return cached[1]
        if func.body.blocks.first is None:
            raise InterpretationError(f"llir.func @{func.sym_name.data} has no body")
        progress = self.progress if self.showing_progress else None
        compiler = FunctionCompiler(self, func, self.strict, self.counting, progress)
        source = compiler.compile()
        try:
            code = compile(source, f"<llir.func @{func.sym_name.data}>", "exec")
        except (SyntaxError, RecursionError) as error:  # e.g. loops nested too deeply
            raise InterpretationError(
                f"llir.func @{func.sym_name.data}: too complex for the interpreter ({error})"
            ) from error
        exec(code, compiler.namespace)
        compiled = _Compiled(compiler.namespace[FunctionCompiler.FUNCTION_NAME], source)
        self.compiled[key] = (func, compiled)
        return compiled

    def lazy_callee(self, name: str) -> Callable[..., Any]:
        """The compiled function for `llir.call @name`, compiled on its first call."""
        resolved: list[Callable[..., Any]] = []

        def call_callee(*args: Any) -> Any:
            if not resolved:
                callee = self.interpreter.get_op_for_symbol(name)
                if not isinstance(callee, llir.FuncOp):
                    raise InterpretationError(f"llir.call: @{name} is not an llir.func")
                resolved.append(self.compile(callee).function)
            if self.call_depth >= self.max_call_depth:
                raise InterpretationError(
                    f"llir.call: calling @{name} exceeds the call depth limit of {self.max_call_depth} "
                    "(unbounded recursion? nnstack-run --max-call-depth, or max_call_depth= in the Python API)"
                )
            self.call_depth += 1
            try:
                return resolved[0](*args)
            finally:
                self.call_depth -= 1

        return call_callee

    def call(self, func: llir.FuncOp, args: PythonValues) -> PythonValues:
        inputs = func.function_type.inputs.data
        name = f"llir.func @{func.sym_name.data}"
        if len(args) != len(inputs):
            raise InterpretationError(f"{name}: expected {len(inputs)} arguments, got {len(args)}")
        runtime = [
            self.to_runtime(name, index, value, typ) for index, (value, typ) in enumerate(zip(args, inputs))
        ]
        function = self.compile(func).function
        depth = self.call_depth
        self.call_depth += 1
        try:
            result = function(*runtime)
        except RecursionError:
            raise InterpretationError(
                f"llir.call: Python's stack overflowed below {name} (the call depth limit "
                f"{self.max_call_depth} is too high for this Python; lower it)"
            ) from None
        finally:
            self.call_depth = depth
        if isinstance(result, Pointer) and result.buffer.freed:
            raise InterpretationError(
                f"llir.return: {name} returns a pointer into freed buffer #{result.buffer.id}"
            )
        outputs = func.function_type.outputs.data
        return () if not outputs else (_from_runtime(result, outputs[0]),)

    def to_runtime(self, name: str, index: int, value: Any, typ: Attribute) -> Any:
        """Convert argument `index` to the generated code's representation."""
        what = f"{name}: argument #{index}"
        if isinstance(typ, llir.PointerType):
            if isinstance(value, Pointer):
                return value
            return Pointer(self.wrap_array(what, value, typ), 0)
        if isinstance(typ, VectorType):
            width = typ.get_shape()[0]
            lanes = list(np.asarray(value).reshape(-1))
            if len(lanes) != width:
                raise InterpretationError(f"{what}: expected {width} lanes for {typ}")
            return tuple(_scalar_to_runtime(what, lane, typ.element_type) for lane in lanes)
        return _scalar_to_runtime(what, value, typ)

    def wrap_array(self, what: str, value: Any, typ: llir.PointerType, written: bool = True) -> Buffer:
        """A zero-copy buffer over the memory of a numpy array (or xDSL ShapedArray)."""
        if isinstance(value, ShapedArray):
            return self.memory.wrap(shaped_array_bytes(value, typ), typ.element_size, f"wraps {what}")
        if not isinstance(value, np.ndarray):
            raise InterpretationError(
                f"{what}: expected a numpy array or a pointer for {typ}, got {type(value).__name__}"
            )
        elem = typ.element_type
        allowed = (
            _NUMPY_INTS[elem.width.data]
            if isinstance(elem, IntegerType)
            else (_NUMPY_FLOATS[memory_format(elem)],)
        )
        if value.dtype.type not in allowed:
            raise InterpretationError(f"{what}: expected an array of {elem} for {typ}, got {value.dtype}")
        if not (value.flags.c_contiguous or value.flags.f_contiguous):
            raise InterpretationError(f"{what}: the array for {typ} must be contiguous")
        flat = value.reshape(-1, order="A").view(np.uint8)
        address = value.ctypes.data
        alignment = min(64, address & -address) if address else 64
        return self.memory.wrap(flat.data, alignment, f"wraps {what}", written)


def shaped_array_bytes(value: ShapedArray, typ: llir.PointerType) -> memoryview:
    """The bytes of an xDSL ShapedArray (what xdsl-run passes for a memref) holding
    `typ`'s elements, zero-copy: writes through it are the caller's."""
    raw = value.data_ptr.raw
    nbytes = value.size * typ.element_size
    return memoryview(raw.memory).cast("B")[raw.offset : raw.offset + nbytes]


def _scalar_to_runtime(what: str, value: Any, typ: Attribute) -> Any:
    scalar = Scalar.of(typ)
    try:
        number = float(value) if scalar.is_float else int(value)
    except (TypeError, ValueError) as error:
        raise InterpretationError(f"{what}: expected a number for {typ}, got {value!r}") from error
    if isinstance(number, float):
        return round_float(number, scalar.fmt)
    if not -(1 << (scalar.bits - 1)) <= number < (1 << scalar.bits):
        raise InterpretationError(f"{what}: {number} does not fit {typ}")
    return wrap(number, scalar.bits)


def _from_runtime(value: Any, typ: Attribute) -> Any:
    """A result as nnstack's interpreters return it (numpy scalars for floats)."""
    if isinstance(typ, llir.PointerType):
        return value
    if isinstance(typ, VectorType):
        elem = typ.element_type
        if isinstance(elem, IntegerType):
            return np.array(value, dtype=_NUMPY_INTS[elem.width.data][0])
        return np.array(value, dtype=_NUMPY_FLOATS[memory_format(elem)])
    if llir.is_float(typ):
        return _NUMPY_FLOATS[memory_format(typ)](value)
    return int(value)
