"""bf16 (ONNX BFLOAT16) at gawee and linalg level: computed in f32 and rounded once to
bf16, as ONNX Runtime and onnx's reference evaluator compute it (docs/bfloat16.md).

The references are independent of the code under test: ml_dtypes' rounding of numpy's
f32 results, and onnx's reference evaluator running the same model in f32, its
outputs rounded once to bf16.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from levels import lower
from onnx import ModelProto, TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator

from nnstack.frontend.onnx import backend
from nnstack.interpreters import parse_module, run

BF16 = np.dtype(ml_dtypes.bfloat16)
LEVELS = ["gawee", "linalg", "mir"]


def ulps_apart(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """How many bf16 steps apart each pair of values is (on the ordered bit patterns)."""

    def ordered(x: np.ndarray) -> np.ndarray:
        bits = x.astype(BF16).view(np.uint16).astype(np.int64)
        return np.where(bits & 0x8000, 0x8000 - bits, bits)

    return np.abs(ordered(got) - ordered(want))


def bf16_values(shape: tuple[int, ...], seed: int = 0, scale: float = 2.0) -> np.ndarray:
    return (np.random.default_rng(seed).standard_normal(shape) * scale).astype(BF16)


ELEMENTWISE = """
func.func @main(%a: tensor<64xbf16>, %b: tensor<64xbf16>) -> (tensor<64xbf16>, tensor<64xbf16>,
    tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) {
  %add = gawee.add %a, %b : (tensor<64xbf16>, tensor<64xbf16>) -> tensor<64xbf16>
  %mul = gawee.mul %a, %b : (tensor<64xbf16>, tensor<64xbf16>) -> tensor<64xbf16>
  %div = gawee.div %a, %b : (tensor<64xbf16>, tensor<64xbf16>) -> tensor<64xbf16>
  %abs = gawee.abs %a : (tensor<64xbf16>) -> tensor<64xbf16>
  %sqrt = gawee.sqrt %abs : (tensor<64xbf16>) -> tensor<64xbf16>
  %wide = gawee.cast %a : (tensor<64xbf16>) -> tensor<64xf32>
  %third = gawee.constant dense<0.333333343> : tensor<f32>
  %scaled = gawee.mul %wide, %third : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
  %narrow = gawee.cast %scaled : (tensor<64xf32>) -> tensor<64xbf16>
  %exp = gawee.exp %a : (tensor<64xbf16>) -> tensor<64xbf16>
  %celu = gawee.celu %a alpha = 2.0 : (tensor<64xbf16>) -> tensor<64xbf16>
  func.return %add, %mul, %div, %sqrt, %wide, %narrow, %exp, %celu : tensor<64xbf16>, tensor<64xbf16>,
    tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>
}
"""


@pytest.mark.parametrize("level", LEVELS)
def test_elementwise_ops_compute_in_f32_and_round_once(level: str):
    module = parse_module(ELEMENTWISE)
    if level != "gawee":
        module = lower(module, level)
    a, b = bf16_values((64,), 1), bf16_values((64,), 2)
    b = np.where(b == 0, BF16.type(0.5), b)
    got = run(module, "main", a, b)
    fa, fb = a.astype(np.float32), b.astype(np.float32)
    exact = {
        "add": fa + fb,
        "mul": fa * fb,
        "div": fa / fb,
        "sqrt": np.sqrt(np.abs(fa)),
        "wide": fa,
        "narrow": fa * np.float32(1 / 3),
    }
    # f32's exp may differ in its last bit between libms; rounded to bf16, by at most 1 ulp
    close = {"exp": np.exp(fa), "celu": np.maximum(fa, 0) + np.minimum(0, 2 * (np.exp(fa / 2) - 1))}
    for (name, want), value in zip({**exact, **close}.items(), got, strict=True):
        assert value.dtype == (np.float32 if name == "wide" else BF16), name
        if name in exact:
            np.testing.assert_array_equal(value, want.astype(value.dtype), err_msg=f"{name} at {level}")
        else:
            assert ulps_apart(value, want).max() <= 1, f"{name} at {level}"


SUMS = """
func.func @main(%x: tensor<1x1024xbf16>, %y: tensor<1024x1xbf16>) -> (tensor<1xbf16>, tensor<1x1xbf16>) {
  %sum = gawee.reduce_sum %x axes = [1] keepDims = false : (tensor<1x1024xbf16>) -> tensor<1xbf16>
  %dot = gawee.matmul %x, %y : (tensor<1x1024xbf16>, tensor<1024x1xbf16>) -> tensor<1x1xbf16>
  func.return %sum, %dot : tensor<1xbf16>, tensor<1x1xbf16>
}
"""


@pytest.mark.parametrize("level", LEVELS)
def test_sums_of_many_elements_accumulate_in_f32(level: str):
    """1024 ones sum to 1024 in f32; summed in bf16 (8 significant bits) the sum would
    stop at 256, where 256 + 1 rounds back to 256."""
    module = parse_module(SUMS)
    if level != "gawee":
        module = lower(module, level)
    ones = np.ones((1, 1024), BF16)
    total, dot = run(module, "main", ones, ones.reshape(1024, 1))
    assert total.dtype == BF16 and dot.dtype == BF16
    np.testing.assert_array_equal(total.astype(np.float32), [1024.0])
    np.testing.assert_array_equal(dot.astype(np.float32), [[1024.0]])


def one_node_model(
    op_type: str, inputs: list[np.ndarray], elem: int, shape: tuple[int, ...] | None, **attributes
) -> ModelProto:
    """A one-node model on inputs x0, x1, ... with output y (of `shape`, None: unknown)."""
    names = [f"x{i}" for i in range(len(inputs))]
    node = helper.make_node(op_type, names, ["y"], **attributes)
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info(n, elem, x.shape) for n, x in zip(names, inputs)],
        [
            helper.make_tensor_value_info("y", elem, shape)
            if shape is not None
            else helper.make_empty_tensor_value_info("y")
        ],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])


ONNX_CASES = {
    "Conv": ([(1, 3, 8, 8), (4, 3, 3, 3)], {"pads": [1, 1, 1, 1]}),
    "MatMul": ([(2, 5, 40), (40, 6)], {}),
    "LayerNormalization": ([(4, 32), (32,), (32,)], {"axis": -1}),
    "ReduceMean": ([(4, 300)], {"keepdims": 0}),
    "AveragePool": ([(1, 2, 9, 9)], {"kernel_shape": [3, 3]}),
    "Gelu": ([(64,)], {}),
    "LogSoftmax": ([(3, 50)], {"axis": -1}),
    "Sigmoid": ([(64,)], {}),
    "Erf": ([(64,)], {}),
    "Tanh": ([(64,)], {}),
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("op_type", sorted(ONNX_CASES))
def test_onnx_bf16_ops_as_f32_rounded_once(op_type: str, level: str):
    """A bf16 model gives what onnx's reference evaluator gives for the same model in
    f32, rounded once to bf16 (to 1 ulp: the f32 sums may round the other way; Gelu's
    f32 erf, within a few f32 ulp, is off by more in its far tail, where the values
    are below 1e-5)."""
    shapes, attributes = ONNX_CASES[op_type]
    inputs = [bf16_values(shape, seed) for seed, shape in enumerate(shapes)]
    wide = [x.astype(np.float32) for x in inputs]
    f32_model = one_node_model(op_type, wide, TensorProto.FLOAT, None, **attributes)
    (want,) = ReferenceEvaluator(f32_model).run(None, {f"x{i}": x for i, x in enumerate(wide)})
    model = one_node_model(op_type, inputs, TensorProto.BFLOAT16, want.shape, **attributes)
    (got,) = backend.prepare(model, level=level).run(inputs)
    assert got.dtype == BF16 and got.shape == want.shape
    assert ulps_apart(got, want)[np.abs(want) > 1e-5].max() <= 1, op_type


@pytest.mark.parametrize("level", LEVELS)
def test_bf16_softmax_rounds_each_step_as_onnx_reference(level: str):
    """Softmax rounds each step to bf16 (exp, sum, quotient), as onnx's reference
    evaluator computes them in bf16 (the conformance cases of Attention depend on it);
    to 1 ulp, where its pairwise sum rounds otherwise than a running sum."""
    x = bf16_values((3, 6), 5)
    model = one_node_model("Softmax", [x], TensorProto.BFLOAT16, x.shape, axis=-1)
    (want,) = ReferenceEvaluator(model).run(None, {"x0": x})
    (got,) = backend.prepare(model, level=level).run([x])
    assert got.dtype == BF16 and want.dtype == BF16
    assert ulps_apart(got, want).max() <= 1


def test_bf16_initializers_and_constants_import_bit_exact():
    """A bf16 initializer keeps its bits through the dense attribute (xDSL's bf16 hex
    form) and back: Add of x and a constant equals ml_dtypes' bf16 sum."""
    x, c = bf16_values((2, 3), 3), bf16_values((2, 3), 4)
    node = helper.make_node("Add", ["x", "c"], ["y"])
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.BFLOAT16, x.shape)],
        [helper.make_tensor_value_info("y", TensorProto.BFLOAT16, x.shape)],
        [numpy_helper.from_array(c, "c")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
    for level in LEVELS:
        (got,) = backend.prepare(model, level=level).run([x])
        np.testing.assert_array_equal(got, (x.astype(np.float32) + c.astype(np.float32)).astype(BF16))


def test_bf16_mod_by_zero_is_ieee_not_an_integer_error():
    """A bf16 remainder is a float one: a zero divisor gives NaN (as np.fmod in f32), not
    the integer division-by-zero error."""
    import ml_dtypes
    from onnx import helper

    from nnstack.frontend.onnx import backend

    a = np.array([5.0, 3.0], ml_dtypes.bfloat16)
    b = np.array([2.0, 0.0], ml_dtypes.bfloat16)
    (got,) = backend.run_node(helper.make_node("Mod", ["a", "b"], ["y"], fmod=1), [a, b])
    with np.errstate(invalid="ignore"):  # (the reference's own NaN)
        expected = np.fmod(a.astype(np.float32), b.astype(np.float32)).astype(ml_dtypes.bfloat16)
    np.testing.assert_array_equal(got.astype(np.float32), expected.astype(np.float32))
