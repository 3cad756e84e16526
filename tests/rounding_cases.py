"""Inputs of the rounding ops (floor, ceil, round half to even) that tell correct
implementations from near misses, and their numpy references, shared by the ops' tests
at every level: halves of both signs (round's ties), +-0 (whose sign is kept), +-inf,
NaN, values beyond 2^23 (already integers in f32) and just below 0.5 (where
floor(x + 0.5) rounds up), subnormals (of f32 and of f16) and the largest f16 below its overflow."""

from __future__ import annotations

import math

import numpy as np

VALUES = (
    0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.0, -0.0, math.inf, -math.inf, math.nan,
    1e30, -1e30, 4194304.5, -4194304.5, 0.49999997, -0.49999997, 0.49999999999999994,
    1.7, -1.7, 3.0, -3.0, 1000.5, -1000.5, 1e-40, -1e-40, 3e-5, -3e-5, 65504.0, 2.0**60 + 2.0**8,
)  # fmt: skip

REFERENCES = {"floor": np.floor, "ceil": np.ceil, "round": np.rint}
"""Each rounding op by its gawee / mir name, and the numpy function it computes."""

LLIR_OPS = {"floor": "floor", "ceil": "ceil", "round": "roundeven"}
"""The llir op of each (by its gawee / mir name)."""


def values(dtype: type) -> np.ndarray:
    """`VALUES` in `dtype` (beyond its range as +-inf, as numpy casts them)."""
    with np.errstate(over="ignore"):
        return np.array(VALUES, dtype)


def assert_same_floats(got: np.ndarray, expected: np.ndarray, message: str = "") -> None:
    """The same values and dtype, NaN where NaN and the same sign of every zero."""
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.dtype == expected.dtype, message
    np.testing.assert_array_equal(got, expected, err_msg=message)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(expected), err_msg=f"signs of zeros {message}")
