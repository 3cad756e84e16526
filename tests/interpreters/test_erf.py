"""erf_array (gawee.erf, gelu, mir.erf, math.erf) against libm's erf through Python's
math.erf, element by element: over the whole range, at the boundaries of its three
rational approximations (|x| = 0.46875 and 4), and at the special values."""

import math

import numpy as np
import pytest

from nnstack.interpreters.math import erf_array

SPECIAL = [0.0, -0.0, 0.46875, -0.46875, 4.0, -4.0, 26.5, -27.0, 5e-324, 1e-300, -1e-17, 1e300, -1e300]


@pytest.mark.parametrize(
    "points",
    [
        np.linspace(-30, 30, 60001),
        np.linspace(-5, 5, 40001),
        np.nextafter(np.array([0.46875, 0.46875, 4.0, 4.0, -4.0]), [0, 1, 0, 5, -5]),
        np.array(SPECIAL),
    ],
)
def test_erf_matches_libm(points: np.ndarray) -> None:
    got = erf_array(points)
    expected = np.array([math.erf(v) for v in points])
    assert got.dtype == np.float64 and got.shape == points.shape
    # a few ulp: Cody's approximations are accurate to about 1e-16 relative
    np.testing.assert_allclose(got, expected, rtol=2e-15, atol=0)
    assert np.array_equal(np.signbit(got), np.signbit(expected))


def test_erf_special_values_and_shapes() -> None:
    got = erf_array(np.array([np.inf, -np.inf, np.nan], np.float32))
    assert got[0] == 1.0 and got[1] == -1.0 and np.isnan(got[2])
    assert erf_array(np.zeros((2, 0, 3))).shape == (2, 0, 3)
    assert erf_array(np.float32(0.5)) == pytest.approx(math.erf(0.5), rel=1e-15)
