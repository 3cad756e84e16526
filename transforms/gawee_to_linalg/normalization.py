"""Lowerings of `gawee.softmax`, `gawee.lrn`, the `gawee.reduce_*` ops,
`gawee.arg_max` / `gawee.arg_min`, `gawee.cumsum` and `gawee.cumprod` to reduction and element-wise
`linalg.generic`s."""

from __future__ import annotations

import math as pymath
from collections.abc import Callable

from xdsl.builder import ImplicitBuilder
from xdsl.dialects import arith, math, tensor
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, i64
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, IndexOp, YieldOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineExpr
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.constraints import accumulator_type
from nnstack.dialects.gawee import (
    ArgMaxOp,
    ArgReduceOp,
    CumProdOp,
    CumulativeOp,
    LrnOp,
    ReduceMaxOp,
    ReduceMeanOp,
    ReduceMinOp,
    ReduceOp,
    ReduceProdOp,
    ReduceSumOp,
    SoftmaxOp,
)
from nnstack.transforms.utils import op_pattern

from .builder import (
    LoweringBuilder,
    dims_map,
    element_type_of,
    float_constant,
    identity_map,
    iterators,
    parallel,
    reduction,
    scalar_constant,
    shape_of,
)
from .signedness import integer_bounds, predicate, unsigned_variant

__all__ = [
    "SoftmaxLowering",
    "ReduceLowering",
    "ArgReduceLowering",
    "CumulativeLowering",
    "LrnLowering",
]


class SoftmaxLowering(RewritePattern):
    """
    Lowers `gawee.softmax` along `axis` to four `linalg.generic`s over the input's
    domain, the reduced operands mapped without the axis dim:
    the max along the axis (`arith.maximumf` into a fill of -inf, the axis a reduction
    iterator), `math.exp(x - max)`, its sum (`arith.addf` into a fill of 0), and the
    quotient (`arith.divf`). Subtracting the max keeps exp from overflowing. This
    fuses `math.exp(x - max)`, which the op's decomposition (what `gawee.log_softmax`
    lowers as) computes in two generics: an optimisation of the decomposition, which
    the differential tests hold it to.
    """

    @op_pattern
    def match_and_rewrite(self, op: SoftmaxOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        shape = shape_of(op.output)
        rank, axis = len(shape), op.normalized_axis
        reduced = [size for dim, size in enumerate(shape) if dim != axis]
        reduced_map = dims_map(rank, [dim for dim in range(rank) if dim != axis])
        reducing = iterators(rank, (axis,))

        def reduce(
            value: SSAValue, start: float, combine: Callable[[SSAValue, SSAValue], Operation]
        ) -> SSAValue:
            init = b.filled(reduced, b.constant(start, element_type))
            return b.generic(
                [value],
                init,
                [identity_map(rank), reduced_map],
                reducing,
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


class ReduceLowering(RewritePattern):
    """
    Lowers `gawee.reduce_sum` / `reduce_prod` / `reduce_mean` / `reduce_max` /
    `reduce_min` to one `linalg.generic` over the input's domain, the reduced dims
    reduction iterators, accumulating into a fill of 0 (`arith.addf`), 1 (`arith.mulf`),
    -inf (`arith.maximumf`) or +inf (`arith.minimumf`) (integers: `arith.addi`,
    `arith.muli`, ...); the mean then divides by the number of reduced elements
    (`arith.divf`, a second generic). With `keepDims` a `tensor.reshape` restores the
    reduced dims as 1s.
    """

    @op_pattern
    def match_and_rewrite(
        self,
        op: ReduceSumOp | ReduceProdOp | ReduceMeanOp | ReduceMaxOp | ReduceMinOp,
        rewriter: PatternRewriter,
        /,
    ):
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        shape = shape_of(op.input)
        rank, axes = len(shape), op.reduced_axes
        kept = [dim for dim in range(rank) if dim not in axes]
        reduced = [shape[dim] for dim in kept]
        start, combine = _reduction(op, element_type)
        result = b.generic(
            [op.input],
            b.filled(reduced, b.add(start).results[0]),
            [identity_map(rank), dims_map(rank, kept)],
            iterators(rank, axes),
            lambda x, acc: combine(acc, x).results[0],
        )
        if isinstance(op, ReduceMeanOp):
            count = pymath.prod(shape[dim] for dim in axes)
            result = b.elementwise(
                [result],
                reduced,
                element_type,
                lambda total, _out: arith.DivfOp(total, float_constant(float(count), element_type)).result,
            )
        if op.keeps_dims:
            target = shape_of(op.output)
            result = b.add(
                tensor.ReshapeOp(result, b.dense_constant(i64, [len(target)], target), op.output.type)
            ).result
        rewriter.replace(op, b.ops, [result])


def _keep_dims(b: LoweringBuilder, result: SSAValue, op: Operation) -> SSAValue:
    """`result` reshaped to the op's result type (its reduced dims as 1s)."""
    target = shape_of(op.results[0])
    reshape = tensor.ReshapeOp(result, b.dense_constant(i64, [len(target)], target), op.results[0].type)
    return b.add(reshape).result


class ArgReduceLowering(RewritePattern):
    """
    Lowers `gawee.arg_max` / `gawee.arg_min` to one `linalg.generic` over the input's
    domain (the axis a reduction iterator) with two outputs: the extremum so far, from a
    fill of -inf / +inf (the integer minimum / maximum), and its index (`linalg.index`
    as i64), from a fill of 0. An element replaces them (`arith.select`) where it is
    strictly beyond the extremum (`arith.cmpf ogt` / `olt`, `arith.cmpi sgt` / `slt`) or,
    with `selectLastIndex`, beyond or equal (`oge` / `ole`, `sge` / `sle`); a NaN
    replaces a number (`arith.cmpf uno` / `ord`), and with `selectLastIndex` a NaN too,
    so the first (last) NaN wins, as numpy's argmax does. With `keepDims` a
    `tensor.reshape` restores the axis as a 1.
    """

    @op_pattern
    def match_and_rewrite(self, op: ArgReduceOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        t = element_type_of(op.input)
        shape = shape_of(op.input)
        rank, axis = len(shape), op.normalized_axis
        kept = [d for d in range(rank) if d != axis]
        reduced = [shape[d] for d in kept]
        maximum, last, is_float = isinstance(op, ArgMaxOp), op.selects_last, isinstance(t, AnyFloat)
        if is_float:
            start = float("-inf") if maximum else float("inf")
        else:
            low, high = integer_bounds(t)
            start = low if maximum else high
        values = b.filled(reduced, b.add(scalar_constant(start, t)).result)
        indices = b.filled(reduced, b.add(scalar_constant(0, i64)).result)
        block = Block(arg_types=[t, t, i64])
        for arg, name in zip(block.args, ("in", "out", "out")):
            arg.name_hint = name
        with ImplicitBuilder(block) as (x, best, index):
            if is_float:
                beyond = arith.CmpfOp(
                    x, best, ("oge" if last else "ogt") if maximum else ("ole" if last else "olt")
                )
                nan = arith.CmpfOp(x, x, "uno")
                if not last:  # a NaN replaces a number only
                    nan = arith.AndIOp(nan, arith.CmpfOp(best, best, "ord"))
                take = arith.OrIOp(beyond, nan).result
            else:
                take = arith.CmpiOp(
                    x,
                    best,
                    predicate(("sge" if last else "sgt") if maximum else ("sle" if last else "slt"), t),
                ).result
            position = arith.IndexCastOp(IndexOp(axis).result, i64)
            YieldOp(arith.SelectOp(take, x, best), arith.SelectOp(take, position, index))
        iterators = [
            IteratorTypeAttr.reduction() if d == axis else IteratorTypeAttr.parallel() for d in range(rank)
        ]
        generic = b.add(
            GenericOp(
                [op.input],
                [values, indices],
                Region(block),
                [identity_map(rank), dims_map(rank, kept), dims_map(rank, kept)],
                iterators,
                [values.type, indices.type],
            )
        )
        result = generic.results[1]
        if op.keeps_dims:
            result = _keep_dims(b, result, op)
        rewriter.replace(op, b.ops, [result])


class CumulativeLowering(RewritePattern):
    """
    Lowers `gawee.cumsum` (`gawee.cumprod`) to one `linalg.generic` over the input's
    domain and a second copy k of the axis (a reduction iterator), accumulating into a
    fill of 0 (1): element i adds (multiplies by) the element at position p of the axis
    where p <= i (p < i `exclusive`; with `reverse` p >= i, p > i), `arith.select` of
    the new value and the old (so a skipped element changes nothing, -0.0, NaN and
    infinities included). Forward, p = k is read through the
    map with k in place of the axis; in reverse p = n-1-k, read with `tensor.extract`
    (the loop bound from a `tensor.empty` of n, read through `(k)`), so the sums run in
    numpy's order. O(n^2) steps per slice along the axis.
    """

    @op_pattern
    def match_and_rewrite(self, op: CumulativeOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        t = element_type_of(op.input)
        shape = shape_of(op.input)
        rank, axis, n = len(shape), op.normalized_axis, shape[op.normalized_axis]
        reverse, exclusive = op.is_reverse, op.is_exclusive
        predicate = ("ugt" if exclusive else "uge") if reverse else ("ult" if exclusive else "ule")
        if isinstance(op, CumProdOp):
            combine = arith.MulfOp if isinstance(t, AnyFloat) else arith.MuliOp
        else:
            combine = arith.AddfOp if isinstance(t, AnyFloat) else arith.AddiOp
        if reverse:
            inputs = [b.empty([n], t)]
            read = dims_map(rank + 1, [rank])
        else:
            inputs = [op.input]
            read = dims_map(rank + 1, [rank if d == axis else d for d in range(rank)])

        def body(x: SSAValue, acc: SSAValue) -> SSAValue:
            position = IndexOp(rank).result
            if reverse:
                position = arith.SubiOp(
                    arith.ConstantOp.from_int_and_width(n - 1, IndexType()), position
                ).result
                at = [position if d == axis else IndexOp(d).result for d in range(rank)]
                x = tensor.ExtractOp(op.input, at, t).result
            counted = arith.CmpiOp(position, IndexOp(axis).result, predicate)
            return arith.SelectOp(counted, combine(acc, x), acc).result

        result = b.generic(
            inputs,
            b.filled(shape, b.add(scalar_constant(op.IDENTITY, t)).result),
            [read, dims_map(rank + 1, range(rank))],
            [*parallel(rank), *reduction(1)],
            body,
        )
        rewriter.replace(op, b.ops, [result])


Combine = Callable[[SSAValue, SSAValue], Operation]

REDUCTIONS: dict[type[ReduceOp], tuple[float, Combine, Combine | None]] = {
    ReduceSumOp: (0.0, arith.AddfOp, arith.AddiOp),
    ReduceProdOp: (1.0, arith.MulfOp, arith.MuliOp),
    ReduceMeanOp: (0.0, arith.AddfOp, None),
    ReduceMaxOp: (float("-inf"), arith.MaximumfOp, arith.MaxSIOp),
    ReduceMinOp: (float("inf"), arith.MinimumfOp, arith.MinSIOp),
}
"""The start value and the combining op of each reduction, on floats and on integers
(wrapping sums, as ONNX Runtime's; an infinite start is the integer type's bound)."""


def _reduction(op: ReduceOp, element: Attribute) -> tuple[Operation, Combine]:
    """The start constant and the combining op of `op` on `element`."""
    start, on_floats, on_integers = REDUCTIONS[type(op)]
    if not isinstance(element, IntegerType):
        return scalar_constant(start, element), on_floats
    assert on_integers is not None  # (reduce_mean verifies floats only)
    low, high = integer_bounds(element)
    value = low if start == float("-inf") else high if start == float("inf") else int(start)
    return scalar_constant(value, element), unsigned_variant(on_integers, element)


class LrnLowering(RewritePattern):
    """
    Lowers `gawee.lrn` to a `tensor.pad` of the input with zeros on the channel axis
    (low (size-1)/2, high size/2, rounded down), a `linalg.generic` summing the squares
    of each channel window into a zero-filled init (domain (n, c, h, w, k), maps
    `(d0, d1 + d4, d2, d3)`, `(d4)` for a window `tensor.empty() : tensor<sizexT>` and
    `(d0, d1, d2, d3)`, 4 parallel + 1 reduction iterators, body `arith.mulf` then
    `arith.addf %out, ...`), then an element-wise `linalg.generic`
    `x / math.powf(bias + alpha / size * sum, beta)`.
    f16 computes in f32 (`arith.extf` of each element, the sums an f32 tensor, one
    `arith.truncf` of the quotient), as the gawee interpreter does: in f16 the sums and
    the power round at every step and the result drifts more than an ulp.
    """

    @op_pattern
    def match_and_rewrite(self, op: LrnOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        t = element_type_of(op.output)
        acc = accumulator_type(t)

        def widened(x: SSAValue) -> SSAValue:
            return x if acc == t else arith.ExtFOp(x, acc).result

        shape = shape_of(op.output)
        before, after = op.window
        zero = b.constant(0.0, t)
        padded = b.pad(op.input, [0, before, 0, 0], [0, after, 0, 0], zero)
        window = b.empty([before + after + 1], t)
        d = [AffineExpr.dimension(i) for i in range(5)]

        def add_square(x: SSAValue, _window: SSAValue, out: SSAValue) -> SSAValue:
            wide = widened(x)
            return arith.AddfOp(out, arith.MulfOp(wide, wide)).result

        squares = b.generic(
            [padded, window],
            b.filled(shape, zero if acc == t else b.constant(0.0, acc)),
            [dims_map(5, [0, d[1] + d[4], 2, 3]), dims_map(5, [4]), dims_map(5, [0, 1, 2, 3])],
            [*parallel(4), *reduction(1)],
            add_square,
        )
        size = op.size.value.data
        alpha, beta, bias = (op.alpha.value.data / size, op.beta.value.data, op.bias.value.data)

        def normalize(x: SSAValue, s: SSAValue, _out: SSAValue) -> SSAValue:
            x = widened(x)
            base = arith.AddfOp(float_constant(bias, acc), arith.MulfOp(float_constant(alpha, acc), s))
            quotient = arith.DivfOp(x, math.PowFOp(base, float_constant(beta, acc))).result
            return quotient if acc == t else arith.TruncFOp(quotient, t).result

        result = b.elementwise([op.input, squares], shape, t, normalize)
        rewriter.replace(op, b.ops, [result])
