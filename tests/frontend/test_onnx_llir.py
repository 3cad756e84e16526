"""Real model exports, scaled down to a few thousand elements per tensor, imported and
lowered all the way to llir (gawee -> mir -> llir), run by the llir interpreter with its
memory checks (strict reads, no leaked buffers) against ONNX Runtime: a ResNet, a
MobileNet block stack and a ShuffleNet (CNNs), BERT and Llama (transformers)."""

from __future__ import annotations

import numpy as np
import onnx
import pytest
import torch
from cnn_families import MobileNet, ShuffleNet
from onnx_models import ResNet, assert_matches, bert, export, llama, onnxruntime_outputs, randomize_batch_norm
from xdsl.context import Context

from nnstack.frontend.onnx import import_onnx
from nnstack.interpreters import call
from nnstack.interpreters.llir import leaked_buffers
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass


def cnn(build, shape: tuple[int, ...]) -> tuple[onnx.ModelProto, dict[str, np.ndarray]]:
    torch.manual_seed(0)
    example = torch.randn(shape)
    return export(randomize_batch_norm(build(), seed=1), example, fold=False), {"x": example.numpy()}


MODELS = {
    "resnet": lambda: cnn(lambda: ResNet(widths=(4, 8), classes=5, blocks=1), (1, 3, 16, 16)),
    "mobilenet": lambda: cnn(MobileNet, (1, 3, 16, 16)),
    "shufflenet": lambda: cnn(ShuffleNet, (1, 3, 16, 16)),
    "bert": lambda: bert(hidden=16, layers=1, heads=2, inner=32, vocab=50, length=8),
    "llama": lambda: llama(hidden=16, layers=1, heads=2, kv_heads=1, inner=32, vocab=50, length=4),
}


@pytest.mark.parametrize("name", MODELS)
def test_matches_onnxruntime_at_llir_level(name: str):
    model, inputs = MODELS[name]()
    expected = onnxruntime_outputs(model, inputs)
    module = import_onnx(model)
    ConvertGaweeToMirPass().apply(Context(), module)
    ConvertMirToLlirPass().apply(Context(), module)
    module.verify()
    assert not any(op.dialect_name() in ("gawee", "mir") for op in module.walk())
    result = call(module, "main", list(inputs.values()), strict_memory=True)
    assert leaked_buffers(result.interpreter) == []
    assert len(result.results) == len(expected)
    for got, reference in zip(result.results, expected):
        assert_matches(np.asarray(got), reference)
