"""CNN families beyond ResNet (`cnn_families`: AlexNet, GoogLeNet / SqueezeNet,
ShuffleNet V2, MobileNet V2 / V3, DenseNet, a U-Net and a vocoder; scaled down, random weights, exported from
PyTorch at opset 17) imported to gawee and run at gawee, linalg and mir level; every output
matches ONNX Runtime within max |err| <= 1e-4 + 1e-3 * max |reference|."""

from __future__ import annotations

import functools

import numpy as np
import onnx
import pytest
import torch
from cnn_families import AlexNet, DenseNet, GoogLeNet, MobileNet, ShuffleNet, UNet, Vocoder
from onnx_models import check_against_onnxruntime, export, randomize_batch_norm

FAMILIES = {
    # name: (model, input shape, ONNX operators the export must contain)
    "alexnet": (AlexNet, (1, 3, 64, 64), {"LRN", "MaxPool", "Gemm", "Relu"}),
    "googlenet": (GoogLeNet, (1, 3, 64, 64), {"Concat", "AveragePool", "MaxPool", "GlobalAveragePool"}),
    "shufflenet": (ShuffleNet, (1, 3, 64, 64), {"Reshape", "Transpose", "Slice", "Concat", "Conv"}),
    "mobilenet": (
        MobileNet,
        (1, 3, 32, 32),
        {"Clip", "HardSwish", "HardSigmoid", "Sigmoid", "Mul", "GlobalAveragePool"},
    ),
    "densenet": (DenseNet, (1, 3, 32, 32), {"BatchNormalization", "Concat", "AveragePool"}),
    "unet": (UNet, (1, 3, 32, 32), {"ConvTranspose", "Concat", "MaxPool"}),
    "vocoder": (Vocoder, (1, 4, 16), {"ConvTranspose", "LeakyRelu", "Tanh"}),
}


@functools.cache
def exported(name: str) -> tuple[onnx.ModelProto, np.ndarray]:
    build, shape, _ = FAMILIES[name]
    torch.manual_seed(0)
    model = randomize_batch_norm(build(), seed=1)
    example = torch.randn(shape)
    return export(model, example), example.numpy()


@pytest.mark.parametrize("name", FAMILIES)
def test_the_export_has_the_family_operators(name: str):
    model, _ = exported(name)
    kinds = {node.op_type for node in model.graph.node}
    assert FAMILIES[name][2] <= kinds, FAMILIES[name][2] - kinds


def test_the_depthwise_convs_and_the_shuffle_are_exported():
    """ShuffleNet and MobileNet convolve each channel alone (group = channels);
    ShuffleNet's shuffle is a 5-D Reshape, a Transpose of the two group dims, a Reshape."""
    for name in ("shufflenet", "mobilenet"):
        model, _ = exported(name)
        groups = [
            attribute.i
            for node in model.graph.node
            if node.op_type == "Conv"
            for attribute in node.attribute
            if attribute.name == "group"
        ]
        assert any(g > 1 for g in groups), name
    model, _ = exported("shufflenet")
    perms = [list(a.ints) for n in model.graph.node if n.op_type == "Transpose" for a in n.attribute]
    assert [0, 2, 1, 3, 4] in perms


@pytest.mark.parametrize("level", ["gawee", "linalg", "mir"])
@pytest.mark.parametrize("name", FAMILIES)
def test_matches_onnxruntime(name: str, level: str):
    model, x = exported(name)
    check_against_onnxruntime(model, {"x": x}, level)


# (not the vocoder: its 1-D convs run as 2-D ones between reshapes to and from a unit
# dim, which mir-fold-transposes does not sink a transpose through)
@pytest.mark.parametrize("name", [name for name in FAMILIES if name != "vocoder"])
def test_mir_fold_transposes_keeps_the_values(name: str):
    """After mir-fold-transposes each family gives the values it gave at mir level, bit
    for bit (concats, pools, grouped convs and ShuffleNet's own transposes included),
    with fewer activation transposes."""
    from xdsl.context import Context

    from nnstack.dialects import mir
    from nnstack.frontend.onnx import import_onnx
    from nnstack.interpreters import run
    from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
    from nnstack.transforms.mir_fold_transposes import MirFoldTransposesPass

    model, x = exported(name)
    module = import_onnx(model)
    ConvertGaweeToMirPass().apply(Context(), module)
    folded = module.clone()
    MirFoldTransposesPass().apply(Context(), folded)
    folded.verify()

    def transposes(m) -> int:
        return sum(
            isinstance(op, mir.TransposeOp) and not isinstance(op.input.owner, mir.ConstantOp)
            for op in m.walk()
        )

    assert transposes(folded) < transposes(module)
    for got, expected in zip(run(folded, "main", x), run(module, "main", x), strict=True):
        np.testing.assert_array_equal(got, expected)
