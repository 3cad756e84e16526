"""mir ops as kernels of a prepared program (`MirFunctions.kernel`: element-wise ops,
reshapes, ...): the same results as the interpreter's, bit for bit, integer division
left to the interpreter (it checks its divisors)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from xdsl.interpreter import Interpreter
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import find_function, parse_module, prepare, register_nnstack_implementations
from nnstack.interpreters.mir import MirFunctions

PROGRAM = """
func.func @main(%x: tensor<4x3xf32>, %y: tensor<3xf32>, %i: tensor<4x3xi32>, %j: tensor<3xi32>)
    -> (tensor<4x3xf32>, tensor<4x3xi1>, tensor<4x3xi32>, tensor<4x3xf32>) {
  %r = mir.reshape %x : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %a = mir.broadcast_add %r, %y broadcast_shape = [4, 3] : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %d = mir.broadcast_div %a, %y broadcast_shape = [4, 3] : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %e = mir.exp %d : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %c = mir.broadcast_cmp lt %e, %y broadcast_shape = [4, 3] : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xi1>
  %q = mir.broadcast_div %i, %j broadcast_shape = [4, 3] : (tensor<4x3xi32>, tensor<3xi32>) -> tensor<4x3xi32>
  %s = mir.select %c, %e, %a broadcast_shape = [4, 3] : (tensor<4x3xi1>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  func.return %e, %c, %q, %s : tensor<4x3xf32>, tensor<4x3xi1>, tensor<4x3xi32>, tensor<4x3xf32>
}
"""


def _interpret(module: Any, *args: np.ndarray) -> tuple[Any, ...]:
    interpreter = Interpreter(module)
    register_nnstack_implementations(interpreter)
    return interpreter.call_op(find_function(module, "main"), args)


def _arguments(divisor: int = 3) -> tuple[np.ndarray, ...]:
    rng = np.random.default_rng(5)
    x = rng.standard_normal((4, 3)).astype(np.float32)
    y = np.array([0.5, 0.0, -2.0], np.float32)  # (a float division by zero is inf or NaN)
    i = rng.integers(-50, 50, (4, 3)).astype(np.int32)
    return x, y, i, np.array([divisor, -7, 2], np.int32)


def test_element_wise_ops_are_kernels_with_the_interpreters_results() -> None:
    module = parse_module(PROGRAM)
    program = prepare(module, "main")
    kernels = {step.op.name: step.kernel is not None for step in program.plan.steps}
    assert kernels == {
        "mir.reshape": True,
        "mir.broadcast_add": True,
        "mir.broadcast_div": False,  # (the integer one; the float one is a kernel)
        "mir.exp": True,
        "mir.broadcast_cmp": True,
        "mir.select": True,
    }
    divisions = [
        step.kernel is not None for step in program.plan.steps if step.op.name == "mir.broadcast_div"
    ]
    assert divisions == [True, False]
    arguments = _arguments()
    for got, expected in zip(program(*arguments), _interpret(module, *arguments), strict=True):
        np.testing.assert_array_equal(got, expected)


def test_integer_division_by_zero_is_still_reported() -> None:
    with pytest.raises(
        InterpretationError, match=r"mir.broadcast_div: integer division by zero \(%j has a zero element\)"
    ):
        prepare(parse_module(PROGRAM), "main")(*_arguments(divisor=0))


def test_a_kernel_that_checks_its_operands_names_the_op_and_the_operand() -> None:
    """(A kernel whose operand a step that is not a kernel gives checks it.)"""
    add = next(op for op in parse_module(PROGRAM).walk() if op.name == "mir.broadcast_add")
    kernel = MirFunctions().kernel(add)
    assert kernel is not None
    with pytest.raises(InterpretationError, match=r"mir.broadcast_add: operand #0 \(%r\) is a float64 array"):
        kernel.run((np.zeros((4, 3)), np.zeros(3, np.float32)))
