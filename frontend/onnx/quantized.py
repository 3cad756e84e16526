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

A quantizer takes NaN to the lowest value, as ONNX Runtime does. The 4- and 2-bit
integers quantize as the 8-bit ones; to an 8-bit float or f4E2M1FN, x / scale is cast
(rounded to the nearest, saturating unless `saturate` is 0), and from one, x is cast to
f32 and scaled. Their zero point is 0, as ONNX requires (a constant one that is not is
rejected; one given at run time is not read)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import onnx
from xdsl.dialects.builtin import Float4E2M1FNType, IntegerType, f16, f32, f64, i32, i64
from xdsl.ir import Attribute, SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.constraints import (
    FLOAT8_TYPES,
    ONNX_ELEMENT_TYPES,
    SMALL_INTEGER_TYPES,
    UNSIGNED_TYPES,
    is_unsigned,
)
from nnstack.dialects.utils import element_type, tensor_shape
from nnstack.dialects.values import dense_attribute
from nnstack.frontend.onnx.context import ImportContext
from nnstack.frontend.onnx.windows import conv_op

INTEGER_QUANTIZED_TYPES: tuple[Attribute, ...] = (
    IntegerType(8),
    UNSIGNED_TYPES[0],
    IntegerType(16),
    UNSIGNED_TYPES[1],
    *SMALL_INTEGER_TYPES,
)
"""The quantized integer types gawee carries: int8, uint8, int16, uint16, int4, uint4,
int2, uint2."""

FLOAT_QUANTIZED_TYPES: tuple[Attribute, ...] = (*FLOAT8_TYPES, Float4E2M1FNType())
"""The quantized float types: the 8-bit floats and f4E2M1FN (a cast of x / scale)."""

QUANTIZED_TYPES: tuple[Attribute, ...] = INTEGER_QUANTIZED_TYPES + FLOAT_QUANTIZED_TYPES

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
    saturated to `target`'s range (NaN to its lowest value) and cast to it."""
    rounded = context.emit_value(gawee.RoundOp(value))
    if zero_point is not None:
        rounded = context.emit_value(gawee.AddOp(rounded, _cast(context, zero_point, f32)))
    low, high = quantized_range(target)
    lowest = _constant(context, float(low), f32)
    kept = context.emit_value(gawee.GreaterEqualOp(rounded, lowest))
    rounded = context.emit_value(gawee.WhereOp(kept, rounded, lowest))  # (NaN too: MLAS's MAXPS)
    rounded = context.emit_value(gawee.MinOp([rounded, _constant(context, float(high), f32)]))
    return _cast(context, rounded, target)


def _zero_float_zero_point(context: ImportContext, index: int) -> None:
    """The zero point (input `index`) of a float quantized type, which ONNX requires to
    be 0: a constant one that is not is rejected, one given at run time is not read."""
    name = context.node.input[index] if context.has_input(index) else None
    if name is not None and name in context.constants and np.any(context.constants[name].astype(np.float32)):
        raise context.fail(f"the zero point '{name}' of a float quantized type must be 0")


def convert_quantize_linear(context: ImportContext) -> None:
    """QuantizeLinear: saturate(round_half_even(x / y_scale) + y_zero_point) in the zero
    point's type (else `output_dtype`, else uint8): int8, uint8, int16, uint16, int4,
    uint4, int2 or uint2; to a float type (8-bit, f4E2M1FN) x / y_scale cast to it; per
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
    quotient = context.emit_value(gawee.DivOp(_cast(context, x, f32), scale))
    if target in FLOAT_QUANTIZED_TYPES:
        _zero_float_zero_point(context, 2)
        saturate = target in FLOAT8_TYPES and bool(context.attribute("saturate", 1))
        context.define(context.emit_value(gawee.CastOp(quotient, target, saturate=saturate)))
        return
    zero_point = _along(context, context.value(2), shape, axis, block_size) if context.has_input(2) else None
    context.define(saturated(context, quotient, zero_point, target))


def convert_dequantize_linear(context: ImportContext) -> None:
    """DequantizeLinear: (x - x_zero_point) in i32, to f32, times x_scale (as ONNX
    Runtime computes it), in the scale's type (or `output_dtype`); x int8, uint8, int16,
    uint16, int32, int4, uint4, int2 or uint2, or a float type (8-bit, f4E2M1FN: x in
    f32 times x_scale); per tensor, per axis or blocked (`block_size`)."""
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
    if element_type(x) in FLOAT_QUANTIZED_TYPES:
        _zero_float_zero_point(context, 2)
        scale = _along(context, _cast(context, context.value(1), f32), shape, axis, block_size)
        product = context.emit_value(gawee.MulOp(_cast(context, x, f32), scale))
        context.define(_cast(context, product, out))
        return
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


def _centered(context: ImportContext, index: int, zero_point: int | None, what: str) -> SSAValue:
    """Input `index` (int8 or uint8) minus its zero point (input `zero_point`, absent:
    0) in f64, which holds every difference exactly."""
    _element(context, index, PRODUCT_TYPES, what)
    value = _cast(context, context.value(index), f64)
    if zero_point is None or not context.has_input(zero_point):
        return value
    _element(context, zero_point, PRODUCT_TYPES, f"{what}'s zero point")
    point = _cast(context, context.value(zero_point), f64)
    return context.emit_value(gawee.SubOp(value, point))


def _per_tensor(context: ImportContext, *indices: int) -> None:
    """Inputs `indices` (scales and zero points ONNX defines per tensor only), where
    given, hold one value."""
    for index in indices:
        if context.has_input(index) and math.prod(context.shape(index)) != 1:
            name = context.node.input[index]
            raise context.fail(
                f"input '{name}' must be one value (per tensor), got shape {list(context.shape(index))}"
            )


def _exact_accumulation(context: ImportContext, terms: int) -> None:
    """Fails where a sum of `terms` products of 8-bit differences (each below 255^2)
    could leave i32, where ONNX Runtime's accumulator wraps and f64's would not."""
    if terms * 255 * 255 >= I32_LIMIT:
        raise context.fail(f"a sum of {terms} products could overflow ONNX Runtime's i32 accumulator")


def _rows(value: SSAValue, rows: int, context: ImportContext) -> SSAValue:
    """A per-row zero point or scale [M] of an [..., M, K] operand as [M, 1] (its N-D
    form [..., M, 1] broadcasts as it is)."""
    if rows == 1 or tensor_shape(value) != (rows,):
        return value
    return context.emit_value(gawee.ReshapeOp(value, (rows, 1)))


def _channels(context: ImportContext, value: SSAValue, channels: int, spatial: int) -> SSAValue:
    """A per-channel zero point or scale [F] of a conv weight or result as [F, 1, ...]."""
    if math.prod(tensor_shape(value)) == 1:
        return value
    if tensor_shape(value) != (channels,):
        raise context.fail(
            f"a per-channel zero point or scale must have shape [{channels}], got {list(tensor_shape(value))}"
        )
    return context.emit_value(gawee.ReshapeOp(value, (channels, *(1,) * spatial)))


def _integer_matmul(context: ImportContext, a: int, a_zero: int, b: int, b_zero: int) -> SSAValue:
    """The product of inputs `a` and `b` (int8 / uint8) minus their zero points (inputs
    `a_zero`, `b_zero`: per tensor, A's per row, B's per column), exactly, in f64."""
    lhs, rhs = context.shape(a), context.shape(b)
    if len(lhs) < 2 or len(rhs) < 2:
        raise context.fail("1-D operands are not supported (rank 2 or more)")
    _exact_accumulation(context, lhs[-1])
    a_value = _centered(context, a, None, "A")
    if context.has_input(a_zero):
        _element(context, a_zero, PRODUCT_TYPES, "A's zero point")
        point = _rows(_cast(context, context.value(a_zero), f64), lhs[-2], context)
        a_value = context.emit_value(gawee.SubOp(a_value, point))
    b_value = _centered(context, b, b_zero, "B")
    return context.emit_value(gawee.MatMulOp(a_value, b_value))


def convert_matmul_integer(context: ImportContext) -> None:
    """MatMulInteger: (A - a_zero_point) x (B - b_zero_point) accumulated in i32 (int8 /
    uint8 operands; A's zero point per tensor or per row, B's per tensor or per column),
    computed in f64, where every partial sum is an exact integer."""
    context.define(_cast(context, _integer_matmul(context, 0, 2, 1, 3), i32))


def requantized(context: ImportContext, accumulated: SSAValue, multiplier: SSAValue, index: int) -> SSAValue:
    """An integer accumulator (f64) requantized as ONNX Runtime's MLAS does: to f32,
    times the f32 multiplier, rounded half to even, plus the zero point (input `index`),
    saturated to its type."""
    target = _element(context, index, PRODUCT_TYPES, "y_zero_point")
    scaled = context.emit_value(gawee.MulOp(_cast(context, accumulated, f32), multiplier))
    return saturated(context, scaled, context.value(index), target)


def _multiplier(context: ImportContext, first: SSAValue, second: SSAValue, index: int) -> SSAValue:
    """first * second / y_scale (input `index`) in f32, as ONNX Runtime computes it (f16
    scales too: ONNX's reference computes the multiplier in f16 instead)."""
    first, second, third = (_cast(context, scale, f32) for scale in (first, second, context.value(index)))
    return context.emit_value(gawee.DivOp(context.emit_value(gawee.MulOp(first, second)), third))


def convert_qlinear_matmul(context: ImportContext) -> None:
    """QLinearMatMul: the integer product of a and b minus their zero points (as
    MatMulInteger), requantized as ONNX Runtime does: times a_scale * b_scale / y_scale
    in f32, rounded half to even, plus y_zero_point, saturated. a's scale and zero point
    per tensor or per row, b's per tensor or per column; f32 or f16 scales (in f32)."""
    _per_tensor(context, 6, 7)
    rows = context.shape(0)[-2] if len(context.shape(0)) >= 2 else 1
    accumulated = _integer_matmul(context, 0, 2, 3, 5)
    a_scale = _rows(context.value(1), rows, context)
    multiplier = _multiplier(context, a_scale, context.value(4), 6)
    context.define(requantized(context, accumulated, multiplier, 7))


def _integer_conv(
    context: ImportContext, x: int, x_zero: int, w: int, w_zero: int, bias: SSAValue | None
) -> SSAValue:
    """The convolution of inputs `x` and `w` (int8 / uint8) minus their zero points
    (inputs `x_zero`, `w_zero`: x's per tensor, w's per tensor or per output channel; the
    padding is x's zero point, a 0 difference), exactly, in f64."""
    weight_shape = context.shape(w)
    _per_tensor(context, x_zero)
    _exact_accumulation(context, math.prod(weight_shape[1:]))
    x_value = _centered(context, x, x_zero, "x")
    w_value = _cast(context, context.value(w), f64)
    _element(context, w, PRODUCT_TYPES, "w")
    if context.has_input(w_zero):
        _element(context, w_zero, PRODUCT_TYPES, "w's zero point")
        point = _channels(
            context, _cast(context, context.value(w_zero), f64), weight_shape[0], len(weight_shape) - 1
        )
        w_value = context.emit_value(gawee.SubOp(w_value, point))
    return context.emit_value(conv_op(context, x_value, w_value, bias))


def convert_conv_integer(context: ImportContext) -> None:
    """ConvInteger: the convolution of (x - x_zero_point) and (w - w_zero_point)
    accumulated in i32 (int8 / uint8; w's zero point per tensor or per output channel;
    Conv's window attributes), computed in f64, where every partial sum is exact."""
    context.define(_cast(context, _integer_conv(context, 0, 2, 1, 3, None), i32))


def convert_qlinear_conv(context: ImportContext) -> None:
    """QLinearConv: the integer convolution of x and w minus their zero points (as
    ConvInteger) plus the int32 bias B, requantized as ONNX Runtime does: times
    x_scale * w_scale / y_scale in f32 (w_scale per tensor or per output channel),
    rounded half to even, plus y_zero_point, saturated (a bias that takes the sum out
    of i32, where ONNX Runtime's would wrap, is not its result)."""
    _per_tensor(context, 1, 6, 7)
    bias = None
    if context.has_input(8):
        _element(context, 8, (i32,), "B")
        bias = _cast(context, context.value(8), f64)
    accumulated = _integer_conv(context, 0, 2, 3, 5, bias)
    weight_shape = context.shape(3)
    w_scale = _channels(context, context.value(4), weight_shape[0], len(weight_shape) - 2)
    multiplier = _multiplier(context, context.value(1), w_scale, 6)
    context.define(requantized(context, accumulated, multiplier, 7))
