"""Tolerances that follow from the computation, for tests of floating-point products.

Two BLAS kernels, or one at two thread counts, may sum a dot product in different
orders (blocking of K, FMA or not), so their results differ in the last bits and no
test may ask for equal bits. What every order satisfies is Higham's bound: a dot
product of length k accumulated in a format of unit roundoff u is within
gamma_k * sum |a_i * b_i| of the exact one, gamma_k = k u / (1 - k u). Two such
results are within twice that of each other.
"""

from __future__ import annotations

import numpy as np


def product_error_bound(
    lhs: np.ndarray, rhs: np.ndarray, dtype: type, bias: np.ndarray | None = None
) -> np.ndarray:
    """The bound on |fl(lhs @ rhs [+ bias]) - (lhs @ rhs [+ bias])| of each element of a
    product accumulated in `dtype`, in any order (a bias adds one more rounding)."""
    u = float(np.finfo(dtype).eps) / 2
    k = (lhs.shape[-1] if lhs.ndim else 1) + (bias is not None)
    gamma = k * u / (1 - k * u)
    magnitude = np.abs(lhs.astype(np.float64)) @ np.abs(rhs.astype(np.float64))
    if bias is not None:
        magnitude = magnitude + np.abs(bias.astype(np.float64))
    return gamma * magnitude


def assert_within(got: np.ndarray, expected: np.ndarray, bound: np.ndarray | float) -> None:
    """Each element of `got` is within `bound` of `expected` (shapes broadcast)."""
    error = np.abs(got.astype(np.float64) - expected.astype(np.float64))
    excess = error - bound
    if excess.size and excess.max() > 0:
        worst = np.unravel_index(int(np.argmax(excess)), excess.shape)
        bound_at = np.broadcast_to(bound, excess.shape)[worst]
        raise AssertionError(
            f"{int((excess > 0).sum())} of {excess.size} elements out of bound; worst at {worst}: "
            f"got {got[worst]!r}, expected {expected[worst]!r}, error {error[worst]:.3g} > bound {bound_at:.3g}"
        )
