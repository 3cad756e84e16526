"""mir.reduce: every reduction kind, any set of axes, with or without keep_dims; what a
reduction kind starts from, combines with and accumulates in, which mir.pool shares."""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType

from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, op_type_rewrite_pattern

from nnstack.dialects import llir, mir
from nnstack.dialects.constraints import accumulator_type

from .builder import LlirPattern, Offset, integer_bounds, linear, tensor_type


def neutral_element(kind: mir.ReduceKind, typ: Attribute) -> int | float:
    """The value a reduction of nothing gives: the neutral element of the kind."""
    if kind in (mir.ReduceKind.SUM, mir.ReduceKind.MEAN, mir.ReduceKind.ANY):
        return 0.0 if llir.is_float(typ) else 0
    if kind in (mir.ReduceKind.PROD, mir.ReduceKind.ALL):
        return 1.0 if llir.is_float(typ) else 1
    if kind in (mir.ReduceKind.UMAX, mir.ReduceKind.UMIN):
        return 0 if kind == mir.ReduceKind.UMAX else -1  # (-1: 2^N - 1's bits)
    if llir.is_float(typ):
        return float("-inf") if kind == mir.ReduceKind.MAX else float("inf")
    low, high = integer_bounds(typ)
    return low if kind == mir.ReduceKind.MAX else high


COMBINE: Mapping[mir.ReduceKind, type[llir.BinaryOp]] = MappingProxyType(
    {
        mir.ReduceKind.SUM: llir.AddOp,
        mir.ReduceKind.MEAN: llir.AddOp,
        mir.ReduceKind.PROD: llir.MulOp,
        mir.ReduceKind.MAX: llir.MaxOp,
        mir.ReduceKind.MIN: llir.MinOp,
        mir.ReduceKind.ANY: llir.OrOp,
        mir.ReduceKind.ALL: llir.AndOp,
        mir.ReduceKind.UMAX: llir.UMaxOp,
        mir.ReduceKind.UMIN: llir.UMinOp,
    }
)
"""The llir op that combines the accumulator with the next element, per reduction kind."""

POOL_REDUCTIONS: Mapping[mir.PoolKind, mir.ReduceKind] = MappingProxyType(
    {
        mir.PoolKind.MAX: mir.ReduceKind.MAX,
        mir.PoolKind.SUM: mir.ReduceKind.SUM,
        mir.PoolKind.AVG: mir.ReduceKind.MEAN,
    }
)
"""How each kind of mir.pool reduces a window (an average: the mean over the taps
inside the input)."""


def reduction_accumulator(kind: mir.ReduceKind, element: Attribute) -> Attribute:
    """The type a reduction accumulates in: f32 for f16 sums and means, as mir computes
    them; the element type otherwise."""
    return accumulator_type(element) if kind in (mir.ReduceKind.SUM, mir.ReduceKind.MEAN) else element


class ReduceLowering(LlirPattern):
    """mir.reduce -> loops over the kept dims around loops over the reduced axes that
    carry the accumulator (sum / mean: llir.add from 0, in f32 for f16; prod: mul from 1;
    max / min from -inf / +inf or the integer bounds; umax / umin: llir.umax / umin
    from 0 / 2^N - 1; any / all: or / and from false /
    true); mean divides by the number of reduced elements. With keep_dims the result
    has size-1 dims where the axes were, otherwise it drops them: only its strides differ."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.ReduceOp, rewriter: PatternRewriter, /):
        (x,) = self.operands(op, rewriter)
        b, out = self.start(op)
        element = tensor_type(op.result).element_type
        kind = op.kind.data
        shape = mir.tensor_shape(op.input)
        axes = set(op.array("axes"))
        sx = b.strides(shape)
        so = b.strides(mir.tensor_shape(op.result))
        kept = [d for d in range(len(shape)) if d not in axes]
        out_dim = {d: (d if op.keeps_dims else kept.index(d)) for d in kept}
        order = b.loop_order(len(shape))
        acc_type = reduction_accumulator(kind, element)
        combine = COMBINE[kind]
        with b.nest([shape[d] for d in order if d in out_dim]) as ivs:
            positions = dict(zip([d for d in order if d in out_dim], ivs))
            x_base = linear(b, [(positions[d], sx[d]) for d in kept])
            reduced = [d for d in order if d in axes]
            initial = b.const(neutral_element(kind, acc_type), acc_type)

            def reduce(level: int, offset: Offset, acc: SSAValue) -> SSAValue:
                if level == len(reduced):
                    value = b.widen(b.load(x, offset), acc_type)
                    return b.binary(combine, acc, value)
                dim = reduced[level]
                if shape[dim] == 1:
                    return reduce(level + 1, offset, acc)
                loop = b.loop(0, shape[dim], 1, [acc])
                with loop:
                    loop.yield_(reduce(level + 1, offset.plus(b, loop.iv, sx[dim]), loop.args[0]))
                return loop.results[0]

            result = reduce(0, x_base, initial)
            if kind == mir.ReduceKind.MEAN:
                count = math.prod(shape[d] for d in axes)
                result = b.binary(llir.DivOp, result, b.const(float(count), acc_type))
            target = linear(b, [(positions[d], so[out_dim[d]]) for d in kept])
            b.store(b.narrow(result, element), out, target)
        self.replace(op, rewriter, b, [out])
