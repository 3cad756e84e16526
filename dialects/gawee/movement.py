"""Gawee ops that move elements: gather, gather_elements, expand, squeeze, unsqueeze, cat, slice,
split, tile, pad, trilu (ONNX Gather, GatherElements, Expand, Squeeze, Unsqueeze, Concat, Slice,
Split, Tile, Pad, Trilu). Where ONNX takes shape-like arguments as tensor inputs (Expand's
shape; Squeeze / Unsqueeze axes and Slice's starts, ends, axes and steps from opset 13;
Split's sizes, Tile's repeats, Pad's pads, Trilu's k), gawee takes them as attributes or
from the static result type, so every type stays static."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    I64,
    BoolAttr,
    Float64Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    f64,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    VarConstraint,
    attr_def,
    operand_def,
    opt_attr_def,
    result_def,
    var_operand_def,
    var_result_def,
)

from nnstack.dialects.constraints import GaweeElement, I64Array, IndexElement, static_tensor
from nnstack.dialects.gawee.base import GaweeOperation, TensorOp, gawee_op_definition
from nnstack.dialects.utils import (
    ATTR_DICT_AND_TYPES,
    broadcast_shape,
    element_type,
    gather_shape,
    i64_array,
    keywords,
    tensor_like,
    tensor_shape,
)

__all__ = [
    "CatOp",
    "ExpandOp",
    "GatherElementsOp",
    "GatherOp",
    "PadOp",
    "SliceOp",
    "SplitOp",
    "SqueezeOp",
    "TileOp",
    "TriluOp",
    "UnsqueezeOp",
    "normalized_axes",
    "slice_ranges",
    "split_pads",
    "unsqueezed_shape",
]


def normalized_axes(axes: Sequence[int], rank: int) -> tuple[int, ...] | None:
    """`axes` with negative ones counted from the end, or None where one is out of
    range or repeated."""
    normalized = tuple(a + rank if a < 0 else a for a in axes)
    if any(not 0 <= a < rank for a in normalized) or len(set(normalized)) != len(normalized):
        return None
    return normalized


class AxisGatherOp(GaweeOperation):
    """Picks entries of `data` by `indices` along `axis` (negative values count from the
    end): the declaration gather and gather_elements share."""

    E: ClassVar = VarConstraint("E", GaweeElement)

    data = operand_def(static_tensor(E))
    indices = operand_def(static_tensor(IndexElement))
    output = result_def(static_tensor(E))

    axis = attr_def(IntegerAttr[I64])

    assembly_format = f"$data `,` $indices {keywords('axis')} {ATTR_DICT_AND_TYPES}"

    @property
    def normalized_axis(self) -> int:
        axis = self.axis.value.data
        return axis + len(tensor_shape(self.data)) if axis < 0 else axis


@gawee_op_definition
class GatherOp(AxisGatherOp):
    """Picks entries of `data` along `axis` by `indices` (negative ones count from the
    end), as ONNX Gather: the result shape is data[:axis] + indices + data[axis+1:]."""

    name = "gawee.gather"

    def __init__(self, data: SSAValue | Operation, indices: SSAValue | Operation, axis: int = 0):
        data, indices = SSAValue.get(data), SSAValue.get(indices)
        shape = tensor_shape(data)
        a = axis + len(shape) if axis < 0 else axis
        result = gather_shape(shape, tensor_shape(indices), a)
        super().__init__(
            operands=[data, indices],
            result_types=[tensor_like(data, result)],
            attributes={"axis": IntegerAttr(axis, i64)},
        )

    def verify_(self) -> None:
        shape = tensor_shape(self.data)
        axis = self.normalized_axis
        if not 0 <= axis < len(shape):
            raise self.fail(f"'axis' {self.axis.value.data} is out of range for rank {len(shape)}")
        if shape[axis] == 0:
            raise self.fail(f"cannot gather from the empty dim {axis}")
        self.expect_result_shape(gather_shape(shape, tensor_shape(self.indices), axis))


@gawee_op_definition
class GatherElementsOp(AxisGatherOp):
    """result[i0, ..., ik, ...] = data[i0, ..., indices[i0, ..., ik, ...], ...] with the
    index replacing dim `axis` (ONNX GatherElements; negative indices count from the
    end). The result has the indices' shape, which must fit in the data's elsewhere."""

    name = "gawee.gather_elements"

    def __init__(self, data: SSAValue | Operation, indices: SSAValue | Operation, axis: int = 0):
        data, indices = SSAValue.get(data), SSAValue.get(indices)
        super().__init__(
            operands=[data, indices],
            result_types=[tensor_like(data, tensor_shape(indices))],
            attributes={"axis": IntegerAttr(axis, i64)},
        )

    def verify_(self) -> None:
        data, indices = tensor_shape(self.data), tensor_shape(self.indices)
        axis = self.normalized_axis
        if len(data) != len(indices):
            raise self.fail(f"data rank {len(data)} and indices rank {len(indices)} must be equal")
        if not 0 <= axis < len(data):
            raise self.fail(f"'axis' {self.axis.value.data} is out of range for rank {len(data)}")
        if data[axis] == 0:
            raise self.fail(f"cannot gather from the empty dim {axis}")
        if any(i > d for k, (i, d) in enumerate(zip(indices, data)) if k != axis):
            raise self.fail(f"indices shape {list(indices)} does not fit in the data shape {list(data)}")
        self.expect_result_shape(indices)


@gawee_op_definition
class ExpandOp(TensorOp):
    """The input broadcast (numpy rules) to the result's shape (ONNX Expand, whose
    target is the static result type)."""

    name = "gawee.expand"

    assembly_format = f"$input {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, shape: Sequence[int]):
        """`shape` is ONNX Expand's: the result is its broadcast with the input's shape."""
        input = SSAValue.get(input)
        result = broadcast_shape(tensor_shape(input), shape)
        if result is None:
            raise ValueError(f"{self.name}: shape {tensor_shape(input)} does not broadcast to {list(shape)}")
        super().__init__(operands=[input], result_types=[tensor_like(input, result)])

    def verify_(self) -> None:
        source, target = tensor_shape(self.input), tensor_shape(self.output)
        if broadcast_shape(source, target) != target:
            raise self.fail(
                f"input shape {list(source)} does not broadcast to the result shape {list(target)}"
            )


def unsqueezed_shape(shape: Sequence[int], axes: Sequence[int]) -> tuple[int, ...]:
    """`shape` with size-1 dims at the (normalized, result-rank) `axes`."""
    rest = iter(shape)
    return tuple(1 if d in axes else next(rest) for d in range(len(shape) + len(axes)))


class UnitDimsOp(TensorOp):
    """squeeze and unsqueeze: the input with the size-1 dims `axes` removed or inserted.
    `axes` are distinct dims of the input (squeeze) or of the result (unsqueeze), negative
    ones counted from the end; the subclass gives that rank and the result shape."""

    axes = attr_def(I64Array)

    assembly_format = f"$input {keywords('axes')} {ATTR_DICT_AND_TYPES}"

    AXES_OF: ClassVar[str]
    """What `axes` index: "input" or "result"."""

    def __init__(self, input: SSAValue | Operation, axes: Sequence[int]):
        input = SSAValue.get(input)
        shape = tensor_shape(input)
        normalized = normalized_axes(axes, self.axes_rank(shape, axes)) or ()
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, self.result_shape(shape, normalized))],
            attributes={"axes": i64_array(axes)},
        )

    @staticmethod
    def axes_rank(shape: Sequence[int], axes: Sequence[int]) -> int:
        """The rank `axes` count in."""
        raise NotImplementedError

    @staticmethod
    def result_shape(shape: Sequence[int], axes: Sequence[int]) -> tuple[int, ...]:
        """The result shape for an input `shape` and the normalized `axes`."""
        raise NotImplementedError

    def verify_(self) -> None:
        shape, axes = tensor_shape(self.input), self.array("axes")
        rank = self.axes_rank(shape, axes)
        normalized = normalized_axes(axes, rank)
        if not axes or normalized is None:
            raise self.fail(f"'axes' {list(axes)} must name distinct dims of the rank-{rank} {self.AXES_OF}")
        if self.AXES_OF == "input" and any(shape[a] != 1 for a in normalized):
            raise self.fail(f"cannot squeeze dims of size other than 1 (axes {list(axes)} of {list(shape)})")
        self.expect_result_shape(self.result_shape(shape, normalized))


@gawee_op_definition
class UnsqueezeOp(UnitDimsOp):
    """Inserts size-1 dims at `axes`, which count in the result's rank (ONNX Unsqueeze)."""

    name = "gawee.unsqueeze"

    AXES_OF: ClassVar[str] = "result"

    @staticmethod
    def axes_rank(shape: Sequence[int], axes: Sequence[int]) -> int:
        return len(shape) + len(axes)

    @staticmethod
    def result_shape(shape: Sequence[int], axes: Sequence[int]) -> tuple[int, ...]:
        return unsqueezed_shape(shape, axes)


@gawee_op_definition
class SqueezeOp(UnitDimsOp):
    """Removes the size-1 dims `axes` (ONNX Squeeze with its axes resolved)."""

    name = "gawee.squeeze"

    AXES_OF: ClassVar[str] = "input"

    @staticmethod
    def axes_rank(shape: Sequence[int], axes: Sequence[int]) -> int:
        return len(shape)

    @staticmethod
    def result_shape(shape: Sequence[int], axes: Sequence[int]) -> tuple[int, ...]:
        return tuple(size for d, size in enumerate(shape) if d not in axes)


@gawee_op_definition
class CatOp(GaweeOperation):
    """Joins the inputs along `axis`; every other dim must agree (ONNX Concat)."""

    name = "gawee.cat"

    E: ClassVar = VarConstraint("E", GaweeElement)

    inputs = var_operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    axis = attr_def(IntegerAttr[I64])

    assembly_format = f"$inputs {keywords('axis')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, inputs: Sequence[SSAValue | Operation], axis: int):
        values = [SSAValue.get(v) for v in inputs]
        shape = list(tensor_shape(values[0]))
        a = axis + len(shape) if axis < 0 else axis
        shape[a] = sum(tensor_shape(v)[a] for v in values)
        super().__init__(
            operands=[values],
            result_types=[tensor_like(values[0], shape)],
            attributes={"axis": IntegerAttr(axis, i64)},
        )

    @property
    def normalized_axis(self) -> int:
        axis = self.axis.value.data
        return axis + len(tensor_shape(self.output)) if axis < 0 else axis

    def verify_(self) -> None:
        shapes = [tensor_shape(v) for v in self.inputs]
        if not shapes:
            raise self.fail("needs at least one input")
        rank, axis = len(shapes[0]), self.normalized_axis
        if not 0 <= axis < rank:
            raise self.fail(f"'axis' {self.axis.value.data} is out of range for rank {rank}")
        others = {(len(s), s[:axis], s[axis + 1 :]) for s in shapes}
        if len(others) != 1:
            raise self.fail(f"input shapes {[list(s) for s in shapes]} differ outside the axis {axis}")
        self.expect_result_shape((*shapes[0][:axis], sum(s[axis] for s in shapes), *shapes[0][axis + 1 :]))


def slice_ranges(
    shape: Sequence[int],
    starts: Sequence[int],
    ends: Sequence[int],
    axes: Sequence[int],
    steps: Sequence[int],
) -> list[range]:
    """The indices each dim of the input keeps under ONNX Slice: negative starts and
    ends count from the end, then both are clamped to the dim (INT64_MAX means "to
    the end"); a negative step walks backwards."""
    ranges = [range(size) for size in shape]
    for start, end, axis, step in zip(starts, ends, axes, steps, strict=True):
        size = shape[axis]
        start, end = (start + size if start < 0 else start), (end + size if end < 0 else end)
        if step > 0:
            ranges[axis] = range(min(max(start, 0), size), min(max(end, 0), size), step)
        else:
            ranges[axis] = range(min(max(start, -1), size - 1), min(max(end, -1), size - 1), step)
    return ranges


@gawee_op_definition
class SliceOp(TensorOp):
    """The elements at starts[i] : ends[i] : steps[i] along each of `axes` (ONNX
    Slice, with its inputs as attributes)."""

    name = "gawee.slice"

    starts = attr_def(I64Array)
    ends = attr_def(I64Array)
    axes = attr_def(I64Array)
    steps = attr_def(I64Array)

    assembly_format = f"$input {keywords('starts', 'ends', 'axes', 'steps')} {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        starts: Sequence[int],
        ends: Sequence[int],
        axes: Sequence[int],
        steps: Sequence[int],
    ):
        input = SSAValue.get(input)
        shape = tensor_shape(input)
        normalized = normalized_axes(axes, len(shape)) or ()
        ranges = slice_ranges(shape, starts, ends, normalized, steps) if 0 not in steps else []
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, [len(r) for r in ranges] or shape)],
            attributes={
                "starts": i64_array(starts),
                "ends": i64_array(ends),
                "axes": i64_array(axes),
                "steps": i64_array(steps),
            },
        )

    def ranges(self) -> list[range]:
        """The input indices the result keeps, per dim (the op must verify)."""
        shape = tensor_shape(self.input)
        axes = normalized_axes(self.array("axes"), len(shape))
        assert axes is not None
        return slice_ranges(shape, self.array("starts"), self.array("ends"), axes, self.array("steps"))

    def verify_(self) -> None:
        shape = tensor_shape(self.input)
        starts, ends, axes, steps = (self.array(n) for n in ("starts", "ends", "axes", "steps"))
        if not len(starts) == len(ends) == len(axes) == len(steps):
            raise self.fail(
                f"'starts', 'ends', 'axes' and 'steps' must have one value per sliced axis, got "
                f"{len(starts)}, {len(ends)}, {len(axes)} and {len(steps)}"
            )
        if normalized_axes(axes, len(shape)) is None:
            raise self.fail(f"'axes' {list(axes)} must name distinct dims of the rank-{len(shape)} input")
        if 0 in steps:
            raise self.fail(f"'steps' {list(steps)} must not be 0")
        self.expect_result_shape([len(r) for r in self.ranges()])


@gawee_op_definition
class SplitOp(GaweeOperation):
    """Cuts the input along `axis` into consecutive pieces of `splitSizes` elements,
    one result each (ONNX Split with its sizes resolved; a size may be 0)."""

    name = "gawee.split"

    E: ClassVar = VarConstraint("E", GaweeElement)

    input = operand_def(static_tensor(E))
    outputs = var_result_def(static_tensor(E))

    split_sizes = attr_def(I64Array, attr_name="splitSizes")
    axis = attr_def(IntegerAttr[I64])

    assembly_format = f"$input {keywords('splitSizes', 'axis')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, split_sizes: Sequence[int], axis: int = 0):
        input = SSAValue.get(input)
        shape = tensor_shape(input)
        a = axis + len(shape) if axis < 0 else axis
        results = [tensor_like(input, (*shape[:a], size, *shape[a + 1 :])) for size in split_sizes]
        super().__init__(
            operands=[input],
            result_types=[results],
            attributes={"splitSizes": i64_array(split_sizes), "axis": IntegerAttr(axis, i64)},
        )

    @property
    def normalized_axis(self) -> int:
        axis = self.axis.value.data
        return axis + len(tensor_shape(self.input)) if axis < 0 else axis

    def offsets(self) -> list[int]:
        """Where each piece starts along the axis."""
        sizes = self.array("splitSizes")
        return [sum(sizes[:k]) for k in range(len(sizes))]

    def verify_(self) -> None:
        shape, sizes = tensor_shape(self.input), self.array("splitSizes")
        axis = self.normalized_axis
        if not 0 <= axis < len(shape):
            raise self.fail(f"'axis' {self.axis.value.data} is out of range for rank {len(shape)}")
        if len(sizes) != len(self.outputs) or not sizes:
            raise self.fail(
                f"'splitSizes' {list(sizes)} must have one value per result ({len(self.outputs)} results)"
            )
        self.expect_positive("splitSizes", sizes, minimum=0)
        if sum(sizes) != shape[axis]:
            raise self.fail(
                f"'splitSizes' {list(sizes)} do not add up to the size {shape[axis]} of dim {axis}"
            )
        for k, (result, size) in enumerate(zip(self.outputs, sizes)):
            expected = (*shape[:axis], size, *shape[axis + 1 :])
            if tensor_shape(result) != expected:
                got = list(tensor_shape(result))
                raise self.fail(f"result #{k} shape {got} does not match the expected shape {list(expected)}")


@gawee_op_definition
class TileOp(TensorOp):
    """The input repeated `repeats[d]` times along each dim d (ONNX Tile, with the
    repeats as an attribute)."""

    name = "gawee.tile"

    repeats = attr_def(I64Array)

    assembly_format = f"$input {keywords('repeats')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, repeats: Sequence[int]):
        input = SSAValue.get(input)
        result = [size * r for size, r in zip(tensor_shape(input), repeats)]
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, result)],
            attributes={"repeats": i64_array(repeats)},
        )

    def verify_(self) -> None:
        shape, repeats = tensor_shape(self.input), self.array("repeats")
        if len(repeats) != len(shape):
            raise self.fail(
                f"'repeats' {list(repeats)} must have one value per dim of the rank-{len(shape)} input"
            )
        self.expect_positive("repeats", repeats, minimum=0)
        self.expect_result_shape([size * r for size, r in zip(shape, repeats)])


def split_pads(pads: Sequence[int]) -> tuple[list[int], list[int], list[int], list[int]]:
    """ONNX `pads` [begin..., end...] as (crop begin, crop end, pad begin, pad end)
    per dim: a negative pad crops, and the crop comes first (as ONNX Runtime does)."""
    rank = len(pads) // 2
    begin, end = pads[:rank], pads[rank:]
    return (
        [max(-p, 0) for p in begin],
        [max(-p, 0) for p in end],
        [max(p, 0) for p in begin],
        [max(p, 0) for p in end],
    )


@gawee_op_definition
class PadOp(TensorOp):
    """The input grown (or, by negative pads, cropped) at the begin and end of each
    dim (ONNX Pad, with `pads` [begin..., end...] as an attribute). `mode` says what
    fills the border: `constantValue`, the mirror image without the edge element
    ("reflect"), the edge element ("edge") or the other end of the dim ("wrap");
    the fill of a dim repeats as often as needed."""

    name = "gawee.pad"

    MODES: ClassVar[tuple[str, ...]] = ("constant", "reflect", "edge", "wrap")
    """ONNX Pad's modes: a constant, the mirror image without the edge element, the
    edge element repeated, the other end of the dim (periodic)."""

    pads = attr_def(I64Array)
    mode = opt_attr_def(StringAttr, default_value=StringAttr("constant"))
    constant_value = opt_attr_def(
        FloatAttr[Float64Type], default_value=FloatAttr(0.0, f64), attr_name="constantValue"
    )

    assembly_format = (
        f"$input {keywords('pads')} (`mode` `=` $mode^)? (`constantValue` `=` $constantValue^)? "
        f"{ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        pads: Sequence[int],
        mode: str = "constant",
        constant_value: float = 0.0,
    ):
        input = SSAValue.get(input)
        shape, rank = tensor_shape(input), len(pads) // 2
        result = [size + pads[d] + pads[rank + d] for d, size in enumerate(shape)]
        attributes: dict[str, Attribute] = {"pads": i64_array(pads)}
        if mode != "constant":
            attributes["mode"] = StringAttr(mode)
        if constant_value != 0.0:
            attributes["constantValue"] = FloatAttr(constant_value, f64)
        super().__init__(operands=[input], result_types=[tensor_like(input, result)], attributes=attributes)

    @property
    def padding_mode(self) -> str:
        return self.mode.data if self.mode is not None else "constant"

    @property
    def value(self) -> float:
        """The fill of constant mode."""
        return self.constant_value.value.data if self.constant_value is not None else 0.0

    def verify_(self) -> None:
        shape, pads, mode = tensor_shape(self.input), self.array("pads"), self.padding_mode
        if len(pads) != 2 * len(shape):
            raise self.fail(f"'pads' {list(pads)} must have 2 values per dim of the rank-{len(shape)} input")
        if mode not in self.MODES:
            raise self.fail(f"'mode' must be one of {', '.join(self.MODES)}, got \"{mode}\"")
        crop_begin, crop_end, pad_begin, pad_end = split_pads(pads)
        for d, size in enumerate(shape):
            kept = size - crop_begin[d] - crop_end[d]
            if kept < 0:
                raise self.fail(f"'pads' {list(pads)} crop more than the {size} elements of dim {d}")
            if mode != "constant" and kept == 0 and pad_begin[d] + pad_end[d] > 0:
                raise self.fail(f"cannot pad the empty dim {d} in {mode} mode")
        element = element_type(self.input)
        if isinstance(element, IntegerType) and not self.value.is_integer():
            raise self.fail(f"'constantValue' {self.value} is not a value of the element type {element}")
        self.expect_result_shape([size + pads[d] + pads[len(shape) + d] for d, size in enumerate(shape)])


@gawee_op_definition
class TriluOp(TensorOp):
    """The upper (`upper`, the default) or lower triangle of the matrices in the last
    two dims, from the `k`-th diagonal on (k > 0: above the main one); the other
    elements become 0 (ONNX Trilu, with k as an attribute)."""

    name = "gawee.trilu"

    upper = opt_attr_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    k = opt_attr_def(IntegerAttr[I64], default_value=IntegerAttr(0, i64))

    assembly_format = f"$input (`upper` `=` $upper^)? (`k` `=` $k^)? {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, upper: bool = True, k: int = 0):
        input = SSAValue.get(input)
        attributes: dict[str, Attribute] = {}
        if not upper:
            attributes["upper"] = BoolAttr.from_bool(False)
        if k:
            attributes["k"] = IntegerAttr(k, i64)
        super().__init__(operands=[input], result_types=[input.type], attributes=attributes)

    @property
    def is_upper(self) -> bool:
        return bool(self.upper.value.data) if self.upper is not None else True

    @property
    def diagonal(self) -> int:
        return self.k.value.data if self.k is not None else 0

    def verify_(self) -> None:
        self.expect_rank("the input", self.input, 2, at_least=True)
        self.expect_result_shape(tensor_shape(self.input))
