"""Lowerings of `gawee.linear` (a transposed-B matmul), `gawee.matmul` and `gawee.gemm`
to `linalg.generic` contractions."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.ir import SSAValue
from xdsl.ir.affine import AffineExpr
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.gawee import GemmOp, LinearOp, MatMulOp
from nnstack.transforms.utils import op_pattern

from .builder import LoweringBuilder, dims_map, element_type_of, float_constant, parallel, reduction, shape_of

__all__ = ["LinearLowering", "MatMulLowering", "GemmLowering"]


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

    @op_pattern
    def match_and_rewrite(self, op: LinearOp, rewriter: PatternRewriter, /):
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

        result = b.generic([op.input, op.weight], init, maps, [*parallel(rank), *reduction(1)], body)
        rewriter.replace(op, b.ops, [result])


class MatMulLowering(RewritePattern):
    """
    Lowers `gawee.matmul` (numpy semantics) to one `linalg.generic` accumulating into a
    `linalg.fill` of 0: domain (result dims..., k), the last iterator a reduction; the
    lhs map is (its batch dims broadcast to the result's as in `gawee.add`, then m, k),
    the rhs map (batch..., k, n); a 1-D lhs has no m, a 1-D rhs no n. Body
    `arith.mulf` then `arith.addf %out, ...`. (`linalg.batch_matmul` needs equal batch
    dims and xDSL has no such op, so this stays generic.)
    """

    @op_pattern
    def match_and_rewrite(self, op: MatMulOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        out_shape = shape_of(op.output)
        lhs_shape, rhs_shape = shape_of(op.lhs), shape_of(op.rhs)
        rank = len(out_shape)
        k = rank  # the reduction dim comes last
        m = rank - 1 - (len(rhs_shape) > 1) if len(lhs_shape) > 1 else None
        n = rank - 1 if len(rhs_shape) > 1 else None
        batch_rank = rank - (m is not None) - (n is not None)

        def batch_dims(shape: Sequence[int]) -> list[int | AffineExpr]:
            """Right-aligned batch dims, a size-1 dim facing a larger one indexed by 0."""
            offset = batch_rank - len(shape)
            return [
                AffineExpr.constant(0) if size == 1 != out_shape[offset + i] else offset + i
                for i, size in enumerate(shape)
            ]

        lhs_dims = [*batch_dims(lhs_shape[:-2]), m, k] if m is not None else [k]
        rhs_dims = [*batch_dims(rhs_shape[:-2]), k, n] if n is not None else [k]
        maps = [dims_map(rank + 1, lhs_dims), dims_map(rank + 1, rhs_dims), dims_map(rank + 1, range(rank))]
        init = b.filled(out_shape, b.constant(0.0, element_type_of(op.output)))

        def body(lhs: SSAValue, rhs: SSAValue, acc: SSAValue) -> SSAValue:
            return arith.AddfOp(acc, arith.MulfOp(lhs, rhs)).result

        result = b.generic([op.lhs, op.rhs], init, maps, [*parallel(rank), *reduction(1)], body)
        rewriter.replace(op, b.ops, [result])


class GemmLowering(RewritePattern):
    """
    Lowers `gawee.gemm` (alpha * A' B' + beta * C) to a `linalg.generic` contraction
    into a `linalg.fill` of 0: domain (m, n, k), maps A `(d0, d2)` (`(d2, d0)` with
    transA), B `(d2, d1)` (`(d1, d2)` with transB), out `(d0, d1)`, 2 parallel + 1
    reduction iterators, body `arith.mulf` then `arith.addf %out, ...`. Where alpha is
    not 1 or there is a C, an element-wise `linalg.generic` follows: `arith.mulf` by
    alpha, and `arith.addf` of C (times beta) mapped as `gawee.add` broadcasts it
    (with beta = 0, C is not read).
    A generic rather than `linalg.matmul`, as the transposed forms need their maps.
    """

    @op_pattern
    def match_and_rewrite(self, op: GemmOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        t = element_type_of(op.output)
        out_shape = shape_of(op.output)
        (trans_a, trans_b), (alpha, beta) = op.transposes, op.scales
        maps = [
            dims_map(3, [2, 0] if trans_a else [0, 2]),
            dims_map(3, [1, 2] if trans_b else [2, 1]),
            dims_map(3, [0, 1]),
        ]

        def body(lhs: SSAValue, rhs: SSAValue, acc: SSAValue) -> SSAValue:
            return arith.AddfOp(acc, arith.MulfOp(lhs, rhs)).result

        init = b.filled(out_shape, b.constant(0.0, t))
        result = b.generic([op.a, op.b], init, maps, [*parallel(2), *reduction(1)], body)
        if alpha == 1.0 and not op.adds_c:
            rewriter.replace(op, b.ops, [result])
            return

        def epilogue(product: SSAValue, *rest: SSAValue) -> SSAValue:
            value = product if alpha == 1.0 else arith.MulfOp(product, float_constant(alpha, t)).result
            if not op.adds_c:
                return value
            c = rest[0] if beta == 1.0 else arith.MulfOp(rest[0], float_constant(beta, t)).result
            return arith.AddfOp(value, c).result

        inputs = [result, op.c] if op.c is not None and op.adds_c else [result]
        result = b.elementwise(inputs, out_shape, t, epilogue)
        rewriter.replace(op, b.ops, [result])
