"""Whole transformer exports of `transformers` (random weights, scaled down) imported
and run at gawee, linalg and mir level, against ONNX Runtime: BERT (embeddings with a
padding mask, attention, GELU feed-forward, LayerNorm) and Llama (RMSNorm, rotary
embeddings, grouped-query attention with a causal mask, SiLU)."""

from __future__ import annotations

import functools

import numpy as np
import onnx
import pytest
from onnx_models import LEVELS, assert_matches, bert, llama, onnxruntime_outputs
from xdsl.context import Context

from nnstack.frontend.onnx import import_onnx
from nnstack.interpreters import run

MODELS = {"bert": bert, "llama": llama}


@functools.cache
def exported(name: str) -> tuple[onnx.ModelProto, dict[str, np.ndarray], list[np.ndarray]]:
    """The model, its inputs and ONNX Runtime's outputs (exported once per run)."""
    model, inputs = MODELS[name]()
    return model, inputs, onnxruntime_outputs(model, inputs)


@pytest.mark.parametrize("name", MODELS)
def test_the_export_has_the_transformer_operators(name: str):
    """The shape and mask arithmetic is in the export (and folds at import)."""
    model, _, _ = exported(name)
    kinds = {node.op_type for node in model.graph.node}
    assert {"Gather", "Where", "Cast", "Equal", "Expand", "MatMul", "Softmax", "Shape"} <= kinds
    assert (
        {"LayerNormalization", "Erf"} <= kinds
        if name == "bert"
        else {"Sin", "Cos", "Slice", "Concat"} <= kinds
    )


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", MODELS)
def test_matches_onnxruntime(name: str, level: str):
    model, inputs, expected = exported(name)
    module = import_onnx(model)
    if (lowering := LEVELS[level]) is not None:
        lowering().apply(Context(), module)
        assert not any(op.dialect_name() == "gawee" for op in module.walk())
    got = run(module, "main", *inputs.values())
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert_matches(g, e)


def test_bert_attention_mask_reaches_the_result():
    """Changing a masked-out token changes none of BERT's unmasked outputs; unmasking it
    changes them."""
    model, inputs, _ = exported("bert")
    module = import_onnx(model)
    (base,) = run(module, "main", *inputs.values())
    kept = inputs["attention_mask"][0] == 1
    assert not kept[-1]
    ids = inputs["input_ids"].copy()
    ids[0, -1] = (ids[0, -1] + 1) % 100
    (other_token,) = run(module, "main", ids, inputs["attention_mask"])
    np.testing.assert_allclose(other_token[0, kept], base[0, kept], atol=1e-5)
    (unmasked,) = run(module, "main", inputs["input_ids"], np.ones_like(inputs["attention_mask"]))
    assert np.max(np.abs(unmasked[0, kept] - base[0, kept])) > 1e-3
