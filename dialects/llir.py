"""The llir dialect: nnstack's low-level IR, close to LLVM IR.

LLIR is in SSA form (values are the registers) and makes memory explicit: a value of
type `!llir.ptr<T>` is the address of an element of a buffer, buffers are allocated
and freed by ops, and every access is a typed load or store at `pointer + element
offset`. Functions are multi-block CFGs with `llir.br` / `llir.cond_br` terminators
and real phi nodes, plus a structured `llir.for` loop for the loops the mid-level
lowering emits.

- Types: signless integers (`i1`..`i64`), `f16` / `f32` / `f64`, `!llir.ptr<T>` and
  1-D fixed-width `vector<WxT>`. There is no `index` type: offsets, sizes and loop
  bounds are signless integers, interpreted as signed.
- `llir.func` carries an `is_kernel` flag and the memory `layout` (row- or
  column-major) its address computations follow (`element_strides` gives the
  strides of a layout; `linearize` builds the offset computation).
- A function lowered from a tensor function records its type in the discardable
  attribute `llir.tensor_signature` (`TENSOR_SIGNATURE`); `lowered_signature` says how
  such a function is passed its arrays, and the verifier checks the two agree.
- `llir.phi [%v, ^pred], ...` lists its incoming blocks as block references (xDSL
  successors). It is the only non-terminator that does, so `Block.predecessors()`
  also counts phis: use `cfg_predecessors` for the control-flow graph.
- `llir.for` has loop-carried values (`iter_args`, yielded by `llir.yield`), so a
  reduction needs no memory; its `unroll` hint does not change its meaning.
- `llir.func` checks SSA dominance over its CFG (xDSL does not): a use must be
  dominated by its definition, and a phi's incoming value must dominate the end of
  its incoming block.

Ops, by family (seed names in parentheses):

- functions: `llir.func` (LLIRFunction), `llir.return` (ReturnOp), `llir.call`
- control flow: `llir.br` (BranchOp), `llir.cond_br` (ConditionalBranchOp),
  `llir.phi` (PhiNode), `llir.for` (LLIRForLoopOp) and its `llir.yield`
- memory: `llir.alloc_buffer`, `llir.free_buffer`, `llir.load`, `llir.store`,
  `llir.memcpy` (the seed's memory ops), `llir.vload`, `llir.vstore`,
  `llir.ptradd` (address arithmetic), `llir.ptrcast`
- scalars: `llir.constant`, `llir.add` `sub` `mul` `div` (Add/Sub/Mul/DivScalarOp),
  `rem` `min` `max`, `and` `or` `xor` `shl` `shr`, `neg` `abs` `sqrt` `exp` `log`,
  `llir.cmp`, `llir.select`, conversions `sitofp` `uitofp` `fptosi` `fptoui`
  `sext` `zext` `trunc` `fpext` `fptrunc`
- vectors: `llir.vadd` `vmul` (VectorAdd/MulOp), `llir.splat`, `llir.vreduce_add`

Memory safety (bounds, use after free, double free, alignment, reads of
never-written memory) is checked at run time by `nnstack.interpreters.llir`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    FlatSymbolRefAttrConstr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    Signedness,
    SignlessIntegerConstraint,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TensorType,
    UnitAttr,
    VectorType,
    i1,
    i64,
)
from xdsl.dialects.utils import EnumAttribute, parse_func_op_like, print_func_op_like
from xdsl.ir import (
    Attribute,
    Block,
    BlockArgument,
    Dialect,
    Operation,
    ParametrizedAttribute,
    Region,
    SSAValue,
    TypeAttribute,
)
from xdsl.ir.core import ErasedSSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParamAttrConstraint,
    VarConstraint,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    successor_def,
    traits_def,
    var_operand_def,
    var_result_def,
    var_successor_def,
)
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import (
    CallableOpInterface,
    ConstantLike,
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    MemoryAllocEffect,
    MemoryFreeEffect,
    MemoryReadEffect,
    MemoryWriteEffect,
    NoMemoryEffect,
    Pure,
    RecursiveMemoryEffect,
    ReturnLike,
    SingleBlockImplicitTerminator,
    SymbolOpInterface,
    SymbolTable,
    SymbolUserOpInterface,
    ensure_terminator,
)
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

# ---------------------------------------------------------------------------
# Types and attributes
# ---------------------------------------------------------------------------

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


class _AngleEnumAttr:
    """Prints an enum attribute as `#llir.name<value>` (EnumAttribute's needs a space)."""

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data.value)  # pyright: ignore[reportAttributeAccessIssue]

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> StrEnum:
        with parser.in_angle_brackets():
            enum_type = cls.enum_type  # pyright: ignore[reportAttributeAccessIssue]
            return parser.parse_str_enum(enum_type)


@irdl_attr_definition
class LayoutAttr(_AngleEnumAttr, EnumAttribute[MemoryLayout]):
    """`#llir.layout<row_major>` or `#llir.layout<column_major>`."""

    name = "llir.layout"


@irdl_attr_definition
class UnrollHintAttr(_AngleEnumAttr, EnumAttribute[UnrollHint]):
    """`#llir.unroll<none>`, `#llir.unroll<unroll>` or `#llir.unroll<unroll_and_jam>`."""

    name = "llir.unroll"


@irdl_attr_definition
class CmpPredicateAttr(_AngleEnumAttr, EnumAttribute[CmpPredicate]):
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


def _vector_element(op: Operation, typ: Attribute) -> Attribute:
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


# ---------------------------------------------------------------------------
# Memory
# ---------------------------------------------------------------------------


@irdl_op_definition
class AllocBufferOp(IRDLOperation):
    """Allocate a zero-initialised buffer of `size` bytes aligned to `alignment`.

    The seed's AllocBufferOp: the size is static, a multiple of the element size,
    and the alignment a power of two no smaller than the element size (default 16).
    """

    name = "llir.alloc_buffer"

    size = prop_def(IntegerAttr.constr(i64))
    alignment = prop_def(IntegerAttr.constr(i64), default_value=IntegerAttr(16, i64))
    result = result_def(PointerType)

    traits = traits_def(MemoryAllocEffect())

    assembly_format = "$size (`align` $alignment^)? attr-dict `:` type($result)"

    def __init__(self, element_type: Attribute, size: int, alignment: int = 16):
        super().__init__(
            properties={"size": IntegerAttr(size, i64), "alignment": IntegerAttr(alignment, i64)},
            result_types=[PointerType(element_type)],
        )

    def verify_(self) -> None:
        assert isinstance(self.result.type, PointerType)
        elem = self.result.type.element_size
        size, alignment = self.size.value.data, self.alignment.value.data
        if size < 0 or size % elem:
            raise VerifyException(
                f"{self.name}: size {size} is not a non-negative multiple of the element "
                f"size {elem}"
            )
        if alignment <= 0 or alignment & (alignment - 1):
            raise VerifyException(f"{self.name}: alignment {alignment} is not a power of two")
        if alignment < elem:
            raise VerifyException(
                f"{self.name}: alignment {alignment} is smaller than the element size {elem}"
            )


@irdl_op_definition
class FreeBufferOp(IRDLOperation):
    """Free the buffer a pointer returned by `llir.alloc_buffer` starts."""

    name = "llir.free_buffer"

    ptr = operand_def(PointerType)

    traits = traits_def(MemoryFreeEffect())

    assembly_format = "$ptr attr-dict `:` type($ptr)"

    def __init__(self, ptr: SSAValue | Operation):
        super().__init__(operands=[ptr])


class _AccessOp(IRDLOperation):
    """Shared verification of loads and stores at `ptr[offset]` (offset in elements)."""

    VECTOR: ClassVar[bool] = False
    """Whether the op accesses a vector of elements rather than one."""

    ptr = operand_def(PointerType)
    offset = opt_operand_def(SignlessIntegerConstraint)

    def accessed_type(self) -> Attribute:
        raise NotImplementedError

    def verify_(self) -> None:
        assert isinstance(self.ptr.type, PointerType)
        pointee = self.ptr.type.element_type
        accessed = self.accessed_type()
        what = "result" if self.results else "value"
        if self.VECTOR:
            elem = _vector_element(self, accessed)
            if elem != pointee:
                raise VerifyException(
                    f"{self.name}: {what} element type {elem} does not match the pointer "
                    f"element type {pointee}"
                )
        elif accessed != pointee:
            raise VerifyException(
                f"{self.name}: {what} type {accessed} does not match the pointer element "
                f"type {pointee}"
            )


_OFFSET_FORMAT = "$ptr (`[` $offset^ `:` type($offset) `]`)? attr-dict"


@irdl_op_definition
class LoadOp(_AccessOp):
    """Load the scalar at `ptr[offset]`."""

    name = "llir.load"

    result = result_def(ScalarConstr)

    traits = traits_def(MemoryReadEffect())

    assembly_format = _OFFSET_FORMAT + " `:` type($ptr) `->` type($result)"

    def __init__(self, ptr: SSAValue | Operation, offset: SSAValue | Operation | None = None):
        ptr_type = SSAValue.get(ptr).type
        assert isinstance(ptr_type, PointerType)
        super().__init__(
            operands=[ptr, [] if offset is None else [offset]],
            result_types=[ptr_type.element_type],
        )

    def accessed_type(self) -> Attribute:
        return self.result.type


@irdl_op_definition
class StoreOp(_AccessOp):
    """Store a scalar at `ptr[offset]`."""

    name = "llir.store"

    value = operand_def(ScalarConstr)

    traits = traits_def(MemoryWriteEffect())

    assembly_format = (
        "$value `,` " + _OFFSET_FORMAT + " `:` type($value) `,` type($ptr)"
    )

    def __init__(
        self,
        value: SSAValue | Operation,
        ptr: SSAValue | Operation,
        offset: SSAValue | Operation | None = None,
    ):
        super().__init__(operands=[value, ptr, [] if offset is None else [offset]])

    def accessed_type(self) -> Attribute:
        return self.value.type


@irdl_op_definition
class VectorLoadOp(_AccessOp):
    """Load `W` consecutive elements at `ptr[offset]` into a `vector<WxT>`."""

    name = "llir.vload"
    VECTOR: ClassVar[bool] = True

    result = result_def(VectorType)

    traits = traits_def(MemoryReadEffect())

    assembly_format = _OFFSET_FORMAT + " `:` type($ptr) `->` type($result)"

    def __init__(
        self,
        ptr: SSAValue | Operation,
        width: int,
        offset: SSAValue | Operation | None = None,
    ):
        ptr_type = SSAValue.get(ptr).type
        assert isinstance(ptr_type, PointerType)
        super().__init__(
            operands=[ptr, [] if offset is None else [offset]],
            result_types=[VectorType(ptr_type.element_type, [width])],
        )

    def accessed_type(self) -> Attribute:
        return self.result.type


@irdl_op_definition
class VectorStoreOp(_AccessOp):
    """Store a `vector<WxT>` to `W` consecutive elements at `ptr[offset]`."""

    name = "llir.vstore"
    VECTOR: ClassVar[bool] = True

    value = operand_def(VectorType)

    traits = traits_def(MemoryWriteEffect())

    assembly_format = (
        "$value `,` " + _OFFSET_FORMAT + " `:` type($value) `,` type($ptr)"
    )

    def __init__(
        self,
        value: SSAValue | Operation,
        ptr: SSAValue | Operation,
        offset: SSAValue | Operation | None = None,
    ):
        super().__init__(operands=[value, ptr, [] if offset is None else [offset]])

    def accessed_type(self) -> Attribute:
        return self.value.type


@irdl_op_definition
class MemcpyOp(IRDLOperation):
    """Copy `size` bytes from `src` to `dst`; the two ranges must not overlap."""

    name = "llir.memcpy"

    dst = operand_def(PointerType)
    src = operand_def(PointerType)
    size = operand_def(SignlessIntegerConstraint)

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    assembly_format = (
        "$dst `,` $src `,` $size attr-dict `:` type($dst) `,` type($src) `,` type($size)"
    )

    def __init__(
        self,
        dst: SSAValue | Operation,
        src: SSAValue | Operation,
        size: SSAValue | Operation,
    ):
        super().__init__(operands=[dst, src, size])


@irdl_op_definition
class PtrAddOp(IRDLOperation):
    """`ptr + offset` elements (LLVM's getelementptr on a flat array)."""

    name = "llir.ptradd"

    P: ClassVar = VarConstraint("P", base(PointerType))

    ptr = operand_def(P)
    offset = operand_def(SignlessIntegerConstraint)
    result = result_def(P)

    traits = traits_def(Pure())

    assembly_format = "$ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)"

    def __init__(self, ptr: SSAValue | Operation, offset: SSAValue | Operation):
        super().__init__(operands=[ptr, offset], result_types=[SSAValue.get(ptr).type])


@irdl_op_definition
class PtrCastOp(IRDLOperation):
    """Reinterpret a pointer as a pointer to another element type (same address)."""

    name = "llir.ptrcast"

    ptr = operand_def(PointerType)
    result = result_def(PointerType)

    traits = traits_def(Pure())

    assembly_format = "$ptr attr-dict `:` type($ptr) `to` type($result)"

    def __init__(self, ptr: SSAValue | Operation, element_type: Attribute):
        super().__init__(operands=[ptr], result_types=[PointerType(element_type)])


# ---------------------------------------------------------------------------
# Arithmetic
# ---------------------------------------------------------------------------


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """An integer, float or vector (`dense<...>`) constant."""

    name = "llir.constant"

    _T: ClassVar = VarConstraint("T", AnyAttr())

    value = prop_def(
        IntegerAttr.constr(SignlessIntegerConstraint & _T)
        | ParamAttrConstraint(FloatAttr, (AnyAttr(), _T))
        | ParamAttrConstraint(DenseIntOrFPElementsAttr, (_T, AnyAttr()))
    )
    result = result_def(_T)

    traits = traits_def(Pure(), ConstantLike())

    assembly_format = "attr-dict $value"

    def __init__(self, value: IntegerAttr | FloatAttr | DenseIntOrFPElementsAttr):
        super().__init__(properties={"value": value}, result_types=[value.get_type()])

    @staticmethod
    def from_int(value: int, typ: IntegerType = i64) -> ConstantOp:
        return ConstantOp(IntegerAttr(value, typ))

    @staticmethod
    def from_float(value: float, typ: Float16Type | Float32Type | Float64Type) -> ConstantOp:
        return ConstantOp(FloatAttr(value, typ))

    def verify_(self) -> None:
        typ = self.result.type
        if isinstance(typ, VectorType):
            _vector_element(self, typ)
        elif not (is_integer(typ) or is_float(typ)):
            raise VerifyException(
                f"{self.name}: expected a signless integer, f16, f32, f64 or vector "
                f"constant, got {typ}"
            )


class _BinaryOp(IRDLOperation):
    """Binary arithmetic on two scalars of one type (integer or float)."""

    T: ClassVar = VarConstraint("T", ScalarConstr)

    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())

    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        super().__init__(operands=[lhs, rhs], result_types=[SSAValue.get(lhs).type])


class _IntegerBinaryOp(_BinaryOp):
    """Binary bitwise or shift operation on two signless integers of one type."""

    T: ClassVar = VarConstraint("T", SignlessIntegerConstraint)

    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)


@irdl_op_definition
class AddOp(_BinaryOp):
    """Wrapping integer or IEEE float addition."""

    name = "llir.add"


@irdl_op_definition
class SubOp(_BinaryOp):
    """Wrapping integer or IEEE float subtraction."""

    name = "llir.sub"


@irdl_op_definition
class MulOp(_BinaryOp):
    """Wrapping integer or IEEE float multiplication."""

    name = "llir.mul"


@irdl_op_definition
class DivOp(_BinaryOp):
    """Signed integer division (rounding toward zero) or IEEE float division.

    An integer division by zero is a run-time error, so the op is not speculatable.
    """

    name = "llir.div"

    traits = traits_def(NoMemoryEffect())


@irdl_op_definition
class RemOp(_BinaryOp):
    """Signed integer remainder (sign of the dividend) or float `fmod`."""

    name = "llir.rem"

    traits = traits_def(NoMemoryEffect())


@irdl_op_definition
class MinOp(_BinaryOp):
    """Signed integer minimum, or float minimum propagating NaN (IEEE `minimum`)."""

    name = "llir.min"


@irdl_op_definition
class MaxOp(_BinaryOp):
    """Signed integer maximum, or float maximum propagating NaN (IEEE `maximum`)."""

    name = "llir.max"


@irdl_op_definition
class AndOp(_IntegerBinaryOp):
    name = "llir.and"


@irdl_op_definition
class OrOp(_IntegerBinaryOp):
    name = "llir.or"


@irdl_op_definition
class XorOp(_IntegerBinaryOp):
    name = "llir.xor"


@irdl_op_definition
class ShlOp(_IntegerBinaryOp):
    """Shift left; a shift amount outside [0, width) is a run-time error."""

    name = "llir.shl"

    traits = traits_def(NoMemoryEffect())


@irdl_op_definition
class ShrOp(_IntegerBinaryOp):
    """Arithmetic shift right; a shift amount outside [0, width) is a run-time error."""

    name = "llir.shr"

    traits = traits_def(NoMemoryEffect())


class _UnaryOp(IRDLOperation):
    """Unary arithmetic on a scalar (integer or float)."""

    T: ClassVar = VarConstraint("T", ScalarConstr)

    operand = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())

    assembly_format = "$operand attr-dict `:` type($result)"

    def __init__(self, operand: SSAValue | Operation):
        super().__init__(operands=[operand], result_types=[SSAValue.get(operand).type])


class _FloatUnaryOp(_UnaryOp):
    """Unary math function on a float."""

    T: ClassVar = VarConstraint("T", FloatConstr)

    operand = operand_def(T)
    result = result_def(T)


@irdl_op_definition
class NegOp(_UnaryOp):
    name = "llir.neg"


@irdl_op_definition
class AbsOp(_UnaryOp):
    name = "llir.abs"


@irdl_op_definition
class SqrtOp(_FloatUnaryOp):
    name = "llir.sqrt"


@irdl_op_definition
class ExpOp(_FloatUnaryOp):
    name = "llir.exp"


@irdl_op_definition
class LogOp(_FloatUnaryOp):
    name = "llir.log"


@irdl_op_definition
class CmpOp(IRDLOperation):
    """Compare two scalars: `llir.cmp slt, %a, %b : i64` gives an `i1`.

    Integers take eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge; floats take the
    ordered (o*) and unordered (u*) predicates of LLVM's fcmp, ord, uno, true, false.
    """

    name = "llir.cmp"

    T: ClassVar = VarConstraint("T", ScalarConstr)

    predicate = prop_def(CmpPredicateAttr)
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(i1)

    traits = traits_def(Pure())

    def __init__(
        self,
        predicate: CmpPredicate | str,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
    ):
        super().__init__(
            operands=[lhs, rhs],
            properties={"predicate": CmpPredicateAttr(CmpPredicate(predicate))},
            result_types=[i1],
        )

    def verify_(self) -> None:
        predicate = self.predicate.data
        if is_float(self.lhs.type):
            if predicate not in FLOAT_PREDICATES:
                raise VerifyException(
                    f"{self.name}: predicate {predicate} does not compare floats"
                )
        elif predicate not in INTEGER_PREDICATES:
            raise VerifyException(
                f"{self.name}: predicate {predicate} does not compare integers"
            )

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.predicate.data.value}, ")
        printer.print_operand(self.lhs)
        printer.print_string(", ")
        printer.print_operand(self.rhs)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)

    @classmethod
    def parse(cls, parser: Parser) -> CmpOp:
        predicate = parser.parse_str_enum(CmpPredicate)
        parser.parse_punctuation(",")
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        typ = parser.parse_type()
        op = cls(predicate, parser.resolve_operand(lhs, typ), parser.resolve_operand(rhs, typ))
        op.attributes |= attrs
        return op


@irdl_op_definition
class SelectOp(IRDLOperation):
    """`cond ? true_value : false_value` on any register type (scalar, vector, pointer)."""

    name = "llir.select"

    T: ClassVar = VarConstraint("T", AnyAttr())

    cond = operand_def(i1)
    true_value = operand_def(T)
    false_value = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())

    assembly_format = "$cond `,` $true_value `,` $false_value attr-dict `:` type($result)"

    def __init__(
        self,
        cond: SSAValue | Operation,
        true_value: SSAValue | Operation,
        false_value: SSAValue | Operation,
    ):
        super().__init__(
            operands=[cond, true_value, false_value],
            result_types=[SSAValue.get(true_value).type],
        )

    def verify_(self) -> None:
        if not is_value_type(self.result.type):
            raise VerifyException(f"{self.name}: {self.result.type} is not an llir type")


class _CastOp(IRDLOperation):
    """A conversion `llir.<cast> %x : T1 to T2` between scalar types.

    Subclasses say which kinds they convert between and, for extensions and
    truncations, that the width grows or shrinks.
    """

    FROM_FLOAT: ClassVar[bool]
    TO_FLOAT: ClassVar[bool]
    WIDTH_RULE: ClassVar[str | None] = None
    """"wider" (extensions), "narrower" (truncations) or None."""

    input = operand_def(ScalarConstr)
    result = result_def(ScalarConstr)

    traits = traits_def(Pure())

    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"

    def __init__(self, input: SSAValue | Operation, result_type: Attribute):
        super().__init__(operands=[input], result_types=[result_type])

    def verify_(self) -> None:
        source, target = self.input.type, self.result.type
        kinds = {True: "a float", False: "an integer"}
        if is_float(source) != self.FROM_FLOAT:
            raise VerifyException(
                f"{self.name}: input must be {kinds[self.FROM_FLOAT]}, got {source}"
            )
        if is_float(target) != self.TO_FLOAT:
            raise VerifyException(
                f"{self.name}: result must be {kinds[self.TO_FLOAT]}, got {target}"
            )
        if self.WIDTH_RULE is not None:
            grows = bit_width(target) > bit_width(source)
            shrinks = bit_width(target) < bit_width(source)
            if (self.WIDTH_RULE == "wider" and not grows) or (
                self.WIDTH_RULE == "narrower" and not shrinks
            ):
                raise VerifyException(
                    f"{self.name}: result type {target} must be {self.WIDTH_RULE} than "
                    f"the input type {source}"
                )


class _IntToFloatOp(_CastOp):
    FROM_FLOAT: ClassVar[bool] = False
    TO_FLOAT: ClassVar[bool] = True


class _FloatToIntOp(_CastOp):
    FROM_FLOAT: ClassVar[bool] = True
    TO_FLOAT: ClassVar[bool] = False


class _IntResizeOp(_CastOp):
    FROM_FLOAT: ClassVar[bool] = False
    TO_FLOAT: ClassVar[bool] = False


class _FloatResizeOp(_CastOp):
    FROM_FLOAT: ClassVar[bool] = True
    TO_FLOAT: ClassVar[bool] = True


@irdl_op_definition
class SIToFPOp(_IntToFloatOp):
    """Signed integer to float, rounding to nearest even."""

    name = "llir.sitofp"


@irdl_op_definition
class UIToFPOp(_IntToFloatOp):
    """Unsigned integer to float, rounding to nearest even."""

    name = "llir.uitofp"


@irdl_op_definition
class FPToSIOp(_FloatToIntOp):
    """Float to signed integer, rounding toward zero; out of range is a run-time error."""

    name = "llir.fptosi"


@irdl_op_definition
class FPToUIOp(_FloatToIntOp):
    """Float to unsigned integer, rounding toward zero; out of range is a run-time error."""

    name = "llir.fptoui"


@irdl_op_definition
class SExtOp(_IntResizeOp):
    name = "llir.sext"
    WIDTH_RULE: ClassVar[str | None] = "wider"


@irdl_op_definition
class ZExtOp(_IntResizeOp):
    name = "llir.zext"
    WIDTH_RULE: ClassVar[str | None] = "wider"


@irdl_op_definition
class TruncOp(_IntResizeOp):
    """Keep the low bits (wrapping)."""

    name = "llir.trunc"
    WIDTH_RULE: ClassVar[str | None] = "narrower"


@irdl_op_definition
class FPExtOp(_FloatResizeOp):
    name = "llir.fpext"
    WIDTH_RULE: ClassVar[str | None] = "wider"


@irdl_op_definition
class FPTruncOp(_FloatResizeOp):
    """Round to the narrower float type (to nearest even; overflow gives infinity)."""

    name = "llir.fptrunc"
    WIDTH_RULE: ClassVar[str | None] = "narrower"


# ---------------------------------------------------------------------------
# Vectors
# ---------------------------------------------------------------------------


class _VectorBinaryOp(IRDLOperation):
    """Lane-wise arithmetic on two vectors of one type (so of one width)."""

    T: ClassVar = VarConstraint("T", base(VectorType))

    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())

    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        super().__init__(operands=[lhs, rhs], result_types=[SSAValue.get(lhs).type])

    @property
    def width(self) -> int:
        assert isinstance(self.result.type, VectorType)
        return self.result.type.get_shape()[0]

    def verify_(self) -> None:
        _vector_element(self, self.result.type)


@irdl_op_definition
class VectorAddOp(_VectorBinaryOp):
    """The seed's VectorAddOp: lane-wise add (wrapping or IEEE)."""

    name = "llir.vadd"


@irdl_op_definition
class VectorMulOp(_VectorBinaryOp):
    """The seed's VectorMulOp: lane-wise multiply (wrapping or IEEE)."""

    name = "llir.vmul"


@irdl_op_definition
class SplatOp(IRDLOperation):
    """Broadcast a scalar to every lane of a vector."""

    name = "llir.splat"

    input = operand_def(ScalarConstr)
    result = result_def(VectorType)

    traits = traits_def(Pure())

    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"

    def __init__(self, input: SSAValue | Operation, width: int):
        typ = SSAValue.get(input).type
        super().__init__(operands=[input], result_types=[VectorType(typ, [width])])

    def verify_(self) -> None:
        elem = _vector_element(self, self.result.type)
        if elem != self.input.type:
            raise VerifyException(
                f"{self.name}: result element type {elem} does not match the input type "
                f"{self.input.type}"
            )


@irdl_op_definition
class VectorReduceAddOp(IRDLOperation):
    """Sum the lanes of a vector, from lane 0 upward (the order fixes float rounding)."""

    name = "llir.vreduce_add"

    input = operand_def(VectorType)
    result = result_def(ScalarConstr)

    traits = traits_def(Pure())

    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"

    def __init__(self, input: SSAValue | Operation):
        typ = SSAValue.get(input).type
        assert isinstance(typ, VectorType)
        super().__init__(operands=[input], result_types=[typ.element_type])

    def verify_(self) -> None:
        elem = _vector_element(self, self.input.type)
        if elem != self.result.type:
            raise VerifyException(
                f"{self.name}: result type {self.result.type} does not match the vector "
                f"element type {elem}"
            )


# ---------------------------------------------------------------------------
# Control flow
# ---------------------------------------------------------------------------


@irdl_op_definition
class BranchOp(IRDLOperation):
    """Jump to a block of the same function."""

    name = "llir.br"

    successor = successor_def()

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(FuncOp), Pure()))

    assembly_format = "$successor attr-dict"

    def __init__(self, dest: Block):
        super().__init__(successors=[dest])


@irdl_op_definition
class CondBranchOp(IRDLOperation):
    """Jump to `then_block` if `cond` is true, else to `else_block`."""

    name = "llir.cond_br"

    cond = operand_def(i1)
    then_block = successor_def()
    else_block = successor_def()

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(FuncOp), Pure()))

    assembly_format = "$cond `,` $then_block `,` $else_block attr-dict"

    def __init__(self, cond: SSAValue | Operation, then_block: Block, else_block: Block):
        super().__init__(operands=[cond], successors=[then_block, else_block])


def cfg_successors(block: Block) -> tuple[Block, ...]:
    """The blocks `block`'s terminator may jump to (phi block references excluded)."""
    last = block.last_op
    if last is None or not last.has_trait(IsTerminator):
        return ()
    return tuple(last.successors)


def cfg_predecessors(block: Block) -> tuple[Block, ...]:
    """The distinct blocks whose terminator may jump to `block`, in region order.

    Unlike `Block.predecessors()` this ignores the references `llir.phi` makes to
    its incoming blocks.
    """
    region = block.parent
    if region is None:
        return ()
    return tuple(b for b in region.blocks if block in cfg_successors(b))


def _block_index(block: Block) -> int:
    assert block.parent is not None
    return block.parent.get_block_index(block)


@irdl_op_definition
class PhiOp(IRDLOperation):
    """`%v = llir.phi [%a, ^bb0], [%b, ^bb1] : T`: the value from the edge taken.

    One incoming value per CFG predecessor of the phi's block, each from the block
    it names; phis sit at the top of their block. The incoming blocks are block
    references (successors) of the phi, so they follow block rewrites; xDSL only
    allows those on terminators, which `verify` accounts for.
    """

    name = "llir.phi"

    T: ClassVar = VarConstraint("T", AnyAttr())

    incoming_values = var_operand_def(T)
    incoming_blocks = var_successor_def()
    result = result_def(T)

    traits = traits_def(Pure())

    def __init__(
        self,
        incoming: Sequence[tuple[SSAValue | Operation, Block]],
        result_type: Attribute | None = None,
    ):
        values = [value for value, _ in incoming]
        if result_type is None:
            result_type = SSAValue.get(values[0]).type
        super().__init__(
            operands=[values],
            successors=[[block for _, block in incoming]],
            result_types=[result_type],
        )

    @property
    def incoming(self) -> tuple[tuple[SSAValue, Block], ...]:
        return tuple(zip(self.incoming_values, self.incoming_blocks, strict=True))

    def value_for(self, predecessor: Block) -> SSAValue:
        for value, block in self.incoming:
            if block is predecessor:
                return value
        raise KeyError(predecessor)

    def verify(self, verify_nested_ops: bool = True) -> None:
        """Operation.verify minus its rule that only a block's last op has successors."""
        for operand in self.operands:
            if isinstance(operand, ErasedSSAValue):
                raise ValueError("Erased SSA value is used by the operation")
        try:
            self.verify_()
        except VerifyException as err:
            self.emit_error(f"Operation does not verify: {err}", err)

    def verify_(self) -> None:
        block = self.parent_block()
        func = self.parent_op()
        if block is None or not isinstance(func, FuncOp):
            raise VerifyException(f"{self.name} must be in a block of an llir.func body")
        if block.last_op is self:
            raise VerifyException(f"{self.name} cannot end a block")
        previous = self.prev_op
        while previous is not None:
            if not isinstance(previous, PhiOp):
                raise VerifyException(
                    f"{self.name} must be at the top of its block, after other phis only"
                )
            previous = previous.prev_op
        if len(self.incoming_values) != len(self.incoming_blocks):
            raise VerifyException(
                f"{self.name}: {len(self.incoming_values)} incoming values for "
                f"{len(self.incoming_blocks)} incoming blocks"
            )
        if not self.incoming_blocks:
            raise VerifyException(f"{self.name} needs at least one incoming value")
        predecessors = cfg_predecessors(block)
        seen: set[Block] = set()
        for incoming in self.incoming_blocks:
            if incoming.parent is not block.parent:
                raise VerifyException(f"{self.name}: incoming block is not in the same region")
            if incoming in seen:
                raise VerifyException(
                    f"{self.name}: block #{_block_index(incoming)} is listed twice"
                )
            seen.add(incoming)
            if incoming not in predecessors:
                raise VerifyException(
                    f"{self.name}: block #{_block_index(incoming)} is not a predecessor "
                    f"of block #{_block_index(block)}"
                )
        for predecessor in predecessors:
            if predecessor not in seen:
                raise VerifyException(
                    f"{self.name}: no incoming value for predecessor block "
                    f"#{_block_index(predecessor)} of block #{_block_index(block)}"
                )
        entry = func.body.blocks.first
        if entry in seen and entry is not None and not entry.args:
            raise VerifyException(
                f"{self.name}: the entry block of a function without arguments has no "
                "label in MLIR syntax, so it cannot be an incoming block; branch from "
                "it to a new block first"
            )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.incoming, lambda pair: self._print_incoming(printer, *pair))
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    @staticmethod
    def _print_incoming(printer: Printer, value: SSAValue, block: Block) -> None:
        printer.print_string("[")
        printer.print_operand(value)
        printer.print_string(", ")
        printer.print_block_name(block)
        printer.print_string("]")

    @classmethod
    def parse(cls, parser: Parser) -> PhiOp:
        def parse_incoming() -> tuple[UnresolvedOperand, Block]:
            parser.parse_punctuation("[")
            value = parser.parse_unresolved_operand()
            parser.parse_punctuation(",")
            block = parser.parse_successor()
            parser.parse_punctuation("]")
            return value, block

        incoming = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parse_incoming)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        typ = parser.parse_type()
        op = cls([(parser.resolve_operand(v, typ), b) for v, b in incoming], typ)
        op.attributes |= attrs
        return op


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """Return from the function, with its result if it has one."""

    name = "llir.return"

    value = opt_operand_def()

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(FuncOp), ReturnLike()))

    assembly_format = "($value^ `:` type($value))? attr-dict"

    def __init__(self, value: SSAValue | Operation | None = None):
        super().__init__(operands=[[] if value is None else [value]])

    def verify_(self) -> None:
        func = self.parent_op()
        assert isinstance(func, FuncOp)
        expected = func.function_type.outputs.data
        got = () if self.value is None else (self.value.type,)
        if got != expected:
            raise VerifyException(
                f"{self.name}: returns ({', '.join(map(str, got))}) but the function "
                f"returns ({', '.join(map(str, expected))})"
            )


class _CallSymbolUser(SymbolUserOpInterface):
    def verify(self, op: Operation) -> None:
        assert isinstance(op, CallOp)
        callee = SymbolTable.lookup_symbol(op, op.callee)
        if callee is None:
            raise VerifyException(f"{op.name}: no function named {op.callee}")
        if not isinstance(callee, FuncOp):
            raise VerifyException(f"{op.name}: {op.callee} is not an llir.func")
        inputs = callee.function_type.inputs.data
        outputs = callee.function_type.outputs.data
        if tuple(op.arguments.types) != inputs or tuple(op.res.types) != outputs:
            raise VerifyException(
                f"{op.name}: type {callee.function_type} of {op.callee} does not match "
                f"the call ({', '.join(map(str, op.arguments.types))}) -> "
                f"({', '.join(map(str, op.res.types))})"
            )


@irdl_op_definition
class CallOp(IRDLOperation):
    """Call an `llir.func` of the enclosing module."""

    name = "llir.call"

    callee = prop_def(FlatSymbolRefAttrConstr)
    arguments = var_operand_def()
    res = var_result_def()

    traits = traits_def(_CallSymbolUser())

    assembly_format = "$callee `(` $arguments `)` attr-dict `:` functional-type($arguments, $res)"

    def __init__(
        self,
        callee: str | SymbolRefAttr,
        arguments: Sequence[SSAValue | Operation],
        result_types: Sequence[Attribute],
    ):
        if isinstance(callee, str):
            callee = SymbolRefAttr(callee)
        super().__init__(
            operands=[arguments], result_types=[result_types], properties={"callee": callee}
        )


@irdl_op_definition
class YieldOp(IRDLOperation):
    """End an `llir.for` iteration, passing the next values of its loop-carried values."""

    name = "llir.yield"

    values = var_operand_def()

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(ForOp), ReturnLike(), Pure()))

    assembly_format = "($values^ `:` type($values))? attr-dict"

    def __init__(self, *values: SSAValue | Operation):
        super().__init__(operands=[values])


@irdl_op_definition
class ForOp(IRDLOperation):
    """The seed's LLIRForLoopOp: `for (iv = start; iv < end; iv += step)`.

    ```
    %sum = llir.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i64 {
      ...
      llir.yield %next : f32
    }
    ```
    Bounds and step are signed integers of the induction variable's type; the step
    must be positive at run time. The body is one block whose arguments are the
    induction variable and the loop-carried values; the results are the carried
    values after the last iteration (the initial values if there is none).
    """

    name = "llir.for"

    T: ClassVar = VarConstraint("T", SignlessIntegerConstraint)

    lb = operand_def(T)
    ub = operand_def(T)
    step = operand_def(T)
    iter_args = var_operand_def()
    res = var_result_def()
    unroll = prop_def(UnrollHintAttr, default_value=UnrollHintAttr(UnrollHint.NONE))
    body = region_def("single_block")

    traits = lazy_traits_def(
        lambda: (SingleBlockImplicitTerminator(YieldOp), RecursiveMemoryEffect())
    )

    def __init__(
        self,
        lb: SSAValue | Operation,
        ub: SSAValue | Operation,
        step: SSAValue | Operation,
        iter_args: Sequence[SSAValue | Operation],
        body: Region | Block,
        unroll: UnrollHint = UnrollHint.NONE,
    ):
        if isinstance(body, Block):
            body = Region(body)
        super().__init__(
            operands=[lb, ub, step, iter_args],
            result_types=[[SSAValue.get(a).type for a in iter_args]],
            regions=[body],
            properties={"unroll": UnrollHintAttr(unroll)},
        )

    @property
    def induction_variable(self) -> BlockArgument:
        return self.body.block.args[0]

    def verify_(self) -> None:
        args = self.body.block.args
        carried = self.iter_args.types
        expected = (self.lb.type, *carried)
        if tuple(arg.type for arg in args) != expected:
            raise VerifyException(
                f"{self.name}: body block arguments must be the induction variable and the "
                f"loop-carried values, of types ({', '.join(map(str, expected))})"
            )
        if tuple(self.res.types) != tuple(carried):
            raise VerifyException(
                f"{self.name}: result types must be the loop-carried types "
                f"({', '.join(map(str, carried))})"
            )
        yield_op = self.body.block.last_op
        if isinstance(yield_op, YieldOp) and tuple(yield_op.values.types) != tuple(carried):
            raise VerifyException(
                f"{self.name}: llir.yield passes ({', '.join(map(str, yield_op.values.types))}) "
                f"but the loop carries ({', '.join(map(str, carried))})"
            )

    def print(self, printer: Printer) -> None:
        if self.unroll.data != UnrollHint.NONE:
            printer.print_string(f" {self.unroll.data.value}")
        indvar, *carried = self.body.block.args
        printer.print_string(" ")
        printer.print_operand(indvar)
        printer.print_string(" = ")
        printer.print_operand(self.lb)
        printer.print_string(" to ")
        printer.print_operand(self.ub)
        printer.print_string(" step ")
        printer.print_operand(self.step)
        if carried:
            printer.print_string(" iter_args(")
            printer.print_list(
                zip(carried, self.iter_args),
                lambda pair: (
                    printer.print_operand(pair[0]),
                    printer.print_string(" = "),
                    printer.print_operand(pair[1]),
                ),
            )
            printer.print_string(") -> (")
            printer.print_list(self.iter_args.types, printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" : ")
        printer.print_attribute(indvar.type)
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(
            self.body,
            print_entry_block_args=False,
            print_empty_block=False,
            print_block_terminators=bool(carried),
        )

    @classmethod
    def parse(cls, parser: Parser) -> ForOp:
        unroll = parser.parse_optional_str_enum(UnrollHint) or UnrollHint.NONE
        indvar = parser.parse_argument(expect_type=False)
        parser.parse_punctuation("=")
        lb = parser.parse_unresolved_operand()
        parser.parse_keyword("to")
        ub = parser.parse_unresolved_operand()
        parser.parse_keyword("step")
        step = parser.parse_unresolved_operand()
        carried: list[Parser.UnresolvedArgument] = []
        inits: list[UnresolvedOperand] = []
        types: list[Attribute] = []
        if parser.parse_optional_keyword("iter_args"):

            def parse_assignment() -> None:
                carried.append(parser.parse_argument(expect_type=False))
                parser.parse_punctuation("=")
                inits.append(parser.parse_unresolved_operand())

            parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parse_assignment)
            parser.parse_punctuation("->")
            types = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parser.parse_type)
            if len(types) != len(inits):
                parser.raise_error("llir.for: expected one type per loop-carried value")
        parser.parse_punctuation(":")
        iv_type = parser.parse_type()
        attrs = parser.parse_optional_attr_dict_with_keyword()
        body = parser.parse_region(
            (indvar.resolve(iv_type), *(arg.resolve(t) for arg, t in zip(carried, types)))
        )
        op = cls(
            parser.resolve_operand(lb, iv_type),
            parser.resolve_operand(ub, iv_type),
            parser.resolve_operand(step, iv_type),
            [parser.resolve_operand(init, t) for init, t in zip(inits, types)],
            body,
            unroll,
        )
        if attrs is not None:
            op.attributes |= attrs.data
        if not carried:
            for trait in op.get_traits_of_type(SingleBlockImplicitTerminator):
                ensure_terminator(op, trait)
        return op


# ---------------------------------------------------------------------------
# Functions
# ---------------------------------------------------------------------------


class _FuncCallable(CallableOpInterface):
    @classmethod
    def get_callable_region(cls, op: Operation) -> Region:
        assert isinstance(op, FuncOp)
        return op.body

    @classmethod
    def get_argument_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp)
        return op.function_type.inputs.data

    @classmethod
    def get_result_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp)
        return op.function_type.outputs.data


@irdl_op_definition
class FuncOp(IRDLOperation):
    """The seed's LLIRFunction: a multi-block CFG whose SSA values are the registers.

    ```
    llir.func kernel column_major @f(%a: !llir.ptr<f32>, %n: i64) -> f32 { ... }
    ```
    `kernel` sets `is_kernel`; `column_major` (or `row_major`, the default) the
    memory layout the function's address computations follow. A function returns at
    most one value. When a phi names the entry block, the body is printed with the
    entry block labelled (`@f(!llir.ptr<f32>, i64) -> f32 { ^bb0(%a: ..., %n: i64):`).
    """

    name = "llir.func"

    body = region_def()
    sym_name = prop_def(SymbolNameConstraint())
    function_type = prop_def(FunctionType)
    is_kernel = opt_prop_def(UnitAttr)
    layout = prop_def(LayoutAttr, default_value=LayoutAttr(MemoryLayout.ROW_MAJOR))
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])

    traits = traits_def(IsolatedFromAbove(), SymbolOpInterface(), _FuncCallable())

    _RESERVED: ClassVar[tuple[str, ...]] = (
        "sym_name", "function_type", "is_kernel", "layout", "arg_attrs", "res_attrs",
    )  # fmt: skip

    def __init__(
        self,
        name: str,
        function_type: FunctionType | tuple[Sequence[Attribute], Sequence[Attribute]],
        region: Region | None = None,
        *,
        is_kernel: bool = False,
        layout: MemoryLayout = MemoryLayout.ROW_MAJOR,
        arg_attrs: ArrayAttr[DictionaryAttr] | None = None,
        res_attrs: ArrayAttr[DictionaryAttr] | None = None,
    ):
        if isinstance(function_type, tuple):
            function_type = FunctionType.from_lists(*function_type)
        if region is None:
            region = Region(Block(arg_types=function_type.inputs))
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "function_type": function_type,
                "is_kernel": UnitAttr() if is_kernel else None,
                "layout": LayoutAttr(layout),
                "arg_attrs": arg_attrs,
                "res_attrs": res_attrs,
            },
            regions=[region],
        )

    @property
    def args(self) -> tuple[BlockArgument, ...]:
        assert self.body.blocks.first is not None
        return self.body.blocks.first.args

    @property
    def kernel(self) -> bool:
        return self.is_kernel is not None

    @property
    def memory_layout(self) -> MemoryLayout:
        return self.layout.data

    def verify_(self) -> None:
        if len(self.function_type.outputs) > 1:
            raise VerifyException(
                f"{self.name} @{self.sym_name.data}: returns at most one value, got "
                f"{len(self.function_type.outputs)}"
            )
        signature = (("input", self.function_type.inputs), ("result", self.function_type.outputs))
        for what, types in signature:
            for index, typ in enumerate(types):
                if not is_value_type(typ):
                    raise VerifyException(
                        f"{self.name} @{self.sym_name.data}: {what} #{index} has type {typ}, "
                        "which is not an llir type"
                    )
        self._verify_tensor_signature()
        entry = self.body.blocks.first
        if entry is None:
            return
        if tuple(entry.arg_types) != self.function_type.inputs.data:
            raise VerifyException(
                f"{self.name} @{self.sym_name.data}: entry block argument types "
                f"({', '.join(map(str, entry.arg_types))}) do not match the function "
                f"inputs ({', '.join(map(str, self.function_type.inputs.data))})"
            )
        for index, block in enumerate(self.body.blocks):
            last = block.last_op
            if last is None or not last.has_trait(IsTerminator):
                raise VerifyException(
                    f"{self.name} @{self.sym_name.data}: block #{index} does not end with a "
                    "terminator"
                )
            if index and block.args:
                raise VerifyException(
                    f"{self.name} @{self.sym_name.data}: block #{index} has arguments; only "
                    "the entry block does (use llir.phi)"
                )
            if entry in cfg_successors(block):
                raise VerifyException(
                    f"{self.name} @{self.sym_name.data}: the entry block cannot be a branch "
                    "target"
                )
        _verify_dominance(self)

    def _verify_tensor_signature(self) -> None:
        signature = self.attributes.get(TENSOR_SIGNATURE)
        if signature is None:
            return
        where = f"{self.name} @{self.sym_name.data}"
        if not isinstance(signature, FunctionType):
            raise VerifyException(f"{where}: {TENSOR_SIGNATURE} must be a function type, got {signature}")
        expected = lowered_signature(signature)
        if expected is None:
            raise VerifyException(f"{where}: {TENSOR_SIGNATURE} {signature} has a type llir cannot pass")
        if self.function_type != FunctionType.from_lists(expected, []):
            raise VerifyException(
                f"{where}: type {self.function_type} does not match {TENSOR_SIGNATURE} "
                f"{signature}, which is passed as ({', '.join(map(str, expected))}) -> ()"
            )

    def print(self, printer: Printer) -> None:
        if self.kernel:
            printer.print_string(" kernel")
        if self.memory_layout != MemoryLayout.ROW_MAJOR:
            printer.print_string(f" {self.memory_layout.value}")
        entry = self.body.blocks.first
        if entry is None or not entry.uses:
            print_func_op_like(
                printer,
                self.sym_name,
                self.function_type,
                self.body,
                self.attributes,
                arg_attrs=self.arg_attrs,
                res_attrs=self.res_attrs,
                reserved_attr_names=self._RESERVED,
            )
            return
        # A phi names the entry block: print it with its label, types in the signature.
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        with printer.in_parens():
            printer.print_list(self.function_type.inputs, printer.print_attribute)
        if self.function_type.outputs:
            printer.print_string(" -> ")
            printer.print_list(self.function_type.outputs, printer.print_attribute)
        printer.print_op_attributes(
            self.attributes, reserved_attr_names=self._RESERVED, print_keyword=True
        )
        printer.print_string(" ")
        printer.print_region(self.body)

    @classmethod
    def parse(cls, parser: Parser) -> FuncOp:
        is_kernel = parser.parse_optional_keyword("kernel") is not None
        layout = parser.parse_optional_str_enum(MemoryLayout) or MemoryLayout.ROW_MAJOR
        name, inputs, outputs, region, extra, arg_attrs, res_attrs = parse_func_op_like(
            parser, reserved_attr_names=cls._RESERVED
        )
        func = cls(
            name,
            (inputs, outputs),
            region,
            is_kernel=is_kernel,
            layout=layout,
            arg_attrs=arg_attrs,
            res_attrs=res_attrs,
        )
        if extra is not None:
            func.attributes |= extra.data
        return func


# ---------------------------------------------------------------------------
# SSA dominance
# ---------------------------------------------------------------------------


def _dominators(region: Region) -> dict[Block, set[Block]]:
    """Dominator sets of the blocks of `region` reachable from its entry."""
    entry = region.blocks.first
    assert entry is not None
    order: list[Block] = []
    stack, seen = [entry], {entry}
    while stack:
        block = stack.pop()
        order.append(block)
        for successor in cfg_successors(block):
            if successor not in seen:
                seen.add(successor)
                stack.append(successor)
    predecessors: dict[Block, list[Block]] = {block: [] for block in order}
    for block in order:
        for successor in cfg_successors(block):
            predecessors[successor].append(block)
    dominators = {block: set(order) for block in order}
    dominators[entry] = {entry}
    changed = True
    while changed:
        changed = False
        for block in order[1:]:
            new = {block} | set.intersection(*(dominators[p] for p in predecessors[block]))
            if new != dominators[block]:
                dominators[block] = new
                changed = True
    return dominators


def _ancestor_in(op: Operation, region: Region) -> Operation | None:
    """The ancestor of `op` (or `op` itself) whose block is in `region`."""
    current: Operation | None = op
    while current is not None:
        block = current.parent_block()
        if block is not None and block.parent is region:
            return current
        current = current.parent_op()
    return None


def _verify_dominance(func: FuncOp) -> None:
    """Check every use in `func` is dominated by its definition.

    Uses in blocks unreachable from the entry are not checked (as in MLIR). A phi's
    incoming value is used at the end of its incoming block.
    """
    dominators = _dominators(func.body)
    positions: dict[Block, dict[Operation, int]] = {}

    def before(first: Operation, second: Operation) -> bool:
        """Whether `first` comes before `second` in their block (O(1) after a scan)."""
        block = first.parent_block()
        assert block is not None
        if block not in positions:
            positions[block] = {op: index for index, op in enumerate(block.ops)}
        return positions[block][first] < positions[block][second]

    def dominates_end(value: SSAValue, block: Block) -> bool:
        """Whether `value` is available at the end of `block` of the function body."""
        if isinstance(value, BlockArgument):
            return value.block.parent is func.body
        owner = value.owner
        assert isinstance(owner, Operation)
        def_block = owner.parent_block()
        return def_block is not None and def_block.parent is func.body and (
            def_block is block or def_block in dominators[block]
        )

    def dominates_op(value: SSAValue, user: Operation) -> bool:
        if isinstance(value, BlockArgument):
            # Only the entry block of the body (dominating all reachable blocks) and
            # single-block loop bodies have arguments.
            region = value.block.parent
            return region is not None and _ancestor_in(user, region) is not None
        owner = value.owner
        assert isinstance(owner, Operation)
        def_block = owner.parent_block()
        if def_block is None or def_block.parent is None:
            return False
        anchor = _ancestor_in(user, def_block.parent)
        if anchor is None:
            return False
        use_block = anchor.parent_block()
        assert use_block is not None
        if use_block is def_block:
            return before(owner, anchor)
        return def_block in dominators.get(use_block, {def_block})

    for user in func.body.walk():
        if user is func:
            continue
        top = _ancestor_in(user, func.body)
        if top is None or top.parent_block() not in dominators:
            continue  # unreachable code
        if isinstance(user, PhiOp):
            for index, (value, block) in enumerate(user.incoming):
                if block in dominators and not dominates_end(value, block):
                    raise VerifyException(
                        f"incoming value #{index} of llir.phi does not dominate the end "
                        f"of its incoming block #{_block_index(block)}"
                    )
            continue
        for index, value in enumerate(user.operands):
            if not dominates_op(value, user):
                raise VerifyException(
                    f"operand #{index} of {user.name} does not dominate this use"
                )


# ---------------------------------------------------------------------------
# Memory layout helpers for lowerings
# ---------------------------------------------------------------------------


def element_strides(shape: Sequence[int], layout: MemoryLayout) -> tuple[int, ...]:
    """Strides (in elements) of an array of `shape` stored in `layout` order."""
    strides = [0] * len(shape)
    running = 1
    dims = range(len(shape) - 1, -1, -1) if layout == MemoryLayout.ROW_MAJOR else range(len(shape))
    for dim in dims:
        strides[dim] = running
        running *= shape[dim]
    return tuple(strides)


def linearize(
    indices: Sequence[SSAValue],
    shape: Sequence[int],
    layout: MemoryLayout,
    typ: IntegerType = i64,
) -> tuple[list[Operation], SSAValue]:
    """Ops computing the element offset of `indices` into an array of `shape`.

    The indices must have type `typ`. Returns the new ops (to insert in order) and
    the offset value: `sum(index[d] * stride[d])` for the strides of `layout`.
    """
    ops: list[Operation] = []
    total: SSAValue | None = None
    for index, stride in zip(indices, element_strides(shape, layout), strict=True):
        term = index
        if stride != 1:
            const = ConstantOp.from_int(stride, typ)
            mul = MulOp(index, const)
            ops += [const, mul]
            term = mul.result
        if total is None:
            total = term
        else:
            add = AddOp(total, term)
            ops.append(add)
            total = add.result
    if total is None:
        zero = ConstantOp.from_int(0, typ)
        ops.append(zero)
        total = zero.result
    return ops, total


LLIR = Dialect(
    "llir",
    [
        FuncOp,
        ReturnOp,
        CallOp,
        BranchOp,
        CondBranchOp,
        PhiOp,
        ForOp,
        YieldOp,
        AllocBufferOp,
        FreeBufferOp,
        LoadOp,
        StoreOp,
        VectorLoadOp,
        VectorStoreOp,
        MemcpyOp,
        PtrAddOp,
        PtrCastOp,
        ConstantOp,
        AddOp,
        SubOp,
        MulOp,
        DivOp,
        RemOp,
        MinOp,
        MaxOp,
        AndOp,
        OrOp,
        XorOp,
        ShlOp,
        ShrOp,
        NegOp,
        AbsOp,
        SqrtOp,
        ExpOp,
        LogOp,
        CmpOp,
        SelectOp,
        SIToFPOp,
        UIToFPOp,
        FPToSIOp,
        FPToUIOp,
        SExtOp,
        ZExtOp,
        TruncOp,
        FPExtOp,
        FPTruncOp,
        VectorAddOp,
        VectorMulOp,
        SplatOp,
        VectorReduceAddOp,
    ],
    [PointerType, LayoutAttr, UnrollHintAttr, CmpPredicateAttr],
)
