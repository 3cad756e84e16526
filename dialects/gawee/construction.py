"""Gawee ops that make a tensor from attributes alone: constant, range, shape (ONNX
Constant, Range, Shape). ONNX's Range takes its bounds as scalar tensor inputs;
gawee takes them as attributes, so the result type stays static. The ONNX importer
folds all three when it can (constants, Shape of a static shape); the ops exist for
builders and for IR written in the original Gawee's syntax."""

from __future__ import annotations

import math
from typing import ClassVar, cast

import numpy as np
from xdsl.dialects.builtin import (
    I64,
    AnyFloat,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    TensorType,
    f32,
    f64,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    ParamAttrConstraint,
    VarConstraint,
    attr_def,
    base,
    operand_def,
    opt_attr_def,
    result_def,
)
from xdsl.irdl.constraints import AttrSetConstraint

from nnstack.dialects.constraints import GaweeElement, I64Element, static_tensor
from nnstack.dialects.gawee.base import GaweeOperation, gawee_op_definition
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, element_type, tensor_shape
from nnstack.dialects.values import numpy_dtype

__all__ = [
    "ConstantOp",
    "RangeOp",
    "ShapeOp",
    "range_length",
]


@gawee_op_definition
class ConstantOp(GaweeOperation):
    """A tensor constant: `gawee.constant dense<[1.0, 2.0]> : tensor<2xf32>`; the
    result has the value's type (ONNX Constant)."""

    name = "gawee.constant"

    T: ClassVar = VarConstraint("T", static_tensor(GaweeElement))

    output = result_def(T)
    value = attr_def(ParamAttrConstraint(DenseIntOrFPElementsAttr, (T, AnyAttr())))

    assembly_format = "$value attr-dict"

    def __init__(self, value: DenseIntOrFPElementsAttr):
        super().__init__(result_types=[value.type], attributes={"value": value})


RANGE_TYPES: tuple[Attribute, ...] = (f32, f64, i32, i64)
"""The element types of a `gawee.range` (those ONNX Range and nnstack share)."""


def range_length(start: float, limit: float, delta: float) -> int:
    """ONNX Range's length, max(ceil((limit - start) / delta), 0): exact for integers,
    in double precision for floats (as ONNX's reference does)."""
    if all(isinstance(v, int) for v in (start, limit, delta)):
        return max(-((start - limit) // delta), 0)  # type: ignore[operator]
    return max(math.ceil((limit - start) / delta), 0)


@gawee_op_definition
class RangeOp(GaweeOperation):
    """start, start + delta, start + 2 * delta, ... up to (not including) limit (ONNX
    Range with constant inputs). The bounds are attributes of the result's element
    type; element i is start + i * delta computed in that type."""

    name = "gawee.range"

    output = result_def(static_tensor(AttrSetConstraint.get(*RANGE_TYPES)))

    start = attr_def(base(FloatAttr) | base(IntegerAttr))
    limit = attr_def(base(FloatAttr) | base(IntegerAttr))
    delta = attr_def(base(FloatAttr) | base(IntegerAttr))

    assembly_format = "`start` `=` $start `limit` `=` $limit `delta` `=` $delta attr-dict `:` type($output)"

    BOUNDS: ClassVar[tuple[str, ...]] = ("start", "limit", "delta")
    ELEMENT_TYPES: ClassVar[tuple[Attribute, ...]] = RANGE_TYPES

    def __init__(self, start: float, limit: float, delta: float, element: Attribute):
        def attr(value: float) -> Attribute:
            if isinstance(element, IntegerType):
                return IntegerAttr(int(value), element)
            return FloatAttr(value, cast(AnyFloat, element))

        bounds = {name: attr(v) for name, v in zip(self.BOUNDS, (start, limit, delta))}
        values = [self._value(a, element) for a in bounds.values()]
        super().__init__(
            result_types=[TensorType(element, [range_length(*values)])],
            attributes=bounds,
        )

    @staticmethod
    def _value(attr: Attribute, element: Attribute) -> float:
        """The bound as a Python number, a float rounded to the element type."""
        assert isinstance(attr, FloatAttr | IntegerAttr)
        if isinstance(attr, IntegerAttr):
            return attr.value.data
        return float(np.dtype(np.float32 if element == f32 else np.float64).type(attr.value.data))

    def bounds(self) -> tuple[float, float, float]:
        """(start, limit, delta), floats rounded to the element type."""
        element = element_type(self.output)
        start, limit, delta = (self._value(self.attributes[n], element) for n in self.BOUNDS)
        return start, limit, delta

    def values(self) -> np.ndarray:
        """start + i * delta, computed in the result's element type: what the op holds,
        for the interpreter and for the lowering to mir, which folds it to a constant."""
        dtype = numpy_dtype(self.output.type)
        start, _, delta = (dtype.type(v) for v in self.bounds())
        return start + np.arange(self.output.type.get_shape()[0], dtype=dtype) * delta

    def verify_(self) -> None:
        element = element_type(self.output)
        for name in self.BOUNDS:
            attr = self.attributes[name]
            assert isinstance(attr, FloatAttr | IntegerAttr)
            if attr.type != element:
                raise self.fail(f"'{name}' has type {attr.type}, not the result element type {element}")
        start, limit, delta = self.bounds()
        if delta == 0:
            raise self.fail("'delta' must not be 0")
        if not all(math.isfinite(v) for v in (start, limit, delta)):
            raise self.fail(f"the bounds must be finite, got {start}, {limit}, {delta}")
        self.expect_result_shape([range_length(start, limit, delta)])


@gawee_op_definition
class ShapeOp(GaweeOperation):
    """The input's dims start..end (end excluded; negative ones count from the end,
    both clamped to [0, rank]: Python's slice rules) as an i64 tensor (ONNX Shape)."""

    name = "gawee.shape"

    input = operand_def(static_tensor(GaweeElement))
    output = result_def(static_tensor(I64Element))

    start = opt_attr_def(IntegerAttr[I64], default_value=IntegerAttr(0, i64))
    end = opt_attr_def(IntegerAttr[I64])

    assembly_format = f"$input (`start` `=` $start^)? (`end` `=` $end^)? {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, start: int = 0, end: int | None = None):
        input = SSAValue.get(input)
        attributes: dict[str, Attribute] = {}
        if start:
            attributes["start"] = IntegerAttr(start, i64)
        if end is not None:
            attributes["end"] = IntegerAttr(end, i64)
        dims = tensor_shape(input)[start:end]
        super().__init__(operands=[input], result_types=[TensorType(i64, [len(dims)])], attributes=attributes)

    def dims(self) -> tuple[int, ...]:
        start = self.start.value.data if self.start is not None else 0
        end = self.end.value.data if self.end is not None else None
        return tensor_shape(self.input)[start:end]

    def verify_(self) -> None:
        self.expect_result_shape([len(self.dims())])
