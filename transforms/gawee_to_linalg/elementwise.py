"""Lowerings of the element-wise gawee ops: every op with a scalar form (the unary,
binary, comparison, logical and variadic ops, where, and the composite ops made of
them) to one `linalg.generic`; add of equal shapes to `linalg.add`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, math, tensor
from xdsl.dialects.builtin import AffineMapAttr, AnyFloat, IntegerType
from xdsl.dialects.linalg.ops import AddOp as LinalgAddOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.ir.affine import AffineExpr
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.constraints import is_unsigned
from nnstack.dialects.gawee import (
    AbsOp,
    AddOp,
    AndOp,
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
    GaweeOperation,
    LogOp,
    MaxOp,
    MeanOp,
    MinOp,
    ModOp,
    MulOp,
    NegOp,
    OrOp,
    PowOp,
    ReshapeOp,
    RoundOp,
    SinOp,
    SqrtOp,
    SubOp,
    SumOp,
    TanhOp,
    UnsqueezeOp,
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
    unit_dims,
    unit_dims_source,
)
from .logic import PREDICATES, compare
from .signedness import unsigned_variant

__all__ = ["AddLowering", "ElementwiseLowering"]


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


Index = tuple[int | None, ...]
"""Where a value of a `ScalarProgram` is read at a point of the result's domain: for
each of its dims, the domain dim that indexes it, or None for 0 (a size-1 dim broadcast
along a larger one)."""


def _broadcast_index(source: Sequence[int], shape: Sequence[int], index: Index) -> Index:
    """The index of an operand of shape `source` broadcast (numpy's right-aligned rules)
    into a value of `shape` read at `index`."""
    offset = len(shape) - len(source)
    return tuple(
        None if size == 1 != shape[offset + i] else index[offset + i] for i, size in enumerate(source)
    )


def _unit_reshape(op: Operation) -> list[int] | None:
    """For a gawee reshape or unsqueeze that only inserts size-1 dims (a decomposition
    lining a [C] vector up with a channel dim), the result dim each input dim is."""
    if not isinstance(op, ReshapeOp | UnsqueezeOp):
        return None
    return unit_dims(shape_of(op.input), shape_of(op.output))


@dataclass(frozen=True)
class ScalarProgram:
    """An element-wise op as primitive ops on scalars at a point of its result's domain:
    value i is operand i of the op for i < its operand count, then the result of each
    step in turn. A step reads each of its sources at the index broadcasting gives, and
    a reshape step (`_unit_reshape`) is its source read at the dims it keeps, so an
    operand may be read at several indexes (one input of the generic each)."""

    operand_count: int
    steps: list[tuple[Operation, list[int]]]
    """Each primitive op (or unit reshape) and the values it reads."""
    shapes: list[tuple[int, ...]]
    """The shape of each value."""
    result: int
    """The value that is the op's result."""
    built: list[Operation]
    """The decomposition ops made to find the steps (not in any block; `discard` them)."""

    def _result_key(self) -> tuple[int, Index]:
        """The result, read at each point of its own domain."""
        return self.result, tuple(range(len(self.shapes[self.result])))

    def _sources_at(self, value: int, index: Index) -> list[tuple[int, Index]]:
        op, sources = self.steps[value - self.operand_count]
        if (dims := _unit_reshape(op)) is not None:
            return [(sources[0], tuple(index[d] for d in dims))]
        return [(s, _broadcast_index(self.shapes[s], self.shapes[value], index)) for s in sources]

    def _needed(self) -> list[tuple[int, Index]]:
        """Every value the result needs and at which index, sources first."""
        seen: dict[tuple[int, Index], None] = {}
        pending: list[tuple[int, Index]] = [self._result_key()]
        while pending:
            key = pending.pop()
            if key not in seen:
                seen[key] = None
                if key[0] >= self.operand_count:
                    pending.extend(reversed(self._sources_at(*key)))
        return sorted(seen, key=lambda key: key[0])

    def reads(self) -> list[tuple[int, Index]]:
        """The operands the result reads and at which index, by operand."""
        return [key for key in self._needed() if key[0] < self.operand_count]

    def apply(self, reads: dict[tuple[int, Index], SSAValue]) -> SSAValue:
        """The scalar ops of the steps, in order, built at the current insertion point
        from the scalars `reads` gives (`ScalarProgram.reads`); each step once per
        index it is read at."""
        values = dict(reads)
        for key in self._needed():
            if key not in values:
                op, _ = self.steps[key[0] - self.operand_count]
                args = [values[source] for source in self._sources_at(*key)]
                values[key] = args[0] if _unit_reshape(op) is not None else _primitive_scalar(op, args)
        return values[self._result_key()]


def scalar_program(op: Operation) -> ScalarProgram | None:
    """`op` as primitive element-wise ops and unit reshapes (decomposing composite
    ones), or None where one of them has no scalar form. Built outside any
    `ImplicitBuilder`: the decomposition's gawee ops must not land in a body being
    built."""
    steps: list[tuple[Operation, list[int]]] = []
    shapes = [shape_of(v) for v in op.operands]
    built: list[Operation] = []

    def flatten(o: Operation, sources: list[int]) -> int | None:
        parts = decomposition(o)
        if parts is None:
            if not (_has_scalar_form(o) or (o is not op and _unit_reshape(o) is not None)):
                return None
            steps.append((o, sources))
            shapes.append(shape_of(o.results[0]))
            return len(shapes) - 1
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
    return ScalarProgram(len(op.operands), steps, shapes, result, built)


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
    them and of reshapes that only insert size-1 dims: relu, sigmoid, gelu,
    hard_sigmoid, hard_swish, leaky_relu, clip, batch_norm, ...) to one
    `linalg.generic` over the result, all parallel, with each operand broadcast into it
    (numpy's right-aligned rules: a missing leading dim is dropped from the map, a size-1
    dim facing a larger one is indexed by 0; an operand the decomposition reshapes is
    mapped through the reshape, batch_norm's [C] vectors as `(d0, d1, d2, d3) -> (d1)`;
    an operand read twice the same way is one input) and a body that is the op's scalar
    form: its arith / math op, or the scalar ops of its decomposition, fused, with their
    constants created inside the body.

    An operand that is a `tensor.reshape` only inserting size-1 dims (a reduction's
    kept dims: layer_norm's and log_softmax's statistics, lowered as their
    decompositions) is read from the reshape's source through the map in the same way,
    and the reshape is erased when nothing else uses it, as MLIR folds such a reshape
    into a `linalg.generic`.
    """

    def lowers(self, op: Operation) -> bool:
        return self._may_lower(op) and is_scalar(op)

    @staticmethod
    def _may_lower(op: Operation) -> bool:
        # (a gawee op: the index arithmetic of a loop the recurrent ops lower to is not)
        return isinstance(op, GaweeOperation) and len(op.results) == 1 and not isinstance(op, ConstantOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        # (`lowers`, its scalar program built once)
        program = scalar_program(op) if self._may_lower(op) else None
        if program is None:
            return
        shape = shape_of(op.results[0])
        rank = len(shape)
        reads = program.reads()
        inputs: dict[tuple[SSAValue, AffineMapAttr], int] = {}
        positions: list[int] = []
        for operand, index in reads:
            value = op.operands[operand]
            if (folded := unit_dims_source(value)) is not None:
                value, dims = folded
                index = tuple(index[d] for d in dims)
            read = dims_map(rank, [AffineExpr.constant(0) if d is None else d for d in index])
            positions.append(inputs.setdefault((value, read), len(inputs)))
        b = LoweringBuilder()
        result = b.generic(
            [value for value, _ in inputs],
            b.empty(shape, element_type_of(op.results[0])),
            [*(read for _, read in inputs), identity_map(rank)],
            parallel(rank),
            lambda *args: program.apply({read: args[p] for read, p in zip(reads, positions)}),
        )
        discard(program.built)
        owners = [value.owner for value in op.operands]
        rewriter.replace(op, b.ops, [result])
        for owner in dict.fromkeys(owners):
            _erase_if_dead(owner, rewriter)


def _erase_if_dead(op: Operation | Block, rewriter: PatternRewriter) -> None:
    """Erases a `tensor.reshape` the lowering no longer reads, and its shape constant."""
    if isinstance(op, tensor.ReshapeOp) and not op.result.uses:
        shape = op.shape.owner
        rewriter.erase(op)
        if isinstance(shape, arith.ConstantOp) and not shape.result.uses:
            rewriter.erase(shape)
