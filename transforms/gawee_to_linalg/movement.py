"""Lowerings of the data-movement ops: `gawee.gather`, `gawee.gather_elements` and
negative-step `gawee.slice`
to a `linalg.generic` that reads its source with `tensor.extract`, `gawee.expand` to a
broadcasting `linalg.generic`, `gawee.cat` to `tensor.concat`, a positive-step slice to
`tensor.extract_slice`."""

from __future__ import annotations

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import IndexType, IntegerAttr
from xdsl.dialects.linalg.ops import IndexOp
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from nnstack.dialects.gawee import CatOp, ExpandOp, GatherElementsOp, GatherOp, SliceOp

from .builder import (
    LoweringBuilder,
    broadcast_map,
    dims_map,
    element_type_of,
    identity_map,
    parallel,
    shape_of,
    unsupported_reason,
)


def _index(value: int) -> SSAValue:
    return arith.ConstantOp(IntegerAttr(value, IndexType())).result


def _wrapped_index(index: SSAValue, size: int) -> SSAValue:
    """An integer index as an `index`, plus `size` where negative."""
    position = arith.IndexCastOp(index, IndexType()).result
    negative = arith.CmpiOp(position, _index(0), "slt")
    return arith.SelectOp(negative, arith.AddiOp(position, _index(size)), position).result


class GatherLowering(RewritePattern):
    """
    Lowers `gawee.gather` to a `linalg.generic` over the result that reads the index
    tensor through `(d0, ...) -> (d_axis, ..., d_{axis+r-1})` (r = the index rank) and
    the data with `tensor.extract` at the index (`arith.index_cast`, plus the dim size
    where negative) and `linalg.index` for the other dims.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GatherOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        shape = shape_of(op.output)
        rank, axis = len(shape), op.normalized_axis
        index_rank = len(shape_of(op.indices))
        size = shape_of(op.data)[axis]

        def body(index: SSAValue, _out: SSAValue) -> SSAValue:
            wrapped = _wrapped_index(index, size)
            before = [IndexOp(d).result for d in range(axis)]
            after = [IndexOp(d).result for d in range(axis + index_rank, rank)]
            return tensor.ExtractOp(op.data, [*before, wrapped, *after], element_type_of(op.data)).result

        result = b.generic(
            [op.indices],
            b.empty(shape, element_type_of(op.output)),
            [dims_map(rank, range(axis, axis + index_rank)), identity_map(rank)],
            parallel(rank),
            body,
        )
        rewriter.replace(op, b.ops, [result])


class GatherElementsLowering(RewritePattern):
    """
    Lowers `gawee.gather_elements` to a `linalg.generic` over the result (the indices'
    shape, read through the identity map) that reads the data with `tensor.extract` at
    `linalg.index` for every dim but `axis`, where it takes the (wrapped) index.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GatherElementsOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        shape = shape_of(op.output)
        axis, size = op.normalized_axis, shape_of(op.data)[op.normalized_axis]

        def body(index: SSAValue, _out: SSAValue) -> SSAValue:
            wrapped = _wrapped_index(index, size)
            indices = [wrapped if d == axis else IndexOp(d).result for d in range(len(shape))]
            return tensor.ExtractOp(op.data, indices, element_type_of(op.data)).result

        result = b.generic(
            [op.indices],
            b.empty(shape, element_type_of(op.output)),
            [identity_map(len(shape))] * 2,
            parallel(len(shape)),
            body,
        )
        rewriter.replace(op, b.ops, [result])


class ExpandLowering(RewritePattern):
    """Lowers `gawee.expand` to a `linalg.generic` that yields its input, read through
    the numpy broadcast map into the result's shape."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ExpandOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        shape = shape_of(op.output)
        result = b.generic(
            [op.input],
            b.empty(shape, element_type_of(op.output)),
            [broadcast_map(shape_of(op.input), shape), identity_map(len(shape))],
            parallel(len(shape)),
            lambda x, _out: x,
        )
        rewriter.replace(op, b.ops, [result])


class CatLowering(RewritePattern):
    """Lowers `gawee.cat` to `tensor.concat dim(axis) %a, %b, ...`."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: CatOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        if len(op.inputs) == 1:
            rewriter.replace(op, [], [op.inputs[0]])
            return
        rewriter.replace(op, tensor.ConcatOp(op.inputs, op.normalized_axis, op.output.type))


class SliceLowering(RewritePattern):
    """
    Lowers `gawee.slice` with positive steps to `tensor.extract_slice` with static
    offsets, sizes and strides; with a negative step, to a `linalg.generic` over the
    result that reads element `start + step * i` of each dim with `tensor.extract`.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: SliceOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        ranges = op.ranges()
        if all(r.step > 0 for r in ranges):
            offsets, sizes, strides = (
                [r.start for r in ranges],
                [len(r) for r in ranges],
                [r.step for r in ranges],
            )
            rewriter.replace(op, tensor.ExtractSliceOp(op.input, offsets, sizes, strides, op.output.type))
            return
        b = LoweringBuilder()
        shape = shape_of(op.output)

        def body(_out: SSAValue) -> SSAValue:
            indices: list[SSAValue] = []
            for d, r in enumerate(ranges):
                index = IndexOp(d).result
                if r.step != 1:
                    index = arith.MuliOp(index, _index(r.step)).result
                if r.start != 0:
                    index = arith.AddiOp(index, _index(r.start)).result
                indices.append(index)
            return tensor.ExtractOp(op.input, indices, element_type_of(op.input)).result

        result = b.generic(
            [],
            b.empty(shape, element_type_of(op.output)),
            [identity_map(len(shape))],
            parallel(len(shape)),
            body,
        )
        rewriter.replace(op, b.ops, [result])
