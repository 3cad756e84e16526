"""llir memory ops: buffers (alloc, free), typed accesses at `ptr[offset]`, memcpy and
address arithmetic.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, SignlessIntegerConstraint, VectorType, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import MemoryAllocEffect, MemoryFreeEffect, MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.llir.globals import AddressOfOp
from nnstack.dialects.llir.types import PointerType, ScalarConstr, vector_element


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
                f"{self.name}: size {size} is not a non-negative multiple of the element size {elem}"
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


class AccessOp(IRDLOperation):
    """Shared verification of loads and stores at `ptr[offset]` (offset in elements)."""

    VECTOR: ClassVar[bool] = False
    """Whether the op accesses a vector of elements rather than one."""

    ptr = operand_def(PointerType)
    offset = opt_operand_def(SignlessIntegerConstraint)

    def accessed_type(self) -> Attribute:
        """The type loaded (the result) or stored (the value, a store's first operand)."""
        return self.results[0].type if self.results else self.operands[0].type

    def verify_(self) -> None:
        assert isinstance(self.ptr.type, PointerType)
        pointee = self.ptr.type.element_type
        accessed = self.accessed_type()
        what = "result" if self.results else "value"
        if self.VECTOR:
            elem = vector_element(self, accessed)
            if elem != pointee:
                raise VerifyException(
                    f"{self.name}: {what} element type {elem} does not match the pointer "
                    f"element type {pointee}"
                )
        elif accessed != pointee:
            raise VerifyException(
                f"{self.name}: {what} type {accessed} does not match the pointer element type {pointee}"
            )


def global_origin(ptr: SSAValue) -> AddressOfOp | None:
    """The llir.addressof `ptr` is derived from through llir.ptradd / llir.ptrcast, if any."""
    owner = ptr.owner
    while isinstance(owner, PtrAddOp | PtrCastOp):
        owner = owner.ptr.owner
    return owner if isinstance(owner, AddressOfOp) else None


def verify_not_global(op: Operation, ptr: SSAValue) -> None:
    """Reject a write through a pointer visibly into an llir.global (read-only)."""
    origin = global_origin(ptr)
    if origin is not None:
        raise VerifyException(f"{op.name}: writes into the read-only global {origin.global_name}")


_OFFSET_FORMAT = "$ptr (`[` $offset^ `:` type($offset) `]`)? attr-dict"


class LoadLikeOp(AccessOp):
    """A load of the result (a scalar or a vector) from `ptr[offset]`."""

    traits = traits_def(MemoryReadEffect())

    assembly_format = _OFFSET_FORMAT + " `:` type($ptr) `->` type($result)"

    def __init__(
        self, ptr: SSAValue | Operation, result_type: Attribute, offset: SSAValue | Operation | None = None
    ):
        super().__init__(operands=[ptr, [] if offset is None else [offset]], result_types=[result_type])

    @staticmethod
    def pointee(ptr: SSAValue | Operation) -> Attribute:
        """The element type of pointer `ptr`, which a builder loads (or a vector of)."""
        ptr_type = SSAValue.get(ptr).type
        assert isinstance(ptr_type, PointerType)
        return ptr_type.element_type


class StoreLikeOp(AccessOp):
    """A store of a value (the first operand, a scalar or a vector) at `ptr[offset]`."""

    traits = traits_def(MemoryWriteEffect())

    assembly_format = "$value `,` " + _OFFSET_FORMAT + " `:` type($value) `,` type($ptr)"

    def verify_(self) -> None:
        super().verify_()
        verify_not_global(self, self.ptr)

    def __init__(
        self,
        value: SSAValue | Operation,
        ptr: SSAValue | Operation,
        offset: SSAValue | Operation | None = None,
    ):
        super().__init__(operands=[value, ptr, [] if offset is None else [offset]])


@irdl_op_definition
class LoadOp(LoadLikeOp):
    """Load the scalar at `ptr[offset]`."""

    name = "llir.load"

    result = result_def(ScalarConstr)

    def __init__(self, ptr: SSAValue | Operation, offset: SSAValue | Operation | None = None):
        super().__init__(ptr, self.pointee(ptr), offset)


@irdl_op_definition
class StoreOp(StoreLikeOp):
    """Store a scalar at `ptr[offset]`."""

    name = "llir.store"

    value = operand_def(ScalarConstr)


@irdl_op_definition
class VectorLoadOp(LoadLikeOp):
    """Load `W` consecutive elements at `ptr[offset]` into a `vector<WxT>`."""

    name = "llir.vload"
    VECTOR: ClassVar[bool] = True

    result = result_def(VectorType)

    def __init__(
        self,
        ptr: SSAValue | Operation,
        width: int,
        offset: SSAValue | Operation | None = None,
    ):
        super().__init__(ptr, VectorType(self.pointee(ptr), [width]), offset)


@irdl_op_definition
class VectorStoreOp(StoreLikeOp):
    """Store a `vector<WxT>` to `W` consecutive elements at `ptr[offset]`."""

    name = "llir.vstore"
    VECTOR: ClassVar[bool] = True

    value = operand_def(VectorType)


@irdl_op_definition
class MemcpyOp(IRDLOperation):
    """Copy `size` bytes from `src` to `dst`; the two ranges must not overlap."""

    name = "llir.memcpy"

    dst = operand_def(PointerType)
    src = operand_def(PointerType)
    size = operand_def(SignlessIntegerConstraint)

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    assembly_format = "$dst `,` $src `,` $size attr-dict `:` type($dst) `,` type($src) `,` type($size)"

    def __init__(
        self,
        dst: SSAValue | Operation,
        src: SSAValue | Operation,
        size: SSAValue | Operation,
    ):
        super().__init__(operands=[dst, src, size])

    def verify_(self) -> None:
        verify_not_global(self, self.dst)


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
