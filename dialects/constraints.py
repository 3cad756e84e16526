"""The element types and tensor types nnstack ops accept, as IRDL constraints.

Tensors are ranked with element type f16, f32, f64, i1, i8, i16, i32 or i64, and
statically shaped except where an op says otherwise (`mir.dynamic_reshape`,
`mir.dealloc_tensor`).
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    DenseArrayBase,
    IntegerAttr,
    StaticShapeArrayConstr,
    TensorType,
    f16,
    f32,
    f64,
    i1,
    i8,
    i16,
    i32,
    i64,
)
from xdsl.ir import Attribute
from xdsl.irdl import AttrConstraint, EqAttrConstraint
from xdsl.irdl.constraints import AttrSetConstraint

FLOAT_TYPES: tuple[Attribute, ...] = (f16, f32, f64)
INTEGER_TYPES: tuple[Attribute, ...] = (i8, i16, i32, i64)
"""Integer element types that take part in arithmetic (i1 is the boolean type)."""
NUMERIC_TYPES: tuple[Attribute, ...] = FLOAT_TYPES + INTEGER_TYPES
ELEMENT_TYPES: tuple[Attribute, ...] = NUMERIC_TYPES + (i1,)

FloatElement = AttrSetConstraint.get(*FLOAT_TYPES)
IntegerElement = AttrSetConstraint.get(*INTEGER_TYPES)
NumericElement = AttrSetConstraint.get(*NUMERIC_TYPES)
AnyElement = AttrSetConstraint.get(*ELEMENT_TYPES)
BoolElement = EqAttrConstraint(i1)
IndexElement = AttrSetConstraint.get(i32, i64)
"""The element type of an index tensor (`gawee.gather`)."""
ShapeElement = IndexElement
"""The element type of a run-time shape (`mir.dynamic_reshape`)."""


def static_tensor(element: AttrConstraint) -> AttrConstraint[TensorType[Attribute]]:
    """A statically shaped tensor whose element type satisfies `element`."""
    return TensorType.constr(element, StaticShapeArrayConstr)


def any_tensor(element: AttrConstraint) -> AttrConstraint[TensorType[Attribute]]:
    """A tensor, possibly with dynamic dims, whose element type satisfies `element`."""
    return TensorType.constr(element)


ONNX_ELEMENT_TYPES: dict[int, Attribute] = {1: f32, 3: i8, 5: i16, 6: i32, 7: i64, 9: i1, 10: f16, 11: f64}
"""The ONNX `TensorProto.DataType` number of each element type nnstack carries
(`gawee.cast`'s optional `toType`, the ONNX importer)."""

I64Array = DenseArrayBase.constr(i64)
I64Integer = IntegerAttr.constr(i64)
