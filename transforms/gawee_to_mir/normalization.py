"""Lowering of the gawee reductions to `mir.reduce`, of arg_max / arg_min (reductions,
comparisons and a select) and of cumsum and cumprod (a `mir.for` along the axis). Softmax,
log_softmax and the normalizations are composite ops: they arrive decomposed."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerAttr, TensorType, i64
from xdsl.ir import Block, Operation
from xdsl.pattern_rewriter import PatternRewriter

from nnstack.dialects import gawee, mir
from nnstack.dialects.utils import tensor_shape
from nnstack.transforms.gawee_to_mir.base import GaweeToMirPattern, MirBuilder, extremum
from nnstack.transforms.utils import op_pattern

__all__ = ["ReduceLowering", "ArgReduceLowering", "CumulativeLowering"]

REDUCE_KINDS: Mapping[type[Operation], str] = {
    gawee.ReduceSumOp: "sum",
    gawee.ReduceProdOp: "prod",
    gawee.ReduceMeanOp: "mean",
    gawee.ReduceMaxOp: "max",
    gawee.ReduceMinOp: "min",
}


class ReduceLowering(GaweeToMirPattern):
    """gawee.reduce_sum / prod / mean / max / min -> one mir.reduce over the normalized axes
    (umax / umin for the max / min of unsigned integers); f16 sums and means accumulate
    in f32 (casts around the reduce), as gawee's do."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        kind = REDUCE_KINDS.get(type(op))
        if kind is None or not isinstance(op, gawee.ReduceOp):
            return
        b = MirBuilder()
        x = b.widened(op.input) if kind in ("sum", "mean") else op.input
        if kind in ("max", "min"):
            kind = extremum(kind, mir.element_type(x))
        reduced = b.emit(mir.ReduceOp(x, kind, op.reduced_axes, keep_dims=op.keeps_dims))
        self.replace_built(rewriter, op, b, b.cast(reduced, mir.element_type(op.output)))


class ArgReduceLowering(GaweeToMirPattern):
    """gawee.arg_max / arg_min -> the extremum along the axis (mir.reduce max / min,
    umax / umin on unsigned integers, kept as a 1; NaN propagates), the positions that hold it (mir.broadcast_cmp eq, or
    ne of x and x: the NaNs, which are the extremum wherever one is), and the first of
    them (mir.select of the position or the axis size, mir.reduce min) or, with
    `selectLastIndex`, the last (or -1, mir.reduce max)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.ArgReduceOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        x, axis = op.input, op.normalized_axis
        shape = tensor_shape(x)
        kind = extremum("max" if isinstance(op, gawee.ArgMaxOp) else "min", mir.element_type(x))
        found = b.emit(mir.ReduceOp(x, kind, (axis,), keep_dims=True))
        hit = b.emit(mir.BroadcastCmpOp("eq", x, found))
        if isinstance(mir.element_type(x), AnyFloat):
            hit = b.emit(mir.BroadcastOrOp(hit, b.emit(mir.BroadcastCmpOp("ne", x, x))))
        positions = np.arange(shape[axis]).reshape([-1 if d == axis else 1 for d in range(len(shape))])
        miss = -1 if op.selects_last else shape[axis]
        candidates = b.emit(mir.SelectOp(hit, b.constant(positions, i64), b.scalar(miss, i64)))
        picked = mir.ReduceOp(
            candidates, "max" if op.selects_last else "min", (axis,), keep_dims=op.keeps_dims
        )
        self.replace_built(rewriter, op, b, b.emit(picked))


class CumulativeLowering(GaweeToMirPattern):
    """gawee.cumsum (cumprod) -> a mir.for over the n positions along the axis (in
    reverse from the far end, by a constant table of positions), carrying the running
    sum (product): a slice of the axis, zeros (ones) at first, and the result (the
    input at first: every position is written once): at each step mir.gather the slice
    at the position from the result (not yet written: still the input's),
    mir.broadcast_add (broadcast_mul) it to the running value and mir.scatter that into
    the result (`exclusive`: the value before the step), so they run in numpy's order."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.CumulativeOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        x, axis = op.input, op.normalized_axis
        shape, element = tensor_shape(x), mir.element_type(x)
        n = shape[axis]
        start = np.full([1 if d == axis else s for d, s in enumerate(shape)], op.IDENTITY)
        first = b.constant(start, element)
        combine = mir.BroadcastMulOp if isinstance(op, gawee.CumProdOp) else mir.BroadcastAddOp

        order = b.constant(np.arange(n - 1, -1, -1, dtype=np.int64), i64) if op.is_reverse else None

        body = Block(arg_types=[IndexType(), first.type, x.type])
        step, total, result = body.args
        inner = MirBuilder()
        position = inner.emit(mir.FromElementsOp([step], TensorType(i64, [1])))
        if order is not None:
            position = inner.emit(mir.GatherOp(order, position, 0))
        # the result still holds the input at the positions not yet written
        summed = inner.emit(combine(total, inner.emit(mir.GatherOp(result, position, axis))))
        written = inner.emit(mir.ScatterOp(result, total if op.is_exclusive else summed, position, axis))
        inner.ops.append(mir.YieldOp(summed, written))
        body.add_ops(inner.ops)

        zero, one, end = (b.emit(arith.ConstantOp(IntegerAttr(v, IndexType()))) for v in (0, 1, n))
        loop = mir.ForOp(zero, end, one, [first, x], body)
        b.ops.append(loop)
        self.replace_built(rewriter, op, b, loop.results[1])
