"""Element-wise mir ops: the arithmetic, logical and comparison `mir.broadcast_*` ops
(with the unsigned forms of those whose meaning depends on signedness:
`broadcast_udiv`, `urem`, `umax`, `umin`, `ushr`; mir's integers are signless, read as
signed by the other ops, as in MLIR's arith),
`mir.select`, `mir.broadcast_to`, the unary math ops (`mir.sqrt`, `exp`, `log`, `neg`,
`abs`, `sin`, `cos`, `tan`, `asin`, `acos`, `atan`, `sinh`, `cosh`, `tanh`, `asinh`,
`acosh`, `atanh`, `erf`, `floor`, `ceil`, `round`) and `mir.cast`.

Every op that broadcasts carries its result shape as `broadcast_shape`, the numpy
broadcast of its operand shapes (the seed's rule: no implicit broadcasting)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import DenseArrayBase, TensorType, UnitAttr, i1, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import VarConstraint, operand_def, opt_prop_def, prop_def, result_def, traits_def
from xdsl.traits import NoMemoryEffect, Pure

from nnstack.dialects.constraints import (
    INTEGER_TYPES,
    AnyElement,
    BoolElement,
    FloatElement,
    IntegerElement,
    NumericElement,
    static_tensor,
)
from nnstack.dialects.mir.attrs import UNSIGNED_PREDICATES, ComparePredicate, ComparePredicateAttr
from nnstack.dialects.mir.base import BinaryOp, MirOperation, TensorOp
from nnstack.dialects.utils import (
    ATTR_DICT_AND_TYPES,
    broadcast_shape,
    element_type,
    i64_array,
    keywords,
    op_definition,
    tensor_like,
    tensor_shape,
)


def verify_broadcast(op: MirOperation, operands: Sequence[SSAValue]) -> None:
    """`broadcast_shape` is the numpy broadcast of the operand shapes and the result shape."""
    shapes = [tensor_shape(v) for v in operands]
    expected = broadcast_shape(*shapes)
    listed = " and ".join(str(list(shape)) for shape in shapes)
    if expected is None:
        raise op.fail(f"operand shapes {listed} do not broadcast")
    declared = op.array("broadcast_shape")
    if declared != expected:
        raise op.fail(
            f"broadcast_shape {list(declared)} is not the broadcast {list(expected)} of the "
            f"operand shapes {listed}"
        )
    op.expect_result_shape(declared, " (broadcast_shape)")


def broadcast_properties(
    name: str, operands: Sequence[SSAValue]
) -> tuple[tuple[int, ...], dict[str, Attribute]]:
    """The broadcast shape of `operands` and the `broadcast_shape` property a builder sets."""
    shapes = [tensor_shape(v) for v in operands]
    shape = broadcast_shape(*shapes)
    if shape is None:
        raise ValueError(f"{name}: shapes {' and '.join(str(s) for s in shapes)} do not broadcast")
    return shape, {"broadcast_shape": i64_array(shape)}


class BroadcastBinaryOp(BinaryOp):
    """Element-wise binary op with explicit numpy broadcasting.

    `broadcast_shape` must be the numpy broadcast of the operand shapes and is the
    result shape; operands and result share one numeric element type.
    """

    broadcast_shape = prop_def(DenseArrayBase.constr(i64))

    assembly_format = f"$lhs `,` $rhs {keywords('broadcast_shape')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        shape, properties = broadcast_properties(self.name, [lhs, rhs])
        super().__init__(operands=[lhs, rhs], result_types=[tensor_like(lhs, shape)], properties=properties)

    def verify_(self) -> None:
        verify_broadcast(self, [self.lhs, self.rhs])


class BroadcastDivisionOp(BroadcastBinaryOp):
    """A division or remainder, signed or unsigned, whose zero integer divisor is a
    runtime error: declared free of memory effects but not pure, so not speculatable.
    (IRDL merges BinaryOp's `Pure` into its traits all the same.)"""

    traits = traits_def(NoMemoryEffect())


@op_definition
class BroadcastAddOp(BroadcastBinaryOp):
    """lhs + rhs (integers wrap)."""

    name = "mir.broadcast_add"


@op_definition
class BroadcastSubOp(BroadcastBinaryOp):
    """lhs - rhs (integers wrap)."""

    name = "mir.broadcast_sub"


@op_definition
class BroadcastMulOp(BroadcastBinaryOp):
    """lhs * rhs (integers wrap)."""

    name = "mir.broadcast_mul"


@op_definition
class BroadcastDivOp(BroadcastDivisionOp):
    """lhs / rhs: IEEE division on floats; on integers truncating division, where a
    zero divisor is a runtime error (so the op is not speculatable)."""

    name = "mir.broadcast_div"


@op_definition
class BroadcastRemOp(BroadcastDivisionOp):
    """The remainder of lhs / rhs with the quotient truncated, of the dividend's sign
    (C's fmod on floats, LLVM's srem on integers; the most negative integer rem -1 is 0);
    a zero integer divisor is a runtime error (so the op is not speculatable)."""

    name = "mir.broadcast_rem"


@op_definition
class BroadcastModOp(BroadcastDivisionOp):
    """The remainder of lhs / rhs with the quotient floored, of the divisor's sign
    (numpy's np.mod, Python's %; on floats a zero remainder is a zero of the divisor's
    sign); a zero integer divisor is a runtime error (so the op is not speculatable)."""

    name = "mir.broadcast_mod"


@op_definition
class BroadcastMaxOp(BroadcastBinaryOp):
    """Element-wise maximum; NaN propagates (like arith.maximumf)."""

    name = "mir.broadcast_max"


@op_definition
class BroadcastMinOp(BroadcastBinaryOp):
    """Element-wise minimum; NaN propagates (like arith.minimumf)."""

    name = "mir.broadcast_min"


@op_definition
class BroadcastPowOp(BroadcastBinaryOp):
    """lhs ^ rhs on floats (NaN for a negative base and a fractional exponent)."""

    name = "mir.broadcast_pow"

    E: ClassVar = VarConstraint("element_type", FloatElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    result = result_def(static_tensor(E))


class BroadcastBitwiseOp(BroadcastBinaryOp):
    """A bitwise op on integers; on i1 (masks) the logical one."""

    E: ClassVar = VarConstraint("element_type", IntegerElement | BoolElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    result = result_def(static_tensor(E))


@op_definition
class BroadcastAndOp(BroadcastBitwiseOp):
    """lhs & rhs (logical and on i1)."""

    name = "mir.broadcast_and"


@op_definition
class BroadcastOrOp(BroadcastBitwiseOp):
    """lhs | rhs (logical or on i1)."""

    name = "mir.broadcast_or"


@op_definition
class BroadcastXorOp(BroadcastBitwiseOp):
    """lhs ^ rhs (logical xor on i1; `not x` is `x xor true`)."""

    name = "mir.broadcast_xor"


class IntegerBinaryOp(BroadcastBinaryOp):
    """A broadcasting binary op on integers only: the shifts and the unsigned ops."""

    E: ClassVar = VarConstraint("element_type", IntegerElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    result = result_def(static_tensor(E))


class BroadcastShiftOp(IntegerBinaryOp):
    """A shift of lhs by rhs bits on integers, the amount read as unsigned: one of the
    bit width or more (a negative one included) gives numpy's result, 0 or the sign fill."""


@op_definition
class BroadcastShlOp(BroadcastShiftOp):
    """lhs << rhs (bits past the width are lost; 0 for an amount of the width or more)."""

    name = "mir.broadcast_shl"


@op_definition
class BroadcastShrOp(BroadcastShiftOp):
    """lhs >> rhs, arithmetic (-1 for a negative lhs, 0 otherwise, for an amount of the
    width or more)."""

    name = "mir.broadcast_shr"


class UnsignedBinaryOp(IntegerBinaryOp):
    """An element-wise binary op on integers read as unsigned (MLIR's `arith.divui`,
    LLVM's `udiv`): convert-gawee-to-mir lowers gawee's ui8 ... ui64 ops to them."""


@op_definition
class BroadcastUDivOp(BroadcastDivisionOp, UnsignedBinaryOp):
    """lhs / rhs on unsigned integers (the quotient rounded down); a zero divisor is a
    runtime error (so the op is not speculatable)."""

    name = "mir.broadcast_udiv"


@op_definition
class BroadcastURemOp(BroadcastDivisionOp, UnsignedBinaryOp):
    """The remainder of lhs / rhs on unsigned integers (truncated and floored agree);
    a zero divisor is a runtime error (so the op is not speculatable)."""

    name = "mir.broadcast_urem"


@op_definition
class BroadcastUMaxOp(UnsignedBinaryOp):
    """Element-wise maximum of unsigned integers."""

    name = "mir.broadcast_umax"


@op_definition
class BroadcastUMinOp(UnsignedBinaryOp):
    """Element-wise minimum of unsigned integers."""

    name = "mir.broadcast_umin"


@op_definition
class BroadcastUShrOp(UnsignedBinaryOp):
    """lhs >> rhs, logical (zeros shifted in), the amount read as unsigned: 0 for an
    amount of the width or more."""

    name = "mir.broadcast_ushr"


@op_definition
class BroadcastCmpOp(MirOperation):
    """Compares lhs and rhs element by element with `predicate`: an i1 tensor of the
    broadcast shape. Operands share one element type (any, i1 included for eq/ne; the
    unsigned ult, ule, ugt, uge on integers only)."""

    name = "mir.broadcast_cmp"

    E: ClassVar = VarConstraint("element_type", AnyElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    result = result_def(static_tensor(BoolElement))
    predicate = prop_def(ComparePredicateAttr)
    broadcast_shape = prop_def(DenseArrayBase.constr(i64))

    traits = traits_def(Pure())

    assembly_format = f"$predicate $lhs `,` $rhs {keywords('broadcast_shape')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, predicate: str, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        shape, properties = broadcast_properties(self.name, [lhs, rhs])
        properties["predicate"] = ComparePredicateAttr(ComparePredicate(predicate))
        super().__init__(operands=[lhs, rhs], result_types=[TensorType(i1, shape)], properties=properties)

    def verify_(self) -> None:
        if element_type(self.lhs) == i1 and self.predicate.data not in (
            ComparePredicate.EQ,
            ComparePredicate.NE,
        ):
            raise self.fail(f"predicate {self.predicate.data} is not defined on i1; only eq and ne are")
        if self.predicate.data in UNSIGNED_PREDICATES and element_type(self.lhs) not in INTEGER_TYPES:
            raise self.fail(
                f"predicate {self.predicate.data} compares integers only, got {element_type(self.lhs)}"
            )
        verify_broadcast(self, [self.lhs, self.rhs])


@op_definition
class SelectOp(MirOperation):
    """`condition ? true_value : false_value` element by element, the three operands
    broadcast together (ONNX Where)."""

    name = "mir.select"

    E: ClassVar = VarConstraint("element_type", AnyElement)

    condition = operand_def(static_tensor(BoolElement))
    true_value = operand_def(static_tensor(E))
    false_value = operand_def(static_tensor(E))
    result = result_def(static_tensor(E))
    broadcast_shape = prop_def(DenseArrayBase.constr(i64))

    traits = traits_def(Pure())

    assembly_format = (
        f"$condition `,` $true_value `,` $false_value {keywords('broadcast_shape')} {ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        condition: SSAValue | Operation,
        true_value: SSAValue | Operation,
        false_value: SSAValue | Operation,
    ):
        operands = [SSAValue.get(v) for v in (condition, true_value, false_value)]
        shape, properties = broadcast_properties(self.name, operands)
        super().__init__(
            operands=operands, result_types=[tensor_like(operands[1], shape)], properties=properties
        )

    def verify_(self) -> None:
        verify_broadcast(self, [self.condition, self.true_value, self.false_value])


@op_definition
class BroadcastToOp(TensorOp):
    """Repeats the input along its size-1 (and new leading) dims to the result shape,
    which the input shape must broadcast to (numpy.broadcast_to, ONNX Expand)."""

    name = "mir.broadcast_to"

    assembly_format = f"$input {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, shape: Sequence[int]):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[tensor_like(input, tuple(shape))])

    def verify_(self) -> None:
        source, target = tensor_shape(self.input), tensor_shape(self.result)
        if len(source) > len(target) or broadcast_shape(source, target) != target:
            raise self.fail(
                f"input shape {list(source)} does not broadcast to the result shape {list(target)}"
            )


class UnaryElementwiseOp(MirOperation):
    """Element-wise unary op on floats: the result has the operand's type."""

    T: ClassVar = VarConstraint("tensor_type", static_tensor(FloatElement))

    input = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())

    assembly_format = f"$input {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[input.type])


class NumericUnaryOp(UnaryElementwiseOp):
    """An element-wise unary op on any numeric type (integers wrap)."""

    T: ClassVar = VarConstraint("tensor_type", static_tensor(NumericElement))

    input = operand_def(T)
    result = result_def(T)


@op_definition
class SqrtOp(UnaryElementwiseOp):
    """Element-wise square root (NaN for negative inputs)."""

    name = "mir.sqrt"


@op_definition
class ExpOp(UnaryElementwiseOp):
    """Element-wise e^x."""

    name = "mir.exp"


@op_definition
class LogOp(UnaryElementwiseOp):
    """Element-wise natural logarithm (-inf at 0, NaN below)."""

    name = "mir.log"


@op_definition
class SinOp(UnaryElementwiseOp):
    """Element-wise sine."""

    name = "mir.sin"


@op_definition
class CosOp(UnaryElementwiseOp):
    """Element-wise cosine."""

    name = "mir.cos"


@op_definition
class TanhOp(UnaryElementwiseOp):
    """Element-wise hyperbolic tangent."""

    name = "mir.tanh"


@op_definition
class ErfOp(UnaryElementwiseOp):
    """Element-wise Gauss error function."""

    name = "mir.erf"


@op_definition
class TanOp(UnaryElementwiseOp):
    """Element-wise tangent."""

    name = "mir.tan"


@op_definition
class AsinOp(UnaryElementwiseOp):
    """Element-wise arcsine (NaN outside [-1, 1])."""

    name = "mir.asin"


@op_definition
class AcosOp(UnaryElementwiseOp):
    """Element-wise arccosine (NaN outside [-1, 1])."""

    name = "mir.acos"


@op_definition
class AtanOp(UnaryElementwiseOp):
    """Element-wise arctangent."""

    name = "mir.atan"


@op_definition
class SinhOp(UnaryElementwiseOp):
    """Element-wise hyperbolic sine."""

    name = "mir.sinh"


@op_definition
class CoshOp(UnaryElementwiseOp):
    """Element-wise hyperbolic cosine."""

    name = "mir.cosh"


@op_definition
class AsinhOp(UnaryElementwiseOp):
    """Element-wise inverse hyperbolic sine."""

    name = "mir.asinh"


@op_definition
class AcoshOp(UnaryElementwiseOp):
    """Element-wise inverse hyperbolic cosine (NaN below 1)."""

    name = "mir.acosh"


@op_definition
class AtanhOp(UnaryElementwiseOp):
    """Element-wise inverse hyperbolic tangent (+-inf at +-1, NaN outside [-1, 1])."""

    name = "mir.atanh"


@op_definition
class FloorOp(UnaryElementwiseOp):
    """Element-wise largest integer not above x (+-0, +-inf and NaN unchanged)."""

    name = "mir.floor"


@op_definition
class CeilOp(UnaryElementwiseOp):
    """Element-wise smallest integer not below x (+-0, +-inf and NaN unchanged)."""

    name = "mir.ceil"


@op_definition
class RoundOp(UnaryElementwiseOp):
    """Element-wise x rounded to the nearest integer, halves to even (+-0, +-inf and NaN
    unchanged)."""

    name = "mir.round"


@op_definition
class AbsOp(NumericUnaryOp):
    """Element-wise |x|, on any numeric type (the most negative integer wraps to itself)."""

    name = "mir.abs"


@op_definition
class NegOp(NumericUnaryOp):
    """Element-wise -x, on any numeric type (integers wrap)."""

    name = "mir.neg"


@op_definition
class CastOp(MirOperation):
    """Converts the element type; the target is the result's element type.

    float -> int truncates toward zero and saturates (NaN -> 0); int -> int wraps
    or sign-extends; anything -> i1 is `x != 0`; i1 -> anything is 0 or 1.
    With `unsigned` the integer side is unsigned (MLIR's extui / uitofp / fptoui): an
    integer input is read as unsigned (zero-extended, converted to a float as a
    value in [0, 2^N)), and a float converts to an unsigned integer, saturating to
    [0, 2^N - 1].
    """

    name = "mir.cast"

    input = operand_def(static_tensor(AnyElement))
    result = result_def(static_tensor(AnyElement))
    unsigned = opt_prop_def(UnitAttr)

    traits = traits_def(Pure())

    assembly_format = f"(`unsigned` $unsigned^)? $input {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, target: Attribute, unsigned: bool = False):
        input = SSAValue.get(input)
        super().__init__(
            operands=[input],
            result_types=[TensorType(target, tensor_shape(input))],
            properties={"unsigned": UnitAttr()} if unsigned else {},
        )

    @property
    def is_unsigned(self) -> bool:
        return self.unsigned is not None

    def verify_(self) -> None:
        if self.unsigned is not None and not any(
            element_type(v) in INTEGER_TYPES for v in (self.input, self.result)
        ):
            raise self.fail("'unsigned' needs an integer input or result other than i1")
        if tensor_shape(self.result) != tensor_shape(self.input):
            raise self.fail(
                f"result shape {list(tensor_shape(self.result))} must equal the input shape "
                f"{list(tensor_shape(self.input))}"
            )
