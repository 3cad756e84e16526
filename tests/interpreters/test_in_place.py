"""In-place steps of a prepared program (`steps.Kernel.fresh`, `KernelSource.kernel`'s
`reusable`): an element-wise gawee op writes its result over an operand that a fresh
kernel made and that nothing reads afterwards, directly or through a view, and never
over an argument, a constant, a returned value or a value read later.

Each program is checked twice: the values against numpy written independently (a wrong
in-place write changes them: each test has a value that would), and which steps the
plan runs in place."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from xdsl.ir import Operation

from nnstack.interpreters import parse_module, prepare


def in_place_steps(text: str, *inputs: np.ndarray) -> tuple[tuple[np.ndarray, ...], set[str]]:
    """The results of calling @main twice (the second run must give the same values, and
    so must a run watched by an observer, which runs no step in place) and the names of
    the results of the steps planned in place."""
    program = prepare(parse_module(text), "main")
    assert program.plan is not None
    written = {
        step.op.results[0].name_hint or "?"
        for step in program.plan.steps
        if step.kernel is not step.observed_kernel
    }
    first = program(*inputs)
    seen_in_place: list[str] = []

    def observe(index: int, op: Operation, operands: tuple[Any, ...], results: tuple[Any, ...]) -> None:
        if any(result is operand for result in results for operand in operands):
            seen_in_place.append(op.results[0].name_hint or "?")

    for again in (program(*inputs), program.call(list(inputs), observer=observe).results):
        for a, b in zip(first, again, strict=True):
            np.testing.assert_array_equal(a, b)
    assert seen_in_place == []
    return first, written


RNG = np.random.default_rng(7)
X = RNG.standard_normal((4, 8)).astype(np.float32)
Y = RNG.standard_normal((4, 8)).astype(np.float32)
T = "tensor<4x8xf32>"


def test_a_chain_of_element_wise_ops_reuses_one_array() -> None:
    text = f"""
    func.func @main(%x: {T}, %y: {T}) -> {T} {{
      %a = gawee.exp %x : ({T}) -> {T}
      %b = gawee.add %y, %a : ({T}, {T}) -> {T}
      %c = gawee.relu %b : ({T}) -> {T}
      %d = gawee.mul %c, %c : ({T}, {T}) -> {T}
      func.return %d : {T}
    }}"""
    x, y = X.copy(), Y.copy()
    (d,), written = in_place_steps(text, x, y)
    np.testing.assert_allclose(d, np.maximum(Y + np.exp(X), 0) ** 2, rtol=1e-6)
    # b over a (not over the argument %y), c over b; d reads c twice
    assert written == {"b", "c"}
    np.testing.assert_array_equal(x, X)  # the caller's arrays are untouched
    np.testing.assert_array_equal(y, Y)


def test_never_over_a_value_seen_through_a_view() -> None:
    """%v is a view of %a (a reshape): %b, %a's last use, must not write over %a while
    %v is read after it."""
    text = f"""
    func.func @main(%x: {T}) -> tensor<32xf32> {{
      %a = gawee.exp %x : ({T}) -> {T}
      %v = gawee.reshape %a {{shape = array<i64: 32>}} : ({T}) -> tensor<32xf32>
      %b = gawee.neg %a : ({T}) -> {T}
      %w = gawee.reshape %b {{shape = array<i64: 32>}} : ({T}) -> tensor<32xf32>
      %c = gawee.add %v, %w : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
      func.return %c : tensor<32xf32>
    }}"""
    (c,), written = in_place_steps(text, X.copy())
    np.testing.assert_allclose(c, np.zeros(32), atol=0)  # exp(x) + -exp(x)
    assert "b" not in written
    assert "c" not in written  # (%v and %w are views: not fresh results)


def test_never_over_a_value_read_later_or_returned() -> None:
    text = f"""
    func.func @main(%x: {T}) -> ({T}, {T}) {{
      %a = gawee.exp %x : ({T}) -> {T}
      %b = gawee.neg %a : ({T}) -> {T}
      %c = gawee.sub %a, %b : ({T}, {T}) -> {T}
      %r = gawee.sqrt %c : ({T}) -> {T}
      %s = gawee.sin %r : ({T}) -> {T}
      func.return %r, %s : {T}, {T}
    }}"""
    (r, s), written = in_place_steps(text, X.copy())
    expected = np.sqrt(2 * np.exp(X))
    np.testing.assert_allclose(r, expected, rtol=1e-6)
    np.testing.assert_allclose(s, np.sin(expected), rtol=1e-6)
    # b: %a is read again by %c; c: over %a (both die there); %s: %r is returned
    assert written == {"c", "r"}


def test_never_over_a_constant() -> None:
    text = """
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %k = gawee.constant dense<[1.0, 2.0]> : tensor<2xf32>
      %a = gawee.add %k, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      func.return %a : tensor<2xf32>
    }"""
    x = np.array([10.0, 20.0], np.float32)
    (a,), written = in_place_steps(text, x)  # (two runs: the constant must stay)
    np.testing.assert_array_equal(a, [11.0, 22.0])
    assert written == set()


def test_only_where_the_operand_has_the_result_type() -> None:
    """A broadcast operand is smaller than the result and a comparison's f32 operands
    are not its i1 result; the i1 results of the comparisons can take `and`'s."""
    text = """
    func.func @main(%x: tensor<8xf32>, %y: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8xi1>) {
      %a = gawee.exp %x : (tensor<8xf32>) -> tensor<8xf32>
      %b = gawee.add %a, %y : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
      %f = gawee.exp %x : (tensor<8xf32>) -> tensor<8xf32>
      %m = gawee.less %f, %x : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
      %n = gawee.greater %x, %x : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
      %o = gawee.or %m, %n : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
      %p = gawee.not %o : (tensor<8xi1>) -> tensor<8xi1>
      func.return %b, %p : tensor<4x8xf32>, tensor<8xi1>
    }"""
    x = np.array([-3.0, -1.0, 0.0, 0.5, 1.0, 2.0, -0.5, 4.0], np.float32)
    (b, p), written = in_place_steps(text, x, Y.copy())
    np.testing.assert_allclose(b, np.exp(x) + Y, rtol=1e-6)
    np.testing.assert_array_equal(p, ~(np.exp(x) < x))
    assert written == {"o", "p"}


def _exp_then(op: str) -> str:
    """@main: %a = exp(%x), then %b = op(%a), which may write over %a (it dies there)."""
    return f"""
    func.func @main(%x: {T}) -> {T} {{
      %a = gawee.exp %x : ({T}) -> {T}
      %b = gawee.{op} %a : ({T}) -> {T}
      func.return %b : {T}
    }}"""


@pytest.mark.parametrize("op", ["neg", "abs", "exp", "tanh", "sqrt", "reciprocal", "relu"])
def test_unary_ops_in_place(op: str) -> None:
    """Each op writes over %a, an exp result dying there, and computes what numpy does."""
    text = _exp_then(op)
    reference = {
        "neg": np.negative,
        "abs": np.abs,
        "exp": np.exp,
        "tanh": np.tanh,
        "sqrt": np.sqrt,
        "reciprocal": np.reciprocal,
        "relu": lambda a: np.maximum(a, 0),
    }[op]
    (b,), written = in_place_steps(text, X.copy())
    np.testing.assert_allclose(b, reference(np.exp(X)), rtol=1e-6)
    assert written == {"b"}


def test_mir_element_wise_ops_in_place() -> None:
    """mir's ufunc ops write over a dying operand too; not over the argument, nor over
    %a while its reshape %v (a view) is read later."""
    text = f"""
    func.func @main(%x: {T}, %y: {T}) -> ({T}, tensor<32xf32>) {{
      %zero = mir.constant dense<0.0> : tensor<f32>
      %a = mir.exp %x : ({T}) -> {T}
      %v = mir.reshape %a : ({T}) -> tensor<32xf32>
      %b = mir.broadcast_add %y, %a broadcast_shape = [4, 8] : ({T}, {T}) -> {T}
      %c = mir.broadcast_max %b, %zero broadcast_shape = [4, 8] : ({T}, tensor<f32>) -> {T}
      %d = mir.broadcast_div %c, %y broadcast_shape = [4, 8] : ({T}, {T}) -> {T}
      %w = mir.broadcast_mul %v, %v broadcast_shape = [32] : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
      func.return %d, %w : {T}, tensor<32xf32>
    }}"""
    x, y = X.copy(), Y.copy()
    (d, w), written = in_place_steps(text, x, y)
    np.testing.assert_allclose(d, np.maximum(Y + np.exp(X), 0) / Y, rtol=1e-6)
    np.testing.assert_allclose(w, np.exp(X).reshape(32) ** 2, rtol=1e-6)
    assert written == {"c", "d"}  # b: %a is seen through %v; w reads %v twice
    np.testing.assert_array_equal(x, X)
    np.testing.assert_array_equal(y, Y)


@pytest.mark.parametrize("op", ["neg", "abs", "exp", "tanh", "sqrt", "reciprocal", "relu"])
def test_a_step_planned_in_place_writes_over_its_operand(op: str) -> None:
    """The step planned in place really gives its operand back, written over (its
    result is that array, not a new one): the memory the plan saves is saved."""
    program = prepare(parse_module(_exp_then(op)), "main")
    assert program.plan is not None
    (step,) = [step for step in program.plan.steps if step.op.results[0].name_hint == "b"]
    assert step.kernel is not None and step.kernel is not step.observed_kernel
    a = np.exp(X)
    (b,) = step.kernel((a,))
    assert b is a
