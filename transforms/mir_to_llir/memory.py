"""Tensors made from nothing, and explicit memory: mir.alloc_tensor, mir.dealloc_tensor,
mir.constant (large ones into the data section: llir.global), mir.from_elements.

llir buffers start zeroed but count as unwritten (the interpreter's strict mode reads
them as errors), so every buffer these ops create is written in full.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import cast

import numpy as np
from xdsl.dialects.builtin import (
    AnyDenseElement,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    ModuleOp,
    StringAttr,
    TensorType,
    i1,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, op_type_rewrite_pattern
from xdsl.rewriter import InsertPoint, Rewriter

from nnstack.dialects import llir, mir
from nnstack.dialects.values import dense_attribute
from nnstack.dialects.weights import resource_array

from .builder import (
    Builder,
    LlirPattern,
    Offset,
    buffer_alignment,
    dense_access,
    element_bytes,
    emit_map,
    tensor_type,
)


def fill(b: Builder, ptr: SSAValue, typ: TensorType, value: int | float) -> None:
    """Store `value` into every element (vector stores when vectorizing)."""
    element = typ.element_type
    width = b.options.vector_width
    emit_map(
        b,
        typ.get_shape(),
        [],
        dense_access(b, ptr, typ.get_shape()),
        lambda b, _: b.const(value, element),
        lambda b, _: b.vconst(value, element, width),
    )


def _python_value(value: int | float, element: Attribute) -> int | float:
    if element == i1:
        return int(value != 0)
    return float(value) if llir.is_float(element) else int(value)


class AllocTensorLowering(LlirPattern):
    """mir.alloc_tensor -> llir.alloc_buffer (size = elements * element bytes, alignment
    max(element bytes, 16)) and a loop storing zeros."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.AllocTensorOp, rewriter: PatternRewriter, /):
        b, ptr = self.start(op)
        fill(b, ptr, tensor_type(op.result), 0)
        self.replace(op, rewriter, b, [ptr])


class DeallocTensorLowering(LlirPattern):
    """mir.dealloc_tensor -> llir.free_buffer of the tensor's buffer; nothing for a
    constant in the data section (and the pass drops the free of a buffer it does not
    own, such as a function argument's)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.DeallocTensorOp, rewriter: PatternRewriter, /):
        (ptr,) = self.operands(op, rewriter)
        b = self.builder()
        if llir.global_origin(ptr) is None:
            b.emit(llir.FreeBufferOp(ptr))
        self.replace(op, rewriter, b)


DATA_SECTION_MIN_ELEMENTS = 16
"""A non-splat mir.constant of at least this many elements becomes an llir.global; a
smaller one stays a few stores (no symbol to name; LLVM forwards them to their loads)."""


def _is_splat(value: DenseIntOrFPElementsAttr, element_bytes: int) -> bool:
    """Whether every element has the same bits (no per-element Python work)."""
    elements = np.frombuffer(value.data.data, f"u{element_bytes}")
    return bool((elements == elements[0]).all())


def _column_major(value: DenseIntOrFPElementsAttr, typ: TensorType) -> DenseIntOrFPElementsAttr:
    """The elements of `value` in column-major order, as a 1-D initializer."""
    elements = np.frombuffer(value.data.data, f"u{element_bytes(typ)}").reshape(typ.get_shape())
    flat = TensorType(cast(AnyDenseElement, typ.element_type), [typ.element_count()])
    return DenseIntOrFPElementsAttr(flat, BytesAttr(elements.ravel(order="F").tobytes()))


class DataSection:
    """The llir.globals one run of convert-mir-to-llir adds to a module: each named
    `__constant_<shape>x<type>` (upstream bufferization's names), with `_<k>` added to
    keep names unique, and placed before the function using it."""

    def __init__(self, module: ModuleOp):
        self.module = module
        self.names = {
            name.data for op in module.ops if isinstance(name := op.properties.get("sym_name"), StringAttr)
        }

    def add(
        self, user: Operation, value: DenseIntOrFPElementsAttr | DenseResourceAttr, typ: TensorType
    ) -> llir.GlobalOp:
        shape = "x".join(str(d) for d in typ.get_shape())
        base = f"__constant_{shape}{'x' if shape else ''}{typ.element_type}"
        name, index = base, 0
        while name in self.names:
            index += 1
            name = f"{base}_{index}"
        self.names.add(name)
        global_op = llir.GlobalOp(name, value, buffer_alignment(typ))
        global_op.location = user.location
        top = user
        while (parent := top.parent_op()) is not self.module:
            assert parent is not None
            top = parent
        Rewriter.insert_op(global_op, InsertPoint.before(top))
        return global_op


@dataclass(frozen=True)
class ConstantLowering(LlirPattern):
    """mir.constant -> a fill loop of a fresh llir.alloc_buffer for a splat; an
    llir.global (the data section, `DataSection`) and its llir.addressof for another
    constant of at least `DATA_SECTION_MIN_ELEMENTS` elements; else a fresh buffer and
    one llir.store of an llir.constant per element. A `dense_resource` constant (of the
    module's weights file) becomes a global of the same resource, which keeps the bytes
    in the file, in row-major layout; in column-major its elements are read and
    reordered into a dense one."""

    data_section: DataSection

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.ConstantOp, rewriter: PatternRewriter, /):
        typ = tensor_type(op.result)
        value = op.value
        column_major = self.options.layout == llir.MemoryLayout.COLUMN_MAJOR
        if isinstance(value, DenseResourceAttr) and column_major:  # read, to be reordered
            value = dense_attribute(resource_array(value, op), typ.element_type)
        element = typ.element_type
        count = typ.element_count()
        if isinstance(value, DenseIntOrFPElementsAttr) and count > 1 and _is_splat(value, element_bytes(typ)):
            b, ptr = self.start(op)
            fill(b, ptr, typ, _python_value(cast(int | float, next(iter(value.iter_values()))), element))
        elif isinstance(value, DenseResourceAttr) or count >= DATA_SECTION_MIN_ELEMENTS:
            if isinstance(value, DenseIntOrFPElementsAttr) and column_major:
                value = _column_major(value, typ)
            b = self.builder()
            ptr = b.emit(llir.AddressOfOp(self.data_section.add(op, value, typ))).result
        else:
            b, ptr = self.start(op)
            values = cast(list[int | float], value.get_values())
            shape = typ.get_shape()
            strides = b.strides(shape)
            indices = itertools.product(*(range(d) for d in shape))
            for v, index in zip(values, indices):
                offset = sum(i * s for i, s in zip(index, strides))
                b.store(b.const(_python_value(v, element), element), ptr, Offset(None, offset))
        self.replace(op, rewriter, b, [ptr])


class FromElementsLowering(LlirPattern):
    """mir.from_elements -> llir.alloc_buffer and one llir.store per element (index
    elements truncated to the element type, as mir wraps them)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.FromElementsOp, rewriter: PatternRewriter, /):
        typ = tensor_type(op.result)
        element = typ.element_type
        elements = self.operands(op, rewriter)
        b, ptr = self.start(op)
        shape = typ.get_shape()
        strides = b.strides(shape)
        indices = itertools.product(*(range(d) for d in shape))
        for value, index in zip(elements, indices):
            if value.type != element:
                assert llir.bit_width(value.type) > llir.bit_width(element)
                value = b.cast(llir.TruncOp, value, element)
            offset = sum(i * s for i, s in zip(index, strides))
            b.store(value, ptr, Offset(None, offset))
        self.replace(op, rewriter, b, [ptr])
