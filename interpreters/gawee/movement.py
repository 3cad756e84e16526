"""The gawee ops that move or select elements: reshapes, transposes, slices, splits,
concatenations, gathers, scatters, pads, top-k, resizes, shapes.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Literal, cast

import numpy as np
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import gawee
from nnstack.dialects.values import attribute_value
from nnstack.interpreters.kernels import kernel_impl


def bind_shape(op: gawee.ShapeOp) -> Callable[[np.ndarray], np.ndarray]:
    dims = np.array(op.dims(), np.int64)
    return lambda x: dims.copy()


def _checked_indices(
    op: gawee.GatherOp | gawee.GatherElementsOp, indices: np.ndarray, size: int
) -> np.ndarray:
    """`indices` with negative ones counted from the end; one outside [-size, size) is an error.
    (The min and max decide what to do: cheaper than comparing every index twice.)"""
    low, high = int(indices.min(initial=0)), int(indices.max(initial=0))
    if low < -size or high >= size:
        outside = (indices < -size) | (indices >= size)
        bad = int(indices[outside].flat[0])
        raise InterpretationError(
            f"{op.name}: index {bad} is out of range for dim {op.normalized_axis} of size {size}"
        )
    return np.where(indices < 0, indices + size, indices) if low < 0 else indices


def bind_gather(op: gawee.GatherOp) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """numpy's take, which counts negative indices from the end and raises for one out
    of range (then `_checked_indices` names it)."""
    axis = op.normalized_axis

    def gather(data: np.ndarray, indices: np.ndarray) -> np.ndarray:
        try:
            return data.take(indices, axis)  # (the method: np.take is a Python wrapper of it)
        except IndexError:
            _checked_indices(op, indices, data.shape[axis])
            raise

    return gather


def bind_transpose(op: gawee.TransposeOp) -> Callable[[np.ndarray], np.ndarray]:
    perm = op.permutation
    return lambda x: x.transpose(perm).copy()  # (ascontiguousarray would make a 0-d array 1-d)


def bind_reshape(
    op: gawee.ReshapeOp | gawee.SqueezeOp | gawee.UnsqueezeOp | gawee.FlattenOp,
) -> Callable[[np.ndarray], np.ndarray]:
    """A reshape to the result's shape (a view of the input)."""
    shape = gawee.tensor_shape(op.results[0])
    return lambda x: x.reshape(shape)


def bind_expand(op: gawee.ExpandOp) -> Callable[[np.ndarray], np.ndarray]:
    shape = gawee.tensor_shape(op.results[0])
    return lambda x: np.broadcast_to(x, shape).copy()


def bind_cat(op: gawee.CatOp) -> Callable[..., np.ndarray]:
    axis = op.normalized_axis
    return lambda *xs: np.concatenate(xs, axis=axis)


def bind_gather_elements(op: gawee.GatherElementsOp) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """The data cut to the indices' extent off the axis, then numpy's take_along_axis."""
    axis = op.normalized_axis
    cut = tuple(
        slice(None) if d == axis else slice(0, n) for d, n in enumerate(gawee.tensor_shape(op.indices))
    )
    size = gawee.tensor_shape(op.data)[axis]
    return lambda data, indices: np.take_along_axis(data[cut], _checked_indices(op, indices, size), axis=axis)


def bind_slice(op: gawee.SliceOp) -> Callable[[np.ndarray], np.ndarray]:
    """Basic slicing, copied into a contiguous array."""
    index = tuple(
        slice(0, 0) if not r else slice(r.start, r.stop if r.stop >= 0 else None, r.step) for r in op.ranges()
    )
    return lambda x: np.ascontiguousarray(x[index])


def pad(op: gawee.PadOp, x: np.ndarray) -> np.ndarray:
    """The negative pads crop first, then numpy pads in the op's mode (ONNX Runtime's order)."""
    crop_begin, crop_end, pad_begin, pad_end = gawee.split_pads(op.array("pads"))
    cropped = x[tuple(slice(b, size - e) for b, e, size in zip(crop_begin, crop_end, x.shape))]
    widths = list(zip(pad_begin, pad_end))
    if op.padding_mode == "constant":
        return np.pad(cropped, widths, constant_values=x.dtype.type(op.value))
    return np.pad(cropped, widths, mode=cast(Literal["reflect", "edge", "wrap"], op.padding_mode))


def topk(op: gawee.TopKOp, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(values, indices) from a stable argsort: ascending puts NaN last; largest first
    is the reversed stable sort of the reversed axis, so equal values still keep the
    lower index first and NaN comes first."""
    axis, size = op.normalized_axis, x.shape[op.normalized_axis]
    if op.is_largest:
        order = size - 1 - np.flip(np.argsort(np.flip(x, axis), axis=axis, kind="stable"), axis)
    else:
        order = np.argsort(x, axis=axis, kind="stable")
    order = np.take(order, np.arange(op.count), axis=axis)
    return np.take_along_axis(x, order, axis=axis), order.astype(np.int64)


_SCATTER_COMBINE: dict[str, np.ufunc] = {
    "add": np.add,
    "mul": np.multiply,
    "max": np.maximum,
    "min": np.minimum,
}


def bind_scatter_nd(op: gawee.ScatterNDOp) -> Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]:
    """Updates applied in order (the last of equal indices wins, or all combine)."""
    depth = op.index_depth
    bounds = gawee.tensor_shape(op.data)[:depth]
    combine = _SCATTER_COMBINE.get(op.reduction_kind)

    def scatter_nd(data: np.ndarray, indices: np.ndarray, updates: np.ndarray) -> np.ndarray:
        if depth == 1 and combine is None and indices.size <= _FEW:
            listed = indices.ravel().tolist()  # (Python's set, min and max of a few: cheaper)
            if (
                len(set(listed)) == len(listed)
                and min(listed, default=0) >= 0
                and max(listed, default=0) < bounds[0]
            ):
                out = data.copy()
                out[indices[..., 0]] = updates  # (rows of distinct indices: the order does not matter)
                return out
        positions = indices.reshape(-1, depth)
        slices = updates.reshape(len(positions), *data.shape[depth:])
        flat = _flat_positions(op, positions, bounds)
        out = data.copy()
        rows = out.reshape(-1, *data.shape[depth:])
        if combine is not None:
            combine.at(rows, flat, slices)
        elif _unique(flat):
            rows[flat] = slices  # (numpy does not say which of equal indices wins)
        else:
            for row, update in zip(flat, slices):
                rows[row] = update
        return out

    return scatter_nd


def bind_gather_nd(op: gawee.GatherNDOp) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """The data as rows of the dims no index addresses; each index (wrapped, checked)
    as a row number in its batch's block of rows."""
    batch, depth = op.batch_count, op.index_depth
    shape = gawee.tensor_shape(op.data)
    bounds, rest = shape[batch : batch + depth], shape[batch + depth :]
    batches, block = math.prod(shape[:batch]), math.prod(bounds)
    result = gawee.tensor_shape(op.output)

    def gather_nd(data: np.ndarray, indices: np.ndarray) -> np.ndarray:
        if 0 in result:
            return np.empty(result, data.dtype)
        flat = _flat_positions(op, indices.reshape(-1, depth), bounds).reshape(batches, -1)
        rows = flat + np.arange(batches, dtype=np.int64)[:, None] * block
        return data.reshape(-1, *rest)[rows.ravel()].reshape(result)

    return gather_nd


def _flat_positions(
    op: gawee.ScatterNDOp | gawee.GatherNDOp, positions: np.ndarray, bounds: tuple[int, ...]
) -> np.ndarray:
    """The row of each index [depth] of `positions` in the data's leading `bounds`,
    negative ones counted from the end; one out of range is an error."""
    given = positions
    low = positions.min(initial=0)
    if low < 0:
        positions = np.where(positions < 0, positions + np.array(bounds, np.int64), positions)
    if len(bounds) == 1 and low >= 0 and positions.max(initial=0) < bounds[0]:
        return positions[:, 0]  # (ravel_multi_index costs more than the scatter of a few rows)
    try:
        return np.asarray(np.ravel_multi_index(tuple(positions.T), bounds))
    except ValueError:
        row, dim = (int(v[0]) for v in np.nonzero((positions < 0) | (positions >= np.array(bounds))))
        raise InterpretationError(
            f"{op.name}: index {int(given[row, dim])} is out of range for dim {dim} of size {bounds[dim]}"
        ) from None


_FEW = 256
"""Up to this many indices, Python's set, min and max on a list of them are cheaper
than numpy's calls (np.unique sorts, at 6x the cost)."""


def _unique(values: np.ndarray) -> bool:
    """Whether no two of `values` are equal."""
    if len(values) <= _FEW:
        return len(set(values.tolist())) == len(values)
    return len(np.unique(values)) == len(values)


def resize(op: gawee.ResizeOp, x: np.ndarray) -> np.ndarray:
    """`gawee.ResizeOp.steps` one dim at a time; linear and cubic in f64: the sum over
    the taps of each tap's elements times its weights."""
    out = x.astype(np.float64) if op.choice("mode") != "nearest" else x
    extrapolation = op.number("extrapolationValue")
    for step in op.steps():
        along = [-1 if i == step.axis else 1 for i in range(x.ndim)]
        if step.weights is None:
            out = np.take(out, step.index, axis=step.axis)
        else:
            total = None
            for index, weight in zip(step.index.T, step.weights.T):
                term = np.take(out, index, axis=step.axis) * weight.reshape(along)
                total = term if total is None else total + term
            assert total is not None
            out = total
        if step.outside is not None:
            out = np.where(step.outside.reshape(along), np.asarray(extrapolation, out.dtype), out)
    return out


def split(op: gawee.SplitOp, x: np.ndarray) -> tuple[np.ndarray, ...]:
    pieces = np.split(x, np.cumsum(op.array("splitSizes"))[:-1], axis=op.normalized_axis)
    return tuple(np.ascontiguousarray(piece) for piece in pieces)


KERNELS = (
    kernel_impl(gawee.SplitOp, split, arithmetic=False),
    kernel_impl(gawee.FlattenOp, bind=bind_reshape, arithmetic=False, exact=True),
    kernel_impl(gawee.ReshapeOp, bind=bind_reshape, arithmetic=False, exact=True),
    kernel_impl(gawee.TransposeOp, bind=bind_transpose, arithmetic=False, exact=True),
    kernel_impl(gawee.GatherOp, bind=bind_gather, arithmetic=False),
    kernel_impl(gawee.GatherElementsOp, bind=bind_gather_elements, arithmetic=False),
    kernel_impl(gawee.ExpandOp, bind=bind_expand, arithmetic=False),
    kernel_impl(gawee.UnsqueezeOp, bind=bind_reshape, arithmetic=False, exact=True),
    kernel_impl(gawee.SqueezeOp, bind=bind_reshape, arithmetic=False, exact=True),
    kernel_impl(gawee.CatOp, bind=bind_cat, arithmetic=False),
    kernel_impl(gawee.SliceOp, bind=bind_slice, arithmetic=False, exact=True),
    kernel_impl(gawee.GatherNDOp, bind=bind_gather_nd, arithmetic=False, fresh=True),
    kernel_impl(gawee.ScatterNDOp, bind=bind_scatter_nd),
    kernel_impl(gawee.ResizeOp, resize),
    kernel_impl(gawee.TopKOp, topk),
    kernel_impl(gawee.TileOp, bind=lambda op: functools.partial(np.tile, reps=op.array("repeats"))),
    kernel_impl(gawee.PadOp, pad),
    kernel_impl(gawee.TriluOp, lambda op, x: (np.triu if op.is_upper else np.tril)(x, op.diagonal)),
    kernel_impl(gawee.ConstantOp, lambda op: np.asarray(attribute_value(op.value, op.output.type))),
    kernel_impl(gawee.RangeOp, gawee.RangeOp.values),
    kernel_impl(gawee.ShapeOp, bind=bind_shape, arithmetic=False),
)
"""The kernels of the data movement and construction ops, registered by `GaweeFunctions` (`kernels.kernel_impl`)."""
