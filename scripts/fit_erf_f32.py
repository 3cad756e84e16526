"""Fits the rational function of `interpreters/math.py`'s f32 erf and prints its
coefficients (paste them into `_ERF32_NUMERATOR` / `_ERF32_DENOMINATOR`).

    python scripts/fit_erf_f32.py

erf(x) ~ x P(x^2) / Q(x^2) on (0, 3.9375], P and Q of degree 5 and Q(0) = 1, fitted
for the least maximum relative error against libm's erf: a linearized least-squares
fit (x P - erf Q = erf, each row divided by erf times the last Q, as Sanathanan and
Koerner iterate it), reweighted by each point's error after each fit (Lawson's
iteration towards the minimax fit). Prints the fit's maximum relative error in f64
and the largest error of the f32 evaluation in ulp on a sample of f32 inputs.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.polynomial import polynomial

TOP = 3.9375
"""From here on erf rounds to 1 in f32: the input is clamped to it."""
DEGREE = 5
ITERATIONS = 60


def fit() -> tuple[np.ndarray, np.ndarray, float]:
    """(P's coefficients, Q's, the maximum relative error), lowest degree first."""
    n = 6000
    nodes = TOP * (1 - np.cos(np.pi * (np.arange(1, n + 1) - 0.5) / (2 * n)))
    x = np.unique(np.concatenate([nodes, np.linspace(1e-4, TOP, n)]))
    f = np.array([math.erf(v) for v in x])
    t = x * x
    weights, last_q = np.ones_like(x), np.ones_like(x)
    best: tuple[np.ndarray, np.ndarray, float] | None = None
    powers = t[:, None] ** np.arange(DEGREE + 1)
    matrix = np.hstack([x[:, None] * powers, -f[:, None] * powers[:, 1:]])
    for _ in range(ITERATIONS):
        scale = weights / (f * np.abs(last_q))
        solution = np.linalg.lstsq(matrix * scale[:, None], f * scale, rcond=None)[0]
        p, q = solution[: DEGREE + 1], np.concatenate([[1.0], solution[DEGREE + 1 :]])
        last_q = polynomial.polyval(t, q)
        error = (x * polynomial.polyval(t, p) / last_q - f) / f
        worst = float(np.abs(error).max())
        if best is None or worst < best[2]:
            best = (p, q, worst)
        weights = weights * np.sqrt(np.abs(error))
        weights /= weights.max()
    assert best is not None
    return best


def main() -> None:
    p, q, worst = fit()
    print(f"# max relative error of the fit (f64): {worst:.3g}")
    for name, coefficients in (("_ERF32_NUMERATOR", p), ("_ERF32_DENOMINATOR", q)):
        print(f"{name} = ({', '.join(repr(float(np.float32(c))) for c in coefficients)})")
    from nnstack.interpreters.math import erf_array  # (the pasted coefficients)

    sample = np.arange(0x00800000, np.float32(4.5).view(np.uint32), 997, dtype=np.uint32).view(np.float32)
    expected = np.array([math.erf(v) for v in sample.astype(np.float64).tolist()], np.float32)
    ulps = np.abs(erf_array(sample).view(np.int32).astype(np.int64) - expected.view(np.int32))
    print(f"# with the coefficients in math.py now: f32 within {ulps.max()} ulp on {sample.size} inputs")


if __name__ == "__main__":
    main()
