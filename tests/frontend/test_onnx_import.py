"""The ONNX front end: models exported from PyTorch or built with onnx.helper are
imported to gawee and run at gawee, linalg and mir level; every output matches ONNX
Runtime within max |err| <= 1e-4 + 1e-3 * max |reference|. Models the importer cannot
represent exactly are one-line errors."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import onnx
import pytest
import torch
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator
from onnx_models import (
    LEVELS,
    ResNet,
    assert_matches,
    check_against_onnxruntime,
    export,
    onnxruntime_outputs,
    randomize_batch_norm,
    run_at,
)
from xdsl.context import Context

from nnstack.frontend.onnx import OnnxImportError, import_onnx
from nnstack.interpreters import call, parse_module, run
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass


def resnet(fold: bool) -> tuple[onnx.ModelProto, dict[str, np.ndarray]]:
    torch.manual_seed(0)
    example = torch.randn(2, 3, 32, 32)
    return export(randomize_batch_norm(ResNet(), seed=1), example, fold=fold), {"x": example.numpy()}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("fold", [True, False], ids=["bn-folded", "bn-kept"])
def test_resnet_matches_onnxruntime(level: str, fold: bool):
    """ResNet-18's layout at width 8..32 on 2x3x32x32: with batch norm folded into the
    convs by the exporter (Conv, Relu, MaxPool, Add, GlobalAveragePool, Flatten,
    Gemm), and kept as BatchNormalization nodes."""
    model, inputs = resnet(fold)
    kinds = {node.op_type for node in model.graph.node}
    assert ("BatchNormalization" in kinds) != fold
    check_against_onnxruntime(model, inputs, level)


def conv_model(group: int, auto_pad: str, strides: list[int], dilations: list[int]) -> onnx.ModelProto:
    rng = np.random.default_rng(group)
    weight = rng.standard_normal((8, 8 // group, 3, 2)).astype(np.float32)
    bias = rng.standard_normal(8).astype(np.float32)
    attributes = {"group": group, "strides": strides, "dilations": dilations, "auto_pad": auto_pad}
    if auto_pad == "NOTSET":
        attributes["pads"] = [1, 0, 2, 1]
    node = helper.make_node("Conv", ["x", "w", "b"], ["y"], **attributes)
    graph = helper.make_graph(
        [node, helper.make_node("Relu", ["y"], ["z"])],
        "conv",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 8, 9, 11])],
        [helper.make_tensor_value_info("z", TensorProto.FLOAT, None)],
        [numpy_helper.from_array(weight, "w"), numpy_helper.from_array(bias, "b")],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("group", "auto_pad", "strides", "dilations"),
    [
        (1, "NOTSET", [1, 2], [1, 1]),
        (2, "SAME_UPPER", [2, 1], [1, 1]),
        (8, "SAME_LOWER", [2, 2], [1, 1]),
        (4, "VALID", [1, 1], [2, 1]),
    ],
    ids=["asymmetric-pads", "grouped-same-upper", "depthwise-same-lower", "valid-dilated"],
)
def test_conv_attributes_match_onnxruntime(level, group, auto_pad, strides, dilations):
    model = conv_model(group, auto_pad, strides, dilations)
    inputs = {"x": np.random.default_rng(0).standard_normal((1, 8, 9, 11)).astype(np.float32)}
    check_against_onnxruntime(model, inputs, level)


class Activations(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = torch.nn.functional.gelu(x) * torch.sigmoid(x) - torch.tanh(x) / (torch.exp(-x.abs()) + 1)
        b = torch.nn.functional.leaky_relu(x, 0.2) + torch.nn.functional.hardswish(x) * torch.erf(x)
        return a + b.pow(2.0) + torch.sqrt(x * x + 1).log() * torch.sin(x) - torch.cos(x).reciprocal()


@pytest.mark.parametrize("level", LEVELS)
def test_elementwise_model_matches_onnxruntime(level: str):
    """An exported mix of the element-wise operators (GELU decomposed with Erf, as
    opset-17 exports write it)."""
    example = torch.randn(3, 5, 7)
    model = export(Activations(), example)
    assert {"Erf", "Sigmoid", "LeakyRelu", "HardSwish", "Pow", "Reciprocal"} <= {
        n.op_type for n in model.graph.node
    }
    check_against_onnxruntime(model, {"x": example.numpy()}, level)


def test_shape_arithmetic_is_folded_at_import():
    """Shape -> ConstantOfShape of an initializer's shape is evaluated at import: the
    program is one gawee.add with a constant operand."""
    graph = helper.make_graph(
        [
            helper.make_node("Shape", ["w"], ["s"]),
            helper.make_node(
                "ConstantOfShape", ["s"], ["c"], value=numpy_helper.from_array(np.array([2.5], np.float32))
            ),
            helper.make_node("Add", ["x", "c"], ["y"]),
        ],
        "fold",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])],
        [numpy_helper.from_array(np.zeros((3,), np.float32), "w")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    module = import_onnx(model)
    gawee_ops = [op.name for op in module.walk() if op.name.startswith("gawee.")]
    assert gawee_ops == ["gawee.add"]
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    (y,) = run(module, "main", x)
    np.testing.assert_array_equal(y, x + 2.5)


def test_dynamic_batch_needs_an_input_shape():
    torch.manual_seed(0)
    example = torch.randn(1, 3, 32, 32)
    model = export(randomize_batch_norm(ResNet(), seed=1), example, dynamic_batch=True)
    with pytest.raises(
        OnnxImportError,
        match=r"^input 'x' has a dynamic dimension 'batch' \(dim 0\); give its size with --input-shape x=Nx3x32x32$",
    ):
        import_onnx(model)
    inputs = {"x": np.random.default_rng(1).standard_normal((3, 3, 32, 32)).astype(np.float32)}
    (y,) = run_at("gawee", model, inputs, x=(3, 3, 32, 32))
    assert_matches(y, onnxruntime_outputs(model, inputs)[0])


def single_node_model(
    node: onnx.NodeProto, shape: list[int], elem: int = TensorProto.FLOAT
) -> onnx.ModelProto:
    graph = helper.make_graph(
        [node],
        "one",
        [helper.make_tensor_value_info("x", elem, shape)],
        [helper.make_tensor_value_info("y", elem, None)],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def test_every_unsupported_node_is_named_at_once():
    """The import lists every operator it lacks, with its count and first node (most
    first), not just the first node: one run says what a model needs; nodes that fold
    (their inputs constants, or Shape of a static shape) are not among them."""
    nodes = [
        helper.make_node("Unique", ["x"], ["a"], name="t1"),
        helper.make_node("NonZero", ["x"], ["b"], name="c1"),
        helper.make_node("Unique", ["x"], ["c"], name="t2"),
        helper.make_node("ConstantOfShape", ["s"], ["f"], name="folded"),
        helper.make_node("Shape", ["x"], ["shape"]),
        helper.make_node("ConstantOfShape", ["shape"], ["g"], name="folded too"),
        helper.make_node("Relu", ["x"], ["d"]),
    ]
    graph = helper.make_graph(
        nodes,
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 2])],
        [helper.make_empty_tensor_value_info(name) for name in "abcd"],
        [numpy_helper.from_array(np.array([2, 2], np.int64), "s")],
    )
    with pytest.raises(OnnxImportError) as info:
        import_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))
    assert str(info.value) == (
        "operators gawee has no lowering for (opset 17): Unique (2 nodes, the first 't1'; its "
        "output's shape depends on the input's values; gawee's types are static), NonZero (1 node, "
        "the first 'c1'; its output's shape depends on the input's values; gawee's types are static)"
    )


@pytest.mark.parametrize(
    ("node", "shape", "elem", "message"),
    [
        (
            helper.make_node("Unique", ["x"], ["y"], name="d"),
            [3, 3],
            TensorProto.FLOAT,
            "node 'd' (Unique, opset 17): no gawee lowering for this operator: its output's shape depends "
            "on the input's values; gawee's types are static",
        ),
        (
            helper.make_node("Relu", ["x"], ["y"], name="r"),
            [2, 3],
            TensorProto.COMPLEX64,
            "input 'x' has element type COMPLEX64, which gawee cannot carry",
        ),
        (
            helper.make_node("Relu", ["x"], ["y"], name="r"),
            [2, 3],
            TensorProto.INT32,
            "node 'r' (Relu, opset 17): gawee.relu: operand 'input' at position 0 does not verify: "
            "Expected one of bf16, f16, f32, f64, but got i32",
        ),
        (
            helper.make_node("LpNormalization", ["x"], ["y"], name="lp", p=3),
            [2, 3],
            TensorProto.FLOAT,
            "node 'lp' (LpNormalization, opset 17): p = 3 is not supported (1 or 2)",
        ),
        (
            helper.make_node("AveragePool", ["x"], ["y"], name="ap", kernel_shape=[1, 1, 1, 1]),
            [1, 2, 2, 2, 2, 2],
            TensorProto.FLOAT,
            "node 'ap' (AveragePool, opset 17): only 1-, 2- and 3-D windows (inputs of rank 3, 4 or 5) are "
            "supported, got rank 6",
        ),
    ],
    ids=["unsupported-op", "complex-input", "integer-relu", "unsupported-attribute", "4d-pooling"],
)
def test_unsupported_models_are_one_line_errors(node, shape, elem, message):
    with pytest.raises(OnnxImportError) as info:
        import_onnx(single_node_model(node, shape, elem))
    assert str(info.value).startswith(message) and "\n" not in str(info.value)


BIN = Path(sys.executable).parent
"""Where the project's console scripts are installed (the test's own environment)."""


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    tool = BIN / "nnstack-import-onnx"
    return subprocess.run([tool, *args], capture_output=True, text=True, check=False)


def _external_data_model(tmp_path: Path) -> Path:
    """A one-MatMul model whose weight is external data in weights.bin beside it."""
    weight = numpy_helper.from_array(np.eye(4, dtype=np.float32), "w")
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["y"])],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 4])],
        [weight],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    path = tmp_path / "model.onnx"
    onnx.save(model, path, save_as_external_data=True, location="weights.bin", size_threshold=0)
    return path


def test_command_line_bad_input_is_one_line(tmp_path, capsys):
    """Each is one line on stderr and exit status 1, never a traceback: an empty file
    (it parses as an empty ModelProto), a model whose external data file is missing, an
    output path in no directory (told before the import), an unwritable output (no
    partial file left); --version answers."""
    from nnstack.tools.nnstack_import_onnx import main

    empty = tmp_path / "empty.onnx"
    empty.write_bytes(b"")
    model = _external_data_model(tmp_path)
    assert main([str(model), "-o", str(tmp_path / "ok.mlir")]) == 0
    (tmp_path / "weights.bin").rename(tmp_path / "moved.bin")
    cases = [
        ([str(empty)], "not an ONNX model: it has no graph"),
        ([str(model)], "cannot read its external data"),
        ([str(empty), "-o", str(tmp_path / "no" / "dir" / "x.mlir")], "no directory"),
    ]
    capsys.readouterr()
    for args, message in cases:
        assert main(args) == 1, args
        err = capsys.readouterr().err
        assert err.startswith("nnstack-import-onnx: error: ") and message in err and err.count("\n") == 1, err
    (tmp_path / "moved.bin").rename(tmp_path / "weights.bin")
    unwritable = tmp_path / "dir.mlir"
    unwritable.mkdir()
    assert main([str(model), "-o", str(unwritable)]) == 1
    assert "cannot write" in capsys.readouterr().err and unwritable.is_dir()
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0 and capsys.readouterr().out.startswith("nnstack-import-onnx (nnstack ")


def test_command_line_import_then_run_and_lower(tmp_path):
    """nnstack-import-onnx writes a module that nnstack-run runs (also after lowering)
    and that xdsl-opt lowers; its errors are one line with exit status 1."""
    model, inputs = resnet(fold=False)
    onnx.save(model, tmp_path / "model.onnx")
    result = cli(str(tmp_path / "model.onnx"), "-o", str(tmp_path / "model.mlir"))
    assert result.returncode == 0, result.stderr
    np.save(tmp_path / "x.npy", inputs["x"])
    expected = onnxruntime_outputs(model, inputs)[0]
    for pipeline in ([], ["-p", "convert-gawee-to-linalg"], ["-p", "convert-gawee-to-mir"]):
        out = tmp_path / f"out{len(pipeline)}{pipeline[-1] if pipeline else ''}"
        run_result = subprocess.run(
            [
                BIN / "nnstack-run",
                str(tmp_path / "model.mlir"),
                "--symbol",
                "main",
                "--input",
                str(tmp_path / "x.npy"),
                "--output-dir",
                str(out),
                *pipeline,
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        assert run_result.returncode == 0, run_result.stderr
        assert_matches(np.load(out / "out0.npy"), expected)
    lowered = subprocess.run(
        [BIN / "xdsl-opt", str(tmp_path / "model.mlir"), "-p", "convert-gawee-to-linalg"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "gawee." not in lowered and "linalg.conv_2d_nchw_fchw" in lowered
    parse_module(lowered)

    bad = cli(str(tmp_path / "model.onnx"), "--input-shape", "y=1x3")
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1
    assert bad.stderr.startswith(
        "nnstack-import-onnx: error: --input-shape names 'y', which is not a graph input"
    )
    missing = cli(str(tmp_path / "missing.onnx"))
    assert missing.returncode == 1 and missing.stderr.startswith(
        "nnstack-import-onnx: error: cannot read ONNX model"
    )
    syntax = cli(str(tmp_path / "model.onnx"), "--input-shape", "x=1xa")
    assert syntax.returncode == 2 and "is not NAME=DxDx...D" in syntax.stderr


@pytest.mark.skipif(
    shutil.which("mlir-opt-19") is None, reason="mlir-opt-19 not installed (apt install mlir-19-tools)"
)
def test_lowered_model_verifies_in_mlir_opt_19():
    model, _ = resnet(fold=False)
    module = import_onnx(model)
    ConvertGaweeToLinalgPass().apply(Context(), module)
    result = subprocess.run(
        ["mlir-opt-19", "-o", "/dev/null"], input=str(module), capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


class SelfAttention(torch.nn.Module):
    """Multi-head self-attention as BERT writes it: projections, a view into heads,
    transposes, scaled scores, softmax, the weighted sum, and the merge of the heads."""

    def __init__(self, hidden: int = 16, heads: int = 4):
        super().__init__()
        self.heads, self.size = heads, hidden // heads
        self.query, self.key, self.value = (torch.nn.Linear(hidden, hidden) for _ in range(3))

    def split(self, x: torch.Tensor) -> torch.Tensor:
        batch, length, _ = x.shape
        return x.view(batch, length, self.heads, self.size).transpose(1, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.split(self.query(x)), self.split(self.key(x)), self.split(self.value(x))
        scores = torch.matmul(q, k.transpose(-1, -2)) / self.size**0.5
        context = torch.matmul(torch.softmax(scores, dim=-1), v).transpose(1, 2)
        return context.reshape(x.shape[0], x.shape[1], -1)


@pytest.mark.parametrize("level", LEVELS)
def test_self_attention_matches_onnxruntime(level: str):
    """The shape arithmetic of the view / reshape (Shape, Gather, Unsqueeze, Concat) folds
    at import; MatMul, Transpose, Reshape and Softmax become gawee ops."""
    torch.manual_seed(0)
    example = torch.randn(2, 5, 16)
    model = export(SelfAttention().eval(), example)
    kinds = {node.op_type for node in model.graph.node}
    assert {"MatMul", "Transpose", "Reshape", "Softmax"} <= kinds
    check_against_onnxruntime(model, {"x": example.numpy()}, level)


class RMSNorm(torch.nn.Module):
    """Llama's RMSNorm: x / sqrt(mean(x^2) + eps) * weight, then a max and a sum over
    other axes so that every reduction kind is exported."""

    def __init__(self, hidden: int = 16):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.rand(hidden) + 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        normed = x / torch.sqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * self.weight
        return normed + normed.amax(1, keepdim=True) - normed.sum(0) + normed.amin(-1, keepdim=True)


@pytest.mark.parametrize("level", LEVELS)
def test_rms_norm_matches_onnxruntime(level: str):
    torch.manual_seed(0)
    example = torch.randn(2, 5, 16)
    model = export(RMSNorm().eval(), example)
    assert {"ReduceMean", "ReduceMax", "ReduceSum", "ReduceMin", "Pow", "Sqrt"} <= {
        n.op_type for n in model.graph.node
    }
    check_against_onnxruntime(model, {"x": example.numpy()}, level)


class FeedForward(torch.nn.Module):
    """BERT's feed-forward sublayer: dense, GELU (exported as Erf), dense, residual add,
    LayerNorm."""

    def __init__(self, hidden: int = 16, inner: int = 32):
        super().__init__()
        self.up, self.down = torch.nn.Linear(hidden, inner), torch.nn.Linear(inner, hidden)
        self.norm = torch.nn.LayerNorm(hidden, eps=1e-12)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.norm(x + self.down(torch.nn.functional.gelu(self.up(x))))


@pytest.mark.parametrize("level", LEVELS)
def test_feed_forward_with_layer_norm_matches_onnxruntime(level: str):
    torch.manual_seed(0)
    example = torch.randn(2, 5, 16)
    model = export(FeedForward().eval(), example)
    assert {"LayerNormalization", "Erf", "MatMul"} <= {n.op_type for n in model.graph.node}
    check_against_onnxruntime(model, {"x": example.numpy()}, level)


@pytest.mark.parametrize(
    ("attributes", "c_shape", "expected_op"),
    [
        ({"transB": 1}, (5,), "gawee.linear"),
        ({"transB": 1}, None, "gawee.linear"),
        ({"transB": 1}, (3, 5), "gawee.gemm"),
        ({"transA": 1, "alpha": 0.5, "beta": 2.0}, (1, 5), "gawee.gemm"),
    ],
    ids=["linear", "linear-no-bias", "matrix-c", "general"],
)
def test_gemm_imports_as_linear_only_in_pytorchs_form(attributes, c_shape, expected_op):
    rng = np.random.default_rng(0)
    a_shape = (4, 3) if attributes.get("transA") else (3, 4)
    b = rng.standard_normal((5, 4) if attributes.get("transB") else (4, 5)).astype(np.float32)
    initializers = [numpy_helper.from_array(b, "b")]
    if c_shape is not None:
        initializers.append(numpy_helper.from_array(rng.standard_normal(c_shape).astype(np.float32), "c"))
    node = helper.make_node("Gemm", ["a", "b", "c"][: len(initializers) + 1], ["y"], **attributes)
    graph = helper.make_graph(
        [node],
        "gemm",
        [helper.make_tensor_value_info("a", TensorProto.FLOAT, a_shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
        initializers,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    ops = [op.name for op in import_onnx(model).walk() if op.name.startswith("gawee.")]
    assert ops == [expected_op]
    inputs = {"a": rng.standard_normal(a_shape).astype(np.float32)}
    for level in ("gawee", "linalg"):
        check_against_onnxruntime(model, inputs, level)


class CeilModePools(torch.nn.Module):
    """Ceil-mode pools on 5x5 whose last window (2x2 / 2, padding 1) would start on the
    end padding: PyTorch, ONNX Runtime and gawee drop it (3x3, then 2x2), onnx 1.23's
    shape inference keeps it (4x4, then 3x3)."""

    def __init__(self):
        super().__init__()
        self.avg = torch.nn.AvgPool2d(2, 2, padding=1, ceil_mode=True)
        self.max = torch.nn.MaxPool2d(2, 2, padding=1, ceil_mode=True)
        self.conv = torch.nn.Conv2d(2, 3, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv(self.max(torch.relu(self.avg(x))))


@pytest.mark.parametrize("level", LEVELS)
def test_ceil_mode_pools_follow_onnxruntime_not_onnx_shape_inference(level: str):
    torch.manual_seed(0)
    example = torch.randn(1, 2, 5, 5)
    model = export(CeilModePools().eval(), example)
    inferred = onnx.shape_inference.infer_shapes(model)
    shapes = {v.name: [d.dim_value for d in v.type.tensor_type.shape.dim] for v in inferred.graph.value_info}
    pooled = next(node.output[0] for node in model.graph.node if node.op_type == "AveragePool")
    assert shapes[pooled] == [1, 2, 4, 4]
    assert check_against_onnxruntime(model, {"x": example.numpy()}, level) < 1e-5


def max_pool_model(elem: int, shape: list[int], **attributes) -> onnx.ModelProto:
    graph = helper.make_graph(
        [helper.make_node("MaxPool", ["x"], ["y"], name="mp", **attributes)],
        "max_pool",
        [helper.make_tensor_value_info("x", elem, shape)],
        [helper.make_tensor_value_info("y", elem, None)],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def max_pool_at(level: str, model: onnx.ModelProto, inputs: dict[str, np.ndarray]) -> np.ndarray:
    """The model's one output at `level`: `run_at`'s, or after convert-mir-to-llir."""
    if level != "llir":
        (got,) = run_at(level, model, inputs)
        return got
    module = import_onnx(model)
    ConvertGaweeToMirPass().apply(Context(), module)
    ConvertMirToLlirPass().apply(Context(), module)
    module.verify()
    return np.asarray(call(module, "main", list(inputs.values()), strict_memory=True).results[0])


PADDING_ONLY_POOLS = {
    # H = 1: the two taps of the dilated kernel fall on the padding rows above and below
    "dilated-rows": ([1, 2, 1, 3], {"kernel_shape": [2, 1], "dilations": [2, 1], "pads": [1, 0, 1, 0]}),
    "dilated-columns-ceil": (
        [1, 2, 3, 2],
        {
            "kernel_shape": [2, 2],
            "dilations": [1, 3],
            "pads": [1, 1, 1, 1],
            "strides": [2, 1],
            "ceil_mode": 1,
        },
    ),
}
"""MaxPools (pads below the kernel, as ONNX Runtime requires) whose windows along one
axis see only padding, so every output is ONNX Runtime's value for such a window."""


@pytest.mark.parametrize("level", [*LEVELS, "llir"])
@pytest.mark.parametrize(
    ("elem", "expected"),
    [
        (TensorProto.FLOAT, np.finfo(np.float32).min),
        (TensorProto.FLOAT16, -np.inf),
        (TensorProto.DOUBLE, np.finfo(np.float64).min),
    ],
    ids=["f32", "f16", "f64"],
)
@pytest.mark.parametrize("case", PADDING_ONLY_POOLS)
def test_max_pool_windows_of_padding_only_match_onnxruntime(
    case: str, elem: int, expected: float, level: str
):
    """ONNX Runtime gives the lowest finite f32 / f64 (where its max starts) and -inf for
    f16; so does every level, llir included (gawee and linalg gave -inf, the importer
    and convert-gawee-to-mir refused the op)."""
    shape, attributes = PADDING_ONLY_POOLS[case]
    model = max_pool_model(elem, shape, **attributes)
    dtype = helper.tensor_dtype_to_np_dtype(elem)
    inputs = {"x": np.random.default_rng(0).standard_normal(shape).astype(dtype)}
    (reference,) = onnxruntime_outputs(model, inputs)
    assert reference.size and np.all(reference == expected)
    got = max_pool_at(level, model, inputs)
    assert got.dtype == reference.dtype
    np.testing.assert_array_equal(got, reference)


@pytest.mark.parametrize("level", [*LEVELS, "llir"])
def test_max_pool_pads_wider_than_half_the_kernel_match_onnxruntime(level: str):
    """Pads up to the kernel less 1 (ONNX Runtime's limit), past the half kernel
    PyTorch allows, which the importer rejected."""
    model = max_pool_model(TensorProto.FLOAT, [1, 2, 4, 5], kernel_shape=[3, 2], pads=[2, 1, 2, 1])
    inputs = {"x": np.random.default_rng(0).standard_normal((1, 2, 4, 5)).astype(np.float32)}
    (reference,) = onnxruntime_outputs(model, inputs)
    np.testing.assert_array_equal(max_pool_at(level, model, inputs), reference)


def dropout_model(
    ratio: float, training_mode: bool | None, *, mask: bool = False, runtime_training: bool = False
) -> onnx.ModelProto:
    """Dropout(x, ratio, training_mode) with a constant ratio; training_mode a constant,
    a graph input (`runtime_training`) or absent (None)."""
    initializers = [numpy_helper.from_array(np.array(ratio, np.float32), "r")]
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 4])]
    if runtime_training:
        inputs.append(helper.make_tensor_value_info("t", TensorProto.BOOL, []))
    elif training_mode is not None:
        initializers.append(numpy_helper.from_array(np.array(training_mode), "t"))
    operands = ["x", "r", "t"] if runtime_training or training_mode is not None else ["x", "r"]
    outputs = [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)]
    if mask:
        outputs.append(helper.make_tensor_value_info("z", TensorProto.BOOL, None))
    node = helper.make_node("Dropout", operands, [o.name for o in outputs], name="drop", seed=0)
    graph = helper.make_graph([node], "dropout", inputs, outputs, initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


@pytest.mark.parametrize(
    ("model", "message"),
    [
        (
            dropout_model(0.5, True),
            "node 'drop' (Dropout, opset 17): training_mode = true with ratio 0.5 (random dropout) "
            "is not supported",
        ),
        (
            dropout_model(0.0, None, runtime_training=True),
            "node 'drop' (Dropout, opset 17): training_mode (input 't') must be a constant",
        ),
    ],
    ids=["training", "runtime-training-mode"],
)
def test_training_dropout_is_rejected(model: onnx.ModelProto, message: str):
    """Dropout in training mode drops at random: imported as the identity it gave wrong
    numbers."""
    with pytest.raises(OnnxImportError) as info:
        import_onnx(model)
    assert str(info.value) == message


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("ratio", "training_mode"),
    [(0.0, True), (0.5, False), (0.5, None)],
    ids=["training-ratio-0", "inference", "default"],
)
def test_dropout_that_keeps_everything_is_the_identity(ratio: float, training_mode: bool | None, level: str):
    model = dropout_model(ratio, training_mode)
    inputs = {"x": np.random.default_rng(0).standard_normal((2, 3, 4)).astype(np.float32)}
    (reference,) = onnxruntime_outputs(model, inputs)
    np.testing.assert_array_equal(reference, inputs["x"])
    (got,) = run_at(level, model, inputs)
    np.testing.assert_array_equal(got, reference)


@pytest.mark.parametrize("level", LEVELS)
def test_dropout_that_keeps_everything_masks_nothing(level: str):
    """Training with ratio 0 drops nothing: the mask is all true (onnx's reference)."""
    model = dropout_model(0.0, True, mask=True)
    inputs = {"x": np.random.default_rng(0).standard_normal((2, 3, 4)).astype(np.float32)}
    y, mask = run_at(level, model, inputs)
    np.testing.assert_array_equal(y, inputs["x"])
    assert mask.dtype == np.bool_ and mask.all()


def test_command_line_timing(tmp_path, capsys):
    """--timing: mlir-opt's -mlir-timing report on stderr, reading, importing and writing."""
    import re

    from nnstack.tools.nnstack_import_onnx import main

    model = _external_data_model(tmp_path)
    assert main([str(model), "-o", str(tmp_path / "m.mlir"), "--timing"]) == 0
    err = capsys.readouterr().err
    names = re.findall(r"^  +\d+\.\d{4} \( *\d+\.\d%\)  (\S.*)$", err, re.MULTILINE)
    assert (
        names == ["Read", "Import", "Output", "Rest", "Total"]
        and "func.func @main" in (tmp_path / "m.mlir").read_text()
    )


def test_import_tells_its_progress(tmp_path, capsys):
    """A progress callback is told each stage of an import (shape inference, the weights
    with their size, the nodes); nnstack-import-onnx --progress shows them on its
    progress line, erased at the end."""
    from nnstack.frontend.onnx.initializers import ImportProgress, skeleton
    from nnstack.tools.nnstack_import_onnx import main

    weight = numpy_helper.from_array(np.ones((4, 300), np.float32), "w")
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["m"]), helper.make_node("Relu", ["m"], ["y"])],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 300])],
        [weight],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    told: list[str] = []
    import_onnx(model, progress=told.append)
    stages = ["reading weights (4,800 bytes)", "shape inference", "converting 2 nodes"]
    assert [text for text in told if "/" not in text and " of " not in text] == stages
    counted: list[str] = []
    skeleton(model, None, ImportProgress(counted.append, interval=0.0))
    assert counted == ["reading weights (4,800 bytes)", "weights: 4,800 bytes of 4,800 bytes read"]
    onnx.save(model, tmp_path / "m.onnx")
    assert main([str(tmp_path / "m.onnx"), "-o", str(tmp_path / "m.mlir"), "--progress"]) == 0
    err = capsys.readouterr().err
    for stage in stages:
        assert f"\r\x1b[Knnstack-import-onnx: Import: {stage}, " in err
    assert err.endswith("\r\x1b[K")


@pytest.mark.parametrize("level", LEVELS)
def test_pytorch_group_norm_runs(level: str):
    """PyTorch exports GroupNorm before opset 18 as InstanceNormalization between reshapes
    (then a per-channel Mul and Add): gawee.instance_norm, against ONNX Runtime."""
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.GroupNorm(2, 8), torch.nn.SiLU()).eval()
    with torch.no_grad():
        model[1].weight.uniform_(0.5, 1.5)
        model[1].bias.uniform_(-0.5, 0.5)
    example = torch.randn(2, 3, 10, 10)
    exported = export(model, example)
    assert "InstanceNormalization" in {node.op_type for node in exported.graph.node}
    check_against_onnxruntime(exported, {"x": example.numpy()}, level)


@pytest.mark.parametrize(("opset", "scale_size"), [(18, 2), (21, 4)])
def test_group_normalization_of_either_opset(opset: int, scale_size: int):
    """GroupNormalization's scale and bias are per group in opset 18 (repeated over each
    group's channels on import) and per channel from 21; onnx's reference values. (ONNX's
    checker rejects opset 18's, deprecated: the importer reads it.)"""
    shape = (2, 4, 3, 5)
    node = helper.make_node("GroupNormalization", ["x", "s", "b"], ["y"], epsilon=1e-3, num_groups=2)
    inputs = [("x", shape), ("s", [scale_size]), ("b", [scale_size])]
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info(name, TensorProto.FLOAT, dims) for name, dims in inputs],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, shape)],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    rng = np.random.default_rng(0)
    feeds = {name: rng.standard_normal(dims).astype(np.float32) for name, dims in inputs}
    (expected,) = ReferenceEvaluator(model).run(None, feeds)
    (got,) = run(import_onnx(model), "main", *feeds.values())
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
