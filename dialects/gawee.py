"""The gawee dialect: high-level neural-network ops on NCHW tensors.

Mirrors the original Gawee MLIR project: the same op names, operands and camelCase
attribute names, attributes kept as plain (discardable-style) attributes so the
original's generic form `"gawee.conv"(...) {dilation = array<i64: 1, 1>, ...}` parses
and prints unchanged. On top of the original:

- every op verifies its result shape against the op's shape rule;
- conv takes an optional bias and `groups`; conv and max_pool take 2-value symmetric
  `[pH, pW]` or 4-value `[top, left, bottom, right]` padding;
- max_pool honours `ceilMode`, ad_avg_pool any `outputSize`, flatten negative dims,
  linear inputs of rank >= 2, add numpy broadcasting;
- a readable custom syntax, e.g.
  `gawee.conv %x, %w strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (...) -> ...`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from xdsl.dialects.builtin import (
    BoolAttr,
    I64,
    DenseArrayBase,
    FloatAttr,
    Float64Type,
    IntegerAttr,
    TensorType,
    f16,
    f32,
    f64,
    i64,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    attr_def,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    opt_operand_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.utils import (
    Keywords,
    broadcast_shape,
    i64_array,
    parse_functional_type,
    parse_keywords_and_attr_dict,
    parse_operand_list,
    print_functional_type,
    print_keywords,
    window_output_size,
)

I64Array = DenseArrayBase.constr(i64)
_FLOAT_TYPES: tuple[Attribute, ...] = (f16, f32, f64)


# ---------------------------------------------------------------------------
# Shape rules, shared by the verifiers, the builders and the lowerings.
# ---------------------------------------------------------------------------


def expand_padding(padding: Sequence[int]) -> tuple[int, int, int, int]:
    """`[pH, pW]` or `[top, left, bottom, right]` as (top, left, bottom, right)."""
    if len(padding) == 2:
        return (padding[0], padding[1], padding[0], padding[1])
    top, left, bottom, right = padding
    return (top, left, bottom, right)


def spatial_output_size(
    h: int,
    w: int,
    padding: Sequence[int],
    kernel: Sequence[int],
    strides: Sequence[int],
    dilation: Sequence[int],
    ceil_mode: bool = False,
) -> tuple[int, int]:
    """(oH, oW) of a 2-D sliding window (conv, max_pool) over an H x W input."""
    top, left, bottom, right = expand_padding(padding)
    return (
        window_output_size(h, top, bottom, kernel[0], strides[0], dilation[0], ceil_mode),
        window_output_size(w, left, right, kernel[1], strides[1], dilation[1], ceil_mode),
    )


def adaptive_windows(size: int, out: int) -> list[tuple[int, int]]:
    """PyTorch's adaptive pooling windows [start, end) along one axis."""
    return [((i * size) // out, -(-((i + 1) * size) // out)) for i in range(out)]


def normalize_dim(dim: int, rank: int) -> int:
    """A negative dim counts from the end; a rank-0 tensor has one dim, as in PyTorch."""
    return dim + max(rank, 1) if dim < 0 else dim


# ---------------------------------------------------------------------------
# Base class: shared verification and the custom syntax.
# ---------------------------------------------------------------------------


class GaweeOperation(IRDLOperation):
    """Shared behaviour of gawee ops.

    Every operand and the result is a statically shaped tensor of one float element
    type. Subclasses list their keyword attributes in `KEYWORD_ATTRS` (name, kind) for
    the custom syntax and check their shape rule in `verify_shapes`.
    """

    KEYWORD_ATTRS: ClassVar[Keywords] = ()
    ATTR_DEFAULTS: ClassVar[dict[str, Attribute]] = {}

    def __init__(self, *, attributes: Mapping[str, Attribute | None] | None = None, **kwargs: Any):
        """Keeps the attributes sorted by name, so the generic form prints as MLIR's does."""
        super().__init__(attributes=dict(sorted((attributes or {}).items())), **kwargs)

    def verify_(self) -> None:
        types = [(f"operand #{i}", o.type) for i, o in enumerate(self.operands)]
        types += [("result", r.type) for r in self.results]
        element_type = None
        for what, typ in types:
            if not isinstance(typ, TensorType):
                raise VerifyException(f"{self.name}: {what} must be a tensor, got {typ}")
            if not typ.has_static_shape():
                raise VerifyException(
                    f"{self.name}: dynamic shapes are not supported ({what} has type {typ})"
                )
            if typ.element_type not in _FLOAT_TYPES:
                raise VerifyException(
                    f"{self.name}: element type must be f16, f32 or f64, {what} has {typ.element_type}"
                )
            if element_type is None:
                element_type = typ.element_type
            elif typ.element_type != element_type:
                raise VerifyException(
                    f"{self.name}: all tensors must have one element type, {what} has "
                    f"{typ.element_type} but operand #0 has {element_type}"
                )
        self.verify_shapes()

    def verify_shapes(self) -> None:
        """Checks the op's shape rule; element types are already checked."""

    def shape_of(self, value: SSAValue) -> tuple[int, ...]:
        return _shape(value)

    def expect_result_shape(self, expected: Sequence[int]) -> None:
        got = self.shape_of(self.results[0])
        if got != tuple(expected):
            raise VerifyException(
                f"{self.name}: result shape {list(got)} does not match the expected shape "
                f"{list(expected)}"
            )

    def expect_length(self, name: str, values: Sequence[int], *lengths: int) -> None:
        if len(values) not in lengths:
            allowed = " or ".join(str(n) for n in lengths)
            raise VerifyException(
                f"{self.name}: '{name}' must have {allowed} values, got {list(values)}"
            )

    def expect_positive(self, name: str, values: Sequence[int], minimum: int = 1) -> None:
        if any(v < minimum for v in values):
            raise VerifyException(
                f"{self.name}: '{name}' values must be >= {minimum}, got {list(values)}"
            )

    def expect_rank(self, what: str, value: SSAValue, *ranks: int, at_least: bool = False) -> None:
        rank = len(self.shape_of(value))
        ok = rank >= ranks[0] if at_least else rank in ranks
        if not ok:
            wanted = f">= {ranks[0]}" if at_least else " or ".join(str(r) for r in ranks)
            raise VerifyException(f"{self.name}: {what} must have rank {wanted}, got rank {rank}")

    def expect_nonempty_window_input(self, h: int, w: int) -> None:
        """Pooling needs at least one input element per window (PyTorch rejects empty input)."""
        if h < 1 or w < 1:
            raise VerifyException(f"{self.name}: input spatial size {h}x{w} must not be empty")

    def array(self, name: str) -> tuple[int, ...]:
        attr = self.attributes[name]
        assert isinstance(attr, DenseArrayBase)
        return tuple(int(v) for v in attr.get_values())

    # -- custom syntax -------------------------------------------------------

    @classmethod
    def parse(cls, parser: Parser) -> GaweeOperation:
        operands = parse_operand_list(parser)
        keywords, attributes = parse_keywords_and_attr_dict(parser, cls.KEYWORD_ATTRS)
        attributes |= keywords
        resolved, result_types = parse_functional_type(parser, operands)
        return cls.create(
            operands=resolved,
            result_types=result_types,
            attributes=dict(sorted(attributes.items())),
        )

    def print(self, printer: Printer) -> None:
        if self.operands:
            printer.print_string(" ")
            printer.print_list(self.operands, printer.print_operand)
        print_keywords(printer, self.attributes, self.KEYWORD_ATTRS, self.ATTR_DEFAULTS)
        keywords = {name for name, _ in self.KEYWORD_ATTRS}
        printer.print_op_attributes(self.attributes, reserved_attr_names=keywords)
        print_functional_type(printer, self.operands, self.results)


def _result_type(like: SSAValue, shape: Sequence[int]) -> TensorType:
    typ = like.type
    assert isinstance(typ, TensorType)
    return TensorType(typ.element_type, shape)


def _shape(value: SSAValue) -> tuple[int, ...]:
    typ = value.type
    assert isinstance(typ, TensorType)
    return tuple(typ.get_shape())


# ---------------------------------------------------------------------------
# Ops
# ---------------------------------------------------------------------------


@irdl_op_definition
class ConvOp(GaweeOperation):
    """2-D convolution, NCHW input, [F, C/groups, kH, kW] weight, optional [F] bias.

    Output size per spatial axis: floor((H + pt + pb - d*(k-1) - 1) / s) + 1.
    """

    name = "gawee.conv"

    input = operand_def(TensorType)
    weight = operand_def(TensorType)
    bias = opt_operand_def(TensorType)
    output = result_def(TensorType)

    strides = attr_def(I64Array)
    padding = attr_def(I64Array)
    dilation = attr_def(I64Array)
    groups = opt_attr_def(IntegerAttr[I64], default_value=IntegerAttr(1, i64))

    traits = traits_def(Pure())

    KEYWORD_ATTRS: ClassVar[Keywords] = (("strides", "array"), ("padding", "array"), ("dilation", "array"), ("groups", "int"))
    ATTR_DEFAULTS: ClassVar[dict[str, Attribute]] = {"groups": IntegerAttr(1, i64)}

    def __init__(
        self,
        input: SSAValue | Operation,
        weight: SSAValue | Operation,
        bias: SSAValue | Operation | None = None,
        *,
        strides: Sequence[int] = (1, 1),
        padding: Sequence[int] = (0, 0),
        dilation: Sequence[int] = (1, 1),
        groups: int = 1,
    ):
        input, weight = SSAValue.get(input), SSAValue.get(weight)
        n, _, h, w = _shape(input)
        f, _, kh, kw = _shape(weight)
        shape = (n, f, *spatial_output_size(h, w, padding, (kh, kw), strides, dilation))
        attributes: dict[str, Attribute] = {
            "strides": i64_array(strides),
            "padding": i64_array(padding),
            "dilation": i64_array(dilation),
        }
        if groups != 1:
            attributes["groups"] = IntegerAttr(groups, i64)
        super().__init__(
            operands=[input, weight, bias],
            result_types=[_result_type(input, shape)],
            attributes=attributes,
        )

    @property
    def group_count(self) -> int:
        return self.groups.value.data if self.groups is not None else 1

    def verify_shapes(self) -> None:
        self.expect_rank("input", self.input, 4)
        self.expect_rank("weight", self.weight, 4)
        strides, padding, dilation = self.array("strides"), self.array("padding"), self.array("dilation")
        self.expect_length("strides", strides, 2)
        self.expect_length("dilation", dilation, 2)
        self.expect_length("padding", padding, 2, 4)
        self.expect_positive("strides", strides)
        self.expect_positive("dilation", dilation)
        self.expect_positive("padding", padding, minimum=0)
        groups = self.group_count
        n, c, h, w = self.shape_of(self.input)
        f, cg, kh, kw = self.shape_of(self.weight)
        if groups < 1:
            raise VerifyException(f"{self.name}: 'groups' must be >= 1, got {groups}")
        if c % groups or f % groups:
            raise VerifyException(
                f"{self.name}: groups = {groups} must divide the input channels ({c}) "
                f"and the output channels ({f})"
            )
        if cg * groups != c:
            raise VerifyException(
                f"{self.name}: weight has {cg} input channels per group, but the input has "
                f"{c} channels in {groups} group(s) (expected {c // groups})"
            )
        if self.bias is not None:
            self.expect_rank("bias", self.bias, 1)
            if self.shape_of(self.bias) != (f,):
                raise VerifyException(
                    f"{self.name}: bias shape {list(self.shape_of(self.bias))} does not match "
                    f"the {f} output channels of the weight"
                )
        top, left, bottom, right = expand_padding(padding)
        oh, ow = spatial_output_size(h, w, padding, (kh, kw), strides, dilation)
        if oh < 1 or ow < 1:
            raise VerifyException(
                f"{self.name}: the dilated kernel {kh}x{kw} does not fit in the padded input "
                f"{h + top + bottom}x{w + left + right}"
            )
        self.expect_result_shape((n, f, oh, ow))


@irdl_op_definition
class ReluOp(GaweeOperation):
    """Element-wise max(x, 0); NaN propagates, as in PyTorch."""

    name = "gawee.relu"

    input = operand_def(TensorType)
    output = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(self, input: SSAValue | Operation):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[input.type])

    def verify_shapes(self) -> None:
        self.expect_result_shape(self.shape_of(self.input))


@irdl_op_definition
class AddOp(GaweeOperation):
    """Element-wise sum with numpy broadcasting."""

    name = "gawee.add"

    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    output = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        shape = broadcast_shape(_shape(lhs), _shape(rhs))
        if shape is None:
            raise ValueError(f"gawee.add: shapes {_shape(lhs)} and {_shape(rhs)} do not broadcast")
        super().__init__(operands=[lhs, rhs], result_types=[_result_type(lhs, shape)])

    def verify_shapes(self) -> None:
        lhs, rhs = self.shape_of(self.lhs), self.shape_of(self.rhs)
        shape = broadcast_shape(lhs, rhs)
        if shape is None:
            raise VerifyException(
                f"{self.name}: operand shapes {list(lhs)} and {list(rhs)} do not broadcast"
            )
        self.expect_result_shape(shape)


@irdl_op_definition
class BatchNormOp(GaweeOperation):
    """Inference batch normalization over channel dim 1.

    y = (x - runningMean) / sqrt(runningVar + eps) * weight + bias; with
    `affine = false` weight and bias are not applied.
    """

    name = "gawee.batch_norm"

    input = operand_def(TensorType)
    weight = operand_def(TensorType)
    bias = operand_def(TensorType)
    running_mean = operand_def(TensorType)
    running_var = operand_def(TensorType)
    output = result_def(TensorType)

    affine = attr_def(BoolAttr)
    eps = attr_def(FloatAttr[Float64Type])

    traits = traits_def(Pure())

    KEYWORD_ATTRS: ClassVar[Keywords] = (("affine", "bool"), ("eps", "float"))

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

    def verify_shapes(self) -> None:
        self.expect_rank("input", self.input, 2, at_least=True)
        channels = self.shape_of(self.input)[1]
        names = ("weight", "bias", "runningMean", "runningVar")
        for name, value in zip(names, self.operands[1:]):
            if self.shape_of(value) != (channels,):
                raise VerifyException(
                    f"{self.name}: {name} shape {list(self.shape_of(value))} does not match the "
                    f"{channels} channels of the input"
                )
        if not self.epsilon > 0 or math.isinf(self.epsilon):
            raise VerifyException(f"{self.name}: 'eps' must be a positive number, got {self.epsilon}")
        self.expect_result_shape(self.shape_of(self.input))


@irdl_op_definition
class MaxPoolOp(GaweeOperation):
    """2-D max pooling on NCHW; padding positions never win; PyTorch ceil-mode rule."""

    name = "gawee.max_pool"

    input = operand_def(TensorType)
    output = result_def(TensorType)

    kernel_size = attr_def(I64Array, attr_name="kernelSize")
    strides = attr_def(I64Array)
    padding = attr_def(I64Array)
    dilation = attr_def(I64Array)
    ceil_mode = attr_def(BoolAttr, attr_name="ceilMode")

    traits = traits_def(Pure())

    KEYWORD_ATTRS: ClassVar[Keywords] = (
        ("kernelSize", "array"),
        ("strides", "array"),
        ("padding", "array"),
        ("dilation", "array"),
        ("ceilMode", "bool"),
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        *,
        kernel_size: Sequence[int],
        strides: Sequence[int] | None = None,
        padding: Sequence[int] = (0, 0),
        dilation: Sequence[int] = (1, 1),
        ceil_mode: bool = False,
    ):
        input = SSAValue.get(input)
        strides = tuple(strides) if strides is not None else tuple(kernel_size)
        n, c, h, w = _shape(input)
        shape = (n, c, *spatial_output_size(h, w, padding, kernel_size, strides, dilation, ceil_mode))
        super().__init__(
            operands=[input],
            result_types=[_result_type(input, shape)],
            attributes={
                "kernelSize": i64_array(kernel_size),
                "strides": i64_array(strides),
                "padding": i64_array(padding),
                "dilation": i64_array(dilation),
                "ceilMode": BoolAttr.from_bool(ceil_mode),
            },
        )

    @property
    def is_ceil_mode(self) -> bool:
        return bool(self.ceil_mode.value.data)

    def verify_shapes(self) -> None:
        self.expect_rank("input", self.input, 4)
        kernel, strides = self.array("kernelSize"), self.array("strides")
        padding, dilation = self.array("padding"), self.array("dilation")
        for name, values in (("kernelSize", kernel), ("strides", strides), ("dilation", dilation)):
            self.expect_length(name, values, 2)
            self.expect_positive(name, values)
        self.expect_length("padding", padding, 2, 4)
        self.expect_positive("padding", padding, minimum=0)
        n, c, h, w = self.shape_of(self.input)
        self.expect_nonempty_window_input(h, w)
        top, left, bottom, right = expand_padding(padding)
        for axis, (begin, end) in enumerate(((top, bottom), (left, right))):
            if max(begin, end) * 2 > dilation[axis] * (kernel[axis] - 1) + 1:
                raise VerifyException(
                    f"{self.name}: padding {list(padding)} must be at most half the "
                    f"(dilated) kernel {list(kernel)}, or a window could see only padding"
                )
        oh, ow = spatial_output_size(h, w, padding, kernel, strides, dilation, self.is_ceil_mode)
        if oh < 1 or ow < 1:
            raise VerifyException(
                f"{self.name}: the dilated kernel {list(kernel)} does not fit in the padded input "
                f"{h + top + bottom}x{w + left + right}"
            )
        self.expect_result_shape((n, c, oh, ow))


@irdl_op_definition
class AdAvgPoolOp(GaweeOperation):
    """Adaptive average pooling on NCHW to `outputSize` = [oH, oW] (PyTorch windows)."""

    name = "gawee.ad_avg_pool"

    input = operand_def(TensorType)
    output = result_def(TensorType)

    output_size = attr_def(I64Array, attr_name="outputSize")

    traits = traits_def(Pure())

    KEYWORD_ATTRS: ClassVar[Keywords] = (("outputSize", "array"),)

    def __init__(self, input: SSAValue | Operation, output_size: Sequence[int]):
        input = SSAValue.get(input)
        n, c, _, _ = _shape(input)
        super().__init__(
            operands=[input],
            result_types=[_result_type(input, (n, c, *output_size))],
            attributes={"outputSize": i64_array(output_size)},
        )

    def verify_shapes(self) -> None:
        self.expect_rank("input", self.input, 4)
        size = self.array("outputSize")
        self.expect_length("outputSize", size, 2)
        self.expect_positive("outputSize", size)
        n, c, h, w = self.shape_of(self.input)
        self.expect_nonempty_window_input(h, w)
        self.expect_result_shape((n, c, *size))


@irdl_op_definition
class FlattenOp(GaweeOperation):
    """Collapses dims startDim..endDim (inclusive; negative values count from the end)."""

    name = "gawee.flatten"

    input = operand_def(TensorType)
    output = result_def(TensorType)

    start_dim = attr_def(IntegerAttr[I64], attr_name="startDim")
    end_dim = attr_def(IntegerAttr[I64], attr_name="endDim")

    traits = traits_def(Pure())

    KEYWORD_ATTRS: ClassVar[Keywords] = (("startDim", "int"), ("endDim", "int"))

    def __init__(self, input: SSAValue | Operation, start_dim: int = 1, end_dim: int = -1):
        input = SSAValue.get(input)
        shape = _shape(input)
        start, end = normalize_dim(start_dim, len(shape)), normalize_dim(end_dim, len(shape))
        result = (*shape[:start], math.prod(shape[start : end + 1]), *shape[end + 1 :])
        super().__init__(
            operands=[input],
            result_types=[_result_type(input, result)],
            attributes={"startDim": IntegerAttr(start_dim, i64), "endDim": IntegerAttr(end_dim, i64)},
        )

    def dims(self) -> tuple[int, int]:
        """(start, end), both normalized to [0, rank)."""
        rank = len(self.shape_of(self.input))
        return (
            normalize_dim(self.start_dim.value.data, rank),
            normalize_dim(self.end_dim.value.data, rank),
        )

    def verify_shapes(self) -> None:
        shape = self.shape_of(self.input)
        rank = len(shape)
        start, end = self.dims()
        if not (0 <= start < max(rank, 1) and 0 <= end < max(rank, 1)):
            raise VerifyException(
                f"{self.name}: startDim {self.start_dim.value.data} / endDim "
                f"{self.end_dim.value.data} out of range for rank {rank}"
            )
        if start > end:
            raise VerifyException(
                f"{self.name}: startDim ({start}) must not come after endDim ({end})"
            )
        self.expect_result_shape((*shape[:start], math.prod(shape[start : end + 1]), *shape[end + 1 :]))


@irdl_op_definition
class LinearOp(GaweeOperation):
    """y = x W^T + b; x is [..., in] (leading dims are batch), W is [out, in], b is [out]."""

    name = "gawee.linear"

    input = operand_def(TensorType)
    weight = operand_def(TensorType)
    bias = opt_operand_def(TensorType)
    output = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(
        self,
        input: SSAValue | Operation,
        weight: SSAValue | Operation,
        bias: SSAValue | Operation | None = None,
    ):
        input, weight = SSAValue.get(input), SSAValue.get(weight)
        shape = (*_shape(input)[:-1], _shape(weight)[0])
        super().__init__(operands=[input, weight, bias], result_types=[_result_type(input, shape)])

    def verify_shapes(self) -> None:
        self.expect_rank("input", self.input, 2, at_least=True)
        self.expect_rank("weight", self.weight, 2)
        shape = self.shape_of(self.input)
        out_features, in_features = self.shape_of(self.weight)
        if shape[-1] != in_features:
            raise VerifyException(
                f"{self.name}: input has {shape[-1]} features but weight "
                f"[{out_features}, {in_features}] expects {in_features}"
            )
        if self.bias is not None and self.shape_of(self.bias) != (out_features,):
            raise VerifyException(
                f"{self.name}: bias shape {list(self.shape_of(self.bias))} does not match the "
                f"{out_features} output features of the weight"
            )
        self.expect_result_shape((*shape[:-1], out_features))


Gawee = Dialect(
    "gawee",
    [ConvOp, ReluOp, AddOp, BatchNormOp, MaxPoolOp, AdAvgPoolOp, FlattenOp, LinearOp],
    [],
)
