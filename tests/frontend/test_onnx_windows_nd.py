"""ONNX Conv, MaxPool and AveragePool over 1 and 3 spatial dims (Conv1d in Wav2Vec2's
and Whisper's encoders, Conv3d, MaxPool1d/3d, AvgPool1d/3d) and GlobalMaxPool, imported
and run at every level against onnx's reference evaluator: gawee, linalg, mir and llir
for 1-D windows (the 2-D mir ops over a unit dim); gawee and linalg for 3-D ones, which
convert-gawee-to-mir rejects with a diagnostic at the op (mir's conv and pool are 2-D).

onnx has conformance node cases for 1-D and 3-D pooling (test_onnx_backend.py runs
them) but none for 1-D or 3-D Conv, so these cover conv's attributes one by one.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator
from onnx_models import onnxruntime_outputs
from tolerances import assert_within

from nnstack.frontend.onnx import backend
from nnstack.transforms.utils import PassFailedAtOps

LEVELS_1D = ("gawee", "linalg", "mir", "llir")
LEVELS_3D = ("gawee", "linalg")


def _model(
    op_type: str,
    x: np.ndarray,
    constants: dict[str, np.ndarray],
    out_shape: tuple[int, ...] | None = None,
    dtype: int = TensorProto.FLOAT,
    **attributes,
):
    """A one-node model on input x and constant inputs; the backend wants the output's
    shape (the reference evaluator does not)."""
    node = helper.make_node(op_type, ["x", *constants], ["y"], **attributes)
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info("x", dtype, x.shape)],
        [
            helper.make_tensor_value_info("y", dtype, out_shape)
            if out_shape is not None
            else helper.make_empty_tensor_value_info("y")
        ],
        [numpy_helper.from_array(v, n) for n, v in constants.items()],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])


def _reference(op_type: str, x: np.ndarray, constants: dict[str, np.ndarray], **attributes) -> np.ndarray:
    model = _model(op_type, x, constants, None, helper.np_dtype_to_tensor_dtype(x.dtype), **attributes)
    return np.asarray(ReferenceEvaluator(model).run(None, {"x": x})[0])


def _levels(x: np.ndarray) -> tuple[str, ...]:
    return LEVELS_1D if x.ndim == 3 else LEVELS_3D


CONVS = [
    # (input shape, weight shape, attributes)
    ((2, 3, 11), (4, 3, 3), {}),
    ((1, 4, 16), (6, 2, 5), {"group": 2, "strides": [2], "pads": [2, 1]}),
    ((1, 2, 9), (3, 2, 3), {"dilations": [3], "pads": [0, 4]}),
    ((1, 3, 10), (2, 3, 4), {"auto_pad": "SAME_UPPER", "strides": [3]}),
    ((1, 4, 10), (4, 1, 3), {"group": 4, "auto_pad": "SAME_LOWER"}),
    ((1, 2, 4, 5, 6), (3, 2, 2, 3, 2), {}),
    ((2, 4, 5, 4, 6), (4, 2, 3, 1, 2), {"group": 2, "strides": [1, 2, 2], "pads": [1, 0, 1, 1, 0, 0]}),
    ((1, 2, 6, 5, 5), (2, 2, 2, 2, 2), {"dilations": [2, 1, 2], "auto_pad": "SAME_UPPER"}),
]


@pytest.mark.parametrize("bias", [False, True], ids=["no-bias", "bias"])
@pytest.mark.parametrize(("x_shape", "w_shape", "attributes"), CONVS)
def test_conv(x_shape, w_shape, attributes, bias):
    """Within Higham's bound of the exact sums (the reference in f64), at every level."""
    rng = np.random.default_rng(len(x_shape) * 10 + w_shape[0])
    x = rng.standard_normal(x_shape).astype(np.float32)
    w = rng.standard_normal(w_shape).astype(np.float32)
    constants = {"w": w}
    if bias:
        constants["b"] = rng.standard_normal(w_shape[0]).astype(np.float32)
    exact = _reference(
        "Conv", x.astype(np.float64), {n: v.astype(np.float64) for n, v in constants.items()}, **attributes
    )
    magnitude = _reference(
        "Conv",
        np.abs(x).astype(np.float64),
        {n: np.abs(v).astype(np.float64) for n, v in constants.items()},
        **attributes,
    )
    k = math.prod(w_shape[1:]) + bias
    u = float(np.finfo(np.float32).eps) / 2
    bound = k * u / (1 - k * u) * magnitude
    model = _model("Conv", x, constants, exact.shape, **attributes)
    for level in _levels(x):
        (got,) = backend.prepare(model, level=level).run([x])
        assert got.dtype == np.float32 and got.shape == exact.shape, level
        assert_within(got, exact, bound)


MAX_POOLS = [
    ((1, 3, 10), {"kernel_shape": [3], "strides": [2], "pads": [1, 1], "ceil_mode": 1}),
    ((2, 2, 7), {"kernel_shape": [3], "dilations": [3], "pads": [0, 2]}),
    ((1, 2, 9), {"kernel_shape": [4], "strides": [3], "auto_pad": "SAME_LOWER"}),
    ((1, 2, 5, 6, 7), {"kernel_shape": [2, 3, 2], "strides": [2, 1, 2], "pads": [1, 0, 1, 0, 1, 1]}),
    (
        (1, 1, 6, 6, 6),
        {"kernel_shape": [2, 2, 2], "dilations": [2, 1, 2], "ceil_mode": 1, "strides": [2, 2, 2]},
    ),
]


@pytest.mark.parametrize(("x_shape", "attributes"), MAX_POOLS)
def test_max_pool(x_shape, attributes):
    """Exactly ONNX Runtime's maxima, at every level. (No NaN in x: ONNX Runtime's
    window max keeps or drops a NaN by its position in the window; gawee's propagates
    it. ONNX Runtime rejects pads as wide as the kernel, so no window here sees only
    padding: the 1-D lowerings share that select with 2-D, window_nd.mlir.)"""
    x = np.random.default_rng(1).standard_normal(x_shape).astype(np.float32)
    model = _model("MaxPool", x, {}, _reference("MaxPool", x, {}, **attributes).shape, **attributes)
    (expected,) = onnxruntime_outputs(model, {"x": x})
    for level in _levels(x):
        (got,) = backend.prepare(model, level=level).run([x])
        np.testing.assert_array_equal(got, expected, err_msg=level)


AVERAGE_POOLS = [
    ((1, 3, 10), {"kernel_shape": [3], "strides": [2], "pads": [1, 2], "count_include_pad": 1}),
    ((2, 2, 9), {"kernel_shape": [4], "strides": [3], "pads": [2, 1], "ceil_mode": 1}),
    ((1, 2, 8), {"kernel_shape": [2], "dilations": [2], "pads": [1, 1]}),
    # (not with dilations: there onnx's reference and ONNX Runtime disagree with the
    # spec's output size ceil(in / stride) and with each other)
    ((1, 2, 8), {"kernel_shape": [3], "strides": [2], "auto_pad": "SAME_UPPER"}),
    ((1, 2, 9), {"kernel_shape": [4], "auto_pad": "SAME_LOWER", "count_include_pad": 1}),
    ((1, 2, 5, 6, 7), {"kernel_shape": [2, 3, 2], "strides": [2, 2, 2], "pads": [1, 1, 0, 0, 1, 1]}),
    (
        (1, 1, 5, 5, 6),
        {
            "kernel_shape": [3, 2, 2],
            "strides": [2, 2, 2],
            "pads": [1, 0, 1, 1, 1, 0],
            "ceil_mode": 1,
            "count_include_pad": 1,
        },
    ),
]


@pytest.mark.parametrize(("x_shape", "attributes"), AVERAGE_POOLS)
def test_average_pool(x_shape, attributes):
    """The reference's means (computed in f64) to f32 rounding, at every level."""
    x = np.random.default_rng(2).standard_normal(x_shape).astype(np.float32)
    expected = _reference("AveragePool", x.astype(np.float64), {}, **attributes)
    model = _model("AveragePool", x, {}, expected.shape, **attributes)
    for level in _levels(x):
        (got,) = backend.prepare(model, level=level).run([x])
        assert got.dtype == np.float32 and got.shape == expected.shape, level
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6, err_msg=level)


@pytest.mark.parametrize("x_shape", [(2, 3, 5), (1, 2, 3, 4), (2, 2, 3, 2, 4)])
def test_global_max_pool(x_shape):
    """Exactly ONNX Runtime's maxima over the spatial dims, at gawee, linalg, mir and
    llir level (a reduce_max: any rank). (onnx's reference evaluator gives results of
    the wrong rank for a rank other than 4.)"""
    x = np.random.default_rng(3).standard_normal(x_shape).astype(np.float32)
    model = _model("GlobalMaxPool", x, {}, (*x_shape[:2], *[1] * (len(x_shape) - 2)))
    (expected,) = onnxruntime_outputs(model, {"x": x})
    for level in LEVELS_1D:
        (got,) = backend.prepare(model, level=level).run([x])
        np.testing.assert_array_equal(got, expected, err_msg=level)


@pytest.mark.parametrize(
    ("op_type", "attributes", "constants"),
    [
        ("Conv", {}, {"w": np.ones((2, 2, 1, 1, 1), np.float32)}),
        ("MaxPool", {"kernel_shape": [2, 2, 2]}, {}),
        ("AveragePool", {"kernel_shape": [2, 2, 2]}, {}),
    ],
)
def test_mir_rejects_3d_windows_at_the_op(op_type, attributes, constants):
    """convert-gawee-to-mir fails at a 3-D conv or pool, saying why."""
    x = np.zeros((1, 2, 4, 4, 4), np.float32)
    model = _model(op_type, x, constants, _reference(op_type, x, constants, **attributes).shape, **attributes)
    with pytest.raises(PassFailedAtOps, match="a 3-D window has no mir form"):
        backend.prepare(model, level="mir")


def test_the_importer_rejects_what_it_cannot_carry():
    """A window attribute of the wrong length, or a rank-6 input, is an import error
    naming the node."""
    from nnstack.frontend.onnx import OnnxImportError

    x = np.zeros((1, 2, 8), np.float32)
    with pytest.raises(OnnxImportError, match="strides"):
        backend.prepare(_model("MaxPool", x, {}, (1, 2, 7), kernel_shape=[2], strides=[1, 1]))
    with pytest.raises(OnnxImportError, match="only 1-, 2- and 3-D windows"):
        backend.prepare(
            _model(
                "AveragePool",
                np.zeros((1, 1, 2, 2, 2, 2), np.float32),
                {},
                (1, 1, 2, 2, 2, 2),
                kernel_shape=[1, 1, 1, 1],
            )
        )
