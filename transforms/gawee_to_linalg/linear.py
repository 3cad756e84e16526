"""Lowering of `gawee.linear` to a transposed-B matmul `linalg.generic`."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from nnstack.dialects.gawee import LinearOp

from .builder import (
    LoweringBuilder,
    dims_map,
    element_type_of,
    parallel,
    reduction,
    shape_of,
    unsupported_reason,
)


class LinearLowering(RewritePattern):
    """
    Lowers `gawee.linear` (y = x W^T + b, x of shape [..., in] with rank r >= 2) to a
    `linalg.generic` matmul with transposed B: domain (batch dims..., out, in), maps
    x `(b..., in)`, W `(out, in)`, y `(b..., out)`, r parallel + 1 reduction iterators,
    body `arith.mulf %x, %w` then `arith.addf %out, ...`. It accumulates into a
    `linalg.fill` of 0, or with a bias into the bias broadcast along the last dim by a
    `linalg.generic` (map `(d0, ..., d{r-1}) -> (d{r-1})`).

    Neither `linalg.matmul_transpose_b` (removed upstream) nor `linalg.matmul` with
    `indexing_maps` (xDSL's printer drops them) is portable, so this stays generic.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: LinearOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        out_shape = shape_of(op.output)
        rank = len(out_shape)
        if op.bias is not None:
            init = b.broadcast_into(op.bias, out_shape, [rank - 1])
        else:
            init = b.filled(out_shape, b.constant(0.0, element_type))

        batch = list(range(rank - 1))
        out_dim, in_dim = rank - 1, rank
        maps = [
            dims_map(rank + 1, [*batch, in_dim]),
            dims_map(rank + 1, [out_dim, in_dim]),
            dims_map(rank + 1, [*batch, out_dim]),
        ]

        def body(x: SSAValue, weight: SSAValue, acc: SSAValue) -> SSAValue:
            return arith.AddfOp(acc, arith.MulfOp(x, weight)).result

        result = b.generic(
            [op.input, op.weight], init, maps, [*parallel(rank), *reduction(1)], body
        )
        rewriter.replace(op, b.ops, [result])
