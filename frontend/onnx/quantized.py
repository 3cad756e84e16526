"""The converters of ONNX's quantization operators, as `onnxruntime.quantization` emits
them: QuantizeLinear / DequantizeLinear (quantize_static's QDQ format),
DynamicQuantizeLinear, MatMulInteger and ConvInteger (quantize_dynamic), QLinearMatMul
and QLinearConv (the QOperator format).

Each is a few existing gawee ops that give ONNX Runtime's integers exactly:

- a quantized value becomes a float by `cast`, as ONNX Runtime's int32 arithmetic
  does (DequantizeLinear: (x - zero point) in i32, then to f32, times the scale);
- a float becomes a quantized value as MLAS's quantizer does: x / scale in f32, rounded
  half to even (`gawee.round`), plus the zero point, saturated (`gawee.max` /
  `gawee.min`) to the target range and cast;
- an integer product or convolution is `gawee.matmul` / `gawee.conv` in f64 on the
  operands minus their zero points: every product and partial sum is an integer below
  2^53, so f64 computes ONNX Runtime's i32 accumulation exactly (the importer checks
  that the sum cannot leave i32, where ONNX Runtime would wrap);
- QLinearMatMul / QLinearConv requantize that integer as ONNX Runtime does: to f32,
  times the f32 multiplier a_scale * b_scale / y_scale, rounded half to even, plus the
  output zero point, saturated.

NaN inputs of a quantizer are not ONNX Runtime's (it gives the lowest value); float8,
4- and 2-bit types are element types gawee does not carry, rejected at import."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import onnx
from xdsl.dialects.builtin import IntegerType, f16, f32, i32, i64
from xdsl.ir import Attribute, SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.constraints import ONNX_ELEMENT_TYPES, UNSIGNED_TYPES, is_unsigned
from nnstack.dialects.utils import element_type, tensor_shape
from nnstack.dialects.values import dense_attribute
from nnstack.frontend.onnx.context import ImportContext

QUANTIZED_TYPES: tuple[Attribute, ...] = (
    IntegerType(8),
    UNSIGNED_TYPES[0],
    IntegerType(16),
    UNSIGNED_TYPES[1],
)
"""The quantized element types gawee carries: int8, uint8, int16, uint16."""

PRODUCT_TYPES: tuple[Attribute, ...] = QUANTIZED_TYPES[:2]
"""The operand types of the integer products: int8 and uint8."""

I32_LIMIT = 2**31
"""ONNX Runtime accumulates integer products in i32."""


def quantized_range(element: Attribute) -> tuple[int, int]:
    """The values of a quantized integer type: [0, 2^N - 1] or [-2^(N-1), 2^(N-1) - 1]."""
    assert isinstance(element, IntegerType)
    width = element.width.data
    return (0, 2**width - 1) if is_unsigned(element) else (-(2 ** (width - 1)), 2 ** (width - 1) - 1)


def _constant(context: ImportContext, value: float | np.ndarray, element: Attribute) -> SSAValue:
    return context.emit_value(gawee.ConstantOp(dense_attribute(np.asarray(value), element)))


def _cast(context: ImportContext, value: SSAValue, element: Attribute) -> SSAValue:
    if element_type(value) == element:
        return value
    return context.emit_value(gawee.CastOp(value, element))


def _element(context: ImportContext, index: int, allowed: Sequence[Attribute], what: str) -> Attribute:
    """The element type of input `index`, which must be one of `allowed`."""
    element = element_type(context.value(index))
    if element not in allowed:
        names = ", ".join(str(a) for a in allowed)
        raise context.fail(f"{what} has element type {element}; supported: {names}")
    return element


def _along(
    context: ImportContext, value: SSAValue, shape: Sequence[int], axis: int, block_size: int
) -> SSAValue:
    """A scale or zero point as a value that broadcasts against an input of `shape`:
    one value (per tensor), a vector along `axis` (per axis) or, with `block_size`, one
    value per block of `axis` (blocked), repeated over its block."""
    given = tensor_shape(value)
    if math.prod(given) == 1 and not block_size:
        return value if len(given) <= len(shape) else context.emit_value(gawee.ReshapeOp(value, ()))
    if not -len(shape) <= axis < len(shape):
        raise context.fail(f"axis {axis} is out of range for rank {len(shape)}")
    axis %= len(shape)
    if block_size:
        blocks = -(-shape[axis] // block_size)
        expected = (*shape[:axis], blocks, *shape[axis + 1 :])
        if given != expected:
            raise context.fail(
                f"a blocked scale or zero point must have shape {list(expected)}, got {list(given)}"
            )
        indices = _constant(context, np.arange(shape[axis]) // block_size, i64)
        return context.emit_value(gawee.GatherOp(value, indices, axis))
    if len(given) != 1 or given[0] != shape[axis]:
        raise context.fail(
            f"a per-axis scale or zero point must have shape [{shape[axis]}] (axis {axis}), got {list(given)}"
        )
    dims = [1] * len(shape)
    dims[axis] = given[0]
    return context.emit_value(gawee.ReshapeOp(value, dims))


def _block_size(context: ImportContext) -> int:
    block_size = int(context.attribute("block_size", 0))  # type: ignore[arg-type]
    if block_size < 0:
        raise context.fail(f"block_size {block_size} must not be negative")
    return block_size


def saturated(
    context: ImportContext, value: SSAValue, zero_point: SSAValue | None, target: Attribute
) -> SSAValue:
    """An f32 `value` as MLAS quantizes it: rounded half to even, plus the zero point,
    saturated to `target`'s range and cast to it."""
    rounded = context.emit_value(gawee.RoundOp(value))
    if zero_point is not None:
        rounded = context.emit_value(gawee.AddOp(rounded, _cast(context, zero_point, f32)))
    low, high = quantized_range(target)
    rounded = context.emit_value(gawee.MaxOp([rounded, _constant(context, float(low), f32)]))
    rounded = context.emit_value(gawee.MinOp([rounded, _constant(context, float(high), f32)]))
    return _cast(context, rounded, target)


def convert_quantize_linear(context: ImportContext) -> None:
    """QuantizeLinear: saturate(round_half_even(x / y_scale) + y_zero_point) in the zero
    point's type (else `output_dtype`, else uint8): int8, uint8, int16 or uint16; per
    tensor, per axis or blocked (`block_size`); float x (f16 x and scale computed in f32,
    as ONNX Runtime does)."""
    x = context.value(0)
    shape = tensor_shape(x)
    _element(context, 0, (f16, f32), "x")
    _element(context, 1, (f16, f32), "y_scale")
    if context.has_input(2):
        target = _element(context, 2, QUANTIZED_TYPES, "y_zero_point")
    else:
        number = int(context.attribute("output_dtype", 0) or onnx.TensorProto.UINT8)  # type: ignore[arg-type]
        target = ONNX_ELEMENT_TYPES.get(number)
        if target not in QUANTIZED_TYPES:
            raise context.fail(
                f"output_dtype {onnx.TensorProto.DataType.Name(number)} is not a quantized type gawee carries"
            )
    context.reject_attributes(precision=0)
    axis, block_size = int(context.attribute("axis", 1)), _block_size(context)  # type: ignore[arg-type]
    scale = _along(context, _cast(context, context.value(1), f32), shape, axis, block_size)
    zero_point = _along(context, context.value(2), shape, axis, block_size) if context.has_input(2) else None
    quotient = context.emit_value(gawee.DivOp(_cast(context, x, f32), scale))
    context.define(saturated(context, quotient, zero_point, target))


def convert_dequantize_linear(context: ImportContext) -> None:
    """DequantizeLinear: (x - x_zero_point) in i32, to f32, times x_scale (as ONNX
    Runtime computes it), in the scale's type (or `output_dtype`); x int8, uint8, int16,
    uint16 or int32; per tensor, per axis or blocked (`block_size`)."""
    x = context.value(0)
    shape = tensor_shape(x)
    _element(context, 0, (*QUANTIZED_TYPES, i32), "x")
    out = _element(context, 1, (f16, f32), "x_scale")
    if number := int(context.attribute("output_dtype", 0)):  # type: ignore[arg-type]
        out = ONNX_ELEMENT_TYPES.get(number)
        if out not in (f16, f32):
            raise context.fail(
                f"output_dtype {onnx.TensorProto.DataType.Name(number)} is not supported (float or float16)"
            )
    axis, block_size = int(context.attribute("axis", 1)), _block_size(context)  # type: ignore[arg-type]
    difference = _cast(context, x, i32)
    if context.has_input(2):
        zero_point = _along(context, _cast(context, context.value(2), i32), shape, axis, block_size)
        difference = context.emit_value(gawee.SubOp(difference, zero_point))
    scale = _along(context, _cast(context, context.value(1), f32), shape, axis, block_size)
    product = context.emit_value(gawee.MulOp(_cast(context, difference, f32), scale))
    context.define(_cast(context, product, out))


def convert_dynamic_quantize_linear(context: ImportContext) -> None:
    """DynamicQuantizeLinear as ONNX Runtime computes it: the range [min(x, 0), max(x,
    0)] over 255 as the scale (1 where the range is empty: all zeros, where ONNX's function
    body divides by 0), the zero point -min / scale saturated to [0, 255] and rounded
    half to even, and x quantized with them to uint8."""
    x = context.value(0)
    _element(context, 0, (f32,), "x")
    axes = tuple(range(len(tensor_shape(x))))
    zero = _constant(context, 0.0, f32)
    low = context.emit_value(gawee.MinOp([context.emit_value(gawee.ReduceMinOp(x, axes, False)), zero]))
    high = context.emit_value(gawee.MaxOp([context.emit_value(gawee.ReduceMaxOp(x, axes, False)), zero]))
    spread = context.emit_value(
        gawee.DivOp(context.emit_value(gawee.SubOp(high, low)), _constant(context, 255.0, f32))
    )
    empty = context.emit_value(gawee.EqualOp(high, low))
    scale = context.emit_value(gawee.WhereOp(empty, _constant(context, 1.0, f32), spread))
    initial = context.emit_value(gawee.SubOp(zero, context.emit_value(gawee.DivOp(low, scale))))
    zero_point = saturated(context, initial, None, UNSIGNED_TYPES[0])
    quotient = context.emit_value(gawee.DivOp(x, scale))
    context.define(saturated(context, quotient, zero_point, UNSIGNED_TYPES[0]), scale, zero_point)
