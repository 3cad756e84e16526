"""Scaled-down model exports of test_onnx_llir (the ResNet, BERT and Llama; the other CNNs
add no op) lowered to llir with vector-width 8 and compiled natively (at -O1, to keep
the test quick: their weights are one llir store per element): the results are the llir
interpreter's bit for bit, and match ONNX Runtime."""

from __future__ import annotations

import numpy as np
import pytest
from onnx_models import assert_matches, onnxruntime_outputs
from test_onnx_llir import MODELS
from xdsl.context import Context

from nnstack import native
from nnstack.frontend.onnx import import_onnx
from nnstack.interpreters import call
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass


@pytest.mark.parametrize("name", ["resnet", "bert", "llama"])
def test_native_matches_the_interpreter_and_onnxruntime(name: str):
    model, inputs = MODELS[name]()
    module = import_onnx(model)
    ConvertGaweeToMirPass().apply(Context(), module)
    ConvertMirToLlirPass(vector_width=8).apply(Context(), module)
    arrays = list(inputs.values())
    interpreted = call(module, "main", arrays).results
    compiled = native.run(module, "main", *arrays, opt_level=1)
    for got, expected, reference in zip(
        compiled, interpreted, onnxruntime_outputs(model, inputs), strict=True
    ):
        np.testing.assert_array_equal(got, expected)
        assert_matches(got, reference)
