"""gawee.matmul, softmax, transpose, reshape and the reduce_* ops against ONNX's reference
evaluator (MatMul, Softmax, Transpose, Reshape, ReduceSum/Prod/Mean/Max/Min), at gawee level and after
convert-gawee-to-linalg, on f32 and f64."""

from __future__ import annotations

import numpy as np
import onnx
import pytest
from levels import run_at_levels
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator

ELEMENT = {np.float32: ("f32", TensorProto.FLOAT), np.float64: ("f64", TensorProto.DOUBLE)}


def tensor(shape: tuple[int, ...], dtype: type) -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}{ELEMENT[dtype][0]}>"


def check(
    op_text: str,
    node: onnx.NodeProto,
    shapes: list[tuple[int, ...]],
    out: tuple[int, ...],
    dtype: type,
    initializers: list[onnx.TensorProto] = (),
    opset: int = 17,
    weights: bool = False,
) -> None:
    """`weights`: the initializers are also arguments %w, %b of the gawee function."""
    rng = np.random.default_rng(len(op_text))
    inputs = [rng.standard_normal(s).astype(dtype) for s in shapes]
    elem = ELEMENT[dtype][1]
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info(f"x{i}", elem, list(s)) for i, s in enumerate(shapes)],
        [helper.make_tensor_value_info("y", elem, list(out))],
        list(initializers),
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    (expected,) = ReferenceEvaluator(model).run(None, {f"x{i}": x for i, x in enumerate(inputs)})

    extra = [(init.name, numpy_helper.to_array(init)) for init in initializers] if weights else []
    args = ", ".join(
        [f"%x{i}: {tensor(s, dtype)}" for i, s in enumerate(shapes)]
        + [f"%{n}: {tensor(w.shape, dtype)}" for n, w in extra]
    )
    operands = ", ".join(f"%x{i}" for i in range(len(shapes)))
    types = ", ".join([tensor(s, dtype) for s in shapes] + [tensor(w.shape, dtype) for _, w in extra])
    inputs_and_weights = inputs + [w for _, w in extra]
    text = (
        f"func.func @main({args}) -> {tensor(out, dtype)} {{\n"
        f"  %0 = gawee.{op_text.format(operands=operands)} : ({types}) -> {tensor(out, dtype)}\n"
        f"  func.return %0 : {tensor(out, dtype)}\n}}\n"
    )
    tolerance = 1e-5 if dtype == np.float32 else 1e-12
    for level, (got,) in run_at_levels(text, *inputs_and_weights).items():
        np.testing.assert_allclose(got, expected, rtol=tolerance, atol=tolerance, err_msg=f"at {level} level")


DTYPES = pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])


@DTYPES
@pytest.mark.parametrize(
    ("lhs", "rhs", "out"),
    [
        ((3, 4), (4, 5), (3, 5)),
        ((2, 1, 3, 4), (5, 4, 6), (2, 5, 3, 6)),
        ((2, 3, 4), (4,), (2, 3)),
        ((4,), (2, 4, 5), (2, 5)),
        ((4,), (4,), ()),
        ((1, 3, 4), (2, 4, 2), (2, 3, 2)),
    ],
    ids=["2d", "broadcast-batch", "vector-rhs", "vector-lhs", "dot", "size-1-batch"],
)
def test_matmul(lhs, rhs, out, dtype):
    check("matmul {operands}", helper.make_node("MatMul", ["x0", "x1"], ["y"]), [lhs, rhs], out, dtype)


@DTYPES
@pytest.mark.parametrize("axis", [-1, 0, 1, 2])
def test_softmax(axis, dtype):
    node = helper.make_node("Softmax", ["x0"], ["y"], axis=axis)
    check(f"softmax {{operands}} axis = {axis}", node, [(2, 3, 4)], (2, 3, 4), dtype)


@DTYPES
@pytest.mark.parametrize("axis", [-1, 0, 1])
def test_log_softmax(axis, dtype):
    node = helper.make_node("LogSoftmax", ["x0"], ["y"], axis=axis)
    check(f"log_softmax {{operands}} axis = {axis}", node, [(2, 3, 4)], (2, 3, 4), dtype)


def test_log_softmax_of_a_vector():
    node = helper.make_node("LogSoftmax", ["x0"], ["y"], axis=0)
    check("log_softmax {operands} axis = 0", node, [(5,)], (5,), np.float32)


@pytest.mark.parametrize("op", ["softmax", "log_softmax"])
@pytest.mark.parametrize(("shape", "axis"), [((2, 0), 1), ((0, 3), 1), ((0,), 0)])
def test_softmax_of_an_empty_tensor_is_empty(op: str, shape: tuple[int, ...], axis: int):
    t = tensor(shape, np.float32)
    text = (
        f"func.func @main(%x: {t}) -> {t} {{\n"
        f"  %0 = gawee.{op} %x axis = {axis} : ({t}) -> {t}\n"
        f"  func.return %0 : {t}\n}}\n"
    )
    for level, (got,) in run_at_levels(text, np.zeros(shape, np.float32)).items():
        assert np.asarray(got).shape == shape, f"at {level} level"


def test_softmax_of_large_inputs_does_not_overflow():
    text = (
        "func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {\n"
        "  %0 = gawee.softmax %x axis = 0 : (tensor<3xf32>) -> tensor<3xf32>\n"
        "  func.return %0 : tensor<3xf32>\n}\n"
    )
    x = np.array([1000.0, 1000.0, -1000.0], np.float32)
    for level, (got,) in run_at_levels(text, x).items():
        np.testing.assert_allclose(got, [0.5, 0.5, 0.0], err_msg=f"at {level} level")


@DTYPES
@pytest.mark.parametrize("perm", [(1, 0, 2), (2, 0, 1), (0, 1, 2)])
def test_transpose(perm, dtype):
    shape = (2, 3, 4)
    node = helper.make_node("Transpose", ["x0"], ["y"], perm=list(perm))
    check(f"transpose {{operands}} perm = {list(perm)}", node, [shape], tuple(shape[p] for p in perm), dtype)


def test_transpose_of_a_scalar_is_the_scalar():
    text = (
        "func.func @main(%x: tensor<f32>) -> tensor<f32> {\n"
        "  %0 = gawee.transpose %x perm = [] : (tensor<f32>) -> tensor<f32>\n"
        "  func.return %0 : tensor<f32>\n}\n"
    )
    x = np.array(2.5, np.float32)
    for level, (got,) in run_at_levels(text, x).items():
        assert np.asarray(got).shape == (), f"at {level} level"
        assert got == x, f"at {level} level"


@DTYPES
@pytest.mark.parametrize("target", [(6, 4), (24,), (4, 1, 6)])
def test_reshape(target, dtype):
    shape_init = numpy_helper.from_array(np.array(target, np.int64), "shape")
    node = helper.make_node("Reshape", ["x0", "shape"], ["y"])
    check("reshape {operands}", node, [(2, 3, 4)], target, dtype, [shape_init])


@DTYPES
@pytest.mark.parametrize(
    ("kind", "operator"),
    [
        ("sum", "ReduceSum"),
        ("prod", "ReduceProd"),
        ("mean", "ReduceMean"),
        ("max", "ReduceMax"),
        ("min", "ReduceMin"),
        ("sum_square", "ReduceSumSquare"),
        ("l1", "ReduceL1"),
        ("l2", "ReduceL2"),
        ("log_sum", "ReduceLogSum"),
        ("log_sum_exp", "ReduceLogSumExp"),
    ],
)
@pytest.mark.parametrize(
    ("axes", "keep"),
    [((1,), True), ((0, -1), False), ((0, 1, 2), False), ((2,), False)],
    ids=["middle-keep", "outer-inner", "all", "last"],
)
@pytest.mark.filterwarnings(
    "ignore:invalid value encountered in log:RuntimeWarning"
)  # (onnx's log_sum of < 0)
def test_reductions(kind, operator, axes, keep, dtype):
    shape = (2, 3, 4)
    normalized = {a % 3 for a in axes}
    out = (
        tuple(1 if d in normalized else s for d, s in enumerate(shape))
        if keep
        else tuple(s for d, s in enumerate(shape) if d not in normalized)
    )
    axes_init = numpy_helper.from_array(np.array(axes, np.int64), "axes")
    node = helper.make_node(operator, ["x0", "axes"], ["y"], keepdims=int(keep))
    text = f"reduce_{kind} {{operands}} axes = {list(axes)} keepDims = {str(keep).lower()}"
    check(text, node, [shape], out, dtype, [axes_init], opset=18)


@DTYPES
@pytest.mark.parametrize(
    ("axis", "with_bias"), [(-1, True), (1, True), (2, False)], ids=["last", "two-dims", "no-bias"]
)
def test_layer_norm(axis, with_bias, dtype):
    shape = (2, 3, 4)
    normalized = shape[axis % 3 :]
    rng = np.random.default_rng(7)
    initializers = [numpy_helper.from_array(rng.standard_normal(normalized).astype(dtype), "w")]
    names, operands = ["x0", "w"], "{operands}, %w"
    if with_bias:
        initializers.append(numpy_helper.from_array(rng.standard_normal(normalized).astype(dtype), "b"))
        names, operands = [*names, "b"], operands + ", %b"
    node = helper.make_node("LayerNormalization", names, ["y"], axis=axis, epsilon=2.0**-10)
    check_layer_norm = f"layer_norm {operands} axis = {axis} epsilon = 9.765625e-04"
    check(check_layer_norm, node, [shape], shape, dtype, initializers, weights=True)
