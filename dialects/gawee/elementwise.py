"""Element-wise gawee ops and the bases new ones are declared with: a unary op whose
result has its input's type, and a binary op with numpy / ONNX multidirectional
broadcasting."""

from __future__ import annotations

from typing import ClassVar

from xdsl.ir import Operation, SSAValue
from xdsl.irdl import VarConstraint, operand_def, result_def, traits_def
from xdsl.traits import Pure

from nnstack.dialects.constraints import FloatElement, static_tensor
from nnstack.dialects.gawee.base import GaweeOperation, gawee_op_definition, tensor_like, tensor_shape
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, broadcast_shape


class UnaryElementwiseOp(GaweeOperation):
    """y = f(x) element by element: the result has the input's type. Subclasses that
    accept other element types redeclare `E`, `input` and `output`."""

    E: ClassVar = VarConstraint("E", FloatElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    traits = traits_def(Pure())

    assembly_format = f"$input {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[input.type])

    def verify_(self) -> None:
        self.expect_result_shape(tensor_shape(self.input))


class BroadcastBinaryOp(GaweeOperation):
    """z = f(x, y) element by element, with numpy broadcasting of the operand shapes;
    operands and result share one element type."""

    E: ClassVar = VarConstraint("E", FloatElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    traits = traits_def(Pure())

    assembly_format = f"$lhs `,` $rhs {ATTR_DICT_AND_TYPES}"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        shape = broadcast_shape(tensor_shape(lhs), tensor_shape(rhs))
        if shape is None:
            shapes = f"{tensor_shape(lhs)} and {tensor_shape(rhs)}"
            raise ValueError(f"{self.name}: shapes {shapes} do not broadcast")
        super().__init__(operands=[lhs, rhs], result_types=[tensor_like(lhs, shape)])

    def verify_(self) -> None:
        lhs, rhs = tensor_shape(self.lhs), tensor_shape(self.rhs)
        shape = broadcast_shape(lhs, rhs)
        if shape is None:
            raise self.fail(f"operand shapes {list(lhs)} and {list(rhs)} do not broadcast")
        self.expect_result_shape(shape)


@gawee_op_definition
class ReluOp(UnaryElementwiseOp):
    """Element-wise max(x, 0); NaN propagates, as in PyTorch."""

    name = "gawee.relu"


@gawee_op_definition
class AddOp(BroadcastBinaryOp):
    """Element-wise sum with numpy broadcasting."""

    name = "gawee.add"
