"""One converter per ONNX operator: it reads its node through the `ImportContext` and
emits the gawee ops of the node's semantics, or fails with the reason.

Each converter checks every attribute it does not carry over and rejects a value it
cannot represent exactly (e.g. `auto_pad = SAME_UPPER` with a stride, which depends on
the input size in a way gawee's static padding can still express, is computed here;
an unknown `auto_pad` is an error), so an imported model is never silently wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from nnstack.dialects import gawee
from nnstack.frontend.onnx.importer import ImportContext

Converter = Callable[[ImportContext], None]


def _ints(values: object, default: Sequence[int]) -> tuple[int, ...]:
    return tuple(int(v) for v in values) if values is not None else tuple(default)  # type: ignore[union-attr]


def _expect_nchw(context: ImportContext, index: int = 0) -> None:
    if len(context.shape(index)) != 4:
        raise context.fail("only 2-D windows over NCHW (rank-4) inputs are supported")


def _window_padding(
    context: ImportContext, kernel: Sequence[int], strides: Sequence[int], dilations: Sequence[int]
) -> tuple[int, int, int, int]:
    """ONNX `pads` [top, left, bottom, right] or `auto_pad` as gawee's 4-value padding."""
    auto_pad = context.attribute("auto_pad", b"NOTSET")
    auto_pad = auto_pad.decode() if isinstance(auto_pad, bytes) else str(auto_pad)
    if auto_pad == "NOTSET":
        top, left, bottom, right = _ints(context.attribute("pads"), (0, 0, 0, 0))
        return (top, left, bottom, right)
    if auto_pad == "VALID":
        return (0, 0, 0, 0)
    if auto_pad in ("SAME_UPPER", "SAME_LOWER"):
        _, _, *spatial = context.shape(0)
        pads: list[tuple[int, int]] = []
        for size, k, s, d in zip(spatial, kernel, strides, dilations):
            out = -(-size // s)
            total = max(0, (out - 1) * s + (k - 1) * d + 1 - size)
            small, large = total // 2, total - total // 2
            pads.append((small, large) if auto_pad == "SAME_UPPER" else (large, small))
        return (pads[0][0], pads[1][0], pads[0][1], pads[1][1])
    raise context.fail(f"auto_pad = {auto_pad} is not supported")


def _reject_attributes(context: ImportContext, **unsupported: object) -> None:
    """Fails if an attribute is present with a value other than its allowed one."""
    for name, allowed in unsupported.items():
        value = context.attribute(name)
        if value is not None and value != allowed:
            raise context.fail(f"attribute {name} = {value!r} is not supported")


def convert_conv(context: ImportContext) -> None:
    _expect_nchw(context)
    kernel = _ints(context.attribute("kernel_shape"), context.shape(1)[2:])
    strides = _ints(context.attribute("strides"), (1, 1))
    dilations = _ints(context.attribute("dilations"), (1, 1))
    padding = _window_padding(context, kernel, strides, dilations)
    bias = context.value(2) if context.has_input(2) else None
    op = gawee.ConvOp(
        context.value(0),
        context.value(1),
        bias,
        strides=strides,
        padding=padding,
        dilation=dilations,
        groups=int(context.attribute("group", 1)),  # type: ignore[arg-type]
    )
    context.define(context.emit(op).results[0])


def convert_max_pool(context: ImportContext) -> None:
    _expect_nchw(context)
    if len(context.node.output) > 1 and context.node.output[1]:
        raise context.fail("the Indices output is not supported")
    _reject_attributes(context, storage_order=0)
    kernel = _ints(context.attribute("kernel_shape"), ())
    strides = _ints(context.attribute("strides"), (1, 1))
    dilations = _ints(context.attribute("dilations"), (1, 1))
    padding = _window_padding(context, kernel, strides, dilations)
    op = gawee.MaxPoolOp(
        context.value(0),
        kernel_size=kernel,
        strides=strides,
        padding=padding,
        dilation=dilations,
        ceil_mode=bool(context.attribute("ceil_mode", 0)),
    )
    context.define(context.emit(op).results[0])


def convert_global_average_pool(context: ImportContext) -> None:
    _expect_nchw(context)
    context.define(context.emit(gawee.AdAvgPoolOp(context.value(0), (1, 1))).results[0])


def convert_batch_normalization(context: ImportContext) -> None:
    if len([o for o in context.node.output if o]) > 1:
        raise context.fail("training mode (running statistics outputs) is not supported")
    _reject_attributes(context, training_mode=0)
    if len(context.shape(0)) < 2:
        raise context.fail("the input must have rank >= 2")
    op = gawee.BatchNormOp(
        *(context.value(i) for i in range(5)),
        eps=float(context.attribute("epsilon", 1e-5)),  # type: ignore[arg-type]
        affine=True,
    )
    context.define(context.emit(op).results[0])


def convert_flatten(context: ImportContext) -> None:
    """ONNX Flatten(axis) is 2-D: dims before `axis` collapse into one, the rest into another."""
    shape = context.shape(0)
    axis = int(context.attribute("axis", 1))  # type: ignore[arg-type]
    axis = axis + len(shape) if axis < 0 else axis
    value = context.value(0)
    if axis == 0:
        # [1, prod(shape)]: flatten everything, then a leading 1 is not expressible with flatten alone
        raise context.fail("axis = 0 is not supported")
    if axis > 1:
        value = context.emit(gawee.FlattenOp(value, 0, axis - 1)).results[0]
    if axis < len(shape):
        value = context.emit(gawee.FlattenOp(value, 1, -1)).results[0]
    context.define(value)


def convert_gemm(context: ImportContext) -> None:
    """Gemm with transA = 0, transB = 1, alpha = beta = 1 is gawee.linear (PyTorch's Linear)."""
    alpha, beta = context.attribute("alpha", 1.0), context.attribute("beta", 1.0)
    trans_a, trans_b = context.attribute("transA", 0), context.attribute("transB", 0)
    if (trans_a, trans_b, alpha, beta) != (0, 1, 1.0, 1.0):
        raise context.fail(
            f"only transA = 0, transB = 1, alpha = beta = 1 is supported (got transA = {trans_a}, "
            f"transB = {trans_b}, alpha = {alpha}, beta = {beta})"
        )
    bias = None
    if context.has_input(2):
        out_features, bias_shape = context.shape(1)[0], context.shape(2)
        if bias_shape != (out_features,):
            raise context.fail(f"C of shape {list(bias_shape)} is not a per-output-feature bias")
        bias = context.value(2)
    op = gawee.LinearOp(context.value(0), context.value(1), bias)
    context.define(context.emit(op).results[0])


def convert_identity(context: ImportContext) -> None:
    """Identity, and Dropout at inference (its mask output unused)."""
    if len([o for o in context.node.output if o]) > 1:
        raise context.fail("the mask output is not supported")
    context.define(context.value(0))


def unary(op: type[gawee.UnaryElementwiseOp]) -> Converter:
    def convert(context: ImportContext) -> None:
        context.define(context.emit(op(context.value(0))).results[0])

    return convert


def binary(op: type[gawee.BroadcastBinaryOp]) -> Converter:
    def convert(context: ImportContext) -> None:
        context.define(context.emit(op(context.value(0), context.value(1))).results[0])

    return convert


def convert_gelu(context: ImportContext) -> None:
    approximate = context.attribute("approximate", b"none")
    approximate = approximate.decode() if isinstance(approximate, bytes) else str(approximate)
    if approximate not in gawee.GeluOp.APPROXIMATIONS:
        raise context.fail(f"approximate = {approximate} is not supported")
    context.define(context.emit(gawee.GeluOp(context.value(0), approximate)).results[0])


def with_parameters(op: type[gawee.LeakyReluOp | gawee.HardSigmoidOp]) -> Converter:
    """A unary op whose float attributes (alpha, beta) keep their ONNX names."""

    def convert(context: ImportContext) -> None:
        parameters = {
            name: float(value)  # type: ignore[arg-type]
            for name in op.DEFAULTS
            if (value := context.attribute(name)) is not None
        }
        context.define(context.emit(op(context.value(0), **parameters)).results[0])

    return convert


def convert_matmul(context: ImportContext) -> None:
    context.define(context.emit(gawee.MatMulOp(context.value(0), context.value(1))).results[0])


def convert_softmax(context: ImportContext) -> None:
    """Softmax from opset 13 normalizes along one axis; before, it flattened to 2-D at `axis`."""
    if context.opset < 13:
        raise context.fail("Softmax before opset 13 (2-D coerced) is not supported")
    axis = int(context.attribute("axis", -1))  # type: ignore[arg-type]
    context.define(context.emit(gawee.SoftmaxOp(context.value(0), axis)).results[0])


def convert_transpose(context: ImportContext) -> None:
    rank = len(context.shape(0))
    perm = _ints(context.attribute("perm"), tuple(reversed(range(rank))))
    context.define(context.emit(gawee.TransposeOp(context.value(0), perm)).results[0])


def convert_reshape(context: ImportContext) -> None:
    """The target shape must be known at import (a constant, or folded shape arithmetic);
    its 0s and -1 are resolved by ONNX's shape inference, whose result type is used."""
    context.constant(1, "the target shape")
    if context.attribute("allowzero", 0):
        raise context.fail("allowzero = 1 is not supported")
    target = context.shapes.get(context.node.output[0])
    if target is None:
        raise context.fail("the output shape is not known statically")
    context.define(context.emit(gawee.ReshapeOp(context.value(0), target)).results[0])


def reduction(op: type[gawee.ReduceOp], axes_input_from: int) -> Converter:
    """ReduceX: axes from the `axes` input (opset >= `axes_input_from`) or attribute,
    which must be known at import; no axes means every dim, unless
    `noop_with_empty_axes`, which makes the node an identity."""

    def convert(context: ImportContext) -> None:
        if context.opset >= axes_input_from:
            axes = tuple(int(a) for a in context.constant(1, "axes")) if context.has_input(1) else ()
        else:
            axes = _ints(context.attribute("axes"), ())
        if not axes:
            if context.attribute("noop_with_empty_axes", 0):
                context.define(context.value(0))
                return
            axes = tuple(range(len(context.shape(0))))
        keep_dims = bool(context.attribute("keepdims", 1))
        context.define(context.emit(op(context.value(0), axes, keep_dims)).results[0])

    return convert


def convert_layer_normalization(context: ImportContext) -> None:
    if len([o for o in context.node.output if o]) > 1:
        raise context.fail("the Mean and InvStdDev outputs are not supported")
    bias = context.value(2) if context.has_input(2) else None
    op = gawee.LayerNormOp(
        context.value(0),
        context.value(1),
        bias,
        axis=int(context.attribute("axis", -1)),  # type: ignore[arg-type]
        epsilon=float(context.attribute("epsilon", 1e-5)),  # type: ignore[arg-type]
    )
    context.define(context.emit(op).results[0])


CONVERTERS: Mapping[str, Converter] = {
    "Conv": convert_conv,
    "MaxPool": convert_max_pool,
    "GlobalAveragePool": convert_global_average_pool,
    "BatchNormalization": convert_batch_normalization,
    "Flatten": convert_flatten,
    "Gemm": convert_gemm,
    "Identity": convert_identity,
    "Dropout": convert_identity,
    "Relu": unary(gawee.ReluOp),
    "Neg": unary(gawee.NegOp),
    "Abs": unary(gawee.AbsOp),
    "Exp": unary(gawee.ExpOp),
    "Log": unary(gawee.LogOp),
    "Sqrt": unary(gawee.SqrtOp),
    "Reciprocal": unary(gawee.ReciprocalOp),
    "Sin": unary(gawee.SinOp),
    "Cos": unary(gawee.CosOp),
    "Tanh": unary(gawee.TanhOp),
    "Sigmoid": unary(gawee.SigmoidOp),
    "Erf": unary(gawee.ErfOp),
    "HardSwish": unary(gawee.HardSwishOp),
    "Gelu": convert_gelu,
    "LeakyRelu": with_parameters(gawee.LeakyReluOp),
    "HardSigmoid": with_parameters(gawee.HardSigmoidOp),
    "Add": binary(gawee.AddOp),
    "Sub": binary(gawee.SubOp),
    "Mul": binary(gawee.MulOp),
    "Div": binary(gawee.DivOp),
    "Pow": binary(gawee.PowOp),
    "MatMul": convert_matmul,
    "Softmax": convert_softmax,
    "Transpose": convert_transpose,
    "Reshape": convert_reshape,
    "ReduceSum": reduction(gawee.ReduceSumOp, axes_input_from=13),
    "ReduceMean": reduction(gawee.ReduceMeanOp, axes_input_from=18),
    "ReduceMax": reduction(gawee.ReduceMaxOp, axes_input_from=18),
    "ReduceMin": reduction(gawee.ReduceMinOp, axes_input_from=18),
    "LayerNormalization": convert_layer_normalization,
}
"""The converter of each supported ONNX operator type (default domain)."""
