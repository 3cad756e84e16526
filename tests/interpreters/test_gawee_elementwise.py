"""The unary and broadcasting binary gawee ops against ONNX's reference evaluator, at
gawee level and after convert-gawee-to-linalg; convert-gawee-to-mir, which does not
carry them yet, fails with a diagnostic at the op.

The oracle is `onnx.reference.ReferenceEvaluator` running the ONNX operator each op
mirrors, on inputs drawn from the operator's domain (positive for log, sqrt and the
base of pow, away from zero for reciprocal and div).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from levels import run_at_levels
from onnx_checks import one_op_program, onnx_reference
from rounding_cases import REFERENCES, assert_same_floats, values
from xdsl.context import Context

from nnstack.interpreters import parse_module as parse
from nnstack.interpreters import run
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass


@dataclass(frozen=True)
class Case:
    """A gawee op, its custom-syntax attributes, and the ONNX node it mirrors."""

    op: str
    onnx_op: str
    syntax: str = ""
    onnx_attributes: dict[str, object] = field(default_factory=dict)
    domain: tuple[float, float] = (-3.0, 3.0)
    opset: int = 21


UNARY = [
    Case("neg", "Neg"),
    Case("abs", "Abs"),
    Case("exp", "Exp"),
    Case("log", "Log", domain=(0.05, 5.0)),
    Case("sqrt", "Sqrt", domain=(0.0, 5.0)),
    Case("reciprocal", "Reciprocal", domain=(0.2, 4.0)),
    Case("sin", "Sin"),
    Case("cos", "Cos"),
    Case("tanh", "Tanh"),
    Case("tan", "Tan", domain=(-1.5, 1.5)),
    Case("asin", "Asin", domain=(-1.0, 1.0)),
    Case("acos", "Acos", domain=(-1.0, 1.0)),
    Case("atan", "Atan", domain=(-10.0, 10.0)),
    Case("sinh", "Sinh", domain=(-10.0, 10.0)),
    Case("cosh", "Cosh", domain=(-10.0, 10.0)),
    Case("asinh", "Asinh", domain=(-100.0, 100.0)),
    Case("acosh", "Acosh", domain=(1.0, 100.0)),
    Case("atanh", "Atanh", domain=(-1.0, 1.0)),
    Case("sigmoid", "Sigmoid", domain=(-8.0, 8.0)),
    Case("erf", "Erf"),
    Case("floor", "Floor", domain=(-5.0, 5.0)),
    Case("ceil", "Ceil", domain=(-5.0, 5.0)),
    Case("round", "Round", domain=(-5.0, 5.0)),
    Case("gelu", "Gelu"),
    Case("gelu", "Gelu", ' approximate = "tanh"', {"approximate": "tanh"}),
    Case("hard_sigmoid", "HardSigmoid", domain=(-4.0, 4.0)),
    Case("hard_sigmoid", "HardSigmoid", " alpha = 0.5 beta = 0.25", {"alpha": 0.5, "beta": 0.25}),
    Case("hard_swish", "HardSwish", domain=(-5.0, 5.0)),
    Case("leaky_relu", "LeakyRelu"),
    Case("leaky_relu", "LeakyRelu", " alpha = 0.3", {"alpha": 0.3}),
    # Clip's bounds are attributes up to opset 10 (inputs after: the importer folds them)
    Case("clip", "Clip", " min = -0.5 max = 1.5", {"min": -0.5, "max": 1.5}, opset=6),
    Case("clip", "Clip", " min = 0.25", {"min": 0.25}, opset=6),
    Case("clip", "Clip", " min = 1.0 max = -1.0", {"min": 1.0, "max": -1.0}, opset=6),
]
BINARY = [
    Case("sub", "Sub"),
    Case("mul", "Mul"),
    Case("div", "Div", domain=(0.5, 3.0)),
    Case("pow", "Pow", domain=(0.1, 2.0)),
]

VARIADIC = [Case("max", "Max"), Case("min", "Min"), Case("sum", "Sum"), Case("mean", "Mean")]


def reference(case: Case, inputs: list[np.ndarray]) -> np.ndarray:
    """The ONNX operator `case` mirrors on `inputs`, under ONNX's reference evaluator."""
    return onnx_reference(case.onnx_op, inputs, {}, opset=case.opset, **case.onnx_attributes)


def program(case: Case, inputs: list[np.ndarray], out_shape: tuple[int, ...]) -> str:
    """`@main` applying the gawee op of `case` to arguments typed like `inputs`."""
    result = np.empty(out_shape, inputs[0].dtype)
    return one_op_program(f"{case.op} {{operands}}{case.syntax}", inputs, [result])


def check(case: Case, shapes: list[tuple[int, ...]], out_shape: tuple[int, ...], dtype: type):
    rng = np.random.default_rng(sum(map(ord, case.op + case.syntax)))
    inputs = [rng.uniform(*case.domain, size=s).astype(dtype) for s in shapes]
    expected = reference(case, inputs)
    text = program(case, inputs, out_shape)
    # The reference evaluator computes erf, gelu and the alpha/beta ops with f32
    # constants even on f64 inputs, so f64 agrees to f32 precision there.
    tolerance = {"rtol": 2e-6, "atol": 2e-6} if dtype == np.float32 else {"rtol": 1e-7, "atol": 1e-7}

    for level, (got,) in run_at_levels(text, *inputs).items():
        assert got.dtype == dtype, level
        np.testing.assert_allclose(got, expected, **tolerance, err_msg=f"at {level} level")


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("case", UNARY, ids=lambda c: c.op + c.syntax.replace(" ", "_"))
def test_unary_op_matches_onnx(case: Case, dtype: type):
    check(case, [(2, 3, 5)], (2, 3, 5), dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("case", BINARY, ids=lambda c: c.op)
@pytest.mark.parametrize(
    ("lhs", "rhs", "out"),
    [((2, 3, 4), (2, 3, 4), (2, 3, 4)), ((2, 1, 4), (3, 1), (2, 3, 4)), ((4,), (3, 1, 1, 4), (3, 1, 1, 4))],
    ids=["same", "both-broadcast", "rank-extend"],
)
def test_binary_op_matches_onnx(case: Case, lhs, rhs, out, dtype: type):
    check(case, [lhs, rhs], out, dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("case", VARIADIC, ids=lambda c: c.op)
@pytest.mark.parametrize(
    ("shapes", "out"),
    [
        ([(2, 1, 4), (3, 1), (4,)], (2, 3, 4)),
        ([(2, 3, 4), (3, 1), (1, 4)], (2, 3, 4)),
        ([(3, 2)], (3, 2)),
        ([(2, 3), (2, 3)], (2, 3)),
    ],
    ids=["three-broadcast", "first-full", "one", "two"],
)
def test_variadic_op_matches_onnx(case: Case, shapes, out, dtype: type):
    if case.op == "mean" and tuple(shapes[0]) != out:
        pytest.skip(
            "ONNX's reference Mean adds in place into its first input, which must have the result shape"
        )
    check(case, shapes, out, dtype)


@pytest.mark.parametrize("op", ["max", "min"])
def test_max_and_min_propagate_nan_and_take_integers(op: str):
    text = (
        "func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>, %i: tensor<3xi32>, %j: tensor<1xi32>)"
        " -> (tensor<3xf32>, tensor<3xi32>) {\n"
        f"  %0 = gawee.{op} %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
        f"  %1 = gawee.{op} %i, %j : (tensor<3xi32>, tensor<1xi32>) -> tensor<3xi32>\n"
        "  func.return %0, %1 : tensor<3xf32>, tensor<3xi32>\n}\n"
    )
    a, b = np.array([np.nan, 1.0, 2.0], np.float32), np.array([0.0, np.nan, -3.0], np.float32)
    i, j = np.array([-7, 0, 9], np.int32), np.array([2], np.int32)
    fn = {"max": np.maximum, "min": np.minimum}[op]
    lowered = parse(text)
    ConvertGaweeToLinalgPass().apply(Context(), lowered)
    for program_ in (text, lowered):
        floats, ints = run(program_, "main", a, b, i, j)
        np.testing.assert_array_equal(floats, fn(a, b))
        assert ints.dtype == np.int32
        np.testing.assert_array_equal(ints, fn(i, j))


def test_special_values_follow_ieee():
    """log(0) = -inf, sqrt(-1) = NaN, 1/0 = inf: results, not errors, as in ONNX."""
    text = (
        "func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {\n"
        "  %0 = gawee.log %x : (tensor<3xf32>) -> tensor<3xf32>\n"
        "  %1 = gawee.sqrt %x : (tensor<3xf32>) -> tensor<3xf32>\n"
        "  %2 = gawee.reciprocal %x : (tensor<3xf32>) -> tensor<3xf32>\n"
        "  func.return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>\n}\n"
    )
    x = np.array([0.0, -1.0, 4.0], np.float32)
    log, sqrt, reciprocal = run(text, "main", x)
    np.testing.assert_array_equal(log, [-np.inf, np.nan, np.log(np.float32(4))])
    np.testing.assert_array_equal(sqrt, [0.0, np.nan, 2.0])
    np.testing.assert_array_equal(reciprocal, [np.inf, -1.0, 0.25])


ROUNDING = {"floor": "Floor", "ceil": "Ceil", "round": "Round"}
"""The rounding ops and their ONNX operators."""


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64], ids=["f16", "f32", "f64"])
@pytest.mark.parametrize("op", sorted(ROUNDING))
def test_rounding_special_values(op: str, dtype: type):
    """Halves, +-0, +-inf, NaN and large values at every level: the bits numpy gives,
    which ONNX's reference evaluator gives too."""
    x = values(dtype)
    expected = REFERENCES[op](x)
    case = Case(op, ROUNDING[op])
    assert_same_floats(reference(case, [x]), expected, "ONNX reference")
    for level, (got,) in run_at_levels(program(case, [x], x.shape), x).items():
        assert_same_floats(got, expected, f"at {level} level")
