"""Quantized ONNX models (`frontend/onnx/quantized.py`): one-node QuantizeLinear,
DequantizeLinear, DynamicQuantizeLinear, MatMulInteger, ConvInteger, QLinearMatMul and
QLinearConv models against ONNX's reference evaluator and ONNX Runtime, and small
models quantized by `onnxruntime.quantization` (quantize_dynamic; quantize_static in
the QDQ format) against ONNX Runtime: integers exactly, floats within a float
tolerance. At gawee and linalg level, and at mir level where no value is unsigned
(mir is signless: convert-gawee-to-mir rejects unsigned types at the op)."""

from __future__ import annotations

import numpy as np
import onnx
import pytest
from onnx import helper, numpy_helper
from onnx.reference import ReferenceEvaluator
from onnx_models import onnxruntime_outputs
from test_onnx_import import run_at

from nnstack.frontend.onnx import OnnxImportError, import_onnx

RNG = np.random.default_rng(0)
OPSET = 21


def model(
    op_type: str,
    inputs: dict[str, np.ndarray],
    constants: dict[str, np.ndarray],
    outputs: int = 1,
    **attributes,
) -> onnx.ModelProto:
    """One node on the graph `inputs` then the `constants` (initializers; an empty name
    is a left-out optional input), in order, with outputs y0, y1, ..."""
    names = [*inputs, *constants]
    results = [f"y{i}" for i in range(outputs)]
    graph = helper.make_graph(
        [helper.make_node(op_type, names, results, name="n", **attributes)],
        "g",
        [
            helper.make_tensor_value_info(name, helper.np_dtype_to_tensor_dtype(v.dtype), v.shape)
            for name, v in inputs.items()
        ],
        [helper.make_empty_tensor_value_info(r) for r in results],
        [numpy_helper.from_array(v, name) for name, v in constants.items() if name],
    )
    made = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    made.ir_version = 10  # (onnxruntime reads IR versions up to its own)
    return made


def levels(*arrays: np.ndarray) -> list[str]:
    """gawee and linalg, and mir where no array is unsigned."""
    signed = not any(np.issubdtype(a.dtype, np.unsignedinteger) for a in arrays)
    return ["gawee", "linalg", *(["mir"] if signed else [])]


def check(
    made: onnx.ModelProto,
    inputs: dict[str, np.ndarray],
    constants: dict[str, np.ndarray],
    reference: bool = True,
) -> None:
    """The model at every level it runs at gives what ONNX Runtime gives, and ONNX's
    reference too (unless `reference` is False), integers and floats exactly."""
    expected = onnxruntime_outputs(made, inputs)
    if reference:
        for e, r in zip(expected, ReferenceEvaluator(made).run(None, inputs), strict=True):
            np.testing.assert_array_equal(
                e, np.asarray(r).astype(e.dtype), err_msg="ONNX Runtime and the reference"
            )
    for level in levels(*inputs.values(), *constants.values(), *expected):
        got = run_at(level, made, inputs)
        for g, e in zip(got, expected, strict=True):
            assert g.dtype == e.dtype and g.shape == e.shape, (level, g.dtype, e.dtype, g.shape, e.shape)
            np.testing.assert_array_equal(g, e, err_msg=f"at {level} level")


def floats(shape: tuple[int, ...], spread: float) -> np.ndarray:
    """Random floats, with exact halves of the scale 1/4 among them (ties of the rounding)."""
    values = RNG.normal(0, spread, shape).astype(np.float32)
    values.flat[::3] = (RNG.integers(-600, 600, values.size)[::3] + 0.5).astype(np.float32) / 4
    return values


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.uint16, np.int16])
@pytest.mark.parametrize("per_axis", [False, True])
def test_quantize_linear(dtype: type, per_axis: bool):
    x = floats((2, 3, 4), 40.0)
    info = np.iinfo(dtype)
    if per_axis:
        scale = np.array([0.25, 0.5, 0.125], np.float32)
        zero_point = np.array([info.min + 3, (int(info.min) + int(info.max)) // 2, info.max - 7], dtype)
    else:
        scale, zero_point = (
            np.array(0.25, np.float32),
            np.array((int(info.min) + int(info.max)) // 2 + 5, dtype),
        )
    constants = {"scale": scale, "zero_point": zero_point}
    check(model("QuantizeLinear", {"x": x}, constants, axis=1), {"x": x}, constants)


def test_quantize_linear_scale_and_zero_point_inputs():
    inputs = {"x": floats((6, 5), 30.0), "scale": np.array([0.25, 0.5, 1.0, 0.75, 3.0], np.float32)}
    inputs["zero_point"] = np.array([0, -128, 127, 5, -5], np.int8)
    check(model("QuantizeLinear", inputs, {}, axis=-1), inputs, {})


def test_quantize_linear_default_uint8():
    x = floats((7,), 20.0)
    constants = {"scale": np.array(0.25, np.float32)}
    check(model("QuantizeLinear", {"x": x}, constants), {"x": x}, constants)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.uint16, np.int16, np.int32])
@pytest.mark.parametrize("per_axis", [False, True])
def test_dequantize_linear(dtype: type, per_axis: bool):
    info = np.iinfo(dtype)
    x = RNG.integers(info.min, int(info.max) + 1, (3, 4, 2), dtype=np.int64).astype(dtype)
    if per_axis:
        scale = np.array([0.1, 2.5, 0.003, 7.0], np.float32)
        zero_point = RNG.integers(info.min, int(info.max) + 1, (4,), dtype=np.int64).astype(dtype)
    else:
        scale, zero_point = np.array(0.037, np.float32), np.array(info.max // 3, dtype)
    if dtype == np.int32:
        zero_point = np.zeros_like(zero_point)  # (an int32 zero point must be 0)
    constants = {"scale": scale, "zero_point": zero_point}
    check(model("DequantizeLinear", {"x": x}, constants, axis=1), {"x": x}, constants)


def test_dequantize_then_quantize_round_trip():
    """A QDQ pair as quantize_static makes them, through a float op, as one model."""
    x = floats((4, 6), 10.0)
    scale, zero_point = np.array(0.25, np.float32), np.array(-3, np.int8)
    nodes = [
        helper.make_node("QuantizeLinear", ["x", "s", "z"], ["q"]),
        helper.make_node("DequantizeLinear", ["q", "s", "z"], ["d"]),
        helper.make_node("Relu", ["d"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes,
        "g",
        [helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, x.shape)],
        [helper.make_empty_tensor_value_info("y")],
        [numpy_helper.from_array(scale, "s"), numpy_helper.from_array(zero_point, "z")],
    )
    made = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    made.ir_version = 10
    check(made, {"x": x}, {})


@pytest.mark.parametrize(
    ("op_type", "inputs", "attributes", "message"),
    [
        ("QuantizeLinear", {"x": np.zeros((2, 3), np.float32), "s": np.ones(2, np.float32)}, {}, "per-axis"),
        (
            "QuantizeLinear",
            {"x": np.zeros((2, 3), np.float32), "s": np.ones(1, np.float32)},
            {"output_dtype": 6},
            "output_dtype INT32",
        ),
        (
            "QuantizeLinear",
            {"x": np.zeros((2, 4), np.float32), "s": np.ones((2, 3), np.float32)},
            {"block_size": 2},
            "blocked",
        ),
        (
            "DequantizeLinear",
            {"x": np.zeros((2, 3), np.float32), "s": np.ones(1, np.float32)},
            {},
            "x has element type f32",
        ),
    ],
)
def test_rejected(op_type: str, inputs: dict[str, np.ndarray], attributes: dict[str, int], message: str):
    with pytest.raises(OnnxImportError, match=message):
        import_onnx(model(op_type, inputs, {}, **attributes))


@pytest.mark.parametrize(
    "x",
    [
        floats((3, 5), 4.0),
        np.abs(floats((8,), 4.0)),
        -np.abs(floats((2, 2, 3), 4.0)),
        np.array([-1.0, 1.0, 0.5, -0.25], np.float32),
        np.zeros((4,), np.float32),
    ],
    ids=["mixed", "positive", "negative", "symmetric", "zeros"],
)
def test_dynamic_quantize_linear(x: np.ndarray):
    """All zeros: ONNX Runtime's scale is 1, the reference's 1/255."""
    made = model("DynamicQuantizeLinear", {"x": x}, {}, outputs=3)
    check(made, {"x": x}, {}, reference=bool(np.any(x)))
