"""Lowerings of the element-wise gawee ops: every op with a scalar form (the unary,
binary, comparison, logical and variadic ops, where, and the composite ops made of
them) to one `linalg.generic`; add of equal shapes to `linalg.add`; batch_norm."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import AnyFloat, IntegerType
from xdsl.dialects.linalg.ops import AddOp as LinalgAddOp
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.constraints import is_unsigned
from nnstack.dialects.gawee import (
    AbsOp,
    AddOp,
    AndOp,
    BatchNormOp,
    BitShiftOp,
    BitwiseAndOp,
    BitwiseOrOp,
    BitwiseXorOp,
    CeilOp,
    ConstantOp,
    CosOp,
    DivOp,
    ErfOp,
    ExpOp,
    FloorOp,
    LogOp,
    MaxOp,
    MeanOp,
    MinOp,
    ModOp,
    MulOp,
    NegOp,
    OrOp,
    PowOp,
    RoundOp,
    SinOp,
    SqrtOp,
    SubOp,
    SumOp,
    TanhOp,
    WhereOp,
    XorOp,
    trigonometric,
)
from nnstack.dialects.gawee.composite import decomposition, discard
from nnstack.dialects.values import attribute_value
from nnstack.transforms.utils import op_pattern

from .arithmetic import mod_scalar, shift_scalar
from .builder import (
    LoweringBuilder,
    dims_map,
    element_type_of,
    float_constant,
    identity_map,
    parallel,
    scalar_constant,
    shape_of,
)
from .logic import PREDICATES, broadcast_generic, compare
from .signedness import unsigned_variant

__all__ = ["AddLowering", "BatchNormLowering", "ElementwiseLowering"]


@dataclass(frozen=True)
class AddLowering(RewritePattern):
    """
    Lowers `gawee.add` of two operands of the result's shape to the named
    `linalg.add ins(%lhs, %rhs) outs(%empty)`; a broadcasting add is left to
    `ElementwiseLowering` (and every add, where the conversion leaves this pattern out).
    """

    @op_pattern
    def match_and_rewrite(self, op: AddOp, rewriter: PatternRewriter, /):
        shape = shape_of(op.output)
        if not shape_of(op.lhs) == shape_of(op.rhs) == shape:
            return
        b = LoweringBuilder()
        empty = b.empty(shape, element_type_of(op.output))
        result = b.add(LinalgAddOp([op.lhs, op.rhs], [empty])).results[0]
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

    @op_pattern
    def match_and_rewrite(self, op: BatchNormOp, rewriter: PatternRewriter, /):
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


UNARY_BODIES: dict[type[Operation], Callable[[SSAValue], Operation]] = {
    NegOp: arith.NegfOp,
    AbsOp: math.AbsFOp,
    ExpOp: math.ExpOp,
    LogOp: math.LogOp,
    SqrtOp: math.SqrtOp,
    FloorOp: math.FloorOp,
    CeilOp: math.CeilOp,
    RoundOp: math.RoundEvenOp,
    SinOp: math.SinOp,
    CosOp: math.CosOp,
    TanhOp: math.TanhOp,
    trigonometric.TanOp: math.TanOp,
    trigonometric.AsinOp: math.AsinOp,
    trigonometric.AcosOp: math.AcosOp,
    trigonometric.AtanOp: math.AtanOp,
    trigonometric.SinhOp: math.SinhOp,
    trigonometric.CoshOp: math.CoshOp,
    trigonometric.AsinhOp: math.AsinhOp,
    trigonometric.AcoshOp: math.AcoshOp,
    trigonometric.AtanhOp: math.AtanhOp,
    ErfOp: math.ErfOp,
}
"""The scalar op of each primitive unary gawee op on floats."""

BINARY_BODIES: dict[type[Operation], Callable[[SSAValue, SSAValue], Operation]] = {
    AddOp: arith.AddfOp,
    SubOp: arith.SubfOp,
    MulOp: arith.MulfOp,
    DivOp: arith.DivfOp,
    PowOp: math.PowFOp,
    AndOp: arith.AndIOp,
    OrOp: arith.OrIOp,
    XorOp: arith.XOrIOp,
}
"""The scalar op of each primitive broadcasting binary gawee op on floats (and of the
logical ops, on i1)."""


def _negate_integer(x: SSAValue) -> Operation:
    """0 - x: arith has no integer negation (the most negative value wraps to itself)."""
    return arith.SubiOp(scalar_constant(0, x.type), x)


INTEGER_BODIES: dict[type[Operation], Callable[..., Operation]] = {
    NegOp: _negate_integer,
    AbsOp: math.AbsIOp,
    AddOp: arith.AddiOp,
    SubOp: arith.SubiOp,
    MulOp: arith.MuliOp,
    DivOp: arith.DivSIOp,
    BitwiseAndOp: arith.AndIOp,
    BitwiseOrOp: arith.OrIOp,
    BitwiseXorOp: arith.XOrIOp,
}
"""The scalar op of each primitive unary or binary gawee op that takes integers, on
them: wrapping arith ops, as ONNX Runtime's; division truncating toward zero (on
unsigned integers the `unsigned_variant`, and abs is the identity)."""

SCALAR_FORMS: dict[type[Operation], Callable[..., SSAValue]] = {
    ModOp: mod_scalar,
    BitShiftOp: shift_scalar,
}
"""The scalar form `form(op, *operands)` of each primitive binary op that needs several
arith ops (`gawee_to_linalg/arithmetic.py`)."""

VARIADIC_BODIES: dict[type[Operation], tuple[Callable[..., Operation], Callable[..., Operation]]] = {
    MaxOp: (arith.MaximumfOp, arith.MaxSIOp),
    MinOp: (arith.MinimumfOp, arith.MinSIOp),
    SumOp: (arith.AddfOp, arith.AddiOp),
    MeanOp: (arith.AddfOp, arith.AddiOp),
}
"""The float and integer scalar op that combines the operands of each variadic op."""


def _primitive_scalar(op: Operation, args: Sequence[SSAValue]) -> SSAValue:
    """The scalar form of a primitive element-wise gawee op (`is_scalar`)."""
    element_type = element_type_of(op.results[0])
    if isinstance(op, ConstantOp):
        value = attribute_value(op.value, op.output.type).item()
        return scalar_constant(value, element_type).result
    if (form := SCALAR_FORMS.get(type(op))) is not None:
        return form(op, *args)
    if isinstance(element_type, IntegerType) and (integer := INTEGER_BODIES.get(type(op))) is not None:
        if isinstance(op, AbsOp) and is_unsigned(element_type):
            return args[0]
        return unsigned_variant(integer, element_type)(*args).results[0]
    if (unary := UNARY_BODIES.get(type(op))) is not None:
        return unary(*args).results[0]
    if (binary := BINARY_BODIES.get(type(op))) is not None:
        return binary(*args).results[0]
    if (predicates := PREDICATES.get(type(op))) is not None:  # pyright: ignore[reportArgumentType]
        return compare(predicates, *args)
    if isinstance(op, WhereOp):
        return arith.SelectOp(*args).result
    bodies = VARIADIC_BODIES[type(op)]
    combine = bodies[0] if isinstance(element_type, AnyFloat) else unsigned_variant(bodies[1], element_type)
    value = args[0]
    for x in args[1:]:
        value = combine(value, x).results[0]
    if isinstance(op, MeanOp):
        value = arith.DivfOp(value, float_constant(len(args), element_type)).result
    return value


def _has_scalar_form(op: Operation) -> bool:
    if isinstance(op, ConstantOp):
        return shape_of(op.output) == ()
    kind = type(op)
    return (
        kind in UNARY_BODIES
        or kind in BINARY_BODIES
        or kind in INTEGER_BODIES
        or kind in VARIADIC_BODIES
        or kind in PREDICATES
        or kind in SCALAR_FORMS
        or isinstance(op, WhereOp)
    )


@dataclass(frozen=True)
class ScalarProgram:
    """An element-wise op as a sequence of primitive ops on scalars: value i is operand i
    of the op for i < its operand count, then the result of each step in turn."""

    steps: list[tuple[Operation, list[int]]]
    """Each primitive op and the values it reads."""
    result: int
    """The value that is the op's result."""
    built: list[Operation]
    """The decomposition ops made to find the steps (not in any block; `discard` them)."""

    def apply(self, operands: Sequence[SSAValue]) -> SSAValue:
        """The scalar ops of the steps, built at the current insertion point."""
        values = list(operands)
        for op, sources in self.steps:
            values.append(_primitive_scalar(op, [values[i] for i in sources]))
        return values[self.result]


def scalar_program(op: Operation) -> ScalarProgram | None:
    """`op` as primitive element-wise ops (decomposing composite ones), or None where one
    of them has no scalar form. Built outside any `ImplicitBuilder`: the decomposition's
    gawee ops must not land in a body being built."""
    steps: list[tuple[Operation, list[int]]] = []
    built: list[Operation] = []

    def flatten(o: Operation, sources: list[int]) -> int | None:
        parts = decomposition(o)
        if parts is None:
            if not _has_scalar_form(o):
                return None
            steps.append((o, sources))
            return len(op.operands) + len(steps) - 1
        built.extend(parts.ops)
        index = dict(zip(o.operands, sources, strict=True))
        for part in parts.ops:
            result = flatten(part, [index[v] for v in part.operands])
            if result is None:
                return None
            index[part.results[0]] = result
        return index[parts.results[0]]

    result = flatten(op, list(range(len(op.operands))))
    if result is None:
        discard(built)
        return None
    return ScalarProgram(steps, result, built)


def is_scalar(op: Operation) -> bool:
    """Whether `op` is element-wise with a scalar form: a primitive element-wise op, a
    rank-0 constant, or a composite op whose decomposition has only such ops."""
    program = scalar_program(op)
    if program is None:
        return False
    discard(program.built)
    return True


class ElementwiseLowering(RewritePattern):
    """
    Lowers an element-wise gawee op (`is_scalar`: the unary, broadcasting binary,
    comparison, logical and variadic ops, `gawee.where`, and the composite ops made of
    them: relu, sigmoid, gelu, hard_sigmoid, hard_swish, leaky_relu, clip, ...) to one
    `linalg.generic` over the result, all parallel, with each operand broadcast into it
    (numpy's right-aligned rules: a missing leading dim is dropped from the map, a size-1
    dim facing a larger one is indexed by 0) and a body that is the op's scalar form: its
    arith / math op, or the scalar ops of its decomposition, fused, with their constants
    created inside the body.
    """

    def lowers(self, op: Operation) -> bool:
        return len(op.results) == 1 and not isinstance(op, ConstantOp) and is_scalar(op)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        if not self.lowers(op):
            return
        program = scalar_program(op)
        assert program is not None  # (`lowers`)
        ops, result = broadcast_generic(op, lambda *args: program.apply(args[:-1]))
        discard(program.built)
        rewriter.replace(op, ops, [result])
