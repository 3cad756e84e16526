"""Max pooling with the indices of the maxima, and its inverse (ONNX MaxPool's Indices
output, MaxUnpool): composite ops over 1, 2 or 3 spatial dims of [N, C, D1, ..., Dk].

An index is ONNX's: the position of the maximum in the whole input flattened, row-major
(storage order 0) or with the spatial dims column-major (storage order 1, the first
spatial dim fastest), the batch and channel dims outermost either way.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Unpack

import numpy as np
from xdsl.dialects.builtin import I64, IntegerAttr, TensorType, i1, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import VarConstraint, attr_def, operand_def, opt_attr_def, result_def

from nnstack.dialects.constraints import FloatElement, I64Array, static_tensor
from nnstack.dialects.gawee.base import (
    GaweeOperation,
    PoolWindow,
    PoolWindowOp,
    expand_padding,
    expect_window_attributes,
    gawee_op_definition,
)
from nnstack.dialects.gawee.elementwise import AddOp
from nnstack.dialects.gawee.logic import AndOp, EqualOp, WhereOp
from nnstack.dialects.gawee.movement import ExpandOp, PadOp, SliceOp
from nnstack.dialects.gawee.pooling import MaxPoolOp
from nnstack.dialects.gawee.selection import I64Element, ScatterNDOp
from nnstack.dialects.gawee.shape import ReshapeOp
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, i64_array, keywords, tensor_like, tensor_shape

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = ["MaxPoolWithIndicesOp", "MaxUnpoolOp", "unpooled_sizes"]


def _strides(sizes: Sequence[int], storage_order: int) -> tuple[int, ...]:
    """The flat-index strides of the spatial dims: row-major (0) or column-major (1)."""
    order = range(len(sizes)) if storage_order == 1 else reversed(range(len(sizes)))
    strides, step = [0] * len(sizes), 1
    for axis in order:
        strides[axis], step = step, step * sizes[axis]
    return tuple(strides)


@gawee_op_definition
class MaxPoolWithIndicesOp(PoolWindowOp):
    """`gawee.max_pool` that also gives, for each window, the index of its maximum in the
    input (ONNX MaxPool with its Indices output): the first tap on the input holding the
    maximum, in the window's row-major order, as onnx's reference and ONNX Runtime choose
    (strict `>`); a window whose maximum is NaN gives its first tap on the input, a window
    that sees only padding -1 per spatial dim, as onnx's reference. `storageOrder` 0
    (row-major) or 1 (the spatial dims column-major).

    Composite: the `gawee.max_pool`, then for each tap of the window a strided slice of
    the (padded) input compared with the maxima, its flat positions chosen where it
    holds one (and is on the input), the earlier taps last (`gawee.where`), plus the
    offset of each image and channel."""

    name = "gawee.max_pool_with_indices"

    E: ClassVar = VarConstraint("E", FloatElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))
    indices = result_def(static_tensor(I64Element))

    dilation = attr_def(I64Array)
    storage_order = opt_attr_def(
        IntegerAttr[I64], attr_name="storageOrder", default_value=IntegerAttr(0, i64)
    )

    assembly_format = (
        f"$input {keywords('kernelSize', 'strides', 'padding', 'dilation', 'ceilMode')} "
        f"(`storageOrder` `=` $storageOrder^)? {ATTR_DICT_AND_TYPES}"
    )

    def __init__(self, input: SSAValue | Operation, *, storage_order: int = 0, **window: Unpack[PoolWindow]):
        attributes = {"storageOrder": IntegerAttr(storage_order, i64)} if storage_order else {}
        super().__init__(input, **window, attributes=attributes)

    @classmethod
    def pooled_types(cls, input: SSAValue, shape: Sequence[int]) -> list[Attribute]:
        return [tensor_like(input, shape), TensorType(i64, shape)]

    @property
    def order(self) -> int:
        return 0 if self.storage_order is None else self.storage_order.value.data

    def verify_(self) -> None:
        if self.order not in (0, 1):
            raise self.fail(f"'storageOrder' must be 0 or 1, got {self.order}")
        out = self.expect_window()
        n, c, *_ = tensor_shape(self.input)
        self.expect_result_shape((n, c, *out))
        if tensor_shape(self.indices) != (n, c, *out):
            raise self.fail(f"indices shape {list(tensor_shape(self.indices))} must be {[n, c, *out]}")

    def decompose(self, b: Composer) -> Sequence[SSAValue]:
        x = self.input
        n, c, *sizes = tensor_shape(x)
        rank, outs = len(sizes), tensor_shape(self.output)[2:]
        kernel, steps, dilation = self.array("kernelSize"), self.array("strides"), self.array("dilation")
        begins = expand_padding(self.array("padding"), rank)[:rank]
        window: PoolWindow = {
            "kernel_size": kernel,
            "strides": steps,
            "padding": self.array("padding"),
            "dilation": dilation,
            "ceil_mode": self.is_ceil_mode,
        }
        values = b.emit(MaxPoolOp(x, **window))
        # positions[a][j][o]: the input position of tap j of window o along axis a
        positions = [
            np.arange(outs[a])[None, :] * steps[a] - begins[a] + np.arange(kernel[a])[:, None] * dilation[a]
            for a in range(rank)
        ]
        ends = [max(0, int(positions[a].max()) + 1 - sizes[a]) for a in range(rank)]
        padded = x
        if any(begins) or any(ends):
            padded = b.emit(PadOp(x, (0, 0, *begins, 0, 0, *ends)))
        strides = _strides(sizes, self.order)
        taps = list(itertools.product(*(range(k) for k in kernel)))
        grids = [np.ix_(*(positions[a][j[a]] for a in range(rank))) for j in taps]
        on_input = [
            functools.reduce(np.logical_and, [(0 <= p) & (p < sizes[a]) for a, p in enumerate(grid)])
            for grid in grids
        ]
        offsets = [
            sum(p * strides[a] for a, p in enumerate(grid)) + np.zeros(outs, np.int64) for grid in grids
        ]
        # a window with no tap on the input: -1 per spatial dim (onnx's reference)
        chosen = np.full(outs, -sum(strides), np.int64)
        for valid, offset in reversed(list(zip(on_input, offsets))):
            chosen = np.where(valid, offset, chosen)
        index = b.constant(chosen)
        for j, valid, offset in reversed(list(zip(taps, on_input, offsets))):
            if not valid.any():
                continue
            starts = [j[a] * dilation[a] for a in range(rank)]
            tap = b.emit(
                SliceOp(
                    padded,
                    starts,
                    [s + (o - 1) * st + 1 for s, o, st in zip(starts, outs, steps)],
                    list(range(2, rank + 2)),
                    steps,
                )
            )
            holds = b.emit(EqualOp(tap, values))
            if not valid.all():
                holds = b.emit(AndOp(holds, b.constant(valid, i1)))
            index = b.emit(WhereOp(holds, b.constant(offset), index))
        planes = np.arange(n * c, dtype=np.int64).reshape(n, c, *[1] * rank) * math.prod(sizes)
        return [values, b.emit(AddOp(index, b.constant(planes)))]


def unpooled_sizes(
    sizes: Sequence[int], kernel: Sequence[int], strides: Sequence[int], padding: Sequence[int]
) -> tuple[int, ...]:
    """ONNX MaxUnpool's default output sizes: (in - 1) * stride + kernel - both pads."""
    rank = len(sizes)
    pads = expand_padding(padding, rank)
    return tuple(
        (size - 1) * strides[a] + kernel[a] - pads[a] - pads[rank + a] for a, size in enumerate(sizes)
    )


@gawee_op_definition
class MaxUnpoolOp(GaweeOperation):
    """The inverse of `gawee.max_pool_with_indices` (ONNX MaxUnpool): a zero tensor of the
    unpooled shape, (in - 1) * stride + kernel - pads per spatial dim, with each input
    value written at its index (flat, row-major, into that whole tensor; a negative
    index counts from the end; a later value wins at a repeated index); a larger result
    (ONNX's output_shape) is that tensor padded with zeros at the end of each dim, as
    onnx's reference and its conformance cases place it (ONNX Runtime instead reads the
    indices in the larger shape).

    Composite: the values and indices flattened, a `gawee.scatter_nd` into zeros, the
    reshape to the unpooled shape and a `gawee.pad`."""

    name = "gawee.max_unpool"

    E: ClassVar = VarConstraint("E", FloatElement)

    input = operand_def(static_tensor(E))
    indices = operand_def(static_tensor(I64Element))
    output = result_def(static_tensor(E))

    kernel_size = attr_def(I64Array, attr_name="kernelSize")
    strides = attr_def(I64Array)
    padding = attr_def(I64Array)

    assembly_format = (
        f"$input `,` $indices {keywords('kernelSize', 'strides', 'padding')} {ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        indices: SSAValue | Operation,
        *,
        kernel_size: Sequence[int],
        strides: Sequence[int] | None = None,
        padding: Sequence[int] | None = None,
        output_shape: Sequence[int] | None = None,
    ):
        """`strides` defaults to 1s, `padding` to 0s; `output_shape` to the unpooled shape."""
        input = SSAValue.get(input)
        n, c, *sizes = tensor_shape(input)
        strides = tuple(strides) if strides is not None else (1,) * len(sizes)
        padding = tuple(padding) if padding is not None else (0,) * len(sizes)
        shape = output_shape or (n, c, *unpooled_sizes(sizes, kernel_size, strides, padding))
        super().__init__(
            operands=[input, indices],
            result_types=[tensor_like(input, shape)],
            attributes={
                "kernelSize": i64_array(kernel_size),
                "strides": i64_array(strides),
                "padding": i64_array(padding),
            },
        )

    def unpooled_shape(self) -> tuple[int, ...]:
        n, c, *sizes = tensor_shape(self.input)
        return (
            n,
            c,
            *unpooled_sizes(sizes, self.array("kernelSize"), self.array("strides"), self.array("padding")),
        )

    def verify_(self) -> None:
        self.expect_rank("input", self.input, 3, 4, 5)
        shape = tensor_shape(self.input)
        if tensor_shape(self.indices) != shape:
            raise self.fail(
                f"indices shape {list(tensor_shape(self.indices))} must be the input's {list(shape)}"
            )
        expect_window_attributes(
            self,
            len(shape) - 2,
            kernelSize=self.array("kernelSize"),
            strides=self.array("strides"),
            padding=self.array("padding"),
        )
        unpooled, result = self.unpooled_shape(), tensor_shape(self.output)
        if min(unpooled) < 1:
            raise self.fail(f"the unpooled shape {list(unpooled)} is empty")
        if (
            len(result) != len(unpooled)
            or result[:2] != unpooled[:2]
            or any(r < u for r, u in zip(result, unpooled))
        ):
            raise self.fail(
                f"result shape {list(result)} must have the input's batch and channels and spatial "
                f"sizes at least the unpooled {list(unpooled[2:])}"
            )

    def decompose(self, b: Composer) -> SSAValue:
        x = self.input
        unpooled, result = self.unpooled_shape(), tensor_shape(self.output)
        count, total = math.prod(tensor_shape(x)), math.prod(unpooled)
        zero = b.scalar_like(0.0, x)
        zeros = b.emit(ExpandOp(zero, (total,)))
        flat = b.emit(ReshapeOp(x, (count,)))
        where = b.emit(ReshapeOp(self.indices, (count, 1)))
        scattered = b.emit(ReshapeOp(b.emit(ScatterNDOp(zeros, where, flat)), unpooled))
        if result == unpooled:
            return scattered
        rank = len(result)
        return b.emit(PadOp(scattered, (0,) * rank + tuple(r - u for r, u in zip(result, unpooled))))
