"""gawee.topk, gawee.scatter_nd and gawee.resize against ONNX's reference evaluator
(TopK, ScatterND, Resize) and PyTorch (torch.topk, torch.nn.functional.interpolate),
at gawee, linalg and mir level."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from levels import run_at_levels
from onnx import helper, numpy_helper
from onnx.reference import ReferenceEvaluator
from onnx_checks import one_op_program, onnx_outputs
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import run


def run_levels(op_text: str, inputs: list[np.ndarray], results: list[np.ndarray]) -> list[list[np.ndarray]]:
    """The results of `gawee.<op_text>` on `inputs` at gawee level and after
    convert-gawee-to-linalg and convert-gawee-to-mir; result types from
    `results`."""
    text = one_op_program(op_text, inputs, results)
    return [list(results) for results in run_at_levels(text, *inputs).values()]


def check(op_text: str, inputs: list[np.ndarray], expected: list[np.ndarray], tolerance: float = 0.0) -> None:
    """Every level gives `expected` (dtype, shape and values; floats within `tolerance`
    relative to the largest expected magnitude)."""
    for level in run_levels(op_text, inputs, expected):
        for got, want in zip(level, expected, strict=True):
            assert got.dtype == want.dtype and got.shape == want.shape
            if tolerance:
                scale = max(1.0, float(np.max(np.abs(want))))
                np.testing.assert_allclose(got, want, rtol=0, atol=tolerance * scale)
            else:
                np.testing.assert_array_equal(got, want)


def few_values(shape: tuple[int, ...], dtype: type, seed: int = 0) -> np.ndarray:
    """Few distinct values, so ties are common."""
    return np.random.default_rng(seed).integers(-3, 4, shape).astype(dtype)


# ---------------------------------------------------------------------------
# topk
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.float64, np.int64, np.int32, np.int8])
@pytest.mark.parametrize("largest", [True, False])
@pytest.mark.parametrize(
    ("shape", "k", "axis"),
    [((3, 7), 3, -1), ((3, 7), 7, 1), ((5, 2, 3), 2, 0), ((2, 6, 3), 1, -2), ((9,), 4, 0)],
    ids=["last", "all", "first", "middle-k1", "vector"],
)
def test_topk_matches_onnx_with_ties(shape, k, axis, largest, dtype):
    """Equal values keep the lower index first (ONNX's rule), for largest and smallest."""
    x = few_values(shape, dtype)
    expected = onnx_outputs("TopK", [x], {"k": np.array([k], np.int64)}, 2, axis=axis, largest=int(largest))
    check(f"topk {{operands}} k = {k} axis = {axis} largest = {str(largest).lower()}", [x], expected)


def test_topk_of_distinct_values_matches_torch():
    x = np.random.default_rng(3).standard_normal((4, 10)).astype(np.float32)
    values, indices = torch.topk(torch.from_numpy(x), 4, dim=1)
    check("topk {operands} k = 4 axis = 1", [x], [values.numpy(), indices.numpy()])


@pytest.mark.parametrize("largest", [True, False])
def test_topk_nan_is_the_largest_value(largest):
    """NaN ranks above every number, as in numpy's sort, ONNX's reference and torch.topk."""
    x = np.array([[1.0, np.nan, -np.inf, 3.0, np.inf, 0.0, -0.0, 3.0]], np.float32)
    expected = onnx_outputs("TopK", [x], {"k": np.array([8], np.int64)}, 2, axis=1, largest=int(largest))
    values, indices = torch.topk(torch.from_numpy(x), 8, dim=1, largest=largest, sorted=True)
    np.testing.assert_array_equal(expected[0], values.numpy())
    assert (expected[1][0, 0] == 1) == largest and (expected[1][0, -1] == 1) != largest
    check(f"topk {{operands}} k = 8 axis = 1 largest = {str(largest).lower()}", [x], expected)


# ---------------------------------------------------------------------------
# scatter_nd
# ---------------------------------------------------------------------------

SCATTER_CASES = {
    # data shape, indices (depth = last dim), whether indices repeat
    "rows": ((5, 3), np.array([[3], [0], [-1]])),
    "elements": ((4, 3), np.array([[1, 2], [-4, 0], [3, -1]])),
    "single-index": ((4, 2, 3), np.array([2, 1])),
    "batched-slices": ((4, 4, 4), np.array([[[0], [2]], [[1], [3]]])),
    "full-depth-batched": ((2, 3), np.array([[[0, 0], [1, 2]], [[1, 0], [0, 2]]])),
}


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.float16])
@pytest.mark.parametrize("case", SCATTER_CASES)
def test_scatter_nd_matches_onnx(case, dtype):
    shape, indices = SCATTER_CASES[case]
    data = few_values(shape, dtype, 1)
    updates = few_values((*indices.shape[:-1], *shape[indices.shape[-1] :]), dtype, 2)
    # ONNX's reference indexes numpy arrays, so it takes the negative indices as they are
    expected = onnx_outputs("ScatterND", [data, indices, updates], {})
    check("scatter_nd {operands}", [data, indices, updates], expected)


@pytest.mark.parametrize("reduction", ["add", "mul", "max", "min"])
@pytest.mark.parametrize("dtype", [np.float32, np.int32])
@pytest.mark.parametrize("depth", [1, 2])
def test_scatter_nd_reductions_combine_repeated_indices(reduction, dtype, depth):
    data = few_values((3, 4), dtype, 3)
    indices = np.array([[1, 2], [0, 0], [1, 2], [-2, 2]])[:, :depth]
    updates = few_values((4, *data.shape[depth:]), dtype, 4)
    expected = onnx_outputs("ScatterND", [data, indices, updates], {}, reduction=reduction)
    check(f'scatter_nd {{operands}} reduction = "{reduction}"', [data, indices, updates], expected)


def test_scatter_nd_on_masks():
    data = np.zeros((3, 2), np.bool_)
    indices, updates = np.array([[2], [0]]), np.array([[True, False], [False, True]])
    check(
        "scatter_nd {operands}",
        [data, indices, updates],
        onnx_outputs("ScatterND", [data, indices, updates], {}),
    )


SCATTER_ROWS = (
    "func.func @main(%d: tensor<4xf32>, %i: tensor<2x1xi64>, %u: tensor<2xf32>) -> tensor<4xf32> {\n"
    "  %0 = gawee.scatter_nd %d, %i, %u : (tensor<4xf32>, tensor<2x1xi64>, tensor<2xf32>) -> tensor<4xf32>\n"
    "  func.return %0 : tensor<4xf32>\n}\n"
)


@pytest.mark.parametrize("index", [-5, 4])
def test_scatter_nd_out_of_range_is_an_error(index):
    arrays = (np.zeros(4, np.float32), np.array([[1], [index]]), np.ones(2, np.float32))
    with pytest.raises(
        InterpretationError, match=f"gawee.scatter_nd: index {index} is out of range for dim 0 of size 4"
    ):
        run(SCATTER_ROWS, "main", *arrays)


@pytest.mark.parametrize("indices", [[[2], [2]], [[2], [-2]]])
def test_scatter_nd_repeated_rows_last_wins(indices):
    """ONNX leaves repeated indices without a reduction undefined; nnstack applies the
    updates in order (a row given as -2 and 2 is the same row)."""
    data, updates = np.zeros(4, np.float32), np.array([5.0, 7.0], np.float32)
    (result,) = run(SCATTER_ROWS, "main", data, np.array(indices), updates)
    np.testing.assert_array_equal(result, [0, 0, 7, 0])


# ---------------------------------------------------------------------------
# resize
# ---------------------------------------------------------------------------

COORDINATE_MODES = ["half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric", "half_pixel_symmetric"]
NEAREST_MODES = ["round_prefer_floor", "round_prefer_ceil", "floor", "ceil"]


def f32_list(values) -> str:
    """ONNX's float32 values as gawee's f64 array elements."""
    return f"[{', '.join(repr(float(np.float32(v))) for v in values)}]"


def resize_text(
    mode: str, coordinates: str, nearest: str = "round_prefer_floor", scales=None, roi=None, **extra: str
) -> str:
    """`extra`: more attributes in gawee's syntax (cubicCoeffA, excludeOutside, antialias,
    extrapolationValue)."""
    text = f'resize {{operands}} mode = "{mode}" coordinateTransformationMode = "{coordinates}" nearestMode = "{nearest}"'
    text += "".join(
        f" {name} = {extra[name]}" for name in ("cubicCoeffA", "excludeOutside", "antialias") if name in extra
    )
    if scales is not None:  # ONNX's scales are float32
        text += f" scales = {f32_list(scales)}"
    if roi is not None:
        text += f" roi = {f32_list(roi)}"
    if "extrapolationValue" in extra:
        text += f" extrapolationValue = {extra['extrapolationValue']}"
    return text


def onnx_resize(x: np.ndarray, scales=None, sizes=None, roi=None, **attributes) -> np.ndarray:
    """ONNX Resize (opset 21) of `x` to constant `scales` or `sizes` (and `roi`)."""
    if scales is not None:
        inputs, constants = ["x", "", "scales"], {"scales": np.array(scales, np.float32)}
    else:
        inputs, constants = ["x", "", "", "sizes"], {"sizes": np.array(sizes, np.int64)}
    if roi is not None:
        inputs[1], constants["roi"] = "roi", np.array(roi, np.float32)
    graph = helper.make_graph(
        [helper.make_node("Resize", inputs, ["y"], **attributes)],
        "g",
        [helper.make_tensor_value_info("x", helper.np_dtype_to_tensor_dtype(x.dtype), x.shape)],
        [helper.make_empty_tensor_value_info("y")],
        [numpy_helper.from_array(v, n) for n, v in constants.items()],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
    return ReferenceEvaluator(model).run(None, {"x": x})[0]


@pytest.mark.parametrize("nearest", NEAREST_MODES)
@pytest.mark.parametrize("coordinates", COORDINATE_MODES)
@pytest.mark.parametrize("sizes", [(1, 2, 7, 9), (1, 2, 2, 3), (1, 2, 1, 5)], ids=["up", "down", "to-one"])
def test_resize_nearest_sizes_match_onnx(sizes, coordinates, nearest):
    x = np.random.default_rng(0).standard_normal((1, 2, 4, 5)).astype(np.float32)
    attributes = {"mode": "nearest", "coordinate_transformation_mode": coordinates, "nearest_mode": nearest}
    expected = onnx_resize(x, sizes=sizes, **attributes)
    check(resize_text("nearest", coordinates, nearest), [x], [expected])


@pytest.mark.parametrize("coordinates", COORDINATE_MODES)
@pytest.mark.parametrize(
    "scales", [(1.0, 1.0, 2.0, 2.0), (1.0, 1.0, 0.6, 0.8), (1.0, 1.0, 1.7, 0.5)], ids=["x2", "down", "mixed"]
)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_resize_linear_scales_match_onnx(scales, coordinates, dtype):
    """The given scales (not out / in) drive the coordinates, as ONNX's reference."""
    x = np.random.default_rng(1).standard_normal((1, 2, 5, 4)).astype(dtype)
    expected = onnx_resize(x, scales=scales, mode="linear", coordinate_transformation_mode=coordinates)
    # f64 interpolation rounded once: f32/f64 agree to the last bits, f16 to its rounding
    tolerance = {np.float16: 1e-3, np.float32: 1e-6, np.float64: 1e-12}[dtype]
    check(resize_text("linear", coordinates, scales=scales), [x], [expected], tolerance)


@pytest.mark.parametrize("nearest", NEAREST_MODES)
def test_resize_nearest_scales_of_integers(nearest):
    x = np.arange(24, dtype=np.int64).reshape(2, 3, 4)
    scales = (1.0, 1.5, 0.75)
    attributes = {"mode": "nearest", "coordinate_transformation_mode": "asymmetric", "nearest_mode": nearest}
    check(
        resize_text("nearest", "asymmetric", nearest, scales),
        [x],
        [onnx_resize(x, scales=scales, **attributes)],
    )


@pytest.mark.parametrize("size", [(1, 8), (3, 11)], ids=["row", "two-dims"])
def test_resize_linear_of_every_dim(size):
    """Linear interpolation along every resized dim (here 2-D, no batch or channel)."""
    x = np.random.default_rng(2).standard_normal((2, 5)).astype(np.float32)
    expected = onnx_resize(x, sizes=size, mode="linear")
    check(resize_text("linear", "half_pixel"), [x], [expected], 1e-6)


@pytest.mark.parametrize(
    ("mode", "align_corners", "torch_mode"),
    [("nearest", None, "nearest"), ("linear", False, "bilinear"), ("linear", True, "bilinear")],
    ids=["nearest", "bilinear", "bilinear-align-corners"],
)
@pytest.mark.parametrize("size", [(10, 14), (3, 5), (7, 3)], ids=["up", "down", "mixed"])
def test_resize_matches_torch_interpolate(mode, align_corners, torch_mode, size):
    """PyTorch's F.interpolate as its ONNX export spells it: nearest is asymmetric +
    floor, bilinear pytorch_half_pixel or align_corners."""
    x = np.random.default_rng(4).standard_normal((2, 3, 6, 7)).astype(np.float32)
    expected = torch.nn.functional.interpolate(
        torch.from_numpy(x), size=size, mode=torch_mode, align_corners=align_corners
    ).numpy()
    if mode == "nearest":
        text = resize_text("nearest", "asymmetric", "floor")
    else:
        text = resize_text("linear", "align_corners" if align_corners else "pytorch_half_pixel")
    check(text, [x], [expected], 1e-6)


@pytest.mark.parametrize("coordinates", COORDINATE_MODES)
@pytest.mark.parametrize(
    "scales", [(1.0, 1.0, 2.0, 2.0), (1.0, 1.0, 0.6, 0.8), (1.0, 1.0, 1.7, 0.5)], ids=["x2", "down", "mixed"]
)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_resize_cubic_scales_match_onnx(scales, coordinates, dtype):
    """Bicubic: 4 taps per resized dim, Keys' kernel with a = -0.75. onnx's reference
    computes the weights in float32 (its cubic_coeff_a is a numpy float32), gawee in f64:
    they agree to f32's rounding (f64 exactly against torch, below)."""
    x = np.random.default_rng(5).standard_normal((1, 2, 5, 4)).astype(dtype)
    expected = onnx_resize(x, scales=scales, mode="cubic", coordinate_transformation_mode=coordinates)
    tolerance = {np.float16: 1e-3, np.float32: 5e-6, np.float64: 5e-6}[dtype]
    check(resize_text("cubic", coordinates, scales=scales), [x], [expected], tolerance)


@pytest.mark.parametrize("a", [-0.5, -0.75])
@pytest.mark.parametrize("exclude", [False, True], ids=["clamped", "exclude-outside"])
@pytest.mark.parametrize("sizes", [(9, 10), (3, 2), (1, 7)], ids=["up", "down", "to-one"])
def test_resize_cubic_coefficient_and_exclude_outside_match_onnx(sizes, exclude, a):
    """`cubic_coeff_a` and `exclude_outside` (taps outside the input weigh 0, the rest
    renormalized) over every dim of a 2-D input."""
    x = np.random.default_rng(6).standard_normal((4, 5)).astype(np.float32)
    expected = onnx_resize(x, sizes=sizes, mode="cubic", cubic_coeff_a=a, exclude_outside=int(exclude))
    extra = {"cubicCoeffA": repr(a), "excludeOutside": str(exclude).lower()}
    check(resize_text("cubic", "half_pixel", **extra), [x], [expected], 5e-6)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("align_corners", [False, True])
@pytest.mark.parametrize("size", [(10, 14), (3, 5), (7, 3)], ids=["up", "down", "mixed"])
def test_resize_cubic_matches_torch_bicubic(align_corners, size, dtype):
    """F.interpolate(mode="bicubic") as its ONNX export spells it: cubic with a = -0.75,
    pytorch_half_pixel or align_corners (torch computes f64 input in f64)."""
    x = np.random.default_rng(7).standard_normal((2, 3, 6, 7)).astype(dtype)
    expected = torch.nn.functional.interpolate(
        torch.from_numpy(x), size=size, mode="bicubic", align_corners=align_corners
    ).numpy()
    text = resize_text("cubic", "align_corners" if align_corners else "pytorch_half_pixel")
    check(text, [x], [expected], 1e-5 if dtype == np.float32 else 1e-12)


@pytest.mark.parametrize("mode", ["nearest", "linear", "cubic"])
@pytest.mark.parametrize(
    ("roi", "sizes"),
    [
        ((0, 0, 0.37, 0.53, 1, 1, 0.71, 0.86), (1, 2, 3, 3)),
        ((0, 0, -0.3, 0.2, 1, 1, 1.4, 0.9), (1, 2, 6, 4)),
        ((0, 0, 0.25, 0.5, 1, 1, 0.25, 0.9), (1, 2, 1, 5)),
    ],
    ids=["inside", "partly-outside", "one-row"],
)
def test_resize_tf_crop_and_resize_matches_onnx(roi, sizes, mode):
    """The result spans `roi` of the input; outside the input it is extrapolation_value.
    (No source coordinate here is a nearest tie: gawee computes the region's coordinates in
    f64, onnx's reference partly in the roi's float32, which can move a tie such as the
    conformance case's 0.4 .. 0.6 across x.5.)"""
    x = np.random.default_rng(8).standard_normal((1, 2, 5, 6)).astype(np.float32)
    attributes = {
        "mode": mode,
        "coordinate_transformation_mode": "tf_crop_and_resize",
        "extrapolation_value": 7.5,
    }
    expected = onnx_resize(x, sizes=sizes, roi=roi, **attributes)
    text = resize_text(mode, "tf_crop_and_resize", roi=roi, extrapolationValue="7.5")
    check(text, [x], [expected], 5e-6)


@pytest.mark.parametrize("mode", ["linear", "cubic"])
@pytest.mark.parametrize(
    "scales",
    [(1.0, 1.0, 0.6, 0.8), (1.0, 1.0, 0.3, 0.45), (1.0, 1.0, 1.5, 0.25)],
    ids=["down", "far-down", "mixed"],
)
@pytest.mark.parametrize("exclude", [False, True], ids=["clamped", "exclude-outside"])
def test_resize_antialias_matches_onnx(scales, mode, exclude):
    """Antialiased downsampling: the kernel widened by 1 / scale over more taps (e.g. 8
    linear or 16 cubic at scale 0.25), weights normalized; upsampling is unchanged."""
    x = np.random.default_rng(9).standard_normal((1, 2, 9, 12)).astype(np.float32)
    attributes = {"mode": mode, "antialias": 1, "exclude_outside": int(exclude)}
    expected = onnx_resize(x, scales=scales, **attributes)
    text = resize_text(
        mode, "half_pixel", scales=scales, antialias="true", excludeOutside=str(exclude).lower()
    )
    check(text, [x], [expected], 5e-6)
