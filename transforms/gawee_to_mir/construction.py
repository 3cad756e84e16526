"""Lowerings to mir of the gawee ops that cut, repeat, pad or make tensors: split,
tile, pad, trilu, constant, range, shape; and of tensor `arith.constant`s (weights).

Everything these ops compute from their attributes is known at compile time, so the
lowerings build it as constants: the input index each output position reads (pad's
reflect / edge / wrap, as a `mir.gather` along each padded dim), the mask of the kept
positions (constant-mode pad, trilu, as a `mir.select`), the values of range and
shape.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, DenseResourceAttr, TensorType, i1, i64
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from nnstack.dialects import gawee, mir
from nnstack.transforms.gawee_to_mir.base import GaweeToMirPattern, MirBuilder
from nnstack.transforms.utils import op_pattern

__all__ = [
    "SplitLowering",
    "TileLowering",
    "PadLowering",
    "TriluLowering",
    "ConstantLowering",
    "TensorConstantLowering",
    "RangeLowering",
    "ShapeLowering",
]

NUMPY_PAD_MODES = {"reflect": "reflect", "edge": "edge", "wrap": "wrap", "constant": "edge"}
"""numpy.pad's mode for the index map of each gawee.pad mode (a constant pad reads the
edge, then masks it out)."""


class SplitLowering(GaweeToMirPattern):
    """gawee.split -> one mir.slice per result, consecutive along the axis."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.SplitOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        shape, axis = mir.tensor_shape(op.input), op.normalized_axis
        results: list[SSAValue] = []
        for offset, piece in zip(op.offsets(), op.outputs):
            starts, ends = [0] * len(shape), list(shape)
            starts[axis], ends[axis] = offset, offset + mir.tensor_shape(piece)[axis]
            results.append(b.emit(mir.SliceOp(op.input, starts, ends)))
        self.replace_built(rewriter, op, b, results)


class TileLowering(GaweeToMirPattern):
    """gawee.tile -> the input reshaped to [1, d0, 1, d1, ...], mir.broadcast_to
    [r0, d0, r1, d1, ...] and reshaped to [r0 * d0, r1 * d1, ...] (np.tile's order)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.TileOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        shape, repeats = mir.tensor_shape(op.input), op.array("repeats")
        interleaved = b.reshape(op.input, [n for d in shape for n in (1, d)])
        repeated = b.emit(mir.BroadcastToOp(interleaved, [n for pair in zip(repeats, shape) for n in pair]))
        self.replace_built(rewriter, op, b, b.reshape(repeated, mir.tensor_shape(op.output)))


class PadLowering(GaweeToMirPattern):
    """gawee.pad -> a mir.slice for the negative pads (the crop comes first), then, per
    padded dim, a mir.gather of the input index each output position reads (numpy.pad
    of the positions in the op's mode); constant mode reads the edge and a mir.select
    puts the constant where the mask of real positions is false."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.PadOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        crop_begin, crop_end, pad_begin, pad_end = gawee.split_pads(op.array("pads"))
        shape = mir.tensor_shape(op.input)
        value = op.input
        if any(crop_begin) or any(crop_end):
            ends = [size - e for size, e in zip(shape, crop_end)]
            value = b.emit(mir.SliceOp(value, crop_begin, ends))
        mode = op.padding_mode
        for axis, (begin, end) in enumerate(zip(pad_begin, pad_end)):
            if not begin and not end:
                continue
            size = mir.tensor_shape(value)[axis]
            positions = np.pad(np.arange(size), (begin, end), mode=NUMPY_PAD_MODES[mode])  # type: ignore[call-overload]
            value = b.emit(mir.GatherOp(value, b.constant(positions, i64), axis))
            if mode == "constant":
                real = np.pad(np.ones(size, bool), (begin, end))
                mask_shape = [len(real) if d == axis else 1 for d in range(len(shape))]
                mask = b.constant(real.reshape(mask_shape), i1)
                value = b.emit(mir.SelectOp(mask, value, b.scalar_like(op.value, value)))
        self.replace_built(rewriter, op, b, value)


class TriluLowering(GaweeToMirPattern):
    """gawee.trilu -> mir.select of the input and zero by a constant [H, W] mask of the
    kept triangle (np.triu / np.tril's, with the diagonal offset k)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.TriluOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        rows, cols = mir.tensor_shape(op.input)[-2:]
        ones = np.ones((rows, cols), bool)
        kept = np.triu(ones, op.diagonal) if op.is_upper else np.tril(ones, op.diagonal)
        mask = b.constant(kept, i1)
        self.replace_built(rewriter, op, b, b.emit(mir.SelectOp(mask, op.input, b.scalar_like(0, op.input))))


class ConstantLowering(GaweeToMirPattern):
    """gawee.constant -> mir.constant with the same dense value."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.ConstantOp, rewriter: PatternRewriter, /):
        self.replace(rewriter, op, [mir.ConstantOp(op.value)])


class TensorConstantLowering(GaweeToMirPattern):
    """A dense or `dense_resource` tensor `arith.constant` (the weights
    `nnstack-import-onnx` emits) -> mir.constant, so the lowered program is mir through
    and through."""

    @op_pattern
    def match_and_rewrite(self, op: arith.ConstantOp, rewriter: PatternRewriter, /):
        if isinstance(op.result.type, TensorType) and isinstance(
            op.value, DenseIntOrFPElementsAttr | DenseResourceAttr
        ):
            self.replace(rewriter, op, [mir.ConstantOp(op.value)])


class RangeLowering(GaweeToMirPattern):
    """gawee.range -> mir.constant of start + i * delta, computed in the result's type."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.RangeOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        self.replace_built(rewriter, op, b, b.constant(op.values(), mir.element_type(op.output)))


class ShapeLowering(GaweeToMirPattern):
    """gawee.shape -> mir.constant of the input's (static) dims."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.ShapeOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        self.replace_built(rewriter, op, b, b.constant(np.array(op.dims(), np.int64), i64))
