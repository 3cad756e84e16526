"""nnstack.interpreters.blas: which products run on one BLAS thread, that the thread
count is restored, and that the results are within f32 rounding at any thread count."""

import numpy as np
import pytest
from tolerances import assert_within, product_error_bound

from nnstack.interpreters.blas import (
    BLOCK_COLUMNS,
    SMALL_PRODUCT,
    ColumnBlocks,
    ConstantProduct,
    OpenBlas,
    is_small_product,
    matmul,
    numpy_openblas,
)


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
def test_products_are_within_rounding_at_any_thread_count(lhs: tuple[int, ...], rhs: tuple[int, ...]) -> None:
    """Small and large products, computed at 2 threads and at 1, are within f32 rounding
    of an f64 product (how a BLAS splits the work between threads, and so the order of
    each sum, depends on the CPU and the build: their bits may differ); the count is 2
    again after each."""
    blas = _blas()
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal(lhs).astype(np.float32), rng.standard_normal(rhs).astype(np.float32)
    before = blas.get_threads()
    try:
        blas.set_threads(2)
        got = matmul(a, b)
        assert blas.get_threads() == 2
        blas.set_threads(1)
        single = matmul(a, b)
        assert blas.get_threads() == 1
    finally:
        blas.set_threads(before)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    bound = product_error_bound(a, b, np.float32)
    for result in (got, single):
        assert result.dtype == np.float32 and result.shape == exact.shape
        assert_within(result, exact, bound)


@pytest.mark.parametrize(("m", "k", "n"), [(8, 96, 192), (8, 288, 200), (2, 40, 1), (32, 7, 65)])
def test_column_blocks_multiply_as_a_float64_product(m: int, k: int, n: int) -> None:
    """Whole and padded last blocks: the product equals an f64 numpy product within f32
    rounding, is contiguous, and has the dtype of the blocks. The blocks are read-only:
    every call of a prepared program shares them, so no write may change the weights."""
    rng = np.random.default_rng(1)
    lhs, rhs = rng.standard_normal((m, k)).astype(np.float32), rng.standard_normal((k, n)).astype(np.float32)
    blocks = ColumnBlocks.of(rhs)
    assert blocks.blocks.shape == (-(-n // BLOCK_COLUMNS), k, BLOCK_COLUMNS)
    assert not blocks.blocks.flags.writeable
    got = blocks.multiply(lhs)
    assert got.shape == (m, n) and got.dtype == np.float32 and got.flags.c_contiguous
    np.testing.assert_allclose(got, lhs.astype(np.float64) @ rhs.astype(np.float64), rtol=1e-5, atol=1e-5 * k)


@pytest.mark.parametrize(
    ("rows", "k", "n", "pays"),
    [
        (8, 288, 32000, True),
        (8, 288, 768, True),
        (1, 288, 32000, False),
        (33, 288, 768, False),
        (2, 256, 512, True),
        (8, 128, 512, False),
        (128, 128, 512, False),
    ],
)
def test_column_blocks_pay_off_for_a_few_rows_and_a_large_matrix(
    rows: int, k: int, n: int, pays: bool
) -> None:
    assert ColumnBlocks.pays_off(rows, k, n) is pays


def test_constant_product_lays_the_weights_out_from_its_second_product() -> None:
    rng = np.random.default_rng(2)
    weights = rng.standard_normal((96, 300)).astype(np.float16)
    lhs = rng.standard_normal((8, 96)).astype(np.float32)
    expected = lhs.astype(np.float64) @ weights.astype(np.float64)
    product = ConstantProduct(weights, np.dtype(np.float32))
    for blocks_after in (False, True, True):
        got = product(lhs)
        assert (product.blocks is not None) is blocks_after
        assert got.dtype == np.float32 and got.shape == (8, 300)
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-4)
    assert product.blocks is not None and product.blocks.blocks.dtype == np.float32
