"""Lowerings of the element-wise gawee ops: relu, add, batch_norm."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, math
from xdsl.dialects.linalg.ops import AddOp as LinalgAddOp
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from nnstack.dialects.gawee import AddOp, BatchNormOp, ReluOp

from .builder import (
    LoweringBuilder,
    broadcast_map,
    dims_map,
    element_type_of,
    float_constant,
    identity_map,
    parallel,
    shape_of,
    unsupported_reason,
)


class ReluLowering(RewritePattern):
    """
    Lowers `gawee.relu` to one `linalg.generic` over the input's rank (identity maps,
    all parallel) whose body is `arith.maximumf %in, %cst` with the zero constant
    created inside the body; maximumf propagates NaN, as PyTorch's relu does.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ReluOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        shape = shape_of(op.output)
        rank = len(shape)

        def body(x: SSAValue, _out: SSAValue) -> SSAValue:
            zero = float_constant(0.0, element_type)
            return arith.MaximumfOp(x, zero).result

        result = b.generic(
            [op.input], b.empty(shape, element_type), [identity_map(rank)] * 2, parallel(rank), body
        )
        rewriter.replace(op, b.ops, [result])


@dataclass(frozen=True)
class AddLowering(RewritePattern):
    """
    Lowers `gawee.add` of two operands of the result's shape to
    `linalg.add ins(%lhs, %rhs) outs(%empty)`, and a broadcasting add (or every add,
    with `elementwise_generic`) to a `linalg.generic` with `arith.addf` whose maps
    follow numpy's right-aligned broadcasting: missing leading dims are dropped and a
    size-1 dim facing a larger result dim is indexed by 0, e.g.
    `affine_map<(d0, d1) -> (0, d1)>`.
    """

    elementwise_generic: bool = False
    """Emit `linalg.generic` instead of the named `linalg.add`, which newer upstream
    MLIR no longer has."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: AddOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        shape = shape_of(op.output)
        empty = b.empty(shape, element_type_of(op.output))
        same_shapes = shape_of(op.lhs) == shape_of(op.rhs) == shape
        if same_shapes and not self.elementwise_generic:
            result = b.add(LinalgAddOp([op.lhs, op.rhs], [empty])).results[0]
        else:
            maps = [broadcast_map(shape_of(v), shape) for v in (op.lhs, op.rhs)]
            result = b.generic(
                [op.lhs, op.rhs], empty, [*maps, identity_map(len(shape))], parallel(len(shape)),
                lambda lhs, rhs, _out: arith.AddfOp(lhs, rhs).result,
            )
        rewriter.replace(op, b.ops, [result])


class BatchNormLowering(RewritePattern):
    """
    Lowers `gawee.batch_norm` to one `linalg.generic` over the input's rank, all
    parallel, with identity maps for the input and the output and `(d0, ..., dn) -> (d1)`
    for the per-channel operands `ins(%x, %mean, %var[, %weight, %bias])`. The body
    computes `(x - mean) / sqrt(var + eps)`, then `* weight + bias` when `affine` is
    true, in the element type (`arith.subf/addf/divf/mulf`, `math.sqrt`, eps a
    constant of the element type created inside the body). `affine = false` ignores
    weight and bias.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: BatchNormOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        shape = shape_of(op.output)
        rank = len(shape)
        affine = bool(op.affine.value.data)
        eps = op.epsilon

        inputs = [op.input, op.running_mean, op.running_var]
        if affine:
            inputs += [op.weight, op.bias]
        channel = dims_map(rank, [1])
        maps = [identity_map(rank)] + [channel] * (len(inputs) - 1) + [identity_map(rank)]

        def body(x: SSAValue, mean: SSAValue, var: SSAValue, *rest: SSAValue) -> SSAValue:
            epsilon = float_constant(eps, element_type)
            centered = arith.SubfOp(x, mean)
            std = math.SqrtOp(arith.AddfOp(var, epsilon))
            normalized = arith.DivfOp(centered, std).result
            if not affine:
                return normalized
            weight, bias, _out = rest
            return arith.AddfOp(arith.MulfOp(normalized, weight), bias).result

        result = b.generic(inputs, b.empty(shape, element_type), maps, parallel(rank), body)
        rewriter.replace(op, b.ops, [result])
