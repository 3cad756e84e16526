"""Quantized ONNX models (`frontend/onnx/quantized.py`): one-node QuantizeLinear,
DequantizeLinear, DynamicQuantizeLinear, MatMulInteger, ConvInteger, QLinearMatMul and
QLinearConv models against ONNX's reference evaluator and ONNX Runtime, and small
models quantized by `onnxruntime.quantization` (quantize_dynamic; quantize_static in
the QDQ format) against ONNX Runtime: integers exactly, floats within a float
tolerance. At gawee, linalg and mir level (uint8 values included: both lowerings pick
the unsigned ops, docs/unsigned-integers.md)."""

from __future__ import annotations

import llvmlite.binding
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


LEVELS = ["gawee", "linalg", "mir"]


def check(
    made: onnx.ModelProto,
    inputs: dict[str, np.ndarray],
    constants: dict[str, np.ndarray],
    reference: bool = True,
    runtime: bool = True,
    expected: list[np.ndarray] | None = None,
) -> None:
    """The model at every level it runs at gives what ONNX Runtime gives, and ONNX's
    reference too (unless `reference` is False), integers and floats exactly; where
    ONNX Runtime does not run it (`runtime` False: per-row / per-channel zero points of
    MatMulInteger / ConvInteger), what the reference gives, or `expected`."""
    oracle = ReferenceEvaluator(made).run(None, inputs) if reference else expected
    if runtime:
        expected = onnxruntime_outputs(without_int8_weights(made) if u8s8_saturates() else made, inputs)
        for e, r in zip(expected, oracle or expected, strict=True):
            np.testing.assert_array_equal(
                e, np.asarray(r).astype(e.dtype), err_msg="ONNX Runtime and the reference"
            )
    else:
        assert oracle is not None
        expected = [np.asarray(r) for r in oracle]
    for level in LEVELS:
        got = run_at(level, made, inputs)
        for g, e in zip(got, expected, strict=True):
            assert g.dtype == e.dtype and g.shape == e.shape, (level, g.dtype, e.dtype, g.shape, e.shape)
            np.testing.assert_array_equal(g, e, err_msg=f"at {level} level")


WEIGHTS = {"b": "a", "w": "x"}
"""The weights of the integer products (MatMulInteger / QLinearMatMul's b, ConvInteger /
QLinearConv's w) by the name of their activation; each has its zero point `<name>_zero`."""


def u8s8_saturates() -> bool:
    """Whether ONNX Runtime's uint8 x int8 kernels saturate here: on x86 without VNNI they
    add pairs of products in int16 (vpmaddubsw), as its quantization docs warn, so large
    values give wrong sums."""
    features = llvmlite.binding.get_host_cpu_features()
    return bool(features.get("avx2")) and not (features.get("avxvnni") or features.get("avx512vnni"))


def without_int8_weights(made: onnx.ModelProto) -> onnx.ModelProto:
    """`made` with its int8 weights and their zero points moved to uint8 by + 128 where
    the activation is uint8: every op here uses only weight - zero point, which stays
    the same, and ONNX Runtime runs uint8 x uint8 exactly on every CPU."""
    moved = onnx.ModelProto()
    moved.CopyFrom(made)
    graph = moved.graph
    types = {v.name: v.type.tensor_type.elem_type for v in graph.input}
    types |= {t.name: t.data_type for t in graph.initializer}
    for index, tensor in enumerate(graph.initializer):
        name = tensor.name.removesuffix("_zero")
        activation = WEIGHTS.get(name)
        if activation is None or tensor.data_type != onnx.TensorProto.INT8:
            continue
        if types.get(activation) != onnx.TensorProto.UINT8:
            continue
        shifted = (numpy_helper.to_array(tensor).astype(np.int16) + 128).astype(np.uint8)
        graph.initializer[index].CopyFrom(numpy_helper.from_array(shifted, tensor.name))
    return moved


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


def integers(shape: tuple[int, ...], dtype: type) -> np.ndarray:
    info = np.iinfo(dtype)
    return RNG.integers(info.min, int(info.max) + 1, shape, dtype=np.int64).astype(dtype)


@pytest.mark.parametrize(
    ("a_type", "b_type"), [(np.uint8, np.uint8), (np.uint8, np.int8), (np.int8, np.int8)]
)
@pytest.mark.parametrize("per_channel", [False, True])
def test_matmul_integer(a_type: type, b_type: type, per_channel: bool):
    a, b = integers((2, 5, 37), a_type), integers((37, 6), b_type)
    a_zero = integers((5,) if per_channel else (), a_type)
    b_zero = integers((6,) if per_channel else (), b_type)
    constants = {"b": b, "a_zero": a_zero, "b_zero": b_zero}
    made = model("MatMulInteger", {"a": a}, constants)
    if not per_channel:
        check(made, {"a": a}, constants)
        return
    # per row and per column: neither ONNX Runtime nor the reference (which broadcasts
    # an [M] zero point along K) computes them; numpy does
    product = (a.astype(np.int32) - a_zero.astype(np.int32)[:, None]) @ (
        b.astype(np.int32) - b_zero.astype(np.int32)
    )
    check(made, {"a": a}, constants, reference=False, runtime=False, expected=[product])


def test_matmul_integer_without_zero_points():
    inputs = {"a": integers((4, 300), np.int8), "b": integers((300, 3), np.int8)}
    check(model("MatMulInteger", inputs, {}), inputs, {})


def test_matmul_integer_too_long_to_be_exact():
    inputs = {"a": integers((1, 40000), np.uint8), "b": integers((40000, 1), np.uint8)}
    with pytest.raises(OnnxImportError, match="could overflow ONNX Runtime's i32 accumulator"):
        import_onnx(model("MatMulInteger", inputs, {}))


@pytest.mark.parametrize(
    ("x_type", "w_type"), [(np.uint8, np.uint8), (np.uint8, np.int8), (np.int8, np.int8)]
)
@pytest.mark.parametrize(
    "attributes",
    [
        {},
        {"pads": [1, 2, 1, 0], "strides": [2, 1]},
        {"group": 2, "dilations": [2, 1]},
        {"auto_pad": "SAME_UPPER"},
    ],
)
@pytest.mark.parametrize("per_channel", [False, True])
def test_conv_integer(x_type: type, w_type: type, attributes: dict, per_channel: bool):
    x = integers((2, 4, 7, 6), x_type)
    w = integers((6, 4 // attributes.get("group", 1), 3, 2), w_type)
    constants = {
        "w": w,
        "x_zero": integers((), x_type),
        "w_zero": integers((6,) if per_channel else (), w_type),
    }
    made = model("ConvInteger", {"x": x}, constants, **attributes)
    check(made, {"x": x}, constants, runtime=not per_channel)


def scales(*shapes: tuple[int, ...]) -> list[np.ndarray]:
    return [RNG.uniform(0.002, 0.05, shape).astype(np.float32) for shape in shapes]


@pytest.mark.parametrize(
    ("a_type", "b_type"), [(np.uint8, np.uint8), (np.uint8, np.int8), (np.int8, np.int8)]
)
@pytest.mark.parametrize("per_column", [False, True])
def test_qlinear_matmul(a_type: type, b_type: type, per_column: bool):
    """Random scales: the rounding of ONNX Runtime's f32 multiplier meets ties rarely;
    the reference multiplies in f64 and could differ there, so it is not compared."""
    a, b = integers((3, 8, 64), a_type), integers((64, 5), b_type)
    a_scale, b_scale = scales((), (5,) if per_column else ())
    (y_scale,) = scales(())
    y_scale *= 40
    constants = {
        "a_scale": a_scale,
        "a_zero": integers((), a_type),
        "b": b,
        "b_scale": b_scale,
        "b_zero": integers((5,) if per_column else (), b_type),
        "y_scale": y_scale,
        "y_zero": integers((), a_type),
    }
    check(model("QLinearMatMul", {"a": a}, constants), {"a": a}, constants, reference=False)


@pytest.mark.parametrize(
    ("x_type", "w_type"), [(np.uint8, np.uint8), (np.uint8, np.int8), (np.int8, np.int8)]
)
@pytest.mark.parametrize(
    ("groups", "per_channel", "bias"), [(1, False, False), (1, True, True), (4, True, True), (2, False, True)]
)
def test_qlinear_conv(x_type: type, w_type: type, groups: int, per_channel: bool, bias: bool):
    """ONNX Runtime's kernels: the general one, the per-channel one and the depthwise (groups 4)."""
    x = integers((1, 4, 9, 8), x_type)
    filters = 4 if groups == 4 else 6
    w = integers((filters, 4 // groups, 3, 3), w_type)
    x_scale, w_scale, y_scale = scales((), (filters,) if per_channel else (), ())
    constants = {
        "x_scale": x_scale,
        "x_zero": integers((), x_type),
        "w": w,
        "w_scale": w_scale,
        "w_zero": np.zeros((filters,) if per_channel else (), w_type)
        if w_type == np.int8
        else integers((), w_type),
        "y_scale": y_scale * 30,
        "y_zero": integers((), x_type),
        **({"bias": RNG.integers(-5000, 5000, (filters,)).astype(np.int32)} if bias else {}),
    }
    made = model("QLinearConv", {"x": x}, constants, group=groups, pads=[1, 1, 1, 1])
    check(made, {"x": x}, constants, reference=False)


def test_qlinear_matmul_multiplies_in_f32():
    """146 * (a_scale / y_scale) is 31.4999... in f64 and rounds to 31.5 in f32: ONNX
    Runtime's f32 requantization gives 32, the reference's f64 product 31."""
    a = np.array([[127], [-127], [0]], np.int8)
    constants = {
        "a_scale": np.array(0.09351456, np.float32),
        "a_zero": np.array(-19, np.int8),
        "b": np.array([[1]], np.int8),
        "b_scale": np.array(1.0, np.float32),
        "b_zero": np.array(0, np.int8),
        "y_scale": np.array(0.43343258, np.float32),
        "y_zero": np.array(0, np.int8),
    }
    made = model("QLinearMatMul", {"a": a}, constants)
    assert onnxruntime_outputs(made, {"a": a})[0][0, 0] == 32
    assert ReferenceEvaluator(made).run(None, {"a": a})[0][0, 0] == 31
    check(made, {"a": a}, constants, reference=False)


# ---------------------------------------------------------------------------
# Models quantized by onnxruntime.quantization
# ---------------------------------------------------------------------------


def _weights(name: str, shape: tuple[int, ...], spread: float) -> onnx.TensorProto:
    return numpy_helper.from_array(RNG.normal(0, spread, shape).astype(np.float32), name)


def small_cnn() -> onnx.ModelProto:
    """Two convs with ReLU, a max pool, a global average pool and a matmul classifier."""
    nodes = [
        helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c1"], ["r1"]),
        helper.make_node("MaxPool", ["r1"], ["p1"], kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Conv", ["p1", "w2", "b2"], ["c2"], pads=[1, 1, 1, 1], group=2),
        helper.make_node("Relu", ["c2"], ["r2"]),
        helper.make_node("GlobalAveragePool", ["r2"], ["g"]),
        helper.make_node("Flatten", ["g"], ["f"]),
        helper.make_node("MatMul", ["f", "w3"], ["m"]),
        helper.make_node("Add", ["m", "b3"], ["y"]),
    ]
    weights = [
        _weights("w1", (8, 3, 3, 3), 0.3),
        _weights("b1", (8,), 0.1),
        _weights("w2", (16, 4, 3, 3), 0.2),
        _weights("b2", (16,), 0.1),
        _weights("w3", (16, 10), 0.3),
        _weights("b3", (10,), 0.1),
    ]
    graph = helper.make_graph(
        nodes,
        "cnn",
        [helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, (2, 3, 12, 12))],
        [helper.make_tensor_value_info("y", onnx.TensorProto.FLOAT, (2, 10))],
        weights,
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def small_mlp() -> onnx.ModelProto:
    """Two MatMul + Add layers with a ReLU between them."""
    nodes = [
        helper.make_node("MatMul", ["x", "w1"], ["m1"]),
        helper.make_node("Add", ["m1", "b1"], ["a1"]),
        helper.make_node("Relu", ["a1"], ["r1"]),
        helper.make_node("MatMul", ["r1", "w2"], ["m2"]),
        helper.make_node("Add", ["m2", "b2"], ["y"]),
    ]
    weights = [_weights("w1", (32, 64), 0.2), _weights("b1", (64,), 0.1), _weights("w2", (64, 10), 0.2)]
    weights.append(_weights("b2", (10,), 0.1))
    graph = helper.make_graph(
        nodes,
        "mlp",
        [helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, (4, 32))],
        [helper.make_tensor_value_info("y", onnx.TensorProto.FLOAT, (4, 10))],
        weights,
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


MODELS = {"cnn": small_cnn, "mlp": small_mlp}


class RandomCalibration:
    """A `CalibrationDataReader` of a few random inputs."""

    def __init__(self, shape: tuple[int, ...]):
        self.batches = iter([{"x": RNG.normal(0, 1, shape).astype(np.float32)} for _ in range(4)])

    def get_next(self) -> dict[str, np.ndarray] | None:
        return next(self.batches, None)


def quantized(name: str, mode: str, tmp_path) -> onnx.ModelProto:
    """The model quantized by onnxruntime.quantization: `dynamic` (quantize_dynamic),
    `qdq` or `qoperator` (quantize_static with random calibration data, per channel for
    the CNN; its convs and matmuls only in the QOperator format), with every
    integer tensor of the quantized graph an output too, so it is compared exactly."""
    from onnxruntime.quantization import CalibrationDataReader, QuantFormat, quantize_dynamic, quantize_static

    made = MODELS[name]()
    source, target = tmp_path / "model.onnx", tmp_path / "quantized.onnx"
    onnx.save(made, source)
    if mode == "dynamic":
        quantize_dynamic(source, target)
    else:
        shape = tuple(d.dim_value for d in made.graph.input[0].type.tensor_type.shape.dim)
        reader = type("Reader", (RandomCalibration, CalibrationDataReader), {})(shape)
        # (QOperator's other ops are com.microsoft's: QLinearAdd, QLinearGlobalAveragePool)
        form, types = (
            (QuantFormat.QDQ, None) if mode == "qdq" else (QuantFormat.QOperator, ["Conv", "MatMul"])
        )
        quantize_static(
            source, target, reader, quant_format=form, op_types_to_quantize=types, per_channel=name == "cnn"
        )
    result = onnx.shape_inference.infer_shapes(onnx.load(target))
    integer = {onnx.TensorProto.INT8, onnx.TensorProto.UINT8, onnx.TensorProto.INT32}
    outputs = [info for info in result.graph.value_info if info.type.tensor_type.elem_type in integer]
    result.graph.output.extend(outputs)
    result.ir_version = 10
    return result


def runtime_outputs(made: onnx.ModelProto, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
    """ONNX Runtime's outputs of the graph as written: without its graph optimizations,
    which fuse QDQ groups into integer kernels that compute other (approximate) values."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
    options.intra_op_num_threads = 1
    session = onnxruntime.InferenceSession(
        made.SerializeToString(), options, providers=["CPUExecutionProvider"]
    )
    return session.run(None, inputs)


@pytest.mark.parametrize("mode", ["dynamic", "qdq", "qoperator"])
@pytest.mark.parametrize("name", sorted(MODELS))
def test_quantized_model(name: str, mode: str, tmp_path):
    made = quantized(name, mode, tmp_path)
    operators = {node.op_type for node in made.graph.node}
    assert operators & {"MatMulInteger", "QuantizeLinear", "QLinearMatMul"}, operators
    shape = tuple(d.dim_value for d in made.graph.input[0].type.tensor_type.shape.dim)
    inputs = {"x": RNG.normal(0, 1, shape).astype(np.float32)}
    expected = runtime_outputs(made, inputs)
    for level in LEVELS:
        got = run_at(level, made, inputs)
        for g, e, info in zip(got, expected, made.graph.output, strict=True):
            assert g.dtype == e.dtype and g.shape == e.shape, (level, info.name)
            if np.issubdtype(e.dtype, np.integer):
                np.testing.assert_array_equal(g, e, err_msg=f"{info.name} at {level} level")
            else:
                np.testing.assert_allclose(
                    g, e, rtol=1e-5, atol=1e-5, err_msg=f"{info.name} at {level} level"
                )


def test_qlinear_matmul_per_row():
    """a's scale and zero point per row, b's per column (ONNX Runtime takes a per tensor
    only; the reference does not broadcast per row): against numpy, requantized in f32."""
    a, b = integers((2, 6, 40), np.int8), integers((40, 3), np.int8)
    a_scale, b_scale, y_scale = scales((6,), (3,), ())
    a_zero, b_zero, y_zero = integers((6,), np.int8), integers((3,), np.int8), np.array(4, np.int8)
    constants = {"a_scale": a_scale, "a_zero": a_zero, "b": b, "b_scale": b_scale, "b_zero": b_zero}
    constants |= {"y_scale": y_scale * 30, "y_zero": y_zero}
    product = (a.astype(np.int32) - a_zero.astype(np.int32)[:, None]) @ (
        b.astype(np.int32) - b_zero.astype(np.int32)
    )
    multiplier = a_scale[:, None] * b_scale / (y_scale * 30)
    expected = np.clip(np.rint(product.astype(np.float32) * multiplier) + 4, -128, 127).astype(np.int8)
    made = model("QLinearMatMul", {"a": a}, constants)
    check(made, {"a": a}, constants, reference=False, runtime=False, expected=[expected])


@pytest.mark.parametrize(
    ("op_type", "inputs", "message"),
    [
        (
            "MatMulInteger",
            {"a": np.zeros((2, 3), np.int16), "b": np.zeros((3, 2), np.int8)},
            "A has element type i16",
        ),
        ("MatMulInteger", {"a": np.zeros((3,), np.int8), "b": np.zeros((3, 2), np.int8)}, "1-D operands"),
        (
            "ConvInteger",
            {
                "x": np.zeros((1, 2, 4, 4), np.uint8),
                "w": np.zeros((1, 2, 2, 2), np.uint8),
                "z": np.zeros(2, np.uint8),
            },
            "input 'z' must be one value",
        ),
        (
            "ConvInteger",
            {
                "x": np.zeros((1, 2, 4, 4), np.uint8),
                "w": np.zeros((3, 2, 2, 2), np.uint8),
                "z": np.zeros(1, np.uint8),
            }
            | {"wz": np.zeros(2, np.uint8)},
            r"per-channel zero point or scale must have shape \[3\]",
        ),
    ],
)
def test_products_rejected(op_type: str, inputs: dict[str, np.ndarray], message: str):
    with pytest.raises(OnnxImportError, match=message):
        import_onnx(model(op_type, inputs, {}))


@pytest.mark.parametrize("dtype", [np.uint8, np.int8])
def test_quantize_linear_nan_and_infinities(dtype: type):
    """NaN becomes the lowest value, as in ONNX Runtime (the reference's NaN cast is
    undefined); infinities saturate."""
    x = np.array([np.nan, np.inf, -np.inf, 1.0, np.nan, -3.0, np.nan, 2.5, 0.0], np.float32)
    constants = {"scale": np.array(0.5, np.float32), "zero_point": np.array(3, dtype)}
    check(model("QuantizeLinear", {"x": x}, constants), {"x": x}, constants, reference=False)
