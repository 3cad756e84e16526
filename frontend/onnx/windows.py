"""Converters of the ONNX operators over sliding windows: Conv, ConvTranspose, MaxPool, AveragePool,
LpPool (1-D, 2-D and 3-D), GlobalLpPool, GlobalAveragePool, GlobalMaxPool and LRN, with ONNX's padding
rules (`pads` or `auto_pad`) resolved to gawee's static padding."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntegerType, f32, f64
from xdsl.ir import Attribute, SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.utils import element_type, tensor_shape
from nnstack.frontend.onnx.context import ImportContext


def _expect_nchw(context: ImportContext, index: int = 0) -> None:
    if len(context.shape(index)) != 4:
        raise context.fail(f"only NCHW (rank-4) inputs are supported, got rank {len(context.shape(index))}")


def _expect_windowed(context: ImportContext) -> int:
    """The number of spatial dims of a Conv / MaxPool / AveragePool input: 1, 2 or 3."""
    rank = len(context.shape(0))
    if rank not in (3, 4, 5):
        raise context.fail(
            f"only 1-, 2- and 3-D windows (inputs of rank 3, 4 or 5) are supported, got rank {rank}"
        )
    return rank - 2


def _expect_window_lengths(context: ImportContext, **attributes: Sequence[int]) -> None:
    """Each window attribute has one value per spatial dim (`pads` two)."""
    spatial = len(context.shape(0)) - 2
    for name, values in attributes.items():
        expected = 2 * spatial if name == "pads" else spatial
        if len(values) != expected:
            raise context.fail(f"{name} {list(values)} must have {expected} values for a {spatial}-D window")


def _window_padding(
    context: ImportContext, kernel: Sequence[int], strides: Sequence[int], dilations: Sequence[int]
) -> tuple[int, ...]:
    """ONNX `pads` (the begins, then the ends) or `auto_pad` as gawee's padding of as
    many values (2-D: [top, left, bottom, right])."""
    auto_pad = context.string("auto_pad", "NOTSET")
    spatial = context.shape(0)[2:]
    if auto_pad == "NOTSET":
        return context.ints("pads", (0,) * (2 * len(spatial)))
    if auto_pad == "VALID":
        return (0,) * (2 * len(spatial))
    if auto_pad in ("SAME_UPPER", "SAME_LOWER"):
        pads: list[tuple[int, int]] = []
        for size, k, s, d in zip(spatial, kernel, strides, dilations):
            out = -(-size // s)
            total = max(0, (out - 1) * s + (k - 1) * d + 1 - size)
            small, large = total // 2, total - total // 2
            pads.append((small, large) if auto_pad == "SAME_UPPER" else (large, small))
        return (*(begin for begin, _ in pads), *(end for _, end in pads))
    raise context.fail(f"auto_pad = {auto_pad} is not supported")


def conv_op(context: ImportContext, input: SSAValue, weight: SSAValue, bias: SSAValue | None) -> gawee.ConvOp:
    """The `gawee.conv` of `input` and `weight` with the node's window attributes
    (strides, pads or auto_pad, dilations, group): Conv's, ConvInteger's and QLinearConv's."""
    ones = (1,) * _expect_windowed(context)
    kernel = context.ints("kernel_shape", tensor_shape(weight)[2:])
    strides = context.ints("strides", ones)
    dilations = context.ints("dilations", ones)
    padding = _window_padding(context, kernel, strides, dilations)
    _expect_window_lengths(context, kernel_shape=kernel, strides=strides, dilations=dilations, pads=padding)
    return gawee.ConvOp(
        input,
        weight,
        bias,
        strides=strides,
        padding=padding,
        dilation=dilations,
        groups=int(context.attribute("group", 1)),  # type: ignore[arg-type]
    )


def convert_conv(context: ImportContext) -> None:
    """Conv, 1-D, 2-D or 3-D ([N, C, W], NCHW, NCDHW): strides, pads or auto_pad, dilations, group; an optional bias."""
    bias = context.value(2) if context.has_input(2) else None
    op = conv_op(context, context.value(0), context.value(1), bias)
    context.define(context.emit(op).results[0])


def _transposed_padding(
    context: ImportContext,
    kernel: Sequence[int],
    strides: Sequence[int],
    dilations: Sequence[int],
    extra: Sequence[int],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """ConvTranspose's padding (begins, then ends) and output padding: `pads`, or, with
    `output_shape` or `auto_pad` SAME_UPPER / SAME_LOWER (target: input size * stride),
    the total padding that gives the target, split as ONNX's spec splits it (SAME_UPPER
    the smaller half first, otherwise the larger; ONNX Runtime too); an output larger
    than the full one (a negative total) grows at the end."""
    auto_pad = context.string("auto_pad", "NOTSET")
    spatial = context.shape(0)[2:]
    target = context.ints("output_shape", ())
    if auto_pad not in ("NOTSET", "VALID", "SAME_UPPER", "SAME_LOWER"):
        raise context.fail(f"auto_pad = {auto_pad} is not supported")
    if not target and auto_pad not in ("SAME_UPPER", "SAME_LOWER"):
        default = (0,) * (2 * len(spatial))
        return (context.ints("pads", default) if auto_pad == "NOTSET" else default), tuple(extra)
    _expect_window_lengths(context, output_shape=target or spatial)
    target = target or tuple(size * s for size, s in zip(spatial, strides))
    begins, ends, grown = [], [], list(extra)
    for i, (size, k, s, d, out) in enumerate(zip(spatial, kernel, strides, dilations, target)):
        total = s * (size - 1) + extra[i] + (k - 1) * d + 1 - out
        begin = total // 2 if auto_pad == "SAME_UPPER" else total - total // 2
        if begin < 0:
            raise context.fail(
                f"output_shape {list(target)} with auto_pad = {auto_pad} grows the output at its begin: not supported"
            )
        begins.append(begin)
        ends.append(max(total - begin, 0))
        grown[i] += max(begin - total, 0)
    return (*begins, *ends), tuple(grown)


def convert_conv_transpose(context: ImportContext) -> None:
    """ConvTranspose, 1-D, 2-D or 3-D: strides, pads or auto_pad, dilations, group, output_padding, output_shape
    (not where it grows the output at its begin); an optional bias."""
    spatial = _expect_windowed(context)
    ones, zeros = (1,) * spatial, (0,) * spatial
    kernel = context.shape(1)[2:]
    if context.ints("kernel_shape", kernel) != kernel:
        raise context.fail(
            f"kernel_shape {list(context.ints('kernel_shape', kernel))} is not the weight's {list(kernel)}"
        )
    strides = context.ints("strides", ones)
    dilations = context.ints("dilations", ones)
    extra = context.ints("output_padding", zeros)
    _expect_window_lengths(context, strides=strides, dilations=dilations, output_padding=extra)
    padding, extra = _transposed_padding(context, kernel, strides, dilations, extra)
    _expect_window_lengths(context, pads=padding)
    op = gawee.ConvTransposeOp(
        context.value(0),
        context.value(1),
        context.value(2) if context.has_input(2) else None,
        strides=strides,
        padding=padding,
        dilation=dilations,
        output_padding=extra,
        groups=int(context.attribute("group", 1)),  # type: ignore[arg-type]
    )
    context.define(context.emit(op).results[0])


def _pool_window(context: ImportContext) -> gawee.PoolWindow:
    """The window of MaxPool / AveragePool / LpPool as the gawee builders' keyword arguments."""
    ones = (1,) * _expect_windowed(context)
    kernel = context.ints("kernel_shape", ())
    strides = context.ints("strides", ones)
    dilations = context.ints("dilations", ones)
    padding = _window_padding(context, kernel, strides, dilations)
    _expect_window_lengths(context, kernel_shape=kernel, strides=strides, dilations=dilations, pads=padding)
    return {
        "kernel_size": kernel,
        "strides": strides,
        "padding": padding,
        "dilation": dilations,
        "ceil_mode": bool(context.attribute("ceil_mode", 0)),
    }


def convert_max_pool(context: ImportContext) -> None:
    """MaxPool, 1-D, 2-D or 3-D: kernel, strides, pads or auto_pad, dilations, ceil_mode; the
    Indices output (storage_order 0 or 1) as `gawee.max_pool_with_indices`. An integer
    input (int8 and uint8 from opset 12) is pooled in a float type that holds every value
    exactly (f32 up to 16 bits, f64 for 32) and cast back: a window's maximum is one of its
    elements, so the result is exact."""
    window = _pool_window(context)
    x = context.value(0)
    element = element_type(x)
    wide = _EXACT_FLOAT.get(element.width.data) if isinstance(element, IntegerType) else None
    if wide is not None:
        x = context.emit_value(gawee.CastOp(x, wide))
    if len(context.node.output) < 2 or not context.node.output[1]:
        pooled = context.emit_value(gawee.MaxPoolOp(x, **window))
        context.define(pooled if wide is None else context.emit_value(gawee.CastOp(pooled, element)))
        return
    order = int(context.attribute("storage_order", 0))  # type: ignore[arg-type]
    if order not in (0, 1):
        raise context.fail(f"storage_order must be 0 or 1, got {order}")
    pooled, indices = context.emit(gawee.MaxPoolWithIndicesOp(x, storage_order=order, **window)).results
    context.define(pooled if wide is None else context.emit_value(gawee.CastOp(pooled, element)), indices)


_EXACT_FLOAT: dict[int, Attribute] = {8: f32, 16: f32, 32: f64}
"""The float type that holds every integer of a width exactly (not i1: no max_pool of masks)."""


def convert_max_unpool(context: ImportContext) -> None:
    """MaxUnpool, 1-D, 2-D or 3-D: kernel_shape, strides, pads; the output_shape input must
    be a constant; the indices are read in the unpooled shape (onnx's reference and its
    conformance cases; ONNX Runtime reads them in output_shape)."""
    ones = (1,) * _expect_windowed(context)
    kernel = context.ints("kernel_shape", ())
    strides = context.ints("strides", ones)
    pads = context.ints("pads", (0,) * 2 * len(ones))
    _expect_window_lengths(context, kernel_shape=kernel, strides=strides, pads=pads)
    shape = None
    if context.has_input(2):
        shape = tuple(int(v) for v in context.constant(2, "output_shape").reshape(-1))
    op = gawee.MaxUnpoolOp(
        context.value(0),
        context.value(1),
        kernel_size=kernel,
        strides=strides,
        padding=pads,
        output_shape=shape,
    )
    context.define(context.emit(op).results[0])


def convert_average_pool(context: ImportContext) -> None:
    """AveragePool, 1-D, 2-D or 3-D: kernel, strides, pads or auto_pad, dilations, ceil_mode, count_include_pad."""
    count_include_pad = bool(context.attribute("count_include_pad", 0))
    op = gawee.AveragePoolOp(context.value(0), **_pool_window(context), count_include_pad=count_include_pad)
    context.define(context.emit(op).results[0])


def convert_lp_pool(context: ImportContext) -> None:
    """LpPool, 1-D, 2-D or 3-D: kernel, strides, pads or auto_pad, dilations, ceil_mode, p (2);
    padding counts as zeros; a ceil-mode window past the padding sums the taps it has, as
    ONNX Runtime does (onnx's reference scales their average to the whole window)."""
    p = int(context.attribute("p", 2))  # type: ignore[arg-type]
    context.define(context.emit(gawee.LpPoolOp(context.value(0), p=p, **_pool_window(context))).results[0])


def convert_global_lp_pool(context: ImportContext) -> None:
    """GlobalLpPool, 1-D, 2-D or 3-D: an LpPool whose window is the whole spatial extent, p (2)."""
    spatial = context.shape(0)[2:]
    if not 1 <= len(spatial) <= 3:
        raise context.fail(f"a rank-{len(spatial) + 2} input: GlobalLpPool is supported on rank 3 to 5")
    p = int(context.attribute("p", 2))  # type: ignore[arg-type]
    ones = (1,) * len(spatial)
    window: gawee.PoolWindow = {
        "kernel_size": spatial,
        "strides": ones,
        "padding": (0,) * 2 * len(spatial),
        "dilation": ones,
        "ceil_mode": False,
    }
    context.define(context.emit(gawee.LpPoolOp(context.value(0), p=p, **window)).results[0])


def convert_global_average_pool(context: ImportContext) -> None:
    """GlobalAveragePool, any rank >= 3."""
    context.define(context.emit(gawee.GlobalAveragePoolOp(context.value(0))).results[0])


def convert_global_max_pool(context: ImportContext) -> None:
    """GlobalMaxPool, any rank >= 3."""
    context.define(context.emit(gawee.GlobalMaxPoolOp(context.value(0))).results[0])


def convert_lrn(context: ImportContext) -> None:
    """LRN on NCHW (size, alpha, beta, bias; an even size has ONNX's window)."""
    _expect_nchw(context)
    parameters = {
        name: float(value)  # type: ignore[arg-type]
        for name in ("alpha", "beta", "bias")
        if (value := context.attribute(name)) is not None
    }
    size = context.attribute("size")
    if size is None:
        raise context.fail("the attribute size is required")
    op = gawee.LrnOp(context.value(0), int(size), **parameters)  # type: ignore[arg-type]
    context.define(context.emit(op).results[0])
