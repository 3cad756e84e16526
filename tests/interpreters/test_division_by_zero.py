"""An integer division or remainder by zero is one diagnostic at every level: arith
(scalars and inside linalg), gawee, mir and llir all say `OP: integer division by zero
(DIVISOR is 0 | has a zero element)`, where numpy would give 0 silently."""

from __future__ import annotations

import re

import numpy as np
import pytest
from levels import lower
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import run
from nnstack.interpreters.api import make_context, parse_module
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass

DIAGNOSTIC = (
    r"\A{op}: integer division by zero \((%\w+|a value of type [^ ]+) (is 0|has a zero element)\)(\n|\Z)"
)

ARITH = """
func.func @f(%a: i32, %b: i32) -> i32 {
  %q = arith.{op} %a, %b : i32
  func.return %q : i32
}
"""

LINALG = """
func.func @f(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %e = tensor.empty() : tensor<3xi32>
  %q = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<3xi32>, tensor<3xi32>) outs(%e : tensor<3xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %r = arith.{op} %x, %y : i32
    linalg.yield %r : i32
  } -> tensor<3xi32>
  func.return %q : tensor<3xi32>
}
"""

MIR = """
func.func @f(%a: tensor<3xi32>, %b: tensor<1xi32>) -> tensor<3xi32> {
  %q = mir.broadcast_div %a, %b broadcast_shape = [3] : (tensor<3xi32>, tensor<1xi32>) -> tensor<3xi32>
  func.return %q : tensor<3xi32>
}
"""

LLIR = """
llir.func @f(%a: i32, %b: i32) -> i32 {
  %q = llir.{op} %a, %b : i32
  llir.return %q : i32
}
"""


def fails_at(op: str, text: str, *args: object) -> None:
    with pytest.raises(InterpretationError, match=DIAGNOSTIC.format(op=re.escape(op))):
        run(text, "f", *args)


@pytest.mark.parametrize("op", ["divsi", "divui", "remsi", "remui", "floordivsi", "ceildivsi", "ceildivui"])
def test_arith(op: str):
    assert run(ARITH.replace("{op}", op), "f", 7, 2)[0] in (1, 3, 4)
    fails_at(f"arith.{op}", ARITH.replace("{op}", op), 7, 0)


@pytest.mark.parametrize("op", ["divsi", "remsi"])
def test_arith_in_linalg(op: str):
    text = LINALG.replace("{op}", op)
    a, b = np.array([7, -7, 8], np.int32), np.array([2, 2, 0], np.int32)
    fails_at(f"arith.{op}", text, a, b)
    b[2] = 3
    expected = [3, -3, 2] if op == "divsi" else [1, -1, 2]
    np.testing.assert_array_equal(run(text, "f", a, b)[0], expected)


def test_mir_and_the_llir_it_lowers_to():
    a, zero = np.array([7, -7, 8], np.int32), np.array([0], np.int32)
    fails_at("mir.broadcast_div", MIR, a, zero)
    module = parse_module(MIR)
    ConvertMirToLlirPass().apply(make_context(), module)
    assert "llir.div" in str(module)
    np.testing.assert_array_equal(run(module, "f", a, np.array([2], np.int32))[0], [3, -3, 4])
    fails_at("llir.div", module, a, zero)


@pytest.mark.parametrize("op", ["div", "rem"])
def test_llir(op: str):
    assert run(LLIR.replace("{op}", op), "f", -7, 2)[0] == (-3 if op == "div" else -1)
    fails_at(f"llir.{op}", LLIR.replace("{op}", op), -7, 0)


GAWEE = """
func.func @f(%a: tensor<3xi32>, %b: tensor<1xi32>) -> tensor<3xi32> {
  %q = gawee.div %a, %b : (tensor<3xi32>, tensor<1xi32>) -> tensor<3xi32>
  func.return %q : tensor<3xi32>
}
"""


@pytest.mark.parametrize("level", ["gawee", "linalg", "mir"])
def test_gawee_integer_division_and_its_lowerings(level: str):
    """gawee.div on integers (ONNX Div) truncates toward zero; a zero divisor is the
    error of the op that divides, at each level (the lowerings' arith.divsi and
    mir.broadcast_div)."""
    module = parse_module(GAWEE)
    if level != "gawee":
        module = lower(module, level)
    a = np.array([7, -7, 8], np.int32)
    np.testing.assert_array_equal(run(module, "f", a, np.array([-2], np.int32))[0], [-3, 3, -4])
    op = {"gawee": "gawee.div", "linalg": "arith.divsi", "mir": "mir.broadcast_div"}[level]
    fails_at(op, module, a, np.array([0], np.int32))
