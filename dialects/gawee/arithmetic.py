"""Remainders, bit shifts and bitwise logic: gawee.mod (ONNX Mod, both of its roundings)
and gawee.bit_shift (ONNX BitShift), broadcasting binary ops whose semantics at the edges
(the remainder's sign, a zero divisor, a shift by the bit width or more) are numpy's, and
gawee.bitwise_and / or / xor / not (ONNX BitwiseAnd, ...) on signed and unsigned integers."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects.builtin import BoolAttr, IntegerType, StringAttr
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import VarConstraint, attr_def, operand_def, opt_attr_def, result_def, traits_def
from xdsl.traits import NoMemoryEffect

from nnstack.dialects.constraints import GaweeIntegerElement, is_unsigned, static_tensor
from nnstack.dialects.gawee.base import gawee_op_definition
from nnstack.dialects.gawee.elementwise import BroadcastBinaryOp, NumericBinaryOp, UnaryElementwiseOp
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, element_type

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = [
    "BitShiftOp",
    "BitwiseAndOp",
    "BitwiseBinaryOp",
    "BitwiseNotOp",
    "BitwiseOrOp",
    "BitwiseXorOp",
    "ModOp",
]


@gawee_op_definition
class ModOp(NumericBinaryOp):
    """The remainder of lhs / rhs with numpy broadcasting (ONNX Mod). With `fmod = false`
    (the default) the quotient is floored, so a nonzero remainder has the divisor's sign
    (numpy's np.mod, Python's %; on floats a zero remainder is a zero of the divisor's
    sign); with `fmod = true` it is truncated, so the remainder has the dividend's sign
    (C's fmod, np.fmod). On unsigned integers both are the same. On floats a zero divisor
    or an infinite dividend gives NaN; an integer division by zero is a run-time error
    naming the op (numpy gives 0), so the op is not speculatable."""

    name = "gawee.mod"

    traits = traits_def(NoMemoryEffect())

    ONNX_OPERATOR: ClassVar = "Mod"

    fmod = opt_attr_def(BoolAttr, default_value=BoolAttr.from_bool(False))

    assembly_format = f"$lhs `,` $rhs (`fmod` `=` $fmod^)? {ATTR_DICT_AND_TYPES}"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation, fmod: bool = False):
        super().__init__(lhs, rhs)
        if fmod:
            self.attributes["fmod"] = BoolAttr.from_bool(True)

    @property
    def truncated(self) -> bool:
        """Whether the quotient is truncated (`fmod = true`: the dividend's sign)."""
        return self.fmod is not None and bool(self.fmod.value.data)


@gawee_op_definition
class BitShiftOp(BroadcastBinaryOp):
    """lhs shifted by rhs bits, with numpy broadcasting (ONNX BitShift): `direction =
    "LEFT"` (bits past the width are lost) or `"RIGHT"` (logical on unsigned integers,
    arithmetic on signed ones). A shift amount read as unsigned that is the bit width or
    more (a negative one included) gives what numpy gives: 0, or for an arithmetic right
    shift of a negative value -1."""

    name = "gawee.bit_shift"

    DIRECTIONS: ClassVar[tuple[str, ...]] = ("LEFT", "RIGHT")

    E: ClassVar = VarConstraint("E", GaweeIntegerElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    direction = attr_def(StringAttr)

    assembly_format = f"$lhs `,` $rhs `direction` `=` $direction {ATTR_DICT_AND_TYPES}"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation, direction: str):
        super().__init__(lhs, rhs)
        self.attributes["direction"] = StringAttr(direction)

    @property
    def left(self) -> bool:
        return self.direction.data == "LEFT"

    def verify_(self) -> None:
        if self.direction.data not in self.DIRECTIONS:
            raise self.fail(f'direction must be "LEFT" or "RIGHT", got "{self.direction.data}"')
        super().verify_()


class BitwiseBinaryOp(BroadcastBinaryOp):
    """A bitwise op of two integer tensors of one type, signed or unsigned, with numpy
    broadcasting."""

    E: ClassVar = VarConstraint("E", GaweeIntegerElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))


@gawee_op_definition
class BitwiseAndOp(BitwiseBinaryOp):
    """lhs & rhs bit by bit (ONNX BitwiseAnd)."""

    name = "gawee.bitwise_and"

    ONNX_OPERATOR: ClassVar = "BitwiseAnd"


@gawee_op_definition
class BitwiseOrOp(BitwiseBinaryOp):
    """lhs | rhs bit by bit (ONNX BitwiseOr)."""

    name = "gawee.bitwise_or"

    ONNX_OPERATOR: ClassVar = "BitwiseOr"


@gawee_op_definition
class BitwiseXorOp(BitwiseBinaryOp):
    """lhs ^ rhs bit by bit (ONNX BitwiseXor)."""

    name = "gawee.bitwise_xor"

    ONNX_OPERATOR: ClassVar = "BitwiseXor"


@gawee_op_definition
class BitwiseNotOp(UnaryElementwiseOp):
    """~x, every bit flipped (ONNX BitwiseNot): x xor a value of all ones (-1 signed, the
    type's maximum unsigned)."""

    name = "gawee.bitwise_not"

    ONNX_OPERATOR: ClassVar = "BitwiseNot"

    E: ClassVar = VarConstraint("E", GaweeIntegerElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    def decompose(self, b: Composer) -> SSAValue:
        element = element_type(self.input)
        assert isinstance(element, IntegerType)
        ones = (1 << element.width.data) - 1 if is_unsigned(element) else -1
        return b.emit(BitwiseXorOp(self.input, b.scalar(ones, element)))
