"""The mir interpreter's control flow (mir.for, mir.parallel_for, mir.if, select) and
alloc_tensor / dealloc_tensor (zeros, use after dealloc, double dealloc).

The programs run with the helpers of test_mir_interpreter.py (which covers the numeric
ops) and are checked against results written out here.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from llir_programs import PARALLEL_SQUARES
from test_mir_interpreter import context, interpret, run_ops, run_text
from xdsl.dialects.builtin import TensorType, f32, i1
from xdsl.ir import Block
from xdsl.parser import Parser
from xdsl.utils.exceptions import InterpretationError

import nnstack.interpreters
from nnstack.dialects import mir


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(0)


# ---------------------------------------------------------------------------
# Control flow
# ---------------------------------------------------------------------------

LOOP = """
func.func @main(%x: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = mir.constant dense<0> : tensor<1xi64>
  %r:2 = mir.for %i = %c0 to %n step %c1 iter_args(%acc = %x, %count = %zero) -> (tensor<4xf32>, tensor<1xi64>) {
    %next = mir.broadcast_add %acc, %x broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %iv = mir.from_elements %i : (index) -> tensor<1xi64>
    %total = mir.broadcast_add %count, %iv broadcast_shape = [1] : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
    mir.yield %next, %total : tensor<4xf32>, tensor<1xi64>
  }
  func.return %r#0, %r#1 : tensor<4xf32>, tensor<1xi64>
}
"""


@pytest.mark.parametrize("trips", [0, 1, 5])
def test_for_with_loop_carried_values(trips):
    x = np.arange(4, dtype=np.float32)
    total, count = run_text(LOOP, x, trips)
    np.testing.assert_array_equal(total, x * (trips + 1))
    np.testing.assert_array_equal(count, [sum(range(trips))])


def test_for_with_step():
    text = LOOP.replace("%c1 = arith.constant 1", "%c1 = arith.constant 3")
    _, count = run_text(text, np.zeros(4, np.float32), 10)
    np.testing.assert_array_equal(count, [0 + 3 + 6 + 9])


def test_for_rejects_non_positive_step():
    text = LOOP.replace("%c1 = arith.constant 1", "%c1 = arith.constant 0")
    with pytest.raises(InterpretationError, match="mir.for: step must be positive, got 0"):
        run_text(text, np.zeros(4, np.float32), 3)


INDEX_ARITHMETIC = """
func.func @main(%x: tensor<3xf32>, %n: index, %m: index) -> tensor<1xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = mir.constant dense<0.0> : tensor<1xf32>
  %r = mir.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<1xf32>) {
    %j = arith.OP %i, %m : index
    %idx = mir.from_elements %j : (index) -> tensor<1xi64>
    %v = mir.gather %x, %idx axis = 0 : (tensor<3xf32>, tensor<1xi64>) -> tensor<1xf32>
    %next = mir.broadcast_add %acc, %v broadcast_shape = [1] : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    mir.yield %next : tensor<1xf32>
  }
  func.return %r : tensor<1xf32>
}
"""


@pytest.mark.parametrize(("op", "index"), [("remsi", lambda i, m: i % m), ("divsi", lambda i, m: i // m)])
def test_index_division_in_a_loop(op, index):
    """The scalar index arithmetic of a mir program runs with nnstack's arith functions:
    a zero divisor is an error naming the op and the divisor, not a silent 0."""
    x = np.array([1.0, 10.0, 100.0], np.float32)
    text = INDEX_ARITHMETIC.replace("OP", op)
    (got,) = nnstack.interpreters.run(text, "main", x, 7, 3)
    np.testing.assert_array_equal(got, [sum(x[index(i, 3)] for i in range(7))])
    with pytest.raises(InterpretationError, match=rf"arith\.{op}: integer division by zero \(%m is 0\)"):
        nnstack.interpreters.run(text, "main", x, 7, 0)


def test_parallel_for_writes_disjoint_rows(rng):
    x = rng.standard_normal((5, 3)).astype(np.float32)
    module = Parser(context(), PARALLEL_SQUARES.format(rows=5)).parse_module()
    (got,) = interpret(module, x, symbol="squares")
    np.testing.assert_array_equal(got, x * x)


IF = """
func.func @main(%c: i1, %x: tensor<3xf32>) -> tensor<3xf32> {
  %mask = mir.constant dense<[false, true]> : tensor<2xi1>
  %none = mir.reduce all %mask axes = [0] keep_dims = false : (tensor<2xi1>) -> tensor<i1>
  %r = mir.if %c : i1 -> (tensor<3xf32>) {
    %n = mir.neg %x : (tensor<3xf32>) -> tensor<3xf32>
    %inner = mir.if %none : tensor<i1> -> (tensor<3xf32>) {
      mir.yield %x : tensor<3xf32>
    } else {
      mir.yield %n : tensor<3xf32>
    }
    mir.yield %inner : tensor<3xf32>
  } else {
    %e = mir.exp %x : (tensor<3xf32>) -> tensor<3xf32>
    mir.yield %e : tensor<3xf32>
  }
  func.return %r : tensor<3xf32>
}
"""


@pytest.mark.parametrize("condition", [True, False])
def test_if(condition):
    x = np.array([0.0, 1.0, -2.0], np.float32)
    (got,) = run_text(IF, condition, x)
    np.testing.assert_array_equal(got, -x if condition else np.exp(x))


@pytest.mark.parametrize("condition", [True, False])
def test_if_builder(condition):
    """mir.if built in Python (condition, result types, then and else blocks) runs the
    region its tensor<i1> condition picks and returns what that region yields."""
    x = np.array([0.0, 1.0, -2.0], np.float32)

    def build(c, v):
        negated = mir.NegOp(v)
        then_block, else_block = Block(), Block()
        then_block.add_ops([negated, mir.YieldOp(negated)])
        else_block.add_op(mir.YieldOp(v))
        branch = mir.IfOp(c, [v.type], then_block, else_block)
        assert branch.condition is c and [r.type for r in branch.res] == [v.type]
        return branch

    got = run_ops(build, np.array(condition), x)
    np.testing.assert_array_equal(got, -x if condition else x)


def test_select_builder_broadcasts_its_operands():
    """mir.select's builder broadcasts its three operands (ONNX Where), and its error
    for shapes that do not broadcast names the op and each shape."""
    condition = np.array([[True], [False]])
    lhs, rhs = np.arange(3, dtype=np.float32), np.full((2, 1), -1.0, np.float32)
    got = run_ops(lambda c, x, y: mir.SelectOp(c, x, y), condition, lhs, rhs)
    np.testing.assert_array_equal(got, np.where(condition, lhs, rhs))
    block = Block(arg_types=[TensorType(i1, [2, 2]), TensorType(f32, [3]), TensorType(f32, [1])])
    with pytest.raises(
        ValueError, match=r"^mir.select: shapes \(2, 2\) and \(3,\) and \(1,\) do not broadcast$"
    ):
        mir.SelectOp(*block.args)


# ---------------------------------------------------------------------------
# alloc_tensor / dealloc_tensor
# ---------------------------------------------------------------------------


def test_alloc_is_zeros_and_dealloc_after_last_use():
    text = """
    func.func @main(%x: tensor<2x2xi32>) -> tensor<2x2xi32> {
      %t = mir.alloc_tensor : tensor<2x2xi32>
      %r = mir.broadcast_add %t, %x broadcast_shape = [2, 2] : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
      mir.dealloc_tensor %t : tensor<2x2xi32>
      func.return %r : tensor<2x2xi32>
    }
    """
    module = Parser(context(), text).parse_module()
    x = np.array([[1, 2], [3, 4]], np.int32)
    for _ in range(2):  # fresh tensors per call: the second call must not see the first's frees
        (got,) = interpret(module, x)
        np.testing.assert_array_equal(got, x)


def test_use_after_dealloc():
    text = """
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %t = mir.alloc_tensor : tensor<2xf32>
      mir.dealloc_tensor %t : tensor<2xf32>
      %r = mir.broadcast_add %x, %t broadcast_shape = [2] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      func.return %r : tensor<2xf32>
    }
    """
    with pytest.raises(
        InterpretationError,
        match=re.escape("mir.broadcast_add: operand #1 (%t) is used after mir.dealloc_tensor freed it"),
    ):
        run_text(text, np.zeros(2, np.float32))


def test_double_dealloc():
    text = """
    func.func @main() {
      %t = mir.alloc_tensor : tensor<3xi64>
      mir.dealloc_tensor %t : tensor<3xi64>
      mir.dealloc_tensor %t : tensor<3xi64>
      func.return
    }
    """
    with pytest.raises(InterpretationError, match=re.escape("mir.dealloc_tensor: %t is deallocated twice")):
        run_text(text)


def test_returning_a_deallocated_tensor():
    text = """
    func.func @main() -> tensor<2xf32> {
      %t = mir.alloc_tensor : tensor<2xf32>
      mir.dealloc_tensor %t : tensor<2xf32>
      func.return %t : tensor<2xf32>
    }
    """
    with pytest.raises(
        InterpretationError,
        match=re.escape("func.return: result #0 of @main is a tensor that mir.dealloc_tensor freed"),
    ):
        nnstack.interpreters.run(text, "main")


def test_use_after_dealloc_inside_a_loop():
    """The freed tensor flows through a loop-carried value and is caught at mir.yield."""
    text = """
    func.func @main(%n: index) -> tensor<2xf32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = mir.alloc_tensor : tensor<2xf32>
      %r = mir.for %i = %c0 to %n step %c1 iter_args(%buf = %t) -> (tensor<2xf32>) {
        mir.dealloc_tensor %buf : tensor<2xf32>
        mir.yield %buf : tensor<2xf32>
      }
      func.return %r : tensor<2xf32>
    }
    """
    with pytest.raises(InterpretationError, match=re.escape("mir.yield: operand #0 (%buf) is used after")):
        run_text(text, 2)
