"""Lowering of `gawee.softmax` to reductions and element-wise `linalg.generic`s."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith, math
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from nnstack.dialects.gawee import SoftmaxOp

from .builder import (
    LoweringBuilder,
    dims_map,
    element_type_of,
    identity_map,
    parallel,
    shape_of,
    unsupported_reason,
)


class SoftmaxLowering(RewritePattern):
    """
    Lowers `gawee.softmax` along `axis` to four `linalg.generic`s over the input's
    domain, the reduced operands mapped without the axis dim:
    the max along the axis (`arith.maximumf` into a fill of -inf, the axis a reduction
    iterator), `math.exp(x - max)`, its sum (`arith.addf` into a fill of 0), and the
    quotient (`arith.divf`). Subtracting the max keeps exp from overflowing.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: SoftmaxOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        shape = shape_of(op.output)
        rank, axis = len(shape), op.normalized_axis
        reduced = [size for dim, size in enumerate(shape) if dim != axis]
        reduced_map = dims_map(rank, [dim for dim in range(rank) if dim != axis])
        iterators = [
            IteratorTypeAttr.reduction() if dim == axis else IteratorTypeAttr.parallel()
            for dim in range(rank)
        ]

        def reduce(
            value: SSAValue, start: float, combine: Callable[[SSAValue, SSAValue], Operation]
        ) -> SSAValue:
            init = b.filled(reduced, b.constant(start, element_type))
            return b.generic(
                [value],
                init,
                [identity_map(rank), reduced_map],
                iterators,
                lambda x, acc: combine(acc, x).results[0],
            )

        def elementwise(
            value: SSAValue, per_row: SSAValue, body: Callable[[SSAValue, SSAValue], SSAValue]
        ) -> SSAValue:
            return b.generic(
                [value, per_row],
                b.empty(shape, element_type),
                [identity_map(rank), reduced_map, identity_map(rank)],
                parallel(rank),
                lambda x, row, _out: body(x, row),
            )

        maximum = reduce(op.input, float("-inf"), arith.MaximumfOp)
        exponentials = elementwise(op.input, maximum, lambda x, top: math.ExpOp(arith.SubfOp(x, top)).result)
        total = reduce(exponentials, 0.0, arith.AddfOp)
        result = elementwise(exponentials, total, lambda e, s: arith.DivfOp(e, s).result)
        rewriter.replace(op, b.ops, [result])
