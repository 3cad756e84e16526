"""The element types and tensor types nnstack ops accept, as IRDL constraints.

Tensors are ranked with element type f16, bf16, f32, f64, i1, i8, i16, i32 or i64, and
statically shaped except where an op says otherwise (`mir.dynamic_reshape`,
`mir.dealloc_tensor`). gawee tensors may also hold the unsigned ui8, ui16, ui32 and
ui64 (the type states the semantics, as torch-mlir's `!torch.vtensor` does);
convert-gawee-to-linalg and convert-gawee-to-mir make them signless, choosing the
unsigned arith and mir ops (docs/unsigned-integers.md). gawee and linalg also carry
ONNX's small types, the 8- and 4-bit floats and the 4- and 2-bit integers
(`STORAGE_TYPES`), through casts, quantization and data movement only
(docs/small-types.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DenseArrayBase,
    Float4E2M1FNType,
    Float8E4M3FNType,
    Float8E4M3FNUZType,
    Float8E5M2FNUZType,
    Float8E5M2Type,
    Float8E8M0FNUType,
    IntAttr,
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
from xdsl.irdl import AttrConstraint, EqAttrConstraint, ParamAttrConstraint, VerificationContext
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
FLOAT8_TYPES: tuple[Attribute, ...] = (
    Float8E4M3FNType(),
    Float8E4M3FNUZType(),
    Float8E5M2Type(),
    Float8E5M2FNUZType(),
)
"""The 8-bit floats with a sign and a mantissa (ONNX FLOAT8E4M3FN, FLOAT8E4M3FNUZ,
FLOAT8E5M2, FLOAT8E5M2FNUZ), whose casts may saturate (`gawee.cast`'s `saturate`)."""
E8M0 = Float8E8M0FNUType()
"""ONNX FLOAT8E8M0: a power of two (an exponent, no sign, no zero), a block scale."""
SMALL_FLOAT_TYPES: tuple[Attribute, ...] = (*FLOAT8_TYPES, Float4E2M1FNType(), E8M0)
SMALL_INTEGER_TYPES: tuple[IntegerType, ...] = tuple(
    IntegerType(w, s) for w in (4, 2) for s in (Signedness.SIGNLESS, Signedness.UNSIGNED)
)
"""i4, ui4, i2, ui2 (ONNX INT4, UINT4, INT2, UINT2)."""
STORAGE_TYPES: tuple[Attribute, ...] = SMALL_FLOAT_TYPES + SMALL_INTEGER_TYPES
"""ONNX's small element types, which gawee and linalg carry through casts,
quantization and data movement, but no arithmetic (a computation casts them to f32)."""
GAWEE_NUMERIC_TYPES: tuple[Attribute, ...] = NUMERIC_TYPES + UNSIGNED_TYPES
GAWEE_ELEMENT_TYPES: tuple[Attribute, ...] = ELEMENT_TYPES + UNSIGNED_TYPES + STORAGE_TYPES

FloatElement = AttrSetConstraint.get(*FLOAT_TYPES)
IntegerElement = AttrSetConstraint.get(*INTEGER_TYPES)
NumericElement = AttrSetConstraint.get(*NUMERIC_TYPES)
AnyElement = AttrSetConstraint.get(*ELEMENT_TYPES)
GaweeNumericElement = AttrSetConstraint.get(*GAWEE_NUMERIC_TYPES)
"""A number gawee carries: a float, a signless (signed) or an unsigned integer."""
GaweeIntegerElement = AttrSetConstraint.get(*INTEGER_TYPES, *UNSIGNED_TYPES)
"""An integer gawee carries in arithmetic: signless (signed) or unsigned, not i1."""
GaweeElement = AttrSetConstraint.get(*GAWEE_ELEMENT_TYPES)
"""Any element type gawee carries (the small `STORAGE_TYPES` included)."""
BoolElement = EqAttrConstraint(i1)
I64Element = EqAttrConstraint(i64)
"""The element type of the indices gawee makes (`arg_max`, `top_k`, `non_zero`, ...)."""
IndexElement = AttrSetConstraint.get(i32, i64)
"""The element type of an index tensor (`gawee.gather`)."""
ShapeElement = IndexElement
"""The element type of a run-time shape (`mir.dynamic_reshape`)."""


def static_tensor(element: AttrConstraint) -> AttrConstraint[TensorType[Attribute]]:
    """A statically shaped tensor whose element type satisfies `element`."""
    constraint = TensorType.constr(element, StaticShapeArrayConstr)
    if not isinstance(constraint, ParamAttrConstraint):
        return constraint
    return _StaticTensor(constraint.base_attr, constraint.param_constrs)


@dataclass(frozen=True)
class _StaticTensor(ParamAttrConstraint[TensorType[Attribute]]):
    """`TensorType.constr(element, StaticShapeArrayConstr)`, which the parser and the
    verifier check for every operand and result of every op: a tensor type whose dims
    are all static is recognised directly, then its element type and encoding are
    checked by their constraints, in xDSL's order (a quarter of the time of xDSL's
    check of the dims, through four nested constraints); any other attribute is
    checked, and its error worded, by xDSL's."""

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if type(attr) is TensorType and _static_dims(attr.shape):
            _, element, encoding = self.param_constrs
            element.verify(attr.element_type, constraint_context)
            encoding.verify(attr.encoding, constraint_context)
            return
        super().verify(attr, constraint_context)


def _static_dims(shape: Attribute) -> bool:
    """Whether `shape` is an array of static dims (what `StaticShapeArrayConstr` accepts)."""
    return type(shape) is ArrayAttr and all(
        type(dim) is IntAttr and dim.data != DYNAMIC_INDEX for dim in shape.data
    )


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
    17: FLOAT8_TYPES[0],
    18: FLOAT8_TYPES[1],
    19: FLOAT8_TYPES[2],
    20: FLOAT8_TYPES[3],
    21: SMALL_INTEGER_TYPES[1],
    22: SMALL_INTEGER_TYPES[0],
    23: SMALL_FLOAT_TYPES[4],
    24: E8M0,
    25: SMALL_INTEGER_TYPES[3],
    26: SMALL_INTEGER_TYPES[2],
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
