"""Lowerings of the element-wise gawee ops: relu, add, batch_norm, the unary ops, the
broadcasting binary ops and the variadic max / min / sum / mean."""

from __future__ import annotations

import math as pymath
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import AnyFloat
from xdsl.dialects.linalg.ops import AddOp as LinalgAddOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from nnstack.dialects.gawee import (
    AbsOp,
    AddOp,
    AndOp,
    BatchNormOp,
    BroadcastBinaryOp,
    ClipOp,
    CosOp,
    DivOp,
    ErfOp,
    ExpOp,
    GeluOp,
    HardSigmoidOp,
    HardSwishOp,
    LeakyReluOp,
    LogOp,
    MaxOp,
    MeanOp,
    MinOp,
    MulOp,
    NegOp,
    OrOp,
    PowOp,
    ReciprocalOp,
    ReluOp,
    SigmoidOp,
    SinOp,
    SqrtOp,
    SubOp,
    SumOp,
    TanhOp,
    VariadicBroadcastOp,
    XorOp,
)

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
                [op.lhs, op.rhs],
                empty,
                [*maps, identity_map(len(shape))],
                parallel(len(shape)),
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


def _hard_sigmoid(x: SSAValue, alpha: float, beta: float, element_type: Attribute) -> SSAValue:
    """min(max(alpha * x + beta, 0), 1)."""
    scaled = arith.AddfOp(
        arith.MulfOp(x, float_constant(alpha, element_type)), float_constant(beta, element_type)
    )
    low = arith.MaximumfOp(scaled, float_constant(0.0, element_type))
    return arith.MinimumfOp(low, float_constant(1.0, element_type)).result


def _gelu(op: GeluOp, x: SSAValue, element_type: Attribute) -> SSAValue:
    """0.5 * x * (1 + erf(x / sqrt(2))), or with tanh(sqrt(2 / pi) * (x + 0.044715 x^3))."""
    if op.approximation == "tanh":
        cube = arith.MulfOp(arith.MulfOp(x, x), x)
        inner = arith.AddfOp(x, arith.MulfOp(cube, float_constant(0.044715, element_type)))
        phi = math.TanhOp(arith.MulfOp(inner, float_constant(pymath.sqrt(2 / pymath.pi), element_type)))
    else:
        phi = math.ErfOp(arith.MulfOp(x, float_constant(1 / pymath.sqrt(2), element_type)))
    one_plus = arith.AddfOp(phi, float_constant(1.0, element_type))
    return arith.MulfOp(arith.MulfOp(x, float_constant(0.5, element_type)), one_plus).result


def _unary_body(op: Operation, x: SSAValue, t: Attribute) -> SSAValue:
    """The scalar computation of a unary element-wise gawee op, in its element type `t`."""
    match op:
        case NegOp():
            return arith.NegfOp(x).result
        case AbsOp():
            return math.AbsFOp(x).result
        case ExpOp():
            return math.ExpOp(x).result
        case LogOp():
            return math.LogOp(x).result
        case SqrtOp():
            return math.SqrtOp(x).result
        case SinOp():
            return math.SinOp(x).result
        case CosOp():
            return math.CosOp(x).result
        case TanhOp():
            return math.TanhOp(x).result
        case ErfOp():
            return math.ErfOp(x).result
        case ReciprocalOp():
            return arith.DivfOp(float_constant(1.0, t), x).result
        case SigmoidOp():
            denominator = arith.AddfOp(float_constant(1.0, t), math.ExpOp(arith.NegfOp(x)))
            return arith.DivfOp(float_constant(1.0, t), denominator).result
        case GeluOp():
            return _gelu(op, x, t)
        case HardSigmoidOp():
            return _hard_sigmoid(x, op.parameter("alpha"), op.parameter("beta"), t)
        case HardSwishOp():
            return arith.MulfOp(x, _hard_sigmoid(x, 1 / 6, 0.5, t)).result
        case ClipOp():
            low, high = op.bound("min"), op.bound("max")
            if low is not None:
                x = arith.MaximumfOp(x, float_constant(low, t)).result
            if high is not None:
                x = arith.MinimumfOp(x, float_constant(high, t)).result
            return x
        case LeakyReluOp():
            negative = arith.CmpfOp(x, float_constant(0.0, t), "olt")
            scaled = arith.MulfOp(x, float_constant(op.parameter("alpha"), t))
            return arith.SelectOp(negative, scaled, x).result
        case _:
            raise ValueError(f"{op.name} is not a unary element-wise op")


UNARY_OPS = (
    NegOp,
    AbsOp,
    ExpOp,
    LogOp,
    SqrtOp,
    SinOp,
    CosOp,
    TanhOp,
    ErfOp,
    ReciprocalOp,
    SigmoidOp,
    GeluOp,
    HardSigmoidOp,
    HardSwishOp,
    LeakyReluOp,
    ClipOp,
)
"""The unary gawee ops `UnaryElementwiseLowering` lowers."""

BINARY_BODIES: dict[type[BroadcastBinaryOp], Callable[[SSAValue, SSAValue], Operation]] = {
    SubOp: arith.SubfOp,
    MulOp: arith.MulfOp,
    DivOp: arith.DivfOp,
    PowOp: math.PowFOp,
    AndOp: arith.AndIOp,
    OrOp: arith.OrIOp,
    XorOp: arith.XOrIOp,
}
"""The scalar op of each broadcasting binary gawee op `BinaryElementwiseLowering` lowers."""


class UnaryElementwiseLowering(RewritePattern):
    """
    Lowers a unary element-wise gawee op (neg, abs, exp, log, sqrt, sin, cos, tanh,
    erf, reciprocal, sigmoid, gelu, hard_sigmoid, hard_swish, leaky_relu, clip) to one
    `linalg.generic` over the input's rank (identity maps, all parallel) whose body
    is the op's scalar formula in arith / math ops of the element type, with its
    constants created inside the body.
    """

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        if not isinstance(op, UNARY_OPS) or unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        shape = shape_of(op.output)
        rank = len(shape)
        result = b.generic(
            [op.input],
            b.empty(shape, element_type),
            [identity_map(rank)] * 2,
            parallel(rank),
            lambda x, _out: _unary_body(op, x, element_type),
        )
        rewriter.replace(op, b.ops, [result])


class BinaryElementwiseLowering(RewritePattern):
    """
    Lowers a broadcasting binary gawee op (sub, mul, div, pow; and, or, xor on i1) to
    one `linalg.generic` whose maps follow numpy's right-aligned broadcasting (as
    `gawee.add`'s) and whose body is `arith.subf` / `mulf` / `divf`, `math.powf` or
    `arith.andi` / `ori` / `xori`.
    """

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        scalar_op = BINARY_BODIES.get(type(op))  # pyright: ignore[reportArgumentType]
        if scalar_op is None or not isinstance(op, BroadcastBinaryOp) or unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        shape = shape_of(op.output)
        maps = [broadcast_map(shape_of(v), shape) for v in (op.lhs, op.rhs)]
        result = b.generic(
            [op.lhs, op.rhs],
            b.empty(shape, element_type_of(op.output)),
            [*maps, identity_map(len(shape))],
            parallel(len(shape)),
            lambda lhs, rhs, _out: scalar_op(lhs, rhs).results[0],
        )
        rewriter.replace(op, b.ops, [result])


VARIADIC_BODIES: dict[
    type[VariadicBroadcastOp], tuple[Callable[..., Operation], Callable[..., Operation]]
] = {
    MaxOp: (arith.MaximumfOp, arith.MaxSIOp),
    MinOp: (arith.MinimumfOp, arith.MinSIOp),
    SumOp: (arith.AddfOp, arith.AddiOp),
    MeanOp: (arith.AddfOp, arith.AddiOp),
}
"""The float and integer scalar op that combines the operands of each variadic op."""


class VariadicElementwiseLowering(RewritePattern):
    """
    Lowers `gawee.max / min / sum / mean` to one `linalg.generic` over the result with
    each operand broadcast into it (numpy maps) and a body that folds the operands
    with `arith.maximumf` / `minimumf` / `addf` (`maxsi` / `minsi` on integers); the
    mean then divides by the operand count.
    """

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        bodies = VARIADIC_BODIES.get(type(op))  # pyright: ignore[reportArgumentType]
        if bodies is None or unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        shape, element_type = shape_of(op.results[0]), element_type_of(op.results[0])
        combine = bodies[0] if isinstance(element_type, AnyFloat) else bodies[1]

        def body(*args: SSAValue) -> SSAValue:
            value = args[0]
            for x in args[1:-1]:
                value = combine(value, x).results[0]
            if isinstance(op, MeanOp):
                value = arith.DivfOp(value, float_constant(len(args) - 1, element_type)).result
            return value

        result = b.generic(
            list(op.operands),
            b.empty(shape, element_type),
            [*(broadcast_map(shape_of(v), shape) for v in op.operands), identity_map(len(shape))],
            parallel(len(shape)),
            body,
        )
        rewriter.replace(op, b.ops, [result])
