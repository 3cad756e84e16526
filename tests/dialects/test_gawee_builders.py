"""The Python builders of gawee ops (used by the ONNX importer and the lowerings'
tests) against the ops' documented semantics: each built op verifies, and its result
types and attributes are those the op's textual form would spell, defaults left out."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from xdsl.dialects.builtin import BoolAttr, IntegerAttr, TensorType, f16, f32, i64
from xdsl.ir import Block, Operation, SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.gawee.resize import ResizedAxis, _NumpyArithmetic


def arguments(*shapes: tuple[int, ...]) -> tuple[SSAValue, ...]:
    return Block(arg_types=[TensorType(f32, shape) for shape in shapes]).args


def built(op: Operation) -> Operation:
    """`op` verified; returned for its result types and attributes."""
    op.verify()
    return op


def shapes(op: Operation) -> list[tuple[int, ...]]:
    return [r.type.get_shape() for r in op.results]


def test_pad_defaults_to_a_constant_zero_pad():
    """Without a mode or value the pad is ONNX's default constant 0 pad, which the op
    spells by leaving both attributes out."""
    (x,) = arguments((2, 3))
    pad = built(gawee.PadOp(x, [1, 0, 0, 2]))
    assert shapes(pad) == [(3, 5)]
    assert set(pad.attributes) == {"pads"}
    assert (pad.padding_mode, pad.value) == ("constant", 0.0)


def test_slice_builder_clamps_and_steps():
    """gawee.slice's builder gives the shape ONNX Slice gives: negative axes, starts and
    ends count from the end, ends past the dim are clamped, negative steps walk back."""
    (x,) = arguments((4, 5, 6))
    op = built(gawee.SliceOp(x, [1, -1], [100, -6], [-1, 0], [2, -1]))
    assert shapes(op) == [(4, 5, 3)]
    assert [list(r) for r in op.ranges()] == [[3, 2, 1, 0], [0, 1, 2, 3, 4], [1, 3, 5]]
    assert (op.array("starts"), op.array("ends"), op.array("axes"), op.array("steps")) == (
        (1, -1),
        (100, -6),
        (-1, 0),
        (2, -1),
    )


def test_unsqueeze_builder_keeps_its_axes():
    (x,) = arguments((2, 3))
    op = built(gawee.UnsqueezeOp(x, [0, -1]))
    assert shapes(op) == [(1, 2, 3, 1)]
    assert op.array("axes") == (0, -1)


@pytest.mark.parametrize("count_include_pad", [False, True])
def test_average_pool_divisors_are_torchs_tap_counts(count_include_pad: bool):
    """gawee.average_pool's divisor of a window (the product of its H and W tap counts)
    is what torch divides by: the window's real taps, or its padded area with
    countIncludePad. A kernel of different height and width tells H from W."""
    (x,) = arguments((1, 1, 5, 4))
    kernel, strides, padding = (3, 2), (2, 1), (1, 0)
    op = built(
        gawee.AveragePoolOp(
            x, kernel_size=kernel, strides=strides, padding=padding, count_include_pad=count_include_pad
        )
    )
    ones = torch.ones(1, 1, 5, 4, dtype=torch.float64)
    taps = F.avg_pool2d(
        ones, kernel, strides, padding, count_include_pad=count_include_pad, divisor_override=1
    )
    if count_include_pad:  # the padded area, whatever the window holds
        taps = torch.full_like(taps, kernel[0] * kernel[1])
    along_h, along_w = op.divisors()
    assert shapes(op) == [tuple(taps.shape)]
    np.testing.assert_array_equal(np.outer(along_h, along_w), taps[0, 0].numpy())


@pytest.mark.parametrize("keep_dims", [True, False])
def test_reduce_builder(keep_dims: bool):
    """gawee.reduce_mean over negative and positive axes keeps the input's element type and
    drops (or keeps as 1) the reduced dims, as ONNX ReduceMean."""
    x = Block(arg_types=[TensorType(f16, [2, 3, 4])]).args[0]
    op = built(gawee.ReduceMeanOp(x, [-1, 0], keep_dims))
    assert op.results[0].type == TensorType(f16, [1, 3, 1] if keep_dims else [3])
    assert (op.array("axes"), op.reduced_axes) == ((-1, 0), (0, 2))


def onnx_source(mode: str, y: np.ndarray, size: int, out: int, scale: float) -> np.ndarray:
    """ONNX Resize's coordinate transformation of output indices `y` (the operator's
    formulas, length_resized = size * scale)."""
    length = size * scale
    if mode == "asymmetric":
        return y / scale
    if mode == "align_corners":
        return np.zeros_like(y) if length == 1 else y * (size - 1) / (length - 1)
    centered = (y + 0.5) / scale - 0.5
    if mode == "half_pixel_symmetric":
        return size / 2 * (1 - out / length) + centered
    return centered


@pytest.mark.parametrize("mode", ["half_pixel", "half_pixel_symmetric", "asymmetric", "align_corners"])
@pytest.mark.parametrize(("size", "out", "scale"), [(4, 7, 1.75), (3, 2, 0.6), (2, 1, 0.5), (5, 2, 0.5)])
def test_resize_source_coordinates_are_onnxs(mode: str, size: int, out: int, scale: float):
    """The source coordinate of each output index under each coordinate mode, against
    ONNX's formulas; a resized length of 1 (align_corners' special case) included."""
    axis = ResizedAxis(size, out, scale, size * scale)
    y = np.arange(out, dtype=np.float64)
    got = axis.source(mode, y, _NumpyArithmetic())
    np.testing.assert_allclose(got, onnx_source(mode, y, size, out, scale), rtol=1e-12, atol=1e-12)


def test_resize_builder_leaves_the_defaults_out():
    """A resize built with ONNX's defaults (nearest, half_pixel, round_prefer_floor) sets
    none of the mode attributes; given scales are kept as f64."""
    (x,) = arguments((1, 1, 2, 3))
    op = built(gawee.ResizeOp(x, (1, 1, 4, 6)))
    assert shapes(op) == [(1, 1, 4, 6)] and set(op.attributes) == set()
    scaled = built(gawee.ResizeOp(x, (1, 1, 4, 6), mode="linear", scales=(1, 1, 2, 2)))
    assert set(scaled.attributes) == {"mode", "scales"}
    assert tuple(scaled.attributes["scales"].get_values()) == (1.0, 1.0, 2.0, 2.0)


@pytest.mark.parametrize(("largest", "sorted"), [(True, True), (False, False)])
def test_topk_builder(largest: bool, sorted: bool):
    """gawee.topk's builder gives the values (input's element type) and i64 indices of k
    elements along the axis, and spells largest / sorted only when false."""
    x = Block(arg_types=[TensorType(f16, [3, 5])]).args[0]
    op = built(gawee.TopKOp(x, 2, 0, largest=largest, sorted=sorted))
    assert op.operands[0] is x
    assert [r.type for r in op.results] == [TensorType(f16, [2, 5]), TensorType(i64, [2, 5])]
    assert (op.count, op.axis, op.normalized_axis, op.is_largest) == (2, IntegerAttr(0, i64), 0, largest)
    assert ("sorted" in op.attributes) == (not sorted)
    if not sorted:
        assert op.attributes["sorted"] == BoolAttr.from_bool(False)


def test_scatter_nd_builder_defaults_to_no_reduction():
    data, updates = arguments((4, 3), (2, 3))
    indices = Block(arg_types=[TensorType(i64, [2, 1])]).args[0]
    plain = built(gawee.ScatterNDOp(data, indices, updates))
    assert shapes(plain) == [(4, 3)] and set(plain.attributes) == set()
    assert plain.reduction_kind == "none"
    summed = built(gawee.ScatterNDOp(data, indices, updates, "add"))
    assert summed.reduction_kind == "add"


def test_reshape_and_transpose_builders():
    (x,) = arguments((2, 3, 4))
    reshape = built(gawee.ReshapeOp(x, [4, 6]))
    assert reshape.operands[0] is x and shapes(reshape) == [(4, 6)]
    transpose = built(gawee.TransposeOp(x, [2, 0, 1]))
    assert transpose.operands[0] is x and shapes(transpose) == [(4, 2, 3)]
    assert transpose.array("perm") == (2, 0, 1)
