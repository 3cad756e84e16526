"""What every gawee op shares: its op definition decorator, the type constraints, the
shape rules (shared by the verifiers, the builders, the interpreter and the lowerings)
and the helpers its verifier is written with."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Required, TypedDict, TypeVar

import numpy as np
from xdsl.dialects.builtin import BoolAttr, DenseArrayBase, TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    attr_def,
    operand_def,
    opt_operand_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.constraints import FloatElement, GaweeElement, I64Array, static_tensor
from nnstack.dialects.utils import (
    ATTR_DICT_AND_TYPES,
    element_type,
    expand_padding,
    i64_array,
    op_definition,
    spatial_output_size,
    tensor_like,
    tensor_shape,
    window_output_shape,
)
from nnstack.dialects.xdsl_compat import wrap_op_parse

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = [
    "BinaryOp",
    "FloatTensorOp",
    "GaweeOperation",
    "PoolWindow",
    "PoolWindowOp",
    "TensorOp",
    "WeightedOp",
    "WindowGeometry",
    "adaptive_windows",
    "expand_padding",
    "expect_pool_window",
    "expect_window_attributes",
    "fitted_padding",
    "flattened_shape",
    "gawee_op_definition",
    "normalize_dim",
    "spatial_output_size",
    "window_output_shape",
]


_OpT = TypeVar("_OpT", bound=IRDLOperation)


def gawee_op_definition(cls: type[_OpT]) -> type[_OpT]:
    """`op_definition` whose custom-syntax parser leaves the attributes sorted by name,
    as MLIR sorts an attribute dictionary, so the generic form prints as the original
    Gawee's whatever form the op was read from."""
    op = op_definition(cls)
    if op.assembly_format is None:
        return op

    def parse_sorted(parse: Callable[[Parser], _OpT], parser: Parser) -> _OpT:
        parsed = parse(parser)
        parsed.attributes = dict(sorted(parsed.attributes.items()))
        return parsed

    wrap_op_parse(op, parse_sorted)
    return op


# ---------------------------------------------------------------------------
# Shape rules
# ---------------------------------------------------------------------------


def fitted_padding(
    in_sizes: Sequence[int],
    out_sizes: Sequence[int],
    padding: Sequence[int],
    kernel: Sequence[int],
    strides: Sequence[int],
    dilation: Sequence[int],
) -> tuple[int, ...]:
    """`padding` as begins then ends (`expand_padding`), each end grown until the last
    of the `out_sizes` windows fits: ceil mode's extension past the end padding."""
    rank = len(in_sizes)
    pads = expand_padding(padding, rank)
    ends = [
        max(pads[rank + i], (o - 1) * s + d * (k - 1) + 1 - size - pads[i])
        for i, (size, o, s, d, k) in enumerate(zip(in_sizes, out_sizes, strides, dilation, kernel))
    ]
    return (*pads[:rank], *ends)


@dataclass(frozen=True)
class WindowGeometry:
    """A sliding window over the spatial dims of an [N, C, D1, ..., Dk] tensor: kernel,
    strides, dilation, padding (the k begins, then the k ends) and output sizes. The
    lowerings and the interpreter take it from the op (`ConvOp.window`,
    `PoolWindowOp.window`), and run a 1-D window as the 2-D one with a unit first
    spatial dim (`planar`): the same taps, so the same numbers."""

    kernel: tuple[int, ...]
    strides: tuple[int, ...]
    dilation: tuple[int, ...]
    padding: tuple[int, ...]
    out_size: tuple[int, ...]

    @property
    def rank(self) -> int:
        return len(self.kernel)

    def planar(self) -> WindowGeometry:
        """A 1-D window as the 2-D one over [N, C, 1, W] (kernel 1, stride 1, no
        padding along the unit dim); a 2-D one as it is."""
        if self.rank != 1:
            return self
        (begin, end), (out,) = self.padding, self.out_size
        return WindowGeometry(
            (1, *self.kernel), (1, *self.strides), (1, *self.dilation), (0, begin, 0, end), (1, out)
        )


def adaptive_windows(size: int, out: int) -> list[tuple[int, int]]:
    """PyTorch's adaptive pooling windows [start, end) along one axis."""
    return [((i * size) // out, -(-((i + 1) * size) // out)) for i in range(out)]


def normalize_dim(dim: int, rank: int) -> int:
    """A negative dim counts from the end; a rank-0 tensor has one dim, as in PyTorch."""
    return dim + max(rank, 1) if dim < 0 else dim


def flattened_shape(shape: Sequence[int], start: int, end: int) -> tuple[int, ...]:
    """`shape` with dims start..end (inclusive, normalized) collapsed into one."""
    return (*shape[:start], math.prod(shape[start : end + 1]), *shape[end + 1 :])


# ---------------------------------------------------------------------------
# Base class
# ---------------------------------------------------------------------------


class GaweeOperation(IRDLOperation):
    """A gawee op. The declaration checks operand and result types (element types,
    static shapes); `verify_` checks the op's shape rule and attribute ranges, with
    messages that start with the op name."""

    traits = traits_def(Pure())
    """Every gawee op is pure (IRDL merges a subclass's traits with these)."""

    ONNX_OPERATOR: ClassVar[str | None] = None
    """The ONNX operator (default domain) that becomes this op one to one: the same
    inputs, and its float attributes (`DEFAULTS`) by name. The ONNX front end derives
    the converter from it; None where ONNX has no such operator or it needs a converter
    of its own (`frontend/onnx/converters.py`)."""

    def decompose(self, b: Composer) -> SSAValue | Sequence[SSAValue] | None:
        """For a composite op, the gawee ops it stands for, built with `b` from this op's
        operands, and the values that replace its results; None (the default) for a
        primitive op. The one definition of a composite op's meaning: the
        gawee-decompose pass, both lowerings and the interpreter use it
        (`dialects/gawee/composite.py`)."""
        return None

    def operand_domain(self, index: int) -> Callable[[np.random.Generator], np.ndarray] | None:
        """Where values outside operand `index`'s domain are errors (max_roi_pool's
        boxes): how to draw random values in it, for random inputs that feed it from a
        function argument (`nnstack.interpreters.inputs`); None (the default): any values."""
        return None

    def __init__(self, *, attributes: Mapping[str, Attribute | None] | None = None, **kwargs: Any):
        """Keeps the attributes sorted by name, so the generic form prints as MLIR's does."""
        super().__init__(attributes=dict(sorted((attributes or {}).items())), **kwargs)

    def fail(self, message: str) -> VerifyException:
        return VerifyException(f"{self.name}: {message}")

    def array(self, name: str) -> tuple[int, ...]:
        """The values of the dense array attribute `name`."""
        attr = self.attributes[name]
        assert isinstance(attr, DenseArrayBase)
        return tuple(int(v) for v in attr.get_values())

    def expect_result_shape(self, expected: Sequence[int]) -> None:
        got = tensor_shape(self.results[0])
        if got != tuple(expected):
            raise self.fail(f"result shape {list(got)} does not match the expected shape {list(expected)}")

    def expect_length(self, name: str, values: Sequence[int], *lengths: int) -> None:
        if len(values) not in lengths:
            allowed = " or ".join(str(n) for n in lengths)
            raise self.fail(f"'{name}' must have {allowed} values, got {list(values)}")

    def expect_positive(self, name: str, values: Sequence[int], minimum: int = 1) -> None:
        if any(v < minimum for v in values):
            raise self.fail(f"'{name}' values must be >= {minimum}, got {list(values)}")

    def expect_rank(self, what: str, value: SSAValue, *ranks: int, at_least: bool = False) -> None:
        rank = len(tensor_shape(value))
        ok = rank >= ranks[0] if at_least else rank in ranks
        if not ok:
            wanted = f">= {ranks[0]}" if at_least else " or ".join(str(r) for r in ranks)
            raise self.fail(f"{what} must have rank {wanted}, got rank {rank}")

    def expect_nonempty_window_input(self, h: int, w: int) -> None:
        """Pooling needs at least one input element per window (PyTorch rejects empty input)."""
        if h < 1 or w < 1:
            raise self.fail(f"input spatial size {h}x{w} must not be empty")


def expect_window_attributes(op: GaweeOperation, spatial: int, **arrays: Sequence[int]) -> None:
    """Checks the window attributes of an op over `spatial` spatial dims (conv and the
    pools): one positive value per spatial dim for each of `arrays` but `padding`,
    which has `spatial` or 2 * `spatial` values >= 0."""
    for name, values in arrays.items():
        lengths = (spatial, 2 * spatial) if name == "padding" else (spatial,)
        if len(values) not in lengths:
            allowed = " or ".join(str(n) for n in lengths)
            per = "one or two" if name == "padding" else "one"
            raise op.fail(
                f"'{name}' must have {allowed} values ({per} per spatial dim of the rank-{spatial + 2} "
                f"input), got {list(values)}"
            )
        op.expect_positive(name, values, minimum=0 if name == "padding" else 1)


def expect_pool_window(
    op: GaweeOperation,
    input: SSAValue,
    kernel: Sequence[int],
    strides: Sequence[int],
    padding: Sequence[int],
    dilation: Sequence[int],
    ceil_mode: bool,
) -> tuple[int, ...]:
    """Checks a 1-, 2- or 3-D pooling window (max_pool, average_pool) against its
    [N, C, D1, ..., Dk] input: k positive kernel, stride and dilation values, k or 2k
    paddings >= 0, a non-empty input the window fits in. Returns the output sizes."""
    op.expect_rank("input", input, 3, 4, 5)
    _, _, *sizes = tensor_shape(input)
    expect_window_attributes(
        op, len(sizes), kernelSize=kernel, strides=strides, dilation=dilation, padding=padding
    )
    if 0 in sizes:
        raise op.fail(f"input spatial size {'x'.join(map(str, sizes))} must not be empty")
    out = window_output_shape(sizes, padding, kernel, strides, dilation, ceil_mode)
    if min(out) < 1:
        pads = expand_padding(padding, len(sizes))
        padded = [size + pads[i] + pads[len(sizes) + i] for i, size in enumerate(sizes)]
        raise op.fail(
            f"the dilated kernel {list(kernel)} does not fit in the padded input {'x'.join(map(str, padded))}"
        )
    return out


# ---------------------------------------------------------------------------
# Shared declarations
# ---------------------------------------------------------------------------


class TensorOp(GaweeOperation):
    """A pure op from one tensor to one of its element type (any): the declaration the
    layout and movement ops (reshape, transpose, slice, pad, resize, ...) share; each
    adds its attributes, syntax and shape rule."""

    E: ClassVar = VarConstraint("E", GaweeElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))


class FloatTensorOp(GaweeOperation):
    """A pure op from one float tensor to one of its element type: the declaration the
    pooling, softmax, reduction and lrn ops share."""

    E: ClassVar = VarConstraint("E", FloatElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))


class WeightedOp(GaweeOperation):
    """A pure float op with an input, a weight and an optional bias of one element type
    (conv, linear, layer_norm)."""

    E: ClassVar = VarConstraint("E", FloatElement)

    input = operand_def(static_tensor(E))
    weight = operand_def(static_tensor(E))
    bias = opt_operand_def(static_tensor(E))
    output = result_def(static_tensor(E))


class BinaryOp(GaweeOperation):
    """z = f(x, y) on two float tensors of one element type (or the result's is
    `RESULT_ELEMENT`), the result shape the operands' by `expected_shape`: the declaration,
    builder and shape check the broadcasting ops and matmul share. Subclasses with other
    operands (`where`) or element types redeclare them."""

    E: ClassVar = VarConstraint("E", FloatElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    assembly_format = f"$lhs `,` $rhs {ATTR_DICT_AND_TYPES}"

    RESULT_ELEMENT: ClassVar[Attribute | None] = None
    """The result's element type where it is not the operands' (comparisons: i1)."""

    MISFIT: ClassVar[str]
    """What the messages say of operand shapes `expected_shape` rejects ("do not broadcast")."""

    def __init__(self, *operands: SSAValue | Operation):
        values = [SSAValue.get(v) for v in operands]
        shape = self.expected_shape(values)
        if shape is None:
            shapes = " and ".join(str(tensor_shape(v)) for v in values)
            raise ValueError(f"{self.name}: shapes {shapes} {self.MISFIT}")
        element = self.RESULT_ELEMENT or element_type(values[-1])
        super().__init__(operands=values, result_types=[TensorType(element, shape)])

    @staticmethod
    def expected_shape(operands: Sequence[SSAValue]) -> tuple[int, ...] | None:
        """The result shape of `operands`, or None where their shapes do not fit."""
        raise NotImplementedError

    def verify_(self) -> None:
        shape = self.expected_shape(self.operands)
        if shape is None:
            shapes = " and ".join(str(list(tensor_shape(v))) for v in self.operands)
            raise self.fail(f"operand shapes {shapes} {self.MISFIT}")
        self.expect_result_shape(shape)


class PoolWindow(TypedDict, total=False):
    """The window arguments of `PoolWindowOp`'s builder, for a subclass's builder to pass on."""

    kernel_size: Required[Sequence[int]]
    strides: Sequence[int] | None
    padding: Sequence[int] | None
    dilation: Sequence[int] | None
    ceil_mode: bool


class PoolWindowOp(FloatTensorOp):
    """Pooling over the 1, 2 or 3 spatial dims of an [N, C, D1, ..., Dk] input
    (max_pool, average_pool): the window attributes (one value per spatial dim, k or 2k
    paddings), their builder and check, and ceil mode's fitted padding."""

    kernel_size = attr_def(I64Array, attr_name="kernelSize")
    strides = attr_def(I64Array)
    padding = attr_def(I64Array)
    ceil_mode = attr_def(BoolAttr, attr_name="ceilMode")

    DEFAULT_DILATION_LEFT_OUT: ClassVar[bool] = False
    """Whether the builder leaves a dilation of 1s out (its attribute is optional)."""

    def __init__(
        self,
        input: SSAValue | Operation,
        *,
        kernel_size: Sequence[int],
        strides: Sequence[int] | None = None,
        padding: Sequence[int] | None = None,
        dilation: Sequence[int] | None = None,
        ceil_mode: bool = False,
        attributes: Mapping[str, Attribute] | None = None,
    ):
        """`strides` defaults to the kernel size, `padding` to 0s and `dilation` to 1s, one
        per spatial dim; `attributes`: the op's besides the window."""
        input = SSAValue.get(input)
        n, c, *sizes = tensor_shape(input)
        strides = tuple(strides) if strides is not None else tuple(kernel_size)
        padding = tuple(padding) if padding is not None else (0,) * len(sizes)
        dilation = tuple(dilation) if dilation is not None else (1,) * len(sizes)
        shape = (n, c, *window_output_shape(sizes, padding, kernel_size, strides, dilation, ceil_mode))
        window = {
            "kernelSize": i64_array(kernel_size),
            "strides": i64_array(strides),
            "padding": i64_array(padding),
            "ceilMode": BoolAttr.from_bool(ceil_mode),
        }
        if not (self.DEFAULT_DILATION_LEFT_OUT and all(d == 1 for d in dilation)):
            window["dilation"] = i64_array(dilation)
        super().__init__(
            operands=[input],
            result_types=self.pooled_types(input, shape),
            attributes={**window, **(attributes or {})},
        )

    @classmethod
    def pooled_types(cls, input: SSAValue, shape: Sequence[int]) -> list[Attribute]:
        """The result types of a pool of `input` with the output `shape`: one of its element
        type (an op with more results says so)."""
        return [tensor_like(input, shape)]

    @property
    def is_ceil_mode(self) -> bool:
        return bool(self.ceil_mode.value.data)

    @property
    def spatial_rank(self) -> int:
        return len(tensor_shape(self.input)) - 2

    @property
    def dilation_values(self) -> tuple[int, ...]:
        """The window's dilation (an op whose dilation attribute is optional says its default)."""
        return self.array("dilation")

    def fitted_padding(self) -> tuple[int, ...]:
        """The begins, then the ends with ceil mode's extra end padding (`fitted_padding`),
        which no window counts: (top, left, bottom, right) in 2-D."""
        return fitted_padding(
            tensor_shape(self.input)[2:],
            tensor_shape(self.output)[2:],
            self.array("padding"),
            self.array("kernelSize"),
            self.array("strides"),
            self.dilation_values,
        )

    def expect_window(self) -> tuple[int, ...]:
        """Checks the window against the input (`expect_pool_window`); returns the output
        sizes ([oH, oW] in 2-D)."""
        return expect_pool_window(
            self,
            self.input,
            self.array("kernelSize"),
            self.array("strides"),
            self.array("padding"),
            self.dilation_values,
            self.is_ceil_mode,
        )

    def window(self) -> WindowGeometry:
        """The window, its padding fitted for ceil mode (`fitted_padding`)."""
        return WindowGeometry(
            self.array("kernelSize"),
            self.array("strides"),
            self.dilation_values,
            self.fitted_padding(),
            tensor_shape(self.output)[2:],
        )
