"""Interpreter for the llir dialect: each llir.func is compiled to Python, then run.

xDSL's generic interpreter costs ~30 us per op, too slow for scalar loops, so
`Interpreter.call_op(llir_func, args)` goes through `LlirFunctions.call_func`, which
compiles the function once per interpreter into the source of one Python function
(`generated_source` shows it): SSA values become local variables, blocks become
segments of a dispatch loop on a block number, phis become parallel assignments on
the CFG edges, `llir.for` becomes a Python `for` over `range`, and memory checks are
cheap inline comparisons with the diagnosis done only when an access fails. The
compiled code is cached per interpreter: a module changed after a call needs a new
`Interpreter`. Only llir ops run inside an llir.func; an `llir.call` elsewhere (in a
func.func, say) goes through `Interpreter.call_op`.

Runtime values. Integers are Python ints in signed two's-complement range
(`i1` is 0 or 1) and wrap on overflow; floats are Python floats rounded to their
type after every op (f32 through a one-element `array('f')`); vectors are tuples;
a pointer is a `Pointer(buffer, byte offset)`. At the call boundary a float result
is a numpy scalar of its width and a vector a numpy array, as elsewhere in nnstack.

Memory model. `Memory` (one per interpreter) owns numbered buffers, each a byte
array with its size and alignment; a buffer's base is aligned to its alignment, so
an access is misaligned when its byte offset is not a multiple of the element size.
Every load, store and memcpy is bounds-checked; use after free, double free, freeing
a pointer that does not start a buffer, misaligned access and writes to read-only
arrays are `InterpretationError`s naming the op and the address
(`llir.load: out-of-bounds read of 4 bytes at buffer #2 + 64 (size 64)`). With
`set_strict_memory(interpreter)`, reading bytes never written is an error too
(buffers from `llir.alloc_buffer` start zeroed but unwritten). `leaked_buffers`
lists the buffers still allocated. A numpy array (or xDSL ShapedArray) passed for
a pointer argument is wrapped zero-copy (writes are visible to the caller) and
counts as written. `set_op_counting` / `executed_op_count` count executed ops.
"""

from __future__ import annotations

import math
import struct
from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

import numpy as np
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    VectorType,
)
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    impl_callable,
    register_impls,
)
from xdsl.interpreters.shaped_array import ShapedArray
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import llir

# ---------------------------------------------------------------------------
# Memory
# ---------------------------------------------------------------------------

_E16 = struct.Struct("e")


class _F16View:
    """A memoryview-like f16 view (memoryview cannot cast to 'e')."""

    __slots__ = ("raw",)

    def __init__(self, raw: memoryview):
        self.raw = raw

    def __len__(self) -> int:
        return len(self.raw) // 2

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            count = index.stop - index.start
            return struct.unpack_from(f"{count}e", self.raw, 2 * index.start)
        return _E16.unpack_from(self.raw, 2 * index)[0]

    def __setitem__(self, index: int | slice, value: Any) -> None:
        if isinstance(index, slice):
            struct.pack_into(f"{len(value)}e", self.raw, 2 * index.start, *value)
        else:
            _E16.pack_into(self.raw, 2 * index, value)


class _MisalignedView:
    """The view of a pointer whose byte offset is not a multiple of its element size.

    Every access through it fails, and the failure is then diagnosed as misaligned.
    """

    __slots__ = ("remainder",)

    def __init__(self, remainder: int):
        self.remainder = remainder

    def __getitem__(self, index: object) -> Any:
        raise IndexError("misaligned access")

    def __setitem__(self, index: object, value: object) -> None:
        raise IndexError("misaligned access")


def _released_view() -> memoryview:
    view = memoryview(b"")
    view.release()
    return view


class Buffer:
    """One buffer of the flat memory: bytes, size, alignment, liveness, written bytes."""

    __slots__ = (
        "id",
        "size",
        "alignment",
        "raw",
        "views",
        "freed",
        "written",
        "origin",
        "owned",
        "readonly",
    )

    def __init__(
        self,
        id: int,
        raw: memoryview,
        alignment: int,
        origin: str,
        *,
        owned: bool,
        written: bool,
    ):
        self.id = id
        self.size = len(raw)
        self.alignment = alignment
        self.raw = raw
        self.views: dict[str, Any] = {}
        self.freed = False
        # Per byte, whether it was written; None when every byte counts as written.
        self.written: bytearray | None = None if written else bytearray(self.size)
        self.origin = origin
        self.owned = owned
        self.readonly = raw.readonly

    def view(self, fmt: str) -> Any:
        """The typed view of the buffer for a struct format ('f', 'q', 'e', ...)."""
        view = self.views.get(fmt)
        if view is None:
            if self.freed:
                return _released_view()
            view = _F16View(self.raw) if fmt == "e" else self.raw.cast(fmt)
            self.views[fmt] = view
        return view

    def release(self) -> None:
        """Free the buffer: every view, including those held by running code, dies."""
        for view in self.views.values():
            if isinstance(view, memoryview):
                view.release()
        self.raw.release()
        self.freed = True

    def describe(self) -> str:
        return f"buffer #{self.id} ({self.size} bytes, align {self.alignment}, {self.origin})"

    def __repr__(self) -> str:
        return f"<{self.describe()}>"


class Pointer(NamedTuple):
    """A runtime `!llir.ptr<T>` value: a buffer and a byte offset into it."""

    buffer: Buffer
    offset: int

    def __repr__(self) -> str:
        return f"<ptr buffer #{self.buffer.id} + {self.offset}>"


class Memory:
    """The flat memory of one interpreter: its buffers, numbered in creation order."""

    def __init__(self) -> None:
        self.buffer_count = 0
        self.live: dict[int, Buffer] = {}

    def _next_id(self) -> int:
        self.buffer_count += 1
        return self.buffer_count - 1

    def allocate(self, size: int, alignment: int, origin: str) -> Buffer:
        buffer = Buffer(
            self._next_id(),
            memoryview(bytearray(size)),
            alignment,
            origin,
            owned=True,
            written=False,
        )
        self.live[buffer.id] = buffer
        return buffer

    def wrap(self, raw: memoryview, alignment: int, origin: str) -> Buffer:
        """A buffer over memory the caller owns (a numpy array), marked written."""
        return Buffer(self._next_id(), raw, alignment, origin, owned=False, written=True)

    def free(self, op_name: str, buffer: Buffer, offset: int) -> None:
        if buffer.freed:
            raise InterpretationError(f"{op_name}: double free of buffer #{buffer.id}")
        if not buffer.owned:
            raise InterpretationError(
                f"{op_name}: buffer #{buffer.id} was not allocated by llir.alloc_buffer "
                f"({buffer.origin})"
            )
        if offset:
            raise InterpretationError(
                f"{op_name}: pointer {_address(buffer, offset)} does not point to the start "
                "of a buffer"
            )
        buffer.release()
        del self.live[buffer.id]

    def leaked(self) -> list[Buffer]:
        """Buffers allocated by llir.alloc_buffer and not freed."""
        return list(self.live.values())


def _address(buffer: Buffer, offset: int) -> str:
    return f"buffer #{buffer.id} + {offset}"


def _access_error(
    op_name: str, kind: str, buffer: Buffer, offset: int, nbytes: int, view: object = None
) -> InterpretationError:
    """Diagnose why an access of `nbytes` at `buffer + offset` failed."""
    address = _address(buffer, offset)
    if buffer.freed:
        return InterpretationError(
            f"{op_name}: use after free of buffer #{buffer.id} (access at {address})"
        )
    if isinstance(view, _MisalignedView):
        return InterpretationError(f"{op_name}: misaligned {nbytes}-byte access at {address}")
    if offset < 0 or offset + nbytes > buffer.size:
        return InterpretationError(
            f"{op_name}: out-of-bounds {kind} of {nbytes} bytes at {address} "
            f"(size {buffer.size})"
        )
    if kind == "write" and buffer.readonly:
        return InterpretationError(f"{op_name}: write to read-only buffer at {address}")
    return InterpretationError(f"{op_name}: invalid {nbytes}-byte {kind} at {address}")


def _access_failed(
    op_name: str, kind: str, buffer: Buffer, index: int, size: int, nbytes: int, view: object
) -> None:
    """Raise the diagnosis of a failed access to element `index` (of `size` bytes)."""
    remainder = view.remainder if isinstance(view, _MisalignedView) else 0
    raise _access_error(op_name, kind, buffer, index * size + remainder, nbytes, view)


def _check_written(op_name: str, buffer: Buffer, offset: int, nbytes: int) -> None:
    """Strict mode: every byte read must have been written."""
    if buffer.written is None:
        return
    unwritten = buffer.written.find(0, offset, offset + nbytes)
    if unwritten != -1:
        raise InterpretationError(
            f"{op_name}: read of never-written memory at {_address(buffer, unwritten)} "
            "(strict mode)"
        )


def _mark_written(buffer: Buffer, offset: int, nbytes: int) -> None:
    if buffer.written is not None:
        buffer.written[offset : offset + nbytes] = b"\x01" * nbytes


def _byte_offset(index: int, size: int, view: object) -> int:
    return index * size + (view.remainder if isinstance(view, _MisalignedView) else 0)


def _unpack(pointer: Pointer, fmt: str, size: int) -> tuple[Buffer, int, Any]:
    """A pointer as generated code holds it: buffer, element index and typed view."""
    buffer, offset = pointer
    index, remainder = divmod(offset, size)
    return buffer, index, (_MisalignedView(remainder) if remainder else buffer.view(fmt))


def _pack(buffer: Buffer, index: int, view: object, size: int) -> Pointer:
    return Pointer(buffer, _byte_offset(index, size, view))


def _recast(
    buffer: Buffer, index: int, view: object, size: int, fmt: str, new_size: int
) -> tuple[Buffer, int, Any]:
    return _unpack(Pointer(buffer, _byte_offset(index, size, view)), fmt, new_size)


def _alloc(memory: Memory, size: int, alignment: int, origin: str) -> Buffer:
    return memory.allocate(size, alignment, origin)


def _free(
    memory: Memory, op_name: str, buffer: Buffer, index: int, view: object, size: int
) -> None:
    memory.free(op_name, buffer, _byte_offset(index, size, view))


def _memcpy(
    op_name: str,
    dst: Buffer,
    dst_offset: int,
    src: Buffer,
    src_offset: int,
    nbytes: int,
) -> None:
    """Copy bytes and their written state (copying unwritten bytes is no error)."""
    if nbytes < 0:
        raise InterpretationError(f"{op_name}: negative size {nbytes}")
    for kind, buffer, offset in (("read", src, src_offset), ("write", dst, dst_offset)):
        if buffer.freed or offset < 0 or offset + nbytes > buffer.size:
            raise _access_error(op_name, kind, buffer, offset, nbytes)
    if dst.readonly and nbytes:
        raise _access_error(op_name, "write", dst, dst_offset, nbytes)
    if (
        src is dst
        and nbytes
        and src_offset < dst_offset + nbytes
        and dst_offset < src_offset + nbytes
    ):
        raise InterpretationError(
            f"{op_name}: source {_address(src, src_offset)} and destination "
            f"{_address(dst, dst_offset)} of {nbytes} bytes overlap"
        )
    dst.raw[dst_offset : dst_offset + nbytes] = src.raw[src_offset : src_offset + nbytes]
    if dst.written is not None:
        dst.written[dst_offset : dst_offset + nbytes] = (
            b"\x01" * nbytes
            if src.written is None
            else src.written[src_offset : src_offset + nbytes]
        )


# ---------------------------------------------------------------------------
# Scalar semantics used by the generated code
# ---------------------------------------------------------------------------


def _wrap(value: int, bits: int) -> int:
    """Two's-complement wrap to `bits`, in LLIR's representation (signed; i1 is 0/1)."""
    if bits == 1:
        return value & 1
    half = 1 << (bits - 1)
    return ((value + half) & ((half << 1) - 1)) - half


def _signed(value: int, bits: int) -> int:
    return -value if bits == 1 else value


def _unsigned(value: int, bits: int) -> int:
    return value & ((1 << bits) - 1)


def _trunc_div(a: int, b: int) -> int:
    quotient = abs(a) // abs(b)
    return -quotient if (a < 0) != (b < 0) else quotient


def _int_binary(op_name: str, kind: str, a: int, b: int, bits: int) -> int:
    """Integer ops on the slow path: division, shifts, and everything on i1."""
    a, b = _signed(a, bits), _signed(b, bits)
    if kind in ("div", "rem") and b == 0:
        raise InterpretationError(f"{op_name}: integer division by zero")
    if kind in ("shl", "shr") and not 0 <= _unsigned(b, bits) < bits:
        raise InterpretationError(
            f"{op_name}: shift amount {_unsigned(b, bits)} is out of range for i{bits}"
        )
    match kind:
        case "add":
            result = a + b
        case "sub":
            result = a - b
        case "mul":
            result = a * b
        case "div":
            result = _trunc_div(a, b)
        case "rem":
            result = a - b * _trunc_div(a, b)
        case "min":
            result = min(a, b)
        case "max":
            result = max(a, b)
        case "and":
            result = a & b
        case "or":
            result = a | b
        case "xor":
            result = a ^ b
        case "shl":
            result = a << _unsigned(b, bits)
        case "shr":
            result = a >> _unsigned(b, bits)
        case _:
            raise AssertionError(kind)
    return _wrap(result, bits)


def _round16(value: float) -> float:
    try:
        return _E16.unpack(_E16.pack(value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)


def _round(value: float, fmt: str) -> float:
    """Round a Python float to f16 ('e'), f32 ('f') or f64 ('d')."""
    if fmt == "d":
        return value
    if fmt == "e":
        return _round16(value)
    return array("f", (value,))[0]


def _fdiv_by_zero(a: float, b: float) -> float:
    if a != a or a == 0.0:
        return math.nan
    return math.copysign(math.inf, a) * math.copysign(1.0, b)


def _frem(a: float, b: float) -> float:
    if b == 0.0 or math.isinf(a) or a != a or b != b:
        return math.nan
    return math.fmod(a, b)


def _fmin_tie(a: float, b: float) -> float:
    """IEEE minimum when neither a < b nor b < a: NaN propagates, -0.0 < +0.0."""
    if a != a:
        return a
    if b != b:
        return b
    return a if math.copysign(1.0, a) < 0 else b


def _fmax_tie(a: float, b: float) -> float:
    if a != a:
        return a
    if b != b:
        return b
    return b if math.copysign(1.0, a) < 0 else a


def _sqrt(a: float) -> float:
    return math.sqrt(a) if a >= 0.0 else math.nan


def _exp(a: float) -> float:
    try:
        return math.exp(a)
    except OverflowError:
        return math.inf


def _log(a: float) -> float:
    if a > 0.0:
        return math.log(a)
    if a == 0.0:
        return -math.inf
    return math.nan


_MANTISSA_BITS = {"e": 11, "f": 24, "d": 53}


def _int_to_float(value: int, fmt: str) -> float:
    """An integer rounded (to nearest even) to the float type, without double rounding."""
    mantissa = _MANTISSA_BITS[fmt]
    magnitude = abs(value)
    shift = magnitude.bit_length() - mantissa
    if shift > 0:
        quotient, remainder = divmod(magnitude, 1 << shift)
        half = 1 << (shift - 1)
        if remainder > half or (remainder == half and quotient & 1):
            quotient += 1
        magnitude = quotient << shift
    result = math.copysign(float(magnitude), value) if magnitude else 0.0
    return _round(result, fmt)


def _float_to_int(op_name: str, value: float, bits: int, signed: bool) -> int:
    low, high = (-(1 << (bits - 1)), 1 << (bits - 1)) if signed else (0, 1 << bits)
    if value != value or math.isinf(value) or not low <= int(value) < high:
        kind = "i" if signed else "unsigned i"
        raise InterpretationError(f"{op_name}: {value!r} does not fit {kind}{bits}")
    return _wrap(int(value), bits)


def _wrap_lanes(lanes: Sequence[int], bits: int) -> tuple[int, ...]:
    return tuple(_wrap(lane, bits) for lane in lanes)


def _round_lanes(lanes: Sequence[float], fmt: str) -> tuple[float, ...]:
    if fmt == "f":
        return tuple(array("f", lanes))
    return tuple(_round(lane, fmt) for lane in lanes)


def _reduce_add(lanes: Sequence[Any], kind: str, fmt: str, bits: int) -> Any:
    if kind == "int":
        return _wrap(sum(lanes), bits)
    total = lanes[0]
    for lane in lanes[1:]:
        total = _round(total + lane, fmt)
    return total


def _step_error(op_name: str, step: int) -> None:
    raise InterpretationError(f"{op_name}: step must be positive, got {step}")


_ACCESS_ERRORS = (IndexError, ValueError, TypeError, struct.error)
"""What a typed view raises for a bad index, a freed buffer or read-only memory."""


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------

_INT_FORMATS = {1: "B", 8: "b", 16: "h", 32: "i", 64: "q"}
_FLOAT_FORMATS: dict[type[Attribute], str] = {Float16Type: "e", Float32Type: "f", Float64Type: "d"}
_NUMPY_FLOATS = {"e": np.float16, "f": np.float32, "d": np.float64}
_NUMPY_INTS: dict[int, tuple[type[np.generic], ...]] = {
    1: (np.bool_, np.uint8, np.int8),
    8: (np.int8, np.uint8),
    16: (np.int16, np.uint16),
    32: (np.int32, np.uint32),
    64: (np.int64, np.uint64),
}
"""The numpy dtypes accepted for a pointer to each integer width (the first is returned)."""


def _format(typ: Attribute) -> str:
    """The struct / memoryview format of a scalar type held in memory."""
    if isinstance(typ, IntegerType):
        return _INT_FORMATS[typ.width.data]
    return _FLOAT_FORMATS[type(typ)]


class _Scalar(NamedTuple):
    """What the code generator needs to know about a scalar type."""

    is_float: bool
    bits: int
    fmt: str  # float rounding / memory format; for integers the memory format or ""

    @staticmethod
    def of(typ: Attribute) -> _Scalar:
        if isinstance(typ, IntegerType):
            bits = typ.width.data
            return _Scalar(False, bits, _INT_FORMATS.get(bits, ""))
        fmt = _FLOAT_FORMATS[type(typ)]
        return _Scalar(True, {"e": 16, "f": 32, "d": 64}[fmt], fmt)


def _py_float_literal(value: float) -> str:
    if math.isnan(value):
        return "_NAN"
    if math.isinf(value):
        return "_INF" if value > 0 else "(-_INF)"
    return repr(value)


# ---------------------------------------------------------------------------
# The compiler: llir.func -> Python source
# ---------------------------------------------------------------------------


def _reverse_postorder(entry: Block) -> list[Block]:
    """The blocks reachable from `entry`, in reverse postorder of the CFG."""
    order: list[Block] = []
    seen = {entry}
    # Successors are visited last to first, so a branch's first target (typically a
    # loop body) comes right after the branch in the order.
    stack: list[tuple[Block, Iterator[Block]]] = [(entry, reversed(llir.cfg_successors(entry)))]
    while stack:
        block, successors = stack[-1]
        for successor in successors:
            if successor not in seen:
                seen.add(successor)
                stack.append((successor, reversed(llir.cfg_successors(successor))))
                break
        else:
            order.append(block)
            stack.pop()
    return order[::-1]


class _Ptr(NamedTuple):
    """The three locals (or expressions) holding a pointer: buffer, element index, view."""

    buffer: str
    index: str
    view: str


class _FunctionCompiler:
    """Generates the Python source of one llir.func.

    One instance per compiled function; `compile()` returns the source, which defines
    FUNCTION_NAME in `namespace`.
    """

    FUNCTION_NAME = "_llir_function"

    def __init__(self, engine: _Engine, func: llir.FuncOp, strict: bool, counting: bool):
        self.engine = engine
        self.func = func
        self.strict = strict
        self.counting = counting
        self.lines: list[str] = []
        self.depth = 1
        self.names: dict[SSAValue, str] = {}
        self.ptrs: dict[SSAValue, _Ptr] = {}
        self.namespace: dict[str, Any] = {
            "_array": array,
            "_INF": math.inf,
            "_NAN": math.nan,
            "_T32": array("f", (0.0,)),
            "_ACCESS_ERRORS": _ACCESS_ERRORS,
            "_MEM": engine.memory,
            "_COUNTER": engine.counter,
        }
        for helper in (
            _access_failed, _check_written, _mark_written, _unpack, _pack, _recast, _alloc,
            _free, _memcpy, _wrap, _int_binary, _round16, _fdiv_by_zero, _frem, _fmin_tie,
            _fmax_tie, _sqrt, _exp, _log, _int_to_float, _float_to_int, _wrap_lanes,
            _round_lanes, _reduce_add, _step_error, _byte_offset,
        ):  # fmt: skip
            self.namespace[helper.__name__] = helper
        self._counter = 0
        self.block_ids: dict[Block, int] = {}
        self.current_block: Block | None = None
        self.loop_stack: list[llir.ForOp] = []

    # -- emission helpers ---------------------------------------------------

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def fresh(self, prefix: str = "v") -> str:
        self._counter += 1
        return f"{prefix}{self._counter}"

    def bind(self, obj: object, prefix: str) -> str:
        """A name for `obj` in the generated code's globals (used for callees)."""
        name = self.fresh(prefix)
        self.namespace[name] = obj
        return name

    def op_name(self, op: Operation) -> str:
        """The op's name as a literal, for the messages of runtime errors."""
        return repr(op.name)

    def value(self, ssa: SSAValue) -> str:
        return self.names[ssa]

    def ptr(self, ssa: SSAValue) -> _Ptr:
        return self.ptrs[ssa]

    def define(self, ssa: SSAValue) -> str:
        """Fresh locals for `ssa`; returns the scalar/vector name (pointers: see ptrs)."""
        if isinstance(ssa.type, llir.PointerType):
            name = self.fresh()
            self.ptrs[ssa] = _Ptr(name + "b", name + "e", name + "v")
            return name
        name = self.fresh()
        self.names[ssa] = name
        return name

    def parts(self, ssa: SSAValue) -> list[str]:
        """The locals (or expressions) holding `ssa`: three for a pointer, else one."""
        if isinstance(ssa.type, llir.PointerType):
            return list(self.ptrs[ssa])
        return [self.names[ssa]]

    def assign(self, targets: Sequence[str], sources: Sequence[str]) -> bool:
        """A parallel assignment (phis, loop-carried values); False if nothing changes."""
        pairs = [(t, s) for t, s in zip(targets, sources, strict=True) if t != s]
        if not pairs:
            return False
        if len(pairs) == 1:
            self.emit(f"{pairs[0][0]} = {pairs[0][1]}")
        else:
            self.emit(f"{', '.join(t for t, _ in pairs)} = {', '.join(s for _, s in pairs)}")
        return True

    def round(self, name: str, fmt: str) -> None:
        if fmt == "f":
            self.emit(f"_t32[0] = {name}")
            self.emit(f"{name} = _t32[0]")
        elif fmt == "e":
            self.emit(f"{name} = _round16({name})")

    def wrap(self, name: str, bits: int) -> None:
        if bits == 1:
            self.emit(f"{name} = {name} & 1")
        else:
            half = 1 << (bits - 1)
            overflow = f"{name} > {half - 1} or {name} < {-half}"
            self.emit(f"if {overflow}: {name} = _wrap({name}, {bits})")

    def count(self, n: int) -> None:
        if self.counting:
            self.emit(f"_n += {n}")

    # -- functions and blocks -------------------------------------------------

    def compile(self) -> str:
        func = self.func
        entry = func.body.blocks.first
        assert entry is not None
        params: list[str] = []
        for arg in entry.args:
            name = self.define(arg)
            params.append(name)
            if isinstance(arg.type, llir.PointerType):
                b, e, v = self.ptr(arg)
                elem = arg.type.element_type
                self.emit(
                    f"{b}, {e}, {v} = _unpack({name}, {_format(elem)!r}, {arg.type.element_size})"
                )
        self.emit("_t32 = _T32")
        if self.counting:
            self.emit("_n = 0")
        # Reverse postorder puts every block after its dominators, so a value is
        # named before any use; unreachable blocks never run and are left out.
        blocks = _reverse_postorder(entry)
        self.block_ids = {block: index for index, block in enumerate(blocks)}
        for block in blocks[1:]:
            for op in block.ops:
                if isinstance(op, llir.PhiOp):
                    self.define(op.result)
        self.emit_block(entry)
        if len(blocks) > 1:
            self.emit("while True:")
            self.depth += 1
            for block in blocks[1:]:
                self.emit(f"if _blk == {self.block_ids[block]}:")
                self.depth += 1
                self.emit_block(block)
                self.depth -= 1
            self.depth -= 1
        name = repr(func.sym_name.data)[1:-1]
        header = f"def {self.FUNCTION_NAME}({', '.join(params)}):  # llir.func @{name}"
        return "\n".join([header, *self.lines]) + "\n"

    def emit_block(self, block: Block) -> None:
        self.current_block = block
        self.count(len(block.ops))
        for op in block.ops:
            self.emit_op(op)

    def emit_op(self, op: Operation) -> None:
        handler = _HANDLERS.get(type(op))
        if handler is None:
            raise InterpretationError(
                f"llir interpreter: cannot run {op.name} inside llir.func "
                f"@{self.func.sym_name.data} (only llir ops run in llir functions)"
            )
        handler(self, op)

    def jump(self, target: Block) -> None:
        """Phi assignments of the edge from the current block, then the jump."""
        assert self.current_block is not None
        targets: list[str] = []
        sources: list[str] = []
        for op in target.ops:
            if not isinstance(op, llir.PhiOp):
                break
            value = op.value_for(self.current_block)
            targets += self.parts(op.result)
            sources += self.parts(value)
        self.assign(targets, sources)
        target_id = self.block_ids[target]
        self.emit(f"_blk = {target_id}")
        if target_id <= self.block_ids[self.current_block]:
            self.emit("continue")

    # -- memory ---------------------------------------------------------------

    def element_index(self, pointer: _Ptr, offset: SSAValue | None) -> str:
        index = self.fresh("j")
        if offset is None:
            self.emit(f"{index} = {pointer.index}")
        elif pointer.index == "0":
            self.emit(f"{index} = {self.value(offset)}")
        else:
            self.emit(f"{index} = {pointer.index} + {self.value(offset)}")
        self.emit(f"if {index} < 0: raise IndexError")
        return index

    def access(
        self, op: llir._AccessOp, kind: str, body: Callable[[str], list[str]], lanes: int
    ) -> None:
        """A bounds-checked access: `body(index)` gives the statements of the access."""
        ptr_type = op.ptr.type
        assert isinstance(ptr_type, llir.PointerType)
        size = ptr_type.element_size
        pointer = self.ptr(op.ptr)
        self.emit("try:")
        self.depth += 1
        index = self.element_index(pointer, op.offset)
        for line in body(index):
            self.emit(line)
        self.depth -= 1
        self.emit("except _ACCESS_ERRORS:")
        self.emit(
            f"    _access_failed({self.op_name(op)}, {kind!r}, {pointer.buffer}, {index}, "
            f"{size}, {size * lanes}, {pointer.view})"
        )
        if self.strict:
            call = "_check_written" if kind == "read" else "_mark_written"
            prefix = f"{self.op_name(op)}, " if kind == "read" else ""
            self.emit(f"{call}({prefix}{pointer.buffer}, {index} * {size}, {size * lanes})")

    # -- code for each op -------------------------------------------------------

    def op_alloc(self, op: llir.AllocBufferOp) -> None:
        self.define(op.result)
        b, _, v = self.ptr(op.result)
        ptr_type = op.result.type
        assert isinstance(ptr_type, llir.PointerType)
        origin = f"allocated by llir.alloc_buffer in @{self.func.sym_name.data}"
        self.emit(
            f"{b} = _alloc(_MEM, {op.size.value.data}, {op.alignment.value.data}, {origin!r})"
        )
        self.emit(f"{v} = {b}.view({_format(ptr_type.element_type)!r})")
        self.ptrs[op.result] = _Ptr(b, "0", v)

    def op_free(self, op: llir.FreeBufferOp) -> None:
        b, e, v = self.ptr(op.ptr)
        assert isinstance(op.ptr.type, llir.PointerType)
        self.emit(f"_free(_MEM, {self.op_name(op)}, {b}, {e}, {v}, {op.ptr.type.element_size})")

    def op_load(self, op: llir.LoadOp) -> None:
        result = self.define(op.result)
        view = self.ptr(op.ptr).view
        mask = " & 1" if _Scalar.of(op.result.type).bits == 1 else ""
        self.access(op, "read", lambda j: [f"{result} = {view}[{j}]{mask}"], 1)

    def op_store(self, op: llir.StoreOp) -> None:
        value, view = self.value(op.value), self.ptr(op.ptr).view
        self.access(op, "write", lambda j: [f"{view}[{j}] = {value}"], 1)

    def op_vload(self, op: llir.VectorLoadOp) -> None:
        result = self.define(op.result)
        view = self.ptr(op.ptr).view
        assert isinstance(op.result.type, VectorType)
        width = op.result.type.get_shape()[0]
        self.access(
            op,
            "read",
            lambda j: [
                f"{result} = tuple({view}[{j}:{j} + {width}])",
                f"if len({result}) != {width}: raise IndexError",
            ],
            width,
        )

    def op_vstore(self, op: llir.VectorStoreOp) -> None:
        value, view = self.value(op.value), self.ptr(op.ptr).view
        assert isinstance(op.value.type, VectorType)
        width = op.value.type.get_shape()[0]
        fmt = _format(op.value.type.element_type)
        data = value if fmt == "e" else f"_array({fmt!r}, {value})"
        self.access(op, "write", lambda j: [f"{view}[{j}:{j} + {width}] = {data}"], width)

    def op_memcpy(self, op: llir.MemcpyOp) -> None:
        dst, src = self.ptr(op.dst), self.ptr(op.src)
        assert isinstance(op.dst.type, llir.PointerType)
        assert isinstance(op.src.type, llir.PointerType)
        dst_size, src_size = op.dst.type.element_size, op.src.type.element_size
        self.emit(
            f"_memcpy({self.op_name(op)}, "
            f"{dst.buffer}, _byte_offset({dst.index}, {dst_size}, {dst.view}), "
            f"{src.buffer}, _byte_offset({src.index}, {src_size}, {src.view}), "
            f"{self.value(op.size)})"
        )

    def op_ptradd(self, op: llir.PtrAddOp) -> None:
        pointer = self.ptr(op.ptr)
        index = self.fresh("e")
        self.emit(f"{index} = {pointer.index} + {self.value(op.offset)}")
        self.ptrs[op.result] = _Ptr(pointer.buffer, index, pointer.view)

    def op_ptrcast(self, op: llir.PtrCastOp) -> None:
        source, target = op.ptr.type, op.result.type
        assert isinstance(source, llir.PointerType) and isinstance(target, llir.PointerType)
        pointer = self.ptr(op.ptr)
        if source == target:
            self.ptrs[op.result] = pointer
            return
        self.define(op.result)
        b, e, v = self.ptr(op.result)
        self.emit(
            f"{b}, {e}, {v} = _recast({pointer.buffer}, {pointer.index}, {pointer.view}, "
            f"{source.element_size}, {_format(target.element_type)!r}, {target.element_size})"
        )

    # -- arithmetic -----------------------------------------------------------

    def op_constant(self, op: llir.ConstantOp) -> None:
        value = op.value
        typ = op.result.type
        if isinstance(value, DenseIntOrFPElementsAttr):
            assert isinstance(typ, VectorType)
            scalar = _Scalar.of(typ.element_type)
            lanes = list(value.get_values())
            if len(lanes) == 1:
                lanes *= typ.get_shape()[0]
            literals = [self.scalar_literal(lane, scalar) for lane in lanes]
            self.names[op.result] = "(" + ", ".join(literals) + ",)"
            return
        assert isinstance(value, IntegerAttr | FloatAttr)
        self.names[op.result] = self.scalar_literal(value.value.data, _Scalar.of(typ))

    @staticmethod
    def scalar_literal(value: float | int, scalar: _Scalar) -> str:
        if scalar.is_float:
            return _py_float_literal(_round(float(value), scalar.fmt))
        literal = repr(_wrap(int(value), scalar.bits))
        return f"({literal})" if literal.startswith("-") else literal

    _INLINE_INT = {"add": "+", "sub": "-", "mul": "*", "and": "&", "or": "|", "xor": "^"}
    _WRAPPING = frozenset(("add", "sub", "mul"))

    def op_binary(self, op: llir._BinaryOp) -> None:
        kind = op.name.removeprefix("llir.")
        a, b = self.value(op.lhs), self.value(op.rhs)
        r = self.define(op.result)
        scalar = _Scalar.of(op.result.type)
        if not scalar.is_float:
            if scalar.bits == 1 or kind not in (*self._INLINE_INT, "min", "max"):
                self.emit(
                    f"{r} = _int_binary({self.op_name(op)}, {kind!r}, {a}, {b}, {scalar.bits})"
                )
            elif kind == "min":
                self.emit(f"{r} = {a} if {a} <= {b} else {b}")
            elif kind == "max":
                self.emit(f"{r} = {a} if {a} >= {b} else {b}")
            else:
                self.emit(f"{r} = {a} {self._INLINE_INT[kind]} {b}")
                if kind in self._WRAPPING:
                    self.wrap(r, scalar.bits)
            return
        match kind:
            case "add" | "sub" | "mul":
                symbol = {"add": "+", "sub": "-", "mul": "*"}[kind]
                self.emit(f"{r} = {a} {symbol} {b}")
            case "div":
                self.emit("try:")
                self.emit(f"    {r} = {a} / {b}")
                self.emit("except ZeroDivisionError:")
                self.emit(f"    {r} = _fdiv_by_zero({a}, {b})")
            case "rem":
                self.emit(f"{r} = _frem({a}, {b})")
                return  # fmod is exact
            case "min":
                tie = f"_fmin_tie({a}, {b})"
                self.emit(f"{r} = {a} if {a} < {b} else ({b} if {b} < {a} else {tie})")
                return
            case "max":
                tie = f"_fmax_tie({a}, {b})"
                self.emit(f"{r} = {a} if {a} > {b} else ({b} if {b} > {a} else {tie})")
                return
            case _:
                raise AssertionError(kind)
        self.round(r, scalar.fmt)

    def op_unary(self, op: llir._UnaryOp) -> None:
        kind = op.name.removeprefix("llir.")
        a = self.value(op.operand)
        r = self.define(op.result)
        scalar = _Scalar.of(op.result.type)
        if not scalar.is_float:
            if scalar.bits == 1:  # -x and |x| of 0 and -1 wrap back to themselves
                self.emit(f"{r} = {a}")
            else:
                self.emit(f"{r} = -{a}" if kind == "neg" else f"{r} = abs({a})")
                self.wrap(r, scalar.bits)
            return
        if kind in ("neg", "abs"):
            self.emit(f"{r} = -{a}" if kind == "neg" else f"{r} = abs({a})")
            return
        self.emit(f"{r} = _{kind}({a})")
        self.round(r, scalar.fmt)

    _FLOAT_CMP = {
        "false": "False",
        "true": "True",
        "oeq": "{a} == {b}",
        "ogt": "{a} > {b}",
        "oge": "{a} >= {b}",
        "olt": "{a} < {b}",
        "ole": "{a} <= {b}",
        "one": "({a} < {b} or {a} > {b})",
        "ord": "({a} == {a} and {b} == {b})",
        "ueq": "not ({a} < {b} or {a} > {b})",
        "ugt": "not ({a} <= {b})",
        "uge": "not ({a} < {b})",
        "ult": "not ({a} >= {b})",
        "ule": "not ({a} > {b})",
        "une": "{a} != {b}",
        "uno": "({a} != {a} or {b} != {b})",
    }
    _INT_CMP = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=",
                "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}  # fmt: skip

    def op_cmp(self, op: llir.CmpOp) -> None:
        a, b = self.value(op.lhs), self.value(op.rhs)
        r = self.define(op.result)
        predicate = op.predicate.data.value
        scalar = _Scalar.of(op.lhs.type)
        if scalar.is_float:
            self.emit(f"{r} = " + self._FLOAT_CMP[predicate].format(a=a, b=b))
            return
        symbol = self._INT_CMP[predicate]
        if predicate.startswith("u") and scalar.bits > 1:
            mask = (1 << scalar.bits) - 1
            self.emit(f"{r} = ({a} & {mask}) {symbol} ({b} & {mask})")
        elif predicate.startswith("s") and scalar.bits == 1:  # signed i1: true is -1
            self.emit(f"{r} = {b} {symbol} {a}")
        else:
            self.emit(f"{r} = {a} {symbol} {b}")

    def op_select(self, op: llir.SelectOp) -> None:
        cond = self.value(op.cond)
        self.define(op.result)
        targets = self.parts(op.result)
        yes, no = self.parts(op.true_value), self.parts(op.false_value)
        if len(targets) == 1:
            self.emit(f"{targets[0]} = {yes[0]} if {cond} else {no[0]}")
        else:
            self.emit(
                f"{', '.join(targets)} = ({', '.join(yes)}) if {cond} else ({', '.join(no)})"
            )

    def op_cast(self, op: llir._CastOp) -> None:
        a = self.value(op.input)
        r = self.define(op.result)
        source, target = _Scalar.of(op.input.type), _Scalar.of(op.result.type)
        name = self.op_name(op)
        match op.name:
            case "llir.sitofp" | "llir.uitofp":
                value = a
                if source.bits == 1:
                    value = f"(-{a})" if op.name == "llir.sitofp" else a
                elif op.name == "llir.uitofp":
                    value = f"({a} & {(1 << source.bits) - 1})"
                exact = 1 << _MANTISSA_BITS[target.fmt]  # float() is exact below this
                if source.bits <= _MANTISSA_BITS[target.fmt]:
                    self.emit(f"{r} = float({value})")
                else:
                    self.emit(
                        f"{r} = float({value}) if -{exact} <= {value} <= {exact} "
                        f"else _int_to_float({value}, {target.fmt!r})"
                    )
            case "llir.fptosi" | "llir.fptoui":
                signed = op.name == "llir.fptosi"
                self.emit(f"{r} = _float_to_int({name}, {a}, {target.bits}, {signed})")
            case "llir.sext":
                self.emit(f"{r} = -{a}" if source.bits == 1 else f"{r} = {a}")
            case "llir.zext":
                self.emit(f"{r} = {a} & {(1 << source.bits) - 1}")
            case "llir.trunc":
                self.emit(f"{r} = {a}")
                self.wrap(r, target.bits)
            case "llir.fpext":
                self.emit(f"{r} = {a}")
            case "llir.fptrunc":
                self.emit(f"{r} = {a}")
                self.round(r, target.fmt)
            case _:
                raise AssertionError(op.name)

    # -- vectors ----------------------------------------------------------------

    def op_vector_binary(self, op: llir._VectorBinaryOp) -> None:
        a, b = self.value(op.lhs), self.value(op.rhs)
        r = self.define(op.result)
        typ = op.result.type
        assert isinstance(typ, VectorType)
        scalar = _Scalar.of(typ.element_type)
        symbol = "+" if isinstance(op, llir.VectorAddOp) else "*"
        lanes = ", ".join(f"{a}[{i}] {symbol} {b}[{i}]" for i in range(op.width))
        self.emit(f"{r} = ({lanes},)")
        if scalar.is_float:
            if scalar.fmt != "d":
                self.emit(f"{r} = _round_lanes({r}, {scalar.fmt!r})")
        else:
            self.emit(f"{r} = _wrap_lanes({r}, {scalar.bits})")

    def op_splat(self, op: llir.SplatOp) -> None:
        r = self.define(op.result)
        assert isinstance(op.result.type, VectorType)
        self.emit(f"{r} = ({self.value(op.input)},) * {op.result.type.get_shape()[0]}")

    def op_reduce_add(self, op: llir.VectorReduceAddOp) -> None:
        r = self.define(op.result)
        scalar = _Scalar.of(op.result.type)
        kind = "float" if scalar.is_float else "int"
        self.emit(
            f"{r} = _reduce_add({self.value(op.input)}, {kind!r}, {scalar.fmt!r}, {scalar.bits})"
        )

    # -- control flow -----------------------------------------------------------

    def op_phi(self, op: llir.PhiOp) -> None:
        pass  # assigned on the incoming edges

    def op_br(self, op: llir.BranchOp) -> None:
        self.jump(op.successor)

    def op_cond_br(self, op: llir.CondBranchOp) -> None:
        self.emit(f"if {self.value(op.cond)}:")
        self.depth += 1
        self.jump(op.then_block)
        self.depth -= 1
        self.emit("else:")
        self.depth += 1
        self.jump(op.else_block)
        self.depth -= 1

    def op_return(self, op: llir.ReturnOp) -> None:
        if self.counting:
            self.emit("_COUNTER[0] += _n")
        if op.value is None:
            self.emit("return None")
        elif isinstance(op.value.type, llir.PointerType):
            b, e, v = self.ptr(op.value)
            self.emit(f"return _pack({b}, {e}, {v}, {op.value.type.element_size})")
        else:
            self.emit(f"return {self.value(op.value)}")

    def op_call(self, op: llir.CallOp) -> None:
        callee = self.bind(self.engine.lazy_callee(op.callee.string_value()), "_call")
        args: list[str] = []
        for arg in op.arguments:
            if isinstance(arg.type, llir.PointerType):
                b, e, v = self.ptr(arg)
                args.append(f"_pack({b}, {e}, {v}, {arg.type.element_size})")
            else:
                args.append(self.value(arg))
        call = f"{callee}({', '.join(args)})"
        if not op.res:
            self.emit(call)
            return
        result = op.res[0]
        name = self.define(result)
        if isinstance(result.type, llir.PointerType):
            b, e, v = self.ptr(result)
            self.emit(f"{name} = {call}")
            self.emit(
                f"{b}, {e}, {v} = _unpack({name}, {_format(result.type.element_type)!r}, "
                f"{result.type.element_size})"
            )
        else:
            self.emit(f"{name} = {call}")

    def op_for(self, op: llir.ForOp) -> None:
        body = op.body.block
        iv, *carried = body.args
        iv_name = self.define(iv)
        for arg in carried:
            self.define(arg)
        targets = [t for arg in carried for t in self.parts(arg)]
        sources = [s for init in op.iter_args for s in self.parts(init)]
        self.assign(targets, sources)
        step = self.value(op.step)
        if not (step.isdigit() and int(step) > 0):
            self.emit(f"if {step} <= 0: _step_error({self.op_name(op)}, {step})")
        self.emit(
            f"for {iv_name} in range({self.value(op.lb)}, {self.value(op.ub)}, {step}):"
        )
        self.depth += 1
        self.loop_stack.append(op)
        outer_block = self.current_block
        self.count(len(body.ops))
        for inner in body.ops:
            self.emit_op(inner)
        self.current_block = outer_block
        self.loop_stack.pop()
        self.depth -= 1
        for result, arg in zip(op.res, carried, strict=True):
            if isinstance(arg.type, llir.PointerType):
                self.ptrs[result] = self.ptrs[arg]
            else:
                self.names[result] = self.names[arg]

    def op_yield(self, op: llir.YieldOp) -> None:
        loop = self.loop_stack[-1]
        carried = loop.body.block.args[1:]
        targets = [t for arg in carried for t in self.parts(arg)]
        sources = [s for value in op.values for s in self.parts(value)]
        if not self.assign(targets, sources):
            self.emit("pass")  # the loop body may have no other statement


_HANDLERS: dict[type[Operation], Callable[[_FunctionCompiler, Any], None]] = {
    llir.AllocBufferOp: _FunctionCompiler.op_alloc,
    llir.FreeBufferOp: _FunctionCompiler.op_free,
    llir.LoadOp: _FunctionCompiler.op_load,
    llir.StoreOp: _FunctionCompiler.op_store,
    llir.VectorLoadOp: _FunctionCompiler.op_vload,
    llir.VectorStoreOp: _FunctionCompiler.op_vstore,
    llir.MemcpyOp: _FunctionCompiler.op_memcpy,
    llir.PtrAddOp: _FunctionCompiler.op_ptradd,
    llir.PtrCastOp: _FunctionCompiler.op_ptrcast,
    llir.ConstantOp: _FunctionCompiler.op_constant,
    **{
        cls: _FunctionCompiler.op_binary
        for cls in (
            llir.AddOp, llir.SubOp, llir.MulOp, llir.DivOp, llir.RemOp, llir.MinOp,
            llir.MaxOp, llir.AndOp, llir.OrOp, llir.XorOp, llir.ShlOp, llir.ShrOp,
        )  # fmt: skip
    },
    **{
        cls: _FunctionCompiler.op_unary
        for cls in (llir.NegOp, llir.AbsOp, llir.SqrtOp, llir.ExpOp, llir.LogOp)
    },
    llir.CmpOp: _FunctionCompiler.op_cmp,
    llir.SelectOp: _FunctionCompiler.op_select,
    **{
        cls: _FunctionCompiler.op_cast
        for cls in (
            llir.SIToFPOp, llir.UIToFPOp, llir.FPToSIOp, llir.FPToUIOp, llir.SExtOp,
            llir.ZExtOp, llir.TruncOp, llir.FPExtOp, llir.FPTruncOp,
        )  # fmt: skip
    },
    llir.VectorAddOp: _FunctionCompiler.op_vector_binary,
    llir.VectorMulOp: _FunctionCompiler.op_vector_binary,
    llir.SplatOp: _FunctionCompiler.op_splat,
    llir.VectorReduceAddOp: _FunctionCompiler.op_reduce_add,
    llir.PhiOp: _FunctionCompiler.op_phi,
    llir.BranchOp: _FunctionCompiler.op_br,
    llir.CondBranchOp: _FunctionCompiler.op_cond_br,
    llir.ReturnOp: _FunctionCompiler.op_return,
    llir.CallOp: _FunctionCompiler.op_call,
    llir.ForOp: _FunctionCompiler.op_for,
    llir.YieldOp: _FunctionCompiler.op_yield,
}
"""The code generator of each llir op (a constant table, like xDSL's op impls)."""


# ---------------------------------------------------------------------------
# The engine: compiled functions, memory and settings of one interpreter
# ---------------------------------------------------------------------------


class _Compiled(NamedTuple):
    function: Callable[..., Any]
    source: str


class _Engine:
    """The llir state of one interpreter: its memory, settings and compiled functions."""

    def __init__(self, interpreter: Interpreter):
        self.interpreter = interpreter
        self.memory = Memory()
        self.strict = False
        self.counting = False
        self.counter = [0]
        self.compiled: dict[tuple[int, bool, bool], tuple[llir.FuncOp, _Compiled]] = {}

    def compile(self, func: llir.FuncOp) -> _Compiled:
        key = (id(func), self.strict, self.counting)
        cached = self.compiled.get(key)
        if cached is not None and cached[0] is func:
            return cached[1]
        if func.body.blocks.first is None:
            raise InterpretationError(f"llir.func @{func.sym_name.data} has no body")
        compiler = _FunctionCompiler(self, func, self.strict, self.counting)
        source = compiler.compile()
        try:
            code = compile(source, f"<llir.func @{func.sym_name.data}>", "exec")
        except (SyntaxError, RecursionError) as error:  # e.g. loops nested too deeply
            raise InterpretationError(
                f"llir.func @{func.sym_name.data}: too complex for the interpreter ({error})"
            ) from error
        exec(code, compiler.namespace)
        compiled = _Compiled(compiler.namespace[_FunctionCompiler.FUNCTION_NAME], source)
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
            return resolved[0](*args)

        return call_callee

    def call(self, func: llir.FuncOp, args: PythonValues) -> PythonValues:
        inputs = func.function_type.inputs.data
        name = f"llir.func @{func.sym_name.data}"
        if len(args) != len(inputs):
            raise InterpretationError(f"{name}: expected {len(inputs)} arguments, got {len(args)}")
        runtime = [
            self.to_runtime(name, index, value, typ)
            for index, (value, typ) in enumerate(zip(args, inputs))
        ]
        result = self.compile(func).function(*runtime)
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

    def wrap_array(self, what: str, value: Any, typ: llir.PointerType) -> Buffer:
        """A zero-copy buffer over the memory of a numpy array (or xDSL ShapedArray)."""
        if isinstance(value, ShapedArray):
            raw = value.data_ptr.raw
            nbytes = value.size * typ.element_size
            data = memoryview(raw.memory).cast("B")[raw.offset : raw.offset + nbytes]
            return self.memory.wrap(data, typ.element_size, f"wraps {what}")
        if not isinstance(value, np.ndarray):
            raise InterpretationError(
                f"{what}: expected a numpy array or a pointer for {typ}, got "
                f"{type(value).__name__}"
            )
        elem = typ.element_type
        allowed = (
            _NUMPY_INTS[elem.width.data]
            if isinstance(elem, IntegerType)
            else (_NUMPY_FLOATS[_format(elem)],)
        )
        if value.dtype.type not in allowed:
            raise InterpretationError(
                f"{what}: expected an array of {elem} for {typ}, got {value.dtype}"
            )
        if not (value.flags.c_contiguous or value.flags.f_contiguous):
            raise InterpretationError(f"{what}: the array for {typ} must be contiguous")
        flat = value.reshape(-1, order="A").view(np.uint8)
        address = value.ctypes.data
        alignment = min(64, address & -address) if address else 64
        return self.memory.wrap(memoryview(flat), alignment, f"wraps {what}")


def _scalar_to_runtime(what: str, value: Any, typ: Attribute) -> Any:
    scalar = _Scalar.of(typ)
    try:
        number = float(value) if scalar.is_float else int(value)
    except (TypeError, ValueError) as error:
        raise InterpretationError(f"{what}: expected a number for {typ}, got {value!r}") from error
    if isinstance(number, float):
        return _round(number, scalar.fmt)
    if not -(1 << (scalar.bits - 1)) <= number < (1 << scalar.bits):
        raise InterpretationError(f"{what}: {number} does not fit {typ}")
    return _wrap(number, scalar.bits)


def _from_runtime(value: Any, typ: Attribute) -> Any:
    """A result as nnstack's interpreters return it (numpy scalars for floats)."""
    if isinstance(typ, llir.PointerType):
        return value
    if isinstance(typ, VectorType):
        elem = typ.element_type
        if isinstance(elem, IntegerType):
            return np.array(value, dtype=_NUMPY_INTS[elem.width.data][0])
        return np.array(value, dtype=_NUMPY_FLOATS[_format(elem)])
    if llir.is_float(typ):
        return _NUMPY_FLOATS[_format(typ)](value)
    return int(value)


# ---------------------------------------------------------------------------
# The xDSL interpreter functions and the public API
# ---------------------------------------------------------------------------


@register_impls
class LlirFunctions(InterpreterFunctions):
    """Runs `llir.func` for `Interpreter.call_op`, through the compiling engine."""

    @impl_callable(llir.FuncOp)
    def call_func(
        self, interpreter: Interpreter, op: llir.FuncOp, args: PythonValues
    ) -> PythonValues:
        if op.body.blocks.first is None:
            return interpreter.call_external(op.sym_name.data, op, args)
        return _engine(interpreter).call(op, args)

    @impl(llir.CallOp)
    def run_call(
        self, interpreter: Interpreter, op: llir.CallOp, args: PythonValues
    ) -> PythonValues:
        """An llir.call outside llir functions (inside them, compiled code calls)."""
        return interpreter.call_op(op.callee.string_value(), args)


def _engine(interpreter: Interpreter) -> _Engine:
    return interpreter.get_data(LlirFunctions, "engine", lambda: _Engine(interpreter))


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

