"""`gawee-fold-batch-norm` is checked by execution: the folded program matches the
unfolded one and ONNX Runtime, and leaves no batch norm that could fold."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
import torch
from xdsl.context import Context

from nnstack.dialects import gawee
from nnstack.frontend.onnx import import_onnx
from nnstack.interpreters import parse_module, run
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.gawee_fold_batch_norm import GaweeFoldBatchNormPass

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "frontend"))
from onnx_models import ResNet, assert_matches, export, onnxruntime_outputs, randomize_batch_norm  # noqa: E402


def count(module, op_type: type) -> int:
    return sum(isinstance(op, op_type) for op in module.walk())


@pytest.mark.parametrize(
    "lowering", [None, ConvertGaweeToLinalgPass, ConvertGaweeToMirPass], ids=["gawee", "linalg", "mir"]
)
def test_folded_resnet_matches_onnxruntime(lowering):
    """ResNet-18's layout (narrow) exported with its batch norms kept: every one of
    them follows a conv and folds; the result still matches ONNX Runtime."""
    torch.manual_seed(0)
    example = torch.randn(2, 3, 32, 32)
    model = export(randomize_batch_norm(ResNet(), seed=3), example, fold=False)
    module = import_onnx(model)
    batch_norms, convs = count(module, gawee.BatchNormOp), count(module, gawee.ConvOp)
    assert batch_norms == convs > 0
    GaweeFoldBatchNormPass().apply(Context(), module)
    module.verify()
    assert count(module, gawee.BatchNormOp) == 0 and count(module, gawee.ConvOp) == convs
    if lowering is not None:
        lowering().apply(Context(), module)
    (got,) = run(module, "main", example.numpy())
    (expected,) = onnxruntime_outputs(model, {"x": example.numpy()})
    assert_matches(got, expected)


@pytest.mark.parametrize(
    ("groups", "stride", "dilation", "bias"),
    [(1, 1, 1, True), (2, 2, 1, False), (4, 1, 2, True), (1, (2, 1), (1, 2), False)],
)
def test_folded_conv_batch_norm_matches_torch(groups: int, stride, dilation, bias: bool):
    """conv + batch norm with random statistics against PyTorch's eval-mode modules."""
    torch.manual_seed(groups)
    conv = torch.nn.Conv2d(4, 8, 3, stride, 1, dilation, groups=groups, bias=bias)
    norm = randomize_batch_norm(torch.nn.Sequential(torch.nn.BatchNorm2d(8)), seed=5)
    model = torch.nn.Sequential(conv, norm).eval()
    example = torch.randn(1, 4, 9, 7)
    module = import_onnx(export(model, example, fold=False))
    assert count(module, gawee.BatchNormOp) == 1
    GaweeFoldBatchNormPass().apply(Context(), module)
    assert count(module, gawee.BatchNormOp) == 0
    (got,) = run(module, "main", example.numpy())
    with torch.no_grad():
        expected = model(example).numpy()
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


U = 2.0**-24
"""The unit roundoff of f32."""


def gamma(n: int) -> float:
    """Higham's gamma_n = n u / (1 - n u): the relative bound of n f32 roundings."""
    return n * U / (1 - n * U)


def dense(array: np.ndarray) -> str:
    return f'dense<"0x{array.tobytes().hex()}">'


def tensor_type(shape: tuple[int, ...]) -> str:
    return f"tensor<{'x'.join(map(str, shape))}xf32>"


def assert_within(got: np.ndarray, expected: np.ndarray, bound: np.ndarray) -> None:
    """Each element of `got` is within its `bound` of `expected`."""
    error = np.abs(got.astype(np.float64) - expected.astype(np.float64))
    worst = tuple(int(i) for i in np.unravel_index(int(np.argmax(error - bound)), error.shape))
    assert np.all(error <= bound), (
        f"{int((error > bound).sum())} of {error.size} elements out of bound; worst at {worst}: "
        f"got {got[worst]!r}, expected {expected[worst]!r}, error {error[worst]:.3g} > bound {bound[worst]:.3g}"
    )


@pytest.mark.parametrize(("affine", "groups"), [(True, 1), (False, 2), (True, 4)])
def test_folded_batch_norm_keeps_an_eps_that_matters(affine: bool, groups: int):
    """Variances from 1e-5 to 3e-3 with the op's eps = 1e-3 (not PyTorch's default
    1e-5): scale = gamma / sqrt(var + eps) is 31.5 gamma at var = 1e-5, 316 gamma
    without eps and 224 gamma with eps = 1e-5. Before and after the pass the program
    is numpy's f64 conv + batch norm within the bound of its f32 roundings (derived
    below), and the two within the sum of their bounds; the wrong eps would be
    hundreds of bounds away (checked on the reference)."""
    rng = np.random.default_rng(11 + groups)
    channels, filters, kernel = 4, 8, (3, 2)  # not 3x3: Winograd has other error bounds
    k = channels // groups * kernel[0] * kernel[1]  # products per output element
    x = rng.standard_normal((2, channels, 7, 6)).astype(np.float32)
    w = (rng.standard_normal((filters, channels // groups, *kernel)) * 0.5).astype(np.float32)
    b = rng.standard_normal(filters).astype(np.float32)
    var = np.array([1e-5, 2e-5, 5e-5, 1e-4, 3e-4, 1e-3, 2e-3, 3e-3], np.float32)
    mean = (rng.standard_normal(filters) * 0.5).astype(np.float32)
    weight = (rng.uniform(0.5, 1.5, filters) * rng.choice([-1, 1], filters)).astype(np.float32)
    bias = rng.standard_normal(filters).astype(np.float32)
    eps = 1e-3
    out = (2, filters, 7, 7)
    xt, wt, ct, ot = tensor_type(x.shape), tensor_type(w.shape), tensor_type((filters,)), tensor_type(out)
    params = {
        "w": (w, wt),
        "b": (b, ct),
        "g": (weight, ct),
        "beta": (bias, ct),
        "m": (mean, ct),
        "v": (var, ct),
    }
    constants = "\n".join(f"  %{name} = arith.constant {dense(a)} : {t}" for name, (a, t) in params.items())
    text = f"""
func.func @main(%x: {xt}) -> {ot} {{
{constants}
  %c = gawee.conv %x, %w, %b strides = [1, 1] padding = [1, 1] dilation = [1, 1] groups = {groups} : ({xt}, {wt}, {ct}) -> {ot}
  %y = gawee.batch_norm %c, %g, %beta, %m, %v affine = {str(affine).lower()} eps = {eps!r} : ({ot}, {ct}, {ct}, {ct}, {ct}) -> {ot}
  func.return %y : {ot}
}}
"""
    module = parse_module(text)
    (before,) = run(module, "main", x)
    GaweeFoldBatchNormPass().apply(Context(), module)
    module.verify()
    assert count(module, gawee.BatchNormOp) == 0
    (after,) = run(module, "main", x)

    # the reference in f64, of the f32 inputs
    def conv64(x: np.ndarray, w: np.ndarray) -> np.ndarray:
        inputs = (torch.from_numpy(a.astype(np.float64)) for a in (x, w))
        return torch.nn.functional.conv2d(*inputs, padding=1, groups=groups).numpy()

    per_channel = (-1, 1, 1)
    g, beta = (weight, bias) if affine else (np.ones(filters), np.zeros(filters))
    g, beta, m, v = (a.astype(np.float64).reshape(per_channel) for a in (g, beta, mean, var))
    c = conv64(x, w) + b.astype(np.float64).reshape(per_channel)

    def batch_norm(eps: float) -> np.ndarray:
        return (c - m) * (g / np.sqrt(v + eps)) + beta

    expected = batch_norm(eps)
    s = np.abs(g / np.sqrt(v + eps))
    terms = conv64(np.abs(x), np.abs(w))  # sum |x| |w| of each output element
    # (The f64 reference's own errors, ~1e-16 of these terms, are negligible.)
    # After the fold: w' = fl(w s) and b' = fl((b - mean) s + beta), one rounding each
    # of an f64 value (u of s |w| and |b'|); the conv sums k products and b' in f32, in
    # any order within gamma_(k+1) of its terms (Higham); together within gamma_(k+3).
    folded_bound = gamma(k + 3) * (s * terms + np.abs((b.reshape(per_channel) - m) * s + beta))
    # Before: the conv's error |s| times, then at most six roundings in the batch norm
    # (c - mean, var + eps (eps itself rounded to f32), sqrt, divide, times gamma, plus
    # beta; or scale, shift, times, plus) on terms of at most |s| (|c| + |mean|) + |beta|.
    conv_error = gamma(k + 1) * (terms + np.abs(b).reshape(per_channel))
    unfolded_bound = s * conv_error + gamma(7) * (s * (np.abs(c) + conv_error + np.abs(m)) + np.abs(beta))
    assert before.dtype == after.dtype == np.float32 and before.shape == after.shape == out
    assert_within(before, expected, unfolded_bound)
    assert_within(after, expected, folded_bound)
    assert_within(after, before, folded_bound + unfolded_bound)
    for wrong in (0.0, 1e-5):  # eps dropped, or PyTorch's default instead of the op's
        assert np.all(np.abs(batch_norm(wrong) - expected).max(axis=(0, 2, 3)) > 100 * folded_bound.max())
