"""Products with constant weights in prepared programs (gawee, and lowered to mir and to
linalg): the kernel lays the weights out once, on the second run (`ConstantProduct`),
where that pays off, and computes what the interpreter computes (to f32 rounding:
another BLAS kernel sums in another order), checked against an f64 numpy product; and
batch norms with constant parameters (`scale * x + shift`, made once)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from tolerances import assert_within, product_error_bound
from xdsl.context import Context
from xdsl.interpreter import Interpreter
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import find_function, parse_module, prepare, register_nnstack_implementations
from nnstack.interpreters.blas import ColumnBlocks
from nnstack.interpreters.mir import MirFunctions
from nnstack.interpreters.steps import KernelRequest
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass

LOWERINGS = {"mir": ConvertGaweeToMirPass, "linalg": ConvertGaweeToLinalgPass}


def _dense(array: np.ndarray) -> str:
    return f'dense<"0x{array.tobytes().hex().upper()}">'


def _type(shape: tuple[int, ...], element: str) -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{element}>"


def _program(
    op: str,
    x_shape: tuple[int, ...],
    weights: np.ndarray,
    out_shape: tuple[int, ...],
    bias: np.ndarray | None,
) -> str:
    element = {np.float32: "f32", np.float16: "f16"}[weights.dtype.type]
    x, w, out = _type(x_shape, element), _type(weights.shape, element), _type(out_shape, element)
    lines = [f"func.func @main(%x: {x}) -> {out} {{", f"  %w = gawee.constant {_dense(weights)} : {w}"]
    operands, types = "%x, %w", f"{x}, {w}"
    if bias is not None:
        b = _type(bias.shape, element)
        lines.append(f"  %b = gawee.constant {_dense(bias)} : {b}")
        operands, types = f"{operands}, %b", f"{types}, {b}"
    lines += [f'  %y = "gawee.{op}"({operands}) : ({types}) -> {out}', f"  func.return %y : {out}", "}"]
    return "\n".join(lines)


def _interpret(module: Any, x: np.ndarray) -> np.ndarray:
    interpreter = Interpreter(module)
    register_nnstack_implementations(interpreter)
    return interpreter.call_op(find_function(module, "main"), (x,))[0]


@pytest.fixture
def blocked_products(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, ...]]:
    """The shapes of the left operands that `ColumnBlocks.multiply` multiplies."""
    calls: list[tuple[int, ...]] = []
    multiply = ColumnBlocks.multiply

    def spy(self: ColumnBlocks, lhs: np.ndarray) -> np.ndarray:
        calls.append(lhs.shape)
        return multiply(self, lhs)

    monkeypatch.setattr(ColumnBlocks, "multiply", spy)
    return calls


CASES = [
    # op, x shape, weights shape, bias, dtype, blocked rows (None: not blocked)
    ("matmul", (1, 8, 96), (96, 1500), False, np.float32, 8),
    ("matmul", (2, 4, 96), (96, 1400), False, np.float32, 8),  # the batch's rows as one matrix
    ("matmul", (8, 128), (128, 1030), False, np.float16, 8),  # f16 in f32, padded last block
    ("linear", (8, 256), (700, 256), True, np.float32, 8),
    ("linear", (3, 256), (700, 256), False, np.float32, 3),
    ("matmul", (1, 96), (96, 1500), False, np.float32, None),  # one row: numpy's vector product
    ("matmul", (64, 96), (96, 1500), False, np.float32, None),  # many rows
    ("matmul", (8, 16), (16, 64), False, np.float32, None),  # a small matrix
]


@pytest.mark.parametrize("level", ["gawee", "mir", "linalg"])
@pytest.mark.parametrize(("op", "x_shape", "w_shape", "has_bias", "dtype", "rows"), CASES)
def test_constant_weights(
    blocked_products: list[tuple[int, ...]],
    level: str,
    op: str,
    x_shape: tuple[int, ...],
    w_shape: tuple[int, int],
    has_bias: bool,
    dtype: type,
    rows: int | None,
) -> None:
    rng = np.random.default_rng(7)
    weights = rng.standard_normal(w_shape).astype(dtype)
    n = w_shape[0] if op == "linear" else w_shape[1]
    bias = rng.standard_normal(n).astype(dtype) if has_bias else None
    module = parse_module(_program(op, x_shape, weights, (*x_shape[:-1], n), bias))
    if level != "gawee":
        LOWERINGS[level]().apply(Context(), module)
    x = rng.standard_normal(x_shape).astype(dtype)
    matrix = weights.T if op == "linear" else weights
    expected = x.astype(np.float64) @ matrix.astype(np.float64)
    if bias is not None:
        expected += bias
    # accumulated in f32, or in f16 by a linalg product of f16 operands; then rounded to f16
    bound = product_error_bound(x, matrix, dtype, bias) + np.finfo(dtype).eps / 2 * np.abs(expected)
    program = prepare(module, "main")
    for _ in range(3):  # the first product runs as numpy's; then the weights are laid out
        (got,) = program(x)
        assert got.dtype == dtype and got.shape == expected.shape
        assert_within(got, expected, bound)
    # (mir.matmul of a linear's transposed weight: the transpose folds to a constant; a
    # linalg product of f16 operands accumulates in f16, which numpy's BLAS does not do)
    if level == "linalg" and dtype == np.float16:
        rows = None
    assert blocked_products == ([] if rows is None else [(rows, x_shape[-1])] * 2)
    assert_within(got, _interpret(module, x), 2 * bound)  # two sums in different orders


def test_a_weight_that_is_an_argument_is_not_laid_out(blocked_products: list[tuple[int, ...]]) -> None:
    text = """
func.func @main(%x: tensor<8x96xf32>, %w: tensor<96x1500xf32>) -> tensor<8x1500xf32> {
  %y = gawee.matmul %x, %w : (tensor<8x96xf32>, tensor<96x1500xf32>) -> tensor<8x1500xf32>
  func.return %y : tensor<8x1500xf32>
}
"""
    rng = np.random.default_rng(3)
    x, w = rng.standard_normal((8, 96)).astype(np.float32), rng.standard_normal((96, 1500)).astype(np.float32)
    (got,) = prepare(parse_module(text), "main")(x, w)
    assert_within(got, x.astype(np.float64) @ w.astype(np.float64), product_error_bound(x, w, np.float32))
    assert blocked_products == []


MIR_WITH_DEALLOC = """
func.func @main(%x: tensor<8x96xf32>, %t: tensor<2xf32>) -> tensor<8x1500xf32> {
  %w = mir.constant dense<0.5> : tensor<96x1500xf32>
  mir.dealloc_tensor %t : tensor<2xf32>
  %y = mir.matmul %x, %w : (tensor<8x96xf32>, tensor<96x1500xf32>) -> tensor<8x1500xf32>
  func.return %y : tensor<8x1500xf32>
}
"""


def test_a_mir_body_that_frees_tensors_has_no_product_kernel(blocked_products: list[tuple[int, ...]]) -> None:
    """The interpreter checks each operand against the tensors mir.dealloc_tensor
    freed; a kernel could not, so the product stays the interpreter's."""
    program = prepare(parse_module(MIR_WITH_DEALLOC), "main")
    x = np.ones((8, 96), np.float32)
    for _ in range(3):
        (got,) = program(x, np.zeros(2, np.float32))
        np.testing.assert_array_equal(got, np.full((8, 1500), 48.0, np.float32))
    assert blocked_products == []
    assert all(step.kernel is None for step in program.plan.steps)


def test_a_mir_product_kernel_names_an_operand_of_the_wrong_type() -> None:
    """A kernel asked to check its operands (one that a step which is not a kernel
    gives) raises the interpreter's error, naming the op and the operand."""
    module = parse_module(MIR_WITH_DEALLOC.replace("mir.dealloc_tensor %t : tensor<2xf32>", ""))
    matmul = next(op for op in module.walk() if op.name == "mir.matmul")
    kernel = MirFunctions().kernel(
        matmul, KernelRequest(constants=(None, np.full((96, 1500), 0.5, np.float32)))
    )
    assert kernel is not None
    with pytest.raises(
        InterpretationError, match=r"mir.matmul: operand #0 \(%x\) is a float64 array of shape"
    ):
        kernel.run((np.ones((8, 96)), None))


def _batch_norm_program(
    shape: tuple[int, ...], parameters: list[np.ndarray], affine: bool, element: str
) -> str:
    x = _type(shape, element)
    p = _type(parameters[0].shape, element)
    lines = [f"func.func @main(%x: {x}) -> {x} {{"]
    for name, array in zip(("w", "b", "m", "v"), parameters, strict=True):
        lines.append(f"  %{name} = gawee.constant {_dense(array)} : {p}")
    flag = "true" if affine else "false"
    lines += [
        f'  %y = "gawee.batch_norm"(%x, %w, %b, %m, %v) {{affine = {flag}, eps = 1.0e-05 : f64}}'
        f" : ({x}, {p}, {p}, {p}, {p}) -> {x}",
        f"  func.return %y : {x}",
        "}",
    ]
    return "\n".join(lines)


def test_batch_norm_with_statistics_given_at_run_time() -> None:
    """Constant weight and bias but the mean and variance arguments of the function:
    scale and shift cannot be made before the call, so the step computes them from the
    arguments it gets (a plan must not take an unknown statistic for a constant)."""
    rng = np.random.default_rng(10)
    shape, p = (2, 6, 5, 7), _type((6,), "f32")
    weight, bias = rng.standard_normal(6).astype(np.float32), rng.standard_normal(6).astype(np.float32)
    x_type = _type(shape, "f32")
    text = "\n".join(
        [
            f"func.func @main(%x: {x_type}, %m: {p}, %v: {p}) -> {x_type} {{",
            f"  %w = gawee.constant {_dense(weight)} : {p}",
            f"  %b = gawee.constant {_dense(bias)} : {p}",
            f'  %y = "gawee.batch_norm"(%x, %w, %b, %m, %v) {{affine = true, eps = 1.0e-05 : f64}}'
            f" : ({x_type}, {p}, {p}, {p}, {p}) -> {x_type}",
            f"  func.return %y : {x_type}",
            "}",
        ]
    )
    x = rng.standard_normal(shape).astype(np.float32)
    mean, var = rng.standard_normal(6).astype(np.float32), rng.uniform(0.5, 2.0, 6).astype(np.float32)
    (got,) = prepare(parse_module(text), "main")(x, mean, var)
    w, b, m, v = (a.astype(np.float64)[:, None, None] for a in (weight, bias, mean, var))
    expected = (x.astype(np.float64) - m) / np.sqrt(v + 1e-5) * w + b
    # four f32 steps, each rounding once, on values of magnitude ~ |expected| + |b|
    np.testing.assert_allclose(
        got, expected, rtol=0, atol=16 * np.finfo(np.float32).eps * (np.abs(expected).max() + 1)
    )


@pytest.mark.parametrize("affine", [True, False])
@pytest.mark.parametrize(
    ("dtype", "element", "ulps"), [(np.float32, "f32", 4), (np.float64, "f64", 4), (np.float16, "f16", 4)]
)
def test_batch_norm_with_constant_parameters(affine: bool, dtype: type, element: str, ulps: int) -> None:
    """x * scale + shift with scale and shift made once (f16: the interpreter's own
    steps): within a few ulp of an f64 reference, and of the interpreter's result."""
    rng = np.random.default_rng(9)
    shape = (2, 6, 5, 7)
    parameters = [
        rng.standard_normal(6).astype(dtype),
        rng.standard_normal(6).astype(dtype),
        rng.standard_normal(6).astype(dtype),
        rng.uniform(0.5, 2.0, 6).astype(dtype),
    ]
    module = parse_module(_batch_norm_program(shape, parameters, affine, element))
    x = rng.standard_normal(shape).astype(dtype)
    weight, bias, mean, var = (p.astype(np.float64)[:, None, None] for p in parameters)
    expected = (x.astype(np.float64) - mean) / np.sqrt(var + 1e-5)
    if affine:
        expected = expected * weight + bias
    (got,) = prepare(module, "main")(x)
    assert got.dtype == dtype
    spacing = np.abs(np.spacing(expected.astype(dtype))).astype(np.float64)
    # (an absolute floor: x * scale + shift cancels where the result is near zero)
    np.testing.assert_array_less(np.abs(got - expected), ulps * spacing + np.finfo(dtype).eps * 8)
    np.testing.assert_allclose(
        got, _interpret(module, x), rtol=10 * np.finfo(dtype).eps, atol=10 * np.finfo(dtype).eps
    )
