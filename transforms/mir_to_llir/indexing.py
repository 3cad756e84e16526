"""Index, slice and shape ops: mir.slice, mir.gather, mir.gather_elements, mir.scatter, mir.transpose,
mir.concat, mir.reshape, mir.dynamic_reshape.

All are copies whose source or destination address is not the plain dense one, so each
is an `emit_map` with the right `Access`: a strided slice scales and shifts the
strides, a transpose permutes them, a concat shifts the destination, gather and scatter
add an index loaded from memory along their axis. llir has no trap, so indices outside
[-size, size) (a run-time error in mir) are clamped into the axis, which keeps every
access in bounds; a repeated scatter index keeps the last update.

A reshape keeps mir's row-major element order. In row-major layout that is the buffer
order, so the result aliases the input's buffer (no copy); in column-major layout it
aliases only when the non-unit dims are unchanged, and otherwise copies with each
element's row-major position recomputed (integer div and rem).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import i64
from xdsl.ir import BlockArgument, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, op_type_rewrite_pattern

from nnstack.dialects import llir, mir

from .builder import (
    Access,
    Builder,
    DynamicOffset,
    IntLike,
    LlirPattern,
    copy_body,
    dense_access,
    emit_map,
    linear,
    tensor_type,
)
from .layout import element_strides
from .matmul_tiles import read_in_place


def _idiv(b: Builder, a: IntLike, c: int) -> IntLike:
    if isinstance(a, int):
        return a // c
    return a if c == 1 else b.binary(llir.DivOp, a, b.const(c))


def _irem(b: Builder, a: IntLike, c: int) -> IntLike:
    if isinstance(a, int):
        return a % c
    return b.binary(llir.RemOp, a, b.const(c))


class ConcatLowering(LlirPattern):
    """mir.concat -> one copy nest per input into the result, shifted along the axis."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.ConcatOp, rewriter: PatternRewriter, /):
        inputs = self.operands(op, rewriter)
        b, out = self.start(op)
        axis = op.integer("axis")
        out_strides = b.strides(mir.tensor_shape(op.result))
        start = 0
        for ptr, value in zip(inputs, op.inputs):
            shape = mir.tensor_shape(value)
            target = Access(out, out_strides, start * out_strides[axis])
            emit_map(b, shape, [dense_access(b, ptr, shape)], target, copy_body, copy_body)
            start += shape[axis]
        self.replace(op, rewriter, b, [out])


def _axis_index(
    indices: SSAValue,
    index_shape: Sequence[int],
    axis: int,
    size: int,
    stride: int,
) -> DynamicOffset:
    """The dynamic part of a gather/scatter access: the element offset, along `axis`, of
    the index stored for the nest's position (nest dims axis.. are the indices' dims)."""

    def offset(b: Builder, ivs: Sequence[IntLike]) -> IntLike:
        position = linear(b, list(zip(ivs[axis : axis + len(index_shape)], b.strides(index_shape))))
        value = b.load(indices, position)
        if value.type != i64:
            value = b.cast(llir.SExtOp, value, i64)
        wrapped = b.binary(llir.AddOp, value, b.const(size))
        value = b.select(b.cmp("slt", value, 0), wrapped, value)
        value = b.binary(llir.MaxOp, value, b.const(0))
        value = b.binary(llir.MinOp, value, b.const(size - 1))
        return b.imul(value, stride)

    return offset


def _gathered_coeffs(strides: Sequence[int], axis: int, index_rank: int) -> tuple[int, ...]:
    """Coefficients, over a gather's result dims, of the tensor the indices select from:
    its own strides outside the axis, 0 on the indices' dims (their part is dynamic)."""
    return (*strides[:axis], *(0,) * index_rank, *strides[axis + 1 :])


_ReadOp = mir.SliceOp | mir.TransposeOp | mir.GatherOp | mir.GatherElementsOp


class ReadLowering(LlirPattern):
    """mir.slice, mir.transpose, mir.gather and mir.gather_elements -> a copy nest over
    the result reading the input through an `Access` (`_read_access`); vectorized where
    the access is static and contiguous in the innermost dim."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: _ReadOp, rewriter: PatternRewriter, /):
        if isinstance(op, mir.TransposeOp) and read_in_place(op, self.options):
            return  # (its products read the input: `MatmulLowering`)
        x, *indices = self.operands(op, rewriter)
        b, out = self.start(op)
        source = _read_access(op, x, indices, b.strides(mir.tensor_shape(op.input)))
        shape = mir.tensor_shape(op.result)
        emit_map(b, shape, [source], dense_access(b, out, shape), copy_body, copy_body)
        self.replace(op, rewriter, b, [out])


def _read_access(op: _ReadOp, x: SSAValue, indices: Sequence[SSAValue], strides: Sequence[int]) -> Access:
    """Where the result of `op` reads the input `x` (of element `strides`), over the
    result's dims: a slice reads element start + i * step along each dim (negative steps
    walk backwards), a transpose input dim permutation[i] for result dim i; a gather's
    address along the axis is the loaded index (sign-extended, negative ones wrapped,
    clamped) times the stride, gather_elements's the result position off the axis plus
    the index loaded at that position (the indices have the result's shape) times the
    axis stride."""
    if isinstance(op, mir.SliceOp):
        starts, steps = op.array("starts"), op.array("strides")
        return Access(
            x,
            tuple(s * k for s, k in zip(strides, steps)),
            sum(s * start for s, start in zip(strides, starts)),
        )
    if isinstance(op, mir.TransposeOp):
        return Access(x, tuple(strides[p] for p in op.array("permutation")))
    (index,) = indices
    axis = op.integer("axis")
    size = mir.tensor_shape(op.input)[axis]
    if isinstance(op, mir.GatherOp):
        index_shape = mir.tensor_shape(op.indices)
        dynamic = _axis_index(index, index_shape, axis, size, strides[axis])
        return Access(x, _gathered_coeffs(strides, axis, len(index_shape)), 0, dynamic)
    # the indices span the whole nest: an "axis index" over all of its dims
    dynamic = _axis_index(index, mir.tensor_shape(op.result), 0, size, strides[axis])
    return Access(x, tuple(0 if d == axis else stride for d, stride in enumerate(strides)), 0, dynamic)


def updates_carried_tensor(op: mir.ScatterOp) -> bool:
    """Whether `op` can write into its input's buffer: the input is a tensor carried by a
    mir.for / mir.parallel_for that nothing else uses, and the result is only yielded
    back in its place (checked before the input's uses are lowered to casts)."""
    source = op.input
    if not isinstance(source, BlockArgument) or source.index == 0 or not source.has_one_use():
        return False
    loop = source.block.parent_op()
    terminator = source.block.last_op
    if not isinstance(loop, mir.LoopOp) or not isinstance(terminator, mir.YieldOp):
        return False
    use = op.result.get_unique_use()
    return use is not None and use.operation is terminator and use.index == source.index - 1


class ScatterLowering(LlirPattern):
    """mir.scatter -> llir.memcpy of the input into the result, then a nest over the
    updates storing each at the loaded index along the axis (as for mir.gather). A
    scatter updating a loop-carried tensor in its place (`updates_carried_tensor`)
    stores into the loop's buffer instead: no copy of the whole tensor per iteration,
    and a mir.parallel_for's iterations write only their own positions."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.ScatterOp, rewriter: PatternRewriter, /):
        in_place = updates_carried_tensor(op)
        x, updates, indices = self.operands(op, rewriter)
        typ = tensor_type(op.result)
        if in_place:
            b, out = self.builder(), x
        else:
            b, out = self.start(op)
            b.copy(out, x, typ)
        axis = op.integer("axis")
        in_shape, index_shape = mir.tensor_shape(op.input), mir.tensor_shape(op.indices)
        strides = b.strides(in_shape)
        dynamic = _axis_index(indices, index_shape, axis, in_shape[axis], strides[axis])
        target = Access(out, _gathered_coeffs(strides, axis, len(index_shape)), 0, dynamic)
        shape = mir.tensor_shape(op.updates)
        emit_map(b, shape, [dense_access(b, updates, shape)], target, copy_body)
        self.replace(op, rewriter, b, [out])


def reshape_aliases(layout: llir.MemoryLayout, source: Sequence[int], result: Sequence[int]) -> bool:
    """Whether a reshape can reuse the input buffer as is in `layout`."""
    if layout == llir.MemoryLayout.ROW_MAJOR:
        return True
    return [d for d in source if d != 1] == [d for d in result if d != 1]


def _row_major_remap(
    source: Sequence[int], result: Sequence[int], layout: llir.MemoryLayout
) -> DynamicOffset:
    """The input offset of a reshape copy: each result index's row-major position,
    decomposed into input indices, placed with the layout's input strides."""
    result_rows = element_strides(result, llir.MemoryLayout.ROW_MAJOR)
    source_rows = element_strides(source, llir.MemoryLayout.ROW_MAJOR)
    source_strides = element_strides(source, layout)

    def offset(b: Builder, ivs: Sequence[IntLike]) -> IntLike:
        position: IntLike = 0
        for iv, row in zip(ivs, result_rows):
            position = b.iadd(position, b.imul(iv, row))
        total: IntLike = 0
        for d, (size, row, stride) in enumerate(zip(source, source_rows, source_strides)):
            index = _idiv(b, position, row)
            if d:
                index = _irem(b, index, size)
            total = b.iadd(total, b.imul(index, stride))
        return total

    return offset


class ReshapeLowering(LlirPattern):
    """mir.reshape and mir.dynamic_reshape -> the input's buffer itself when the layout
    keeps the element order (always in row-major), else a copy nest that recomputes
    row-major positions. The shape operand of mir.dynamic_reshape is not read: the
    result type fixes the shape (a dynamic result keeps aliasing the buffer)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.ReshapeOp | mir.DynamicReshapeOp, rewriter: PatternRewriter, /):
        x = self.llir_value(op.input, op, rewriter)
        b = self.builder()
        source, result = mir.tensor_shape(op.input), mir.tensor_shape(op.result)
        if reshape_aliases(self.options.layout, source, result):
            self.replace(op, rewriter, b, [x])
            return
        out = b.alloc(tensor_type(op.result))
        remap = Access(x, (0,) * len(result), 0, _row_major_remap(source, result, self.options.layout))
        emit_map(b, result, [remap], dense_access(b, out, result), copy_body)
        self.replace(op, rewriter, b, [out])
