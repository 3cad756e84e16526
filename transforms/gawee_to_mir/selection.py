"""Lowerings of gawee.topk, gawee.scatter_nd and gawee.gather_nd to mir.

topk needs no sorting: it is done by rank counting.

Along the axis (moved last), element i's rank is the number of elements j that come
before it: better values (greater for `largest`; NaN counts as the largest value) and
equal ones with a lower index, so ranks are a permutation. The result's position p
then takes the element of rank p: a one-hot [k, n] mask (rank == p) selects it, and a
max reduction over the mask (every other entry the element type's lowest value) and a
sum of the selected indices read it out. It costs O(n^2) per slice, as the linalg
lowering does.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr, TensorType, i64
from xdsl.ir import Block, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from nnstack.dialects import gawee, mir
from nnstack.dialects.values import is_float, numpy_dtype
from nnstack.transforms.gawee_to_mir.base import (
    GaweeToMirPattern,
    MirBuilder,
    extremum,
    predicate,
    unsigned_form,
)
from nnstack.transforms.utils import op_pattern

__all__ = ["TopKLowering", "ScatterNDLowering", "GatherNDLowering"]


def _lowest(value: SSAValue) -> float:
    """The value no element of `value`'s type is below: -inf, or the integer minimum
    (0 for an unsigned type)."""
    dtype = numpy_dtype(mir.element_type(value))
    return -np.inf if is_float(dtype) else float(np.iinfo(dtype).min)


class TopKLowering(GaweeToMirPattern):
    """gawee.topk -> ranks from pairwise mir.broadcast_cmp over the axis, a one-hot of
    the first k ranks, and mir.reduce max / sum reading out the values and indices (the
    unsigned comparisons and umax on unsigned integers)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.TopKOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        shape, axis, k = mir.tensor_shape(op.input), op.normalized_axis, op.count
        rank, n = len(shape), shape[axis]
        last = [d for d in range(rank) if d != axis] + [axis]
        x = b.emit(mir.TransposeOp(op.input, last)) if axis != rank - 1 else op.input
        outer = mir.tensor_shape(x)[:-1]
        xi = b.reshape(x, (*outer, n, 1))  # element i, down the rows
        xj = b.reshape(x, (*outer, 1, n))  # element j, along the columns

        def cmp(signed: str, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
            return b.emit(mir.BroadcastCmpOp(predicate(signed, mir.element_type(lhs)), lhs, rhs))

        def both(lhs: SSAValue, rhs: SSAValue) -> SSAValue:
            return b.emit(mir.BroadcastAndOp(lhs, rhs))

        def either(lhs: SSAValue, rhs: SSAValue) -> SSAValue:
            return b.emit(mir.BroadcastOrOp(lhs, rhs))

        nan_i, nan_j = cmp("ne", xi, xi), cmp("ne", xj, xj)
        not_nan_i = b.emit(mir.BroadcastXorOp(nan_i, b.scalar(True, mir.element_type(nan_i))))
        not_nan_j = b.emit(mir.BroadcastXorOp(nan_j, b.scalar(True, mir.element_type(nan_j))))
        if op.is_largest:  # j is better: greater, or NaN where i is not
            better = either(cmp("gt", xj, xi), both(nan_j, not_nan_i))
        else:  # j is better: smaller, or a number where i is NaN
            better = either(cmp("lt", xj, xi), both(not_nan_j, nan_i))
        same = either(cmp("eq", xj, xi), both(nan_i, nan_j))
        lower_index = b.constant(np.arange(n)[None, :] < np.arange(n)[:, None], mir.element_type(same))
        before = either(better, both(same, lower_index))  # [.., i, j]
        ranks = b.emit(mir.ReduceOp(b.cast(before, i64), "sum", (len(outer) + 1,)))  # [.., n]
        positions = b.constant(np.arange(k).reshape(k, 1), i64)
        chosen = cmp("eq", b.reshape(ranks, (*outer, 1, n)), positions)  # [.., k, n]
        lowest = b.scalar_like(_lowest(x), x)
        picked = b.emit(mir.SelectOp(chosen, b.reshape(x, (*outer, 1, n)), lowest))
        values = b.emit(mir.ReduceOp(picked, extremum("max", mir.element_type(x)), (len(outer) + 1,)))
        index_row = b.constant(np.arange(n).reshape(1, n), i64)
        picked_index = b.emit(mir.SelectOp(chosen, index_row, b.scalar(0, i64)))
        indices = b.emit(mir.ReduceOp(picked_index, "sum", (len(outer) + 1,)))
        if axis != rank - 1:
            back = [last.index(d) for d in range(rank)]
            values = b.emit(mir.TransposeOp(values, back))
            indices = b.emit(mir.TransposeOp(indices, back))
        self.replace_built(rewriter, op, b, [values, indices])


_SCATTER_COMBINE: dict[str, type[mir.BroadcastBinaryOp]] = {
    "add": mir.BroadcastAddOp,
    "mul": mir.BroadcastMulOp,
    "max": mir.BroadcastMaxOp,
    "min": mir.BroadcastMinOp,
}


class ScatterNDLowering(GaweeToMirPattern):
    """gawee.scatter_nd -> the data as [M, R] rows (M = the indexed dims' product), each
    index as a row number (wrapped if negative, times the row strides, summed), and a
    mir.for over the N updates applying them in order, as gawee does: gather the
    update's row number, read the row, combine it with the update (reduction add / mul /
    max / min, umax / umin on unsigned integers; none replaces it), mir.scatter it back."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.ScatterNDOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        data_shape, depth = mir.tensor_shape(op.data), op.index_depth
        indexed, rest = data_shape[:depth], data_shape[depth:]
        rows, row_size = int(np.prod(indexed)), int(np.prod(rest))
        count = int(np.prod(mir.tensor_shape(op.indices)[:-1]))
        data = b.reshape(op.data, (rows, row_size))
        updates = b.reshape(op.updates, (count, row_size))
        sizes = b.constant(np.array(indexed, np.int64), i64)
        indices = b.reshape(op.indices, (count, depth))
        negative = b.emit(mir.BroadcastCmpOp("lt", indices, b.scalar(0, i64)))
        wrapped = b.emit(mir.SelectOp(negative, b.emit(mir.BroadcastAddOp(indices, sizes)), indices))
        strides = [int(np.prod(indexed[d + 1 :])) for d in range(depth)]
        weighted = b.emit(mir.BroadcastMulOp(wrapped, b.constant(np.array(strides, np.int64), i64)))
        row_numbers = b.emit(mir.ReduceOp(weighted, "sum", (1,)))  # [N]

        body = Block(arg_types=[IndexType(), data.type])
        step, rows_so_far = body.args
        inner = MirBuilder()
        n = inner.emit(mir.FromElementsOp([step], TensorType(i64, [1])))
        row = inner.emit(mir.GatherOp(row_numbers, n, 0))  # [1]
        update = inner.emit(mir.GatherOp(updates, n, 0))  # [1, R]
        if (combine := _SCATTER_COMBINE.get(op.reduction_kind)) is not None:
            combine = unsigned_form(combine, mir.element_type(op.data))
            update = inner.emit(combine(inner.emit(mir.GatherOp(rows_so_far, row, 0)), update))
        inner.emit(mir.ScatterOp(rows_so_far, update, row, 0))
        inner.ops.append(mir.YieldOp(inner.ops[-1].results[0]))
        body.add_ops(inner.ops)

        zero, one, end = (b.emit(arith.ConstantOp(IntegerAttr(v, IndexType()))) for v in (0, 1, count))
        scattered = b.emit(mir.ForOp(zero, end, one, [data], body))
        self.replace_built(rewriter, op, b, b.reshape(scattered, data_shape))


class GatherNDLowering(GaweeToMirPattern):
    """gawee.gather_nd -> the data as [B * M, R] rows (B the batch dims' product, M the
    addressed dims', R the rest's), each index [P, depth] as a row number: per entry c a
    mir.slice of it and a mir.gather from the constant c-th dim's positions times their
    row stride (which wraps a negative entry and fails at run time on one out of range,
    as gawee's), summed, plus its batch's first row; then one mir.gather of the rows."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.GatherNDOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        shape, batch, depth = mir.tensor_shape(op.data), op.batch_count, op.index_depth
        addressed = shape[batch : batch + depth]
        batches, block = int(np.prod(shape[:batch])), int(np.prod(addressed))
        count = int(np.prod(mir.tensor_shape(op.indices)[:-1]))  # P = B * N
        indices = b.reshape(op.indices, (count, depth))
        rows: SSAValue | None = None
        if batch:
            first = np.arange(batches, dtype=np.int64) * block
            rows = b.constant(np.repeat(first, count // batches if batches else 0), i64)
        for c, size in enumerate(addressed):
            entry = b.reshape(b.emit(mir.SliceOp(indices, [0, c], [count, c + 1], [1, 1])), (count,))
            stride = int(np.prod(addressed[c + 1 :]))
            scaled = b.emit(mir.GatherOp(b.constant(np.arange(size, dtype=np.int64) * stride, i64), entry, 0))
            rows = scaled if rows is None else b.emit(mir.BroadcastAddOp(rows, scaled))
        assert rows is not None  # (depth >= 1)
        data = b.reshape(op.data, (batches * block, int(np.prod(shape[batch + depth :]))))
        gathered = b.emit(mir.GatherOp(data, rows, 0))
        self.replace_built(rewriter, op, b, b.reshape(gathered, mir.tensor_shape(op.output)))
