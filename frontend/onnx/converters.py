"""One converter per ONNX operator: it reads its node through the `ImportContext` and
emits the gawee ops of the node's semantics, or fails with the reason.

Each converter checks every attribute it does not carry over and rejects a value it
cannot represent exactly (e.g. `auto_pad = SAME_UPPER` with a stride, which depends on
the input size in a way gawee's static padding can still express, is computed here;
an unknown `auto_pad` is an error), so an imported model is never silently wrong.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import onnx
from onnx import numpy_helper
from xdsl.dialects.builtin import f64, i1, i8
from xdsl.ir import Attribute, Operation, SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.constraints import E8M0, FLOAT8_TYPES, FLOAT_TYPES, ONNX_ELEMENT_TYPES
from nnstack.dialects.gawee.logic import ROUND_MODES
from nnstack.dialects.utils import element_type
from nnstack.dialects.values import dense_attribute, numpy_dtype
from nnstack.frontend.onnx.context import ImportContext
from nnstack.frontend.onnx.control import convert_if, convert_loop, convert_scan
from nnstack.frontend.onnx.decomposed import (
    convert_compress,
    convert_depth_to_space,
    convert_einsum,
    convert_hardmax,
    convert_lp_normalization,
    convert_mean_variance_normalization,
    convert_one_hot,
    convert_scatter_elements,
    convert_size,
    convert_space_to_depth,
    convert_swish,
    convert_tensor_scatter,
)
from nnstack.frontend.onnx.movement import (
    convert_affine_grid,
    convert_col2im,
    convert_concat,
    convert_expand,
    convert_gather,
    convert_gather_elements,
    convert_gather_nd,
    convert_grid_sample,
    convert_pad,
    convert_reshape,
    convert_resize,
    convert_reverse_sequence,
    convert_scatter_nd,
    convert_slice,
    convert_split,
    convert_squeeze,
    convert_tile,
    convert_transpose,
    convert_unsqueeze,
    convert_upsample,
)
from nnstack.frontend.onnx.normalization import (
    convert_batch_normalization,
    convert_group_normalization,
    convert_instance_normalization,
    convert_layer_normalization,
    convert_rms_normalization,
)
from nnstack.frontend.onnx.quantized import (
    convert_conv_integer,
    convert_dequantize_linear,
    convert_dynamic_quantize_linear,
    convert_matmul_integer,
    convert_qlinear_conv,
    convert_qlinear_matmul,
    convert_quantize_linear,
)
from nnstack.frontend.onnx.recurrent import convert_recurrent
from nnstack.frontend.onnx.spectral import convert_dft, convert_stft
from nnstack.frontend.onnx.windows import (
    convert_average_pool,
    convert_conv,
    convert_conv_transpose,
    convert_global_average_pool,
    convert_global_lp_pool,
    convert_global_max_pool,
    convert_lp_pool,
    convert_lrn,
    convert_max_pool,
    convert_max_unpool,
)

Converter = Callable[[ImportContext], None]


def convert_flatten(context: ImportContext) -> None:
    """ONNX Flatten(axis) is 2-D: dims before `axis` collapse into one, the rest into
    another (a 1 where there are none: then it is a reshape)."""
    shape = context.shape(0)
    axis = int(context.attribute("axis", 1))  # type: ignore[arg-type]
    axis = axis + len(shape) if axis < 0 else axis
    value = context.value(0)
    if not 0 < axis < len(shape):
        target = (math.prod(shape[:axis]), math.prod(shape[axis:]))
        context.define(context.emit(gawee.ReshapeOp(value, target)).results[0])
        return
    if axis > 1:
        value = context.emit(gawee.FlattenOp(value, 0, axis - 1)).results[0]
    if axis < len(shape) - 1:
        value = context.emit(gawee.FlattenOp(value, 1, -1)).results[0]
    context.define(value)


def convert_gemm(context: ImportContext) -> None:
    """PyTorch's Linear (transA = 0, transB = 1, alpha = beta = 1, no C or a vector C
    of the output features) is gawee.linear; every other Gemm is gawee.gemm."""
    alpha = float(context.attribute("alpha", 1.0))  # type: ignore[arg-type]
    beta = float(context.attribute("beta", 1.0))  # type: ignore[arg-type]
    trans_a = bool(context.attribute("transA", 0))
    trans_b = bool(context.attribute("transB", 0))
    c = context.value(2) if context.has_input(2) else None
    out_features = context.shape(1)[0 if trans_b else 1]
    if (trans_a, trans_b, alpha, beta) == (False, True, 1.0, 1.0) and (
        c is None or context.shape(2) == (out_features,)
    ):
        op: gawee.LinearOp | gawee.GemmOp = gawee.LinearOp(context.value(0), context.value(1), c)
    else:
        if c is not None and len(context.shape(2)) > 2:
            raise context.fail(f"C of shape {list(context.shape(2))} has rank > 2")
        op = gawee.GemmOp(
            context.value(0), context.value(1), c, trans_a=trans_a, trans_b=trans_b, alpha=alpha, beta=beta
        )
    context.define(context.emit(op).results[0])


def convert_identity(context: ImportContext) -> None:
    """Identity: the input itself."""
    context.define(context.value(0))


def convert_dropout(context: ImportContext) -> None:
    """Dropout at inference is the identity, its mask all ones (true; of the input's type
    before opset 10). In training mode (`training_mode` a constant true) it zeroes
    elements at random, which gawee cannot, unless the ratio is 0; a run-time
    `training_mode` could be either, so it must be a constant."""
    if context.has_input(2) and bool(context.scalar(2, "training_mode")):
        ratio = float(context.scalar(1, "ratio")) if context.has_input(1) else 0.5
        if ratio != 0:
            raise context.fail(f"training_mode = true with ratio {ratio} (random dropout) is not supported")
    x = context.value(0)
    outputs = [x]
    if len(context.node.output) > 1 and context.node.output[1]:
        element = i1 if context.opset >= 10 else element_type(x)
        one = context.emit(gawee.ConstantOp(dense_attribute(np.array(1), element))).results[0]
        outputs.append(context.emit(gawee.ExpandOp(one, gawee.tensor_shape(x))).results[0])
    context.define(*outputs)


def unary(op: type[gawee.UnaryElementwiseOp | gawee.UnaryPredicateOp]) -> Converter:
    """A unary op whose attributes (`DEFAULTS`: alpha, beta, detect_negative, ...) keep
    their ONNX names."""
    names = getattr(op, "DEFAULTS", {})

    def convert(context: ImportContext) -> None:
        parameters = {name: value for name in names if (value := context.attribute(name)) is not None}
        context.define(context.emit(op(context.value(0), **parameters)).results[0])

    return convert


def broadcasting(op: type[gawee.BroadcastBinaryOp]) -> Converter:
    """A binary op with multidirectional broadcasting (and Where, with three operands)."""

    def convert(context: ImportContext) -> None:
        operands = [context.value(i) for i in range(len(context.node.input))]
        context.define(context.emit(op(*operands)).results[0])

    return convert


def convert_gelu(context: ImportContext) -> None:
    """Gelu (opset 20): `approximate` "none" (erf) or "tanh"."""
    approximate = context.string("approximate", "none")
    if approximate not in gawee.GeluOp.APPROXIMATIONS:
        raise context.fail(f"approximate = {approximate} is not supported")
    context.define(context.emit(gawee.GeluOp(context.value(0), approximate)).results[0])


def convert_mod(context: ImportContext) -> None:
    """Mod: `fmod` 0 (the floored remainder, of the divisor's sign) or 1 (the truncated
    one, of the dividend's sign); a float one is not lowered to linalg (no arith.remf in
    xDSL)."""
    fmod = context.attribute("fmod", 0)
    if fmod not in (0, 1):
        raise context.fail(f"fmod = {fmod} is not supported (0 or 1)")
    op = gawee.ModOp(context.value(0), context.value(1), fmod=fmod == 1)
    context.define(context.emit(op).results[0])


def convert_bit_shift(context: ImportContext) -> None:
    """BitShift: `direction` LEFT or RIGHT, on unsigned and signed integers (a signed
    right shift is arithmetic)."""
    direction = context.string("direction", "")
    if direction not in gawee.BitShiftOp.DIRECTIONS:
        raise context.fail(f'direction = "{direction}" is not supported (LEFT or RIGHT)')
    op = gawee.BitShiftOp(context.value(0), context.value(1), direction)
    context.define(context.emit(op).results[0])


def convert_matmul(context: ImportContext) -> None:
    """MatMul: batched, batch dims broadcast, 1-D operands promoted as numpy does."""
    context.define(context.emit(gawee.MatMulOp(context.value(0), context.value(1))).results[0])


def softmax(op: type[gawee.AxisSoftmaxOp]) -> Converter:
    """Softmax / LogSoftmax from opset 13 normalize along one axis (default -1); before,
    they coerce the input to 2-D at `axis` (default 1) and normalize each row: a reshape
    around a softmax along the last axis, where `axis` is not the last one already."""

    def convert(context: ImportContext) -> None:
        x = context.value(0)
        if context.opset >= 13:
            axis = int(context.attribute("axis", -1))  # type: ignore[arg-type]
            context.define(context.emit(op(x, axis)).results[0])
            return
        shape = gawee.tensor_shape(x)
        axis = int(context.attribute("axis", 1))  # type: ignore[arg-type]
        if not -len(shape) <= axis < max(len(shape), 1):
            raise context.fail(f"axis {axis} is out of range for rank {len(shape)}")
        axis = gawee.normalize_dim(axis, len(shape))
        if axis >= len(shape) - 1:
            context.define(context.emit(op(x, -1)).results[0])
            return
        rows = context.emit(gawee.ReshapeOp(x, (math.prod(shape[:axis]), math.prod(shape[axis:]))))
        normalized = context.emit(op(rows.results[0], -1))
        context.define(context.emit(gawee.ReshapeOp(normalized.results[0], shape)).results[0])

    return convert


def variadic(op: type[gawee.VariadicBroadcastOp]) -> Converter:
    """Max / Min / Sum / Mean of any number of inputs, with multidirectional broadcasting."""

    def convert(context: ImportContext) -> None:
        inputs = [context.value(i) for i in range(len(context.node.input)) if context.has_input(i)]
        context.define(context.emit(op(inputs)).results[0])

    return convert


def convert_clip(context: ImportContext) -> None:
    """The bounds: attributes before opset 11, optional scalar inputs after. Constant
    bounds become `gawee.clip`'s attributes; a bound known only at run time, or any bound
    of an integer tensor, becomes a `gawee.max` / `gawee.min` with it (the same NaN and
    min > max behaviour)."""
    if context.opset < 11:
        low, high = (context.attribute(name) for name in ("min", "max"))
        bounds = [float(v) if v is not None else None for v in (low, high)]  # type: ignore[arg-type]
        context.define(context.emit(gawee.ClipOp(context.value(0), *bounds)).results[0])
        return
    present = [
        (i, name, op)
        for i, name, op in ((1, "min", gawee.MaxOp), (2, "max", gawee.MinOp))
        if context.has_input(i)
    ]
    for index, name, _ in present:
        if len(context.shape(index)) > 1 or math.prod(context.shape(index)) != 1:
            raise context.fail(f"{name} must be a scalar, got shape {list(context.shape(index))}")
    integer = element_type(context.value(0)) not in FLOAT_TYPES  # (gawee.clip is float-only)
    if not integer and all(context.node.input[index] in context.constants for index, _, _ in present):
        bounds = {name: float(context.constant(index, name).reshape(())) for index, name, _ in present}
        context.define(context.emit(gawee.ClipOp(context.value(0), **bounds)).results[0])
        return
    result = context.value(0)
    for index, name, op in present:  # max(x, min) first, then min(., max), as Clip does
        if context.node.input[index] in context.constants and not integer:
            bound = {name: float(context.constant(index, name).reshape(()))}
            result = context.emit(gawee.ClipOp(result, **bound)).results[0]
        else:
            result = context.emit(op([result, context.value(index)])).results[0]
    context.define(result)


def reduction(op: type[gawee.ReduceOp], axes_input_from: int) -> Converter:
    """ReduceX: axes from the `axes` input (opset >= `axes_input_from`) or attribute,
    which must be known at import; no axes means every dim, unless
    `noop_with_empty_axes`, which makes the node an identity. ReduceMax / ReduceMin of
    booleans (from opset 20) reduce them as i8 0 / 1 (any / all)."""

    def convert(context: ImportContext) -> None:
        if context.opset >= axes_input_from:
            axes = tuple(int(a) for a in context.constant(1, "axes")) if context.has_input(1) else ()
        else:
            axes = context.ints("axes", ())
        if not axes:
            if context.attribute("noop_with_empty_axes", 0):
                context.define(context.value(0))
                return
            axes = tuple(range(len(context.shape(0))))
        keep_dims = bool(context.attribute("keepdims", 1))
        x = context.value(0)
        if element_type(x) == i1 and op in (gawee.ReduceMaxOp, gawee.ReduceMinOp):
            # booleans (ReduceMax / ReduceMin from opset 20): any / all, as 0 / 1 in i8
            reduced = context.emit_value(op(context.emit_value(gawee.CastOp(x, i8)), axes, keep_dims))
            context.define(context.emit_value(gawee.CastOp(reduced, i1)))
            return
        context.define(context.emit(op(x, axes, keep_dims)).results[0])

    return convert


def _cast_to(context: ImportContext, element: Attribute) -> None:
    """Input 0 cast to `element` (itself where it has that type already): to an 8-bit
    float saturating unless `saturate` is 0, to f8E8M0FNU rounding as `round_mode` says
    (opset 24; "up" before)."""
    value = context.value(0)
    if element_type(value) == element:
        context.define(value)
        return
    saturate = element in (*FLOAT8_TYPES, E8M0) and bool(context.attribute("saturate", 1))
    round_mode = None
    if element == E8M0:
        round_mode = context.string("round_mode", "up")
        if round_mode not in ROUND_MODES:
            raise context.fail(f"round_mode '{round_mode}' is not one of {', '.join(ROUND_MODES)}")
    context.define(
        context.emit(gawee.CastOp(value, element, saturate=saturate, round_mode=round_mode)).results[0]
    )


def convert_cast(context: ImportContext) -> None:
    """Cast to any element type gawee carries (f16/bf16/f32/f64, i1, i8/i16/i32/i64,
    ui8/ui16/ui32/ui64, the 8- and 4-bit floats, i4/ui4/i2/ui2)."""
    to = int(context.attribute("to"))  # type: ignore[arg-type]
    element = ONNX_ELEMENT_TYPES.get(to)
    if element is None:
        raise context.fail(f"to = {onnx.TensorProto.DataType.Name(to)} is not an element type gawee carries")
    _cast_to(context, element)


def convert_cast_like(context: ImportContext) -> None:
    """CastLike: a Cast to the element type of input 1, which is only read for its type."""
    name = context.node.input[1]
    if name in context.constants:
        element = ONNX_ELEMENT_TYPES.get(onnx.helper.np_dtype_to_tensor_dtype(context.constants[name].dtype))
    else:
        element = element_type(context.value(1))
    if element is None:
        raise context.fail(f"target_type '{name}' has an element type gawee does not carry")
    _cast_to(context, element)


def arg_reduction(op: type[gawee.ArgMaxOp | gawee.ArgMinOp]) -> Converter:
    """ArgMax / ArgMin: axis (0), keepdims (1) and select_last_index (0, opset 12) as they are."""

    def convert(context: ImportContext) -> None:
        made = op(
            context.value(0),
            int(context.attribute("axis", 0)),  # type: ignore[arg-type]
            keep_dims=bool(context.attribute("keepdims", 1)),
            select_last_index=bool(context.attribute("select_last_index", 0)),
        )
        context.define(context.emit(made).results[0])

    return convert


def cumulative(op: type[gawee.CumSumOp | gawee.CumProdOp]) -> Converter:
    """CumSum / CumProd: the axis input (a rank-0 int32 / int64 tensor) must be a constant."""

    def convert(context: ImportContext) -> None:
        made = op(
            context.value(0),
            int(context.scalar(1, "axis")),
            exclusive=bool(context.attribute("exclusive", 0)),
            reverse=bool(context.attribute("reverse", 0)),
        )
        context.define(context.emit(made).results[0])

    return convert


def convert_topk(context: ImportContext) -> None:
    """K is an input from opset 10 (it must be a constant), an attribute before."""
    if context.opset >= 10:
        k = context.constant(1, "K").reshape(-1)
        if k.size != 1:
            raise context.fail(f"K must hold one value, got {k.size}")
        count = int(k[0])
    else:
        count = int(context.attribute("k"))  # type: ignore[arg-type]
    shape = context.shape(0)
    axis = int(context.attribute("axis", -1))  # type: ignore[arg-type]
    if not -len(shape) <= axis < len(shape) or not 1 <= count <= shape[axis]:
        raise context.fail(f"K = {count} is not in [1, size of axis {axis}] for input shape {list(shape)}")
    op = gawee.TopKOp(
        context.value(0),
        count,
        axis,
        largest=bool(context.attribute("largest", 1)),
        sorted=bool(context.attribute("sorted", 1)),
    )
    context.define(*context.emit(op).results)


def convert_pow(context: ImportContext) -> None:
    """Pow of any base and exponent types ONNX allows: a float base takes the exponent
    as its own float type; an integer base is raised in f64 and the result cast back to
    its type (truncated), as ONNX Runtime computes it (exact while the power stays below
    2^53)."""
    base, exponent = context.value(0), context.value(1)
    base_type = element_type(base)

    def as_type(value: SSAValue, element: Attribute) -> SSAValue:
        return value if element_type(value) == element else context.emit_value(gawee.CastOp(value, element))

    if base_type in FLOAT_TYPES:
        context.define(context.emit_value(gawee.PowOp(base, as_type(exponent, base_type))))
        return
    power = context.emit_value(gawee.PowOp(as_type(base, f64), as_type(exponent, f64)))
    context.define(as_type(power, base_type))


def convert_trilu(context: ImportContext) -> None:
    """Trilu with a constant k."""
    k = int(context.scalar(1, "k")) if context.has_input(1) else 0
    upper = bool(context.attribute("upper", 1))
    context.define(context.emit(gawee.TriluOp(context.value(0), upper, k)).results[0])


def convert_range(context: ImportContext) -> None:
    """Range with constant inputs (the importer folds it first: this runs only where one
    is not a constant, and fails there)."""
    start, limit, delta = (context.scalar(i, name) for i, name in enumerate(("start", "limit", "delta")))
    element = ONNX_ELEMENT_TYPES.get(onnx.helper.np_dtype_to_tensor_dtype(start.dtype))
    if element not in gawee.RangeOp.ELEMENT_TYPES:
        raise context.fail(f"element type {start.dtype} is not supported (float32, float64, int32, int64)")
    op = gawee.RangeOp(start.item(), limit.item(), delta.item(), element)
    context.define(context.emit(op).results[0])


def convert_constant_of_shape(context: ImportContext) -> None:
    """ConstantOfShape: a tensor of the `value` attribute's one element (f32 0 without
    it) in that element's type, of a shape known at import. The importer folds the node
    where the shape is a constant; one computed at run time raises `NotConstantError`,
    and the ONNX backend specialises on the graph inputs it comes from."""
    shape = context.constant(0, "the shape")
    if shape.ndim != 1 or shape.dtype != np.int64:
        raise context.fail(
            f"the shape must be a 1-D int64 tensor, got {shape.dtype} of shape {list(shape.shape)}"
        )
    if (shape < 0).any():
        raise context.fail(f"the shape {shape.tolist()} has a negative dimension")
    tensor = context.attribute("value")
    fill = np.zeros(1, np.float32) if tensor is None else numpy_helper.to_array(tensor)
    if fill.size != 1:
        raise context.fail(f"the value must have one element, got shape {list(fill.shape)}")
    array = np.full(tuple(int(d) for d in shape), fill.reshape(()), fill.dtype)
    context.define(context.emit(gawee.ConstantOp(context.dense(array, "the value"))).results[0])


def convert_det(context: ImportContext) -> None:
    """`gawee.det` of the square matrices in the last two dims."""
    context.define(context.emit_value(gawee.DetOp(context.value(0))))


def convert_eye_like(context: ImportContext) -> None:
    """EyeLike: ones on the `k`-th diagonal of a 2-D tensor of the input's shape, zeros
    elsewhere, in `dtype` (default: the input's element type). Only the input's static
    shape matters, so it is a constant."""
    shape = context.shape(0)
    if len(shape) != 2:
        raise context.fail(f"the input must be 2-D, got shape {list(shape)}")
    dtype = context.attribute("dtype")
    if dtype is not None:
        numpy_type = onnx.helper.tensor_dtype_to_np_dtype(int(dtype))
    elif (name := context.node.input[0]) in context.constants:
        numpy_type = context.constants[name].dtype
    else:
        numpy_type = numpy_dtype(element_type(context.value(0)))
    k = int(context.attribute("k", 0))  # type: ignore[arg-type]
    array = np.eye(shape[0], shape[1], k, dtype=numpy_type)
    context.define(context.emit_value(gawee.ConstantOp(context.dense(array, "the result"))))


def convert_shape(context: ImportContext) -> None:
    """Shape (the importer folds it where the input's shape is static, which gawee needs)."""
    start = int(context.attribute("start", 0))  # type: ignore[arg-type]
    end = None if (value := context.attribute("end")) is None else int(value)  # type: ignore[arg-type]
    op = gawee.ShapeOp(context.value(0), start, end)
    context.define(context.emit(op).results[0])


def convert_constant(context: ImportContext) -> None:
    """Constant (the importer folds it, as every node without run-time inputs; this
    converter makes a gawee.constant where it runs)."""
    for name in ("sparse_value", "value_string", "value_strings"):
        if context.attribute(name) is not None:
            raise context.fail(f"attribute {name} is not supported")
    tensor = context.attribute("value")
    if isinstance(tensor, onnx.TensorProto):
        array = numpy_helper.to_array(tensor)
    elif (floats := context.attribute("value_float", context.attribute("value_floats"))) is not None:
        array = np.array(floats, np.float32)
    elif (ints := context.attribute("value_int", context.attribute("value_ints"))) is not None:
        array = np.array(ints, np.int64)
    else:
        raise context.fail("no value attribute")
    context.define(context.emit(gawee.ConstantOp(context.dense(array, "the value"))).results[0])


def declared_converters() -> dict[str, Converter]:
    """The converters of the gawee ops that name the ONNX operator they import one to one
    (`ONNX_OPERATOR`, declared with the op), by the op's kind of operands."""
    converters: dict[str, Converter] = {}
    for op in gawee.Gawee.operations:
        name = getattr(op, "ONNX_OPERATOR", None)
        if name is None:
            continue
        if issubclass(op, gawee.UnaryElementwiseOp | gawee.UnaryPredicateOp):
            converters[name] = unary(op)
        elif issubclass(op, gawee.BroadcastBinaryOp):
            converters[name] = broadcasting(op)
        elif issubclass(op, gawee.VariadicBroadcastOp):
            converters[name] = variadic(op)
        else:
            converters[name] = by_builder(op)
    return converters


def by_builder(op: type[Operation]) -> Converter:
    """An op whose builder takes the node's inputs in order and its attributes as
    keyword arguments of their ONNX names (`pooled_shape`, `spatial_scale`, ...)."""
    keywords = {
        name: parameter.default is inspect.Parameter.empty
        for name, parameter in inspect.signature(op.__init__).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
    }

    def convert(context: ImportContext) -> None:
        given = {attribute.name for attribute in context.node.attribute}
        if missing := [name for name, required in keywords.items() if required and name not in given]:
            raise context.fail(f"attribute {missing[0]} is required")
        parameters: dict[str, Any] = {}
        for attribute in context.node.attribute:
            if attribute.name not in keywords:
                raise context.fail(f"attribute {attribute.name} is not supported")
            value = context.attribute(attribute.name)
            parameters[attribute.name] = value.decode() if isinstance(value, bytes) else value
        operands = [context.value(i) for i in range(len(context.node.input))]
        context.define(context.emit(op(*operands, **parameters)).results[0])

    return convert


CONVERTERS: Mapping[str, Converter] = {
    **declared_converters(),
    "Conv": convert_conv,
    "Pow": convert_pow,
    "ConvTranspose": convert_conv_transpose,
    "MaxPool": convert_max_pool,
    "MaxUnpool": convert_max_unpool,
    "GlobalAveragePool": convert_global_average_pool,
    "GlobalMaxPool": convert_global_max_pool,
    "AveragePool": convert_average_pool,
    "LpPool": convert_lp_pool,
    "GlobalLpPool": convert_global_lp_pool,
    "LRN": convert_lrn,
    "BatchNormalization": convert_batch_normalization,
    "Flatten": convert_flatten,
    "Gemm": convert_gemm,
    "Identity": convert_identity,
    "Dropout": convert_dropout,
    "Gelu": convert_gelu,
    "Mod": convert_mod,
    "BitShift": convert_bit_shift,
    "MatMul": convert_matmul,
    "Softmax": softmax(gawee.SoftmaxOp),
    "LogSoftmax": softmax(gawee.LogSoftmaxOp),
    "Clip": convert_clip,
    "Transpose": convert_transpose,
    "Reshape": convert_reshape,
    "ReduceSum": reduction(gawee.ReduceSumOp, axes_input_from=13),
    "ReduceMean": reduction(gawee.ReduceMeanOp, axes_input_from=18),
    "ReduceProd": reduction(gawee.ReduceProdOp, axes_input_from=18),
    "ReduceMax": reduction(gawee.ReduceMaxOp, axes_input_from=18),
    "ReduceMin": reduction(gawee.ReduceMinOp, axes_input_from=18),
    "ReduceSumSquare": reduction(gawee.ReduceSumSquareOp, axes_input_from=18),
    "ReduceL1": reduction(gawee.ReduceL1Op, axes_input_from=18),
    "ReduceL2": reduction(gawee.ReduceL2Op, axes_input_from=18),
    "ReduceLogSum": reduction(gawee.ReduceLogSumOp, axes_input_from=18),
    "ReduceLogSumExp": reduction(gawee.ReduceLogSumExpOp, axes_input_from=18),
    "ArgMax": arg_reduction(gawee.ArgMaxOp),
    "ArgMin": arg_reduction(gawee.ArgMinOp),
    "CumSum": cumulative(gawee.CumSumOp),
    "CumProd": cumulative(gawee.CumProdOp),
    "LayerNormalization": convert_layer_normalization,
    "InstanceNormalization": convert_instance_normalization,
    "GroupNormalization": convert_group_normalization,
    "RMSNormalization": convert_rms_normalization,
    "Cast": convert_cast,
    "Gather": convert_gather,
    "GatherElements": convert_gather_elements,
    "GatherND": convert_gather_nd,
    "Expand": convert_expand,
    "Unsqueeze": convert_unsqueeze,
    "Squeeze": convert_squeeze,
    "Concat": convert_concat,
    "Slice": convert_slice,
    "TopK": convert_topk,
    "ScatterND": convert_scatter_nd,
    "ScatterElements": convert_scatter_elements,
    "Loop": convert_loop,
    "Scan": convert_scan,
    "Swish": convert_swish,
    "TensorScatter": convert_tensor_scatter,
    "Scatter": convert_scatter_elements,
    "Resize": convert_resize,
    "GridSample": convert_grid_sample,
    "AffineGrid": convert_affine_grid,
    "Upsample": convert_upsample,
    "Split": convert_split,
    "Tile": convert_tile,
    "Pad": convert_pad,
    "Trilu": convert_trilu,
    "Range": convert_range,
    "Shape": convert_shape,
    "ConstantOfShape": convert_constant_of_shape,
    "EyeLike": convert_eye_like,
    "Det": convert_det,
    "ReverseSequence": convert_reverse_sequence,
    "Col2Im": convert_col2im,
    "Constant": convert_constant,
    "If": convert_if,
    "CastLike": convert_cast_like,
    "DepthToSpace": convert_depth_to_space,
    "SpaceToDepth": convert_space_to_depth,
    "LpNormalization": convert_lp_normalization,
    "MeanVarianceNormalization": convert_mean_variance_normalization,
    "Hardmax": convert_hardmax,
    "OneHot": convert_one_hot,
    "Compress": convert_compress,
    "Size": convert_size,
    "Einsum": convert_einsum,
    "RNN": convert_recurrent,
    "GRU": convert_recurrent,
    "LSTM": convert_recurrent,
    "DFT": convert_dft,
    "STFT": convert_stft,
    "QuantizeLinear": convert_quantize_linear,
    "DequantizeLinear": convert_dequantize_linear,
    "DynamicQuantizeLinear": convert_dynamic_quantize_linear,
    "MatMulInteger": convert_matmul_integer,
    "ConvInteger": convert_conv_integer,
    "QLinearMatMul": convert_qlinear_matmul,
    "QLinearConv": convert_qlinear_conv,
}
"""The converter of each supported ONNX operator type (default domain): those the gawee
ops declare, and the converters of this module."""
