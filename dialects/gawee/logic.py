"""Comparisons, predicates, boolean logic, selection and casts: the gawee ops on i1
masks and on tensors of any element type (ONNX Equal / Less / LessOrEqual / Greater /
GreaterOrEqual, IsNaN / IsInf, And / Or / Xor / Not, Where, Cast)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects.builtin import I64, BoolAttr, IntegerAttr, StringAttr, TensorType, UnitAttr, i1
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import VarConstraint, operand_def, opt_attr_def, result_def

from nnstack.dialects.constraints import (
    E8M0,
    FLOAT8_TYPES,
    ONNX_ELEMENT_TYPES,
    BoolElement,
    FloatElement,
    GaweeElement,
    GaweeNumericElement,
    static_tensor,
)
from nnstack.dialects.gawee.base import GaweeOperation, gawee_op_definition
from nnstack.dialects.gawee.elementwise import AbsOp, BroadcastBinaryOp, UnaryElementwiseOp
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, element_type, tensor_shape

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = [
    "AndOp",
    "CastOp",
    "CompareOp",
    "EqualOp",
    "GreaterEqualOp",
    "GreaterOp",
    "IsInfOp",
    "IsNaNOp",
    "LessEqualOp",
    "LessOp",
    "LogicalBinaryOp",
    "NotOp",
    "OrOp",
    "UnaryPredicateOp",
    "WhereOp",
    "XorOp",
]


# ---------------------------------------------------------------------------
# Comparisons: operands of one element type, an i1 result
# ---------------------------------------------------------------------------


class CompareOp(BroadcastBinaryOp):
    """lhs <predicate> rhs element by element, with numpy broadcasting; an i1 result.
    Comparisons with NaN are false (ordered predicates), as in ONNX."""

    E: ClassVar = VarConstraint("E", GaweeNumericElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    output = result_def(static_tensor(BoolElement))

    RESULT_ELEMENT: ClassVar[Attribute | None] = i1


@gawee_op_definition
class EqualOp(CompareOp):
    """lhs == rhs (ONNX Equal; also on i1 masks)."""

    name = "gawee.equal"

    ONNX_OPERATOR: ClassVar = "Equal"

    E: ClassVar = VarConstraint("E", GaweeElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))


@gawee_op_definition
class LessOp(CompareOp):
    """lhs < rhs (ONNX Less)."""

    name = "gawee.less"

    ONNX_OPERATOR: ClassVar = "Less"


@gawee_op_definition
class LessEqualOp(CompareOp):
    """lhs <= rhs (ONNX LessOrEqual)."""

    name = "gawee.less_equal"

    ONNX_OPERATOR: ClassVar = "LessOrEqual"


@gawee_op_definition
class GreaterOp(CompareOp):
    """lhs > rhs (ONNX Greater)."""

    name = "gawee.greater"

    ONNX_OPERATOR: ClassVar = "Greater"


@gawee_op_definition
class GreaterEqualOp(CompareOp):
    """lhs >= rhs (ONNX GreaterOrEqual)."""

    name = "gawee.greater_equal"

    ONNX_OPERATOR: ClassVar = "GreaterOrEqual"


# ---------------------------------------------------------------------------
# Boolean logic on i1 masks
# ---------------------------------------------------------------------------


class LogicalBinaryOp(BroadcastBinaryOp):
    """A broadcasting binary op on i1 masks."""

    E: ClassVar = VarConstraint("E", BoolElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))


@gawee_op_definition
class AndOp(LogicalBinaryOp):
    """lhs and rhs (ONNX And)."""

    name = "gawee.and"

    ONNX_OPERATOR: ClassVar = "And"


@gawee_op_definition
class OrOp(LogicalBinaryOp):
    """lhs or rhs (ONNX Or)."""

    name = "gawee.or"

    ONNX_OPERATOR: ClassVar = "Or"


@gawee_op_definition
class XorOp(LogicalBinaryOp):
    """lhs xor rhs (ONNX Xor)."""

    name = "gawee.xor"

    ONNX_OPERATOR: ClassVar = "Xor"


@gawee_op_definition
class NotOp(UnaryElementwiseOp):
    """not x on an i1 mask (ONNX Not)."""

    name = "gawee.not"

    ONNX_OPERATOR: ClassVar = "Not"

    E: ClassVar = VarConstraint("E", BoolElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    def decompose(self, b: Composer) -> SSAValue:
        return b.emit(XorOp(self.input, b.scalar_like(True, self.input)))


# ---------------------------------------------------------------------------
# Predicates
# ---------------------------------------------------------------------------


class UnaryPredicateOp(GaweeOperation):
    """p(x) element by element on floats: an i1 mask of the input's shape."""

    E: ClassVar = VarConstraint("E", FloatElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(BoolElement))

    assembly_format = f"$input {ATTR_DICT_AND_TYPES}"

    DEFAULTS: ClassVar[dict[str, int]] = {}
    """The ONNX attributes (int flags) and their defaults; each is a bool attribute of
    the op, named in camelCase."""

    def __init__(self, input: SSAValue | Operation, **flags: int):
        input = SSAValue.get(input)
        attributes = {_camel(name): BoolAttr.from_bool(bool(value)) for name, value in flags.items()}
        super().__init__(
            operands=[input], result_types=[TensorType(i1, tensor_shape(input))], attributes=attributes
        )

    def parameter(self, name: str) -> int:
        """ONNX attribute `name` (e.g. "detect_negative"): 0 or 1, its default where absent."""
        attr = self.attributes.get(_camel(name))
        return int(bool(attr.value.data)) if isinstance(attr, IntegerAttr) else self.DEFAULTS[name]

    def verify_(self) -> None:
        self.expect_result_shape(tensor_shape(self.input))


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.capitalize() for word in rest)


@gawee_op_definition
class IsNaNOp(UnaryPredicateOp):
    """x != x: true where x is NaN (ONNX IsNaN)."""

    name = "gawee.is_nan"

    ONNX_OPERATOR: ClassVar = "IsNaN"

    def decompose(self, b: Composer) -> SSAValue:
        return b.emit(NotOp(b.emit(EqualOp(self.input, self.input))))


@gawee_op_definition
class IsInfOp(UnaryPredicateOp):
    """True where x is +inf (with `detectPositive`, the default) or -inf (with
    `detectNegative`, the default) (ONNX IsInf)."""

    name = "gawee.is_inf"

    ONNX_OPERATOR: ClassVar = "IsInf"

    DEFAULTS: ClassVar[dict[str, int]] = {"detect_negative": 1, "detect_positive": 1}

    detectNegative = opt_attr_def(BoolAttr)
    detectPositive = opt_attr_def(BoolAttr)

    assembly_format = (
        f"$input (`detectNegative` `=` $detectNegative^)? (`detectPositive` `=` $detectPositive^)? "
        f"{ATTR_DICT_AND_TYPES}"
    )

    def decompose(self, b: Composer) -> SSAValue:
        x = self.input
        negative, positive = self.parameter("detect_negative"), self.parameter("detect_positive")
        if negative and positive:
            return b.emit(EqualOp(b.emit(AbsOp(x)), b.scalar_like(math.inf, x)))
        if negative or positive:
            return b.emit(EqualOp(x, b.scalar_like(-math.inf if negative else math.inf, x)))
        return b.emit(LessOp(x, x))  # (false everywhere, NaN too)


# ---------------------------------------------------------------------------
# Selection and casts
# ---------------------------------------------------------------------------


@gawee_op_definition
class WhereOp(BroadcastBinaryOp):
    """condition ? lhs : rhs element by element, the three operands broadcast together
    (ONNX Where)."""

    name = "gawee.where"

    ONNX_OPERATOR: ClassVar = "Where"

    E: ClassVar = VarConstraint("E", GaweeElement)

    condition = operand_def(static_tensor(BoolElement))
    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    assembly_format = f"$condition `,` $lhs `,` $rhs {ATTR_DICT_AND_TYPES}"


def onnx_element_type(number: int) -> Attribute | None:
    """The element type of an ONNX `TensorProto.DataType` number, or None."""
    return ONNX_ELEMENT_TYPES.get(number)


ROUND_MODES: tuple[str, ...] = ("up", "down", "nearest")
"""ONNX Cast's `round_mode`s of a cast to f8E8M0FNU (a power of two): toward +inf in
magnitude, toward 0, to the nearest (ties to even)."""


@gawee_op_definition
class CastOp(GaweeOperation):
    """The input's values in the result's element type (ONNX Cast): floats round to
    the nearest (ties to even), floats to integers truncate toward zero (and wrap to
    i4 / i2), nonzero (and NaN) to i1 is true, i1 is 0 or 1. To an 8-bit float,
    `saturate` makes values beyond its range (infinities included) its largest finite
    value, else they become inf or NaN; to f8E8M0FNU, `roundMode` (default "up") says
    how a value rounds to a power of two and `saturate` keeps a value below 2^128 from
    rounding to NaN (docs/small-types.md). The result type says the target; the
    original Gawee's `toType` (an ONNX data type number), where given, must agree with
    it."""

    name = "gawee.cast"

    input = operand_def(static_tensor(GaweeElement))
    output = result_def(static_tensor(GaweeElement))

    to_type = opt_attr_def(IntegerAttr[I64], attr_name="toType")
    saturate = opt_attr_def(UnitAttr)
    round_mode = opt_attr_def(StringAttr, attr_name="roundMode")

    assembly_format = f"$input (`toType` `=` $toType^)? {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        element: Attribute,
        *,
        saturate: bool = False,
        round_mode: str | None = None,
    ):
        input = SSAValue.get(input)
        attributes: dict[str, Attribute] = {}
        if saturate:
            attributes["saturate"] = UnitAttr()
        if round_mode is not None:
            attributes["roundMode"] = StringAttr(round_mode)
        super().__init__(
            operands=[input], result_types=[TensorType(element, tensor_shape(input))], attributes=attributes
        )

    @property
    def rounding(self) -> str:
        """How a cast to f8E8M0FNU rounds: `roundMode`, "up" by default (ONNX's)."""
        return "up" if self.round_mode is None else self.round_mode.data

    def verify_(self) -> None:
        target = element_type(self.output)
        if self.saturate is not None and target not in (*FLOAT8_TYPES, E8M0):
            raise self.fail(f"'saturate' applies to a cast to an 8-bit float, not to {target}")
        if self.round_mode is not None:
            if target != E8M0:
                raise self.fail(f"'roundMode' applies to a cast to f8E8M0FNU, not to {target}")
            if self.round_mode.data not in ROUND_MODES:
                raise self.fail(
                    f"'roundMode' must be one of {', '.join(ROUND_MODES)}, got '{self.round_mode.data}'"
                )
        if self.to_type is not None:
            number = self.to_type.value.data
            target = onnx_element_type(number)
            if target is None:
                raise self.fail(f"'toType' {number} is not an ONNX data type gawee carries")
            if target != element_type(self.output):
                raise self.fail(
                    f"'toType' {number} ({target}) does not match the result element type "
                    f"{element_type(self.output)}"
                )
        self.expect_result_shape(tensor_shape(self.input))
