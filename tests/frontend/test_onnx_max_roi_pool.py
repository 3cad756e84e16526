"""ONNX MaxRoiPool imported to `gawee.max_roi_pool` (a composite op, imported through
its builder: the node's attributes are its keyword arguments) and run at every level
against ONNX Runtime, which implements the operator up to opset 21 (onnx's reference
evaluator has none): boxes partly or wholly off the input, reversed corners, corners
on rounding ties, several scales and bin counts."""

from __future__ import annotations

import numpy as np
import pytest
from onnx import helper
from onnx_models import onnxruntime_outputs

from nnstack.frontend.onnx import OnnxImportError, backend, import_onnx

LEVELS = ("gawee", "linalg", "mir")


def _model(x: np.ndarray, rois: np.ndarray, opset: int = 21, **attributes):
    node = helper.make_node("MaxRoiPool", ["x", "rois"], ["y"], **attributes)
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info("x", helper.np_dtype_to_tensor_dtype(x.dtype), x.shape),
            helper.make_tensor_value_info("rois", helper.np_dtype_to_tensor_dtype(rois.dtype), rois.shape),
        ],
        [helper.make_tensor_value_info("y", helper.np_dtype_to_tensor_dtype(x.dtype), [None] * 4)],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def _boxes(rng: np.random.Generator, count: int, n: int, h: int, w: int, scale: float) -> np.ndarray:
    """Batch indices in [0, n); corners in quarters, from before the input to past it."""
    corners = np.round(rng.uniform(-2.0, np.array([w, h, w, h]) / scale + 2.0, (count, 4)) * 4) / 4
    return np.concatenate([rng.integers(0, n, (count, 1)), corners], axis=1).astype(np.float32)


CASES = [
    ((1, 1, 6, 6), 3, [2, 2], 1.0),
    ((2, 3, 7, 9), 5, [3, 2], 0.5),
    ((2, 2, 8, 5), 4, [1, 4], 0.25),
    ((1, 4, 5, 5), 6, [7, 7], 2.0),
]


@pytest.mark.parametrize(("shape", "count", "pooled", "scale"), CASES)
def test_matches_onnxruntime(shape, count, pooled, scale):
    rng = np.random.default_rng(count)
    x = rng.standard_normal(shape).astype(np.float32)
    rois = _boxes(rng, count, shape[0], shape[2], shape[3], scale)
    rois[0, 1:] = [0.5, 1.5, 2.5, -0.5]  # rounding ties both ways, y2 < y1
    model = _model(x, rois, pooled_shape=pooled, spatial_scale=scale)
    (expected,) = onnxruntime_outputs(model, {"x": x, "rois": rois})
    for level in LEVELS:
        (got,) = backend.prepare(model, level=level).run([x, rois])
        np.testing.assert_array_equal(got, expected, err_msg=level)


def test_opset_22_imports_as_21():
    """Opset 22 only widened the types (ONNX Runtime has no kernel of it)."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, 2, 6, 6)).astype(np.float32)
    rois = _boxes(rng, 3, 1, 6, 6, 1.0)
    (expected,) = onnxruntime_outputs(_model(x, rois, pooled_shape=[2, 3]), {"x": x, "rois": rois})
    (got,) = backend.prepare(_model(x, rois, 22, pooled_shape=[2, 3])).run([x, rois])
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize(
    ("attributes", "message"),
    [
        ({}, "pooled_shape must be specified"),  # (ONNX's shape inference says it first)
        ({"pooled_shape": [2, 2], "sampling_ratio": 2}, "attribute sampling_ratio is not supported"),
        ({"pooled_shape": [2, 0]}, "pooled_shape must only contain positive values"),
        ({"pooled_shape": [2, 2], "spatial_scale": -1.0}, "spatialScale must be finite and > 0"),
    ],
)
def test_bad_attributes_are_one_line_errors(attributes, message):
    x, rois = np.zeros((1, 1, 4, 4), np.float32), np.zeros((1, 5), np.float32)
    with pytest.raises(OnnxImportError, match=message) as info:
        import_onnx(_model(x, rois, **attributes))
    assert "MaxRoiPool" in str(info.value) and "\n" not in str(info.value)
