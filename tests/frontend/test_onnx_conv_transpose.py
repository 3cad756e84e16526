"""ONNX ConvTranspose (PyTorch's ConvTranspose1d/2d/3d: the decoders of segmentation
nets, GANs and U-Nets) imported to `gawee.conv_transpose` and run at every level
against independent references: torch.nn.functional.conv_transpose1d/2d/3d in f64
(groups, dilation, output padding, stride > kernel, padding that crops into the
zero-inserted input) and onnx's reference evaluator (asymmetric pads, auto_pad,
output_shape; its grouped form is wrong, so no groups there). mir's conv is 2-D: a
3-D one runs at gawee and linalg level, and convert-gawee-to-mir rejects it at the op.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
from onnx import helper, numpy_helper
from onnx.reference import ReferenceEvaluator
from onnx_models import onnxruntime_outputs

from nnstack.frontend.onnx import OnnxImportError, backend, import_onnx
from nnstack.transforms.utils import PassFailedAtOps

LEVELS = ("gawee", "linalg", "mir")
LEVELS_3D = ("gawee", "linalg")


def _model(x: np.ndarray, constants: dict[str, np.ndarray], out_shape: tuple[int, ...] | None, **attributes):
    """A one-node ConvTranspose model on input x with constant weight (and bias)."""
    node = helper.make_node("ConvTranspose", ["x", *constants], ["y"], **attributes)
    dtype = helper.np_dtype_to_tensor_dtype(x.dtype)
    output = helper.make_tensor_value_info("y", dtype, out_shape)
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info("x", dtype, x.shape)],
        [output],
        [numpy_helper.from_array(v, n) for n, v in constants.items()],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 22)])


def _run_levels(x: np.ndarray, constants: dict[str, np.ndarray], expected: np.ndarray, **attributes) -> None:
    model = _model(x, constants, expected.shape, **attributes)
    for level in LEVELS if x.ndim < 5 else LEVELS_3D:
        (got,) = backend.prepare(model, level=level).run([x])
        assert got.dtype == np.float32 and got.shape == expected.shape, level
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5, err_msg=level)


TORCH_CASES = [
    # (input shape, weight shape, stride, padding, output padding, dilation, groups)
    ((2, 3, 7), (3, 4, 3), 2, 1, 1, 1, 1),
    ((1, 4, 5), (4, 3, 2), 3, 0, 0, 2, 2),
    ((2, 3, 4, 4), (3, 5, 2, 2), 2, 0, 0, 1, 1),
    ((1, 4, 5, 6), (4, 2, 3, 3), (2, 1), (1, 0), (1, 0), (1, 2), 2),
    ((1, 2, 3, 4), (2, 3, 2, 1), (3, 4), 0, (2, 3), 1, 1),
    ((1, 2, 5, 5), (2, 2, 3, 3), 2, 3, 1, 1, 1),
    ((1, 6, 3, 2), (6, 1, 3, 3), 1, 1, 0, 1, 6),
    ((1, 4, 3, 4, 3), (4, 1, 2, 3, 2), (2, 1, 2), (0, 1, 1), (1, 0, 0), (1, 1, 2), 2),
]


@pytest.mark.parametrize("bias", [False, True], ids=["no-bias", "bias"])
@pytest.mark.parametrize(
    ("x_shape", "w_shape", "stride", "padding", "extra", "dilation", "groups"), TORCH_CASES
)
def test_matches_torch(x_shape, w_shape, stride, padding, extra, dilation, groups, bias):
    """PyTorch's conv_transpose (in f64), at every level."""
    rank = len(x_shape) - 2
    rng = np.random.default_rng(sum(x_shape) + 7 * groups)
    x = rng.standard_normal(x_shape).astype(np.float32)
    w = rng.standard_normal(w_shape).astype(np.float32)
    b = rng.standard_normal(w_shape[1] * groups).astype(np.float32) if bias else None
    function = getattr(torch.nn.functional, f"conv_transpose{rank}d")
    expected = function(
        torch.from_numpy(x).double(),
        torch.from_numpy(w).double(),
        None if b is None else torch.from_numpy(b).double(),
        stride=stride,
        padding=padding,
        output_padding=extra,
        groups=groups,
        dilation=dilation,
    ).numpy()

    def spread(value: int | tuple[int, ...]) -> list[int]:
        return list(value) if isinstance(value, tuple) else [value] * rank

    constants = {"w": w} if b is None else {"w": w, "b": b}
    _run_levels(
        x,
        constants,
        expected.astype(np.float32),
        strides=spread(stride),
        pads=spread(padding) * 2,
        output_padding=spread(extra),
        dilations=spread(dilation),
        group=groups,
    )


REFERENCE_CASES = [
    # (input shape, weight shape, attributes)
    ((1, 2, 4, 3), (2, 3, 3, 2), {"strides": [2, 3], "pads": [1, 0, 0, 2]}),
    ((1, 2, 5), (2, 2, 3), {"strides": [2], "auto_pad": "SAME_LOWER"}),
    ((1, 1, 4, 4), (1, 2, 4, 3), {"strides": [2, 2], "auto_pad": "SAME_UPPER", "dilations": [1, 2]}),
    ((1, 2, 3, 3), (2, 1, 3, 3), {"strides": [2, 2], "output_shape": [8, 8]}),
    ((1, 2, 4), (2, 3, 3), {"strides": [2], "output_shape": [6], "auto_pad": "SAME_UPPER"}),
    ((1, 2, 2, 3, 2), (2, 2, 2, 2, 3), {"strides": [2, 1, 2], "pads": [1, 0, 1, 0, 1, 1]}),
]


@pytest.mark.parametrize(("x_shape", "w_shape", "attributes"), REFERENCE_CASES)
def test_matches_the_onnx_reference(x_shape, w_shape, attributes):
    """onnx's reference evaluator (in f64) for what PyTorch cannot say: asymmetric
    pads, auto_pad, output_shape (larger than the full output: grown at the end)."""
    rng = np.random.default_rng(len(attributes) + sum(x_shape))
    x = rng.standard_normal(x_shape).astype(np.float32)
    constants = {
        "w": rng.standard_normal(w_shape).astype(np.float32),
        "b": rng.standard_normal(w_shape[1]).astype(np.float32),
    }
    exact = {n: v.astype(np.float64) for n, v in constants.items()}
    reference = ReferenceEvaluator(_model(x.astype(np.float64), exact, None, **attributes))
    expected = np.asarray(reference.run(None, {"x": x.astype(np.float64)})[0])
    _run_levels(x, constants, expected.astype(np.float32), **attributes)


@pytest.mark.parametrize("auto_pad", ["NOTSET", "SAME_UPPER", "SAME_LOWER"])
def test_a_smaller_output_shape_matches_onnxruntime(auto_pad):
    """output_shape smaller than the full output: the total padding split as ONNX's
    spec says (onnx's reference evaluator fails on it without auto_pad; ONNX's shape
    inference gets the output's shape wrong, so the model declares it)."""
    rng = np.random.default_rng(5)
    x = rng.standard_normal((1, 2, 4, 3)).astype(np.float32)
    constants = {"w": rng.standard_normal((2, 3, 3, 2)).astype(np.float32)}
    attributes = {"strides": [2, 1], "output_shape": [6, 3], "auto_pad": auto_pad}
    model = _model(x, constants, (1, 3, 6, 3), **attributes)
    (expected,) = onnxruntime_outputs(model, {"x": x})
    _run_levels(x, constants, expected, **attributes)


def test_mir_rejects_a_3d_conv_transpose_at_the_op():
    """convert-gawee-to-mir fails at a 3-D conv_transpose, saying why."""
    x = np.zeros((1, 2, 3, 3, 3), np.float32)
    model = _model(x, {"w": np.ones((2, 2, 1, 1, 1), np.float32)}, (1, 2, 3, 3, 3))
    with pytest.raises(PassFailedAtOps, match="a 3-D window has no mir form"):
        backend.prepare(model, level="mir")


@pytest.mark.parametrize(
    ("attributes", "message"),
    [
        ({"strides": [3, 3], "auto_pad": "SAME_UPPER"}, "grows the output at its begin"),
        ({"kernel_shape": [3, 3]}, "kernel_shape"),
        ({"output_padding": [1, 1, 1]}, "output_padding"),
    ],
)
def test_the_importer_rejects_what_it_cannot_carry(attributes, message):
    """An import error naming the node, never a wrong output. (The output's type is
    left to ONNX's shape inference, which gets the first one wrong.)"""
    x = np.zeros((1, 2, 4, 4), np.float32)
    model = _model(x, {"w": np.ones((2, 2, 1, 1), np.float32)}, None, **attributes)
    model.graph.output[0].CopyFrom(helper.make_empty_tensor_value_info("y"))
    with pytest.raises(OnnxImportError, match=message):
        import_onnx(model)
