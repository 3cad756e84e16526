"""The element types and tensor types nnstack ops accept, as IRDL constraints.

Tensors are ranked with element type f16, bf16, f32, f64, i1, i8, i16, i32 or i64, and
statically shaped except where an op says otherwise (`mir.dynamic_reshape`,
`mir.dealloc_tensor`). gawee tensors may also hold the unsigned ui8, ui16, ui32 and
ui64 (the type states the semantics, as torch-mlir's `!torch.vtensor` does);
convert-gawee-to-linalg makes them signless, choosing the unsigned arith ops, and mir
and llir do not carry them (docs/unsigned-integers.md).
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    DenseArrayBase,
    IntegerAttr,
    IntegerType,
    Signedness,
    StaticShapeArrayConstr,
    TensorType,
    bf16,
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

FLOAT_TYPES: tuple[Attribute, ...] = (f16, bf16, f32, f64)
HALF_TYPES: tuple[Attribute, ...] = (f16, bf16)
"""The 16-bit floats, which ops that sum or multiply many elements compute in f32 and
round once (as PyTorch's CPU kernels and ONNX Runtime do)."""
INTEGER_TYPES: tuple[Attribute, ...] = (i8, i16, i32, i64)
"""Integer element types that take part in arithmetic (i1 is the boolean type)."""
NUMERIC_TYPES: tuple[Attribute, ...] = FLOAT_TYPES + INTEGER_TYPES
ELEMENT_TYPES: tuple[Attribute, ...] = NUMERIC_TYPES + (i1,)
UNSIGNED_TYPES: tuple[IntegerType, ...] = tuple(IntegerType(w, Signedness.UNSIGNED) for w in (8, 16, 32, 64))
"""ui8, ui16, ui32, ui64: element types of gawee only (upstream arith and linalg, mir
and llir are signless)."""
GAWEE_NUMERIC_TYPES: tuple[Attribute, ...] = NUMERIC_TYPES + UNSIGNED_TYPES
GAWEE_ELEMENT_TYPES: tuple[Attribute, ...] = ELEMENT_TYPES + UNSIGNED_TYPES

FloatElement = AttrSetConstraint.get(*FLOAT_TYPES)
IntegerElement = AttrSetConstraint.get(*INTEGER_TYPES)
NumericElement = AttrSetConstraint.get(*NUMERIC_TYPES)
AnyElement = AttrSetConstraint.get(*ELEMENT_TYPES)
GaweeNumericElement = AttrSetConstraint.get(*GAWEE_NUMERIC_TYPES)
"""A number gawee carries: a float, a signless (signed) or an unsigned integer."""
GaweeIntegerElement = AttrSetConstraint.get(*INTEGER_TYPES, *UNSIGNED_TYPES)
"""An integer gawee carries in arithmetic: signless (signed) or unsigned, not i1."""
GaweeElement = AttrSetConstraint.get(*GAWEE_ELEMENT_TYPES)
"""Any element type gawee carries."""
BoolElement = EqAttrConstraint(i1)
I64Element = EqAttrConstraint(i64)
"""The element type of the indices gawee makes (`arg_max`, `top_k`, `non_zero`, ...)."""
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


ONNX_ELEMENT_TYPES: dict[int, Attribute] = {
    1: f32,
    2: UNSIGNED_TYPES[0],
    3: i8,
    4: UNSIGNED_TYPES[1],
    5: i16,
    6: i32,
    7: i64,
    9: i1,
    10: f16,
    11: f64,
    12: UNSIGNED_TYPES[2],
    13: UNSIGNED_TYPES[3],
    16: bf16,
}
"""The ONNX `TensorProto.DataType` number of each element type nnstack carries
(`gawee.cast`'s optional `toType`, the ONNX importer)."""


def accumulator_type(element: Attribute) -> Attribute:
    """The element type a computation of `element` is done in: f32 for f16 and bf16."""
    return f32 if element in HALF_TYPES else element


def is_unsigned(element: Attribute) -> bool:
    """Whether `element` is an unsigned integer type (ui8 ... ui64)."""
    return isinstance(element, IntegerType) and element.signedness.data == Signedness.UNSIGNED


I64Array = DenseArrayBase.constr(i64)
I64Integer = IntegerAttr.constr(i64)
