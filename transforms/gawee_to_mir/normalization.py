"""Lowering of the gawee reductions to `mir.reduce`, and of arg_max / arg_min (softmax,
log_softmax and the normalizations are composite ops: they arrive decomposed into
reductions and element-wise ops)."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from xdsl.dialects.builtin import AnyFloat, i64
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter

from nnstack.dialects import gawee, mir
from nnstack.dialects.utils import tensor_shape
from nnstack.transforms.gawee_to_mir.base import GaweeToMirPattern, MirBuilder
from nnstack.transforms.utils import op_pattern

__all__ = ["ReduceLowering", "ArgReduceLowering"]

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


class ArgReduceLowering(GaweeToMirPattern):
    """gawee.arg_max / arg_min -> the extremum along the axis (mir.reduce max / min,
    kept as a 1; NaN propagates), the positions that hold it (mir.broadcast_cmp eq, or
    ne of x and x: the NaNs, which are the extremum wherever one is), and the first of
    them (mir.select of the position or the axis size, mir.reduce min) or, with
    `selectLastIndex`, the last (or -1, mir.reduce max)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.ArgReduceOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        x, axis = op.input, op.normalized_axis
        shape = tensor_shape(x)
        kind = "max" if isinstance(op, gawee.ArgMaxOp) else "min"
        extremum = b.emit(mir.ReduceOp(x, kind, (axis,), keep_dims=True))
        hit = b.emit(mir.BroadcastCmpOp("eq", x, extremum))
        if isinstance(mir.element_type(x), AnyFloat):
            hit = b.emit(mir.BroadcastOrOp(hit, b.emit(mir.BroadcastCmpOp("ne", x, x))))
        positions = np.arange(shape[axis]).reshape([-1 if d == axis else 1 for d in range(len(shape))])
        miss = -1 if op.selects_last else shape[axis]
        candidates = b.emit(mir.SelectOp(hit, b.constant(positions, i64), b.scalar(miss, i64)))
        picked = mir.ReduceOp(
            candidates, "max" if op.selects_last else "min", (axis,), keep_dims=op.keeps_dims
        )
        self.replace_built(rewriter, op, b, b.emit(picked))
