"""What every mir tensor op shares: the helpers its shape rule is written with, and the
declaration of the one-tensor and the two-tensor ops."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, VarConstraint, operand_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.constraints import AnyElement, NumericElement, static_tensor
from nnstack.dialects.utils import element_type, tensor_shape


class MirOperation(IRDLOperation):
    """A mir tensor op. The declaration checks operand and result types (element
    types, static shapes); `verify_` checks the op's shape rule and attribute ranges,
    with messages that start with the op name."""

    def fail(self, message: str) -> VerifyException:
        return VerifyException(f"{self.name}: {message}")

    def array(self, name: str) -> tuple[int, ...]:
        """The values of the dense array property `name`."""
        attr = self.properties[name]
        assert isinstance(attr, DenseArrayBase)
        return tuple(int(v) for v in attr.get_values())

    def integer(self, name: str) -> int:
        """The value of the integer property `name`."""
        attr = self.properties[name]
        assert isinstance(attr, IntegerAttr)
        return attr.value.data

    def expect_rank(self, what: str, value: SSAValue, rank: int, at_least: bool = False) -> None:
        got = len(tensor_shape(value))
        if (got < rank) if at_least else (got != rank):
            wanted = f">= {rank}" if at_least else str(rank)
            raise self.fail(f"{what} must have rank {wanted}, got rank {got}")

    def expect_element_types(self, what: str, value: SSAValue, allowed: Sequence[Attribute]) -> None:
        if element_type(value) not in allowed:
            expected = ", ".join(str(t) for t in allowed)
            raise self.fail(f"{what} has element type {element_type(value)}, expected one of {expected}")

    def expect_result_shape(self, expected: Sequence[int], why: str = "") -> None:
        got = tensor_shape(self.results[0])
        if got != tuple(expected):
            raise self.fail(
                f"result shape {list(got)} does not match the expected shape {list(expected)}{why}"
            )

    def expect_length(self, name: str, values: Sequence[int], length: int) -> None:
        if len(values) != length:
            raise self.fail(f"'{name}' must have {length} values, got {list(values)}")

    def expect_at_least(self, name: str, values: Sequence[int], minimum: int) -> None:
        if any(v < minimum for v in values):
            raise self.fail(f"'{name}' values must be >= {minimum}, got {list(values)}")

    def expect_axis(self, name: str, axis: int, rank: int) -> None:
        if not 0 <= axis < rank:
            raise self.fail(f"'{name}' = {axis} is out of range for rank {rank}")

    def expect_property_shape(self, name: str, value: SSAValue) -> None:
        """A shape property must repeat its value's type: the seed's explicit shapes."""
        if self.array(name) != tensor_shape(value):
            raise self.fail(f"'{name}' {list(self.array(name))} does not match the type {value.type}")


class TensorOp(MirOperation):
    """A pure op from one tensor to one of its element type (any): the declaration the
    layout ops (slice, transpose, reshape, broadcast_to) and reduce share; each adds its
    properties, syntax and shape rule."""

    E: ClassVar = VarConstraint("element_type", AnyElement)

    input = operand_def(static_tensor(E))
    result = result_def(static_tensor(E))

    traits = traits_def(Pure())


class BinaryOp(MirOperation):
    """A pure op from two tensors of one numeric element type to one of it: the
    declaration the broadcasting ops and matmul share; each adds its syntax and shape rule.
    Subclasses on other element types redeclare `E`, `lhs`, `rhs` and `result`."""

    E: ClassVar = VarConstraint("element_type", NumericElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    result = result_def(static_tensor(E))

    traits = traits_def(Pure())
