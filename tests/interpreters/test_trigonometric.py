"""The trigonometric and hyperbolic ops beside sin, cos and tanh (gawee.tan ...
gawee.atanh) at the edges of their domains, at every level: gawee, linalg and mir
(`levels.run_at_levels`), llir after convert-mir-to-llir, and native code. The
reference is numpy's ufunc of each in f64, rounded to the type: NaN outside the domain,
+-inf at atanh(+-1) and where sinh / cosh overflow, tiny arguments kept (where forms
such as log(x + sqrt(x^2 + 1)) give 0), the sign of zero kept."""

from __future__ import annotations

import math

import numpy as np
import pytest
from levels import lower, run_at_levels
from llir_programs import lower_to_llir

from nnstack import native
from nnstack.interpreters import parse_module, run

REFERENCES = {
    "tan": np.tan,
    "asin": np.arcsin,
    "acos": np.arccos,
    "atan": np.arctan,
    "sinh": np.sinh,
    "cosh": np.cosh,
    "asinh": np.arcsinh,
    "acosh": np.arccosh,
    "atanh": np.arctanh,
}
"""Each op by its gawee / mir name, and the numpy function it computes."""

EDGES = (
    0.0, -0.0, 1e-30, -1e-30, 3e-4, -3e-4, 0.5, -0.5, 0.99, -0.99, 1.0, -1.0, 1.5, -1.5,
    1.5707963, 10.0, -10.0, 89.0, -89.0, 710.0, -710.0, 1e30, -1e30, math.inf, -math.inf, math.nan,
)  # fmt: skip
"""Zeros of both signs, tiny values, the domain bounds +-1 and beyond, near pi / 2, where
sinh and cosh overflow f32 (89) and f64 (710), huge values, infinities and NaN."""

TOLERANCE = {np.float32: 4e-7, np.float64: 1e-15}
"""A few units in the last place: the interpreters compute in the type with numpy, llir
and native code in f64 with the C library and round once."""


def program(op: str, element: str) -> str:
    t = f"tensor<{len(EDGES)}x{element}>"
    return f"func.func @main(%x: {t}) -> {t} {{\n  %0 = gawee.{op} %x : ({t}) -> {t}\n  func.return %0 : {t}\n}}\n"


def expected(op: str, x: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return REFERENCES[op](x.astype(np.float64)).astype(x.dtype)


def assert_close(got: np.ndarray, want: np.ndarray, where: str) -> None:
    assert got.dtype == want.dtype, where
    np.testing.assert_allclose(got, want, rtol=TOLERANCE[want.dtype.type], atol=0, err_msg=where)
    finite_zero = want == 0
    np.testing.assert_array_equal(np.signbit(got[finite_zero]), np.signbit(want[finite_zero]), err_msg=where)


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("op", sorted(REFERENCES))
def test_edges_at_every_level(op: str, dtype: type):
    with np.errstate(over="ignore"):
        x = np.array(EDGES, dtype)
    want = expected(op, x)
    text = program(op, "f32" if dtype == np.float32 else "f64")
    for level, (got,) in run_at_levels(text, x).items():
        assert_close(got, want, f"{op} at {level} level")
    llir = lower_to_llir(lower(parse_module(text), "mir"), "row-major", 4)
    (got,) = run(llir, "main", x)
    assert_close(got, want, f"{op} at llir level")
    (compiled,) = native.run(llir, "main", x)
    np.testing.assert_array_equal(compiled, got, err_msg=f"{op}: native code and the llir interpreter")
