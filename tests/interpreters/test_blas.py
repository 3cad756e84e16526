"""nnstack.interpreters.blas: which products run on one BLAS thread, that the thread
count is restored, and that the results are numpy's, bit for bit, at any thread count."""

import numpy as np
import pytest

from nnstack.interpreters.blas import SMALL_PRODUCT, OpenBlas, is_small_product, matmul, numpy_openblas


def _blas() -> OpenBlas:
    blas = numpy_openblas()
    assert blas is not None, "numpy's wheels bundle OpenBLAS: it should be found"
    return blas


@pytest.mark.parametrize(
    ("lhs", "rhs", "small"),
    [
        ((128, 128), (128, 512), True),
        ((4, 128, 128), (128, 1023), True),  # per product: the batch does not count
        ((256, 256), (256, 256), False),  # exactly SMALL_PRODUCT
        ((256, 256), (256, 255), True),
        ((8, 288), (288, 32000), False),
        ((288,), (288, 32000), True),  # a vector is one row
        ((8, 4096), (4096,), True),
    ],
)
def test_small_products(lhs: tuple[int, ...], rhs: tuple[int, ...], small: bool) -> None:
    assert is_small_product(lhs, rhs) is small
    assert 256**3 == SMALL_PRODUCT


def test_single_threaded_restores_the_count() -> None:
    blas = _blas()
    before = blas.get_threads()
    try:
        blas.set_threads(2)
        with blas.single_threaded():
            assert blas.get_threads() == 1
        assert blas.get_threads() == 2
        with pytest.raises(ZeroDivisionError), blas.single_threaded():
            raise ZeroDivisionError
        assert blas.get_threads() == 2
    finally:
        blas.set_threads(before)


@pytest.mark.parametrize(
    ("lhs", "rhs"),
    [((2, 128, 96), (96, 200)), ((300, 260), (260, 270)), ((70,), (70, 50)), ((3, 1, 40), (3, 40, 9))],
)
def test_products_match_numpy_at_any_thread_count(lhs: tuple[int, ...], rhs: tuple[int, ...]) -> None:
    """Small and large products, computed at 2 threads and at 1, equal np.matmul's
    (at 2 threads) bit for bit; the count is 2 again after each."""
    blas = _blas()
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal(lhs).astype(np.float32), rng.standard_normal(rhs).astype(np.float32)
    before = blas.get_threads()
    try:
        blas.set_threads(2)
        expected = np.matmul(a, b)
        got = matmul(a, b)
        assert blas.get_threads() == 2
        blas.set_threads(1)
        single = matmul(a, b)
    finally:
        blas.set_threads(before)
    assert got.dtype == expected.dtype and np.array_equal(got, expected)
    assert np.array_equal(single, expected)
