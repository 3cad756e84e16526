"""ONNX GridSample imported to `gawee.grid_sample` (a composite of gathers at the
interpolation taps) and AffineGrid to `gawee.affine_grid` (a matrix product with the
pixels' coordinates), run at gawee, linalg and mir level against onnx's reference
evaluator (every mode, padding mode and align_corners, points inside and well outside
the input, 1-, 2- and 3-D, f32 and f64) and PyTorch's F.grid_sample / F.affine_grid."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import torch
from onnx import helper, numpy_helper
from onnx.reference import ReferenceEvaluator

from nnstack.frontend.onnx import backend

LEVELS = ("gawee", "linalg", "mir")
MODES = ("linear", "nearest", "cubic")
PADDINGS = ("zeros", "border", "reflection")


def _model(x: np.ndarray, grid: np.ndarray, opset: int = 20, **attributes):
    node = helper.make_node("GridSample", ["x", "grid"], ["y"], **attributes)
    dtype = helper.np_dtype_to_tensor_dtype(x.dtype)
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info("x", dtype, x.shape),
            helper.make_tensor_value_info("grid", helper.np_dtype_to_tensor_dtype(grid.dtype), grid.shape),
        ],
        [helper.make_tensor_value_info("y", dtype, [None] * x.ndim)],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def _inputs(shape, points, dtype=np.float32, spread=1.6, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape).astype(dtype)
    grid = rng.uniform(-spread, spread, (shape[0], *points, len(shape) - 2)).astype(dtype)
    return x, grid


def _run_levels(model, inputs, expected, rtol=1e-5, atol=1e-5):
    for level in LEVELS:
        (got,) = backend.prepare(model, level=level).run(inputs)
        assert got.dtype == expected.dtype and got.shape == expected.shape, level
        np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol, err_msg=level)


@pytest.mark.parametrize(("mode", "padding", "align"), list(itertools.product(MODES, PADDINGS, (0, 1))))
def test_2d_matches_the_onnx_reference(mode, padding, align):
    """Points up to 0.6 past the borders, so each padding mode acts (reflection also
    more than once: 5 pixels wide, a point at -1.6 reflects twice)."""
    x, grid = _inputs((2, 3, 4, 5), (3, 4))
    model = _model(x, grid, mode=mode, padding_mode=padding, align_corners=align)
    (expected,) = ReferenceEvaluator(model).run(None, {"x": x, "grid": grid})
    _run_levels(model, [x, grid], expected)


@pytest.mark.parametrize(
    ("shape", "points", "mode", "padding", "align"),
    [
        ((1, 2, 6), (5,), "cubic", "reflection", 0),
        ((1, 2, 6), (5,), "linear", "border", 1),
        ((1, 2, 3, 4, 2), (2, 3, 2), "linear", "reflection", 0),
        ((1, 2, 3, 4, 2), (2, 3, 2), "nearest", "border", 1),
        ((1, 1, 3, 3, 3), (2, 2, 2), "cubic", "zeros", 0),
        ((1, 1, 1, 4), (3, 2), "linear", "reflection", 0),
    ],
)
def test_1d_3d_and_single_pixel_dims_match_the_onnx_reference(shape, points, mode, padding, align):
    x, grid = _inputs(shape, points, seed=2)
    model = _model(x, grid, mode=mode, padding_mode=padding, align_corners=align)
    (expected,) = ReferenceEvaluator(model).run(None, {"x": x, "grid": grid})
    _run_levels(model, [x, grid], expected)


def test_f64_matches_the_onnx_reference():
    """(onnx's reference rounds the denormalized coordinates to f32; gawee keeps f64.)"""
    x, grid = _inputs((1, 2, 4, 4), (3, 3), np.float64, seed=3)
    model = _model(x, grid, mode="cubic", padding_mode="border")
    (expected,) = ReferenceEvaluator(model).run(None, {"x": x, "grid": grid})
    _run_levels(model, [x, grid], expected, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize(
    ("mode", "padding", "align"),
    [
        *itertools.product(("bilinear", "nearest"), PADDINGS, (False, True)),
        ("bicubic", "zeros", False),
        ("bicubic", "zeros", True),
    ],
)
def test_opset_16_matches_torch_grid_sample(mode, padding, align):
    """opset 16's mode names; PyTorch clamps or reflects a bicubic point's taps only, where
    ONNX also moves the point itself, so bicubic is compared with zeros padding."""
    x, grid = _inputs((2, 3, 5, 4), (4, 3), seed=4)
    expected = torch.nn.functional.grid_sample(
        torch.from_numpy(x), torch.from_numpy(grid), mode=mode, padding_mode=padding, align_corners=align
    ).numpy()
    model = _model(x, grid, opset=16, mode=mode, padding_mode=padding, align_corners=int(align))
    _run_levels(model, [x, grid], expected)


@pytest.mark.parametrize(("mode", "padding"), [("bilinear", "zeros"), ("nearest", "reflection")])
def test_5d_matches_torch_grid_sample(mode, padding):
    x, grid = _inputs((1, 2, 3, 4, 5), (2, 3, 2), seed=5)
    expected = torch.nn.functional.grid_sample(
        torch.from_numpy(x), torch.from_numpy(grid), mode=mode, padding_mode=padding, align_corners=False
    ).numpy()
    _run_levels(_model(x, grid, mode=mode.removeprefix("bi"), padding_mode=padding), [x, grid], expected)


def _affine_model(theta: np.ndarray, size: tuple[int, ...], **attributes):
    node = helper.make_node("AffineGrid", ["theta", "size"], ["grid"], **attributes)
    dtype = helper.np_dtype_to_tensor_dtype(theta.dtype)
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info("theta", dtype, theta.shape)],
        [helper.make_tensor_value_info("grid", dtype, [None] * len(size))],
        [numpy_helper.from_array(np.array(size, np.int64), "size")],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])


@pytest.mark.parametrize(
    ("size", "align"),
    [((2, 3, 4, 5), 0), ((2, 3, 4, 5), 1), ((2, 1, 1, 3), 1), ((2, 1, 3, 1, 4), 0), ((2, 1, 3, 2, 4), 1)],
)
def test_affine_grid_matches_the_onnx_reference_and_torch(size, align):
    """(PyTorch puts a one-pixel dim with align_corners at 0 since 1.3, ONNX at -1: torch
    is the oracle there only without them.)"""
    k = len(size) - 2
    theta = np.random.default_rng(6).standard_normal((2, k, k + 1)).astype(np.float32)
    model = _affine_model(theta, size, align_corners=align)
    with np.errstate(divide="ignore"):  # (the reference divides by zero for a one-pixel dim)
        (expected,) = ReferenceEvaluator(model).run(None, {"theta": theta})
    if not (align and 1 in size[2:]):
        torch_grid = torch.nn.functional.affine_grid(
            torch.from_numpy(theta), list(size), align_corners=bool(align)
        )
        np.testing.assert_allclose(torch_grid.numpy(), expected, rtol=1e-5, atol=1e-6)
    _run_levels(model, [theta], expected)


def test_affine_grid_then_grid_sample_match_torch():
    """A spatial transformer's sampling: torch's affine_grid then grid_sample."""
    rng = np.random.default_rng(8)
    x = rng.standard_normal((2, 3, 5, 6)).astype(np.float32)
    theta = (np.eye(2, 3) + 0.3 * rng.standard_normal((2, 2, 3))).astype(np.float32)
    grid = torch.nn.functional.affine_grid(torch.from_numpy(theta), [2, 3, 4, 4], align_corners=False)
    expected = torch.nn.functional.grid_sample(torch.from_numpy(x), grid, align_corners=False).numpy()
    nodes = [
        helper.make_node("AffineGrid", ["theta", "size"], ["grid"]),
        helper.make_node("GridSample", ["x", "grid"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes,
        "g",
        [
            helper.make_tensor_value_info("x", 1, x.shape),
            helper.make_tensor_value_info("theta", 1, theta.shape),
        ],
        [helper.make_tensor_value_info("y", 1, [None] * 4)],
        [numpy_helper.from_array(np.array([2, 3, 4, 4], np.int64), "size")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])
    _run_levels(model, [x, theta], expected)


@pytest.mark.parametrize("mode", ["linear", "nearest", "cubic"])
def test_non_finite_points_sample_zeros(mode):
    """With zeros padding a NaN or infinite coordinate samples 0 (onnx's reference fails
    on it; torch gives 0 for nearest, NaN otherwise); the finite points as torch."""
    x = np.arange(12, dtype=np.float32).reshape(1, 1, 3, 4)
    grid = np.array([[[[np.nan, 0.0], [np.inf, 0.2], [-np.inf, -np.inf], [0.1, 0.3]]]], np.float32)
    torch_mode = {"linear": "bilinear", "cubic": "bicubic"}.get(mode, mode)
    finite = torch.nn.functional.grid_sample(
        torch.from_numpy(x), torch.from_numpy(grid[:, :, 3:]), mode=torch_mode, align_corners=False
    ).numpy()
    expected = np.concatenate([np.zeros((1, 1, 1, 3), np.float32), finite], axis=3)
    _run_levels(_model(x, grid, mode=mode), [x, grid], expected)
