"""Matrix products through numpy's BLAS, with one thread for the small ones.

numpy's OpenBLAS starts its worker threads for any product above a few hundred
thousand multiply-adds. The workers then keep spinning for their next job (up to
OPENBLAS_THREAD_TIMEOUT, about a tenth of a second), and on a two-core machine they
slow every numpy op the interpreter runs after the product by about a third: more
than a second thread gains on a product of a BERT-tiny or 15M Llama layer (a 128x128
by 128x512 product: 170 us on one thread, 107 us on two, measured on an idle 2-core
machine). ONNX Runtime's thread pool instead runs part of the work on the calling
thread and lets its workers sleep soon. So a product with fewer than
`SMALL_PRODUCT` multiply-adds per matrix runs with one BLAS thread. Its result is
within f32 rounding of the one at more threads, not always the same bits: how a BLAS
splits the work (and so the order of a sum) depends on the CPU and the build.
"""

from __future__ import annotations

import ctypes
import functools
import glob
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

SMALL_PRODUCT = 1 << 24
"""Multiply-adds (m * k * n of one matrix product) below which one BLAS thread runs it."""

_THREAD_FUNCTIONS = (
    ("scipy_openblas_get_num_threads64_", "scipy_openblas_set_num_threads64_"),
    ("openblas_get_num_threads64_", "openblas_set_num_threads64_"),
    ("openblas_get_num_threads", "openblas_set_num_threads"),
)
"""(get, set) thread count functions of the OpenBLAS builds numpy ships or links."""


@dataclass(frozen=True)
class OpenBlas:
    """The thread count functions of numpy's OpenBLAS."""

    get_threads: Any
    set_threads: Any

    @contextmanager
    def single_threaded(self) -> Iterator[None]:
        """One BLAS thread inside, the previous count restored after (a microsecond)."""
        threads = self.get_threads()
        if threads == 1:
            yield
            return
        self.set_threads(1)
        try:
            yield
        finally:
            self.set_threads(threads)


@functools.cache
def numpy_openblas() -> OpenBlas | None:
    """numpy's OpenBLAS (the one its wheels bundle in numpy.libs), or None where numpy
    uses another BLAS: then every product runs as numpy runs it."""
    libraries = Path(np.__file__).resolve().parent.parent / "numpy.libs"
    for path in sorted(glob.glob(str(libraries / "*openblas*"))):
        library = ctypes.CDLL(path)
        for get, set_ in _THREAD_FUNCTIONS:
            if hasattr(library, get) and hasattr(library, set_):
                return OpenBlas(getattr(library, get), getattr(library, set_))
    return None


def is_small_product(lhs_shape: tuple[int, ...], rhs_shape: tuple[int, ...]) -> bool:
    """Whether one matrix product of `np.matmul(lhs, rhs)` has fewer than
    `SMALL_PRODUCT` multiply-adds (a vector operand counts as a one-row matrix)."""
    m = lhs_shape[-2] if len(lhs_shape) > 1 else 1
    k = lhs_shape[-1] if lhs_shape else 1
    n = rhs_shape[-1] if len(rhs_shape) > 1 else 1
    return m * k * n < SMALL_PRODUCT


def matmul(lhs: np.ndarray, rhs: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """`np.matmul(lhs, rhs, out=out)`, with one BLAS thread if each product is small."""
    blas = numpy_openblas()
    if blas is None or not is_small_product(lhs.shape, rhs.shape):
        return np.matmul(lhs, rhs, out=out)
    with blas.single_threaded():
        return np.matmul(lhs, rhs, out=out)


BLOCK_COLUMNS = 64
"""Columns per block of a `ColumnBlocks` matrix."""


@dataclass(frozen=True)
class ColumnBlocks:
    """A constant right-hand matrix [k, n] stored as blocks of `BLOCK_COLUMNS` columns,
    each contiguous [k, 64] (the last one padded with zero columns), for products with
    few rows on the left: the weights of a decoder that runs a few tokens.

    OpenBLAS copies (packs) the whole right-hand matrix on each call, so an 8x288 by
    288x32000 product (a 15M Llama's output projection, 37 MB of weights) takes 5.0 ms
    on one thread where ONNX Runtime, which packs its constant weights once, takes
    2.6 ms. As a batch of products with [k, 64] blocks (numpy loops over the batch),
    each block is multiplied from the cache without that copy: 1.7 ms. Measured on one
    thread of this 2-core machine (`ColumnBlocks.pays_off`'s thresholds): 66 -> 35 us
    for 8x288 by 288x768; no gain for one row (OpenBLAS's vector product reads the
    matrix once) nor from about 64 rows on (the packing cost is shared by the rows).
    Each result element is still one BLAS dot product over k, in the same precision."""

    blocks: np.ndarray
    """[n_blocks, k, BLOCK_COLUMNS]"""
    columns: int

    @staticmethod
    def pays_off(rows: int, k: int, n: int) -> bool:
        """Whether an [rows, k] by [k, n] product is faster with `n` in blocks."""
        return 2 <= rows <= 32 and k * n >= 1 << 17

    @staticmethod
    def of(rhs: np.ndarray) -> ColumnBlocks:
        """`rhs` [k, n] in blocks (one copy, made once)."""
        k, n = rhs.shape
        whole, rest = divmod(n, BLOCK_COLUMNS)
        blocks = np.empty((whole + (rest > 0), k, BLOCK_COLUMNS), rhs.dtype)
        blocks[:whole] = rhs[:, : whole * BLOCK_COLUMNS].reshape(k, whole, BLOCK_COLUMNS).transpose(1, 0, 2)
        if rest:
            blocks[whole, :, :rest] = rhs[:, whole * BLOCK_COLUMNS :]
            blocks[whole, :, rest:] = 0
        blocks.flags.writeable = False
        return ColumnBlocks(blocks, n)

    def multiply(self, lhs: np.ndarray) -> np.ndarray:
        """`lhs @ rhs` for `lhs` [m, k] with the dtype of the blocks."""
        n_blocks, _, width = self.blocks.shape
        out = np.empty((lhs.shape[0], n_blocks * width), self.blocks.dtype)
        # each block's product writes its columns of `out` in place (BLAS's row stride)
        matmul(lhs, self.blocks, out=out.reshape(lhs.shape[0], n_blocks, width).transpose(1, 0, 2))
        return out if out.shape[1] == self.columns else np.ascontiguousarray(out[:, : self.columns])


class ConstantProduct:
    """`lhs @ weights` for constant `weights` [k, n] that a prepared program multiplies on
    each run: from the second product on, with the weights laid out as `ColumnBlocks`
    (the first runs as numpy does, so a program run once does not pay for the layout:
    10 ms for a 288x32000 f32 matrix). `dtype`: the blocks' dtype (f32 for f16 weights)."""

    def __init__(self, weights: np.ndarray, dtype: np.dtype) -> None:
        self.weights = weights
        self.dtype = dtype
        self.blocks: ColumnBlocks | None = None
        self.first = True

    def __call__(self, lhs: np.ndarray) -> np.ndarray:
        """`lhs` [m, k] (in `dtype`) times the weights."""
        if self.blocks is None:
            weights = self.weights.astype(self.dtype, copy=False)
            if self.first:
                self.first = False
                return matmul(lhs, weights)
            self.blocks = ColumnBlocks.of(weights)
        return self.blocks.multiply(lhs)


def constant_weights_product(
    x_shape: tuple[int, ...], weights: np.ndarray, dtype: np.dtype
) -> Callable[[np.ndarray], np.ndarray] | None:
    """`x @ weights` for `x` of shape `x_shape` [..., k] (its rows as one matrix) and a
    constant matrix `weights` [k, n], computed in `dtype`, as a `ConstantProduct`; None
    where `ColumnBlocks` do not pay off."""
    if weights.ndim != 2 or len(x_shape) < 2:
        return None
    rows, (k, n) = math.prod(x_shape[:-1]), weights.shape
    if not ColumnBlocks.pays_off(rows, k, n):
        return None
    product = ConstantProduct(weights, dtype)
    shape = (*x_shape[:-1], n)
    return lambda x: product(x.astype(dtype, copy=False).reshape(rows, k)).reshape(shape)
