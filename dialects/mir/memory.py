"""Tensors made from nothing, and explicit memory: `mir.constant`,
`mir.from_elements`, `mir.alloc_tensor`, `mir.dealloc_tensor`."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, DenseResourceAttr, IndexType, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    ParamAttrConstraint,
    VarConstraint,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import MemoryAllocEffect, MemoryFreeEffect, Pure

from nnstack.dialects.constraints import INTEGER_TYPES, AnyElement, any_tensor, static_tensor
from nnstack.dialects.mir.base import MirOperation
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, element_type, op_definition, tensor_shape


@op_definition
class ConstantOp(MirOperation):
    """A tensor constant: `mir.constant dense<0.0> : tensor<f32>`, or a tensor of the
    module's weights file, `mir.constant dense_resource<key> : tensor<64xf32>`
    (`dialects/weights.py`); the result has the value's type."""

    name = "mir.constant"

    T: ClassVar = VarConstraint("tensor_type", static_tensor(AnyElement))

    result = result_def(T)
    value = prop_def(
        ParamAttrConstraint(DenseIntOrFPElementsAttr, (T, AnyAttr()))
        | ParamAttrConstraint(DenseResourceAttr, (AnyAttr(), T))
    )

    traits = traits_def(Pure())

    assembly_format = "$value attr-dict"

    def __init__(self, value: DenseIntOrFPElementsAttr | DenseResourceAttr):
        super().__init__(result_types=[value.type], properties={"value": value})

    @staticmethod
    def from_list(type: TensorType[Any], values: Sequence[int] | Sequence[float]) -> ConstantOp:
        return ConstantOp(DenseIntOrFPElementsAttr.from_list(type, values))


@op_definition
class FromElementsOp(MirOperation):
    """A static tensor from scalar SSA values in row-major order; `index` scalars
    fill integer tensors. The bridge from loop induction variables to tensors
    (e.g. the indices of a mir.gather inside a loop)."""

    name = "mir.from_elements"

    elements = var_operand_def()
    result = result_def(static_tensor(AnyElement))

    traits = traits_def(Pure())

    assembly_format = f"$elements {ATTR_DICT_AND_TYPES}"

    def __init__(self, elements: Sequence[SSAValue | Operation], result_type: TensorType):
        super().__init__(operands=[elements], result_types=[result_type])

    def verify_(self) -> None:
        count = math.prod(tensor_shape(self.result))
        if len(self.elements) != count:
            raise self.fail(
                f"got {len(self.elements)} scalars for the {count} elements of {self.result.type}"
            )
        elem = element_type(self.result)
        for i, value in enumerate(self.elements):
            if value.type != elem and not (isinstance(value.type, IndexType) and elem in INTEGER_TYPES):
                allowed = f"{elem} or index" if elem in INTEGER_TYPES else str(elem)
                raise self.fail(f"element #{i} has type {value.type}, expected {allowed}")


@op_definition
class AllocTensorOp(MirOperation):
    """Allocates a tensor of the result type, filled with zeros."""

    name = "mir.alloc_tensor"

    result = result_def(static_tensor(AnyElement))

    traits = traits_def(MemoryAllocEffect())

    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, type: TensorType):
        super().__init__(result_types=[type])


@op_definition
class DeallocTensorOp(MirOperation):
    """Frees a tensor (of any shape, `?` dims included): using it afterwards, or
    freeing it again, is a runtime error."""

    name = "mir.dealloc_tensor"

    tensor = operand_def(any_tensor(AnyElement))

    traits = traits_def(MemoryFreeEffect())

    assembly_format = "$tensor attr-dict `:` type($tensor)"

    def __init__(self, tensor: SSAValue | Operation):
        super().__init__(operands=[tensor])
