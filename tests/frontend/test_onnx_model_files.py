"""The small model files inside the onnx package (opset 9: Dropout with its mask output,
Softmax on 2-D coerced inputs), with random weights, at gawee, linalg and mir level
against ONNX Runtime. All nine run in `benchmarks/sweep_models.py --families onnx-files`."""

from __future__ import annotations

import numpy as np
import onnx
import onnxruntime
import pytest
from onnx import helper
from onnx.reference import ReferenceEvaluator
from onnx_model_files import MODEL_FILES, random_inputs, with_random_weights

from nnstack.frontend.onnx import backend


def test_the_nine_model_files_are_there():
    assert len(MODEL_FILES) == 9 and {"squeezenet", "shufflenet", "vgg19"} <= set(MODEL_FILES)


@pytest.mark.parametrize("level", ["gawee", "linalg", "mir"])
@pytest.mark.parametrize("name", ["squeezenet", "shufflenet"])
def test_a_model_file_matches_onnx_runtime(name: str, level: str):
    model = with_random_weights(name)
    feeds = random_inputs(model)
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    expected = session.run(None, feeds)
    got = backend.prepare(model, level=level).run(feeds)
    for g, e in zip(got, expected, strict=True):
        assert g.shape == e.shape
        np.testing.assert_allclose(g, e, rtol=1e-3, atol=1e-4 + 1e-3 * float(np.max(np.abs(e))))


@pytest.mark.parametrize(("opset", "mask_type"), [(9, onnx.TensorProto.FLOAT), (10, onnx.TensorProto.BOOL)])
def test_dropout_gives_its_mask_at_inference(opset: int, mask_type: int):
    """Dropout's second output, at inference all ones (onnx's reference; ONNX Runtime
    leaves it zero): of the input's type before opset 10, as the operator's schema types
    it (the reference gives bool there too), bool from then on."""
    graph = helper.make_graph(
        [helper.make_node("Dropout", ["x"], ["y", "mask"])],
        "g",
        [helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, [2, 3])],
        [
            helper.make_tensor_value_info("y", onnx.TensorProto.FLOAT, [2, 3]),
            helper.make_tensor_value_info("mask", mask_type, [2, 3]),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    expected = ReferenceEvaluator(model).run(None, {"x": x})
    for level in ("gawee", "mir"):
        y, mask = backend.prepare(model, level=level).run({"x": x})
        np.testing.assert_array_equal(y, expected[0])
        assert mask.dtype == helper.tensor_dtype_to_np_dtype(mask_type)
        np.testing.assert_array_equal(mask, expected[1].astype(mask.dtype))
