"""llir scalar arithmetic: constants, binary and unary ops, comparisons and select."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    SignlessIntegerConstraint,
    VectorType,
    i1,
    i64,
)
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParamAttrConstraint,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import ConstantLike, NoMemoryEffect, Pure
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.llir.types import (
    FLOAT_PREDICATES,
    INTEGER_PREDICATES,
    CmpPredicate,
    CmpPredicateAttr,
    FloatConstr,
    ScalarConstr,
    is_float,
    is_integer,
    is_value_type,
    vector_element,
)


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """An integer, float or vector (`dense<...>`) constant."""

    name = "llir.constant"

    _T: ClassVar = VarConstraint("T", AnyAttr())

    value = prop_def(
        IntegerAttr.constr(SignlessIntegerConstraint & _T)
        | ParamAttrConstraint(FloatAttr, (AnyAttr(), _T))
        | ParamAttrConstraint(DenseIntOrFPElementsAttr, (_T, AnyAttr()))
    )
    result = result_def(_T)

    traits = traits_def(Pure(), ConstantLike())

    assembly_format = "attr-dict $value"

    def __init__(self, value: IntegerAttr | FloatAttr | DenseIntOrFPElementsAttr):
        super().__init__(properties={"value": value}, result_types=[value.get_type()])

    @staticmethod
    def from_int(value: int, typ: IntegerType = i64) -> ConstantOp:
        return ConstantOp(IntegerAttr(value, typ))

    @staticmethod
    def from_float(value: float, typ: Float16Type | Float32Type | Float64Type) -> ConstantOp:
        return ConstantOp(FloatAttr(value, typ))

    def verify_(self) -> None:
        typ = self.result.type
        if isinstance(typ, VectorType):
            vector_element(self, typ)
        elif not (is_integer(typ) or is_float(typ)):
            raise VerifyException(
                f"{self.name}: expected a signless integer, f16, f32, f64 or vector constant, got {typ}"
            )


class SameTypeBinaryOp(IRDLOperation):
    """The syntax, builder and purity of a binary op whose operands and result share
    one type `T`: the scalar ops (`BinaryOp`) and the vector ops (`VectorBinaryOp`),
    which declare `T`, `lhs`, `rhs` and `result`."""

    traits = traits_def(Pure())

    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        super().__init__(operands=[lhs, rhs], result_types=[SSAValue.get(lhs).type])


class BinaryOp(SameTypeBinaryOp):
    """Binary arithmetic on two scalars of one type (integer or float)."""

    T: ClassVar = VarConstraint("T", ScalarConstr)

    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)


class IntegerBinaryOp(BinaryOp):
    """Binary bitwise or shift operation on two signless integers of one type."""

    T: ClassVar = VarConstraint("T", SignlessIntegerConstraint)

    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)


class TrappingBinaryOp(BinaryOp):
    """A binary op with run-time errors (a zero integer divisor, a shift amount outside
    [0, width)): declared free of memory effects but not pure, so not speculatable.
    (IRDL merges SameTypeBinaryOp's `Pure` into its traits all the same.)"""

    traits = traits_def(NoMemoryEffect())


@irdl_op_definition
class AddOp(BinaryOp):
    """Wrapping integer or IEEE float addition."""

    name = "llir.add"


@irdl_op_definition
class SubOp(BinaryOp):
    """Wrapping integer or IEEE float subtraction."""

    name = "llir.sub"


@irdl_op_definition
class MulOp(BinaryOp):
    """Wrapping integer or IEEE float multiplication."""

    name = "llir.mul"


@irdl_op_definition
class DivOp(TrappingBinaryOp):
    """Signed integer division (rounding toward zero) or IEEE float division.

    An integer division by zero is a run-time error, so the op is not speculatable.
    """

    name = "llir.div"


@irdl_op_definition
class RemOp(TrappingBinaryOp):
    """Signed integer remainder (sign of the dividend) or float `fmod`."""

    name = "llir.rem"


@irdl_op_definition
class MinOp(BinaryOp):
    """Signed integer minimum, or float minimum propagating NaN (IEEE `minimum`)."""

    name = "llir.min"


@irdl_op_definition
class MaxOp(BinaryOp):
    """Signed integer maximum, or float maximum propagating NaN (IEEE `maximum`)."""

    name = "llir.max"


class FloatBinaryOp(BinaryOp):
    """Binary math function on two floats of one type."""

    T: ClassVar = VarConstraint("T", FloatConstr)

    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)


@irdl_op_definition
class PowOp(FloatBinaryOp):
    """lhs ^ rhs with C's `pow` (LLVM's llvm.pow): NaN for a negative base and a
    non-integer exponent, inf for 0 to a negative power."""

    name = "llir.pow"


@irdl_op_definition
class AndOp(IntegerBinaryOp):
    name = "llir.and"


@irdl_op_definition
class OrOp(IntegerBinaryOp):
    name = "llir.or"


@irdl_op_definition
class XorOp(IntegerBinaryOp):
    name = "llir.xor"


@irdl_op_definition
class ShlOp(TrappingBinaryOp, IntegerBinaryOp):
    """Shift left; a shift amount outside [0, width) is a run-time error."""

    name = "llir.shl"


@irdl_op_definition
class ShrOp(TrappingBinaryOp, IntegerBinaryOp):
    """Arithmetic shift right; a shift amount outside [0, width) is a run-time error."""

    name = "llir.shr"


@irdl_op_definition
class UDivOp(TrappingBinaryOp, IntegerBinaryOp):
    """Unsigned integer division (LLVM's udiv): both operands read as unsigned.

    A division by zero is a run-time error, so the op is not speculatable.
    """

    name = "llir.udiv"


@irdl_op_definition
class URemOp(TrappingBinaryOp, IntegerBinaryOp):
    """Unsigned integer remainder (LLVM's urem); a zero divisor is a run-time error."""

    name = "llir.urem"


@irdl_op_definition
class UMinOp(IntegerBinaryOp):
    """Unsigned integer minimum (LLVM's llvm.umin)."""

    name = "llir.umin"


@irdl_op_definition
class UMaxOp(IntegerBinaryOp):
    """Unsigned integer maximum (LLVM's llvm.umax)."""

    name = "llir.umax"


@irdl_op_definition
class UShrOp(TrappingBinaryOp, IntegerBinaryOp):
    """Logical shift right (LLVM's lshr: zeros shifted in); a shift amount outside
    [0, width) is a run-time error."""

    name = "llir.ushr"


class UnaryOp(IRDLOperation):
    """Unary arithmetic on a scalar (integer or float)."""

    T: ClassVar = VarConstraint("T", ScalarConstr)

    operand = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())

    assembly_format = "$operand attr-dict `:` type($result)"

    def __init__(self, operand: SSAValue | Operation):
        super().__init__(operands=[operand], result_types=[SSAValue.get(operand).type])


class FloatUnaryOp(UnaryOp):
    """Unary math function on a float."""

    T: ClassVar = VarConstraint("T", FloatConstr)

    operand = operand_def(T)
    result = result_def(T)


@irdl_op_definition
class NegOp(UnaryOp):
    name = "llir.neg"


@irdl_op_definition
class AbsOp(UnaryOp):
    name = "llir.abs"


@irdl_op_definition
class SqrtOp(FloatUnaryOp):
    name = "llir.sqrt"


@irdl_op_definition
class ExpOp(FloatUnaryOp):
    name = "llir.exp"


@irdl_op_definition
class LogOp(FloatUnaryOp):
    name = "llir.log"


@irdl_op_definition
class SinOp(FloatUnaryOp):
    """sin(x) (LLVM's llvm.sin); NaN for an infinite x."""

    name = "llir.sin"


@irdl_op_definition
class CosOp(FloatUnaryOp):
    """cos(x) (LLVM's llvm.cos); NaN for an infinite x."""

    name = "llir.cos"


@irdl_op_definition
class TanhOp(FloatUnaryOp):
    """tanh(x) (libm's tanh)."""

    name = "llir.tanh"


@irdl_op_definition
class ErfOp(FloatUnaryOp):
    """The Gauss error function (libm's erf)."""

    name = "llir.erf"


@irdl_op_definition
class TanOp(FloatUnaryOp):
    """tan(x) (libm's tan); NaN for an infinite x."""

    name = "llir.tan"


@irdl_op_definition
class AsinOp(FloatUnaryOp):
    """arcsin(x) (libm's asin); NaN outside [-1, 1]."""

    name = "llir.asin"


@irdl_op_definition
class AcosOp(FloatUnaryOp):
    """arccos(x) (libm's acos); NaN outside [-1, 1]."""

    name = "llir.acos"


@irdl_op_definition
class AtanOp(FloatUnaryOp):
    """arctan(x) (libm's atan)."""

    name = "llir.atan"


@irdl_op_definition
class SinhOp(FloatUnaryOp):
    """sinh(x) (libm's sinh); +-inf where it overflows."""

    name = "llir.sinh"


@irdl_op_definition
class CoshOp(FloatUnaryOp):
    """cosh(x) (libm's cosh); inf where it overflows."""

    name = "llir.cosh"


@irdl_op_definition
class AsinhOp(FloatUnaryOp):
    """arsinh(x) (libm's asinh)."""

    name = "llir.asinh"


@irdl_op_definition
class AcoshOp(FloatUnaryOp):
    """arcosh(x) (libm's acosh); NaN below 1."""

    name = "llir.acosh"


@irdl_op_definition
class AtanhOp(FloatUnaryOp):
    """artanh(x) (libm's atanh); +-inf at +-1, NaN outside [-1, 1]."""

    name = "llir.atanh"


@irdl_op_definition
class FloorOp(FloatUnaryOp):
    """The largest integer not above x (LLVM's llvm.floor); +-0, +-inf and NaN unchanged."""

    name = "llir.floor"


@irdl_op_definition
class CeilOp(FloatUnaryOp):
    """The smallest integer not below x (LLVM's llvm.ceil); +-0, +-inf and NaN unchanged."""

    name = "llir.ceil"


@irdl_op_definition
class RoundEvenOp(FloatUnaryOp):
    """x rounded to the nearest integer, halves to even (LLVM's llvm.roundeven); +-0, +-inf
    and NaN unchanged."""

    name = "llir.roundeven"


@irdl_op_definition
class CmpOp(IRDLOperation):
    """Compare two scalars: `llir.cmp slt, %a, %b : i64` gives an `i1`.

    Integers take eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge; floats take the
    ordered (o*) and unordered (u*) predicates of LLVM's fcmp, ord, uno, true, false.
    """

    name = "llir.cmp"

    T: ClassVar = VarConstraint("T", ScalarConstr)

    predicate = prop_def(CmpPredicateAttr)
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(i1)

    traits = traits_def(Pure())

    def __init__(
        self,
        predicate: CmpPredicate | str,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
    ):
        super().__init__(
            operands=[lhs, rhs],
            properties={"predicate": CmpPredicateAttr(CmpPredicate(predicate))},
            result_types=[i1],
        )

    def verify_(self) -> None:
        predicate = self.predicate.data
        if is_float(self.lhs.type):
            if predicate not in FLOAT_PREDICATES:
                raise VerifyException(f"{self.name}: predicate {predicate} does not compare floats")
        elif predicate not in INTEGER_PREDICATES:
            raise VerifyException(f"{self.name}: predicate {predicate} does not compare integers")

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.predicate.data.value}, ")
        printer.print_operand(self.lhs)
        printer.print_string(", ")
        printer.print_operand(self.rhs)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)

    @classmethod
    def parse(cls, parser: Parser) -> CmpOp:
        predicate = parser.parse_str_enum(CmpPredicate)
        parser.parse_punctuation(",")
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        typ = parser.parse_type()
        op = cls(predicate, parser.resolve_operand(lhs, typ), parser.resolve_operand(rhs, typ))
        op.attributes |= attrs
        return op


@irdl_op_definition
class SelectOp(IRDLOperation):
    """`cond ? true_value : false_value` on any register type (scalar, vector, pointer)."""

    name = "llir.select"

    T: ClassVar = VarConstraint("T", AnyAttr())

    cond = operand_def(i1)
    true_value = operand_def(T)
    false_value = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())

    assembly_format = "$cond `,` $true_value `,` $false_value attr-dict `:` type($result)"

    def __init__(
        self,
        cond: SSAValue | Operation,
        true_value: SSAValue | Operation,
        false_value: SSAValue | Operation,
    ):
        super().__init__(
            operands=[cond, true_value, false_value],
            result_types=[SSAValue.get(true_value).type],
        )

    def verify_(self) -> None:
        if not is_value_type(self.result.type):
            raise VerifyException(f"{self.name}: {self.result.type} is not an llir type")
