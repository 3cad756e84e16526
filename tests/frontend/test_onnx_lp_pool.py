"""ONNX LpPool imported to `gawee.lp_pool` (a composite op: an average_pool counting the
padding, scaled to the window sum) and run at every level, against onnx's reference
evaluator and ONNX Runtime; where a ceil-mode window reaches past the padding, against
ONNX Runtime only: it sums the taps there are, as ONNX's spec says, where the reference
scales their average to the whole window."""

from __future__ import annotations

import numpy as np
import pytest
from onnx import helper
from onnx.reference import ReferenceEvaluator
from onnx_models import onnxruntime_outputs

from nnstack.frontend.onnx import OnnxImportError, backend, import_onnx
from nnstack.transforms.utils import PassFailedAtOps

LEVELS = ("gawee", "linalg", "mir")
LEVELS_3D = ("gawee", "linalg")


def _model(x: np.ndarray, op_type: str = "LpPool", **attributes):
    """A one-node LpPool model on input x (its output's shape left to ONNX's inference)."""
    node = helper.make_node(op_type, ["x"], ["y"], **attributes)
    dtype = helper.np_dtype_to_tensor_dtype(x.dtype)
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info("x", dtype, x.shape)],
        [helper.make_tensor_value_info("y", dtype, [None] * x.ndim)],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 22)])


def _run_levels(
    x: np.ndarray, expected: np.ndarray, rtol: float = 1e-5, op_type: str = "LpPool", **attributes
) -> None:
    model = _model(x, op_type, **attributes)
    for level in LEVELS if x.ndim < 5 else LEVELS_3D:
        (got,) = backend.prepare(model, level=level).run([x])
        assert got.dtype == x.dtype and got.shape == expected.shape, (level, got.shape, expected.shape)
        np.testing.assert_allclose(got, expected, rtol=rtol, atol=rtol / 10, err_msg=level)


REFERENCE_CASES = [
    ((1, 2, 9), {"kernel_shape": [3]}),
    ((2, 3, 6, 5), {"kernel_shape": [2, 2], "p": 1}),
    ((1, 2, 7, 8), {"kernel_shape": [3, 2], "strides": [2, 3], "p": 3}),
    ((1, 1, 9, 9), {"kernel_shape": [2, 3], "dilations": [3, 2], "p": 4}),
    ((1, 2, 7, 7), {"kernel_shape": [3, 3], "pads": [1, 1, 1, 1]}),
    ((1, 2, 6, 7), {"kernel_shape": [3, 2], "pads": [2, 0, 1, 1], "strides": [2, 2], "p": 3}),
    ((1, 1, 8, 8), {"kernel_shape": [3, 3], "strides": [3, 3], "pads": [1, 1, 0, 0], "ceil_mode": 1, "p": 1}),
    ((1, 2, 5, 6), {"kernel_shape": [2, 3], "auto_pad": "SAME_UPPER", "p": 3}),
    ((1, 2, 5, 6), {"kernel_shape": [3, 2], "strides": [2, 1], "auto_pad": "SAME_LOWER"}),
    ((1, 1, 5, 6, 4), {"kernel_shape": [2, 3, 2], "pads": [1, 1, 0, 0, 1, 1], "p": 3}),
]


@pytest.mark.parametrize(("shape", "attributes"), REFERENCE_CASES)
def test_matches_the_onnx_reference_and_onnxruntime(shape, attributes):
    """Padding counts as zeros (the taps on it add nothing to the sum)."""
    x = np.random.default_rng(3).standard_normal(shape).astype(np.float32)
    model = _model(x, "LpPool", **attributes)
    (expected,) = ReferenceEvaluator(model).run(None, {"x": x})
    (runtime,) = onnxruntime_outputs(model, {"x": x})
    np.testing.assert_allclose(runtime, expected, rtol=1e-5, atol=1e-6)
    _run_levels(x, expected, **attributes)


@pytest.mark.parametrize(("dtype", "rtol"), [(np.float64, 1e-12), (np.float16, 2e-3)])
def test_other_float_types_match_the_onnx_reference(dtype, rtol):
    x = np.random.default_rng(5).standard_normal((1, 2, 6, 5)).astype(dtype)
    attributes = {"kernel_shape": [3, 2], "pads": [1, 0, 1, 1], "p": 3}
    (expected,) = ReferenceEvaluator(_model(x, "LpPool", **attributes)).run(None, {"x": x})
    _run_levels(x, expected, rtol, "LpPool", **attributes)


PAST_THE_PADDING = [
    ((1, 2, 7, 8), {"kernel_shape": [2, 3], "strides": [2, 2], "ceil_mode": 1}),
    ((2, 2, 9), {"kernel_shape": [3], "dilations": [2], "pads": [2, 1], "ceil_mode": 1, "strides": [2]}),
]


@pytest.mark.parametrize(("shape", "attributes"), PAST_THE_PADDING)
def test_a_window_past_the_padding_sums_its_taps_as_onnxruntime(shape, attributes):
    x = np.random.default_rng(4).standard_normal(shape).astype(np.float32)
    (expected,) = onnxruntime_outputs(_model(x, "LpPool", **attributes), {"x": x})
    _run_levels(x, expected, **attributes)


def test_a_window_past_the_padding_is_where_the_onnx_reference_differs():
    """The last ceil-mode window has one tap on the input: its sum is that tap (ONNX
    Runtime, gawee); the reference scales it by the window's size instead."""
    x = np.ones((1, 1, 3), np.float32)
    attributes = {"kernel_shape": [2], "strides": [2], "ceil_mode": 1, "p": 1}
    model = _model(x, "LpPool", **attributes)
    (runtime,) = onnxruntime_outputs(model, {"x": x})
    (reference,) = ReferenceEvaluator(model).run(None, {"x": x})
    assert runtime.tolist() == [[[2.0, 1.0]]] and reference.tolist() == [[[2.0, 2.0]]]
    _run_levels(x, runtime, **attributes)


def test_mir_rejects_a_3d_lp_pool_at_the_op():
    """convert-gawee-to-mir fails at a 3-D lp_pool, saying why (mir.pool is 2-D)."""
    model = _model(np.zeros((1, 2, 3, 3, 3), np.float32), kernel_shape=[2, 2, 2])
    with pytest.raises(PassFailedAtOps, match="a 3-D window has no mir form"):
        backend.prepare(model, level="mir")


@pytest.mark.parametrize(
    ("attributes", "message"),
    [({"kernel_shape": [2, 2], "p": 0}, "'p' must be >= 1"), ({"kernel_shape": [2, 2, 2]}, "kernel_shape")],
)
def test_the_importer_rejects_what_it_cannot_carry(attributes, message):
    with pytest.raises(OnnxImportError, match=message):
        import_onnx(_model(np.zeros((1, 1, 4, 4), np.float32), **attributes))


@pytest.mark.parametrize(("shape", "p"), [((2, 3, 7), 2), ((1, 2, 5, 6), 3), ((1, 2, 3, 4, 2), 1)])
def test_global_lp_pool_matches_numpy(shape, p):
    """GlobalLpPool: the p-norm of each channel over the whole spatial extent (neither
    onnx's reference evaluator nor ONNX Runtime has a GlobalLpPool: numpy is the reference)."""
    x = np.random.default_rng(6).standard_normal(shape).astype(np.float32)
    axes = tuple(range(2, x.ndim))
    expected = (np.abs(x.astype(np.float64)) ** p).sum(axis=axes, keepdims=True) ** (1 / p)
    _run_levels(x, expected.astype(np.float32), 1e-5, "GlobalLpPool", p=p)


def test_global_lp_pool_rejects_a_rank_2_input():
    with pytest.raises(OnnxImportError, match="GlobalLpPool is supported on rank 3 to 5"):
        import_onnx(_model(np.zeros((2, 3), np.float32), "GlobalLpPool"))
