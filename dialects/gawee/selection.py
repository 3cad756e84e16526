"""Gawee ops that select or place elements by position: topk (ONNX TopK, with its `K`
input as the `k` attribute), scatter_nd (ONNX ScatterND) and gather_nd (ONNX GatherND)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import I64, BoolAttr, IntegerAttr, StringAttr, TensorType, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import VarConstraint, attr_def, operand_def, opt_attr_def, result_def

from nnstack.dialects.constraints import (
    GAWEE_NUMERIC_TYPES,
    GaweeElement,
    GaweeNumericElement,
    I64Element,
    static_tensor,
)
from nnstack.dialects.gawee.base import GaweeOperation, gawee_op_definition, normalize_dim
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, element_type, keywords, tensor_like, tensor_shape

__all__ = [
    "GatherNDOp",
    "ScatterNDOp",
    "TopKOp",
]


def string_choice(op: GaweeOperation, name: str, value: str, choices: Sequence[str]) -> None:
    """Fails unless the string attribute `name` is one of `choices`."""
    if value not in choices:
        allowed = ", ".join(f'"{c}"' for c in choices)
        raise op.fail(f"'{name}' must be one of {allowed}, got \"{value}\"")


@gawee_op_definition
class TopKOp(GaweeOperation):
    """The `k` largest (or, with `largest = false`, smallest) elements along `axis` and
    their i64 indices, in order, as ONNX TopK: equal values keep the lower index first,
    NaN counts as larger than every number (numpy's sort order, PyTorch's topk). With
    `sorted = false` ONNX leaves the order open; gawee returns the sorted order."""

    name = "gawee.topk"

    E: ClassVar = VarConstraint("E", GaweeNumericElement)

    input = operand_def(static_tensor(E))
    values = result_def(static_tensor(E))
    indices = result_def(static_tensor(I64Element))

    k = attr_def(IntegerAttr[I64])
    axis = attr_def(IntegerAttr[I64])
    largest = opt_attr_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    sorted_ = opt_attr_def(BoolAttr, attr_name="sorted", default_value=BoolAttr.from_bool(True))

    assembly_format = (
        f"$input {keywords('k', 'axis')} (`largest` `=` $largest^)? (`sorted` `=` $sorted^)? "
        f"{ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        k: int,
        axis: int = -1,
        *,
        largest: bool = True,
        sorted: bool = True,
    ):
        input = SSAValue.get(input)
        shape = list(tensor_shape(input))
        if shape:
            shape[normalize_dim(axis, len(shape))] = k
        attributes: dict[str, Attribute] = {"k": IntegerAttr(k, i64), "axis": IntegerAttr(axis, i64)}
        if not largest:
            attributes["largest"] = BoolAttr.from_bool(False)
        if not sorted:
            attributes["sorted"] = BoolAttr.from_bool(False)
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, shape), TensorType(i64, shape)],
            attributes=attributes,
        )

    @property
    def count(self) -> int:
        return self.k.value.data

    @property
    def normalized_axis(self) -> int:
        return normalize_dim(self.axis.value.data, len(tensor_shape(self.input)))

    @property
    def is_largest(self) -> bool:
        return self.largest is None or bool(self.largest.value.data)

    def verify_(self) -> None:
        shape = tensor_shape(self.input)
        axis = self.normalized_axis
        if not shape or not 0 <= axis < len(shape):
            raise self.fail(f"'axis' {self.axis.value.data} is out of range for rank {len(shape)}")
        if not 1 <= self.count <= shape[axis]:
            raise self.fail(f"'k' {self.count} must be in [1, {shape[axis]}] (the size of dim {axis})")
        expected = (*shape[:axis], self.count, *shape[axis + 1 :])
        for what, value in (("values", self.values), ("indices", self.indices)):
            if tensor_shape(value) != expected:
                raise self.fail(
                    f"{what} shape {list(tensor_shape(value))} does not match the expected shape {list(expected)}"
                )


def scatter_nd_updates_shape(data: Sequence[int], indices: Sequence[int]) -> tuple[int, ...]:
    """ONNX ScatterND: updates have shape indices[:-1] + data[indices[-1]:]."""
    return (*indices[:-1], *data[indices[-1] :])


@gawee_op_definition
class ScatterNDOp(GaweeOperation):
    """A copy of `data` with `updates` written at `indices` (ONNX ScatterND): the last
    dim of `indices` (i64, negative entries count from the end) addresses a slice of
    `data`, which takes the update slice, or is combined with it by `reduction`
    (add, mul, max, min), updates applied in order."""

    name = "gawee.scatter_nd"

    REDUCTIONS: ClassVar[tuple[str, ...]] = ("none", "add", "mul", "max", "min")

    E: ClassVar = VarConstraint("E", GaweeElement)

    data = operand_def(static_tensor(E))
    indices = operand_def(static_tensor(I64Element))
    updates = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    reduction = opt_attr_def(StringAttr, default_value=StringAttr("none"))

    assembly_format = f"$data `,` $indices `,` $updates (`reduction` `=` $reduction^)? {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        data: SSAValue | Operation,
        indices: SSAValue | Operation,
        updates: SSAValue | Operation,
        reduction: str = "none",
    ):
        data = SSAValue.get(data)
        attributes = {} if reduction == "none" else {"reduction": StringAttr(reduction)}
        super().__init__(operands=[data, indices, updates], result_types=[data.type], attributes=attributes)

    @property
    def reduction_kind(self) -> str:
        return self.reduction.data if self.reduction is not None else "none"

    @property
    def index_depth(self) -> int:
        """How many leading dims of `data` an index addresses (the last dim of `indices`)."""
        return tensor_shape(self.indices)[-1]

    def verify_(self) -> None:
        string_choice(self, "reduction", self.reduction_kind, self.REDUCTIONS)
        if self.reduction_kind != "none" and element_type(self.data) not in GAWEE_NUMERIC_TYPES:
            raise self.fail(f'reduction "{self.reduction_kind}" needs numbers, not {element_type(self.data)}')
        data, indices = tensor_shape(self.data), tensor_shape(self.indices)
        if not indices:
            raise self.fail("indices must have rank >= 1")
        if not 1 <= indices[-1] <= len(data):
            raise self.fail(
                f"the last dim of indices ({indices[-1]}) must be in [1, {len(data)}] (the data rank)"
            )
        expected = scatter_nd_updates_shape(data, indices)
        if tensor_shape(self.updates) != expected:
            raise self.fail(
                f"updates shape {list(tensor_shape(self.updates))} does not match indices[:-1] + "
                f"data[{indices[-1]}:] = {list(expected)}"
            )
        self.expect_result_shape(data)


def gather_nd_shape(data: Sequence[int], indices: Sequence[int], batch_dims: int) -> tuple[int, ...]:
    """ONNX GatherND: the batch dims, the indices' other dims but the last, then the data
    dims the index does not address (the data's shape for scalar indices, which the
    verifier rejects)."""
    if not indices:
        return tuple(data)
    return (*indices[:-1], *data[batch_dims + indices[-1] :])


@gawee_op_definition
class GatherNDOp(GaweeOperation):
    """Slices of `data` picked by `indices` (ONNX GatherND): the last dim of `indices`
    (i64, negative entries count from the end) addresses the dims after the first
    `batchDims` (0) of `data`, which `indices` shares; the result has the shape
    indices[:-1] + data[batchDims + indices[-1]:]."""

    name = "gawee.gather_nd"

    E: ClassVar = VarConstraint("E", GaweeElement)

    data = operand_def(static_tensor(E))
    indices = operand_def(static_tensor(I64Element))
    output = result_def(static_tensor(E))

    batch_dims = opt_attr_def(IntegerAttr[I64], attr_name="batchDims", default_value=IntegerAttr(0, i64))

    assembly_format = f"$data `,` $indices (`batchDims` `=` $batchDims^)? {ATTR_DICT_AND_TYPES}"

    def __init__(self, data: SSAValue | Operation, indices: SSAValue | Operation, batch_dims: int = 0):
        data, indices = SSAValue.get(data), SSAValue.get(indices)
        shape = gather_nd_shape(tensor_shape(data), tensor_shape(indices), batch_dims)
        attributes = {"batchDims": IntegerAttr(batch_dims, i64)} if batch_dims else {}
        super().__init__(
            operands=[data, indices], result_types=[tensor_like(data, shape)], attributes=attributes
        )

    @property
    def batch_count(self) -> int:
        return 0 if self.batch_dims is None else self.batch_dims.value.data

    @property
    def index_depth(self) -> int:
        """How many dims of `data` (after the batch dims) an index addresses."""
        return tensor_shape(self.indices)[-1]

    def verify_(self) -> None:
        data, indices, batch = tensor_shape(self.data), tensor_shape(self.indices), self.batch_count
        if not indices:
            raise self.fail("indices must have rank >= 1")
        if not 0 <= batch < min(len(data), len(indices)):
            raise self.fail(
                f"'batchDims' {batch} must be in [0, {min(len(data), len(indices))}) (below both ranks)"
            )
        if data[:batch] != indices[:batch]:
            raise self.fail(
                f"the batch dims of data {list(data[:batch])} and indices {list(indices[:batch])} must be equal"
            )
        if not 1 <= indices[-1] <= len(data) - batch:
            raise self.fail(
                f"the last dim of indices ({indices[-1]}) must be in [1, {len(data) - batch}] "
                "(the data rank less the batch dims)"
            )
        addressed = data[batch : batch + indices[-1]]
        if 0 in addressed and math.prod(indices[:-1]):
            raise self.fail(f"cannot gather from the empty dims {list(addressed)}")
        self.expect_result_shape(gather_nd_shape(data, indices, batch))
