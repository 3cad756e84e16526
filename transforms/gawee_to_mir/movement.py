"""Lowerings of the gawee ops that move elements to mir: flatten, reshape, squeeze and
unsqueeze (one static `mir.reshape` to the result type), transpose, cat, slice (ONNX
bounds normalized to mir's explicit per-dim start, end, stride), gather,
gather_elements, expand (`mir.broadcast_to`), resize (gathers of compile-time index maps)."""

from __future__ import annotations

from xdsl.dialects.builtin import f64, i1, i64
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter

from nnstack.dialects import gawee, mir
from nnstack.transforms.gawee_to_mir.base import GaweeToMirPattern, MirBuilder
from nnstack.transforms.utils import op_pattern

__all__ = [
    "ReshapeLowering",
    "TransposeLowering",
    "CatLowering",
    "SliceLowering",
    "GatherLowering",
    "ExpandLowering",
    "ResizeLowering",
]

RESHAPES = (gawee.FlattenOp, gawee.ReshapeOp, gawee.SqueezeOp, gawee.UnsqueezeOp)


class ReshapeLowering(GaweeToMirPattern):
    """gawee.flatten / reshape / squeeze / unsqueeze -> a static mir.reshape to the
    result type (each keeps the row-major order of the elements)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        if isinstance(op, RESHAPES):
            self.replace(rewriter, op, [mir.ReshapeOp(op.operands[0], mir.tensor_shape(op.results[0]))])


class TransposeLowering(GaweeToMirPattern):
    """gawee.transpose -> mir.transpose with the same permutation."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.TransposeOp, rewriter: PatternRewriter, /):
        self.replace(rewriter, op, [mir.TransposeOp(op.input, op.permutation)])


class CatLowering(GaweeToMirPattern):
    """gawee.cat -> mir.concat along the normalized axis."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.CatOp, rewriter: PatternRewriter, /):
        self.replace(rewriter, op, [mir.ConcatOp(list(op.inputs), op.normalized_axis)])


class SliceLowering(GaweeToMirPattern):
    """gawee.slice -> mir.slice with a (start, end, stride) for every dim: the ranges
    ONNX's clamping gives, an empty one as start = end."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.SliceOp, rewriter: PatternRewriter, /):
        ranges = op.ranges()
        starts = [r.start for r in ranges]
        ends = [r.stop if len(r) else r.start for r in ranges]
        self.replace(rewriter, op, [mir.SliceOp(op.input, starts, ends, [r.step for r in ranges])])


class GatherLowering(GaweeToMirPattern):
    """gawee.gather -> mir.gather; gawee.gather_elements -> mir.gather_elements (both
    take negative indices and fail at run time on out-of-range ones, as gawee's)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        if isinstance(op, gawee.GatherOp):
            self.replace(rewriter, op, [mir.GatherOp(op.data, op.indices, op.normalized_axis)])
        elif isinstance(op, gawee.GatherElementsOp):
            self.replace(rewriter, op, [mir.GatherElementsOp(op.data, op.indices, op.normalized_axis)])


class ExpandLowering(GaweeToMirPattern):
    """gawee.expand -> mir.broadcast_to the result shape."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.ExpandOp, rewriter: PatternRewriter, /):
        self.replace(rewriter, op, [mir.BroadcastToOp(op.input, mir.tensor_shape(op.output))])


class ResizeLowering(GaweeToMirPattern):
    """gawee.resize -> per resized dim, a mir.gather of the input index each output
    position reads (`gawee.ResizeOp.steps`, the interpreter's own coordinate arithmetic,
    done at compile time); linear and cubic modes gather every tap in f64 and sum them
    times their constant weights, then cast back. tf_crop_and_resize selects the
    extrapolation value where the source lies outside the input."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.ResizeOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        weighted = op.choice("mode") != "nearest"
        value = b.cast(op.input, f64) if weighted else op.input
        rank = len(mir.tensor_shape(op.input))
        for step in op.steps():
            along = [-1 if d == step.axis else 1 for d in range(rank)]
            if step.weights is None:
                value = b.emit(mir.GatherOp(value, b.constant(step.index, i64), step.axis))
            else:
                total = None
                for index, weight in zip(step.index.T, step.weights.T):
                    tap = b.emit(mir.GatherOp(value, b.constant(index, i64), step.axis))
                    term = b.emit(mir.BroadcastMulOp(tap, b.constant(weight.reshape(along), f64)))
                    total = term if total is None else b.emit(mir.BroadcastAddOp(total, term))
                assert total is not None
                value = total
            if step.outside is not None:
                outside = b.constant(step.outside.reshape(along), i1)
                extrapolation = b.scalar_like(op.number("extrapolationValue"), value)
                value = b.emit(mir.SelectOp(outside, extrapolation, value))
        self.replace_built(rewriter, op, b, b.cast(value, mir.element_type(op.output)))
