"""Lowerings of the ops that make a tensor from attributes: `gawee.constant` and
`gawee.shape` to `arith.constant dense<...>`, `gawee.range` to a `linalg.generic`
over the result computing start + i * delta from `linalg.index`."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, i64
from xdsl.dialects.linalg.ops import IndexOp
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.gawee import ConstantOp, RangeOp, ShapeOp
from nnstack.transforms.utils import op_pattern

from .builder import LoweringBuilder, element_type_of, scalar_constant, shape_of

__all__ = ["ConstantLowering", "ShapeLowering", "RangeLowering"]


class ConstantLowering(RewritePattern):
    """Lowers `gawee.constant` to `arith.constant` of the same value."""

    @op_pattern
    def match_and_rewrite(self, op: ConstantOp, rewriter: PatternRewriter, /):
        rewriter.replace(op, arith.ConstantOp(op.value))


class ShapeLowering(RewritePattern):
    """Lowers `gawee.shape` to `arith.constant dense<[dims]> : tensor<Nxi64>`."""

    @op_pattern
    def match_and_rewrite(self, op: ShapeOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        dims = op.dims()
        b.dense_constant(i64, [len(dims)], dims)
        rewriter.replace(op, b.ops)


class RangeLowering(RewritePattern):
    """
    Lowers `gawee.range` to a `linalg.generic` without inputs whose body computes
    element i as start + i * delta in the element type: `linalg.index`, then
    `arith.index_cast` (and `arith.sitofp` for floats), `muli` / `mulf` by delta,
    `addi` / `addf` start.
    """

    @op_pattern
    def match_and_rewrite(self, op: RangeOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        shape, element = shape_of(op.output), element_type_of(op.output)
        start, _, delta = op.bounds()

        def body(_out: SSAValue) -> SSAValue:
            index = IndexOp(0).result
            if isinstance(element, AnyFloat):
                position = arith.SIToFPOp(arith.IndexCastOp(index, i64), element)
                step = arith.MulfOp(position, scalar_constant(delta, element))
                return arith.AddfOp(step, scalar_constant(start, element)).result
            position = arith.IndexCastOp(index, element)
            step = arith.MuliOp(position, scalar_constant(delta, element))
            return arith.AddiOp(step, scalar_constant(start, element)).result

        result = b.elementwise([], shape, element, body)
        rewriter.replace(op, b.ops, [result])
