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
from nnstack.dialects.gawee.base import PoolWindow, PoolWindowOp, expand_padding, gawee_op_definition
from nnstack.dialects.gawee.construction import ConstantOp
from nnstack.dialects.gawee.elementwise import AddOp
from nnstack.dialects.gawee.logic import AndOp, EqualOp, WhereOp
from nnstack.dialects.gawee.movement import PadOp, SliceOp
from nnstack.dialects.gawee.pooling import MaxPoolOp
from nnstack.dialects.gawee.selection import I64Element
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, keywords, tensor_like, tensor_shape
from nnstack.dialects.values import dense_attribute

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = ["MaxPoolWithIndicesOp"]


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
        index = b.emit(ConstantOp(dense_attribute(chosen, i64)))
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
                holds = b.emit(AndOp(holds, b.emit(ConstantOp(dense_attribute(valid, i1)))))
            index = b.emit(WhereOp(holds, b.emit(ConstantOp(dense_attribute(offset, i64))), index))
        planes = np.arange(n * c, dtype=np.int64).reshape(n, c, *[1] * rank) * math.prod(sizes)
        return [values, b.emit(AddOp(index, b.emit(ConstantOp(dense_attribute(planes, i64)))))]
