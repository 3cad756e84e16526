"""gawee.split, tile, pad, trilu, constant, range and shape against ONNX's reference
evaluator (Split, Tile, Pad, Trilu, Constant, Range, Shape) and, for pads that crop
(which the reference evaluator cannot run), ONNX Runtime and PyTorch; at gawee level
and after convert-gawee-to-linalg, on float, integer and i1 tensors."""

from __future__ import annotations

import numpy as np
import onnxruntime
import pytest
import torch
from onnx import numpy_helper
from onnx_checks import check, check_function, onnx_model, onnx_outputs, onnx_reference, random, tensor
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType, f16, f32, i32, i64
from xdsl.ir import Block

from nnstack.dialects import gawee


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.bool_])
@pytest.mark.parametrize(
    ("shape", "sizes", "axis"),
    [((2, 5, 3), [1, 0, 4], -2), ((6,), [2, 2, 2], 0), ((3, 4), [4], 1), ((4, 2), [1, 3], 0)],
    ids=["with-empty-piece", "equal", "one-piece", "rows"],
)
def test_split(shape, sizes, axis, dtype):
    inputs = [random(shape, dtype)]
    split = {"split": np.array(sizes, np.int64)}
    expected = onnx_outputs("Split", inputs, split, outputs=len(sizes), axis=axis)
    check(f"split {{operands}} splitSizes = {sizes} axis = {axis}", inputs, expected)


@pytest.mark.parametrize("dtype", [np.float16, np.int32, np.bool_])
@pytest.mark.parametrize(
    ("shape", "repeats"),
    [((2, 3, 4), [2, 1, 3]), ((3,), [4]), ((2, 2), [1, 1]), ((2, 3), [0, 2]), ((), [])],
    ids=["rank-3", "vector", "no-repeat", "zero-repeat", "scalar"],
)
def test_tile(shape, repeats, dtype):
    inputs = [random(shape, dtype)]
    expected = onnx_reference("Tile", inputs, {"repeats": np.array(repeats, np.int64)})
    check(f"tile {{operands}} repeats = {repeats}", inputs, expected)


PADS = [
    [0, 2, 1, 0, 3, 2],
    [1, 0, 0, 0, 0, 1],
    [0, 9, 5, 0, 7, 0],  # wider than the dims: the fill repeats (numpy's rules)
]


@pytest.mark.parametrize("mode", ["constant", "reflect", "edge", "wrap"])
@pytest.mark.parametrize("pads", PADS, ids=["both-ends", "one-end", "wide"])
@pytest.mark.parametrize("dtype", [np.float32, np.int64])
def test_pad(mode, pads, dtype):
    inputs = [random((2, 3, 4), dtype)]
    constants = {"pads": np.array(pads, np.int64), "value": np.array(-5, dtype)}
    expected = onnx_reference("Pad", inputs, constants, mode=mode)
    value = " constantValue = -5.0" if mode == "constant" else ""
    check(f'pad {{operands}} pads = {pads} mode = "{mode}"{value}', inputs, expected)


@pytest.mark.parametrize("mode", ["reflect", "edge", "wrap"])
def test_pad_single_element_dim(mode):
    inputs = [random((1, 3), np.float32)]
    expected = onnx_reference("Pad", inputs, {"pads": np.array([2, 1, 3, 0], np.int64)}, mode=mode)
    check(f'pad {{operands}} pads = [2, 1, 3, 0] mode = "{mode}"', inputs, expected)


def test_pad_masks_and_axes():
    """i1 tensors pad with false or true; ONNX's axes (opset 18) name the padded dims."""
    inputs = [random((2, 3), np.bool_)]
    constants = {
        "pads": np.array([1, 2], np.int64),
        "value": np.array(True),
        "axes": np.array([-1], np.int64),
    }
    expected = onnx_reference("Pad", inputs, constants)
    check("pad {operands} pads = [0, 1, 0, 2] constantValue = 1.0", inputs, expected)


CROPS = [[0, -1, 0, 2], [0, 2, 0, -1], [-1, -2, 1, 2], [1, -3, -1, 1]]


@pytest.mark.parametrize("mode", ["constant", "reflect", "edge", "wrap"])
@pytest.mark.parametrize("pads", CROPS, ids=["crop-begin", "crop-end", "crop-both", "crop-most"])
def test_pad_negative_pads_crop_first(mode, pads):
    """Against ONNX Runtime, which crops first, then pads what is left (the reference
    evaluator cannot run negative pads; ONNX Runtime reflects at most size - 1)."""
    x = np.arange(20, dtype=np.float32).reshape(4, 5)
    model = onnx_model("Pad", [x], {"pads": np.array(pads, np.int64)}, opset=19, mode=mode)
    model.ir_version = 9
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    (expected,) = session.run(None, {"x0": x})
    check(f'pad {{operands}} pads = {pads} mode = "{mode}"', [x], expected)


def test_pad_constant_crop_matches_torch():
    x = random((2, 3, 5), np.float64)
    expected = torch.nn.functional.pad(torch.from_numpy(x), (2, -3, -1, 1), value=0.5).numpy()
    check("pad {operands} pads = [0, -1, 2, 0, 1, -3] constantValue = 0.5", [x], expected)


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.bool_])
@pytest.mark.parametrize("upper", [0, 1])
@pytest.mark.parametrize("k", [0, 2, -1, -5, 7])
def test_trilu(k, upper, dtype):
    inputs = [random((2, 4, 5), dtype, seed=k + 7)]
    expected = onnx_reference("Trilu", inputs, {"k": np.array(k, np.int64)}, upper=upper)
    check(f"trilu {{operands}} upper = {'true' if upper else 'false'} k = {k}", inputs, expected)


def test_trilu_matches_torch_on_a_rank_2_input():
    x = np.random.default_rng(0).standard_normal((5, 3)).astype(np.float32)
    check("trilu {operands}", [x], torch.triu(torch.from_numpy(x)).numpy())
    check("trilu {operands} upper = false k = 1", [x], torch.tril(torch.from_numpy(x), 1).numpy())


def no_input_program(op_text: str, result: np.ndarray) -> str:
    return (
        f"func.func @main() -> {tensor(result)} {{\n  %0 = gawee.{op_text}\n"
        f"  func.return %0 : {tensor(result)}\n}}\n"
    )


RANGES = [
    (np.int64, 0, 10, 3),
    (np.int32, 10, -1, -3),
    (np.int64, 5, 5, 1),
    (np.int64, 5, 2, 1),
    (np.float32, 1.0, 0.0, -0.25),
    (np.float32, 0.1, 1.0, 0.1),
    (np.float64, -2.5, 7.3, 0.7),
    (np.float32, 0.0, 1e-3, 3e-4),
]


@pytest.mark.parametrize(("dtype", "start", "limit", "delta"), RANGES)
def test_range(dtype, start, limit, delta):
    """The length is exact; floats computed in their type agree with the reference
    (computed in double, then rounded) to an ulp or two."""
    bounds = [np.array(v, dtype) for v in (start, limit, delta)]
    expected = onnx_reference("Range", [], dict(zip(("start", "limit", "delta"), bounds)))
    assert expected.dtype == dtype
    element = tensor(np.zeros(0, dtype)).removeprefix("tensor<0x").removesuffix(">")
    start, limit, delta = (f"{v!r} : {element}" for v in (start, limit, delta))
    syntax = f"range start = {start} limit = {limit} delta = {delta} : {tensor(expected)}"
    text = no_input_program(syntax, expected)
    check_function(text, [], [expected], rtol=1e-6 if np.issubdtype(dtype, np.floating) else 0.0)


def test_builders_infer_the_result_types():
    """The Python builders compute the result types the verifiers check."""
    block = Block(arg_types=[TensorType(f16, [2, 3, 4]), TensorType(i64, [2, 3, 3])])
    x, m = block.args
    ops = [
        gawee.RangeOp(0.1, 1.0, 0.1, f32),
        gawee.RangeOp(10, -1, -3, i32),
        gawee.ShapeOp(x, -2),
        gawee.SplitOp(x, [1, 0, 3], -1),
        gawee.TileOp(m, [2, 1, 3]),
        gawee.PadOp(x, [0, -1, 2, 0, 3, 1], "reflect"),
        gawee.TriluOp(m, upper=False, k=-1),
        gawee.ConstantOp(DenseIntOrFPElementsAttr.from_list(TensorType(f32, [2]), [1.0, 2.0])),
    ]
    for op in ops:
        op.verify()
    shapes = [r.type.get_shape() for op in ops for r in op.results]
    assert shapes == [
        (9,),
        (4,),
        (2,),
        (2, 3, 1),
        (2, 3, 0),
        (2, 3, 3),
        (4, 3, 9),
        (2, 5, 7),
        (2, 3, 3),
        (2,),
    ]


@pytest.mark.parametrize(
    "value",
    [
        np.array([[1.5, -2.0], [0.0, 3.25]], np.float32),
        np.array([True, False, True]),
        np.array(7, np.int64),
        np.full((2, 3), -1, np.int8),
    ],
    ids=["f32", "i1", "scalar-i64", "splat-i8"],
)
def test_constant(value):
    (expected,) = onnx_outputs("Constant", [], {}, value=numpy_helper.from_array(value, "v"))
    literal = str(value.tolist()).replace("True", "true").replace("False", "false")
    check_function(no_input_program(f"constant dense<{literal}> : {tensor(value)}", expected), [], [expected])


@pytest.mark.parametrize(("start", "end"), [(0, None), (1, None), (-2, -1), (2, 1), (-10, 10), (0, 0)])
def test_shape(start, end):
    x = random((2, 3, 4), np.float16)
    attributes = {"start": start} | ({"end": end} if end is not None else {})
    expected = onnx_reference("Shape", [x], {}, **attributes)
    syntax = f"shape {{operands}} start = {start}" + (f" end = {end}" if end is not None else "")
    check(syntax, [x], expected)
