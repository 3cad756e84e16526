"""ONNX Scan (opset 9 on) and Loop, unrolled at import, against ONNX Runtime at every
level (onnx's reference evaluator implements only Scan's axis 0, forward). Scan: states carried from step to step, scan inputs read along any axis in
either direction, scan outputs stacked along any axis in either direction, and a body
that reads a value of the enclosing graph. Loop: a trip count known at import or
specialised on at run, a condition the body passes on or turns false, scan outputs."""

from __future__ import annotations

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper
from onnx_models import onnxruntime_outputs
from test_onnx_import import LEVELS, run_at

from nnstack.frontend.onnx import OnnxImportError, backend, import_onnx

RNG = np.random.default_rng(0)


def scan_model(x: np.ndarray, opset: int = 16, **attributes) -> tuple:
    """A running sum and product of the rows of x (the scan input), scaled by the outer
    value `w`: state s' = s + row * w, scan output row * s'."""
    row = [int(d) for d in np.delete(x.shape, attributes.get("scan_input_axes", [0])[0])]
    body = helper.make_graph(
        [
            helper.make_node("Mul", ["row", "w"], ["scaled"]),
            helper.make_node("Add", ["s", "scaled"], ["s_next"]),
            helper.make_node("Mul", ["row", "s_next"], ["out"]),
        ],
        "body",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, row) for n in ("s", "row")],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, row) for n in ("s_next", "out")],
    )
    node = helper.make_node("Scan", ["s0", "x"], ["s_final", "y"], body=body, num_scan_inputs=1, **attributes)
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info("s0", TensorProto.FLOAT, row),
            helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape),
            helper.make_tensor_value_info("w", TensorProto.FLOAT, row),
        ],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in ("s_final", "y")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    inputs = {
        "s0": RNG.standard_normal(row).astype(np.float32),
        "x": x,
        "w": RNG.standard_normal(row).astype(np.float32),
    }
    return model, inputs


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("shape", "attributes"),
    [
        ((5, 3), {}),
        ((4, 2, 3), {"scan_input_directions": [1]}),
        ((2, 6, 3), {"scan_input_axes": [1], "scan_output_axes": [1]}),
        ((3, 4), {"scan_input_axes": [-1], "scan_output_directions": [1], "scan_output_axes": [-1]}),
        ((1, 2), {}),
    ],
)
def test_scan_matches_the_reference(level, shape, attributes):
    x = RNG.standard_normal(shape).astype(np.float32)
    model, inputs = scan_model(x, **attributes)
    expected = onnxruntime_outputs(model, inputs)
    got = run_at(level, model, inputs)
    for e, g in zip(expected, got, strict=True):
        assert g.shape == e.shape
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6)


def test_scan_of_opset_8_is_rejected():
    body = helper.make_graph(
        [helper.make_node("Add", ["s", "row"], ["s_next"])],
        "body",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, [2]) for n in ("s", "row")],
        [helper.make_tensor_value_info("s_next", TensorProto.FLOAT, [2])],
    )
    node = helper.make_node("Scan", ["", "s0", "x"], ["s"], body=body, num_scan_inputs=1)
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info("s0", TensorProto.FLOAT, [1, 2]),
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 2]),
        ],
        [helper.make_tensor_value_info("s", TensorProto.FLOAT, [1, 2])],
    )
    with pytest.raises(OnnxImportError, match="Scan before opset 9"):
        import_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 8)]))


def loop_model(stop_after: int | None = None) -> tuple:
    """y = y + x[i] for each step i (the loop-carried value), with the running values as
    the scan output; with `stop_after`, the body's condition turns false after that step."""
    nodes = [
        helper.make_node("Unsqueeze", ["i", "zero"], ["start"]),
        helper.make_node("Add", ["i", "one"], ["next"]),
        helper.make_node("Unsqueeze", ["next", "zero"], ["end"]),
        helper.make_node("Slice", ["x", "start", "end", "zero"], ["row"]),
        helper.make_node("Squeeze", ["row", "zero"], ["r"]),
        helper.make_node("Add", ["y", "r"], ["y_out"]),
        helper.make_node("Identity", ["y_out"], ["scan"]),
    ]
    if stop_after is None:
        nodes.append(helper.make_node("Identity", ["cond"], ["cond_out"]))
    else:
        nodes.append(helper.make_node("Less", ["i", "last"], ["cond_out"]))
    body = helper.make_graph(
        nodes,
        "body",
        [
            helper.make_tensor_value_info("i", TensorProto.INT64, []),
            helper.make_tensor_value_info("cond", TensorProto.BOOL, []),
            helper.make_tensor_value_info("y", TensorProto.FLOAT, [3]),
        ],
        [
            helper.make_tensor_value_info("cond_out", TensorProto.BOOL, []),
            helper.make_tensor_value_info("y_out", TensorProto.FLOAT, [3]),
            helper.make_tensor_value_info("scan", TensorProto.FLOAT, [3]),
        ],
    )
    constants = {"zero": np.array([0], np.int64), "one": np.array(1, np.int64)}
    constants["last"] = np.array(stop_after if stop_after is not None else 0, np.int64)
    graph = helper.make_graph(
        [helper.make_node("Loop", ["trips", "go", "y0"], ["y_final", "ys"], body=body)],
        "g",
        [
            helper.make_tensor_value_info("trips", TensorProto.INT64, []),
            helper.make_tensor_value_info("go", TensorProto.BOOL, []),
            helper.make_tensor_value_info("y0", TensorProto.FLOAT, [3]),
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [6, 3]),
        ],
        [
            helper.make_tensor_value_info("y_final", TensorProto.FLOAT, [3]),
            helper.make_tensor_value_info("ys", TensorProto.FLOAT, ["steps", 3]),
        ],
        [numpy_helper.from_array(v, k) for k, v in constants.items()],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)])


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("trips", "stop_after"), [(4, None), (6, None), (6, 2), (1, None)])
def test_loop_matches_onnxruntime(level, trips, stop_after):
    """The trip count and condition are graph inputs: the backend specialises on them."""
    model = loop_model(stop_after)
    inputs = {
        "trips": np.array(trips, np.int64),
        "go": np.array(True),
        "y0": RNG.standard_normal(3).astype(np.float32),
        "x": RNG.standard_normal((6, 3)).astype(np.float32),
    }
    expected = onnxruntime_outputs(model, inputs)
    got = backend.prepare(model, level=level).run(list(inputs.values()))
    for e, g in zip(expected, got, strict=True):
        assert g.shape == e.shape
        np.testing.assert_allclose(g, e, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("no trip count", "a Loop without a trip count"),
        ("zero trips", "it runs no step, so its scan outputs are empty"),
        ("condition from data", "the body's condition is computed from run-time values"),
    ],
)
def test_loop_rejects_what_it_cannot_unroll(change, message):
    model = loop_model()
    loop = model.graph.node[0]
    trips = numpy_helper.from_array(np.array(0 if change == "zero trips" else 2, np.int64), "trips")
    model.graph.initializer.extend([trips, numpy_helper.from_array(np.array(True), "go")])
    del model.graph.input[:2]
    if change == "no trip count":
        loop.input[0] = ""
    if change == "condition from data":
        body = loop.attribute[0].g
        body.node[-1].CopyFrom(helper.make_node("ReduceMax", ["y_out"], ["m"], keepdims=0))
        body.node.append(helper.make_node("Less", ["m", "ten"], ["cond_out"]))
        model.graph.initializer.append(numpy_helper.from_array(np.array(10.0, np.float32), "ten"))
    with pytest.raises(OnnxImportError, match=message):
        import_onnx(model)
