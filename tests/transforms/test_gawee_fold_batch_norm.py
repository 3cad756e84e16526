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
from nnstack.interpreters import run
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
