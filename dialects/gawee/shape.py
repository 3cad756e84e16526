"""Gawee ops that change only the shape of a tensor: flatten, reshape, transpose (on
tensors of any element type)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from xdsl.dialects.builtin import I64, IntegerAttr, i64
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import attr_def
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.constraints import I64Array
from nnstack.dialects.gawee.base import TensorOp, gawee_op_definition, normalize_dim
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, i64_array, keywords, tensor_like, tensor_shape

__all__ = [
    "FlattenOp",
    "ReshapeOp",
    "TransposeOp",
]


@gawee_op_definition
class FlattenOp(TensorOp):
    """Collapses dims startDim..endDim (inclusive; negative values count from the end;
    ONNX Flatten is the 2-D case)."""

    name = "gawee.flatten"

    start_dim = attr_def(IntegerAttr[I64], attr_name="startDim")
    end_dim = attr_def(IntegerAttr[I64], attr_name="endDim")

    assembly_format = f"$input {keywords('startDim', 'endDim')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, start_dim: int = 1, end_dim: int = -1):
        input = SSAValue.get(input)
        shape = tensor_shape(input)
        start, end = normalize_dim(start_dim, len(shape)), normalize_dim(end_dim, len(shape))
        result = (*shape[:start], math.prod(shape[start : end + 1]), *shape[end + 1 :])
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, result)],
            attributes={"startDim": IntegerAttr(start_dim, i64), "endDim": IntegerAttr(end_dim, i64)},
        )

    def dims(self) -> tuple[int, int]:
        """(start, end), both normalized to [0, rank)."""
        rank = len(tensor_shape(self.input))
        return (
            normalize_dim(self.start_dim.value.data, rank),
            normalize_dim(self.end_dim.value.data, rank),
        )

    def verify_(self) -> None:
        shape = tensor_shape(self.input)
        rank = len(shape)
        start, end = self.dims()
        if not (0 <= start < max(rank, 1) and 0 <= end < max(rank, 1)):
            raise VerifyException(
                f"{self.name}: startDim {self.start_dim.value.data} / endDim "
                f"{self.end_dim.value.data} out of range for rank {rank}"
            )
        if start > end:
            raise VerifyException(f"{self.name}: startDim ({start}) must not come after endDim ({end})")
        self.expect_result_shape((*shape[:start], math.prod(shape[start : end + 1]), *shape[end + 1 :]))


@gawee_op_definition
class ReshapeOp(TensorOp):
    """The same elements in row-major order under the result's shape (ONNX Reshape with
    its target resolved: the static result type is the shape, so nnstack needs no
    shape operand)."""

    name = "gawee.reshape"

    assembly_format = f"$input {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, shape: Sequence[int]):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[tensor_like(input, shape)])

    def verify_(self) -> None:
        source, target = tensor_shape(self.input), tensor_shape(self.output)
        if math.prod(source) != math.prod(target):
            raise self.fail(
                f"cannot reshape {list(source)} ({math.prod(source)} elements) to {list(target)} "
                f"({math.prod(target)} elements)"
            )


@gawee_op_definition
class TransposeOp(TensorOp):
    """Permutes the dims: result dim i is input dim perm[i] (ONNX Transpose)."""

    name = "gawee.transpose"

    perm = attr_def(I64Array)

    assembly_format = f"$input {keywords('perm')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, perm: Sequence[int]):
        input = SSAValue.get(input)
        shape = tensor_shape(input)
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, [shape[p] for p in perm])],
            attributes={"perm": i64_array(perm)},
        )

    @property
    def permutation(self) -> tuple[int, ...]:
        return self.array("perm")

    def verify_(self) -> None:
        shape, perm = tensor_shape(self.input), self.permutation
        if sorted(perm) != list(range(len(shape))):
            raise self.fail(f"'perm' {list(perm)} is not a permutation of the {len(shape)} input dims")
        self.expect_result_shape([shape[p] for p in perm])
