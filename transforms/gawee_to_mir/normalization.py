"""Lowerings of the gawee reductions and normalizations to mir: reduce_*, softmax,
log_softmax, layer_norm, each as `mir.reduce` (keep_dims, so the statistic
broadcasts back) and element-wise `mir.broadcast_*` ops."""

from __future__ import annotations

from collections.abc import Mapping

from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter

from nnstack.dialects import gawee, mir
from nnstack.dialects.utils import tensor_shape
from nnstack.transforms.gawee_to_mir.base import GaweeToMirPattern, MirBuilder
from nnstack.transforms.utils import op_pattern

__all__ = ["ReduceLowering", "SoftmaxLowering", "LayerNormLowering"]

REDUCE_KINDS: Mapping[type[Operation], str] = {
    gawee.ReduceSumOp: "sum",
    gawee.ReduceMeanOp: "mean",
    gawee.ReduceMaxOp: "max",
    gawee.ReduceMinOp: "min",
}


class ReduceLowering(GaweeToMirPattern):
    """gawee.reduce_sum / mean / max / min -> one mir.reduce over the normalized axes;
    f16 sums and means accumulate in f32 (casts around the reduce), as gawee's do."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        kind = REDUCE_KINDS.get(type(op))
        if kind is None or not isinstance(op, gawee.ReduceOp):
            return
        b = MirBuilder()
        x = b.widened(op.input) if kind in ("sum", "mean") else op.input
        reduced = b.emit(mir.ReduceOp(x, kind, op.reduced_axes, keep_dims=op.keeps_dims))
        self.replace_built(rewriter, op, b, b.cast(reduced, mir.element_type(op.output)))


class SoftmaxLowering(GaweeToMirPattern):
    """gawee.softmax -> e = exp(x - max(x)), e / sum(e) along the axis;
    gawee.log_softmax -> (x - max(x)) - log(sum(e)). Subtracting the max keeps exp
    from overflowing. An empty input is its own (empty) result: mir.reduce takes no max
    of an empty axis."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.AxisSoftmaxOp, rewriter: PatternRewriter, /):
        if 0 in tensor_shape(op.input):
            self.replace(rewriter, op, [], op.input)
            return
        b = MirBuilder()
        axes = (op.normalized_axis,)
        top = b.emit(mir.ReduceOp(op.input, "max", axes, keep_dims=True))
        shifted = b.emit(mir.BroadcastSubOp(op.input, top))
        exponentials = b.emit(mir.ExpOp(shifted))
        total = b.emit(mir.ReduceOp(exponentials, "sum", axes, keep_dims=True))
        if isinstance(op, gawee.SoftmaxOp):
            result = b.emit(mir.BroadcastDivOp(exponentials, total))
        else:
            result = b.emit(mir.BroadcastSubOp(shifted, b.emit(mir.LogOp(total))))
        self.replace_built(rewriter, op, b, result)


class LayerNormLowering(GaweeToMirPattern):
    """gawee.layer_norm -> (x - mean) / sqrt(mean((x - mean)^2) + eps) * weight (+ bias)
    over the dims from the axis on; f16 statistics in f32, as gawee's."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.LayerNormOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        x = b.widened(op.input)
        axes = tuple(range(op.normalized_axis, len(mir.tensor_shape(x))))
        centered = b.emit(mir.BroadcastSubOp(x, b.emit(mir.ReduceOp(x, "mean", axes, keep_dims=True))))
        variance = b.emit(
            mir.ReduceOp(b.emit(mir.BroadcastMulOp(centered, centered)), "mean", axes, keep_dims=True)
        )
        epsilon = b.scalar_like(op.epsilon.value.data, x)
        std = b.emit(mir.SqrtOp(b.emit(mir.BroadcastAddOp(variance, epsilon))))
        result = b.emit(mir.BroadcastMulOp(b.emit(mir.BroadcastDivOp(centered, std)), b.widened(op.weight)))
        if op.bias is not None:
            result = b.emit(mir.BroadcastAddOp(result, b.widened(op.bias)))
        self.replace_built(rewriter, op, b, b.cast(result, mir.element_type(op.output)))
