"""ONNX EyeLike (a constant of the input's shape), ReverseSequence (`gawee.reverse_sequence`),
Col2Im (`gawee.col2im`) and Det (`gawee.det`) imported and run at gawee, linalg and mir
level against onnx's reference evaluator (and numpy's det): every axis pair, lengths 0,
partial and past the time dim, 1-, 2- and 3-D images with strides, pads and dilations,
matrices that need pivoting, singular ones, batches, f32 and f64."""

from __future__ import annotations

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator

from nnstack.frontend.onnx import OnnxImportError, backend

LEVELS = ("gawee", "linalg", "mir")


def _model(
    op_type: str,
    inputs: dict[str, np.ndarray],
    constants: dict[str, np.ndarray],
    opset=22,
    invalid_shape: tuple[int, ...] | None = None,
    **attributes,
):
    """A one-node model; its output typed as onnx's reference computes it (an invalid
    one's, which the reference rejects, an f32 of `invalid_shape`)."""
    node = helper.make_node(op_type, [*inputs, *constants], ["y"], **attributes)
    if invalid_shape is None:
        (y,) = ReferenceEvaluator(node).run(None, inputs | constants)
    else:
        y = np.zeros(invalid_shape, np.float32)
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info(n, helper.np_dtype_to_tensor_dtype(a.dtype), a.shape)
            for n, a in inputs.items()
        ],
        [helper.make_tensor_value_info("y", helper.np_dtype_to_tensor_dtype(y.dtype), y.shape)],
        [numpy_helper.from_array(v, n) for n, v in constants.items()],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def _check(model, inputs: dict[str, np.ndarray], rtol=1e-6, atol=1e-6, expected=None):
    (reference,) = ReferenceEvaluator(model).run(None, inputs)
    if expected is not None:
        np.testing.assert_allclose(reference, expected, rtol=rtol, atol=atol)
    for level in LEVELS:
        (got,) = backend.prepare(model, level=level).run(list(inputs.values()))
        assert got.dtype == reference.dtype and got.shape == reference.shape, level
        np.testing.assert_allclose(got, reference, rtol=rtol, atol=atol, err_msg=level)


@pytest.mark.parametrize(
    ("shape", "k", "dtype"),
    [((3, 3), 0, None), ((3, 5), 2, TensorProto.DOUBLE), ((4, 2), -1, TensorProto.INT64), ((2, 3), 5, None)],
)
def test_eye_like_matches_the_onnx_reference(shape, k, dtype):
    attributes = {"k": k} | ({} if dtype is None else {"dtype": dtype})
    x = np.ones(shape, np.float32)
    _check(_model("EyeLike", {"x": x}, {}, **attributes), {"x": x})


@pytest.mark.parametrize(
    ("shape", "time", "batch", "lens", "dtype"),
    [
        ((5, 3), 0, 1, [5, 0, 2], np.float32),
        ((3, 5), 1, 0, [1, 4, 3], np.float32),
        ((4, 2, 3), 0, 1, [4, 3], np.float64),
        ((2, 6, 2, 2), 1, 0, [6, 1], np.int64),
    ],
)
def test_reverse_sequence_matches_the_onnx_reference(shape, time, batch, lens, dtype):
    x = (np.arange(np.prod(shape)).reshape(shape) * 1.5).astype(dtype)
    lengths = np.array(lens, np.int64)
    model = _model(
        "ReverseSequence", {"x": x, "lens": lengths}, {}, opset=10, time_axis=time, batch_axis=batch
    )
    _check(model, {"x": x, "lens": lengths})


def test_reverse_sequence_with_a_length_past_the_time_dim_reverses_it_all():
    """(ONNX leaves it undefined; onnx's reference slices, which reverses the whole dim.)"""
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    lengths = np.array([7, 2], np.int64)
    expected = np.array([[6, 3], [4, 1], [2, 5], [0, 7]], np.float32)
    _check(
        _model("ReverseSequence", {"x": x, "lens": lengths}, {}, opset=10),
        {"x": x, "lens": lengths},
        expected=expected,
    )


@pytest.mark.parametrize(
    ("channels", "image", "block", "attributes"),
    [
        (2, [7], [3], {"strides": [2]}),
        (1, [5, 5], [2, 3], {}),
        (3, [6, 7], [3, 2], {"strides": [2, 1], "pads": [1, 0, 2, 1], "dilations": [1, 2]}),
        (2, [5, 4], [2, 2], {"strides": [3, 2], "pads": [0, 1, 1, 0]}),
        (1, [3, 4, 5], [2, 1, 3], {"strides": [1, 2, 1], "pads": [1, 0, 0, 0, 1, 1], "dilations": [2, 1, 1]}),
    ],
)
def test_col2im_matches_the_onnx_reference(channels, image, block, attributes):
    rank = len(image)
    strides = attributes.get("strides", [1] * rank)
    pads = attributes.get("pads", [0] * 2 * rank)
    dilations = attributes.get("dilations", [1] * rank)
    blocks = [
        (image[d] + pads[d] + pads[rank + d] - dilations[d] * (block[d] - 1) - 1) // strides[d] + 1
        for d in range(rank)
    ]
    x = np.random.default_rng(1).standard_normal((2, channels * int(np.prod(block)), int(np.prod(blocks))))
    x = x.astype(np.float32)
    constants = {"image_shape": np.array(image, np.int64), "block_shape": np.array(block, np.int64)}
    _check(_model("Col2Im", {"x": x}, constants, opset=18, **attributes), {"x": x}, rtol=1e-5)


def test_col2im_with_blocks_that_do_not_tile_the_image_is_rejected():
    x = np.zeros((1, 4, 5), np.float32)
    constants = {"image_shape": np.array([4, 4], np.int64), "block_shape": np.array([2, 2], np.int64)}
    with pytest.raises(
        OnnxImportError, match=r"gawee.col2im: the input's dim 2 \(5\) must be the number of blocks 9"
    ):
        backend.prepare(_model("Col2Im", {"x": x}, constants, opset=18, invalid_shape=(1, 1, 4, 4)))


def _matrices() -> list[np.ndarray]:
    rng = np.random.default_rng(2)
    return [
        rng.standard_normal((1, 1)),
        rng.standard_normal((5, 5)),
        rng.standard_normal((2, 3, 4, 4)),
        np.eye(4)[[2, 0, 3, 1]] * [1.0, 2.0, 3.0, 4.0],  # zeros on the diagonal: pivoting needed
        np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]),  # singular
        np.array([[0.0, 0.0], [0.0, 0.0]]),  # zero pivots
        np.array([[1e-8, 1.0], [1.0, 1.0]]),  # a tiny pivot without pivoting
    ]


@pytest.mark.parametrize("matrix", _matrices())
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_det_matches_the_onnx_reference_and_numpy(matrix, dtype):
    x = matrix.astype(dtype)
    tolerance = 1e-5 if dtype == np.float32 else 1e-12
    _check(_model("Det", {"x": x}, {}), {"x": x}, rtol=tolerance, atol=tolerance, expected=np.linalg.det(x))
