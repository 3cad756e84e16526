"""ONNX's small element types (the 8- and 4-bit floats, INT4 / UINT4 / INT2 / UINT2) at
gawee and linalg level: Cast / CastLike with `saturate` and `round_mode`,
QuantizeLinear / DequantizeLinear, data movement, and mir's diagnostic
(docs/small-types.md).

The references are independent of the code under test: onnx's reference evaluator
running the same model, and ml_dtypes' own conversions of every value a small type
holds.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from onnx import ModelProto, TensorProto, helper
from onnx.reference import ReferenceEvaluator
from xdsl.utils.exceptions import PassFailedException

from nnstack.frontend.onnx import backend

LEVELS = ["gawee", "linalg"]
FLOAT8 = {
    TensorProto.FLOAT8E4M3FN: ml_dtypes.float8_e4m3fn,
    TensorProto.FLOAT8E4M3FNUZ: ml_dtypes.float8_e4m3fnuz,
    TensorProto.FLOAT8E5M2: ml_dtypes.float8_e5m2,
    TensorProto.FLOAT8E5M2FNUZ: ml_dtypes.float8_e5m2fnuz,
}
SMALL_FLOATS = {
    **FLOAT8,
    TensorProto.FLOAT4E2M1: ml_dtypes.float4_e2m1fn,
    TensorProto.FLOAT8E8M0: ml_dtypes.float8_e8m0fnu,
}
SMALL_INTEGERS = {
    TensorProto.INT4: ml_dtypes.int4,
    TensorProto.UINT4: ml_dtypes.uint4,
    TensorProto.INT2: ml_dtypes.int2,
    TensorProto.UINT2: ml_dtypes.uint2,
}


def model(nodes: list, inputs: list, outputs: list, initializers: list | None = None) -> ModelProto:
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=initializers or [])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 25)])


def cast_model(source: int, target: int, shape: list[int], **attributes) -> ModelProto:
    node = helper.make_node("Cast", ["x"], ["y"], to=target, **attributes)
    return model(
        [node],
        [helper.make_tensor_value_info("x", source, shape)],
        [helper.make_tensor_value_info("y", target, shape)],
    )


def run_level(onnx_model: ModelProto, level: str, *inputs: np.ndarray) -> list[np.ndarray]:
    return list(backend.prepare(onnx_model, level=level).run(list(inputs)))


def reference(onnx_model: ModelProto, *inputs: np.ndarray) -> list[np.ndarray]:
    names = [i.name for i in onnx_model.graph.input]
    with np.errstate(all="ignore"):
        return list(ReferenceEvaluator(onnx_model).run(None, dict(zip(names, inputs))))


def assert_same_values(got: np.ndarray, want: np.ndarray) -> None:
    """The same dtype and values: NaN where NaN, and zeros of the same sign."""
    assert got.dtype == want.dtype and got.shape == want.shape
    g, w = got.astype(np.float32), want.astype(np.float32)
    np.testing.assert_array_equal(g, w)
    assert (np.signbit(g) == np.signbit(w))[~np.isnan(w)].all()


def awkward_floats(seed: int = 0) -> np.ndarray:
    """Values every conversion has to get right: infinities, NaN, signed zeros, values
    beyond each type's range and just inside it, ties between two neighbours, tiny
    (subnormal) values, and random ones over many binades."""
    rng = np.random.default_rng(seed)
    special = [
        np.inf,
        -np.inf,
        np.nan,
        0.0,
        -0.0,
        1e6,
        -1e6,
        448,
        464,
        480,
        -464,
        240,
        248,
        57344,
        61440,
        65504,
    ]
    special += [
        6,
        7,
        -7,
        0.25,
        0.75,
        2.5,
        1.0625,
        1.1,
        0.124,
        2.0**-9,
        2.0**-10,
        3 * 2.0**-11,
        1e-7,
        2.0**127,
        3e38,
    ]
    randoms = rng.standard_normal(200) * np.exp2(rng.integers(-12, 12, 200))
    return np.array(special + list(randoms), np.float32)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("target", list(FLOAT8))
@pytest.mark.parametrize("saturate", [1, 0])
@pytest.mark.parametrize("source", [TensorProto.FLOAT, TensorProto.FLOAT16])
def test_cast_to_float8_rounds_to_nearest_even_and_saturates_as_asked(level, target, saturate, source):
    """To each 8-bit float: ties to even, FNUZ types without -0, beyond the range the
    largest finite value (saturate=1) or inf / NaN (saturate=0), as onnx's reference."""
    with np.errstate(over="ignore"):
        x = awkward_floats().astype(np.float16 if source == TensorProto.FLOAT16 else np.float32)
    onnx_model = cast_model(source, target, [len(x)], saturate=saturate)
    (got,) = run_level(onnx_model, level, x)
    (want,) = reference(onnx_model, x)
    assert_same_values(got, want)


@pytest.mark.parametrize("level", LEVELS)
def test_cast_without_saturate_is_ml_dtypes_rounding(level):
    """saturate=0 is the plain IEEE conversion, which ml_dtypes implements independently."""
    x = awkward_floats(1)
    for target, dtype in FLOAT8.items():
        (got,) = run_level(cast_model(TensorProto.FLOAT, target, [len(x)], saturate=0), level, x)
        with np.errstate(all="ignore"):
            assert_same_values(got, x.astype(dtype))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("round_mode", ["up", "down", "nearest"])
@pytest.mark.parametrize("saturate", [1, 0])
def test_cast_to_e8m0_rounds_to_a_power_of_two_as_round_mode_says(level, round_mode, saturate):
    x = np.concatenate([awkward_floats(2), [1.5, 1.75, 3.0, 2.0**127 * 1.5, -2.0, -0.75]]).astype(np.float32)
    onnx_model = cast_model(
        TensorProto.FLOAT, TensorProto.FLOAT8E8M0, [len(x)], saturate=saturate, round_mode=round_mode
    )
    (got,) = run_level(onnx_model, level, x)
    (want,) = reference(onnx_model, x)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("target", [TensorProto.FLOAT4E2M1, *SMALL_INTEGERS])
def test_cast_to_float4_and_small_integers(level, target):
    """f4E2M1FN saturates (it has no inf); floats to the small integers truncate toward
    zero and wrap, as onnx's reference (ml_dtypes) converts them."""
    x = np.concatenate([np.arange(-20, 20, 0.75), [np.inf, -np.inf, np.nan, -0.0, 5.5, -2.5]]).astype(
        np.float32
    )
    if target in SMALL_INTEGERS:
        x = x[np.isfinite(x)]
    onnx_model = cast_model(TensorProto.FLOAT, target, [len(x)])
    (got,) = run_level(onnx_model, level, x)
    (want,) = reference(onnx_model, x)
    assert_same_values(got, want)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("source", [*SMALL_FLOATS, *SMALL_INTEGERS])
def test_every_small_value_widens_exactly(level, source):
    """Every bit pattern of each small type, to f32 and f16 (and the integers to i8 /
    ui8, the floats to i32), as ml_dtypes converts it."""
    dtype = np.dtype({**SMALL_FLOATS, **SMALL_INTEGERS}[source])
    if source in SMALL_FLOATS:
        patterns = np.arange(256 if dtype.name != "float4_e2m1fn" else 16, dtype=np.uint8)
        x = patterns.view(dtype)
    else:
        info = ml_dtypes.iinfo(dtype)
        x = np.arange(info.min, info.max + 1).astype(dtype)
    integer = TensorProto.UINT8 if dtype.name.startswith("u") else TensorProto.INT8
    targets = {TensorProto.FLOAT: np.float32, TensorProto.FLOAT16: np.float16}
    if source in SMALL_INTEGERS:
        targets[integer] = np.uint8 if integer == TensorProto.UINT8 else np.int8
    for target, want_dtype in targets.items():
        (got,) = run_level(cast_model(source, target, [len(x)]), level, x)
        with np.errstate(all="ignore"):
            assert_same_values(got, x.astype(np.float32).astype(want_dtype))


@pytest.mark.parametrize("level", LEVELS)
def test_castlike_and_movement_carry_small_types(level):
    """CastLike to an input's small type, then Reshape, Transpose, Concat and Identity on
    it: the values move unchanged (against numpy on ml_dtypes arrays)."""
    for elem, dtype in [
        (TensorProto.FLOAT8E4M3FN, ml_dtypes.float8_e4m3fn),
        (TensorProto.INT4, ml_dtypes.int4),
    ]:
        x = (np.arange(24, dtype=np.float32) - 10).reshape(2, 3, 4)
        like = np.zeros((1,), dtype)
        nodes = [
            helper.make_node("CastLike", ["x", "like"], ["c"]),
            helper.make_node("Reshape", ["c", "shape"], ["r"]),
            helper.make_node("Transpose", ["r"], ["t"], perm=[1, 0]),
            helper.make_node("Concat", ["t", "t"], ["j"], axis=0),
            helper.make_node("Identity", ["j"], ["y"]),
        ]
        onnx_model = model(
            nodes,
            [
                helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 4]),
                helper.make_tensor_value_info("like", elem, [1]),
            ],
            [helper.make_tensor_value_info("y", elem, [24, 2])],
            [helper.make_tensor("shape", TensorProto.INT64, [2], [2, 12])],
        )
        (got,) = run_level(onnx_model, level, x, like)
        expected = x.astype(dtype).reshape(2, 12).T
        assert_same_values(got, np.concatenate([expected, expected]))


def quantize_models(
    elem: int, shape: list[int], scale_shape: list[int], **attributes
) -> tuple[ModelProto, ModelProto]:
    """QuantizeLinear and DequantizeLinear to / from `elem` with a zero point input."""
    scale = [helper.make_tensor_value_info("s", TensorProto.FLOAT, scale_shape)]
    zero = [helper.make_tensor_value_info("z", elem, scale_shape)]
    quantize = model(
        [helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"], **attributes)],
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, shape), *scale, *zero],
        [helper.make_tensor_value_info("y", elem, shape)],
    )
    dequantize = model(
        [helper.make_node("DequantizeLinear", ["x", "s", "z"], ["y"], **attributes)],
        [helper.make_tensor_value_info("x", elem, shape), *scale, *zero],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, shape)],
    )
    return quantize, dequantize


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("elem", [*SMALL_INTEGERS, *FLOAT8, TensorProto.FLOAT4E2M1])
@pytest.mark.parametrize("layout", ["tensor", "axis", "blocked"])
def test_quantize_and_dequantize_small_types(level, elem, layout):
    """Per tensor, per axis and blocked, with a zero point (random for the integers, 0
    for the floats, as ONNX requires), against onnx's reference."""
    rng = np.random.default_rng(elem)
    dtype = np.dtype({**SMALL_FLOATS, **SMALL_INTEGERS}[elem])
    shape = [3, 4]
    scale_shape, attributes = {
        "tensor": ([], {}),
        "axis": ([4], {"axis": 1}),
        "blocked": ([3, 2], {"axis": 1, "block_size": 2}),
    }[layout]
    x = (rng.standard_normal(shape) * 20).astype(np.float32)
    # (+-inf to an integer type: onnx's reference converts inf to int32, undefined)
    x.flat[:3] = [np.inf if elem not in SMALL_INTEGERS else 1e9, -1e6, 1e6]
    s = rng.uniform(0.5, 4, scale_shape).astype(np.float32)
    if elem in SMALL_INTEGERS:
        info = ml_dtypes.iinfo(dtype)
        z = rng.integers(info.min, info.max + 1, scale_shape).astype(dtype)
    else:
        z = np.zeros(scale_shape, dtype)
    quantize, dequantize = quantize_models(elem, shape, scale_shape, **attributes)
    (got,) = run_level(quantize, level, x, s, z)
    (want,) = reference(quantize, x, s, z)
    assert_same_values(got, want)
    (got,) = run_level(dequantize, level, want, s, z)
    (want,) = reference(dequantize, want, s, z)
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_quantize_float8_without_saturate_overflows():
    quantize = model(
        [helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"], saturate=0)],
        [
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [4]),
            helper.make_tensor_value_info("s", TensorProto.FLOAT, []),
        ],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT8E5M2, [4])],
        [helper.make_tensor("z", TensorProto.FLOAT8E5M2, [], [0])],
    )
    x, s = np.array([1.0, 1e6, -1e6, 3.0], np.float32), np.array(2.0, np.float32)
    for level in LEVELS:
        (got,) = run_level(quantize, level, x, s)
        assert_same_values(got, reference(quantize, x, s)[0])


def test_a_float_zero_point_must_be_zero():
    quantize = model(
        [helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"])],
        [
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [4]),
            helper.make_tensor_value_info("s", TensorProto.FLOAT, []),
        ],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT8E4M3FN, [4])],
        [helper.make_tensor("z", TensorProto.FLOAT8E4M3FN, [], [1.0])],
    )
    with pytest.raises(backend.OnnxImportError, match="zero point 'z' of a float quantized type must be 0"):
        backend.prepare(quantize)


def test_mir_rejects_small_types_at_the_op():
    onnx_model = cast_model(TensorProto.FLOAT, TensorProto.FLOAT8E4M3FN, [4])
    with pytest.raises(PassFailedException, match="element type f8E4M3FN is not lowered to mir"):
        backend.prepare(onnx_model, level="mir")
