"""Element-wise mir ops: `mir.broadcast_*`, `mir.sqrt` / `exp` / `neg`, `mir.cast`."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import DenseArrayBase, TensorType, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import VarConstraint, operand_def, prop_def, result_def, traits_def
from xdsl.traits import NoMemoryEffect, Pure

from nnstack.dialects.constraints import AnyElement, FloatElement, NumericElement, static_tensor
from nnstack.dialects.mir.base import MirOperation
from nnstack.dialects.utils import (
    ATTR_DICT_AND_TYPES,
    broadcast_shape,
    i64_array,
    keywords,
    op_definition,
    tensor_like,
    tensor_shape,
)


class BroadcastBinaryOp(MirOperation):
    """Element-wise binary op with explicit numpy broadcasting.

    `broadcast_shape` must be the numpy broadcast of the operand shapes and is the
    result shape; operands and result share one numeric element type.
    """

    E: ClassVar = VarConstraint("element_type", NumericElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    result = result_def(static_tensor(E))
    broadcast_shape = prop_def(DenseArrayBase.constr(i64))

    traits = traits_def(Pure())

    assembly_format = f"$lhs `,` $rhs {keywords('broadcast_shape')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        shape = broadcast_shape(tensor_shape(lhs), tensor_shape(rhs))
        if shape is None:
            shapes = f"{tensor_shape(lhs)} and {tensor_shape(rhs)}"
            raise ValueError(f"{self.name}: shapes {shapes} do not broadcast")
        super().__init__(
            operands=[lhs, rhs],
            result_types=[tensor_like(lhs, shape)],
            properties={"broadcast_shape": i64_array(shape)},
        )

    def verify_(self) -> None:
        lhs, rhs = tensor_shape(self.lhs), tensor_shape(self.rhs)
        expected = broadcast_shape(lhs, rhs)
        if expected is None:
            raise self.fail(f"operand shapes {list(lhs)} and {list(rhs)} do not broadcast")
        declared = self.array("broadcast_shape")
        if declared != expected:
            raise self.fail(
                f"broadcast_shape {list(declared)} is not the broadcast {list(expected)} of the "
                f"operand shapes {list(lhs)} and {list(rhs)}"
            )
        self.expect_result_shape(declared, " (broadcast_shape)")


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
class BroadcastDivOp(BroadcastBinaryOp):
    """lhs / rhs: IEEE division on floats; on integers truncating division, where a
    zero divisor is a runtime error (so the op is not speculatable)."""

    name = "mir.broadcast_div"

    traits = traits_def(NoMemoryEffect())


@op_definition
class BroadcastMaxOp(BroadcastBinaryOp):
    """Element-wise maximum; NaN propagates (like arith.maximumf)."""

    name = "mir.broadcast_max"


@op_definition
class BroadcastMinOp(BroadcastBinaryOp):
    """Element-wise minimum; NaN propagates (like arith.minimumf)."""

    name = "mir.broadcast_min"


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


@op_definition
class SqrtOp(UnaryElementwiseOp):
    """Element-wise square root (NaN for negative inputs)."""

    name = "mir.sqrt"


@op_definition
class ExpOp(UnaryElementwiseOp):
    """Element-wise e^x."""

    name = "mir.exp"


@op_definition
class NegOp(UnaryElementwiseOp):
    """Element-wise -x, on any numeric type (integers wrap)."""

    name = "mir.neg"

    T: ClassVar = VarConstraint("tensor_type", static_tensor(NumericElement))

    input = operand_def(T)
    result = result_def(T)


@op_definition
class CastOp(MirOperation):
    """Converts the element type; the target is the result's element type.

    float -> int truncates toward zero and saturates (NaN -> 0); int -> int wraps
    or sign-extends; anything -> i1 is `x != 0`; i1 -> anything is 0 or 1.
    """

    name = "mir.cast"

    input = operand_def(static_tensor(AnyElement))
    result = result_def(static_tensor(AnyElement))

    traits = traits_def(Pure())

    assembly_format = f"$input {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, target: Attribute):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[TensorType(target, tensor_shape(input))])

    def verify_(self) -> None:
        if tensor_shape(self.result) != tensor_shape(self.input):
            raise self.fail(
                f"result shape {list(tensor_shape(self.result))} must equal the input shape "
                f"{list(tensor_shape(self.input))}"
            )
