"""The converters of the operators that move, select or resize data: Transpose,
Reshape, Gather*, Expand, (Un)squeeze, Concat, Slice, ScatterND, Resize, Upsample,
Split, Tile, Pad, ReverseSequence and Col2Im."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from nnstack.dialects import gawee
from nnstack.dialects.utils import broadcast_shape
from nnstack.frontend.onnx.context import ImportContext


def convert_transpose(context: ImportContext) -> None:
    """Transpose by `perm` (default: the dims reversed)."""
    rank = len(context.shape(0))
    perm = context.ints("perm", tuple(reversed(range(rank))))
    context.define(context.emit(gawee.TransposeOp(context.value(0), perm)).results[0])


def reshape_target(shape: Sequence[int], target: Sequence[int], allow_zero: bool) -> tuple[int, ...] | None:
    """ONNX Reshape's output shape: a 0 copies the input dim (unless `allow_zero`), one
    -1 takes what is left; None where the element counts cannot agree."""
    dims = [shape[i] if d == 0 and not allow_zero and i < len(shape) else d for i, d in enumerate(target)]
    if dims.count(-1) > 1 or any(d < -1 for d in dims):
        return None
    if -1 in dims:
        known = math.prod(d for d in dims if d != -1)
        if known == 0 or math.prod(shape) % known:
            return None
        dims[dims.index(-1)] = math.prod(shape) // known
    return tuple(dims) if math.prod(dims) == math.prod(shape) else None


def convert_reshape(context: ImportContext) -> None:
    """The target shape must be known at import (a constant, or folded shape arithmetic)."""
    target = context.constant(1, "the target shape")
    allow_zero = bool(context.attribute("allowzero", 0))
    shape = reshape_target(context.shape(0), [int(d) for d in target], allow_zero)
    if shape is None:
        raise context.fail(f"cannot reshape {list(context.shape(0))} to {[int(d) for d in target]}")
    context.define(context.emit(gawee.ReshapeOp(context.value(0), shape)).results[0])


def convert_gather(context: ImportContext) -> None:
    """Gather along `axis`, negative indices wrapped."""
    axis = int(context.attribute("axis", 0))  # type: ignore[arg-type]
    context.define(context.emit(gawee.GatherOp(context.value(0), context.value(1), axis)).results[0])


def convert_gather_elements(context: ImportContext) -> None:
    """GatherElements along `axis`, negative indices wrapped."""
    axis = int(context.attribute("axis", 0))  # type: ignore[arg-type]
    op = gawee.GatherElementsOp(context.value(0), context.value(1), axis)
    context.define(context.emit(op).results[0])


def convert_gather_nd(context: ImportContext) -> None:
    batch_dims = int(context.attribute("batch_dims", 0))  # type: ignore[arg-type]
    op = gawee.GatherNDOp(context.value(0), context.value(1), batch_dims)
    context.define(context.emit(op).results[0])


def convert_expand(context: ImportContext) -> None:
    """Expand to a shape known at import (a constant, or folded shape arithmetic)."""
    shape = tuple(int(d) for d in context.constant(1, "the target shape"))
    value = context.value(0)
    if broadcast_shape(context.shape(0), shape) is None:
        raise context.fail(f"input shape {list(context.shape(0))} does not broadcast to {list(shape)}")
    context.define(context.emit(gawee.ExpandOp(value, shape)).results[0])


def _axes(context: ImportContext, input_from: int) -> tuple[int, ...] | None:
    """`axes` from input 1 (opset >= `input_from`) or the attribute; None where absent."""
    if context.opset >= input_from:
        return tuple(int(a) for a in context.constant(1, "axes")) if context.has_input(1) else None
    values = context.attribute("axes")
    return tuple(int(a) for a in values) if values is not None else None


def convert_unsqueeze(context: ImportContext) -> None:
    """Unsqueeze: axes an input from opset 13 (a constant), an attribute before."""
    axes = _axes(context, 13)
    if not axes:
        raise context.fail("axes must be given")
    context.define(context.emit(gawee.UnsqueezeOp(context.value(0), axes)).results[0])


def convert_squeeze(context: ImportContext) -> None:
    """Without axes, every size-1 dim goes."""
    axes = _axes(context, 13)
    if axes is None:
        axes = tuple(d for d, size in enumerate(context.shape(0)) if size == 1)
    if not axes:
        context.define(context.value(0))
        return
    context.define(context.emit(gawee.SqueezeOp(context.value(0), axes)).results[0])


def convert_concat(context: ImportContext) -> None:
    """Concat along `axis` (negative counts from the end)."""
    inputs = [context.value(i) for i in range(len(context.node.input)) if context.has_input(i)]
    axis = int(context.attribute("axis"))  # type: ignore[arg-type]
    context.define(context.emit(gawee.CatOp(inputs, axis)).results[0])


def convert_slice(context: ImportContext) -> None:
    """starts / ends / axes / steps: inputs from opset 10 (constants), attributes before."""
    if context.opset >= 10:
        starts, ends = (
            tuple(int(v) for v in context.constant(i, name)) for i, name in ((1, "starts"), (2, "ends"))
        )
        axes = tuple(int(v) for v in context.constant(3, "axes")) if context.has_input(3) else None
        steps = tuple(int(v) for v in context.constant(4, "steps")) if context.has_input(4) else None
    else:
        starts, ends = context.ints("starts", ()), context.ints("ends", ())
        axes, steps = context.ints("axes", range(len(starts))), None
    axes = axes if axes is not None else tuple(range(len(starts)))
    steps = steps if steps is not None else (1,) * len(starts)
    context.define(context.emit(gawee.SliceOp(context.value(0), starts, ends, axes, steps)).results[0])


def convert_scatter_nd(context: ImportContext) -> None:
    """ScatterND without reduction; i64 indices, negative ones wrapped."""
    reduction = context.string("reduction", "none")
    if reduction not in gawee.ScatterNDOp.REDUCTIONS:
        raise context.fail(f"reduction = {reduction} is not supported")
    op = gawee.ScatterNDOp(context.value(0), context.value(1), context.value(2), reduction)
    context.define(context.emit(op).results[0])


def _resize_target(
    context: ImportContext, scales_input: int
) -> tuple[tuple[int, ...], tuple[float, ...] | None]:
    """The result shape and the given scales (None for sizes) of Resize from its
    constant scales or sizes input (per `axes` from opset 18)."""
    shape = context.shape(0)
    rank = len(shape)
    axes = context.ints("axes", range(rank))
    axes = tuple(a + rank if a < 0 else a for a in axes)
    given = [
        (index, name)
        for index, name in ((scales_input, "scales"), (scales_input + 1, "sizes"))
        if context.has_input(index) and context.constant(index, name).size > 0
    ]
    if len(given) != 1:
        raise context.fail("exactly one of scales and sizes must be given")
    index, name = given[0]
    values = context.constant(index, name).reshape(-1)
    if len(values) != len(axes):
        raise context.fail(f"{name} has {len(values)} values for {len(axes)} axes")
    if name == "sizes":
        sizes = dict(zip(axes, (int(v) for v in values)))
        policy = context.string("keep_aspect_ratio_policy", "stretch")
        if policy == "stretch":
            return tuple(sizes.get(d, size) for d, size in enumerate(shape)), None
        if policy not in ("not_larger", "not_smaller"):
            raise context.fail(f"keep_aspect_ratio_policy = {policy} is not supported")
        # one scale for every axis, the largest (smallest) that keeps within the sizes;
        # the result's sizes rounded half up, as ONNX's definition says
        ratios = [sizes[a] / shape[a] for a in axes]
        scale = min(ratios) if policy == "not_larger" else max(ratios)
        scales = tuple(scale if d in sizes else 1.0 for d in range(rank))
        return tuple(int(scale * n + 0.5) if d in sizes else n for d, n in enumerate(shape)), scales
    by_axis = dict(zip(axes, (float(v) for v in values)))
    scales = tuple(by_axis.get(d, 1.0) for d in range(rank))
    if any(not s > 0 for s in scales):
        raise context.fail(f"scales must be positive, got {list(scales)}")
    return tuple(math.floor(size * s) for size, s in zip(shape, scales)), scales


def _resize_roi(context: ImportContext) -> tuple[float, ...]:
    """tf_crop_and_resize's region (input 1, a constant): the starts, then the ends, of
    every dim, from its values for `axes` (0 and 1 elsewhere)."""
    rank = len(context.shape(0))
    axes = [a + rank if a < 0 else a for a in context.ints("axes", range(rank))]
    if not context.has_input(1):
        raise context.fail("tf_crop_and_resize needs roi")
    values = [float(v) for v in context.constant(1, "roi").reshape(-1)]
    if len(values) != 2 * len(axes):
        raise context.fail(f"roi has {len(values)} values for {len(axes)} axes (a start and an end each)")
    starts, ends = [0.0] * rank, [1.0] * rank
    for i, axis in enumerate(axes):
        starts[axis], ends[axis] = values[i], values[len(axes) + i]
    return (*starts, *ends)


GRID_SAMPLE_MODES = {
    "bilinear": "linear",
    "bicubic": "cubic",
    "linear": "linear",
    "cubic": "cubic",
    "nearest": "nearest",
}
"""GridSample's modes (opset 16's bilinear / bicubic, opset 20's linear / cubic) as gawee's."""


def convert_grid_sample(context: ImportContext) -> None:
    """GridSample (opsets 16 and 20: any number of spatial dims from 20, float inputs):
    modes bilinear / linear, nearest, bicubic / cubic; padding_mode zeros, border,
    reflection; align_corners."""
    mode = context.string("mode", "bilinear" if context.opset < 20 else "linear")
    if mode not in GRID_SAMPLE_MODES:
        raise context.fail(f"mode = {mode} is not supported (only {', '.join(GRID_SAMPLE_MODES)})")
    padding = context.string("padding_mode", "zeros")
    if padding not in gawee.GridSampleOp.PADDING_MODES:
        raise context.fail(f"padding_mode = {padding} is not supported (only zeros, border and reflection)")
    op = gawee.GridSampleOp(
        context.value(0),
        context.value(1),
        mode=GRID_SAMPLE_MODES[mode],
        padding_mode=padding,
        align_corners=bool(context.attribute("align_corners", 0)),
    )
    context.define(context.emit(op).results[0])


def convert_affine_grid(context: ImportContext) -> None:
    """AffineGrid (2-D and 3-D): the size input must be a constant; align_corners."""
    size = [int(v) for v in context.constant(1, "size").reshape(-1)]
    theta = context.shape(0)
    if len(theta) != 3 or len(size) != theta[1] + 2 or size[0] != theta[0]:
        raise context.fail(f"size {size} does not fit theta of shape {list(theta)}")
    align = bool(context.attribute("align_corners", 0))
    context.define(
        context.emit(gawee.AffineGridOp(context.value(0), size[2:], align_corners=align)).results[0]
    )


def convert_resize(context: ImportContext) -> None:
    """Resize from opset 11 (X, roi, scales, sizes): modes nearest, linear and cubic;
    the scales or sizes (and tf_crop_and_resize's roi) must be constants (they make the
    static result type and the coordinates)."""
    if context.opset < 11:
        raise context.fail("Resize before opset 11 (Upsample-style coordinates) is not supported")
    mode = context.string("mode", "nearest")
    if mode not in gawee.ResizeOp.MODES:
        raise context.fail(f"mode = {mode} is not supported (only nearest, linear and cubic)")
    coordinates = context.string("coordinate_transformation_mode", "half_pixel")
    if coordinates not in gawee.ResizeOp.COORDINATE_MODES:
        raise context.fail(f"coordinate_transformation_mode = {coordinates} is not supported")
    nearest = context.string("nearest_mode", "round_prefer_floor")
    if nearest not in gawee.ResizeOp.NEAREST_MODES:
        raise context.fail(f"nearest_mode = {nearest} is not supported")
    shape, scales = _resize_target(context, 2)
    op = gawee.ResizeOp(
        context.value(0),
        shape,
        mode=mode,
        coordinate_transformation_mode=coordinates,
        nearest_mode=nearest,
        cubic_coeff_a=float(context.attribute("cubic_coeff_a", gawee.ResizeOp.CUBIC_COEFF_A)),
        exclude_outside=bool(context.attribute("exclude_outside", 0)),
        antialias=bool(context.attribute("antialias", 0)),
        scales=scales,
        roi=_resize_roi(context) if coordinates == "tf_crop_and_resize" else None,
        extrapolation_value=float(context.attribute("extrapolation_value", 0.0)),
    )
    context.define(context.emit(op).results[0])


def convert_upsample(context: ImportContext) -> None:
    """Upsample (opsets 7 to 9; scales an attribute, then an input): Resize with
    asymmetric coordinates, nearest rounding down."""
    mode = context.string("mode", "nearest")
    if mode not in gawee.ResizeOp.MODES:
        raise context.fail(f"mode = {mode} is not supported")
    if context.opset >= 9:
        scales = tuple(float(v) for v in context.constant(1, "scales").reshape(-1))
    else:
        scales = tuple(float(v) for v in context.attribute("scales", ()))  # type: ignore[union-attr]
    shape = context.shape(0)
    if len(scales) != len(shape) or any(s < 1 for s in scales):
        raise context.fail(f"scales {list(scales)} must be one value >= 1 per dim of {list(shape)}")
    op = gawee.ResizeOp(
        context.value(0),
        [math.floor(size * s) for size, s in zip(shape, scales)],
        mode=mode,
        coordinate_transformation_mode="asymmetric",
        nearest_mode="floor",
        scales=scales,
    )
    context.define(context.emit(op).results[0])


def convert_split(context: ImportContext) -> None:
    """Split: the sizes from the `split` input (opset >= 13, a constant) or attribute;
    without them, equal pieces, one per output (`num_outputs`, opset >= 18), the last
    smaller where the dim does not divide."""
    shape, axis = context.shape(0), int(context.attribute("axis", 0))  # type: ignore[arg-type]
    if not -len(shape) <= axis < len(shape):
        raise context.fail(f"axis {axis} is out of range for rank {len(shape)}")
    if context.opset >= 13:
        sizes = tuple(int(v) for v in context.constant(1, "split")) if context.has_input(1) else ()
    else:
        sizes = context.ints("split", ())
    outputs = len(context.node.output)
    if not sizes:
        count = int(context.attribute("num_outputs", outputs))  # type: ignore[arg-type]
        if count != outputs:
            raise context.fail(f"num_outputs = {count}, but the node has {outputs} outputs")
        size = shape[axis]
        chunk = -(-size // count)
        sizes = (chunk,) * (count - 1) + (size - chunk * (count - 1),)
    context.define(*context.emit(gawee.SplitOp(context.value(0), sizes, axis)).results)


def convert_tile(context: ImportContext) -> None:
    """Tile by repeats known at import."""
    repeats = tuple(int(v) for v in context.constant(1, "repeats"))
    context.define(context.emit(gawee.TileOp(context.value(0), repeats)).results[0])


def _pad_value(context: ImportContext, value: object) -> float:
    """The constant of constant mode as gawee's f64 `constantValue`, which must hold
    it exactly (an integer beyond 2^53 does not fit)."""
    number = float(value)  # type: ignore[arg-type]
    if isinstance(value, np.integer | int) and int(number) != int(value):
        raise context.fail(f"constant_value {value} is not exactly representable as an f64")
    return number


def convert_pad(context: ImportContext) -> None:
    """Pad: `pads` (and the constant) are attributes before opset 11, constant inputs
    from 11; opset 18's `axes` input names the dims the pads are for."""
    rank = len(context.shape(0))
    if context.opset < 11:
        pads = tuple(int(p) for p in context.attribute("pads", context.attribute("paddings")) or ())
        value = _pad_value(context, context.attribute("value", 0.0))
    else:
        pads = tuple(int(v) for v in context.constant(1, "pads"))
        value = _pad_value(context, context.scalar(2, "constant_value")) if context.has_input(2) else 0.0
        if context.has_input(3):
            axes = gawee.normalized_axes([int(a) for a in context.constant(3, "axes")], rank)
            if axes is None or len(pads) != 2 * len(axes):
                raise context.fail(f"axes must name distinct dims, one per pair of pads ({list(pads)})")
            full = [0] * (2 * rank)
            for i, axis in enumerate(axes):
                full[axis], full[rank + axis] = pads[i], pads[len(axes) + i]
            pads = tuple(full)
    mode = context.string("mode", "constant")
    if mode not in gawee.PadOp.MODES:
        raise context.fail(f"mode = {mode} is not supported")
    context.define(context.emit(gawee.PadOp(context.value(0), pads, mode, value)).results[0])


def convert_reverse_sequence(context: ImportContext) -> None:
    """`gawee.reverse_sequence`: `batch_axis` (default 1) and `time_axis` (default 0); the
    lengths may be a run-time input."""
    time = int(context.attribute("time_axis", 0))  # type: ignore[arg-type]
    batch = int(context.attribute("batch_axis", 1))  # type: ignore[arg-type]
    op = gawee.ReverseSequenceOp(context.value(0), context.value(1), time, batch)
    context.define(context.emit_value(op))


def convert_col2im(context: ImportContext) -> None:
    """`gawee.col2im`: image_shape and block_shape must be constants (they make the static
    result type); strides, pads and dilations."""
    image = [int(v) for v in context.constant(1, "image_shape").reshape(-1)]
    block = [int(v) for v in context.constant(2, "block_shape").reshape(-1)]
    if len(block) != len(image):
        raise context.fail(f"image_shape {image} and block_shape {block} must have one value per spatial dim")
    rank = len(image)
    strides, pads, dilations = (
        context.ints(name, [default] * n)
        for name, default, n in (("strides", 1, rank), ("pads", 0, 2 * rank), ("dilations", 1, rank))
    )
    op = gawee.Col2ImOp(context.value(0), image, block, strides, pads, dilations)
    context.define(context.emit_value(op))
