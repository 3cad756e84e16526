"""Lowerings of the data-movement ops: `gawee.gather`, `gawee.gather_elements`,
negative-step `gawee.slice` and `gawee.pad` in edge / wrap / reflect mode to a
`linalg.generic` that reads its source with `tensor.extract`, `gawee.expand` to a
broadcasting `linalg.generic`, `gawee.tile` to one into a larger shape and a
`tensor.collapse_shape`, `gawee.cat` to `tensor.concat`, a positive-step slice and
`gawee.split` to `tensor.extract_slice`, constant-mode pad to `tensor.pad`,
`gawee.trilu` to a `linalg.generic` selecting by `linalg.index`."""

from __future__ import annotations

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import IndexType, IntegerAttr, TensorType
from xdsl.dialects.linalg.ops import IndexOp
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.gawee import (
    CatOp,
    ExpandOp,
    GatherElementsOp,
    GatherOp,
    PadOp,
    SliceOp,
    SplitOp,
    TileOp,
    TriluOp,
    split_pads,
)
from nnstack.transforms.utils import op_pattern

from .builder import (
    LoweringBuilder,
    dims_map,
    element_type_of,
    identity_map,
    parallel,
    scalar_constant,
    shape_of,
)

__all__ = [
    "GatherLowering",
    "GatherElementsLowering",
    "ExpandLowering",
    "CatLowering",
    "SliceLowering",
    "SplitLowering",
    "TileLowering",
    "PadLowering",
    "TriluLowering",
]


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

    @op_pattern
    def match_and_rewrite(self, op: GatherOp, rewriter: PatternRewriter, /):
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

    @op_pattern
    def match_and_rewrite(self, op: GatherElementsOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        shape = shape_of(op.output)
        axis, size = op.normalized_axis, shape_of(op.data)[op.normalized_axis]

        def body(index: SSAValue, _out: SSAValue) -> SSAValue:
            wrapped = _wrapped_index(index, size)
            indices = [wrapped if d == axis else IndexOp(d).result for d in range(len(shape))]
            return tensor.ExtractOp(op.data, indices, element_type_of(op.data)).result

        result = b.elementwise([op.indices], shape, element_type_of(op.output), body)
        rewriter.replace(op, b.ops, [result])


class ExpandLowering(RewritePattern):
    """Lowers `gawee.expand` to a `linalg.generic` that yields its input, read through
    the numpy broadcast map into the result's shape."""

    @op_pattern
    def match_and_rewrite(self, op: ExpandOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        shape = shape_of(op.output)
        result = b.elementwise([op.input], shape, element_type_of(op.output), lambda x, _out: x)
        rewriter.replace(op, b.ops, [result])


class CatLowering(RewritePattern):
    """Lowers `gawee.cat` to `tensor.concat dim(axis) %a, %b, ...`."""

    @op_pattern
    def match_and_rewrite(self, op: CatOp, rewriter: PatternRewriter, /):
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

    @op_pattern
    def match_and_rewrite(self, op: SliceOp, rewriter: PatternRewriter, /):
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

        result = b.elementwise([], shape, element_type_of(op.output), body)
        rewriter.replace(op, b.ops, [result])


class SplitLowering(RewritePattern):
    """Lowers `gawee.split` to one `tensor.extract_slice` per result, at the piece's
    offset along the axis."""

    @op_pattern
    def match_and_rewrite(self, op: SplitOp, rewriter: PatternRewriter, /):
        rank, axis = len(shape_of(op.input)), op.normalized_axis
        pieces = [
            tensor.ExtractSliceOp(
                op.input,
                [offset if d == axis else 0 for d in range(rank)],
                shape_of(result),
                [1] * rank,
                result.type,
            )
            for offset, result in zip(op.offsets(), op.outputs)
        ]
        rewriter.replace(op, pieces, [piece.result for piece in pieces])


class TileLowering(RewritePattern):
    """
    Lowers `gawee.tile` to a `linalg.generic` that broadcasts the input into a shape
    with a new dim of size r in front of each dim repeated r times (tile element
    (k, i) of the pair is input element i), then `tensor.collapse_shape` merges each
    new dim with the one after it. With every repeat 1 the result is the input.
    """

    @op_pattern
    def match_and_rewrite(self, op: TileOp, rewriter: PatternRewriter, /):
        expanded: list[int] = []
        input_dims: list[int] = []
        groups: list[list[int]] = []
        for size, repeat in zip(shape_of(op.input), op.array("repeats")):
            group = []
            if repeat != 1:
                group.append(len(expanded))
                expanded.append(repeat)
            input_dims.append(len(expanded))
            group.append(len(expanded))
            expanded.append(size)
            groups.append(group)
        if len(expanded) == len(input_dims):
            rewriter.replace(op, [], [op.input])
            return
        b = LoweringBuilder()
        b.collapse(b.broadcast_into(op.input, expanded, input_dims), groups)
        rewriter.replace(op, b.ops)


def _padded_index(dim: int, mode: str, size: int, before: int, after: int) -> SSAValue:
    """The index into dim `dim` (of `size` elements) of the input that the current
    result element reads, where `before` and `after` elements were padded in `mode`
    (edge, wrap, reflect)."""
    if size == 1:
        return _index(0)
    index = IndexOp(dim).result
    if mode == "edge":
        if before:
            index = arith.MaxSIOp(arith.SubiOp(index, _index(before)), _index(0)).result
        return arith.MinSIOp(index, _index(size - 1)).result if after else index
    period = size if mode == "wrap" else 2 * (size - 1)
    shift = -before % period
    shifted = arith.AddiOp(index, _index(shift)).result if shift else index
    folded = arith.RemSIOp(shifted, _index(period)).result
    if mode == "wrap":
        return folded
    # reflect: positions size .. period-1 of a period mirror back to size-2 .. 1
    inside = arith.CmpiOp(folded, _index(size), "slt")
    return arith.SelectOp(inside, folded, arith.SubiOp(_index(period), folded)).result


class PadLowering(RewritePattern):
    """
    Lowers `gawee.pad`: negative pads crop the input first (`tensor.extract_slice`);
    then constant mode is a `tensor.pad` that yields the constant, and the edge,
    wrap and reflect modes a `linalg.generic` over the result that reads the input
    with `tensor.extract` at an index computed from `linalg.index` with arith on
    `index` values (a clamp, a remainder, a remainder folded back).
    """

    @op_pattern
    def match_and_rewrite(self, op: PadOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        shape, element = shape_of(op.input), element_type_of(op.input)
        crop_begin, crop_end, pad_begin, pad_end = split_pads(op.array("pads"))
        source: SSAValue = op.input
        if any(crop_begin) or any(crop_end):
            sizes = [size - lo - hi for size, lo, hi in zip(shape, crop_begin, crop_end)]
            source = b.add(
                tensor.ExtractSliceOp(source, crop_begin, sizes, [1] * len(shape), TensorType(element, sizes))
            ).result
        if not any(pad_begin) and not any(pad_end):
            rewriter.replace(op, b.ops, [source])
            return
        if op.padding_mode == "constant":
            value = b.add(scalar_constant(op.value, element)).result
            rewriter.replace(op, b.ops, [b.pad(source, pad_begin, pad_end, value)])
            return
        sizes = shape_of(source)
        result_shape = shape_of(op.output)

        def body(_out: SSAValue) -> SSAValue:
            indices: list[SSAValue] = []
            for d, size in enumerate(sizes):
                if pad_begin[d] or pad_end[d]:
                    indices.append(_padded_index(d, op.padding_mode, size, pad_begin[d], pad_end[d]))
                else:
                    indices.append(IndexOp(d).result)
            return tensor.ExtractOp(source, indices, element).result

        result = b.elementwise([], result_shape, element, body)
        rewriter.replace(op, b.ops, [result])


class TriluLowering(RewritePattern):
    """Lowers `gawee.trilu` to an identity `linalg.generic` whose body keeps the
    element where `col - row` (from `linalg.index` of the last two dims) is >= k
    (upper) or <= k (lower), and selects 0 elsewhere."""

    @op_pattern
    def match_and_rewrite(self, op: TriluOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        shape, element = shape_of(op.output), element_type_of(op.output)
        rank = len(shape)

        def body(x: SSAValue, _out: SSAValue) -> SSAValue:
            above = arith.SubiOp(IndexOp(rank - 1), IndexOp(rank - 2))
            keep = arith.CmpiOp(above, _index(op.diagonal), "sge" if op.is_upper else "sle")
            return arith.SelectOp(keep, x, scalar_constant(0, element)).result

        result = b.elementwise([op.input], shape, element, body)
        rewriter.replace(op, b.ops, [result])
