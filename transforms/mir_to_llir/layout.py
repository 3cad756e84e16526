"""Memory layout of arrays in llir: the strides of a layout and offset computations.

An llir function's `layout` (row- or column-major) says how the tensors it was
lowered from are laid out in its buffers; the mir-to-llir patterns address elements
with these strides.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntegerType, i64
from xdsl.ir import Operation, SSAValue

from nnstack.dialects import llir


def element_strides(shape: Sequence[int], layout: llir.MemoryLayout) -> tuple[int, ...]:
    """Strides (in elements) of an array of `shape` stored in `layout` order."""
    strides = [0] * len(shape)
    running = 1
    dims = range(len(shape) - 1, -1, -1) if layout == llir.MemoryLayout.ROW_MAJOR else range(len(shape))
    for dim in dims:
        strides[dim] = running
        running *= shape[dim]
    return tuple(strides)


def linearize(
    indices: Sequence[SSAValue],
    shape: Sequence[int],
    layout: llir.MemoryLayout,
    typ: IntegerType = i64,
) -> tuple[list[Operation], SSAValue]:
    """Ops computing the element offset of `indices` into an array of `shape`.

    The indices must have type `typ`. Returns the new ops (to insert in order) and
    the offset value: `sum(index[d] * stride[d])` for the strides of `layout`.
    """
    ops: list[Operation] = []
    total: SSAValue | None = None
    for index, stride in zip(indices, element_strides(shape, layout), strict=True):
        term = index
        if stride != 1:
            const = llir.ConstantOp.from_int(stride, typ)
            mul = llir.MulOp(index, const)
            ops += [const, mul]
            term = mul.result
        if total is None:
            total = term
        else:
            add = llir.AddOp(total, term)
            ops.append(add)
            total = add.result
    if total is None:
        zero = llir.ConstantOp.from_int(0, typ)
        ops.append(zero)
        total = zero.result
    return ops, total
