"""The comparison, logic, where, cast and data-movement gawee ops against ONNX's
reference evaluator (Equal, Less, ..., And, Or, Xor, Not, Where, Cast, Gather, Expand,
Squeeze, Unsqueeze, Concat, Slice) or PyTorch (gather_elements), at gawee level and
after convert-gawee-to-linalg, on float, integer and i1 tensors."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from onnx import helper
from onnx_checks import check, onnx_reference, random
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import run

COMPARISONS = [
    ("equal", "Equal"),
    ("less", "Less"),
    ("less_equal", "LessOrEqual"),
    ("greater", "Greater"),
    ("greater_equal", "GreaterOrEqual"),
]


@pytest.mark.parametrize(("op", "onnx_op"), COMPARISONS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int64, np.int32, np.int8])
def test_comparisons(op, onnx_op, dtype):
    inputs = [random((2, 1, 4), dtype, 1), random((3, 1), dtype, 2)]
    check(f"{op} {{operands}}", inputs, onnx_reference(onnx_op, inputs, {}))


@pytest.mark.parametrize(("op", "onnx_op"), COMPARISONS)
def test_comparisons_with_nan_are_false(op, onnx_op):
    inputs = [np.array([np.nan, 1.0, np.nan], np.float32), np.array([1.0, np.nan, np.nan], np.float32)]
    expected = onnx_reference(onnx_op, inputs, {})
    assert not expected.any()
    check(f"{op} {{operands}}", inputs, expected)


def test_equal_on_masks():
    inputs = [random((3, 4), np.bool_, 1), random((4,), np.bool_, 2)]
    check("equal {operands}", inputs, onnx_reference("Equal", inputs, {}))


@pytest.mark.parametrize(("op", "onnx_op"), [("and", "And"), ("or", "Or"), ("xor", "Xor")])
def test_logical(op, onnx_op):
    inputs = [random((2, 1, 4), np.bool_, 1), random((3, 1), np.bool_, 2)]
    check(f"{op} {{operands}}", inputs, onnx_reference(onnx_op, inputs, {}))


def test_not():
    inputs = [random((3, 4), np.bool_)]
    check("not {operands}", inputs, onnx_reference("Not", inputs, {}))


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int64, np.bool_])
def test_where(dtype):
    inputs = [random((2, 1, 4), np.bool_, 1), random((3, 1), dtype, 2), random((4,), dtype, 3)]
    check("where {operands}", inputs, onnx_reference("Where", inputs, {}))


CAST_TYPES = [np.float16, np.float32, np.float64, np.bool_, np.int8, np.int16, np.int32, np.int64]


@pytest.mark.parametrize("source", CAST_TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("target", CAST_TYPES, ids=lambda t: np.dtype(t).name)
def test_cast(source, target):
    if np.issubdtype(source, np.floating):
        # fractions (truncated toward zero by float -> int), both signs, zero
        x = np.array([[-2.75, -1.5, -0.25, 0.0], [0.5, 1.0, 2.25, 3.75]], source)
    else:
        x = random((2, 4), source)
    to = helper.np_dtype_to_tensor_dtype(np.dtype(target))
    check(f"cast {{operands}} toType = {to}", [x], onnx_reference("Cast", [x], {}, to=to))


def test_cast_of_nan_to_bool_is_true():
    x = np.array([np.nan, 0.0, -0.0, 2.0], np.float32)
    expected = onnx_reference("Cast", [x], {}, to=9)
    np.testing.assert_array_equal(expected, [True, False, False, True])
    check("cast {operands}", [x], expected)


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.bool_])
@pytest.mark.parametrize(
    ("data", "indices", "axis"),
    [((5, 4), (2, 3), 0), ((3, 5, 2), (4,), 1), ((3, 4), (), -1), ((6,), (2, 2), 0)],
    ids=["rows", "middle", "scalar-index-last", "vector"],
)
def test_gather(data, indices, axis, dtype):
    size = data[axis]
    index = np.random.default_rng(0).integers(-size, size, indices).astype(np.int64)
    inputs = [random(data, dtype), index]
    check(f"gather {{operands}} axis = {axis}", inputs, onnx_reference("Gather", inputs, {}, axis=axis))


def test_gather_with_i32_indices_reaches_both_ends():
    data = np.arange(12, dtype=np.float32).reshape(4, 3)
    index = np.array([0, 3, -1, -4], np.int32)
    check("gather {operands} axis = 0", [data, index], onnx_reference("Gather", [data, index], {}, axis=0))


@pytest.mark.parametrize("dtype", [np.float32, np.int64])
@pytest.mark.parametrize(
    ("data", "indices", "axis"),
    [((5, 4), (3, 4), 0), ((3, 5), (2, 3), 1), ((1, 64), (1, 16), -1), ((2, 3, 4), (2, 2, 6), 2)],
    ids=["rows", "smaller-off-axis", "position-ids", "longer-on-axis"],
)
def test_gather_elements(data, indices, axis, dtype):
    """Against torch.gather (ONNX's reference evaluator fails where the indices are
    smaller than the data off the axis, as in BERT's position-id lookup)."""
    size = data[axis]
    index = np.random.default_rng(1).integers(-size, size, indices).astype(np.int64)
    inputs = [random(data, dtype), index]
    wrapped = torch.from_numpy(np.where(index < 0, index + size, index))
    expected = torch.gather(torch.from_numpy(inputs[0]), axis, wrapped).numpy()
    check(f"gather_elements {{operands}} axis = {axis}", inputs, expected)


@pytest.mark.parametrize("index", [4, -5])
def test_gather_out_of_range_is_an_error(index):
    text = (
        "func.func @main(%d: tensor<4xf32>, %i: tensor<1xi64>) -> tensor<1xf32> {\n"
        "  %0 = gawee.gather %d, %i axis = 0 : (tensor<4xf32>, tensor<1xi64>) -> tensor<1xf32>\n"
        "  func.return %0 : tensor<1xf32>\n}\n"
    )
    with pytest.raises(InterpretationError, match=f"gawee.gather: index {index} is out of range"):
        run(text, "main", np.zeros(4, np.float32), np.array([index]))


@pytest.mark.parametrize("dtype", [np.float32, np.bool_])
@pytest.mark.parametrize(
    ("shape", "target"), [((3, 1), (2, 3, 4)), ((1,), (5,)), ((2, 1, 3), (1, 4, 1)), ((), (2, 2))]
)
def test_expand(shape, target, dtype):
    inputs = [random(shape, dtype)]
    shape_input = {"shape": np.array(target, np.int64)}
    check("expand {operands}", inputs, onnx_reference("Expand", inputs, shape_input))


@pytest.mark.parametrize(("shape", "axes"), [((2, 3), [0, -1]), ((2, 3), [1]), ((), [0, 1])])
def test_unsqueeze(shape, axes):
    inputs = [random(shape, np.int64)]
    expected = onnx_reference("Unsqueeze", inputs, {"axes": np.array(axes, np.int64)})
    check(f"unsqueeze {{operands}} axes = {axes}", inputs, expected)


@pytest.mark.parametrize(("shape", "axes"), [((1, 2, 1, 3), [0, 2]), ((2, 1), [-1]), ((1, 1), [0, 1])])
def test_squeeze(shape, axes):
    inputs = [random(shape, np.float32)]
    expected = onnx_reference("Squeeze", inputs, {"axes": np.array(axes, np.int64)})
    check(f"squeeze {{operands}} axes = {axes}", inputs, expected)


@pytest.mark.parametrize("dtype", [np.float32, np.int64])
@pytest.mark.parametrize(
    ("shapes", "axis"), [([(2, 3), (2, 1), (2, 2)], 1), ([(1, 4), (3, 4)], -2), ([(5,)], 0)]
)
def test_cat(shapes, axis, dtype):
    inputs = [random(s, dtype, i) for i, s in enumerate(shapes)]
    check(f"cat {{operands}} axis = {axis}", inputs, onnx_reference("Concat", inputs, {}, axis=axis))


INT64_MAX = np.iinfo(np.int64).max


@pytest.mark.parametrize("dtype", [np.float32, np.int64])
@pytest.mark.parametrize(
    ("starts", "ends", "axes", "steps"),
    [
        ([1, 0], [3, INT64_MAX], [0, 1], [1, 2]),
        ([-2], [INT64_MAX], [-1], [1]),
        ([-1], [-INT64_MAX], [1], [-1]),
        ([4, 5], [0, -10], [0, 1], [-2, -3]),
        ([10], [20], [0], [1]),
        ([0, 1], [-1, 4], [1, 0], [3, 1]),
    ],
    ids=["step-2", "negative-start", "reverse", "negative-steps", "empty", "axes-out-of-order"],
)
def test_slice(starts, ends, axes, steps, dtype):
    inputs = [random((5, 6), dtype)]
    constants = {
        name: np.array(values, np.int64)
        for name, values in [("starts", starts), ("ends", ends), ("axes", axes), ("steps", steps)]
    }
    expected = onnx_reference("Slice", inputs, constants)
    syntax = f"slice {{operands}} starts = {starts} ends = {ends} axes = {axes} steps = {steps}"
    check(syntax, inputs, expected)
