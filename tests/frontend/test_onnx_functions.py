"""Operators that ONNX defines by a function, which the importer expands into the
function body's nodes where no converter maps them (`frontend/onnx/functions.py`): an
attribute reference resolved from the node or the schema's default, a function inside a
function, fresh names that avoid the graph's, the body's own opset, a converter kept
where there is one, and one-line errors for a body that does not import. Expected values
come from ONNX's reference evaluator, which runs these operators by its own kernels."""

from __future__ import annotations

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper
from onnx.reference import ReferenceEvaluator
from onnx_models import LEVELS, run_at

from nnstack.frontend.onnx import OnnxImportError, import_onnx
from nnstack.frontend.onnx.functions import expand
from nnstack.frontend.onnx.importer import importable

RNG = np.random.default_rng(0)


def sce_model(opset: int, scores: str = "x", **attributes: object) -> onnx.ModelProto:
    """SoftmaxCrossEntropyLoss (its body calls NegativeLogLikelihoodLoss, itself a
    function, with `reduction = @reduction, ignore_index = @ignore_index`) of scores
    [3, 4, 2], labels [3, 2] and class weights [4], after a Neg of the scores."""
    nodes = [
        helper.make_node("Neg", ["x"], [scores]),
        helper.make_node(
            "SoftmaxCrossEntropyLoss", [scores, "t", "w"], ["loss", "logp"], name="sce", **attributes
        ),
    ]
    graph = helper.make_graph(
        nodes,
        "g",
        [
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 4, 2]),
            helper.make_tensor_value_info("t", TensorProto.INT64, [3, 2]),
            helper.make_tensor_value_info("w", TensorProto.FLOAT, [4]),
        ],
        [helper.make_empty_tensor_value_info("loss"), helper.make_empty_tensor_value_info("logp")],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


SCE_INPUTS = {
    "x": RNG.standard_normal((3, 4, 2)).astype(np.float32),
    "t": np.array([[0, 1], [3, 1], [2, 2]], np.int64),
    "w": np.array([0.5, 1.0, 2.0, 0.25], np.float32),
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("opset", "attributes"),
    [
        (13, {}),  # reduction: the schema's default ("mean"); ignore_index absent, so dropped
        (13, {"reduction": "sum", "ignore_index": 1}),
        (18, {"reduction": "none", "ignore_index": 3}),  # the body stays at opset 13
    ],
)
def test_a_function_whose_body_calls_a_function_with_attribute_references(level, opset, attributes):
    """SoftmaxCrossEntropyLoss expands into its body, whose NegativeLogLikelihoodLoss
    expands in turn, with the node's attributes (or their defaults) where the body
    refers to them: the loss and the log-probabilities as ONNX's reference computes them.
    The scores are named as the expansion's fresh name of the body's X_NCD would be."""
    made = sce_model(opset, scores="loss/X_NCD", **attributes)
    expected = ReferenceEvaluator(made).run(None, SCE_INPUTS)
    got = run_at(level, made, SCE_INPUTS)
    assert [g.shape for g in got] == [e.shape for e in expected]
    for g, e in zip(got, expected, strict=True):
        np.testing.assert_allclose(g, e, rtol=1e-6, atol=1e-6)


def test_the_body_is_read_at_its_own_opset_with_fresh_names():
    """At opset 18 SoftmaxCrossEntropyLoss's newest function is opset 13's: its nodes
    are read at 13; the body's own values get names under the node's output that no
    graph value has, its inputs and outputs are the node's; its reference to `reduction`
    is the node's attribute, or the schema's default."""
    node = helper.make_node("SoftmaxCrossEntropyLoss", ["x", "t"], ["loss"], reduction="sum")
    types = {
        "x": helper.make_tensor_type_proto(TensorProto.FLOAT, [3, 4]),
        "t": helper.make_tensor_type_proto(TensorProto.INT64, [3]),
    }
    expansion = expand(node, 18, types, {}, taken={"x", "t", "loss", "loss/X_NCD"})
    assert expansion is not None and expansion.opset == 13
    names = [name for n in expansion.nodes for name in [*n.input, *n.output] if name]
    assert "loss/X_NCD" not in names and "loss/X_NCD_1" in names
    assert {"x", "t", "loss"} <= set(names)
    assert all(name in ("x", "t", "loss") or name.startswith("loss/") for name in names)
    (nll,) = [n for n in expansion.nodes if n.op_type == "NegativeLogLikelihoodLoss"]
    assert {a.name: helper.get_attribute_value(a) for a in nll.attribute} == {"reduction": b"sum"}
    # without the attribute: the schema's default for @reduction, none for @ignore_index
    del node.attribute[:]
    expansion = expand(node, 18, types, {}, taken=set())
    assert expansion is not None
    (nll,) = [n for n in expansion.nodes if n.op_type == "NegativeLogLikelihoodLoss"]
    assert {a.name: helper.get_attribute_value(a) for a in nll.attribute} == {"reduction": b"mean"}


def test_converters_stay_preferred_and_importable_names_both_kinds():
    """Gelu has a function and a converter: it imports as gawee.gelu, not its body."""
    graph = helper.make_graph(
        [helper.make_node("Gelu", ["x"], ["y"])],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])],
    )
    module = import_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)]))
    assert [op.name for op in module.body.block.first_op.body.block.ops] == ["gawee.gelu", "func.return"]
    assert importable("Gelu") and importable("Attention") and importable("SoftmaxCrossEntropyLoss")
    assert not importable("NonZero") and not importable("Unique")


def bernoulli(name: str) -> onnx.NodeProto:
    return helper.make_node("Bernoulli", ["x"], [f"{name}_y"], name=name)


def test_a_body_with_an_operator_gawee_lacks_is_a_one_line_error():
    """Bernoulli's body draws random numbers (RandomUniformLike): the error names the
    node and the body's node that does not import."""
    graph = helper.make_graph(
        [bernoulli("b")],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
        [helper.make_tensor_value_info("b_y", TensorProto.FLOAT, [2, 3])],
    )
    with pytest.raises(OnnxImportError) as info:
        import_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 22)]))
    assert str(info.value) == (
        "node 'b' (Bernoulli, opset 22): expanded from ONNX's function definition, "
        "node 'b_y/X_random' (RandomUniformLike, opset 22): no gawee lowering for this operator: "
        "it draws random numbers, which gawee does not"
    )


def test_the_list_of_unsupported_operators_counts_a_function_as_its_body():
    """All at once: a function whose body imports is not listed (SoftmaxCrossEntropyLoss),
    one whose body does not is, with what its body lacks."""
    nodes = [
        bernoulli("b1"),
        bernoulli("b2"),
        helper.make_node("NonZero", ["x"], ["tan"], name="t"),
        helper.make_node("SoftmaxCrossEntropyLoss", ["x", "labels"], ["loss"], name="sce"),
    ]
    graph = helper.make_graph(
        nodes,
        "g",
        [
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3]),
            helper.make_tensor_value_info("labels", TensorProto.INT64, [2]),
        ],
        [helper.make_empty_tensor_value_info(name) for name in ("b1_y", "b2_y", "tan", "loss")],
    )
    with pytest.raises(OnnxImportError) as info:
        import_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 22)]))
    assert str(info.value) == (
        "operators gawee has no lowering for (opset 22): Bernoulli (its function body lacks "
        "RandomUniformLike) (2 nodes, the first 'b1'), NonZero (1 node, the first 't'; its output's "
        "shape depends on the input's values; gawee's types are static)"
    )
