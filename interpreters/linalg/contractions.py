"""Contractions: a body `out + a * b` over the iteration domain as one `np.matmul` (BLAS)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

import numpy as np

from nnstack.interpreters.blas import matmul


def all_zero(array: np.ndarray) -> bool:
    """Whether every element is zero, reading a broadcast scalar (a fill) only once."""
    if array.size and not any(array.strides):
        return not array.flat[0]
    return not np.any(array)


def _private(dims: list[int], keep: set[int]) -> tuple[tuple[int, ...], list[int]]:
    """The axes of the dims no other operand and not the output has (summed away
    first), and the dims left."""
    private = tuple(a for a, d in enumerate(dims) if d not in keep)
    return private, [d for d in dims if d in keep]


def _identity_or(permutation: list[int]) -> tuple[int, ...] | None:
    return None if permutation == sorted(permutation) else tuple(permutation)


@dataclass(frozen=True)
class Contraction:
    """sum(lhs * rhs) over the dims not in the output, as one (batched) matmul: how the
    operands are summed, transposed and reshaped, worked out once for their dims and
    the loop ranges (`of`), applied by calling it."""

    lhs_private: tuple[int, ...]
    rhs_private: tuple[int, ...]
    swap: bool
    """Whether the operands are swapped, so the product comes out in the output's layout."""
    lhs_permutation: tuple[int, ...] | None
    rhs_permutation: tuple[int, ...] | None
    lhs_shape: tuple[int, ...]
    rhs_shape: tuple[int, ...]
    dot: bool
    """Dot products per batch element (one einsum loop, not a matmul per element)."""
    product_shape: tuple[int, ...]
    result_permutation: tuple[int, ...] | None
    result_shape: tuple[int, ...]

    @staticmethod
    def of(
        lhs_dims: Sequence[int], rhs_dims: Sequence[int], out_dims: Sequence[int], ranges: Sequence[int]
    ) -> Contraction:
        """The contraction of operands with one axis per dim of `lhs_dims` and `rhs_dims`
        into a result with one axis per dim of `out_dims`."""
        keep = set(out_dims)
        lhs_private, lhs = _private(list(lhs_dims), keep | set(rhs_dims))
        rhs_private, rhs = _private(list(rhs_dims), keep | set(lhs))
        batch = [d for d in out_dims if d in lhs and d in rhs]
        left = [d for d in out_dims if d in lhs and d not in rhs]
        right = [d for d in out_dims if d in rhs and d not in lhs]
        inner = [d for d in lhs if d in rhs and d not in keep]

        def size(dims: list[int]) -> int:
            return prod(ranges[d] for d in dims)

        def in_order(dims: list[int]) -> bool:
            significant = [d for d in dims if ranges[d] != 1]
            return significant == [d for d in out_dims if d in significant]

        swap = not in_order(batch + left + right) and in_order(batch + right + left)
        if swap:
            lhs, rhs, left, right = rhs, lhs, right, left
        present = batch + left + right
        dot = bool(batch) and size(left) == size(right) == 1
        if dot:
            lhs_shape = rhs_shape = (size(batch), size(inner))
        elif batch:
            lhs_shape = (size(batch), size(left), size(inner))
            rhs_shape = (size(batch), size(inner), size(right))
        else:
            lhs_shape, rhs_shape = (size(left), size(inner)), (size(inner), size(right))
        return Contraction(
            lhs_private if not swap else rhs_private,
            rhs_private if not swap else lhs_private,
            swap,
            _identity_or([lhs.index(d) for d in batch + left + inner]),
            _identity_or([rhs.index(d) for d in batch + inner + right]),
            lhs_shape,
            rhs_shape,
            dot,
            tuple(ranges[d] for d in present),
            _identity_or([present.index(d) for d in out_dims if d in present]),
            tuple(ranges[d] if d in present else 1 for d in out_dims),
        )

    def __call__(self, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        """The contraction of `lhs` and `rhs` (compact views, in the order of `of`)."""
        if self.swap:
            lhs, rhs = rhs, lhs
        a, b = self.left(lhs), self.right(rhs)
        return self.finish(np.einsum("bk,bk->b", a, b) if self.dot else matmul(a, b))

    def left(self, lhs: np.ndarray) -> np.ndarray:
        """The product's left operand made from the operand on its side (after `swap`)."""
        if self.lhs_private:
            lhs = lhs.sum(axis=self.lhs_private)
        if self.lhs_permutation is not None:
            lhs = lhs.transpose(self.lhs_permutation)
        return lhs.reshape(self.lhs_shape)

    def right(self, rhs: np.ndarray) -> np.ndarray:
        """The product's right operand made from the operand on its side (after `swap`)."""
        if self.rhs_private:
            rhs = rhs.sum(axis=self.rhs_private)
        if self.rhs_permutation is not None:
            rhs = rhs.transpose(self.rhs_permutation)
        return rhs.reshape(self.rhs_shape)

    def finish(self, product: np.ndarray) -> np.ndarray:
        """The result, from the product of `left` and `right`."""
        result = product.reshape(self.product_shape)
        if self.result_permutation is not None:
            result = result.transpose(self.result_permutation)
        return result.reshape(self.result_shape)


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
    return Contraction.of(lhs_dims, rhs_dims, out_dims, ranges)(lhs, rhs)
