"""Memory: buffers -> C's calloc / aligned_alloc and free, typed accesses -> getelementptr
with llvm.load / llvm.store, memcpy -> llvm.memcpy, the data section (llir.global ->
`llvm.mlir.global internal constant` with a dense initializer, llir.addressof ->
llvm.mlir.addressof; a global of the weights file -> an `external constant`
declaration, which the runtime links to its tensor).

With `check-bounds`, a pointer is an (address, buffer start) pair and every buffer has a
16-byte header before its start (size in bytes, state: see `BufferState`), so each
access checks that its bytes lie inside a live buffer (and that a store does not write
into a read-only argument or a global), and each free that it frees a live buffer llir
allocated. A global's header is part of its initializer.
A freed buffer is only marked freed (its memory stays allocated), so a later use of it
is caught rather than reading reused memory.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    AnyDenseElement,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    TensorType,
    VectorType,
    i1,
    i8,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from nnstack.dialects import llir
from nnstack.transforms.llir_to_llvm.builder import (
    HEADER_BYTES,
    PTR,
    BufferState,
    FunctionLowering,
    Lowering,
    ModuleLowering,
)

ALLOCATION_FUNCTIONS = frozenset(("calloc", "aligned_alloc", "free"))
"""The C library's allocation functions the native code calls."""


def _element_bytes(typ: Attribute) -> int:
    """Bytes of one element of a pointer's element type (i1: one byte)."""
    size = llir.element_size(typ)
    assert size is not None
    return size


def _address(lowering: FunctionLowering, ptr: SSAValue) -> SSAValue:
    value = lowering.value(ptr)
    return lowering.extract(value, 0, PTR) if lowering.module.check_bounds else value


def _pointer(lowering: FunctionLowering, address: SSAValue, start: SSAValue) -> SSAValue:
    undef = lowering.emit(llvm.UndefOp(lowering.module.pointer_type()))
    return lowering.insert(lowering.insert(undef, 0, address), 1, start)


def _header(lowering: FunctionLowering, start: SSAValue) -> tuple[SSAValue, SSAValue]:
    """The (size, state) of the buffer starting at `start` (check-bounds)."""
    size = lowering.emit(llvm.LoadOp(lowering.byte_address(start, -HEADER_BYTES), i64, alignment=8))
    state = lowering.emit(llvm.LoadOp(lowering.byte_address(start, -8), i64, alignment=8))
    return size, state


def _check_access(
    lowering: FunctionLowering, op: Operation, ptr: SSAValue, address: SSAValue, nbytes: SSAValue, write: bool
) -> None:
    """Stop unless `nbytes` at `address` lie in the live buffer of `ptr` (check-bounds)."""
    start = lowering.extract(lowering.value(ptr), 1, PTR)
    size, state = _header(lowering, start)
    to_int = lowering.emit(llvm.PtrToIntOp(address, i64))
    byte = lowering.emit(llvm.SubOp(to_int, lowering.emit(llvm.PtrToIntOp(start, i64))))
    kind = "write" if write else "read"
    module = lowering.module
    freed = module.site(op, f"use after free: {kind} of {{1}} bytes at byte {{0}} of a freed buffer")
    lowering.split(lowering.icmp("ne", state, lowering.constant(BufferState.FREED)), freed, [byte, nbytes])
    if write:
        for read_only, what in (
            (BufferState.READ_ONLY_ARGUMENT, "input array"),
            (BufferState.GLOBAL, "global"),
        ):
            site = module.site(op, f"write of {{1}} bytes at byte {{0}} of a read-only {what}")
            lowering.split(lowering.icmp("ne", state, lowering.constant(read_only)), site, [byte, nbytes])
    end = lowering.emit(llvm.AddOp(byte, nbytes))
    inside = lowering.emit(
        llvm.AndOp(lowering.icmp("sge", byte, lowering.constant(0)), lowering.icmp("sle", end, size))
    )
    out = module.site(op, f"out-of-bounds {kind} at byte {{0}} of a buffer of {{1}} bytes")
    lowering.split(inside, out, [byte, size])


def _access_address(lowering: FunctionLowering, op: llir.AccessOp, write: bool) -> SSAValue:
    """The address `ptr[offset]` an access reads or writes, checked with check-bounds."""
    assert isinstance(op.ptr.type, llir.PointerType)
    element = op.ptr.type.element_type
    address = _address(lowering, op.ptr)
    if op.offset is not None:
        address = lowering.gep(address, lowering.to_i64(lowering.value(op.offset)), element)
    if lowering.module.check_bounds:
        accessed = op.accessed_type()
        lanes = accessed.get_shape()[0] if isinstance(accessed, VectorType) else 1
        nbytes = lowering.constant(lanes * _element_bytes(element))
        _check_access(lowering, op, op.ptr, address, nbytes, write)
    return address


def _load(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.LoadOp | llir.VectorLoadOp)
    address = _access_address(lowering, op, write=False)
    assert isinstance(op.ptr.type, llir.PointerType)
    lowering.values[op.result] = lowering.load(
        address, op.result.type, _element_bytes(op.ptr.type.element_type)
    )


def _store(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.StoreOp | llir.VectorStoreOp)
    address = _access_address(lowering, op, write=True)
    assert isinstance(op.ptr.type, llir.PointerType)
    lowering.store(lowering.value(op.value), address, _element_bytes(op.ptr.type.element_type))


def _alloc(lowering: FunctionLowering, op: Operation) -> None:
    """calloc (alignment <= 16, what malloc guarantees) or aligned_alloc and a memset:
    llir buffers start zeroed. With check-bounds the header comes first."""
    assert isinstance(op, llir.AllocBufferOp)
    size, alignment = op.size.value.data, op.alignment.value.data
    checked = lowering.module.check_bounds
    header = max(HEADER_BYTES, alignment) if checked else 0
    total = max(1, size + header)
    if alignment <= 16:
        raw = lowering.call("calloc", [lowering.constant(1), lowering.constant(total)], PTR)
    else:
        rounded = -(-total // alignment) * alignment
        raw = lowering.call("aligned_alloc", [lowering.constant(alignment), lowering.constant(rounded)], PTR)
    site = lowering.module.site(op, f"out of memory allocating {size} bytes")
    address = lowering.emit(llvm.PtrToIntOp(raw, i64))
    lowering.split(lowering.icmp("ne", address, lowering.constant(0)), site)
    if alignment > 16:
        zero = [raw, lowering.constant(0, i8), lowering.constant(total), lowering.constant(0, i1)]
        lowering.intrinsic("llvm.memset.p0.i64", zero, None)
    if not checked:
        lowering.values[op.result] = raw
        return
    start = lowering.byte_address(raw, header)
    size_slot = lowering.byte_address(start, -HEADER_BYTES)
    lowering.emit(llvm.StoreOp(lowering.constant(size), size_slot, alignment=8))
    state_slot = lowering.byte_address(start, -8)
    lowering.emit(llvm.StoreOp(lowering.constant(BufferState.ALLOCATED), state_slot, alignment=8))
    lowering.values[op.result] = _pointer(lowering, start, start)


def _free(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.FreeBufferOp)
    if not lowering.module.check_bounds:
        lowering.call("free", [lowering.value(op.ptr)], None)
        return
    address = _address(lowering, op.ptr)
    start = lowering.extract(lowering.value(op.ptr), 1, PTR)
    module = lowering.module
    offset = lowering.emit(
        llvm.SubOp(lowering.emit(llvm.PtrToIntOp(address, i64)), lowering.emit(llvm.PtrToIntOp(start, i64)))
    )
    inner = module.site(op, "the pointer is {0} bytes into its buffer, not its start")
    lowering.split(lowering.icmp("eq", offset, lowering.constant(0)), inner, [offset])
    _, state = _header(lowering, start)
    double = module.site(op, "double free")
    lowering.split(lowering.icmp("ne", state, lowering.constant(BufferState.FREED)), double)
    foreign = module.site(op, "the buffer is an argument or a global, not allocated by llir.alloc_buffer")
    lowering.split(lowering.icmp("eq", state, lowering.constant(BufferState.ALLOCATED)), foreign)
    state_slot = lowering.byte_address(start, -8)
    lowering.emit(llvm.StoreOp(lowering.constant(BufferState.FREED), state_slot, alignment=8))


def _memcpy(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.MemcpyOp)
    dst, src = _address(lowering, op.dst), _address(lowering, op.src)
    size = lowering.to_i64(lowering.value(op.size))
    module = lowering.module
    if module.check_bounds:
        negative = module.site(op, "negative size {0}")
        lowering.split(lowering.icmp("sge", size, lowering.constant(0)), negative, [size])
        _check_access(lowering, op, op.src, src, size, write=False)
        _check_access(lowering, op, op.dst, dst, size, write=True)
    lowering.intrinsic("llvm.memcpy.p0.p0.i64", [dst, src, size, lowering.constant(0, i1)], None)


def global_bytes(op: llir.GlobalOp, check_bounds: bool) -> bytes:
    """The bytes of the lowered global of `op` (a dense initializer): its data, with
    check-bounds behind its header (padded to the alignment, as for llir.alloc_buffer).
    `nnstack.native`, which links a global's symbol to its bytes, finds them here too."""
    assert isinstance(op.value, DenseIntOrFPElementsAttr)
    data = op.data()
    assert isinstance(data, bytes)  # (the attribute's own: no copy)
    if check_bounds:
        prefix = np.zeros(max(HEADER_BYTES, op.alignment.value.data) // 8, np.int64)
        prefix[-2:] = (len(data), BufferState.GLOBAL)
        data = prefix.tobytes() + data
    return data


def lower_global(module: ModuleLowering, op: llir.GlobalOp) -> llvm.GlobalOp:
    """`llvm.mlir.global internal constant` holding the dense initializer's bytes,
    flattened to a 1-D array (i1 as bytes 0 / 1). With check-bounds the header (padded
    to the alignment, as for llir.alloc_buffer) comes first: the initializer is then the
    bytes of both, an i8 array. A global of the weights file (`dense_resource`) is an
    `external constant` declaration of the same layout, without its data: the runtime
    links the symbol to its tensor (`nnstack.native.weights`), so LLVM compiles no
    weights yet knows them constant and apart from every other buffer. It promises only
    the element size's alignment, which is what a tensor of the file has."""
    if isinstance(op.value, DenseResourceAttr):
        element = FunctionLowering.memory_type(op.element_type)
        count = op.byte_size // _element_bytes(element)
        if module.check_bounds:
            element, count = i8, op.byte_size + max(HEADER_BYTES, op.alignment.value.data)
        return llvm.GlobalOp(
            llvm.LLVMArrayType(count, element),
            op.sym_name,
            "external",
            constant=True,
            alignment=_element_bytes(op.element_type),
        )
    element = op.element_type
    data = global_bytes(op, module.check_bounds)
    alignment = op.alignment.value.data
    stored = i8 if module.check_bounds else FunctionLowering.memory_type(element)
    count = len(data) // _element_bytes(stored)
    value = DenseIntOrFPElementsAttr(TensorType(cast(AnyDenseElement, stored), [count]), BytesAttr(data))
    return llvm.GlobalOp(
        llvm.LLVMArrayType(count, stored),
        op.sym_name,
        "internal",
        constant=True,
        value=value,
        alignment=alignment,
    )


def _addressof(lowering: FunctionLowering, op: Operation) -> None:
    """The global's address (with check-bounds: past its header, and its own start)."""
    assert isinstance(op, llir.AddressOfOp)
    address = lowering.emit(llvm.AddressOfOp(op.global_name, PTR))
    if lowering.module.check_bounds:
        found = op.global_op()
        assert found is not None
        start = lowering.byte_address(address, max(HEADER_BYTES, found.alignment.value.data))
        address = _pointer(lowering, start, start)
    lowering.values[op.result] = address


def _ptradd(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.PtrAddOp)
    assert isinstance(op.ptr.type, llir.PointerType)
    address = lowering.gep(
        _address(lowering, op.ptr), lowering.to_i64(lowering.value(op.offset)), op.ptr.type.element_type
    )
    if lowering.module.check_bounds:
        address = _pointer(lowering, address, lowering.extract(lowering.value(op.ptr), 1, PTR))
    lowering.values[op.result] = address


def _ptrcast(lowering: FunctionLowering, op: Operation) -> None:
    """Pointers are untyped in llvm: the same value."""
    assert isinstance(op, llir.PtrCastOp)
    lowering.values[op.result] = lowering.value(op.ptr)


MEMORY_LOWERINGS: dict[type[Operation], Lowering] = {
    llir.AllocBufferOp: _alloc,
    llir.FreeBufferOp: _free,
    llir.LoadOp: _load,
    llir.VectorLoadOp: _load,
    llir.StoreOp: _store,
    llir.VectorStoreOp: _store,
    llir.MemcpyOp: _memcpy,
    llir.PtrAddOp: _ptradd,
    llir.PtrCastOp: _ptrcast,
    llir.AddressOfOp: _addressof,
}
