"""Types and attributes of llir: `!llir.ptr<T>`, the layout / unroll / predicate enums, and
which builtin types llir computes with (and how tensor types are passed to llir).
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar, cast

from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    Float64Type,
    FunctionType,
    IndexType,
    IntegerType,
    Signedness,
    SignlessIntegerConstraint,
    TensorType,
    VectorType,
    i64,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import base, irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

_EnumT = TypeVar("_EnumT", bound=StrEnum)

FloatConstr = base(Float16Type) | base(Float32Type) | base(Float64Type)
"""The float types LLIR computes with."""

ScalarConstr = SignlessIntegerConstraint | FloatConstr
"""A register scalar: a signless integer of any width or f16 / f32 / f64."""

_MEMORY_INT_WIDTHS = (1, 8, 16, 32, 64)
_FLOAT_SIZES: dict[type[Attribute], int] = {Float16Type: 2, Float32Type: 4, Float64Type: 8}


def is_integer(typ: Attribute) -> bool:
    return isinstance(typ, IntegerType) and typ.signedness.data == Signedness.SIGNLESS


def is_float(typ: Attribute) -> bool:
    return type(typ) in _FLOAT_SIZES


def element_size(typ: Attribute) -> int | None:
    """Bytes one element of `typ` occupies in memory (i1 takes a byte), or None."""
    if is_integer(typ):
        assert isinstance(typ, IntegerType)
        width = typ.width.data
        return max(1, width // 8) if width in _MEMORY_INT_WIDTHS else None
    return _FLOAT_SIZES.get(type(typ))


def bit_width(typ: Attribute) -> int:
    """The width in bits of a scalar type."""
    if isinstance(typ, IntegerType):
        return typ.width.data
    return 8 * _FLOAT_SIZES[type(typ)]


@irdl_attr_definition
class PointerType(ParametrizedAttribute, TypeAttribute):
    """`!llir.ptr<T>`: the address of a `T` inside a buffer (the seed's MemoryValue).

    Pointer arithmetic (`llir.ptradd`) and load/store offsets count elements of `T`.
    """

    name = "llir.ptr"

    element_type: Attribute

    def __init__(self, element_type: Attribute):
        super().__init__(element_type)

    @property
    def element_size(self) -> int:
        size = element_size(self.element_type)
        assert size is not None
        return size

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_attribute(self.element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[Attribute]:
        with parser.in_angle_brackets():
            return (parser.parse_type(),)

    def verify(self) -> None:
        if element_size(self.element_type) is None:
            raise VerifyException(
                "!llir.ptr element type must be i1, i8, i16, i32, i64, f16, f32 or f64, "
                f"got {self.element_type}"
            )


class MemoryLayout(StrEnum):
    """How a function's multi-dimensional arrays are laid out in its flat buffers."""

    ROW_MAJOR = "row_major"
    COLUMN_MAJOR = "column_major"


class UnrollHint(StrEnum):
    """The seed's LoopUnrollHint: a hint for code generators, no change in meaning."""

    NONE = "none"
    UNROLL = "unroll"
    UNROLL_AND_JAM = "unroll_and_jam"


class CmpPredicate(StrEnum):
    """Comparison predicates: LLVM's icmp names for integers, fcmp names for floats."""

    EQ = "eq"
    NE = "ne"
    SLT = "slt"
    SLE = "sle"
    SGT = "sgt"
    SGE = "sge"
    ULT = "ult"
    ULE = "ule"
    UGT = "ugt"
    UGE = "uge"
    FALSE = "false"
    OEQ = "oeq"
    OGT = "ogt"
    OGE = "oge"
    OLT = "olt"
    OLE = "ole"
    ONE = "one"
    ORD = "ord"
    UEQ = "ueq"
    UNE = "une"
    UNO = "uno"
    TRUE = "true"


INTEGER_PREDICATES = frozenset(
    CmpPredicate(p) for p in ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
)
FLOAT_PREDICATES = frozenset(
    CmpPredicate(p)
    for p in (
        "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
        "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
    )
)  # fmt: skip


class _AngleEnumAttr(Generic[_EnumT]):
    """Prints an enum attribute as `#llir.name<value>` (EnumAttribute's needs a space)."""

    data: _EnumT
    enum_type: ClassVar[type[StrEnum]]

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data.value)

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> _EnumT:
        with parser.in_angle_brackets():
            return cast(_EnumT, parser.parse_str_enum(cls.enum_type))


@irdl_attr_definition
class LayoutAttr(_AngleEnumAttr[MemoryLayout], EnumAttribute[MemoryLayout]):
    """`#llir.layout<row_major>` or `#llir.layout<column_major>`."""

    name = "llir.layout"


@irdl_attr_definition
class UnrollHintAttr(_AngleEnumAttr[UnrollHint], EnumAttribute[UnrollHint]):
    """`#llir.unroll<none>`, `#llir.unroll<unroll>` or `#llir.unroll<unroll_and_jam>`."""

    name = "llir.unroll"


@irdl_attr_definition
class CmpPredicateAttr(_AngleEnumAttr[CmpPredicate], EnumAttribute[CmpPredicate]):
    """`#llir.predicate<slt>`: the predicate of `llir.cmp`."""

    name = "llir.predicate"


def is_vector_type(typ: Attribute) -> bool:
    """Whether `typ` is an LLIR vector: 1-D, fixed width >= 1, of a scalar element type."""
    return (
        isinstance(typ, VectorType)
        and typ.get_num_dims() == 1
        and not typ.get_num_scalable_dims()
        and typ.get_shape()[0] >= 1
        and element_size(typ.element_type) is not None
    )


def vector_element(op: Operation, typ: Attribute) -> Attribute:
    """The element type of an LLIR vector type, or a verifier error naming `op`."""
    if not is_vector_type(typ):
        raise VerifyException(
            f"{op.name}: expected a 1-D fixed-width vector of i1, i8, i16, i32, i64, "
            f"f16, f32 or f64, got {typ}"
        )
    assert isinstance(typ, VectorType)
    return typ.element_type


def is_value_type(typ: Attribute) -> bool:
    """Whether `typ` can be the type of an LLIR register."""
    if isinstance(typ, PointerType):
        return True
    return is_vector_type(typ) or is_integer(typ) or is_float(typ)


TENSOR_SIGNATURE = "llir.tensor_signature"
"""The discardable attribute of an `llir.func` lowered from a tensor function: the
original `(tensor<...>, ...) -> (tensor<...>, ...)` type, so callers can pass the same
arrays (see `lowered_signature` for how they are passed)."""


def lowered_type(typ: Attribute) -> Attribute | None:
    """The llir type a tensor-level value is passed as: a statically shaped tensor as a
    pointer to its first element, `index` as `i64`, integers and floats unchanged;
    None for anything else."""
    if isinstance(typ, TensorType):
        if not typ.has_static_shape() or element_size(typ.element_type) is None:
            return None
        return PointerType(typ.element_type)
    if isinstance(typ, IndexType):
        return i64
    return typ if is_integer(typ) or is_float(typ) else None


def lowered_signature(signature: FunctionType) -> tuple[Attribute, ...] | None:
    """The llir.func inputs of a tensor signature, or None if a type cannot be lowered.

    Each input is passed as its `lowered_type`, followed by one pointer per result
    (destination passing: the caller allocates every result, scalars as one element),
    and the function returns nothing.
    """
    inputs = [lowered_type(t) for t in signature.inputs]
    outputs = [lowered_type(t) for t in signature.outputs]
    outputs = [t if t is None or isinstance(t, PointerType) else PointerType(t) for t in outputs]
    lowered = (*inputs, *outputs)
    return None if None in lowered else tuple(t for t in lowered if t is not None)
