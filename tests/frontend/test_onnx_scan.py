"""ONNX Scan (opset 9 on), unrolled at import, against ONNX Runtime at every level (onnx's
reference evaluator implements only scan axis 0, forward): states carried from step to step, scan inputs read along any axis in
either direction, scan outputs stacked along any axis in either direction, and a body
that reads a value of the enclosing graph."""

from __future__ import annotations

import numpy as np
import pytest
from onnx import TensorProto, helper
from onnx_models import onnxruntime_outputs
from test_onnx_import import LEVELS, run_at

from nnstack.frontend.onnx import OnnxImportError, import_onnx

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
