"""Views of linalg operands over the iteration domain, through their indexing maps.

A map whose results are affine sums `c0*d0 + c1*d1 + ... + k` (projected permutations,
and the strided windows of convolutions and pooling) gives a zero-copy strided view;
other maps (`mod`, `floordiv`) gather with index arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import as_strided
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
)
from xdsl.utils.exceptions import InterpretationError


def _linear_form(expr: AffineExpr, num_dims: int) -> tuple[list[int], int] | None:
    """`expr` as (coefficient per loop dim, constant), or None if not affine-linear."""
    if isinstance(expr, AffineDimExpr):
        coefficients = [0] * num_dims
        coefficients[expr.position] = 1
        return coefficients, 0
    if isinstance(expr, AffineConstantExpr):
        return [0] * num_dims, expr.value
    if not isinstance(expr, AffineBinaryOpExpr):
        return None
    lhs = _linear_form(expr.lhs, num_dims)
    rhs = _linear_form(expr.rhs, num_dims)
    if lhs is None or rhs is None:
        return None
    if expr.kind == AffineBinaryOpKind.Add:
        return [a + b for a, b in zip(lhs[0], rhs[0])], lhs[1] + rhs[1]
    if expr.kind == AffineBinaryOpKind.Mul:
        if not any(lhs[0]):
            lhs, rhs = rhs, lhs
        if not any(rhs[0]):
            return [a * rhs[1] for a in lhs[0]], lhs[1] * rhs[1]
    return None


@dataclass(frozen=True)
class OperandMap:
    """How the loops reach one operand."""

    affine_map: AffineMap
    linear: tuple[tuple[tuple[int, ...], int], ...] | None
    """Per map result, its coefficients over the loop dims and its constant; None
    if some result is not affine-linear."""
    terms: tuple[tuple[tuple[int, int], ...], ...]
    """Per map result of a linear map, its (loop dim, coefficient) pairs with a
    nonzero coefficient (`strided_view` runs per call: most results have one)."""
    dims: tuple[int, ...]
    """The loop dims the operand depends on, ascending."""
    permutation: tuple[int, ...] | None
    """If the results are distinct dims (a projected permutation): the operand's
    axes ordered by the dim they hold, so a transpose views it over `dims`."""
    ordered_projection: bool
    """Results are distinct dims in ascending order: the operand itself has one
    axis per dim of `dims`."""
    dim_axes: tuple[tuple[int, int], ...]
    """(axis, loop dim) of each result that is a plain loop dim: that axis has the
    loop's range as its size."""

    @staticmethod
    def of(affine_map: AffineMap) -> OperandMap:
        n = affine_map.num_dims
        forms = [_linear_form(e, n) for e in affine_map.results]
        linear = (
            None
            if affine_map.num_symbols or any(f is None for f in forms)
            else tuple((tuple(f[0]), f[1]) for f in forms if f is not None)
        )
        terms = tuple(
            tuple((d, c) for d, c in enumerate(coefficients) if c) for coefficients, _ in linear or ()
        )
        dims = tuple(sorted(affine_map.used_dims()))
        positions = [e.position if isinstance(e, AffineDimExpr) else -1 for e in affine_map.results]
        permutation = None
        if -1 not in positions and len(set(positions)) == len(positions):
            axes = range(len(positions))
            permutation = tuple(sorted(axes, key=positions.__getitem__))
        dim_axes = tuple((axis, p) for axis, p in enumerate(positions) if p >= 0)
        ordered = permutation == tuple(range(len(dims)))
        return OperandMap(affine_map, linear, terms, dims, permutation, ordered, dim_axes)


def _unit_shape(ranges: Sequence[int], dims: Sequence[int]) -> list[int]:
    """The domain's shape with 1 along the loop dims not in `dims`."""
    return [size if d in dims else 1 for d, size in enumerate(ranges)]


def index_arrays(ranges: Sequence[int]) -> tuple[np.ndarray, ...]:
    """Per loop dim, its indices as an array broadcastable over the domain."""
    return tuple(
        np.arange(size, dtype=np.int64).reshape(_unit_shape(ranges, (d,))) for d, size in enumerate(ranges)
    )


def strided_view(
    name: str,
    index: int,
    array: np.ndarray,
    omap: OperandMap,
    ranges: Sequence[int],
    writeable: bool = False,
) -> np.ndarray:
    """`array` seen over the loops: a view `v` with `v[i] == array[map(i)]`.

    It has one axis per loop dim, of size 1 for the dims the map does not use.
    """
    assert omap.linear is not None
    strides = [0] * len(ranges)
    start: list[int] = []
    for r, ((_, constant), terms) in enumerate(zip(omap.linear, omap.terms)):
        lowest = highest = constant
        for j, c in terms:
            extent = c * (ranges[j] - 1)
            if extent < 0:
                lowest += extent
            else:
                highest += extent
            strides[j] += c * array.strides[r]
        if lowest < 0 or highest >= array.shape[r]:
            raise InterpretationError(
                f"{name}: operand #{index} of shape {list(array.shape)} is accessed "
                f"out of bounds by {omap.affine_map} over loop ranges {list(ranges)}"
            )
        start.append(constant)
    base = array[tuple(slice(s, s + 1) for s in start)] if any(start) else array
    shape = _unit_shape(ranges, omap.dims)
    return as_strided(base, shape, strides, writeable=writeable)


def is_exact_permutation(array: np.ndarray, omap: OperandMap, ranges: Sequence[int]) -> bool:
    """Whether the map is a projected permutation covering all of `array`."""
    if omap.permutation is None:
        return False
    return array.shape == tuple([ranges[d] for _, d in omap.dim_axes])


def _permuted(array: np.ndarray, omap: OperandMap, ranges: Sequence[int]) -> np.ndarray | None:
    """`array` with one axis per dim of `omap.dims` (itself or a transposed view) where
    the map is a projected permutation covering all of it, else None."""
    if not is_exact_permutation(array, omap, ranges):
        return None
    assert omap.permutation is not None
    return array if omap.ordered_projection else array.transpose(omap.permutation)


def compact_view(
    name: str,
    index: int,
    array: np.ndarray,
    omap: OperandMap,
    ranges: Sequence[int],
    writeable: bool = False,
) -> np.ndarray:
    """`array` seen with one axis per dim of `omap.dims`, as a view."""
    permuted = _permuted(array, omap, ranges)
    if permuted is not None:
        return permuted
    view = strided_view(name, index, array, omap, ranges, writeable)
    return compact(view, omap.dims, len(ranges))


def domain_view(name: str, index: int, value: Any, omap: OperandMap, ranges: Sequence[int]) -> Any:
    """An operand's values over the domain; scalars (unshaped operands) as they are."""
    if not isinstance(value, np.ndarray):
        return value
    permuted = _permuted(value, omap, ranges)
    if permuted is not None:
        return permuted.reshape(_unit_shape(ranges, omap.dims))
    if omap.linear is not None:
        return strided_view(name, index, value, omap, ranges)
    # AffineExpr.eval only adds and multiplies its dims, so it works on index arrays too
    indices: Any = index_arrays(ranges)
    gathered = tuple(e.eval(indices, ()) for e in omap.affine_map.results)
    for r, g in enumerate(gathered):
        if np.min(g) < 0 or np.max(g) >= value.shape[r]:
            raise InterpretationError(
                f"{name}: operand #{index} of shape {list(value.shape)} is accessed "
                f"out of bounds by {omap.affine_map}"
            )
    view = value[gathered]
    return view.reshape((1,) * (len(ranges) - view.ndim) + view.shape)


def compact(value: Any, dims: Sequence[int], num_dims: int) -> Any:
    """A domain-shaped value reduced to the axes `dims`.

    Along the other axes the last point wins, as when the loops run in order.
    """
    value = np.asarray(value)
    if value.ndim == 0 or value.ndim == len(dims) == num_dims:
        return value
    if value.ndim < num_dims:
        value = value.reshape((1,) * (num_dims - value.ndim) + value.shape)
    return value[tuple(slice(None) if j in dims else -1 for j in range(num_dims))]
