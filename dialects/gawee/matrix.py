"""Composite gawee ops of linear algebra on the matrices in the last two dims: det (ONNX
Det, Gaussian elimination with partial pivoting, unrolled over the static size)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from xdsl.dialects.builtin import i1, i64
from xdsl.ir import Operation, SSAValue

from nnstack.dialects.gawee.base import FloatTensorOp, gawee_op_definition
from nnstack.dialects.gawee.elementwise import AbsOp, DivOp, MulOp, NegOp, SubOp
from nnstack.dialects.gawee.logic import EqualOp, WhereOp
from nnstack.dialects.gawee.movement import ExpandOp, GatherElementsOp, SliceOp
from nnstack.dialects.gawee.reduce import ArgMaxOp
from nnstack.dialects.gawee.shape import ReshapeOp
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, tensor_like, tensor_shape

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = ["DetOp"]


@gawee_op_definition
class DetOp(FloatTensorOp):
    """The determinant of each square matrix in the last two dims of [..., M, M]: a
    result [...] (ONNX Det).

    Composite: Gaussian elimination with partial pivoting (as LAPACK's LU, which numpy's
    and onnx's reference det use), unrolled over the M columns: each step picks the
    row of largest magnitude at or below the diagonal (arg_max), swaps it up (a
    gather_elements by a row permutation; a swap negates the determinant), multiplies
    the pivot into the determinant and subtracts multiples of the pivot row from the
    rows below. A zero pivot (a singular matrix) makes the determinant 0, not NaN."""

    name = "gawee.det"

    assembly_format = f"$input {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[tensor_like(input, tensor_shape(input)[:-2])])

    def verify_(self) -> None:
        self.expect_rank("the input", self.input, 2, at_least=True)
        shape = tensor_shape(self.input)
        if shape[-1] != shape[-2]:
            raise self.fail(f"the input's last two dims must be square matrices, got shape {list(shape)}")
        if 0 in shape:
            raise self.fail(f"the input shape {list(shape)} must not be empty")
        self.expect_result_shape(shape[:-2])

    def decompose(self, b: Composer) -> SSAValue:
        shape = tensor_shape(self.input)
        rank, m = len(shape), shape[-1]
        rows, columns = rank - 2, rank - 1
        index = np.arange(m).reshape(m, 1)

        def line(value: SSAValue, k: int, axis: int) -> SSAValue:
            return b.emit(SliceOp(value, [k], [k + 1], [axis], [1]))

        a, det = self.input, None
        row_index = b.constant(index)
        zero = b.scalar_like(0, a)
        for k in range(m):
            column = line(a, k, columns)  # [..., M, 1]
            pivot_row_index = None
            if k < m - 1:
                magnitude = b.emit(AbsOp(column))
                if k:  # the rows above k hold earlier pivots
                    magnitude = b.emit(WhereOp(b.constant(index >= k, i1), magnitude, b.scalar_like(-1, a)))
                pivot_row_index = b.emit(ArgMaxOp(magnitude, rows))  # [..., 1, 1]
                at_pivot = b.emit(EqualOp(row_index, pivot_row_index))
                moved = b.emit(WhereOp(at_pivot, b.scalar(k, i64), row_index))
                permutation = b.emit(WhereOp(b.constant(index == k, i1), pivot_row_index, moved))
                a = b.emit(GatherElementsOp(a, b.emit(ExpandOp(permutation, shape)), rows))
                column = line(a, k, columns)
            pivot = line(column, k, rows)  # [..., 1, 1]
            signed = pivot
            if pivot_row_index is not None:
                kept = b.emit(EqualOp(pivot_row_index, b.scalar(k, i64)))
                signed = b.emit(WhereOp(kept, pivot, b.emit(NegOp(pivot))))
            det = signed if det is None else b.emit(MulOp(det, signed))
            if k < m - 1:
                nonzero = b.emit(WhereOp(b.emit(EqualOp(pivot, zero)), b.scalar_like(1, a), pivot))
                below = b.emit(WhereOp(b.constant(index > k, i1), column, zero))
                factors = b.emit(DivOp(below, nonzero))
                a = b.emit(SubOp(a, b.emit(MulOp(factors, line(a, k, rows)))))
        assert det is not None
        return b.emit(ReshapeOp(det, shape[:-2]))
