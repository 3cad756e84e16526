"""gawee.gemm, average_pool, global_average_pool and lrn against independent references,
at gawee level and after convert-gawee-to-linalg and convert-gawee-to-mir: ONNX's reference evaluator (Gemm,
AveragePool, GlobalAveragePool), PyTorch (avg_pool2d, local_response_norm) and ONNX
Runtime (LRN; the reference evaluator's LRN sums the wrong channels)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import onnx
import onnxruntime
import pytest
import torch
import torch.nn.functional as F
from generic_ir import array_text, one_op_function, tensor_text
from levels import run_at_levels
from onnx import helper
from onnx.reference import ReferenceEvaluator

ELEMENTS = {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64"}
TOLERANCE = {np.dtype(np.float32): 2e-6, np.dtype(np.float64): 1e-12}
DTYPES = pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])


def check_both_levels(
    op_name: str, attributes: dict[str, str], inputs: Sequence[np.ndarray], expected: np.ndarray
) -> None:
    """The one-op program (result type: the reference's shape) at gawee level, lowered
    to linalg and lowered to mir gives the reference's numbers."""
    element = ELEMENTS[inputs[0].dtype]
    text = one_op_function(
        op_name,
        [tensor_text(x.shape, element) for x in inputs],
        attributes,
        [tensor_text(expected.shape, element)],
    )
    scale = max(1.0, float(np.max(np.abs(expected))))
    for level, (got,) in run_at_levels(text, *inputs).items():
        assert got.dtype == expected.dtype and got.shape == expected.shape, level
        error = float(np.max(np.abs(got - expected)))
        assert error <= TOLERANCE[got.dtype] * scale, f"{level}: max abs error {error}"


def onnx_model(node: onnx.NodeProto, inputs: Sequence[np.ndarray], opset: int) -> onnx.ModelProto:
    elem = helper.np_dtype_to_tensor_dtype(inputs[0].dtype)
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info(name, elem, x.shape) for name, x in zip(node.input, inputs)],
        [helper.make_tensor_value_info("y", elem, None)],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def reference(node: onnx.NodeProto, inputs: Sequence[np.ndarray], opset: int = 19) -> np.ndarray:
    model = onnx_model(node, inputs, opset)
    (y,) = ReferenceEvaluator(model).run(None, dict(zip(node.input, inputs)))
    return y


def f64(value: float) -> str:
    return f"{value!r} : f64"


def flag(value: bool) -> str:
    return "true" if value else "false"


# ---------------------------------------------------------------------------
# gemm
# ---------------------------------------------------------------------------


@DTYPES
@pytest.mark.parametrize(
    ("trans_a", "trans_b", "alpha", "beta", "c_shape"),
    [
        (False, False, 1.0, 1.0, None),
        (True, False, 0.5, 1.0, (1, 5)),
        (False, True, 1.0, 2.0, (3, 5)),
        (True, True, 0.25, -0.5, (5,)),
        (False, False, 2.0, 1.0, ()),
        (False, True, 1.0, 1.0, (3, 1)),
    ],
    ids=["plain", "trans-a-row-c", "trans-b-matrix-c", "both-vector-c", "scalar-c", "column-c"],
)
def test_gemm(trans_a, trans_b, alpha, beta, c_shape, dtype):
    rng = np.random.default_rng(7)
    a = rng.standard_normal((4, 3) if trans_a else (3, 4)).astype(dtype)
    b = rng.standard_normal((5, 4) if trans_b else (4, 5)).astype(dtype)
    inputs = [a, b] + ([rng.standard_normal(c_shape).astype(dtype)] if c_shape is not None else [])
    node = helper.make_node(
        "Gemm",
        ["a", "b", "c"][: len(inputs)],
        ["y"],
        transA=int(trans_a),
        transB=int(trans_b),
        alpha=alpha,
        beta=beta,
    )
    attributes = {"transA": flag(trans_a), "transB": flag(trans_b), "alpha": f64(alpha), "beta": f64(beta)}
    check_both_levels("gawee.gemm", attributes, inputs, reference(node, inputs, 13))


def test_gemm_zero_beta_does_not_read_c():
    """beta = 0: inf and NaN in C do not reach the result, as in ONNX Runtime."""
    rng = np.random.default_rng(9)
    a, b = rng.standard_normal((3, 4)).astype(np.float32), rng.standard_normal((4, 2)).astype(np.float32)
    c = np.array([np.inf, np.nan], np.float32)
    node = helper.make_node("Gemm", ["a", "b", "c"], ["y"], alpha=0.5, beta=0.0)
    session = onnxruntime.InferenceSession(onnx_model(node, [a, b, c], 13).SerializeToString())
    (expected,) = session.run(None, {"a": a, "b": b, "c": c})
    assert np.isfinite(expected).all()
    check_both_levels("gawee.gemm", {"alpha": f64(0.5), "beta": f64(0.0)}, [a, b, c], expected)


# ---------------------------------------------------------------------------
# average_pool
# ---------------------------------------------------------------------------

POOLS = {
    # name: (x shape, kernel, strides, pads [top, left, bottom, right], dilations, ceil mode)
    "asymmetric-ceil": ((1, 2, 7, 9), (3, 2), (2, 3), (1, 0, 1, 1), (1, 1), True),
    "ceil-drops-last-window": ((1, 2, 8, 7), (3, 3), (3, 3), (1, 1, 1, 1), (1, 1), True),
    "ceil-adds-window": ((1, 1, 6, 5), (3, 2), (2, 2), (1, 0, 1, 0), (1, 1), True),
    "pads-wider-than-half": ((1, 3, 10, 9), (3, 3), (1, 1), (2, 2, 2, 2), (1, 1), False),
    "dilated-asymmetric": ((1, 2, 9, 8), (2, 3), (1, 2), (1, 1, 0, 2), (2, 1), False),
    "tall-kernel-wide-stride": ((2, 3, 11, 6), (3, 1), (1, 2), (0, 0, 0, 0), (1, 1), False),
}


@DTYPES
@pytest.mark.parametrize("count_include_pad", [False, True], ids=["exclude-pad", "include-pad"])
@pytest.mark.parametrize("name", POOLS)
def test_average_pool_vs_reference_evaluator(name: str, count_include_pad: bool, dtype):
    shape, kernel, strides, pads, dilations, ceil = POOLS[name]
    x = np.random.default_rng(3).standard_normal(shape).astype(dtype)
    node = helper.make_node(
        "AveragePool",
        ["x"],
        ["y"],
        kernel_shape=kernel,
        strides=strides,
        pads=pads,
        dilations=dilations,
        ceil_mode=int(ceil),
        count_include_pad=int(count_include_pad),
    )
    attributes = {
        "kernelSize": array_text(kernel),
        "strides": array_text(strides),
        "padding": array_text(pads),
        "dilation": array_text(dilations),
        "ceilMode": flag(ceil),
        "countIncludePad": flag(count_include_pad),
    }
    check_both_levels("gawee.average_pool", attributes, [x], reference(node, [x]))


@pytest.mark.parametrize("count_include_pad", [False, True], ids=["exclude-pad", "include-pad"])
@pytest.mark.parametrize(
    ("shape", "kernel", "strides", "padding", "ceil"),
    [
        ((1, 2, 7, 9), (3, 2), (2, 3), (1, 1), True),
        ((1, 3, 8, 7), (3, 3), (3, 3), (1, 1), True),
        ((2, 2, 9, 6), (3, 3), (2, 1), (1, 0), True),
        ((1, 4, 8, 8), (3, 3), (1, 1), (1, 1), False),
        ((1, 4, 8, 8), (2, 2), (2, 2), (0, 0), False),
    ],
    ids=["ceil-non-square", "ceil-drops", "ceil-per-axis-strides", "inception-3x3", "densenet-2x2"],
)
def test_average_pool_vs_torch(shape, kernel, strides, padding, ceil, count_include_pad):
    """PyTorch's avg_pool2d (symmetric padding only): the ceil-mode windows and their
    divisors with and without the padding."""
    x = np.random.default_rng(4).standard_normal(shape).astype(np.float32)
    expected = F.avg_pool2d(
        torch.from_numpy(x), kernel, strides, padding, ceil_mode=ceil, count_include_pad=count_include_pad
    ).numpy()
    attributes = {
        "kernelSize": array_text(kernel),
        "strides": array_text(strides),
        "padding": array_text(padding),
        "ceilMode": flag(ceil),
        "countIncludePad": flag(count_include_pad),
    }
    check_both_levels("gawee.average_pool", attributes, [x], expected)


# ---------------------------------------------------------------------------
# global_average_pool
# ---------------------------------------------------------------------------


@DTYPES
@pytest.mark.parametrize("shape", [(2, 3, 5), (1, 4, 3, 6), (2, 2, 3, 2, 4)], ids=["1d", "2d", "3d"])
def test_global_average_pool(shape, dtype):
    x = np.random.default_rng(5).standard_normal(shape).astype(dtype)
    node = helper.make_node("GlobalAveragePool", ["x"], ["y"])
    check_both_levels("gawee.global_average_pool", {}, [x], reference(node, [x]))


# ---------------------------------------------------------------------------
# lrn
# ---------------------------------------------------------------------------


@DTYPES
@pytest.mark.parametrize(
    ("size", "alpha", "beta", "bias"),
    [(5, 1e-4, 0.75, 1.0), (3, 0.5, 0.6, 2.0), (1, 0.2, 1.0, 1.5), (7, 2.0, 0.75, 1.0)],
    ids=["alexnet", "strong", "size-1", "window-wider-than-channels"],
)
def test_lrn_vs_torch_and_onnxruntime(size, alpha, beta, bias, dtype):
    x = np.random.default_rng(6).standard_normal((2, 6, 3, 4)).astype(dtype)
    expected = F.local_response_norm(torch.from_numpy(x), size, alpha, beta, bias).numpy()
    node = helper.make_node("LRN", ["x"], ["y"], size=size, alpha=alpha, beta=beta, bias=bias)
    if dtype == np.float32:  # ONNX Runtime's LRN is f32 only
        session = onnxruntime.InferenceSession(onnx_model(node, [x], 17).SerializeToString())
        np.testing.assert_allclose(session.run(None, {"x": x})[0], expected, rtol=1e-5, atol=1e-6)
    attributes = {"size": f"{size} : i64", "alpha": f64(alpha), "beta": f64(beta), "bias": f64(bias)}
    check_both_levels("gawee.lrn", attributes, [x], expected)


@pytest.mark.parametrize("size", [2, 4])
def test_lrn_even_size_follows_the_onnx_window(size: int):
    """ONNX sums channels c - floor((size-1)/2) .. c + ceil((size-1)/2); PyTorch's window
    is the other way round and ONNX Runtime rejects even sizes, so the reference is the
    ONNX formula, written out channel by channel."""
    x = np.random.default_rng(8).standard_normal((1, 5, 2, 3))
    alpha, beta, bias = 0.3, 0.75, 1.0
    expected = onnx_lrn(x, size, alpha, beta, bias)
    attributes = {"size": f"{size} : i64", "alpha": f64(alpha), "beta": f64(beta)}
    check_both_levels("gawee.lrn", attributes, [x], expected)


def onnx_lrn(x: np.ndarray, size: int, alpha: float, beta: float, bias: float) -> np.ndarray:
    """ONNX's LRN in f64, channel by channel: x / (bias + alpha / size * the sum of the
    squares of channels c - floor((size-1)/2) .. c + ceil((size-1)/2)) ** beta."""
    x = x.astype(np.float64)
    expected = np.empty_like(x)
    for c in range(x.shape[1]):
        low, high = max(0, c - (size - 1) // 2), min(x.shape[1] - 1, c + -(-(size - 1) // 2))
        square_sum = (x[:, low : high + 1] ** 2).sum(axis=1)
        expected[:, c] = x[:, c] / (bias + alpha / size * square_sum) ** beta
    return expected


@pytest.mark.parametrize(
    ("size", "alpha", "beta", "bias"),
    [(5, 1e-4, 0.75, 1.0), (3, 0.5, 0.75, 1.0), (4, 2.0, 0.6, 2.0)],
    ids=["alexnet", "strong", "even-size"],
)
def test_lrn_f16_is_correctly_rounded_at_every_level(size, alpha, beta, bias):
    """f16 computes in f32 and rounds once, at every level: within half an ulp (plus
    f32's rounding) of the f64 result. Inputs of magnitude ~10 make the window sums
    large enough that summing and raising to beta in f16 drifts by 1.5 ulp and more."""
    x = (np.random.default_rng(9).standard_normal((2, 8, 5, 6)) * 10).astype(np.float16)
    expected = onnx_lrn(x, size, alpha, beta, bias)
    ulp = np.spacing(np.abs(expected).astype(np.float16)).astype(np.float64)
    attributes = {"size": f"{size} : i64", "alpha": f64(alpha), "beta": f64(beta), "bias": f64(bias)}
    text = one_op_function(
        "gawee.lrn", [tensor_text(x.shape, "f16")], attributes, [tensor_text(x.shape, "f16")]
    )
    for level, (got,) in run_at_levels(text, x).items():
        assert got.dtype == np.float16, level
        ulps = float(np.max(np.abs(got.astype(np.float64) - expected) / ulp))
        assert ulps <= 0.501, f"{level}: {ulps:.3f} ulp from the f64 result"
