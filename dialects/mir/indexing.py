"""Index, slice and shape ops: `mir.slice`, `mir.gather`, `mir.gather_elements`, `mir.scatter`,
`mir.transpose`, `mir.concat`, `mir.reshape`, `mir.dynamic_reshape`."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, TensorType, i64
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import VarConstraint, operand_def, prop_def, result_def, traits_def, var_operand_def
from xdsl.traits import NoMemoryEffect, Pure

from nnstack.dialects.constraints import (
    AnyElement,
    I64Array,
    I64Integer,
    IntegerElement,
    ShapeElement,
    any_tensor,
    static_tensor,
)
from nnstack.dialects.mir.base import MirOperation, TensorOp
from nnstack.dialects.mir.shapes import slice_length
from nnstack.dialects.utils import (
    ATTR_DICT_AND_TYPES,
    gather_shape,
    i64_array,
    keywords,
    op_definition,
    tensor_like,
    tensor_shape,
)


@op_definition
class SliceOp(TensorOp):
    """Strided slice with one (start, end, stride) per dim; `end` is exclusive.

    Bounds are normalized (no wrap-around): for stride > 0, 0 <= start <= end <= size;
    for stride < 0, -1 <= end <= start <= size - 1 (end = -1 runs through index 0).
    Result dim = ceil(|end - start| / |stride|).
    """

    name = "mir.slice"

    starts = prop_def(I64Array)
    ends = prop_def(I64Array)
    strides = prop_def(I64Array)

    assembly_format = f"$input {keywords('starts', 'ends', 'strides')} {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        starts: Sequence[int],
        ends: Sequence[int],
        strides: Sequence[int] | None = None,
    ):
        input = SSAValue.get(input)
        strides = tuple(strides) if strides is not None else (1,) * len(starts)
        shape = tuple(slice_length(s, e, k) for s, e, k in zip(starts, ends, strides))
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, shape)],
            properties={"starts": i64_array(starts), "ends": i64_array(ends), "strides": i64_array(strides)},
        )

    def verify_(self) -> None:
        shape = tensor_shape(self.input)
        starts, ends, strides = self.array("starts"), self.array("ends"), self.array("strides")
        for name, values in (("starts", starts), ("ends", ends), ("strides", strides)):
            self.expect_length(name, values, len(shape))
        for dim, (size, start, end, stride) in enumerate(zip(shape, starts, ends, strides)):
            if stride == 0:
                raise self.fail(f"stride of dim {dim} must not be 0")
            if stride > 0 and not 0 <= start <= end <= size:
                raise self.fail(
                    f"bounds of dim {dim} out of range: start {start}, end {end}, stride {stride} "
                    f"(need 0 <= start <= end <= {size})"
                )
            if stride < 0 and not -1 <= end <= start <= size - 1:
                raise self.fail(
                    f"bounds of dim {dim} out of range: start {start}, end {end}, stride {stride} "
                    f"(need -1 <= end <= start <= {size - 1})"
                )
        self.expect_result_shape(tuple(slice_length(s, e, k) for s, e, k in zip(starts, ends, strides)))


class AxisIndexingOp(MirOperation):
    """An input read at integer `indices` along `axis` (mir.gather, mir.gather_elements).
    Indices are integers in [-size, size) (negative ones count from the end); others are
    a runtime error."""

    E: ClassVar = VarConstraint("element_type", AnyElement)

    input = operand_def(static_tensor(E))
    indices = operand_def(static_tensor(IntegerElement))
    result = result_def(static_tensor(E))

    axis = prop_def(I64Integer)

    traits = traits_def(NoMemoryEffect())

    assembly_format = f"$input `,` $indices {keywords('axis')} {ATTR_DICT_AND_TYPES}"

    @classmethod
    def result_shape(cls, input: Sequence[int], indices: Sequence[int], axis: int) -> tuple[int, ...]:
        """The result shape for these operand shapes (axis in range)."""
        raise NotImplementedError

    def verify_indices(self, input: Sequence[int], indices: Sequence[int], axis: int) -> None:
        """The rule the indices' shape must follow beyond the result shape."""

    def __init__(self, input: SSAValue | Operation, indices: SSAValue | Operation, axis: int):
        input, indices = SSAValue.get(input), SSAValue.get(indices)
        shape = self.result_shape(tensor_shape(input), tensor_shape(indices), axis)
        super().__init__(
            operands=[input, indices],
            result_types=[tensor_like(input, shape)],
            properties={"axis": IntegerAttr(axis, i64)},
        )

    def verify_(self) -> None:
        shape, indices, axis = tensor_shape(self.input), tensor_shape(self.indices), self.integer("axis")
        self.expect_axis("axis", axis, len(shape))
        self.verify_indices(shape, indices, axis)
        self.expect_result_shape(self.result_shape(shape, indices, axis))


@op_definition
class GatherOp(AxisIndexingOp):
    """Takes the slices at `indices` along `axis` (ONNX Gather / numpy.take).

    Result shape = input[:axis] + indices.shape + input[axis+1:].
    """

    name = "mir.gather"

    @classmethod
    def result_shape(cls, input: Sequence[int], indices: Sequence[int], axis: int) -> tuple[int, ...]:
        return gather_shape(input, indices, axis)


@op_definition
class GatherElementsOp(AxisIndexingOp):
    """result[i_0, ..., i_n] = input[i_0, ..., indices[i_0, ..., i_n], ..., i_n] with
    the index at `axis` (ONNX GatherElements / numpy.take_along_axis): the result has
    the indices' shape, which may be smaller than the input's along every dim."""

    name = "mir.gather_elements"

    @classmethod
    def result_shape(cls, input: Sequence[int], indices: Sequence[int], axis: int) -> tuple[int, ...]:
        return tuple(indices)

    def verify_indices(self, input: Sequence[int], indices: Sequence[int], axis: int) -> None:
        if len(indices) != len(input) or any(
            i > s for d, (i, s) in enumerate(zip(indices, input)) if d != axis
        ):
            raise self.fail(
                f"indices shape {list(indices)} must have the input's rank {len(input)} and fit in the "
                f"input shape {list(input)} along every dim but the axis"
            )


@op_definition
class ScatterOp(MirOperation):
    """The inverse of mir.gather: a copy of `input` (the result has its type) with the
    slices at `indices` along `axis` replaced by `updates` (shape input[:axis] +
    indices.shape + input[axis+1:]). Indices as for mir.gather; a repeated index is
    a runtime error.
    """

    name = "mir.scatter"

    E: ClassVar = VarConstraint("element_type", AnyElement)
    T: ClassVar = VarConstraint("tensor_type", static_tensor(E))

    input = operand_def(T)
    updates = operand_def(static_tensor(E))
    indices = operand_def(static_tensor(IntegerElement))
    result = result_def(T)

    axis = prop_def(I64Integer)

    traits = traits_def(NoMemoryEffect())

    assembly_format = f"$input `,` $updates `,` $indices {keywords('axis')} {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        updates: SSAValue | Operation,
        indices: SSAValue | Operation,
        axis: int,
    ):
        input = SSAValue.get(input)
        super().__init__(
            operands=[input, updates, indices],
            result_types=[input.type],
            properties={"axis": IntegerAttr(axis, i64)},
        )

    def verify_(self) -> None:
        shape, axis = tensor_shape(self.input), self.integer("axis")
        self.expect_axis("axis", axis, len(shape))
        expected = gather_shape(shape, tensor_shape(self.indices), axis)
        if tensor_shape(self.updates) != expected:
            raise self.fail(
                f"updates shape {list(tensor_shape(self.updates))} does not match the expected shape "
                f"{list(expected)} (input[:axis] + indices + input[axis+1:])"
            )


@op_definition
class TransposeOp(TensorOp):
    """Permutes dims: result dim i is input dim permutation[i] (the explicit layout change)."""

    name = "mir.transpose"

    permutation = prop_def(I64Array)

    assembly_format = f"$input {keywords('permutation')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, permutation: Sequence[int]):
        input = SSAValue.get(input)
        shape = tensor_shape(input)
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, [shape[p] for p in permutation])],
            properties={"permutation": i64_array(permutation)},
        )

    def verify_(self) -> None:
        shape, permutation = tensor_shape(self.input), self.array("permutation")
        if sorted(permutation) != list(range(len(shape))):
            raise self.fail(
                f"permutation {list(permutation)} is not a permutation of the {len(shape)} input dims"
            )
        self.expect_result_shape([shape[p] for p in permutation])


@op_definition
class ConcatOp(MirOperation):
    """Joins tensors along `axis`; all other dims must agree."""

    name = "mir.concat"

    E: ClassVar = VarConstraint("element_type", AnyElement)

    inputs = var_operand_def(static_tensor(E))
    result = result_def(static_tensor(E))

    axis = prop_def(I64Integer)

    traits = traits_def(Pure())

    assembly_format = f"$inputs {keywords('axis')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, inputs: Sequence[SSAValue | Operation], axis: int):
        values = [SSAValue.get(v) for v in inputs]
        shape = list(tensor_shape(values[0]))
        shape[axis] = sum(tensor_shape(v)[axis] for v in values)
        super().__init__(
            operands=[values],
            result_types=[tensor_like(values[0], shape)],
            properties={"axis": IntegerAttr(axis, i64)},
        )

    def verify_(self) -> None:
        if not self.inputs:
            raise self.fail("needs at least one input")
        first = tensor_shape(self.inputs[0])
        axis = self.integer("axis")
        self.expect_axis("axis", axis, len(first))
        for i, value in enumerate(self.inputs):
            shape = tensor_shape(value)
            if len(shape) != len(first) or any(
                a != b for d, (a, b) in enumerate(zip(shape, first)) if d != axis
            ):
                raise self.fail(
                    f"input #{i} has shape {list(shape)}, which differs from input #0's "
                    f"{list(first)} outside axis {axis}"
                )
        expected = list(first)
        expected[axis] = sum(tensor_shape(v)[axis] for v in self.inputs)
        self.expect_result_shape(expected)


@op_definition
class ReshapeOp(TensorOp):
    """Reinterprets the row-major elements with the static result shape."""

    name = "mir.reshape"

    assembly_format = f"$input {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, shape: Sequence[int]):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[tensor_like(input, shape)])

    def verify_(self) -> None:
        count, result = math.prod(tensor_shape(self.input)), math.prod(tensor_shape(self.result))
        if count != result:
            raise self.fail(
                f"the input has {count} elements but the result type {self.result.type} has {result}"
            )


@op_definition
class DynamicReshapeOp(MirOperation):
    """Reshape to a shape computed at run time: `shape` is a 1-D i32/i64 tensor
    with one entry per result dim. Static result dims are checked at run time
    against it; `?` dims take its values. The element count must be preserved.
    The input and result may have `?` dims."""

    name = "mir.dynamic_reshape"

    E: ClassVar = VarConstraint("element_type", AnyElement)

    input = operand_def(any_tensor(E))
    shape = operand_def(any_tensor(ShapeElement))
    result = result_def(any_tensor(E))

    traits = traits_def(NoMemoryEffect())

    assembly_format = f"$input `,` $shape {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, shape: SSAValue | Operation, result_type: TensorType):
        super().__init__(operands=[input, shape], result_types=[result_type])

    def verify_(self) -> None:
        self.expect_rank("shape", self.shape, 1)
        (length,) = tensor_shape(self.shape)
        if length < 0:
            raise self.fail(
                f"shape must have a static length (one entry per result dim), got {self.shape.type}"
            )
        rank = len(tensor_shape(self.result))
        if length != rank:
            raise self.fail(f"shape has {length} entries but the result has rank {rank}")
        input_type, result_type = self.input.type, self.result.type
        assert isinstance(input_type, TensorType) and isinstance(result_type, TensorType)
        if input_type.has_static_shape() and result_type.has_static_shape():
            count, result = math.prod(input_type.get_shape()), math.prod(result_type.get_shape())
            if count != result:
                raise self.fail(
                    f"the input has {count} elements but the result type {result_type} has {result}"
                )
