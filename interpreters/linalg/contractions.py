"""Contractions: a body `out + a * b` over the iteration domain as one `np.matmul` (BLAS)."""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

import numpy as np

from nnstack.interpreters.blas import matmul


def _sum_private(array: np.ndarray, dims: list[int], keep: set[int]) -> tuple[np.ndarray, list[int]]:
    """Sum away the dims no other operand and not the output has."""
    private = [a for a, d in enumerate(dims) if d not in keep]
    if not private:
        return array, dims
    return array.sum(axis=tuple(private)), [d for d in dims if d in keep]


def all_zero(array: np.ndarray) -> bool:
    """Whether every element is zero, reading a broadcast scalar (a fill) only once."""
    if array.size and not any(array.strides):
        return not array.flat[0]
    return not np.any(array)


def contract(
    lhs: np.ndarray,
    lhs_dims: list[int],
    rhs: np.ndarray,
    rhs_dims: list[int],
    out_dims: Sequence[int],
    ranges: Sequence[int],
) -> np.ndarray:
    """sum(lhs * rhs) over the dims not in `out_dims`, as one (batched) matmul.

    Operands are compact views with one axis per dim of `*_dims`; the result has one
    axis per dim of `out_dims`.
    """
    keep = set(out_dims)
    lhs, lhs_dims = _sum_private(lhs, lhs_dims, keep | set(rhs_dims))
    rhs, rhs_dims = _sum_private(rhs, rhs_dims, keep | set(lhs_dims))
    batch = [d for d in out_dims if d in lhs_dims and d in rhs_dims]
    left = [d for d in out_dims if d in lhs_dims and d not in rhs_dims]
    right = [d for d in out_dims if d in rhs_dims and d not in lhs_dims]
    inner = [d for d in lhs_dims if d in rhs_dims and d not in keep]

    def size(dims: list[int]) -> int:
        return prod(ranges[d] for d in dims)

    def in_order(dims: list[int]) -> bool:
        significant = [d for d in dims if ranges[d] != 1]
        return significant == [d for d in out_dims if d in significant]

    if not in_order(batch + left + right) and in_order(batch + right + left):
        # Swap the operands so the product comes out in the output's layout.
        lhs, lhs_dims, rhs, rhs_dims = rhs, rhs_dims, lhs, lhs_dims
        left, right = right, left

    a = lhs.transpose([lhs_dims.index(d) for d in batch + left + inner])
    b = rhs.transpose([rhs_dims.index(d) for d in batch + inner + right])
    present = batch + left + right
    if batch and size(left) == size(right) == 1:
        # Dot products per batch element: one einsum loop, not a matmul per element.
        a = a.reshape(size(batch), size(inner))
        b = b.reshape(size(batch), size(inner))
        result = np.einsum("bk,bk->b", a, b).reshape([ranges[d] for d in present])
    elif batch:
        a = a.reshape(size(batch), size(left), size(inner))
        b = b.reshape(size(batch), size(inner), size(right))
        result = matmul(a, b).reshape([ranges[d] for d in present])
    else:
        a = a.reshape(size(left), size(inner))
        b = b.reshape(size(inner), size(right))
        result = matmul(a, b).reshape([ranges[d] for d in present])
    result = result.transpose([present.index(d) for d in out_dims if d in present])
    return result.reshape([ranges[d] if d in present else 1 for d in out_dims])
