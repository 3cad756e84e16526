"""ONNX MaxPool with its Indices output (`gawee.max_pool_with_indices`) and MaxUnpool
(`gawee.max_unpool`) imported and run at every level against ONNX Runtime, onnx's
reference evaluator and PyTorch's max_pool with return_indices and max_unpool. Pooled
inputs are small integers, so windows hold ties: the first maximum in the window's
order wins.

onnx's reference evaluator unravels the argmax of a stride-1, dilation-1 window in the
output's shape instead of the kernel's (and ignores storage_order there): it is the
oracle only where strides or dilations are not all 1; ONNX Runtime is for every case."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from onnx import helper, numpy_helper
from onnx.reference import ReferenceEvaluator
from onnx_models import onnxruntime_outputs

from nnstack.frontend.onnx import backend

LEVELS = ("gawee", "linalg", "mir")
LEVELS_3D = ("gawee", "linalg")  # (3-D max_pool has no mir form)


def _model(x: np.ndarray, **attributes):
    node = helper.make_node("MaxPool", ["x"], ["y", "i"], **attributes)
    dtype = helper.np_dtype_to_tensor_dtype(x.dtype)
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info("x", dtype, x.shape)],
        [
            helper.make_tensor_value_info("y", dtype, [None] * x.ndim),
            helper.make_tensor_value_info(
                "i", helper.np_dtype_to_tensor_dtype(np.dtype(np.int64)), [None] * x.ndim
            ),
        ],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 12)])


def _ties(shape: tuple[int, ...], dtype: type = np.float32, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).integers(-3, 4, shape).astype(dtype)


def _run_levels(model, x: np.ndarray, expected: list[np.ndarray]) -> None:
    for level in LEVELS if x.ndim < 5 else LEVELS_3D:
        values, indices = backend.prepare(model, level=level).run([x])
        np.testing.assert_array_equal(values, expected[0], err_msg=level)
        assert indices.dtype == np.int64, level
        np.testing.assert_array_equal(indices, expected[1], err_msg=level)


CASES = [
    ((2, 3, 7, 6), {"kernel_shape": [3, 3]}),
    ((1, 2, 7, 6), {"kernel_shape": [3, 3], "storage_order": 1}),
    ((1, 2, 7, 6), {"kernel_shape": [3, 2], "strides": [2, 2], "pads": [1, 1, 1, 0], "storage_order": 1}),
    ((1, 2, 8, 7), {"kernel_shape": [2, 3], "dilations": [2, 1], "strides": [2, 2], "ceil_mode": 1}),
    ((1, 1, 9, 9), {"kernel_shape": [2, 2], "dilations": [3, 2], "pads": [1, 1, 1, 1]}),
    ((1, 2, 5, 6), {"kernel_shape": [3, 2], "strides": [2, 1], "auto_pad": "SAME_UPPER"}),
    ((2, 2, 9), {"kernel_shape": [3], "strides": [2], "pads": [1, 2]}),
    ((1, 2, 4, 5, 4), {"kernel_shape": [2, 3, 2], "strides": [2, 1, 2], "pads": [1, 0, 0, 0, 1, 1]}),
    ((1, 2, 4, 5, 4), {"kernel_shape": [2, 2, 2], "strides": [1, 2, 1], "storage_order": 1}),
]


@pytest.mark.parametrize(("shape", "attributes"), CASES)
def test_matches_onnxruntime(shape, attributes):
    x = _ties(shape)
    model = _model(x, **attributes)
    expected = onnxruntime_outputs(model, {"x": x})
    if any(s != 1 for s in attributes.get("strides", [1]) + attributes.get("dilations", [1])):
        reference = ReferenceEvaluator(model).run(None, {"x": x})
        for got, want in zip(reference, expected):
            np.testing.assert_array_equal(got, want)
    _run_levels(model, x, expected)


@pytest.mark.parametrize(
    ("kernel", "stride", "padding", "dilation", "ceil_mode"),
    [(3, 1, 1, 1, False), (2, 2, 0, 1, True), (3, 2, 1, 2, False)],
)
def test_matches_torch_max_pool2d_indices(kernel, stride, padding, dilation, ceil_mode):
    """PyTorch's indices count within each plane; ONNX's add each plane's offset."""
    x = _ties((2, 3, 7, 8), seed=4)
    values, indices = torch.nn.functional.max_pool2d(
        torch.from_numpy(x), kernel, stride, padding, dilation, ceil_mode=ceil_mode, return_indices=True
    )
    n, c, h, w = x.shape
    flat = indices.numpy() + np.arange(n * c).reshape(n, c, 1, 1) * h * w
    attributes = {
        "kernel_shape": [kernel] * 2,
        "strides": [stride] * 2,
        "pads": [padding] * 4,
        "dilations": [dilation] * 2,
        "ceil_mode": int(ceil_mode),
    }
    _run_levels(_model(x, **attributes), x, [values.numpy(), flat])


def test_f64_and_windows_of_one_value():
    """A constant input: every window's first tap on the input holds the maximum."""
    x = np.ones((1, 1, 5, 5))
    attributes = {"kernel_shape": [3, 3], "strides": [2, 2], "pads": [1, 1, 1, 1]}
    model = _model(x, **attributes)
    expected = onnxruntime_outputs(model, {"x": x})
    np.testing.assert_array_equal(expected[1][0, 0], [[0, 1, 3], [5, 6, 8], [15, 16, 18]])
    _run_levels(model, x, expected)


def test_without_the_indices_output_storage_order_is_ignored():
    x = _ties((1, 2, 5, 5))
    node = helper.make_node("MaxPool", ["x"], ["y"], kernel_shape=[2, 2], storage_order=1)
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info("x", 1, x.shape)],
        [helper.make_tensor_value_info("y", 1, [None] * 4)],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 12)])
    (expected,) = ReferenceEvaluator(model).run(None, {"x": x})
    (got,) = backend.prepare(model, level="gawee").run([x])
    np.testing.assert_array_equal(got, expected)


def _unpool_model(values: np.ndarray, output_shape: tuple[int, ...] | None, **attributes):
    inputs = ["x", "i"] + (["shape"] if output_shape else [])
    node = helper.make_node("MaxUnpool", inputs, ["y"], **attributes)
    dtype = helper.np_dtype_to_tensor_dtype(values.dtype)
    constants = [numpy_helper.from_array(np.array(output_shape, np.int64), "shape")] if output_shape else []
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info("x", dtype, values.shape),
            helper.make_tensor_value_info(
                "i", helper.np_dtype_to_tensor_dtype(np.dtype(np.int64)), values.shape
            ),
        ],
        [helper.make_tensor_value_info("y", dtype, [None] * values.ndim)],
        constants,
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])


UNPOOL_CASES = [
    ((2, 3, 6, 6), (2, 2), (2, 2), (0, 0, 0, 0), None),
    ((1, 2, 7, 7), (3, 3), (2, 3), (1, 1, 1, 1), None),
    ((1, 2, 6, 6), (2, 2), (2, 2), (0, 0, 0, 0), (1, 2, 7, 8)),
    ((2, 2, 9), (3,), (2,), (1, 1), (2, 2, 10)),
    ((1, 2, 4, 6, 4), (2, 3, 2), (2, 3, 2), (0, 0, 0, 0, 0, 0), None),
]


@pytest.mark.parametrize(("shape", "kernel", "strides", "pads", "output_shape"), UNPOOL_CASES)
def test_max_unpool_inverts_max_pool_as_onnx_reference_and_torch(shape, kernel, strides, pads, output_shape):
    """Unpooling MaxPool's values at its indices (where the unpooled shape is the pool
    input's): onnx's reference, and torch's max_unpool of torch's max_pool (per-plane
    indices) where the result is not larger."""
    x = np.random.default_rng(7).standard_normal(shape).astype(np.float32)
    rank = len(kernel)
    pool = _model(x, kernel_shape=list(kernel), strides=list(strides), pads=list(pads))
    values, indices = onnxruntime_outputs(pool, {"x": x})
    model = _unpool_model(
        values, output_shape, kernel_shape=list(kernel), strides=list(strides), pads=list(pads)
    )
    (expected,) = ReferenceEvaluator(model).run(None, {"x": values, "i": indices})
    if output_shape is None and not any(pads):
        pooled, planes = [
            torch.nn.functional.max_pool1d,
            torch.nn.functional.max_pool2d,
            torch.nn.functional.max_pool3d,
        ][rank - 1](torch.from_numpy(x), kernel, strides, return_indices=True)
        unpool = [
            torch.nn.functional.max_unpool1d,
            torch.nn.functional.max_unpool2d,
            torch.nn.functional.max_unpool3d,
        ]
        np.testing.assert_array_equal(unpool[rank - 1](pooled, planes, kernel, strides).numpy(), expected)
    for level in LEVELS if x.ndim < 5 else LEVELS_3D:
        (got,) = backend.prepare(model, level=level).run([values, indices])
        np.testing.assert_array_equal(got, expected, err_msg=level)


def test_max_unpool_repeated_and_negative_indices_as_onnx_reference():
    """A later value wins at a repeated index; a negative index counts from the end."""
    values = np.arange(1, 9, dtype=np.float32).reshape(1, 2, 2, 2)
    indices = np.array([3, 3, -1, 0, 16, 17, 31, 17], np.int64).reshape(1, 2, 2, 2)
    model = _unpool_model(values, None, kernel_shape=[2, 2], strides=[2, 2])
    (expected,) = ReferenceEvaluator(model).run(None, {"x": values, "i": indices})
    for level in LEVELS:
        (got,) = backend.prepare(model, level=level).run([values, indices])
        np.testing.assert_array_equal(got, expected, err_msg=level)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8])
def test_integer_max_pool_and_its_indices_match_onnx_runtime(dtype):
    """int8 / uint8 (MaxPool from opset 12), pooled in f32 and cast back: the extremes of
    the type (-128, 127, 255) come back exactly. (uint8 is not lowered to mir.)"""
    rng = np.random.default_rng(3)
    info = np.iinfo(dtype)
    x = rng.integers(info.min, int(info.max) + 1, (1, 2, 6, 5)).astype(dtype)
    x[0, 0, 0, 0], x[0, 1, 5, 4] = info.max, info.min
    model = _model(x, kernel_shape=[3, 2], strides=[2, 1], pads=[1, 0, 1, 1])
    expected = onnxruntime_outputs(model, {"x": x})
    for level in LEVELS if dtype == np.int8 else ("gawee", "linalg"):
        values, indices = backend.prepare(model, level=level).run([x])
        assert values.dtype == dtype, level
        np.testing.assert_array_equal(values, expected[0], err_msg=level)
        np.testing.assert_array_equal(indices, expected[1], err_msg=level)
