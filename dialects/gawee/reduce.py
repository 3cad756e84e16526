"""Reductions over a set of axes: reduce_sum, reduce_prod, reduce_mean, reduce_max,
reduce_min, and the composite ones made of them: reduce_sum_square, reduce_l1, reduce_l2, reduce_log_sum,
reduce_log_sum_exp (ONNX ReduceSum, ... ReduceLogSumExp with their axes resolved); the
index of the extremum along one axis: arg_max, arg_min (ONNX ArgMax, ArgMin); the running
sum and product along one axis: cumsum, cumprod (ONNX CumSum, CumProd, their axis input
an attribute)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects.builtin import I64, BoolAttr, IntegerAttr, TensorType, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import VarConstraint, attr_def, operand_def, opt_attr_def, result_def

from nnstack.dialects.constraints import GaweeNumericElement, I64Array, I64Element, static_tensor
from nnstack.dialects.gawee.base import FloatTensorOp, GaweeOperation, gawee_op_definition, normalize_dim
from nnstack.dialects.utils import (
    ATTR_DICT_AND_TYPES,
    i64_array,
    keywords,
    reduced_shape,
    tensor_like,
    tensor_shape,
)

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = [
    "ArgMaxOp",
    "ArgMinOp",
    "ArgReduceOp",
    "CumProdOp",
    "CumSumOp",
    "CumulativeOp",
    "ReduceMaxOp",
    "ReduceMeanOp",
    "ReduceMinOp",
    "ReduceL1Op",
    "ReduceL2Op",
    "ReduceLogSumExpOp",
    "ReduceLogSumOp",
    "ReduceProdOp",
    "NumericReduceOp",
    "ReduceOp",
    "ReduceSumOp",
    "ReduceSumSquareOp",
    "reduced_shape",
]


class ReduceOp(FloatTensorOp):
    """Reduces `axes` (negative ones count from the end; each at most once) of the
    input; `keepDims` keeps them as size-1 dims."""

    axes = attr_def(I64Array)
    keep_dims = attr_def(BoolAttr, attr_name="keepDims")

    assembly_format = f"$input {keywords('axes', 'keepDims')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, axes: Sequence[int], keep_dims: bool = True):
        input = SSAValue.get(input)
        shape = tensor_shape(input)
        normalized = [a + len(shape) if a < 0 else a for a in axes]
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, reduced_shape(shape, normalized, keep_dims))],
            attributes={"axes": i64_array(axes), "keepDims": BoolAttr.from_bool(keep_dims)},
        )

    @property
    def reduced_axes(self) -> tuple[int, ...]:
        """The axes, normalized to [0, rank) and sorted."""
        rank = len(tensor_shape(self.input))
        return tuple(sorted(a + rank if a < 0 else a for a in self.array("axes")))

    @property
    def keeps_dims(self) -> bool:
        return bool(self.keep_dims.value.data)

    def verify_(self) -> None:
        shape = tensor_shape(self.input)
        axes = self.reduced_axes
        if not axes or any(not 0 <= a < len(shape) for a in axes) or len(set(axes)) != len(axes):
            raise self.fail(
                f"'axes' {list(self.array('axes'))} must name distinct dims of the rank-{len(shape)} input"
            )
        if any(shape[a] == 0 for a in axes):
            raise self.fail(f"cannot reduce the empty dims {[a for a in axes if shape[a] == 0]}")
        self.expect_result_shape(reduced_shape(shape, axes, self.keeps_dims))


class NumericReduceOp(ReduceOp):
    """A reduction on floats and on the integers i8, i16, i32, i64 (exported graphs count
    tokens and positions with them): integer sums wrap around in two's complement, as in
    numpy and ONNX Runtime."""

    E: ClassVar = VarConstraint("E", GaweeNumericElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))


@gawee_op_definition
class ReduceSumOp(NumericReduceOp):
    """The sum over `axes` (ONNX ReduceSum)."""

    name = "gawee.reduce_sum"


@gawee_op_definition
class ReduceProdOp(NumericReduceOp):
    """The product over `axes` (ONNX ReduceProd); integer products wrap around."""

    name = "gawee.reduce_prod"


@gawee_op_definition
class ReduceMeanOp(ReduceOp):
    """The mean over `axes` (ONNX ReduceMean)."""

    name = "gawee.reduce_mean"


@gawee_op_definition
class ReduceMaxOp(NumericReduceOp):
    """The maximum over `axes`; NaN propagates (ONNX ReduceMax)."""

    name = "gawee.reduce_max"


@gawee_op_definition
class ReduceMinOp(NumericReduceOp):
    """The minimum over `axes`; NaN propagates (ONNX ReduceMin)."""

    name = "gawee.reduce_min"


# ---------------------------------------------------------------------------
# Composite reductions
# ---------------------------------------------------------------------------


class _SumOfOp(ReduceOp):
    """f(reduce_sum(g(x))) over the op's axes."""

    def summed(self, b: Composer, x: SSAValue, keep_dims: bool | None = None) -> SSAValue:
        """reduce_sum of `x` over this op's axes (keeping them as this op does, or as told)."""
        keep = self.keeps_dims if keep_dims is None else keep_dims
        return b.emit(ReduceSumOp(x, self.array("axes"), keep))


@gawee_op_definition
class ReduceSumSquareOp(_SumOfOp):
    """The sum of squares over `axes` (ONNX ReduceSumSquare)."""

    name = "gawee.reduce_sum_square"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.elementwise import MulOp

        return self.summed(b, b.emit(MulOp(self.input, self.input)))


@gawee_op_definition
class ReduceL1Op(_SumOfOp):
    """The sum of absolute values over `axes` (ONNX ReduceL1)."""

    name = "gawee.reduce_l1"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.elementwise import AbsOp

        return self.summed(b, b.emit(AbsOp(self.input)))


@gawee_op_definition
class ReduceL2Op(_SumOfOp):
    """The Euclidean norm over `axes` (ONNX ReduceL2)."""

    name = "gawee.reduce_l2"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.elementwise import MulOp, SqrtOp

        return b.emit(SqrtOp(self.summed(b, b.emit(MulOp(self.input, self.input)))))


@gawee_op_definition
class ReduceLogSumOp(_SumOfOp):
    """The logarithm of the sum over `axes` (ONNX ReduceLogSum)."""

    name = "gawee.reduce_log_sum"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.elementwise import LogOp

        return b.emit(LogOp(self.summed(b, self.input)))


@gawee_op_definition
class ReduceLogSumExpOp(_SumOfOp):
    """log(sum(e^x)) over `axes` (ONNX ReduceLogSumExp), as m + log(sum(e^(x - m))) with m
    the maximum (0 where it is infinite): the same value, without the overflow of e^x."""

    name = "gawee.reduce_log_sum_exp"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.elementwise import AddOp, ExpOp, LogOp, SubOp
        from nnstack.dialects.gawee.logic import IsInfOp, WhereOp
        from nnstack.dialects.gawee.shape import ReshapeOp

        x = self.input
        peak = b.emit(ReduceMaxOp(x, self.array("axes"), True))
        shift = b.emit(WhereOp(b.emit(IsInfOp(peak)), b.scalar_like(0.0, x), peak))
        total = self.summed(b, b.emit(ExpOp(b.emit(SubOp(x, shift)))), keep_dims=True)
        result = b.emit(AddOp(b.emit(LogOp(total)), shift))
        if self.keeps_dims:
            return result
        return b.emit(ReshapeOp(result, tensor_shape(self.output)))


# ---------------------------------------------------------------------------
# Arg reductions
# ---------------------------------------------------------------------------


class ArgReduceOp(GaweeOperation):
    """The i64 index of the extremum along `axis` (negative counts from the end);
    `keepDims` (true) keeps the axis as a size-1 dim. Among equal extrema the first
    index wins, the last with `selectLastIndex`; NaN counts as the extremum (numpy's
    argmax / argmin, ONNX's reference), so the first (or last) NaN wins."""

    E: ClassVar = VarConstraint("E", GaweeNumericElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(I64Element))

    axis = attr_def(IntegerAttr[I64])
    keep_dims = opt_attr_def(BoolAttr, attr_name="keepDims", default_value=BoolAttr.from_bool(True))
    select_last_index = opt_attr_def(
        BoolAttr, attr_name="selectLastIndex", default_value=BoolAttr.from_bool(False)
    )

    assembly_format = (
        f"$input {keywords('axis')} (`keepDims` `=` $keepDims^)? "
        f"(`selectLastIndex` `=` $selectLastIndex^)? {ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        axis: int = 0,
        *,
        keep_dims: bool = True,
        select_last_index: bool = False,
    ):
        input = SSAValue.get(input)
        shape = tensor_shape(input)
        attributes: dict[str, Attribute] = {"axis": IntegerAttr(axis, i64)}
        if not keep_dims:
            attributes["keepDims"] = BoolAttr.from_bool(False)
        if select_last_index:
            attributes["selectLastIndex"] = BoolAttr.from_bool(True)
        result = reduced_shape(shape, (normalize_dim(axis, len(shape)),), keep_dims)
        super().__init__(operands=[input], result_types=[TensorType(i64, result)], attributes=attributes)

    @property
    def normalized_axis(self) -> int:
        return normalize_dim(self.axis.value.data, len(tensor_shape(self.input)))

    @property
    def keeps_dims(self) -> bool:
        return self.keep_dims is None or bool(self.keep_dims.value.data)

    @property
    def selects_last(self) -> bool:
        return self.select_last_index is not None and bool(self.select_last_index.value.data)

    def verify_(self) -> None:
        shape = tensor_shape(self.input)
        axis = self.normalized_axis
        if not shape or not 0 <= axis < len(shape):
            raise self.fail(f"'axis' {self.axis.value.data} is out of range for rank {len(shape)}")
        if shape[axis] == 0:
            raise self.fail(f"cannot take the index of the extremum of the empty dim {axis}")
        self.expect_result_shape(reduced_shape(shape, (axis,), self.keeps_dims))


@gawee_op_definition
class ArgMaxOp(ArgReduceOp):
    """The i64 index of the maximum along `axis` (ONNX ArgMax): the first among equal
    maxima, the last with `selectLastIndex`; NaN counts as the maximum."""

    name = "gawee.arg_max"


@gawee_op_definition
class ArgMinOp(ArgReduceOp):
    """The i64 index of the minimum along `axis` (ONNX ArgMin): the first among equal
    minima, the last with `selectLastIndex`; NaN counts as the minimum."""

    name = "gawee.arg_min"


# ---------------------------------------------------------------------------
# Scans
# ---------------------------------------------------------------------------


class CumulativeOp(GaweeOperation):
    """The running sum or product along `axis` (its axis input a constant): element i
    combines the elements 0..i in order, with `exclusive` 0..i-1 (the identity first),
    with `reverse` i..n-1 (i+1..n-1), from the far end. In the element type, as numpy's
    cumsum / cumprod (integers wrap). A base: cumsum and cumprod differ only in it."""

    IDENTITY: ClassVar[int] = 0
    """The value an exclusive scan starts with: the combination's identity."""

    E: ClassVar = VarConstraint("E", GaweeNumericElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    axis = attr_def(IntegerAttr[I64])
    exclusive = opt_attr_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    reverse = opt_attr_def(BoolAttr, default_value=BoolAttr.from_bool(False))

    assembly_format = (
        f"$input {keywords('axis')} (`exclusive` `=` $exclusive^)? (`reverse` `=` $reverse^)? "
        f"{ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self, input: SSAValue | Operation, axis: int, *, exclusive: bool = False, reverse: bool = False
    ):
        input = SSAValue.get(input)
        attributes: dict[str, Attribute] = {"axis": IntegerAttr(axis, i64)}
        if exclusive:
            attributes["exclusive"] = BoolAttr.from_bool(True)
        if reverse:
            attributes["reverse"] = BoolAttr.from_bool(True)
        super().__init__(operands=[input], result_types=[input.type], attributes=attributes)

    @property
    def normalized_axis(self) -> int:
        return normalize_dim(self.axis.value.data, len(tensor_shape(self.input)))

    @property
    def is_exclusive(self) -> bool:
        return self.exclusive is not None and bool(self.exclusive.value.data)

    @property
    def is_reverse(self) -> bool:
        return self.reverse is not None and bool(self.reverse.value.data)

    def verify_(self) -> None:
        shape = tensor_shape(self.input)
        if not shape or not 0 <= self.normalized_axis < len(shape):
            raise self.fail(f"'axis' {self.axis.value.data} is out of range for rank {len(shape)}")
        self.expect_result_shape(shape)


@gawee_op_definition
class CumSumOp(CumulativeOp):
    """The running sum along `axis` (ONNX CumSum, its axis input a constant): element i
    is the sum of the elements 0..i in order, with `exclusive` of 0..i-1 (0 first),
    with `reverse` of i..n-1 (i+1..n-1), summed from the far end. Sums are in the
    element type, as numpy's cumsum (integers wrap)."""

    name = "gawee.cumsum"


@gawee_op_definition
class CumProdOp(CumulativeOp):
    """The running product along `axis` (ONNX CumProd, its axis input a constant):
    element i is the product of the elements 0..i in order, with `exclusive` of 0..i-1
    (1 first), with `reverse` of i..n-1 (i+1..n-1), multiplied from the far end.
    Products are in the element type, as numpy's cumprod (integers wrap)."""

    name = "gawee.cumprod"

    IDENTITY: ClassVar[int] = 1
