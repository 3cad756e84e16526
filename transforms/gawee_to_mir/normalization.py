"""Lowering of the gawee reductions to `mir.reduce` (softmax, log_softmax and the
normalizations are composite ops: they arrive decomposed into these and element-wise
ops)."""

from __future__ import annotations

from collections.abc import Mapping

from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter

from nnstack.dialects import gawee, mir
from nnstack.transforms.gawee_to_mir.base import GaweeToMirPattern, MirBuilder

__all__ = ["ReduceLowering"]

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
