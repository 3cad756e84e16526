"""Matrix products through numpy's BLAS, with one thread for the small ones.

numpy's OpenBLAS starts its worker threads for any product above a few hundred
thousand multiply-adds. The workers then keep spinning for their next job (up to
OPENBLAS_THREAD_TIMEOUT, about a tenth of a second), and on a two-core machine they
slow every numpy op the interpreter runs after the product by about a third: more
than a second thread gains on a product of a BERT-tiny or 15M Llama layer (a 128x128
by 128x512 product: 170 us on one thread, 107 us on two, measured on an idle 2-core
machine). ONNX Runtime's thread pool instead runs part of the work on the calling
thread and lets its workers sleep soon. So a product with fewer than
`SMALL_PRODUCT` multiply-adds per matrix runs with one BLAS thread, which does not
change its result (OpenBLAS splits the rows and columns of the output among its
threads, never the sum of one element).
"""

from __future__ import annotations

import ctypes
import functools
import glob
from collections.abc import Iterator
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


def matmul(lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """`np.matmul(lhs, rhs)`, with one BLAS thread if each product is small."""
    blas = numpy_openblas()
    if blas is None or not is_small_product(lhs.shape, rhs.shape):
        return np.matmul(lhs, rhs)
    with blas.single_threaded():
        return np.matmul(lhs, rhs)
