"""The ONNX converters of Split, Tile, Pad, Trilu, CastLike, Range, Shape, Constant and
ConstantOfShape: one-node models with their shape-like inputs as initializers, across the
opsets that changed them, imported and run at gawee and linalg level against ONNX's
reference evaluator, and a PyTorch export against ONNX Runtime; run-time shape-like
inputs are one-line errors. Range, Shape, Constant and ConstantOfShape nodes are folded
at import, so their converters are also called directly; a ConstantOfShape of a run-time
shape runs through the ONNX backend, which specialises on it."""

from __future__ import annotations

import numpy as np
import onnx
import pytest
import torch
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator
from onnx_models import assert_matches, export_named, onnxruntime_outputs
from xdsl.builder import Builder, InsertPoint
from xdsl.context import Context
from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import Block

from nnstack.dialects import gawee
from nnstack.dialects.values import attribute_value
from nnstack.frontend.errors import NotConstantError
from nnstack.frontend.onnx import OnnxImportError, backend, import_onnx
from nnstack.frontend.onnx.context import ImportContext
from nnstack.frontend.onnx.converters import CONVERTERS
from nnstack.interpreters import run
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass


def model(
    op_type: str,
    x: np.ndarray,
    constants: dict[str, np.ndarray | None],
    opset: int,
    outputs: int = 1,
    output_type: np.dtype | None = None,
    **attributes,
) -> onnx.ModelProto:
    """One node on graph input `x` and the named initializers (None: an omitted input);
    its outputs have `x`'s element type unless `output_type` says otherwise."""
    names = ["x", *("" if v is None else n for n, v in constants.items())]
    results = [f"y{i}" for i in range(outputs)]
    elem = helper.np_dtype_to_tensor_dtype(np.dtype(output_type or x.dtype))
    graph = helper.make_graph(
        [helper.make_node(op_type, names, results, name="n", **attributes)],
        "g",
        [helper.make_tensor_value_info("x", helper.np_dtype_to_tensor_dtype(x.dtype), x.shape)],
        [helper.make_tensor_value_info(r, elem, None) for r in results],
        [numpy_helper.from_array(v, n) for n, v in constants.items() if v is not None],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def check(model: onnx.ModelProto, x: np.ndarray) -> None:
    """The imported model, and its linalg lowering, give the reference evaluator's outputs."""
    expected = ReferenceEvaluator(model).run(None, {"x": x})
    module = import_onnx(model)
    lowered = module.clone()
    ConvertGaweeToLinalgPass().apply(Context(), lowered)
    for program in (module, lowered):
        got = run(program, "main", x)
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            assert g.dtype == e.dtype and g.shape == e.shape
            np.testing.assert_array_equal(g, e)


X = np.arange(2 * 7 * 3, dtype=np.float32).reshape(2, 7, 3)


@pytest.mark.parametrize(
    ("opset", "constants", "attributes", "outputs"),
    [
        (13, {"split": np.array([2, 0, 5], np.int64)}, {"axis": 1}, 3),
        (13, {}, {"axis": -1}, 3),
        (18, {}, {"axis": 1, "num_outputs": 3}, 3),
        (18, {"split": np.array([1, 1], np.int64)}, {}, 2),
        (11, {}, {"axis": 1, "split": [3, 4]}, 2),
    ],
    ids=["sizes-input", "equal", "uneven-num-outputs", "default-axis", "sizes-attribute"],
)
def test_split(opset, constants, attributes, outputs):
    check(model("Split", X, constants, opset, outputs, **attributes), X)


@pytest.mark.parametrize("repeats", [[1, 2, 3], [2, 1, 1], [0, 1, 2]])
def test_tile(repeats):
    check(model("Tile", X, {"repeats": np.array(repeats, np.int64)}, 13), X)


@pytest.mark.parametrize("mode", ["constant", "reflect", "edge", "wrap"])
@pytest.mark.parametrize(
    ("opset", "constants", "attributes"),
    [
        (11, {"pads": np.array([0, 2, 1, 1, 3, 0], np.int64)}, {}),
        (11, {"pads": np.array([1, 0, 0, 0, 1, 2], np.int64), "value": np.array(-1.5, np.float32)}, {}),
        (
            18,
            {"pads": np.array([2, 1, 0, 3], np.int64), "value": None, "axes": np.array([-1, 1], np.int64)},
            {},
        ),
        (2, {}, {"pads": [0, 1, 2, 1, 0, 1], "value": 4.0}),
    ],
    ids=["pads-input", "constant-value", "axes", "pads-attribute"],
)
def test_pad(mode, opset, constants, attributes):
    if mode == "wrap":
        opset = max(opset, 19)
        attributes = {}
        constants = constants or {"pads": np.array([0, 1, 2, 1, 0, 1], np.int64)}
    check(model("Pad", X, constants, opset, mode=mode, **attributes), X)


def test_pad_integers_with_a_large_constant():
    x = np.arange(6, dtype=np.int64).reshape(2, 3)
    check(
        model("Pad", x, {"pads": np.array([1, 0, 0, 1], np.int64), "value": np.array(2**40, np.int64)}, 13), x
    )


@pytest.mark.parametrize("upper", [0, 1])
@pytest.mark.parametrize("k", [None, 0, 2, -1])
def test_trilu(k, upper):
    constants = {} if k is None else {"k": np.array(k, np.int64)}
    check(model("Trilu", X, constants, 14, upper=upper), X)


@pytest.mark.parametrize("like", [np.array([1], np.int64), np.array(True), np.zeros((2,), np.float16)])
def test_cast_like(like):
    x = np.array([[-1.5, 0.0, 2.75]], np.float32)
    check(model("CastLike", x, {"like": like}, 19, output_type=like.dtype), x)


def test_cast_like_to_a_run_time_value():
    """The target type can come from a graph input: only its element type is read."""
    graph = helper.make_graph(
        [helper.make_node("CastLike", ["x", "t"], ["y"])],
        "g",
        [
            helper.make_tensor_value_info(n, t, s)
            for n, t, s in [("x", TensorProto.FLOAT, [3]), ("t", TensorProto.INT32, [1])]
        ],
        [helper.make_tensor_value_info("y", TensorProto.INT32, None)],
    )
    module = import_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)]))
    (y,) = run(module, "main", np.array([-1.5, 0.5, 2.5], np.float32), np.zeros(1, np.int32))
    np.testing.assert_array_equal(y, np.array([-1, 0, 2], np.int32))


RUNTIME_INPUTS = [
    (
        "Tile",
        {"repeats": np.array([1, 2, 1], np.int64)},
        13,
        {},
        "repeats \\(input 'repeats'\\) must be a constant",
    ),
    ("Pad", {"pads": np.zeros(6, np.int64)}, 13, {}, "pads \\(input 'pads'\\) must be a constant"),
    (
        "Split",
        {"split": np.array([3, 4], np.int64)},
        13,
        {"axis": 1},
        "split \\(input 'split'\\) must be a constant",
    ),
    ("Trilu", {"k": np.array(1, np.int64)}, 14, {}, "k \\(input 'k'\\) must be a constant"),
]


@pytest.mark.parametrize(("op_type", "inputs", "opset", "attributes", "message"), RUNTIME_INPUTS)
def test_run_time_shape_inputs_are_one_line_errors(op_type, inputs, opset, attributes, message):
    """Shape-like inputs given at run time would make the result type dynamic."""
    graph = helper.make_graph(
        [
            helper.make_node(
                op_type,
                ["x", *inputs],
                ["y0", "y1"][: 2 if op_type == "Split" else 1],
                name="n",
                **attributes,
            )
        ],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, X.shape)]
        + [helper.make_tensor_value_info(n, TensorProto.INT64, v.shape) for n, v in inputs.items()],
        [helper.make_tensor_value_info("y0", TensorProto.FLOAT, None)],
    )
    with pytest.raises(OnnxImportError, match=rf"^node 'n' \({op_type}, opset {opset}\): {message}$"):
        import_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)]))


@pytest.mark.parametrize(
    ("op_type", "constants", "opset", "attributes", "message"),
    [
        (
            "Pad",
            {"pads": np.zeros(6, np.int64)},
            13,
            {"mode": "symmetric"},
            "mode = symmetric is not supported",
        ),
        (
            "Pad",
            {"pads": np.zeros(6, np.int64), "value": np.zeros(2, np.float32)},
            13,
            {},
            "constant_value must be a scalar",
        ),
        ("Pad", {"pads": np.array([1, -9, 0, 0, 0, 0], np.int64)}, 13, {}, "crop more than"),
        ("Trilu", {"k": np.array([1, 2], np.int64)}, 14, {}, "k must be a scalar"),
        ("Split", {}, 18, {"axis": 1, "num_outputs": 3}, "num_outputs = 3, but the node has 1 outputs"),
    ],
    ids=["unknown-mode", "vector-value", "crop-too-much", "vector-k", "num-outputs"],
)
def test_unsupported_attributes_are_one_line_errors(op_type, constants, opset, attributes, message):
    bad = model(op_type, X, constants, opset, **attributes)
    with pytest.raises(OnnxImportError, match=rf"^node 'n' \({op_type}, opset {opset}\): .*{message}"):
        import_onnx(bad)


def run_converter(node: onnx.NodeProto, constants: dict[str, np.ndarray], shapes: dict[str, tuple[int, ...]]):
    """Runs the converter of `node` alone on a fresh block; returns the ops it emitted
    and the context (constants count as known, a shape as a block argument)."""
    block = Block(arg_types=[TensorType(f32, s) for s in shapes.values()])
    values = dict(zip(shapes, block.args))
    context = ImportContext(
        node, 21, Builder(InsertPoint.at_end(block)), values, dict(constants), dict(shapes)
    )
    CONVERTERS[node.op_type](context)
    return list(block.ops), context


@pytest.mark.parametrize(
    ("dtype", "start", "limit", "delta"),
    [(np.int64, 0, 10, 3), (np.int32, 5, -4, -2), (np.float32, 0.5, 2.0, 0.25), (np.float64, 1.0, 0.0, -0.3)],
)
def test_range_converter(dtype, start, limit, delta):
    constants = {n: np.array(v, dtype) for n, v in zip(("s", "l", "d"), (start, limit, delta))}
    node = helper.make_node("Range", ["s", "l", "d"], ["y"])
    (op,), context = run_converter(node, constants, {})
    assert isinstance(op, gawee.RangeOp)
    (expected,) = ReferenceEvaluator(node).run(None, constants)
    np.testing.assert_allclose(np.arange(len(expected)) * delta + start, expected, rtol=1e-6)
    assert op.output.type.get_shape() == expected.shape
    assert context.values["y"] is op.output


def test_range_of_run_time_bounds_is_a_one_line_error():
    graph = helper.make_graph(
        [helper.make_node("Range", ["s", "l", "d"], ["y"], name="n")],
        "g",
        [helper.make_tensor_value_info("l", TensorProto.INT64, [])],
        [helper.make_tensor_value_info("y", TensorProto.INT64, None)],
        [
            numpy_helper.from_array(np.array(0, np.int64), "s"),
            numpy_helper.from_array(np.array(1, np.int64), "d"),
        ],
    )
    with pytest.raises(
        OnnxImportError, match=r"^node 'n' \(Range, opset 13\): limit \(input 'l'\) must be a constant$"
    ):
        import_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]))


def test_range_of_int16_is_a_one_line_error():
    constants = {n: np.array(v, np.int16) for n, v in zip("sld", (0, 4, 1))}
    with pytest.raises(OnnxImportError, match="element type int16 is not supported"):
        run_converter(helper.make_node("Range", ["s", "l", "d"], ["y"], name="n"), constants, {})


@pytest.mark.parametrize(("start", "end"), [(0, None), (1, None), (-2, -1), (3, 1)])
def test_shape_converter(start, end):
    node = helper.make_node("Shape", ["x"], ["y"], start=start, **({} if end is None else {"end": end}))
    (op,), _ = run_converter(node, {}, {"x": (2, 3, 4)})
    assert isinstance(op, gawee.ShapeOp)
    (expected,) = ReferenceEvaluator(node).run(None, {"x": np.zeros((2, 3, 4), np.float32)})
    assert op.dims() == tuple(expected)


@pytest.mark.parametrize(
    ("attribute", "expected"),
    [
        (
            {"value": numpy_helper.from_array(np.array([[1.5, -2.0]], np.float32))},
            np.array([[1.5, -2.0]], np.float32),
        ),
        ({"value": numpy_helper.from_array(np.array([True, False]))}, np.array([True, False])),
        ({"value_float": 0.25}, np.array(0.25, np.float32)),
        ({"value_floats": [1.0, 2.0]}, np.array([1.0, 2.0], np.float32)),
        ({"value_int": -3}, np.array(-3, np.int64)),
        ({"value_ints": [4, 5, 6]}, np.array([4, 5, 6], np.int64)),
    ],
    ids=["tensor", "bool-tensor", "value_float", "value_floats", "value_int", "value_ints"],
)
def test_constant_converter(attribute, expected):
    node = helper.make_node("Constant", [], ["y"], **attribute)
    (reference,) = ReferenceEvaluator(node).run(None, {})
    np.testing.assert_array_equal(reference, expected)
    (op,), _ = run_converter(node, {}, {})
    assert isinstance(op, gawee.ConstantOp)
    value = attribute_value(op.value, op.output.type)
    assert value.dtype == expected.dtype
    np.testing.assert_array_equal(value, expected)


def test_constant_converter_rejects_strings():
    node = helper.make_node("Constant", [], ["y"], name="n", value_strings=["a"])
    with pytest.raises(OnnxImportError, match="attribute value_strings is not supported"):
        run_converter(node, {}, {})


def test_constant_nodes_stay_folded():
    """Constant nodes become arith.constant values of the program, as before."""
    graph = helper.make_graph(
        [
            helper.make_node("Constant", [], ["c"], value_floats=[1.0, 2.0]),
            helper.make_node("Add", ["x", "c"], ["y"]),
        ],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
    )
    module = import_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))
    assert "gawee.constant" not in str(module) and "arith.constant" in str(module)
    np.testing.assert_array_equal(run(module, "main", np.ones(2, np.float32))[0], [2.0, 3.0])


FILLS = {
    "default": None,
    "f16": np.array([1.5], np.float16),
    "f64": np.array([-2.25], np.float64),
    "i32": np.array([7], np.int32),
    "i64": np.array([-3], np.int64),
    "bool": np.array([True]),
}


@pytest.mark.parametrize("fill", FILLS, ids=list(FILLS))
@pytest.mark.parametrize("shape", [(2, 3), (0, 4), ()], ids=["2x3", "0x4", "scalar"])
def test_constant_of_shape_converter(fill, shape):
    """A constant shape: a gawee.constant of the reference evaluator's value and type
    (without `value`, f32 zeros)."""
    value = FILLS[fill]
    attributes = {} if value is None else {"value": numpy_helper.from_array(value)}
    node = helper.make_node("ConstantOfShape", ["s"], ["y"], **attributes)
    constants = {"s": np.array(shape, np.int64)}
    (expected,) = ReferenceEvaluator(node).run(None, constants)
    (op,), _ = run_converter(node, constants, {})
    assert isinstance(op, gawee.ConstantOp)
    got = attribute_value(op.value, op.output.type)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)


def _constant_of_shape_model(value: np.ndarray) -> onnx.ModelProto:
    """y = x + ConstantOfShape(Shape(x) + d): the fill's shape is computed at run time
    from the graph input `d`."""
    graph = helper.make_graph(
        [
            helper.make_node("Shape", ["x"], ["s"]),
            helper.make_node("Add", ["s", "d"], ["t"]),
            helper.make_node("ConstantOfShape", ["t"], ["c"], name="n", value=numpy_helper.from_array(value)),
            helper.make_node("Add", ["x", "c"], ["y"]),
        ],
        "g",
        [
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3]),
            helper.make_tensor_value_info("d", TensorProto.INT64, [2]),
        ],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["m", "n"])],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])


@pytest.mark.parametrize("level", ["gawee", "linalg", "mir"])
def test_constant_of_shape_of_a_run_time_shape(level):
    """The import needs the shape as a constant and names where it comes from; the
    backend specialises on that input's value and matches the reference evaluator."""
    model = _constant_of_shape_model(np.array([0.5], np.float32))
    with pytest.raises(NotConstantError, match=r"^node 'n' \(ConstantOfShape, opset 21\): the shape") as info:
        import_onnx(model)
    assert info.value.values == ("t",)
    feeds = {"x": np.arange(3, dtype=np.float32).reshape(1, 3), "d": np.array([2, 0], np.int64)}
    (expected,) = ReferenceEvaluator(model).run(None, feeds)
    (got,) = backend.prepare(model, level=level).run(feeds)
    assert got.shape == (3, 3)
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize(
    ("shape", "value", "message"),
    [
        (np.array([2, -1], np.int64), None, r"the shape \[2, -1\] has a negative dimension"),
        (
            np.array([[2]], np.int64),
            None,
            r"the shape must be a 1-D int64 tensor, got int64 of shape \[1, 1\]",
        ),
        (np.array([2], np.int64), np.array([1.0, 2.0], np.float32), r"the value must have one element"),
    ],
    ids=["negative", "2-d", "two-values"],
)
def test_constant_of_shape_rejects_what_onnx_does_not_define(shape, value, message):
    attributes = {} if value is None else {"value": numpy_helper.from_array(value)}
    node = helper.make_node("ConstantOfShape", ["s"], ["y"], name="n", **attributes)
    with pytest.raises(OnnxImportError, match=rf"^node 'n' \(ConstantOfShape, opset 21\): {message}"):
        run_converter(node, {"s": shape}, {})


class _MovementModel(torch.nn.Module):
    """torch.split, F.pad (reflect, replicate, constant), Tensor.repeat, torch.triu /
    torch.tril and torch.arange in one network, as PyTorch exports them."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a, b = x.split([2, 3], dim=-1)
        a = torch.nn.functional.pad(a, (1, 1, 2, 0), mode="reflect")
        b = torch.nn.functional.pad(b, (1, 0, 1, 1), mode="replicate")
        c = torch.nn.functional.pad(x, (1, -1, 1, 1), value=0.5)
        scores = torch.triu(a @ b.transpose(-1, -2)) + torch.tril(c @ c.transpose(-1, -2), -1)
        positions = torch.arange(scores.shape[-1], dtype=torch.float32)
        return scores.repeat(1, 2, 1, 1) * positions


@pytest.mark.parametrize("level", ["gawee", "linalg"])
def test_pytorch_export_matches_onnxruntime(level):
    x = torch.randn(1, 2, 4, 5, generator=torch.Generator().manual_seed(0))
    model = export_named(_MovementModel(), {"x": x})
    kinds = {node.op_type for node in model.graph.node}
    assert {"Split", "Pad", "Tile", "Trilu"} <= kinds, kinds
    (expected,) = onnxruntime_outputs(model, {"x": x.numpy()})
    module = import_onnx(model)
    names = {op.name for op in module.walk()}
    assert {"gawee.split", "gawee.pad", "gawee.tile", "gawee.trilu"} <= names, names
    if level == "linalg":
        ConvertGaweeToLinalgPass().apply(Context(), module)
    (got,) = run(module, "main", x.numpy())
    assert_matches(got, expected)
