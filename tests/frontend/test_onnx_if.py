"""ONNX's If, imported as the branch its condition chooses (`frontend/onnx/control.py`):
a condition known at import (a constant, or folded from constants and static shapes),
branches that read the enclosing graph's values, nested Ifs, a condition computed from
graph inputs (the backend specialises on them at run), and one-line errors for what
gawee cannot carry. Expected values come from ONNX's reference evaluator, which runs the
If itself."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper
from onnx.reference import ReferenceEvaluator
from onnx_models import LEVELS, run_at

from nnstack.frontend.onnx import OnnxImportError, backend, import_onnx
from nnstack.frontend.onnx.functions import expand

RNG = np.random.default_rng(0)
X = RNG.standard_normal((2, 3)).astype(np.float32)


def branch(name: str, nodes: list[onnx.NodeProto], outputs: list[str]) -> onnx.GraphProto:
    return helper.make_graph(
        nodes, name, [], [helper.make_tensor_value_info(o, TensorProto.FLOAT, None) for o in outputs]
    )


def if_model(condition_nodes: list[onnx.NodeProto], inputs: list[onnx.ValueInfoProto]) -> onnx.ModelProto:
    """y, z = If(c): then y = x + 1, z = Relu(x); else y = x * 2, z = x - 1 (the branches
    read the graph input x and a constant of the enclosing graph); then w = y * z."""
    then = branch(
        "then",
        [helper.make_node("Add", ["x", "one"], ["y_then"]), helper.make_node("Relu", ["x"], ["z_then"])],
        ["y_then", "z_then"],
    )
    other = branch(
        "else",
        [
            helper.make_node("Constant", [], ["two"], value_float=2.0),
            helper.make_node("Mul", ["x", "two"], ["y_else"]),
            helper.make_node("Sub", ["x", "one"], ["z_else"]),
        ],
        ["y_else", "z_else"],
    )
    nodes = [
        helper.make_node("Constant", [], ["one"], value_float=1.0),
        *condition_nodes,
        helper.make_node("If", ["c"], ["y", "z"], name="if", then_branch=then, else_branch=other),
        helper.make_node("Mul", ["y", "z"], ["w"]),
    ]
    return graph_model(nodes, inputs)


def graph_model(nodes: list[onnx.NodeProto], inputs: Sequence[onnx.ValueInfoProto] = ()) -> onnx.ModelProto:
    """An opset-17 model of `nodes` from x (2x3 floats) and `inputs` to w (2x3 floats)."""
    graph = helper.make_graph(
        nodes,
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3]), *inputs],
        [helper.make_tensor_value_info("w", TensorProto.FLOAT, [2, 3])],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def constant_condition(value: bool) -> list[onnx.NodeProto]:
    return [
        helper.make_node("Constant", [], ["c"], value=helper.make_tensor("c", TensorProto.BOOL, [], [value]))
    ]


def rank_condition() -> list[onnx.NodeProto]:
    """c = Size(Shape(x)) == 2: what exporters' shape checks look like, folded at import."""
    return [
        helper.make_node("Shape", ["x"], ["shape"]),
        helper.make_node("Size", ["shape"], ["rank"]),
        helper.make_node("Constant", [], ["two_i"], value_int=2),
        helper.make_node("Equal", ["rank", "two_i"], ["c"]),
    ]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    "condition",
    [constant_condition(True), constant_condition(False), rank_condition()],
    ids=["true", "false", "rank"],
)
def test_if_on_a_condition_known_at_import_imports_the_chosen_branch(condition, level):
    model = if_model(condition, [])
    (expected,) = ReferenceEvaluator(model).run(None, {"x": X})
    (got,) = run_at(level, model, {"x": X})
    np.testing.assert_allclose(got, expected, rtol=1e-6)
    # nothing of the other branch is in the program
    ops = {op.name for op in import_onnx(model).walk()}
    taken_then = "gawee.relu" in ops
    assert taken_then != ("gawee.sub" in ops)


@pytest.mark.parametrize("level", LEVELS)
def test_nested_ifs_and_a_branch_output_read_from_the_enclosing_graph(level):
    """The outer If's then branch holds an If on a constant of the outer graph; its else
    branch returns an enclosing value (x) as it is."""
    inner = helper.make_node(
        "If",
        ["k"],
        ["v"],
        then_branch=branch("t", [helper.make_node("Neg", ["x"], ["v_then"])], ["v_then"]),
        else_branch=branch("e", [helper.make_node("Exp", ["x"], ["v_else"])], ["v_else"]),
    )
    outer = helper.make_node(
        "If",
        ["c"],
        ["y"],
        then_branch=branch("then", [inner, helper.make_node("Abs", ["v"], ["y_then"])], ["y_then"]),
        else_branch=branch("else", [], ["x"]),
    )
    for c, k in [(True, False), (True, True), (False, True)]:
        nodes = [
            helper.make_node("Constant", [], ["c"], value=helper.make_tensor("c", TensorProto.BOOL, [], [c])),
            helper.make_node(
                "Constant", [], ["k"], value=helper.make_tensor("k", TensorProto.BOOL, [1], [k])
            ),
            outer,
            helper.make_node("Sigmoid", ["y"], ["w"]),
        ]
        model = graph_model(nodes)
        (expected,) = ReferenceEvaluator(model).run(None, {"x": X})
        (got,) = run_at(level, model, {"x": X})
        np.testing.assert_allclose(got, expected, rtol=1e-6)


@pytest.mark.parametrize("level", ["gawee", "linalg", "mir"])
def test_a_condition_from_a_graph_input_is_specialised_on_at_run(level):
    model = if_model([], [helper.make_tensor_value_info("c", TensorProto.BOOL, [])])
    rep = backend.prepare(model, level=level)
    for c in [True, False, True]:
        feeds = {"x": X, "c": np.array(c)}
        (expected,) = ReferenceEvaluator(model).run(None, feeds)
        np.testing.assert_allclose(rep.run(feeds)[0], expected, rtol=1e-6)


def test_a_condition_computed_at_run_is_a_one_line_error_where_nothing_specialises():
    """Imported without the backend, an If on a value of the program (here one computed
    from the data) cannot be specialised: gawee has no control flow."""
    condition = [
        helper.make_node("ReduceSum", ["x"], ["s"], keepdims=0),
        helper.make_node("Constant", [], ["zero"], value_float=0.0),
        helper.make_node("Greater", ["s", "zero"], ["c"]),
    ]
    with pytest.raises(
        OnnxImportError, match=r"^node 'if' \(If, opset 17\): the condition \(input 'c'\) must be a constant$"
    ):
        import_onnx(if_model(condition, []))


def test_a_branch_value_gawee_cannot_carry_is_a_one_line_error():
    sequence = helper.make_graph(
        [helper.make_node("SequenceConstruct", ["x"], ["s_then"])],
        "then",
        [],
        [helper.make_tensor_sequence_value_info("s_then", TensorProto.FLOAT, None)],
    )
    nodes = [
        *constant_condition(True),
        helper.make_node("If", ["c"], ["s"], name="if", then_branch=sequence, else_branch=sequence),
        helper.make_node("ConcatFromSequence", ["s"], ["w"], axis=0),
    ]
    model = graph_model(nodes)
    with pytest.raises(
        OnnxImportError,
        match=r"^node 'if' \(If, opset 17\): its then branch's output 's_then' is of sequence_type, which gawee "
        r"cannot carry \(only tensors\)$",
    ):
        import_onnx(model)


def test_a_function_body_with_an_if_is_inlined_with_its_branches_renamed():
    """AffineGrid's body (opset 20) chooses 2-D or 3-D with Ifs whose branches read the
    body's values: inlined, the branches read the renamed values, and the inlined nodes
    compute what AffineGrid does, in ONNX's reference and in nnstack."""
    node = helper.make_node("AffineGrid", ["theta", "size"], ["grid"], align_corners=1)
    types = {
        "theta": helper.make_tensor_type_proto(TensorProto.FLOAT, [2, 2, 3]),
        "size": helper.make_tensor_type_proto(TensorProto.INT64, [4]),
    }
    size = np.array([2, 3, 4, 5], np.int64)
    expansion = expand(node, 20, types, {"size": size}, {"theta", "size", "grid"})
    assert expansion is not None
    graph = helper.make_graph(
        expansion.nodes,
        "g",
        [helper.make_tensor_value_info("theta", TensorProto.FLOAT, [2, 2, 3])],
        [helper.make_tensor_value_info("grid", TensorProto.FLOAT, [2, 4, 5, 2])],
        [onnx.numpy_helper.from_array(size, "size")],
    )
    inlined = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])
    onnx.checker.check_model(inlined, full_check=True)
    theta = RNG.standard_normal((2, 2, 3)).astype(np.float32)
    single = helper.make_model(
        helper.make_graph(
            [node],
            "g",
            [helper.make_tensor_value_info("theta", TensorProto.FLOAT, [2, 2, 3])],
            [helper.make_tensor_value_info("grid", TensorProto.FLOAT, [2, 4, 5, 2])],
            [onnx.numpy_helper.from_array(size, "size")],
        ),
        opset_imports=[helper.make_opsetid("", 20)],
    )
    (expected,) = ReferenceEvaluator(single).run(None, {"theta": theta})
    np.testing.assert_allclose(
        ReferenceEvaluator(inlined).run(None, {"theta": theta})[0], expected, rtol=1e-5, atol=1e-6
    )
    np.testing.assert_allclose(run_at("gawee", inlined, {"theta": theta})[0], expected, rtol=1e-5, atol=1e-6)
