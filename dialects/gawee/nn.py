"""Neural-network gawee ops: batch normalization, adaptive pooling (NCHW), the fully
connected layer, matrix products (matmul, gemm), softmax and layer normalization."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects.builtin import I64, BoolAttr, Float64Type, FloatAttr, IntegerAttr, f64, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import VarConstraint, attr_def, operand_def, opt_attr_def, opt_operand_def, result_def
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.constraints import FloatElement, I64Array, accumulator_type, static_tensor
from nnstack.dialects.gawee.base import (
    BinaryOp,
    FloatTensorOp,
    GaweeOperation,
    WeightedOp,
    gawee_op_definition,
)
from nnstack.dialects.utils import (
    ATTR_DICT_AND_TYPES,
    broadcast_shape,
    element_type,
    i64_array,
    keywords,
    matmul_shape,
    tensor_like,
    tensor_shape,
)

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = [
    "AdAvgPoolOp",
    "AxisSoftmaxOp",
    "ChannelNormOp",
    "BatchNormOp",
    "GemmOp",
    "GroupNormOp",
    "InstanceNormOp",
    "LayerNormOp",
    "LinearOp",
    "LogSoftmaxOp",
    "LrnOp",
    "MatMulOp",
    "SoftmaxOp",
]


@gawee_op_definition
class BatchNormOp(GaweeOperation):
    """Inference batch normalization over channel dim 1 (ONNX BatchNormalization).

    y = (x - runningMean) / sqrt(runningVar + eps) * weight + bias; with
    `affine = false` weight and bias are not applied.
    """

    name = "gawee.batch_norm"

    E: ClassVar = VarConstraint("E", FloatElement)

    input = operand_def(static_tensor(E))
    weight = operand_def(static_tensor(E))
    bias = operand_def(static_tensor(E))
    running_mean = operand_def(static_tensor(E))
    running_var = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    affine = attr_def(BoolAttr)
    eps = attr_def(FloatAttr[Float64Type])

    assembly_format = f"$input `,` $weight `,` $bias `,` $running_mean `,` $running_var {keywords('affine', 'eps')} {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        weight: SSAValue | Operation,
        bias: SSAValue | Operation,
        running_mean: SSAValue | Operation,
        running_var: SSAValue | Operation,
        *,
        eps: float = 1e-5,
        affine: bool = True,
    ):
        input = SSAValue.get(input)
        super().__init__(
            operands=[input, weight, bias, running_mean, running_var],
            result_types=[input.type],
            attributes={"affine": BoolAttr.from_bool(affine), "eps": FloatAttr(eps, f64)},
        )

    @property
    def epsilon(self) -> float:
        return self.eps.value.data

    def verify_(self) -> None:
        self.expect_rank("input", self.input, 2, at_least=True)
        channels = tensor_shape(self.input)[1]
        names = ("weight", "bias", "runningMean", "runningVar")
        for name, value in zip(names, self.operands[1:]):
            if tensor_shape(value) != (channels,):
                raise VerifyException(
                    f"{self.name}: {name} shape {list(tensor_shape(value))} does not match the "
                    f"{channels} channels of the input"
                )
        if not self.epsilon > 0 or math.isinf(self.epsilon):
            raise VerifyException(f"{self.name}: 'eps' must be a positive number, got {self.epsilon}")
        self.expect_result_shape(tensor_shape(self.input))

    def decompose(self, b: Composer) -> SSAValue:
        """The [C] operands reshaped to [C, 1, ...] broadcast over the channel dim."""
        from nnstack.dialects.gawee.elementwise import AddOp, DivOp, MulOp, SqrtOp, SubOp

        rank = len(tensor_shape(self.input))
        deviation = b.emit(SqrtOp(b.emit(AddOp(self.running_var, b.scalar_like(self.epsilon, self.input)))))
        mean, deviation = channelwise(b, self.running_mean, rank), channelwise(b, deviation, rank)
        result = b.emit(DivOp(b.emit(SubOp(self.input, mean)), deviation))
        if self.affine.value.data:
            result = b.emit(MulOp(result, channelwise(b, self.weight, rank)))
            result = b.emit(AddOp(result, channelwise(b, self.bias, rank)))
        return result


@gawee_op_definition
class AdAvgPoolOp(FloatTensorOp):
    """Adaptive average pooling on NCHW to `outputSize` = [oH, oW] (PyTorch windows:
    adaptive_avg_pool2d; ONNX has no such operator)."""

    name = "gawee.ad_avg_pool"

    output_size = attr_def(I64Array, attr_name="outputSize")

    assembly_format = f"$input {keywords('outputSize')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, output_size: Sequence[int]):
        input = SSAValue.get(input)
        n, c, _, _ = tensor_shape(input)
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, (n, c, *output_size))],
            attributes={"outputSize": i64_array(output_size)},
        )

    def verify_(self) -> None:
        self.expect_rank("input", self.input, 4)
        size = self.array("outputSize")
        self.expect_length("outputSize", size, 2)
        self.expect_positive("outputSize", size)
        n, c, h, w = tensor_shape(self.input)
        self.expect_nonempty_window_input(h, w)
        self.expect_result_shape((n, c, *size))


@gawee_op_definition
class LinearOp(WeightedOp):
    """y = x W^T + b; x is [..., in] (leading dims are batch), W is [out, in], b is [out]
    (PyTorch's Linear; ONNX Gemm with transB = 1, alpha = beta = 1 and a vector C)."""

    name = "gawee.linear"

    assembly_format = f"$input `,` $weight (`,` $bias^)? {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        weight: SSAValue | Operation,
        bias: SSAValue | Operation | None = None,
    ):
        input, weight = SSAValue.get(input), SSAValue.get(weight)
        shape = (*tensor_shape(input)[:-1], tensor_shape(weight)[0])
        super().__init__(operands=[input, weight, bias], result_types=[tensor_like(input, shape)])

    def verify_(self) -> None:
        self.expect_rank("input", self.input, 2, at_least=True)
        self.expect_rank("weight", self.weight, 2)
        shape = tensor_shape(self.input)
        out_features, in_features = tensor_shape(self.weight)
        if shape[-1] != in_features:
            raise VerifyException(
                f"{self.name}: input has {shape[-1]} features but weight "
                f"[{out_features}, {in_features}] expects {in_features}"
            )
        if self.bias is not None and tensor_shape(self.bias) != (out_features,):
            raise VerifyException(
                f"{self.name}: bias shape {list(tensor_shape(self.bias))} does not match the "
                f"{out_features} output features of the weight"
            )
        self.expect_result_shape((*shape[:-1], out_features))


@gawee_op_definition
class GemmOp(GaweeOperation):
    """y = alpha * A' B' + beta * C (ONNX Gemm): A' is A [M, K] or, with `transA`, the
    transpose of A [K, M]; B' likewise with `transB`; the optional C broadcasts
    unidirectionally to [M, N]; with beta = 0 it is not read (inf and NaN in it do not
    reach the result, as in ONNX Runtime and ONNX's reference). `gawee.linear` is the
    special case PyTorch's Linear exports (transB, alpha = beta = 1, a vector C)."""

    name = "gawee.gemm"

    E: ClassVar = VarConstraint("E", FloatElement)

    a = operand_def(static_tensor(E))
    b = operand_def(static_tensor(E))
    c = opt_operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    trans_a = opt_attr_def(BoolAttr, default_value=BoolAttr.from_bool(False), attr_name="transA")
    trans_b = opt_attr_def(BoolAttr, default_value=BoolAttr.from_bool(False), attr_name="transB")
    alpha = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(1.0, f64))
    beta = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(1.0, f64))

    assembly_format = (
        "$a `,` $b (`,` $c^)? (`transA` `=` $transA^)? (`transB` `=` $transB^)? "
        f"(`alpha` `=` $alpha^)? (`beta` `=` $beta^)? {ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        a: SSAValue | Operation,
        b: SSAValue | Operation,
        c: SSAValue | Operation | None = None,
        *,
        trans_a: bool = False,
        trans_b: bool = False,
        alpha: float = 1.0,
        beta: float = 1.0,
    ):
        a, b = SSAValue.get(a), SSAValue.get(b)
        m = tensor_shape(a)[1 if trans_a else 0]
        n = tensor_shape(b)[0 if trans_b else 1]
        attributes: dict[str, Attribute] = {}
        for name, flag in (("transA", trans_a), ("transB", trans_b)):
            if flag:
                attributes[name] = BoolAttr.from_bool(True)
        for name, value in (("alpha", alpha), ("beta", beta)):
            if value != 1.0:
                attributes[name] = FloatAttr(value, f64)
        super().__init__(operands=[a, b, c], result_types=[tensor_like(a, (m, n))], attributes=attributes)

    @property
    def transposes(self) -> tuple[bool, bool]:
        """(transA, transB)."""
        return (bool(self.trans_a.value.data), bool(self.trans_b.value.data))

    @property
    def scales(self) -> tuple[float, float]:
        """(alpha, beta)."""
        return (self.alpha.value.data, self.beta.value.data)

    @property
    def adds_c(self) -> bool:
        """Whether C takes part: present, and beta not 0."""
        return self.c is not None and self.beta.value.data != 0

    def verify_(self) -> None:
        self.expect_rank("A", self.a, 2)
        self.expect_rank("B", self.b, 2)
        a, b = tensor_shape(self.a), tensor_shape(self.b)
        trans_a, trans_b = self.transposes
        (m, k) = a[::-1] if trans_a else a
        (kb, n) = b[::-1] if trans_b else b
        if k != kb:
            raise self.fail(f"A' [{m}, {k}] and B' [{kb}, {n}] do not multiply (after transA / transB)")
        if self.c is not None:
            c = tensor_shape(self.c)
            if len(c) > 2 or broadcast_shape(c, (m, n)) != (m, n):
                raise self.fail(f"C of shape {list(c)} does not broadcast to [{m}, {n}]")
        self.expect_result_shape((m, n))


@gawee_op_definition
class MatMulOp(BinaryOp):
    """Matrix product with numpy semantics (ONNX MatMul): batched, with broadcast batch
    dims, and 1-D operands as a row (lhs) or column (rhs)."""

    name = "gawee.matmul"

    MISFIT: ClassVar = "do not multiply"

    @staticmethod
    def expected_shape(operands: Sequence[SSAValue]) -> tuple[int, ...] | None:
        lhs, rhs = operands
        return matmul_shape(tensor_shape(lhs), tensor_shape(rhs))


class AxisSoftmaxOp(FloatTensorOp):
    """A normalization of exponentials along `axis` (negative axes count from the end):
    the result has the input's type."""

    axis = attr_def(IntegerAttr[I64])

    assembly_format = f"$input {keywords('axis')} {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, axis: int = -1):
        input = SSAValue.get(input)
        super().__init__(
            operands=[input], result_types=[input.type], attributes={"axis": IntegerAttr(axis, i64)}
        )

    @property
    def normalized_axis(self) -> int:
        rank = len(tensor_shape(self.input))
        axis = self.axis.value.data
        return axis + rank if axis < 0 else axis

    def verify_(self) -> None:
        rank = len(tensor_shape(self.input))
        if rank == 0 or not 0 <= self.normalized_axis < rank:
            raise self.fail(f"'axis' {self.axis.value.data} is out of range for rank {rank}")
        self.expect_result_shape(tensor_shape(self.input))

    def decompose(self, b: Composer) -> SSAValue:
        """Subtracting the max first keeps exp from overflowing; an empty input is its own
        result (an empty axis has no max)."""
        from nnstack.dialects.gawee.elementwise import ExpOp, SubOp
        from nnstack.dialects.gawee.reduce import ReduceMaxOp, ReduceSumOp

        x, axes = self.input, [self.normalized_axis]
        if 0 in tensor_shape(x):
            return x
        shifted = b.emit(SubOp(x, b.emit(ReduceMaxOp(x, axes, True))))
        exponentials = b.emit(ExpOp(shifted))
        return self.normalize(b, shifted, exponentials, b.emit(ReduceSumOp(exponentials, axes, True)))

    def normalize(self, b: Composer, shifted: SSAValue, exponentials: SSAValue, total: SSAValue) -> SSAValue:
        """The result from x - max(x), its exponentials and their sum."""
        raise NotImplementedError


@gawee_op_definition
class SoftmaxOp(AxisSoftmaxOp):
    """exp(x) / sum(exp(x)) along `axis` (ONNX Softmax from opset 13)."""

    name = "gawee.softmax"

    def normalize(self, b: Composer, shifted: SSAValue, exponentials: SSAValue, total: SSAValue) -> SSAValue:
        from nnstack.dialects.gawee.elementwise import DivOp

        return b.emit(DivOp(exponentials, total))


@gawee_op_definition
class LogSoftmaxOp(AxisSoftmaxOp):
    """x - log(sum(exp(x))) along `axis` (ONNX LogSoftmax from opset 13)."""

    name = "gawee.log_softmax"

    def normalize(self, b: Composer, shifted: SSAValue, exponentials: SSAValue, total: SSAValue) -> SSAValue:
        from nnstack.dialects.gawee.elementwise import LogOp, SubOp

        return b.emit(SubOp(shifted, b.emit(LogOp(total))))


@gawee_op_definition
class LayerNormOp(WeightedOp):
    """Layer normalization over the dims from `axis` on (ONNX LayerNormalization):
    (x - mean) / sqrt(var + epsilon) * weight (+ bias), the statistics over those dims
    and weight / bias of their shape."""

    name = "gawee.layer_norm"

    axis = attr_def(IntegerAttr[I64])
    epsilon = attr_def(FloatAttr[Float64Type])

    assembly_format = f"$input `,` $weight (`,` $bias^)? {keywords('axis', 'epsilon')} {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        weight: SSAValue | Operation,
        bias: SSAValue | Operation | None = None,
        *,
        axis: int = -1,
        epsilon: float = 1e-5,
    ):
        input = SSAValue.get(input)
        super().__init__(
            operands=[input, weight, bias],
            result_types=[input.type],
            attributes={"axis": IntegerAttr(axis, i64), "epsilon": FloatAttr(epsilon, f64)},
        )

    @property
    def normalized_axis(self) -> int:
        axis = self.axis.value.data
        return axis + len(tensor_shape(self.input)) if axis < 0 else axis

    def verify_(self) -> None:
        shape = tensor_shape(self.input)
        axis = self.normalized_axis
        if not 0 <= axis < len(shape):
            raise self.fail(f"'axis' {self.axis.value.data} is out of range for rank {len(shape)}")
        normalized = list(shape[axis:])
        for what, value in (("weight", self.weight), ("bias", self.bias)):
            if value is not None and list(tensor_shape(value)) != normalized:
                raise self.fail(
                    f"{what} shape {list(tensor_shape(value))} is not the normalized shape {normalized}"
                )
        eps = self.epsilon.value.data
        if not eps > 0 or math.isinf(eps):
            raise self.fail(f"'epsilon' must be a positive number, got {eps}")
        self.expect_result_shape(shape)

    def decompose(self, b: Composer) -> SSAValue:
        """f16 statistics in f32, as PyTorch's and ONNX Runtime's kernels keep them."""
        from nnstack.dialects.gawee.elementwise import AddOp, MulOp
        from nnstack.dialects.gawee.logic import CastOp

        element = element_type(self.input)
        wide = accumulator_type(element)

        def widened(value: SSAValue) -> SSAValue:
            return value if wide is element else b.emit(CastOp(value, wide))

        x = widened(self.input)
        axes = range(self.normalized_axis, len(tensor_shape(x)))
        result = b.emit(MulOp(standardize(b, x, axes, self.epsilon.value.data), widened(self.weight)))
        if self.bias is not None:
            result = b.emit(AddOp(result, widened(self.bias)))
        return result if wide is element else b.emit(CastOp(result, element))


def channelwise(b: Composer, value: SSAValue, rank: int) -> SSAValue:
    """A [C] operand as [C, 1, ...], to broadcast along dim 1 of a rank-`rank` input
    (itself for rank 2)."""
    from nnstack.dialects.gawee.shape import ReshapeOp

    if rank == 2:
        return value
    return b.emit(ReshapeOp(value, (*tensor_shape(value), *(1,) * (rank - 2))))


def standardize(b: Composer, x: SSAValue, axes: Sequence[int], epsilon: float) -> SSAValue:
    """(x - mean) / sqrt(var + epsilon), the statistics over `axes` of `x` (kept as 1s):
    the core of every normalization's decomposition."""
    from nnstack.dialects.gawee.elementwise import AddOp, DivOp, MulOp, SqrtOp, SubOp
    from nnstack.dialects.gawee.reduce import ReduceMeanOp

    centered = b.emit(SubOp(x, b.emit(ReduceMeanOp(x, axes, True))))
    variance = b.emit(ReduceMeanOp(b.emit(MulOp(centered, centered)), axes, True))
    deviation = b.emit(SqrtOp(b.emit(AddOp(variance, b.scalar_like(epsilon, x)))))
    return b.emit(DivOp(centered, deviation))


class ChannelNormOp(WeightedOp):
    """Normalizes an [N, C, D1, ...] input by the mean and variance of groups of its
    elements, (x - mean) / sqrt(var + epsilon), then scales and shifts each channel by
    weight and bias ([C]): instance_norm and group_norm, which differ in the groups."""

    epsilon = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(1e-5, f64))

    def __init__(
        self,
        input: SSAValue | Operation,
        weight: SSAValue | Operation,
        bias: SSAValue | Operation,
        epsilon: float = 1e-5,
        attributes: Mapping[str, Attribute] | None = None,
    ):
        """`attributes`: those of the op besides `epsilon`."""
        input = SSAValue.get(input)
        super().__init__(
            operands=[input, weight, bias],
            result_types=[input.type],
            attributes={**(attributes or {}), "epsilon": FloatAttr(epsilon, f64)},
        )

    @property
    def epsilon_value(self) -> float:
        return self.epsilon.value.data if self.epsilon is not None else 1e-5

    def verify_(self) -> None:
        shape = tensor_shape(self.input)
        self.expect_rank("input", self.input, 3, at_least=True)
        for what, value in (("weight", self.weight), ("bias", self.bias)):
            if value is None:
                raise self.fail(f"needs a {what}")
            if tensor_shape(value) != (shape[1],):
                raise self.fail(f"{what} shape {list(tensor_shape(value))} is not [C] = [{shape[1]}]")
        eps = self.epsilon_value
        if not eps > 0 or math.isinf(eps):
            raise self.fail(f"'epsilon' must be a positive number, got {eps}")
        self.expect_result_shape(shape)

    def grouped(self, b: Composer, x: SSAValue) -> SSAValue:
        """`x` as [N, groups, ...]: each group is what dims 2 and on hold (the input itself
        for instance_norm, whose groups are the channels)."""
        return x

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.elementwise import AddOp, MulOp
        from nnstack.dialects.gawee.shape import ReshapeOp

        x, shape = self.input, tensor_shape(self.input)
        grouped = self.grouped(b, x)
        normalized = standardize(b, grouped, range(2, len(tensor_shape(grouped))), self.epsilon_value)
        if grouped is not x:
            normalized = b.emit(ReshapeOp(normalized, shape))
        assert self.bias is not None  # (verified)
        weight, bias = (channelwise(b, v, len(shape)) for v in (self.weight, self.bias))
        return b.emit(AddOp(b.emit(MulOp(normalized, weight)), bias))


@gawee_op_definition
class InstanceNormOp(ChannelNormOp):
    """Instance normalization of an [N, C, D1, ...] input (ONNX InstanceNormalization, and
    what PyTorch exports its GroupNorm to before opset 18): the statistics over the
    spatial dims of each sample and channel."""

    name = "gawee.instance_norm"

    assembly_format = f"$input `,` $weight `,` $bias (`epsilon` `=` $epsilon^)? {ATTR_DICT_AND_TYPES}"


@gawee_op_definition
class GroupNormOp(ChannelNormOp):
    """Group normalization of an [N, C, D1, ...] input (ONNX GroupNormalization, PyTorch's
    GroupNorm): the C channels in `numGroups` groups of consecutive channels, the
    statistics over each group's channels and spatial dims."""

    name = "gawee.group_norm"

    num_groups = attr_def(IntegerAttr[I64], attr_name="numGroups")

    assembly_format = f"$input `,` $weight `,` $bias {keywords('numGroups')} (`epsilon` `=` $epsilon^)? {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        weight: SSAValue | Operation,
        bias: SSAValue | Operation,
        num_groups: int,
        epsilon: float = 1e-5,
    ):
        super().__init__(input, weight, bias, epsilon, {"numGroups": IntegerAttr(num_groups, i64)})

    @property
    def groups(self) -> int:
        return self.num_groups.value.data

    def verify_(self) -> None:
        channels = tensor_shape(self.input)[1] if len(tensor_shape(self.input)) > 1 else 0
        if self.groups < 1 or channels % self.groups:
            raise self.fail(f"'numGroups' {self.groups} must divide the {channels} channels")
        super().verify_()

    def grouped(self, b: Composer, x: SSAValue) -> SSAValue:
        from nnstack.dialects.gawee.shape import ReshapeOp

        shape = tensor_shape(x)
        return b.emit(ReshapeOp(x, (shape[0], self.groups, math.prod(shape[1:]) // self.groups)))


@gawee_op_definition
class LrnOp(FloatTensorOp):
    """Local response normalization across channels of an NCHW input (ONNX LRN):
    y = x / (bias + alpha / size * s)^beta, where s sums the squares of channels
    c - floor((size-1)/2) .. c + ceil((size-1)/2) (those that exist)."""

    name = "gawee.lrn"

    size = attr_def(IntegerAttr[I64])
    alpha = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(1e-4, f64))
    beta = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(0.75, f64))
    bias = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(1.0, f64))

    assembly_format = (
        f"$input {keywords('size')} (`alpha` `=` $alpha^)? (`beta` `=` $beta^)? (`bias` `=` $bias^)? "
        f"{ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        size: int,
        *,
        alpha: float | None = None,
        beta: float | None = None,
        bias: float | None = None,
    ):
        """`alpha`, `beta`, `bias`: None leaves the attribute out (its default applies)."""
        input = SSAValue.get(input)
        attributes: dict[str, Attribute] = {"size": IntegerAttr(size, i64)}
        for name, value in (("alpha", alpha), ("beta", beta), ("bias", bias)):
            if value is not None:
                attributes[name] = FloatAttr(value, f64)
        super().__init__(operands=[input], result_types=[input.type], attributes=attributes)

    @property
    def window(self) -> tuple[int, int]:
        """How many channels before and after a channel its window reaches."""
        size = self.size.value.data
        return ((size - 1) // 2, size // 2)

    def verify_(self) -> None:
        self.expect_rank("input", self.input, 4)
        if self.size.value.data < 1:
            raise self.fail(f"'size' must be >= 1, got {self.size.value.data}")
        self.expect_result_shape(tensor_shape(self.input))
