"""The IR builder, loop nests and address computation every mir-to-llir pattern shares.

A pattern builds its llir ops with a `Builder`, which appends them to the current
insertion list (the body of the innermost open `llir.for`) and hoists every constant
into a prelude, so constants dominate all the loops a pattern emits.

Addresses are element offsets into flat buffers. An `Offset` is `value + const`, grown
one loop level at a time (one multiply and one add per level, outside the inner loops).
An `Access` says how an element-wise nest reaches one buffer: the coefficient of each
loop dim (the buffer's layout stride times the step of the access, 0 for a broadcast
dim) plus an optional dynamic term computed in the innermost body (a gathered index).
`emit_map` builds the nest for any list of accesses: it drops size-1 dims, merges dims
that are contiguous for every access, hoists loads that do not depend on the innermost
loop, and vectorizes the innermost loop when every access is contiguous or broadcast in
it (with a scalar tail loop for the remainder).

`LlirPattern` is the base of the patterns: it holds the pass options and converts the
operands of the op being lowered to their llir values (`builtin.unrealized_conversion_cast`
bridges values whose producer is not lowered yet; the pass reconciles them at the end).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import Any, TypeVar

from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    TensorType,
    UnrealizedConversionCastOp,
    VectorType,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import InsertPoint

from nnstack.dialects import llir
from nnstack.dialects.llir import PointerType
from nnstack.dialects.values import scalar_attribute
from nnstack.transforms.parallel_loops import mark_parallel

from .layout import element_strides

IntLike = int | SSAValue
"""An i64 quantity known at compile time (int) or at run time (SSA value)."""

_OpT = TypeVar("_OpT", bound=Operation)


@dataclass(frozen=True)
class LoweringOptions:
    """What every pattern needs to know about the pass run."""

    layout: llir.MemoryLayout = llir.MemoryLayout.ROW_MAJOR
    vector_width: int = 1
    functions: frozenset[str] = frozenset()
    """Symbols of the func.func ops being converted (those holding mir ops)."""
    tile_rows: int = 12
    """Rows of the register tiles of vectorized products and convs (output pixels for a conv)."""
    tile_vectors: int = 2
    """Vectors (of `vector_width` lanes) per row of those register tiles."""
    k_block: int = 512
    """The reduction's cache block of a vectorized product that packs B."""
    n_block: int = 256
    """The columns' cache block of a vectorized product (rounded down to whole tiles)."""
    in_place_k_block: int = 32
    """The reduction's block of a vectorized product that reads B in place (few rows)."""


# ---------------------------------------------------------------------------
# Types and sizes
# ---------------------------------------------------------------------------


def value_type(typ: Attribute) -> Attribute | None:
    """The llir type of a value of type `typ` inside a lowered function: a tensor (even
    one of dynamic shape, which only aliases a buffer) is a pointer to its elements,
    other types are lowered as in a signature (`llir.lowered_type`)."""
    if isinstance(typ, TensorType):
        return PointerType(typ.element_type) if llir.element_size(typ.element_type) else None
    return llir.lowered_type(typ)


def element_bytes(typ: TensorType) -> int:
    size = llir.element_size(typ.element_type)
    assert size is not None
    return size


def buffer_bytes(typ: TensorType) -> int:
    """The size of the buffer holding a statically shaped tensor."""
    return math.prod(typ.get_shape()) * element_bytes(typ)


def buffer_alignment(typ: TensorType) -> int:
    """The seed's alignment: the element size, and at least 16 bytes for SIMD."""
    return max(element_bytes(typ), 16)


def tensor_type(value: SSAValue) -> TensorType:
    typ = value.type
    assert isinstance(typ, TensorType)
    return typ


def integer_bounds(typ: Attribute) -> tuple[int, int]:
    """The smallest and largest value of a signed integer type."""
    bits = llir.bit_width(typ)
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


# ---------------------------------------------------------------------------
# The builder
# ---------------------------------------------------------------------------


class Builder:
    """Appends llir ops to the current insertion list; constants go to a prelude."""

    def __init__(self, options: LoweringOptions):
        self.options = options
        self.prelude: list[Operation] = []
        self.body: list[Operation] = []
        self._target = self.body
        self._constants: dict[tuple[str, str], SSAValue] = {}
        self._scopes: list[dict[tuple[str, SSAValue, SSAValue], SSAValue]] = [{}]
        """Integer ops built in each open loop body (outermost first), to reuse them."""

    def ops(self) -> list[Operation]:
        """Everything built, in order: the prelude of constants, then the body."""
        return [*self.prelude, *self.body]

    def emit(self, op: _OpT) -> _OpT:
        self._target.append(op)
        return op

    # -- layout ----------------------------------------------------------------

    def strides(self, shape: Sequence[int]) -> tuple[int, ...]:
        return element_strides(shape, self.options.layout)

    def loop_order(self, rank: int) -> list[int]:
        """Dims from the outermost loop to the innermost: the contiguous dim innermost."""
        dims = list(range(rank))
        return dims if self.options.layout == llir.MemoryLayout.ROW_MAJOR else dims[::-1]

    # -- constants and scalar arithmetic ----------------------------------------

    def const(self, value: int | float, typ: Attribute = i64) -> SSAValue:
        """A (cached) scalar constant of `typ`."""
        key = (str(typ), repr(value))
        if key not in self._constants:
            op = llir.ConstantOp(scalar_attribute(value, typ))
            self.prelude.append(op)
            self._constants[key] = op.result
        return self._constants[key]

    def vconst(self, value: int | float, typ: Attribute, width: int) -> SSAValue:
        """A (cached) vector constant with every lane `value`."""
        vector: VectorType[Any] = VectorType(typ, [width])
        key = (str(vector), repr(value))
        if key not in self._constants:
            attr = DenseIntOrFPElementsAttr.from_list(vector, [value] * width)
            op = llir.ConstantOp(attr)
            self.prelude.append(op)
            self._constants[key] = op.result
        return self._constants[key]

    def zero(self, typ: Attribute) -> SSAValue:
        return self.const(0.0 if llir.is_float(typ) else 0, typ)

    def widen(self, value: SSAValue, typ: Attribute) -> SSAValue:
        """`value` in the accumulator type `typ` (f16 -> f32), else itself."""
        return value if value.type == typ else self.cast(llir.FPExtOp, value, typ)

    def narrow(self, value: SSAValue, typ: Attribute) -> SSAValue:
        """An accumulator rounded back to the element type `typ`."""
        return value if value.type == typ else self.cast(llir.FPTruncOp, value, typ)

    def value(self, x: IntLike) -> SSAValue:
        return self.const(x) if isinstance(x, int) else x

    def iadd(self, a: IntLike, b: IntLike) -> IntLike:
        """a + b on i64, folded when either side is a known constant 0 or both are known."""
        if isinstance(a, int) and isinstance(b, int):
            return a + b
        if isinstance(b, int) and b == 0:
            return a
        if isinstance(a, int) and a == 0:
            return b
        return self._integer_op(llir.AddOp, a, b)

    def imul(self, a: IntLike, b: IntLike) -> IntLike:
        """a * b on i64, folded for known constants 0 and 1."""
        if isinstance(a, int) and isinstance(b, int):
            return a * b
        if isinstance(b, int):
            a, b = b, a
        if isinstance(a, int):
            if a == 0:
                return 0
            if a == 1:
                return b
        return self._integer_op(llir.MulOp, a, b)

    def _integer_op(self, op_type: type[llir.BinaryOp], a: IntLike, b: IntLike) -> SSAValue:
        """`a op b` on i64, reusing the same computation when one is in scope."""
        key = (op_type.name, self.value(a), self.value(b))
        for scope in self._scopes:
            if key in scope:
                return scope[key]
        result = self.emit(op_type(key[1], key[2])).result
        self._scopes[-1][key] = result
        return result

    def binary(self, op_type: type[llir.BinaryOp], lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        return self.emit(op_type(lhs, rhs)).result

    def cmp(self, predicate: str, lhs: IntLike, rhs: IntLike) -> SSAValue:
        return self.emit(llir.CmpOp(predicate, self.value(lhs), self.value(rhs))).result

    def select(self, cond: SSAValue, true_value: SSAValue, false_value: SSAValue) -> SSAValue:
        return self.emit(llir.SelectOp(cond, true_value, false_value)).result

    def cast(self, op_type: type[llir.CastOp], value: SSAValue, typ: Attribute) -> SSAValue:
        return self.emit(op_type(value, typ)).result

    def in_range(self, index: SSAValue, size: int) -> SSAValue:
        """0 <= index < size."""
        low = self.cmp("sge", index, 0)
        high = self.cmp("slt", index, size)
        return self.emit(llir.AndOp(low, high)).result

    # -- memory ------------------------------------------------------------------

    def alloc(self, typ: TensorType, name: str | None = None) -> SSAValue:
        """A fresh buffer for a statically shaped tensor."""
        op = self.emit(llir.AllocBufferOp(typ.element_type, buffer_bytes(typ), buffer_alignment(typ)))
        op.result.name_hint = name
        return op.result

    def load(self, ptr: SSAValue, offset: Offset | None = None) -> SSAValue:
        return self.emit(llir.LoadOp(ptr, self._offset_operand(offset))).result

    def store(self, value: SSAValue, ptr: SSAValue, offset: Offset | None = None) -> None:
        self.emit(llir.StoreOp(value, ptr, self._offset_operand(offset)))

    def vload(self, ptr: SSAValue, width: int, offset: Offset | None = None) -> SSAValue:
        return self.emit(llir.VectorLoadOp(ptr, width, self._offset_operand(offset))).result

    def vstore(self, value: SSAValue, ptr: SSAValue, offset: Offset | None = None) -> None:
        self.emit(llir.VectorStoreOp(value, ptr, self._offset_operand(offset)))

    def copy(self, dst: SSAValue, src: SSAValue, typ: TensorType) -> None:
        """Copy a whole tensor buffer (same shape and layout)."""
        self.emit(llir.MemcpyOp(dst, src, self.const(buffer_bytes(typ))))

    def _offset_operand(self, offset: Offset | None) -> SSAValue | None:
        if offset is None or (offset.value is None and offset.const == 0):
            return None
        return offset.get(self)

    # -- loops ---------------------------------------------------------------------

    def loop(
        self,
        lb: IntLike,
        ub: IntLike,
        step: IntLike = 1,
        iter_args: Sequence[SSAValue] = (),
        parallel: bool = False,
    ) -> Loop:
        """An `llir.for` to fill in a `with` block; it is added when the block ends.
        `parallel`: its iterations are independent (`nnstack.transforms.parallel_loops`)."""
        return Loop(self, lb, ub, step, iter_args, parallel)

    @contextmanager
    def nest(self, sizes: Sequence[int], parallel: bool = False) -> Iterator[list[IntLike]]:
        """Loops over `sizes`, outermost first, yielding their indices; a dim of size 1
        gets index 0 and no loop. `parallel`: the outermost loop's iterations are
        independent."""
        with ExitStack() as stack:
            ivs: list[IntLike] = []
            for size in sizes:
                if size == 1:
                    ivs.append(0)
                    continue
                ivs.append(stack.enter_context(self.loop(0, size, parallel=parallel)).iv)
                parallel = False
            yield ivs

    def when(self, cond: SSAValue, iter_args: Sequence[SSAValue] = ()) -> Loop:
        """A region run once if `cond` (i1) holds: an `llir.for` of 0 or 1 iterations.

        llir.for bodies are single blocks, so conditional code nested in loops is a loop
        whose trip count is the condition (`llir.cond_br` needs the function's CFG).
        """
        trips = self.cast(llir.ZExtOp, cond, i64)
        return self.loop(0, trips, 1, iter_args)


class Loop:
    """An `llir.for` being built: `with builder.loop(0, n) as loop:` then `loop.iv`,
    `loop.args` (the loop-carried values), `loop.yield_(...)`; `loop.results` after."""

    def __init__(
        self,
        builder: Builder,
        lb: IntLike,
        ub: IntLike,
        step: IntLike,
        iter_args: Sequence[SSAValue],
        parallel: bool = False,
    ):
        self.builder = builder
        self.parallel = parallel
        self.bounds = (builder.value(lb), builder.value(ub), builder.value(step))
        self.inits = tuple(iter_args)
        self.block = Block(arg_types=[i64, *(a.type for a in iter_args)])
        self.ops: list[Operation] = []
        self.yielded: tuple[SSAValue, ...] = ()
        self.op: llir.ForOp | None = None
        self._outer: list[Operation] = []

    @property
    def iv(self) -> SSAValue:
        return self.block.args[0]

    @property
    def args(self) -> tuple[SSAValue, ...]:
        return self.block.args[1:]

    def yield_(self, *values: SSAValue) -> None:
        self.yielded = values

    @property
    def results(self) -> tuple[SSAValue, ...]:
        assert self.op is not None
        return tuple(self.op.results)

    def __enter__(self) -> Loop:
        self._outer = self.builder._target  # pyright: ignore[reportPrivateUsage]
        self.builder._target = self.ops  # pyright: ignore[reportPrivateUsage]
        self.builder._scopes.append({})  # pyright: ignore[reportPrivateUsage]
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.builder._target = self._outer  # pyright: ignore[reportPrivateUsage]
        self.builder._scopes.pop()  # pyright: ignore[reportPrivateUsage]
        if exc_type is not None:
            return
        assert len(self.yielded) == len(self.inits), "llir.for: yield every loop-carried value"
        self.ops.append(llir.YieldOp(*self.yielded))
        self.block.add_ops(self.ops)
        self.op = self.builder.emit(llir.ForOp(*self.bounds, self.inits, self.block))
        if self.parallel:
            mark_parallel(self.op)


# ---------------------------------------------------------------------------
# Addresses
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Offset:
    """An element offset `value + const` (value None: a compile-time constant)."""

    value: SSAValue | None = None
    const: int = 0

    def plus(self, b: Builder, term: IntLike, coeff: int = 1) -> Offset:
        """This offset + term * coeff; the constant part is folded into the first term."""
        if coeff == 0:
            return self
        if isinstance(term, int):
            return Offset(self.value, self.const + term * coeff)
        scaled = b.imul(term, coeff)
        if self.value is None:
            return Offset(b.value(b.iadd(scaled, self.const)), 0)
        return Offset(b.value(b.iadd(self.value, scaled)), self.const)

    def get(self, b: Builder) -> SSAValue:
        if self.value is None:
            return b.const(self.const)
        return b.value(b.iadd(self.value, self.const))


def linear(b: Builder, terms: Sequence[tuple[IntLike, int]], const: int = 0) -> Offset:
    """The offset `const + sum(term * coeff)`."""
    offset = Offset(None, const)
    for term, coeff in terms:
        offset = offset.plus(b, term, coeff)
    return offset


DynamicOffset = Callable[["Builder", Sequence[IntLike]], IntLike]
"""A run-time offset term, built in the innermost body from the nest's indices."""


@dataclass(frozen=True)
class Access:
    """How an element-wise nest reaches one buffer: element
    `offset + sum(coeffs[d] * i_d) + dynamic(builder, ivs)` of `ptr`, for the nest's
    index `i` over the dims of its shape (`dynamic` sees one index per dim)."""

    ptr: SSAValue
    coeffs: tuple[int, ...]
    offset: int = 0
    dynamic: DynamicOffset | None = None


def dense_access(b: Builder, ptr: SSAValue, shape: Sequence[int]) -> Access:
    """The access of a whole tensor in the nest over its own shape."""
    return Access(ptr, b.strides(shape))


def broadcast_access(b: Builder, ptr: SSAValue, shape: Sequence[int], result: Sequence[int]) -> Access:
    """The access of an operand numpy-broadcast to `result`: stride 0 on broadcast dims."""
    strides = b.strides(shape)
    lead = len(result) - len(shape)
    coeffs = [0] * lead + [0 if size == 1 else s for size, s in zip(shape, strides)]
    return Access(ptr, tuple(coeffs))


ScalarBody = Callable[[Builder, Sequence[SSAValue]], SSAValue]
"""Computes the stored element from the loaded ones."""


def copy_body(b: Builder, values: Sequence[SSAValue]) -> SSAValue:
    """The body of a copy (scalar or lanes): the one loaded value."""
    return values[0]


@dataclass
class _MapDim:
    size: int
    coeffs: tuple[int, ...]
    """One per access, inputs first, then the output."""
    dim: int = -1
    """The dim of the nest's shape, or -1 for merged dims."""


@dataclass
class _Map:
    """The state of one `emit_map`: accesses (inputs then output), loops, bodies."""

    builder: Builder
    accesses: Sequence[Access]
    loops: list[_MapDim]
    scalar: ScalarBody
    vector: ScalarBody | None
    width: int

    @property
    def inputs(self) -> Sequence[Access]:
        return self.accesses[:-1]

    def build(self, level: int, offsets: list[Offset], ivs: list[IntLike]) -> None:
        """The loops from `level` inward, at the offsets and indices of the outer ones."""
        b = self.builder
        if level == len(self.loops):
            self.scalar_body(offsets, ivs, {})
            return
        loop = self.loops[level]
        if level < len(self.loops) - 1:
            with b.loop(0, loop.size) as body:
                self.build(level + 1, self.advance(loop, offsets, body.iv), self.index(loop, ivs, body.iv))
            return
        # The innermost loop: hoist the loads it does not move, then scalar or vector.
        hoisted = {
            i: b.load(access.ptr, offsets[i])
            for i, access in enumerate(self.inputs)
            if loop.coeffs[i] == 0 and access.dynamic is None
        }
        vector_end = loop.size - loop.size % self.width if self.width > 1 else 0
        if vector_end:
            splats = {i: b.emit(llir.SplatOp(value, self.width)).result for i, value in hoisted.items()}
            with b.loop(0, vector_end, self.width) as body:
                moved = self.advance(loop, offsets, body.iv)
                values = [
                    splats[i] if i in splats else b.vload(access.ptr, self.width, moved[i])
                    for i, access in enumerate(self.inputs)
                ]
                assert self.vector is not None
                b.vstore(self.vector(b, values), self.accesses[-1].ptr, moved[-1])
        if vector_end < loop.size:
            with b.loop(vector_end, loop.size) as body:
                self.scalar_body(
                    self.advance(loop, offsets, body.iv), self.index(loop, ivs, body.iv), hoisted
                )

    def advance(self, loop: _MapDim, offsets: list[Offset], iv: SSAValue) -> list[Offset]:
        return [offset.plus(self.builder, iv, c) for offset, c in zip(offsets, loop.coeffs)]

    @staticmethod
    def index(loop: _MapDim, ivs: list[IntLike], iv: SSAValue) -> list[IntLike]:
        if loop.dim < 0:
            return ivs
        return [iv if d == loop.dim else x for d, x in enumerate(ivs)]

    def scalar_body(self, offsets: list[Offset], ivs: list[IntLike], hoisted: dict[int, SSAValue]) -> None:
        b = self.builder
        final = [
            offset.plus(b, access.dynamic(b, ivs)) if access.dynamic is not None else offset
            for offset, access in zip(offsets, self.accesses)
        ]
        values = [
            hoisted[i] if i in hoisted else b.load(access.ptr, final[i])
            for i, access in enumerate(self.inputs)
        ]
        b.store(self.scalar(b, values), self.accesses[-1].ptr, final[-1])


def _collapse(loops: list[_MapDim]) -> list[_MapDim]:
    """Merge each loop into the next inner one when every access is contiguous across them."""
    merged: list[_MapDim] = []
    for loop in reversed(loops):
        if merged and all(o == i * merged[-1].size for o, i in zip(loop.coeffs, merged[-1].coeffs)):
            inner = merged.pop()
            merged.append(_MapDim(loop.size * inner.size, inner.coeffs))
        else:
            merged.append(loop)
    return merged[::-1]


def emit_map(
    b: Builder,
    shape: Sequence[int],
    inputs: Sequence[Access],
    output: Access,
    scalar: ScalarBody,
    vector: ScalarBody | None = None,
) -> None:
    """output[i] = scalar(inputs[i]...) for every index i of `shape`.

    Loops run in layout order (the contiguous dim innermost). Without dynamic accesses,
    dims contiguous for every access merge into one loop, and with `vector_width` > 1
    and a `vector` body the innermost loop is vectorized when the output is contiguous
    in it and every input is contiguous or broadcast (splatted) in it.
    """
    if 0 in shape:
        return
    accesses = [*inputs, output]
    loops = [
        _MapDim(shape[d], tuple(a.coeffs[d] for a in accesses), d)
        for d in b.loop_order(len(shape))
        if shape[d] != 1
    ]
    dynamic = any(a.dynamic is not None for a in accesses)
    if not dynamic:
        loops = _collapse(loops)
    width = b.options.vector_width
    vectorize = (
        vector is not None
        and width > 1
        and not dynamic
        and bool(loops)
        and loops[-1].coeffs[-1] == 1
        and all(c in (0, 1) for c in loops[-1].coeffs[:-1])
    )
    nest = _Map(b, accesses, loops, scalar, vector if vectorize else None, width if vectorize else 1)
    nest.build(0, [Offset(None, a.offset) for a in accesses], [0] * len(shape))


# ---------------------------------------------------------------------------
# The patterns' base
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LlirPattern(RewritePattern):
    """Base of the mir-to-llir patterns: the options and the value conversions."""

    options: LoweringOptions

    def builder(self) -> Builder:
        return Builder(self.options)

    @staticmethod
    def llir_value(value: SSAValue, before: Operation, rewriter: PatternRewriter) -> SSAValue:
        """The llir value standing for `value` (a pointer for a tensor, i64 for an index).

        A value produced by an already lowered op is a cast of its llir value; for
        any other value a cast is materialized, resolved once its producer is lowered.
        """
        target = value_type(value.type)
        assert target is not None, f"no llir type for {value.type}"
        if target == value.type:
            return value
        owner = value.owner
        if (
            isinstance(owner, UnrealizedConversionCastOp)
            and len(owner.inputs) == 1
            and owner.inputs[0].type == target
        ):
            return owner.inputs[0]
        cast, result = UnrealizedConversionCastOp.cast_one(value, target)
        rewriter.insert(cast, InsertPoint.before(before))
        return result

    def start(self, op: Operation) -> tuple[Builder, SSAValue]:
        """A builder, and in it a fresh buffer for the tensor result of `op`."""
        b = self.builder()
        return b, b.alloc(tensor_type(op.results[0]))

    def operands(self, op: Operation, rewriter: PatternRewriter) -> list[SSAValue]:
        return [self.llir_value(v, op, rewriter) for v in op.operands]

    @staticmethod
    def as_type(value: SSAValue, typ: Attribute) -> tuple[list[Operation], SSAValue]:
        """`value` seen as `typ`: itself, or a cast to resolve later."""
        if value.type == typ:
            return [], value
        cast, result = UnrealizedConversionCastOp.cast_one(value, typ)
        return [cast], result

    def replace(
        self,
        op: Operation,
        rewriter: PatternRewriter,
        b: Builder,
        results: Sequence[SSAValue] = (),
    ) -> None:
        """Replace `op` by the built ops; `results` are the llir values of its results."""
        ops = b.ops()
        new_results: list[SSAValue] = []
        for old, new in zip(op.results, results, strict=True):
            casts, value = self.as_type(new, old.type)
            ops += casts
            if new.name_hint is None:
                new.name_hint = old.name_hint
            new_results.append(value)
        rewriter.insert(ops, InsertPoint.before(op))
        rewriter.replace(op, [], new_results)
