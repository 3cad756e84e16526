"""TopK, ScatterND, Resize, Upsample and CumSum through the ONNX front end (their ONNX
conformance cases, every Resize one included, run in test_onnx_backend.py): PyTorch exports
with nn.Upsample (nearest, bilinear), F.interpolate (align_corners, bicubic) and torch.topk
against ONNX Runtime and PyTorch, at gawee, linalg and mir level, and the one-line errors
of inputs that must be constants."""

from __future__ import annotations

import numpy as np
import onnx
import pytest
import torch
from onnx import numpy_helper
from onnx_models import assert_matches, export, onnxruntime_outputs
from test_onnx_import import LEVELS, run_at
from torch import nn

from nnstack.frontend.onnx import OnnxImportError


class UpsampleAndTopK(nn.Module):
    """Nearest and bilinear upsampling (as nn.Upsample and F.interpolate export them),
    then the 5 largest and the 3 smallest values of each row of the sum."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.nearest = nn.Upsample(scale_factor=2, mode="nearest")
        self.bilinear = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.conv(x)
        z = self.nearest(y) + self.bilinear(y)
        z = z + nn.functional.interpolate(y, size=(10, 12), mode="bilinear", align_corners=True)
        rows = z.flatten(2)
        top = torch.topk(rows, 5, dim=-1)
        bottom = torch.topk(rows, 3, dim=-1, largest=False)
        return torch.cat([top.values, bottom.values, top.indices.float()], dim=-1)


@pytest.mark.parametrize("level", LEVELS)
def test_pytorch_upsample_and_topk_match_onnxruntime(level):
    torch.manual_seed(0)
    example, module = torch.randn(2, 3, 5, 6), UpsampleAndTopK().eval()
    model = export(module, example)
    kinds = {node.op_type for node in model.graph.node}
    assert {"Resize", "TopK"} <= kinds, kinds
    modes = {
        (a.name, a.s.decode())
        for node in model.graph.node
        if node.op_type == "Resize"
        for a in node.attribute
    }
    assert {
        ("mode", "nearest"),
        ("mode", "linear"),
        ("coordinate_transformation_mode", "align_corners"),
    } <= modes
    inputs = {"x": example.numpy()}
    expected = onnxruntime_outputs(model, inputs)
    (got,) = run_at(level, model, inputs)
    assert_matches(got, expected[0])
    with torch.no_grad():
        np.testing.assert_allclose(got, module(example).numpy(), rtol=1e-5, atol=1e-5)


class Bicubic(nn.Module):
    """F.interpolate(mode="bicubic") up and down, as timm and torchvision resize images."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        up = nn.functional.interpolate(x, scale_factor=2, mode="bicubic", align_corners=False)
        down = nn.functional.interpolate(x, size=(3, 4), mode="bicubic", align_corners=True)
        return up[..., :3, :4] + down


@pytest.mark.parametrize("level", LEVELS)
def test_pytorch_bicubic_matches_onnxruntime_and_torch(level):
    example, module = torch.randn(2, 3, 5, 6, generator=torch.Generator().manual_seed(1)), Bicubic().eval()
    model = export(module, example)
    modes = {
        a.s.decode()
        for node in model.graph.node
        if node.op_type == "Resize"
        for a in node.attribute
        if a.name == "mode"
    }
    assert modes == {"cubic"}, modes
    inputs = {"x": example.numpy()}
    (got,) = run_at(level, model, inputs)
    assert_matches(got, onnxruntime_outputs(model, inputs)[0])
    with torch.no_grad():
        np.testing.assert_allclose(got, module(example).numpy(), rtol=1e-5, atol=1e-5)


def test_tf_crop_and_resize_roi_must_be_a_constant():
    """tf_crop_and_resize's roi gives the coordinates, so it must be known at import."""
    from onnx import TensorProto, helper

    from nnstack.frontend.onnx import import_onnx

    node = helper.make_node(
        "Resize",
        ["x", "roi", "", "sizes"],
        ["y"],
        name="n",
        coordinate_transformation_mode="tf_crop_and_resize",
    )
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 4, 4]),
            helper.make_tensor_value_info("roi", TensorProto.FLOAT, [8]),
        ],
        [helper.make_empty_tensor_value_info("y")],
        [numpy_helper.from_array(np.array([1, 1, 3, 3], np.int64), "sizes")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
    with pytest.raises(
        OnnxImportError, match=r"^node 'n' \(Resize, opset 19\): roi \(input 'roi'\) must be a constant$"
    ):
        import_onnx(model)


@pytest.mark.parametrize(
    ("op_type", "inputs", "message"),
    [
        ("TopK", ["x", "k"], r"K \(input 'k'\) must be a constant"),
        ("Resize", ["x", "", "scales"], r"scales \(input 'scales'\) must be a constant"),
        ("Resize", ["x", "", "", "sizes"], r"sizes \(input 'sizes'\) must be a constant"),
        ("CumSum", ["x", "axis"], r"axis \(input 'axis'\) must be a constant"),
    ],
    ids=["topk-k", "resize-scales", "resize-sizes", "cumsum-axis"],
)
def test_run_time_k_scales_or_sizes_are_a_one_line_error(op_type, inputs, message):
    """K, scales and sizes make the result type, so they must be known at import; so
    must CumSum's axis, which says what the op computes."""
    from onnx import TensorProto, helper

    from nnstack.frontend.onnx import import_onnx

    types = {
        "x": (TensorProto.FLOAT, [1, 1, 2, 2]),
        "k": (TensorProto.INT64, [1]),
        "axis": (TensorProto.INT64, []),
    }
    types |= {"scales": (TensorProto.FLOAT, [4]), "sizes": (TensorProto.INT64, [4])}
    outputs = ["y", "i"] if op_type == "TopK" else ["y"]
    graph = helper.make_graph(
        [helper.make_node(op_type, inputs, outputs, name="n")],
        "g",
        [helper.make_tensor_value_info(name, *types[name]) for name in inputs if name],
        [helper.make_empty_tensor_value_info(name) for name in outputs],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
    with pytest.raises(OnnxImportError, match=rf"^node 'n' \({op_type}, opset 19\): {message}$"):
        import_onnx(model)


@pytest.mark.parametrize("level", ["gawee", "linalg"])
@pytest.mark.parametrize(
    ("opset", "mode", "scales"),
    [
        (7, "nearest", [1.0, 1.0, 2.0, 3.0]),
        (9, "nearest", [1.0, 1.0, 1.5, 2.0]),
        (9, "linear", [1.0, 1.0, 2.0, 2.5]),
    ],
    ids=["opset7-nearest", "opset9-nearest-fractional", "opset9-linear"],
)
def test_upsample_matches_onnxruntime(opset, mode, scales, level):
    """Upsample (scales an attribute at opset 7, a constant input at 9) is Resize with
    asymmetric coordinates and nearest rounding down, as ONNX Runtime runs it."""
    from onnx import TensorProto, helper

    if opset == 7:
        node = helper.make_node("Upsample", ["x"], ["y"], mode=mode, scales=scales)
        initializers = []
    else:
        node = helper.make_node("Upsample", ["x", "scales"], ["y"], mode=mode)
        initializers = [numpy_helper.from_array(np.array(scales, np.float32), "scales")]
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 3, 4])],
        [helper.make_empty_tensor_value_info("y")],
        initializers,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    inputs = {"x": np.random.default_rng(opset).standard_normal((1, 2, 3, 4)).astype(np.float32)}
    (expected,) = onnxruntime_outputs(model, inputs)
    (got,) = run_at(level, model, inputs)
    assert_matches(got, expected)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("mode", ["nearest", "linear"])
def test_resize_to_an_empty_dim_as_onnxruntime(mode, level):
    """Resize of a non-empty input by positive scales whose floor(in * scale) is 0 in
    one dim: ONNX Runtime gives the empty result, and so does nnstack at every level;
    sizes of 0 there make a scale of 0, which ONNX Runtime rejects, and the importer
    rejects the node."""
    from onnx import TensorProto, helper

    from nnstack.frontend.onnx import import_onnx

    def resize(inputs: list[str], constants: dict[str, np.ndarray]) -> onnx.ModelProto:
        graph = helper.make_graph(
            [helper.make_node("Resize", inputs, ["y"], name="n", mode=mode)],
            "g",
            [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 3, 4])],
            [helper.make_empty_tensor_value_info("y")],
            [numpy_helper.from_array(value, name) for name, value in constants.items()],
        )
        return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])

    inputs = {"x": np.random.default_rng(3).standard_normal((1, 2, 3, 4)).astype(np.float32)}
    by_scales = resize(["x", "", "scales"], {"scales": np.array([1, 1, 0.3, 1.5], np.float32)})
    (expected,) = onnxruntime_outputs(by_scales, inputs)
    assert expected.shape == (1, 2, 0, 6) and expected.dtype == np.float32
    (got,) = run_at(level, by_scales, inputs)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    by_sizes = resize(["x", "", "", "sizes"], {"sizes": np.array([1, 2, 0, 6], np.int64)})
    with pytest.raises(Exception, match="Scale value should be greater than 0"):
        onnxruntime_outputs(by_sizes, inputs)
    with pytest.raises(
        OnnxImportError, match=r"cannot resize \[1, 2, 3, 4\] to \[1, 2, 0, 6\]: a dim is empty"
    ):
        import_onnx(by_sizes)
