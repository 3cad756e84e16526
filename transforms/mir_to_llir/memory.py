"""Tensors made from nothing, and explicit memory: mir.alloc_tensor, mir.dealloc_tensor,
mir.constant, mir.from_elements.

llir buffers start zeroed but count as unwritten (the interpreter's strict mode reads
them as errors), so every buffer these ops create is written in full.
"""

from __future__ import annotations

import itertools
from typing import cast

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType, i1
from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, op_type_rewrite_pattern

from nnstack.dialects import llir, mir

from .builder import Builder, LlirPattern, Offset, dense_access, emit_map, tensor_type


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
    """mir.dealloc_tensor -> llir.free_buffer of the tensor's buffer (the pass drops the
    free of a buffer it does not own, such as a function argument's)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.DeallocTensorOp, rewriter: PatternRewriter, /):
        (ptr,) = self.operands(op, rewriter)
        b = self.builder()
        b.emit(llir.FreeBufferOp(ptr))
        self.replace(op, rewriter, b)


class ConstantLowering(LlirPattern):
    """mir.constant -> llir.alloc_buffer, then a fill loop for a splat or one llir.store
    of an llir.constant per element."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.ConstantOp, rewriter: PatternRewriter, /):
        typ = tensor_type(op.result)
        value = op.value
        assert isinstance(value, DenseIntOrFPElementsAttr)
        element = typ.element_type
        values = [_python_value(v, element) for v in cast(list[int | float], value.get_values())]
        b, ptr = self.start(op)
        shape = typ.get_shape()
        if len(set(values)) == 1 and len(values) > 1:
            fill(b, ptr, typ, values[0])
        else:
            strides = b.strides(shape)
            indices = itertools.product(*(range(d) for d in shape))
            for v, index in zip(values, indices):
                offset = sum(i * s for i, s in zip(index, strides))
                b.store(b.const(v, element), ptr, Offset(None, offset))
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
