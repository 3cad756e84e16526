"""The ONNX operators imported as a few existing gawee ops (`frontend/onnx/decomposed.py`):
DepthToSpace, SpaceToDepth, LpNormalization, MeanVarianceNormalization, Hardmax, OneHot,
Compress, Size and Einsum, as one-node models across the opsets that define them, run at
gawee, linalg and mir level against ONNX's reference evaluator (ONNX Runtime where the
reference does not follow the operator: Hardmax before opset 13, LpNormalization with
p = 1; numpy's einsum for Einsum); ONNX's conformance cases of OneHot and Compress with their depth / condition
made constants; and a one-line error for each value a converter rejects."""

from __future__ import annotations

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator
from onnx_models import onnxruntime_outputs
from test_onnx_import import LEVELS, run_at
from xdsl.builder import Builder, InsertPoint
from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import Block

from nnstack.dialects import gawee
from nnstack.frontend.onnx import OnnxImportError, import_onnx
from nnstack.frontend.onnx.context import ImportContext
from nnstack.frontend.onnx.converters import CONVERTERS

RNG = np.random.default_rng(0)


def model(
    op_type: str,
    inputs: dict[str, np.ndarray],
    opset: int,
    constants: dict[str, np.ndarray] | None = None,
    **attributes,
) -> onnx.ModelProto:
    """One node named 'n' on the graph `inputs` and the `constants` (initializers), in order."""
    constants = constants or {}
    graph = helper.make_graph(
        [helper.make_node(op_type, [*inputs, *constants], ["y"], name="n", **attributes)],
        "g",
        [
            helper.make_tensor_value_info(name, helper.np_dtype_to_tensor_dtype(v.dtype), v.shape)
            for name, v in inputs.items()
        ],
        [helper.make_empty_tensor_value_info("y")],
        [numpy_helper.from_array(v, name) for name, v in constants.items()],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def check(level: str, made: onnx.ModelProto, inputs: dict[str, np.ndarray], expected: np.ndarray) -> None:
    (got,) = run_at(level, made, inputs)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-7)


def reference(made: onnx.ModelProto, inputs: dict[str, np.ndarray]) -> np.ndarray:
    return ReferenceEvaluator(made).run(None, inputs)[0]


def runtime(made: onnx.ModelProto, inputs: dict[str, np.ndarray]) -> np.ndarray:
    made.ir_version = 8  # (onnxruntime reads IR versions up to its own)
    return onnxruntime_outputs(made, inputs)[0]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("op_type", "opset", "shape", "attributes"),
    [
        ("DepthToSpace", 1, (2, 8, 2, 3), {"blocksize": 2}),
        ("DepthToSpace", 11, (1, 18, 2, 2), {"blocksize": 3, "mode": "DCR"}),
        ("DepthToSpace", 13, (2, 8, 3, 2), {"blocksize": 2, "mode": "CRD"}),
        ("DepthToSpace", 13, (1, 3, 2, 2), {"blocksize": 1, "mode": "CRD"}),
        ("SpaceToDepth", 1, (2, 2, 4, 6), {"blocksize": 2}),
        ("SpaceToDepth", 13, (1, 3, 6, 3), {"blocksize": 3}),
        ("SpaceToDepth", 28, (2, 2, 4, 6), {"blocksize": 2, "mode": "CRD"}),
        ("SpaceToDepth", 28, (2, 2, 4, 6), {"blocksize": 2, "mode": "DCR"}),
    ],
)
def test_depth_to_space_and_back(level, op_type, opset, shape, attributes):
    x = RNG.standard_normal(shape).astype(np.float32)
    made = model(op_type, {"x": x}, opset, **attributes)
    check(level, made, {"x": x}, reference(made, {"x": x}))


@pytest.mark.parametrize("level", LEVELS)
def test_depth_to_space_undoes_space_to_depth(level):
    """The two are inverse in each mode (independent of either's reference)."""
    x = RNG.standard_normal((1, 2, 4, 6)).astype(np.float32)
    for mode in ("DCR", "CRD"):
        graph = helper.make_graph(
            [
                helper.make_node("SpaceToDepth", ["x"], ["d"], blocksize=2, mode=mode),
                helper.make_node("DepthToSpace", ["d"], ["y"], blocksize=2, mode=mode),
            ],
            "g",
            [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape)],
            [helper.make_empty_tensor_value_info("y")],
        )
        made = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 28)])
        check(level, made, {"x": x}, x)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("opset", "attributes", "dtype"),
    [
        (1, {}, np.float32),
        (22, {"p": 1, "axis": 0}, np.float32),
        (22, {"p": 2, "axis": 1}, np.float64),
        (11, {"p": 1, "axis": -2}, np.float32),
    ],
)
def test_lp_normalization_matches_onnxruntime(level, opset, attributes, dtype):
    """p = 1 sums absolute values (ONNX's reference sums the values, which ONNX Runtime
    and the definition do not); a zero row is zeros."""
    x = RNG.standard_normal((3, 4, 5)).astype(dtype)
    x[1, :, 2] = 0
    x[:, 2, :] = 0
    made = model("LpNormalization", {"x": x}, opset, **attributes)
    check(level, made, {"x": x}, runtime(made, {"x": x}))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("opset", "attributes", "shape"),
    [
        (9, {}, (2, 3, 4, 5)),
        (13, {}, (2, 3, 4, 1)),
        (13, {"axes": [1]}, (2, 3, 4)),
        (18, {"axes": [0, -1]}, (3, 4, 5)),
    ],
)
def test_mean_variance_normalization_as_its_function_body(level, opset, attributes, shape):
    x = (RNG.standard_normal(shape) * 3 + 1).astype(np.float32)
    made = model("MeanVarianceNormalization", {"x": x}, opset, **attributes)
    (got,) = run_at(level, made, {"x": x})
    np.testing.assert_allclose(got, reference(made, {"x": x}), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("opset", "attributes"),
    [
        (1, {}),
        (11, {"axis": 0}),
        (11, {"axis": 2}),
        (11, {"axis": -1}),
        (13, {}),
        (13, {"axis": 1}),
        (13, {"axis": 0}),
    ],
)
def test_hardmax_marks_the_first_maximum(level, opset, attributes):
    """Before opset 13 each row of the input coerced to 2-D at `axis`, from 13 along
    `axis` (ONNX Runtime; ONNX's reference does not coerce); ties go to the first."""
    x = RNG.integers(0, 3, (2, 3, 4)).astype(np.float32)
    made = model("Hardmax", {"x": x}, opset, **attributes)
    check(level, made, {"x": x}, runtime(made, {"x": x}))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("opset", "indices", "depth", "values", "axis"),
    [
        (9, np.array([[0, 3], [-1, 5]], np.int64), np.array(4, np.int64), np.array([0, 1], np.float32), None),
        (11, np.array([1, -4, 2, 7], np.int32), np.array(5.0, np.float32), np.array([-2, 3], np.int64), 0),
        (
            11,
            np.array([[1.0, -2.0], [0.5, 2.0]], np.float32),
            np.array(3, np.int64),
            np.array([1, 0], np.float32),
            1,
        ),
        (28, np.array([[2, 0, -3]], np.int8), np.array(300, np.int64), np.array([0, 1], np.float64), -2),
    ],
)
def test_one_hot(level, opset, indices, depth, values, axis):
    attributes = {} if axis is None else {"axis": axis}
    made = model("OneHot", {"x": indices}, opset, {"depth": depth, "values": values}, **attributes)
    check(level, made, {"x": indices}, reference(made, {"x": indices}))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("opset", "condition", "axis"),
    [
        (9, [True, False, True], 0),
        (11, [False, True, True, False], -1),
        (11, [True, False, True, False, False, True, True], None),
        (28, [False, True], 1),
    ],
)
def test_compress(level, opset, condition, axis):
    x = RNG.standard_normal((3, 4)).astype(np.float32)
    attributes = {} if axis is None else {"axis": axis}
    made = model("Compress", {"x": x}, opset, {"condition": np.array(condition)}, **attributes)
    check(level, made, {"x": x}, reference(made, {"x": x}))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("equation", "shapes"),
    [
        ("bhid,bhjd->bhij", [(2, 3, 4, 5), (2, 3, 6, 5)]),
        ("bhij,bhjd->bhid", [(2, 3, 4, 6), (2, 3, 6, 5)]),
        ("bij, bjk -> bik", [(2, 3, 4), (2, 4, 5)]),
        ("ij,jk", [(3, 4), (4, 5)]),
        ("i,j->ij", [(3,), (4,)]),
        ("ij,jk->i", [(3, 4), (4, 5)]),
        ("bnd,nd->bn", [(2, 3, 4), (3, 4)]),
        ("...ij,...jk->...ik", [(2, 3, 4), (2, 4, 5)]),
        ("ij,ij->ij", [(3, 4), (3, 4)]),
        ("ijk->kji", [(2, 3, 4)]),
        ("ijk->j", [(2, 3, 4)]),
        ("ij->", [(3, 4)]),
        ("ba", [(3, 4)]),
        ("ii->i", [(4, 4)]),
        ("ii", [(4, 4)]),
        ("...ii->...i", [(2, 3, 3)]),
        ("iji->j", [(3, 2, 3)]),
        ("bii,bij->bj", [(2, 3, 3), (2, 3, 4)]),
        ("iiii->i", [(2, 2, 2, 2)]),
    ],
)
def test_einsum_matches_numpy(level, equation, shapes):
    inputs = {f"x{i}": RNG.standard_normal(shape).astype(np.float32) for i, shape in enumerate(shapes)}
    made = model("Einsum", inputs, 12, equation=equation)
    (got,) = run_at(level, made, inputs)
    expected = np.einsum(equation.replace(" ", ""), *(a.astype(np.float64) for a in inputs.values()))
    assert got.dtype == np.float32 and got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


def test_size_is_folded_and_its_converter_is_a_constant():
    """The importer folds Size of a static shape; the converter, where it runs, makes
    the count a gawee.constant."""
    x = np.zeros((2, 3, 4), np.float32)
    module = import_onnx(model("Size", {"x": x}, 13))
    assert not any(isinstance(op, gawee.GaweeOperation) for op in module.walk())
    node = helper.make_node("Size", ["x"], ["y"])
    block = Block()
    context = ImportContext(node, 13, Builder(InsertPoint.at_end(block)), shapes={"x": (2, 3, 4)})
    CONVERTERS["Size"](context)
    (op,) = block.ops
    assert isinstance(op, gawee.ConstantOp)
    assert op.value.get_values() == (24,) and op.output.type.get_shape() == ()


X4 = np.zeros((1, 8, 2, 2), np.float32)
X3 = np.zeros((2, 3, 4), np.float32)


@pytest.mark.parametrize(
    ("op_type", "inputs", "constants", "opset", "attributes", "message"),
    [
        pytest.param(
            "DepthToSpace",
            {"x": X4},
            {},
            13,
            {"blocksize": 2, "mode": "RDC"},
            "mode = RDC is not supported",
            id="depth-to-space-mode",
        ),
        pytest.param(
            "DepthToSpace",
            {"x": X4},
            {},
            13,
            {"blocksize": 3},
            "the 8 channels are not a multiple of blocksize",
            id="depth-to-space-channels",
        ),
        pytest.param(
            "SpaceToDepth",
            {"x": X4},
            {},
            13,
            {"blocksize": 4},
            r"the spatial dims \[2, 2\] are not multiples",
            id="space-to-depth-spatial",
        ),
        pytest.param("LpNormalization", {"x": X3}, {}, 22, {"p": 3}, "p = 3 is not supported", id="lp-order"),
        pytest.param(
            "LpNormalization",
            {"x": X3},
            {},
            22,
            {"axis": 3},
            "axis 3 is out of range for rank 3",
            id="lp-axis",
        ),
        pytest.param(
            "OneHot",
            {"x": np.zeros(3, np.int64), "depth": np.array(3, np.int64)},
            {"values": np.array([0, 1], np.float32)},
            11,
            {},
            r"depth \(input 'depth'\) must be a constant",
            id="one-hot-run-time-depth",
        ),
        pytest.param(
            "OneHot",
            {"x": np.zeros(3, np.int64)},
            {"depth": np.array(2.5, np.float32), "values": np.array([0, 1], np.float32)},
            11,
            {},
            r"depth must be one positive integer, got 2.5",
            id="one-hot-fractional-depth",
        ),
        pytest.param(
            "Compress",
            {"x": X3, "c": np.ones(2, bool)},
            {},
            11,
            {"axis": 0},
            r"condition \(input 'c'\) must be a constant",
            id="compress-run-time-condition",
        ),
        pytest.param(
            "Compress",
            {"x": X3},
            {"c": np.ones((2, 1), bool)},
            11,
            {},
            r"condition must be 1-D, got shape \[2, 1\]",
            id="compress-2d-condition",
        ),
        pytest.param(
            "Compress",
            {"x": X3},
            {"c": np.array([0, 0, 1, 1], bool)},
            11,
            {"axis": 1},
            "condition selects position 3 of a dim of size 3",
            id="compress-out-of-range",
        ),
        pytest.param(
            "Einsum",
            {"x": X3},
            {},
            12,
            {"equation": "iij->ij"},
            "index 'i' has sizes 2 and 3",
            id="einsum-diagonal-sizes",
        ),
        pytest.param(
            "Einsum",
            {"x": X3, "z": X3, "w": X3},
            {},
            12,
            {"equation": "ijk,ijk,ijk->i"},
            r"3 inputs are not supported \(one or two\)",
            id="einsum-three-inputs",
        ),
        pytest.param(
            "Einsum",
            {"x": X3, "z": np.zeros((1, 3, 4), np.float32)},
            {},
            12,
            {"equation": "ijk,ijk->ijk"},
            r"index 'i' has sizes 2 and 1 \(broadcasting is not supported\)",
            id="einsum-broadcast",
        ),
        pytest.param(
            "Einsum",
            {"x": X3, "z": np.zeros((1, 4), np.float32)},
            {},
            12,
            {"equation": "...jk,...k->...j"},
            r"an ellipsis dim has sizes 2 and 1 \(broadcasting is not supported\)",
            id="einsum-ellipsis-broadcast",
        ),
    ],
)
def test_rejections_are_one_line_errors(op_type, inputs, constants, opset, attributes, message):
    with pytest.raises(OnnxImportError, match=rf"^node 'n' \({op_type}, opset {opset}\): {message}"):
        import_onnx(model(op_type, inputs, opset, constants, **attributes))


@pytest.mark.parametrize(
    ("node", "shapes", "constants", "message"),
    [
        pytest.param(
            helper.make_node("DepthToSpace", ["x"], ["y"], blocksize=0),
            {"x": X4.shape},
            {},
            "blocksize must be a positive integer, got 0",
            id="depth-to-space-blocksize",
        ),
        pytest.param(
            helper.make_node("SpaceToDepth", ["x"], ["y"], blocksize=2),
            {"x": X3.shape},
            {},
            r"the input must be NCHW \(rank 4\), got rank 3",
            id="space-to-depth-rank",
        ),
        pytest.param(
            helper.make_node("MeanVarianceNormalization", ["x"], ["y"], axes=[0, 3]),
            {"x": X3.shape},
            {},
            r"axes \[0, 3\] must name distinct dims of the rank-3 input",
            id="mvn-axes",
        ),
        pytest.param(
            helper.make_node("Hardmax", ["x"], ["y"], axis=-4),
            {"x": X3.shape},
            {},
            "axis -4 is out of range for rank 3",
            id="hardmax-axis",
        ),
        pytest.param(
            helper.make_node("OneHot", ["x", "depth", "values"], ["y"]),
            {"x": (3,)},
            {"depth": np.array(2, np.int64), "values": np.array([0, 1, 2], np.float32)},
            r"values must hold two values \[off, on\], got shape \[3\]",
            id="one-hot-values",
        ),
        pytest.param(
            helper.make_node("Size", ["z"], ["y"]),
            {"x": (3,)},
            {},
            "the shape of input 'z' is not known statically",
            id="size",
        ),
        pytest.param(
            helper.make_node("Einsum", ["x"], ["y"], equation="ij->k"),
            {"x": (2, 3)},
            {},
            r"equation 'ij->k': output 'k' must name distinct indices of the inputs",
            id="einsum-output",
        ),
        pytest.param(
            helper.make_node("Einsum", ["x"], ["y"], equation="ijk->i"),
            {"x": (2, 3)},
            {},
            r"equation 'ijk->i': term 'ijk' does not fit an input of rank 2",
            id="einsum-rank",
        ),
        pytest.param(
            helper.make_node("Einsum", ["x"], ["y"], equation="ij,jk->ik"),
            {"x": (2, 3)},
            {},
            r"equation 'ij,jk->ik' has 2 terms for 1 inputs",
            id="einsum-terms",
        ),
        pytest.param(
            helper.make_node("Einsum", ["x", "z"], ["y"], equation="...jk,...k->...j"),
            {"x": (2, 3, 4), "z": (4,)},
            {},
            r"equation '...jk,...k->...j': ellipses of different ranks \(broadcasting\) are not supported",
            id="einsum-ellipsis-ranks",
        ),
    ],
)
def test_rejections_onnx_inference_makes_first(node, shapes, constants, message):
    """What ONNX's shape inference rejects before the import reaches the converter, which
    rejects it too, called alone."""
    block = Block(arg_types=[TensorType(f32, shape) for shape in shapes.values()])
    values = dict(zip(shapes, block.args))
    context = ImportContext(
        node, 13, Builder(InsertPoint.at_end(block)), values, dict(constants), dict(shapes)
    )
    with pytest.raises(OnnxImportError, match=rf"^node 'y' \({node.op_type}, opset 13\): {message}$"):
        CONVERTERS[node.op_type](context)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("cache", "update", "attributes", "starts"),
    [
        ((2, 3, 6, 4), (2, 3, 2, 4), {}, [1, 4]),
        ((2, 3, 6, 4), (2, 3, 3, 4), {"mode": "circular"}, [4, 5]),
        ((2, 5, 3), (2, 2, 3), {"axis": 1}, None),
        ((1, 2, 7, 3), (1, 2, 7, 3), {"mode": "circular"}, [3]),
        ((3, 4, 2, 5), (3, 1, 2, 5), {"axis": -3, "mode": "circular"}, [3, 0, 2]),
    ],
)
def test_tensor_scatter_matches_the_reference(level, cache, update, attributes, starts):
    """The KV-cache update of opset 24: each batch entry's rows written from its write
    index on (wrapping around in circular mode), the rest of the cache kept."""
    inputs = {
        "cache": RNG.standard_normal(cache).astype(np.float32),
        "update": RNG.standard_normal(update).astype(np.float32),
    }
    if starts is not None:
        inputs["starts"] = np.array(starts, np.int64)
    made = model("TensorScatter", inputs, 24, **attributes)
    check(level, made, inputs, reference(made, inputs))


@pytest.mark.parametrize(
    ("cache", "update", "attributes", "message"),
    [
        ((2, 6, 4), (2, 2, 4), {"mode": "ring"}, 'mode = "ring" is not supported'),
        (
            (2, 6, 4),
            (2, 2, 5),
            {"axis": 1},
            "Dimension mismatch in unification between 5 and 4",
        ),
    ],
)
def test_tensor_scatter_rejects_what_it_cannot_carry(cache, update, attributes, message):
    inputs = {"cache": np.zeros(cache, np.float32), "update": np.zeros(update, np.float32)}
    with pytest.raises(OnnxImportError, match=message):
        import_onnx(model("TensorScatter", inputs, 24, **attributes))
