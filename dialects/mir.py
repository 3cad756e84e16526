"""The mir dialect: nnstack's mid-level IR of normalized tensor ops.

mir sits between gawee (framework-level NN ops) and llir (buffers, loads and stores).
Its ops follow the seed's normalization rules, and the verifiers enforce them:

- every tensor op has a single result whose static shape is explicit in its type and
  is checked against the op's shape rule (a conv carries all its parameters, a
  broadcast op carries its `broadcast_shape`);
- no implicit broadcasting: element-wise binary ops are the `broadcast_*` family;
- no fused ops: a biased conv is `mir.conv` + `mir.broadcast_add`, batch norm is a
  chain of element-wise ops;
- control flow is explicit: `mir.for`, `mir.parallel_for` and `mir.if`, whose
  regions end in `mir.yield` (loop-carried values are block arguments);
- memory is explicit where a program wants it: `mir.alloc_tensor` /
  `mir.dealloc_tensor`.

Tensors are ranked and statically shaped (only `mir.dynamic_reshape` may produce
and consume `?` dims, and `mir.dealloc_tensor` free them) with element type f16,
f32, f64, i1, i8, i32 or i64. Layouts are NHWC for `mir.conv` (weights
[KH, KW, C_in/groups, C_out]) and `mir.pool`; their padding is always four values
[top, left, bottom, right].

Adaptive average pooling has no op of its own: convert-gawee-to-mir expresses it
with mean reductions (reshape + reduce where the windows divide the input, slices +
reduce + concat where they overlap), so its windows are exact.

Custom syntax: operands, the kind of `mir.reduce` / `mir.pool` as a bare word,
then every property as `name = value`, then the function type, e.g.
`mir.reduce sum %x axes = [1] keep_dims = false : (tensor<2x3xf32>) -> tensor<2xf32>`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    I64,
    BoolAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerAttr,
    StringAttr,
    TensorType,
    f16,
    f32,
    f64,
    i1,
    i8,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsTerminator,
    MemoryAllocEffect,
    MemoryFreeEffect,
    NoMemoryEffect,
    Pure,
    RecursiveMemoryEffect,
)
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

FLOAT_TYPES: tuple[Attribute, ...] = (f16, f32, f64)
INTEGER_TYPES: tuple[Attribute, ...] = (i8, i32, i64)
"""Integer element types that take part in arithmetic (i1 is the boolean type)."""
NUMERIC_TYPES: tuple[Attribute, ...] = FLOAT_TYPES + INTEGER_TYPES
ELEMENT_TYPES: tuple[Attribute, ...] = NUMERIC_TYPES + (i1,)

REDUCTION_KINDS = ("sum", "mean", "max", "min", "prod", "any", "all")
POOL_KINDS = ("max", "sum", "avg")


def _type_names(types: Sequence[Attribute]) -> str:
    return ", ".join(str(t) for t in types)


# ---------------------------------------------------------------------------
# Shape rules, shared by the verifiers, the builders, the interpreter and the
# lowerings.
# ---------------------------------------------------------------------------


def slice_length(start: int, end: int, stride: int) -> int:
    """Number of positions start, start+stride, ... strictly before `end`."""
    if stride > 0:
        return max(0, -(-(end - start) // stride))
    return max(0, -(-(start - end) // -stride))


def reduced_shape(shape: Sequence[int], axes: Sequence[int], keep_dims: bool) -> tuple[int, ...]:
    if keep_dims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def gather_shape(input: Sequence[int], indices: Sequence[int], axis: int) -> tuple[int, ...]:
    """Shape of `gather(input, indices, axis)`: the axis replaced by the indices' shape."""
    return (*input[:axis], *indices, *input[axis + 1 :])


def matmul_shape(lhs: Sequence[int], rhs: Sequence[int]) -> tuple[int, ...] | None:
    """[..., M, K] x [..., K, N] -> [..., M, N] with broadcast batch dims, or None."""
    if len(lhs) < 2 or len(rhs) < 2 or lhs[-1] != rhs[-2]:
        return None
    batch = broadcast_shape(lhs[:-2], rhs[:-2])
    return None if batch is None else (*batch, lhs[-2], rhs[-1])


def tensor_shape(value: SSAValue) -> tuple[int, ...]:
    typ = value.type
    assert isinstance(typ, TensorType)
    return tuple(typ.get_shape())


def element_type(value: SSAValue) -> Attribute:
    typ = value.type
    assert isinstance(typ, TensorType)
    return typ.element_type


def _like(value: SSAValue, shape: Sequence[int]) -> TensorType:
    """A tensor type with `value`'s element type and `shape`."""
    return TensorType(element_type(value), shape)


# ---------------------------------------------------------------------------
# Base class: shared verification and custom syntax.
# ---------------------------------------------------------------------------


class MirOperation(IRDLOperation):
    """Shared behaviour of the mir tensor ops.

    Every tensor operand and result is checked to be statically shaped with a
    supported element type before the op's own rule (`verify_rule`) runs, so the
    rules can read shapes freely. Subclasses list their properties for the custom
    syntax in `KEYWORD_PROPS`; `KIND_PROP` names a string property printed as a
    bare word right after the op name.
    """

    KEYWORD_PROPS: ClassVar[Keywords] = ()
    KIND_PROP: ClassVar[str | None] = None
    DYNAMIC_SHAPES: ClassVar[bool] = False

    def fail(self, message: str) -> VerifyException:
        return VerifyException(f"{self.name}: {message}")

    def named_values(self) -> Iterator[tuple[str, SSAValue]]:
        """(name, value) of every operand and result, named as in the op definition."""
        definition = type(self).get_irdl_definition()
        for defs, values in ((definition.operands, self.operands), (definition.results, self.results)):
            for (name, _), group in zip(defs, self._grouped(values, len(defs))):
                for i, value in enumerate(group):
                    yield (f"{name} #{i}" if len(group) > 1 else name), value

    @staticmethod
    def _grouped(values: Sequence[SSAValue], groups: int) -> list[Sequence[SSAValue]]:
        """Splits values by definition; mir ops have at most one variadic group, last."""
        if groups == 0:
            return []
        return [values[i : i + 1] for i in range(groups - 1)] + [values[groups - 1 :]]

    def verify_(self) -> None:
        for what, value in self.named_values():
            typ = value.type
            if not isinstance(typ, TensorType):
                continue
            if typ.element_type not in ELEMENT_TYPES:
                raise self.fail(
                    f"{what} has unsupported element type {typ.element_type}, expected one of "
                    f"{_type_names(ELEMENT_TYPES)}"
                )
            if not self.DYNAMIC_SHAPES and not typ.has_static_shape():
                raise self.fail(f"{what} must have a static shape, got {typ}")
        self.verify_rule()

    def verify_rule(self) -> None:
        """Checks the op's own shape and type rule; tensors are already checked."""

    # -- helpers for the rules -----------------------------------------------

    def array(self, name: str) -> tuple[int, ...]:
        attr = self.properties[name]
        assert isinstance(attr, DenseArrayBase)
        return tuple(int(v) for v in attr.get_values())

    def integer(self, name: str) -> int:
        attr = self.properties[name]
        assert isinstance(attr, IntegerAttr)
        return attr.value.data

    def expect_rank(self, what: str, value: SSAValue, rank: int, at_least: bool = False) -> None:
        got = len(tensor_shape(value))
        if (got < rank) if at_least else (got != rank):
            wanted = f">= {rank}" if at_least else str(rank)
            raise self.fail(f"{what} must have rank {wanted}, got rank {got}")

    def expect_element_types(self, what: str, value: SSAValue, allowed: Sequence[Attribute]) -> None:
        if element_type(value) not in allowed:
            raise self.fail(
                f"{what} has element type {element_type(value)}, expected one of {_type_names(allowed)}"
            )

    def expect_same_element_type(self, *values: tuple[str, SSAValue]) -> None:
        (first_name, first), *rest = values
        for name, value in rest:
            if element_type(value) != element_type(first):
                raise self.fail(
                    f"{name} has element type {element_type(value)} but {first_name} has "
                    f"{element_type(first)}"
                )

    def expect_result_shape(self, expected: Sequence[int], why: str = "") -> None:
        got = tensor_shape(self.results[0])
        if got != tuple(expected):
            raise self.fail(
                f"result shape {list(got)} does not match the expected shape {list(expected)}{why}"
            )

    def expect_length(self, name: str, values: Sequence[int], length: int) -> None:
        if len(values) != length:
            raise self.fail(f"'{name}' must have {length} values, got {list(values)}")

    def expect_at_least(self, name: str, values: Sequence[int], minimum: int) -> None:
        if any(v < minimum for v in values):
            raise self.fail(f"'{name}' values must be >= {minimum}, got {list(values)}")

    def expect_axis(self, name: str, axis: int, rank: int) -> None:
        if not 0 <= axis < rank:
            raise self.fail(f"'{name}' = {axis} is out of range for rank {rank}")

    def expect_property_shape(self, name: str, value: SSAValue) -> None:
        """A shape property must repeat its value's type: the seed's explicit shapes."""
        if self.array(name) != tensor_shape(value):
            raise self.fail(f"'{name}' {list(self.array(name))} does not match the type {value.type}")

    # -- custom syntax -------------------------------------------------------

    @classmethod
    def parse(cls, parser: Parser) -> MirOperation:
        properties: dict[str, Attribute] = {}
        if cls.KIND_PROP is not None:
            kind = parser.parse_identifier(f" ({cls.KIND_PROP} of {cls.name})")
            properties[cls.KIND_PROP] = StringAttr(kind)
        operands = parse_operand_list(parser)
        keywords, attributes = parse_keywords_and_attr_dict(parser, cls.KEYWORD_PROPS)
        properties |= keywords
        resolved, result_types = parse_functional_type(parser, operands)
        return cls.create(
            operands=resolved,
            result_types=result_types,
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        if self.KIND_PROP is not None and isinstance(kind := self.properties.get(self.KIND_PROP), StringAttr):
            printer.print_string(f" {kind.data}")
        if self.operands:
            printer.print_string(" ")
            printer.print_list(self.operands, printer.print_operand)
        print_keywords(printer, self.properties, self.KEYWORD_PROPS)
        printer.print_op_attributes(self.attributes)
        print_functional_type(printer, self.operands, self.results)


# ---------------------------------------------------------------------------
# Element-wise ops
# ---------------------------------------------------------------------------


class BroadcastBinaryOp(MirOperation):
    """Element-wise binary op with explicit numpy broadcasting.

    `broadcast_shape` must be the numpy broadcast of the operand shapes and is the
    result shape; operands and result share one element type.
    """

    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    broadcast_shape = prop_def(I64Array)

    traits = traits_def(Pure())

    KEYWORD_PROPS: ClassVar[Keywords] = (("broadcast_shape", "array"),)
    ELEMENT_TYPES: ClassVar[tuple[Attribute, ...]] = NUMERIC_TYPES

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        shape = broadcast_shape(tensor_shape(lhs), tensor_shape(rhs))
        if shape is None:
            shapes = f"{tensor_shape(lhs)} and {tensor_shape(rhs)}"
            raise ValueError(f"{self.name}: shapes {shapes} do not broadcast")
        super().__init__(
            operands=[lhs, rhs],
            result_types=[_like(lhs, shape)],
            properties={"broadcast_shape": i64_array(shape)},
        )

    def verify_rule(self) -> None:
        self.expect_element_types("lhs", self.lhs, self.ELEMENT_TYPES)
        self.expect_same_element_type(("lhs", self.lhs), ("rhs", self.rhs), ("result", self.result))
        lhs, rhs = tensor_shape(self.lhs), tensor_shape(self.rhs)
        expected = broadcast_shape(lhs, rhs)
        if expected is None:
            raise self.fail(f"operand shapes {list(lhs)} and {list(rhs)} do not broadcast")
        declared = self.array("broadcast_shape")
        if declared != expected:
            raise self.fail(
                f"broadcast_shape {list(declared)} is not the broadcast {list(expected)} of the "
                f"operand shapes {list(lhs)} and {list(rhs)}"
            )
        self.expect_result_shape(declared, " (broadcast_shape)")


@irdl_op_definition
class BroadcastAddOp(BroadcastBinaryOp):
    """lhs + rhs (integers wrap)."""

    name = "mir.broadcast_add"


@irdl_op_definition
class BroadcastSubOp(BroadcastBinaryOp):
    """lhs - rhs (integers wrap)."""

    name = "mir.broadcast_sub"


@irdl_op_definition
class BroadcastMulOp(BroadcastBinaryOp):
    """lhs * rhs (integers wrap)."""

    name = "mir.broadcast_mul"


@irdl_op_definition
class BroadcastDivOp(BroadcastBinaryOp):
    """lhs / rhs: IEEE division on floats; on integers truncating division, where a
    zero divisor is a runtime error (so the op is not speculatable)."""

    name = "mir.broadcast_div"

    traits = traits_def(NoMemoryEffect())


@irdl_op_definition
class BroadcastMaxOp(BroadcastBinaryOp):
    """Element-wise maximum; NaN propagates (like arith.maximumf)."""

    name = "mir.broadcast_max"


@irdl_op_definition
class BroadcastMinOp(BroadcastBinaryOp):
    """Element-wise minimum; NaN propagates (like arith.minimumf)."""

    name = "mir.broadcast_min"


class UnaryElementwiseOp(MirOperation):
    """Element-wise unary op: the result has the operand's type."""

    input = operand_def(TensorType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    ELEMENT_TYPES: ClassVar[tuple[Attribute, ...]] = FLOAT_TYPES

    def __init__(self, input: SSAValue | Operation):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[input.type])

    def verify_rule(self) -> None:
        self.expect_element_types("input", self.input, self.ELEMENT_TYPES)
        if self.result.type != self.input.type:
            raise self.fail(f"result type {self.result.type} must equal the input type {self.input.type}")


@irdl_op_definition
class SqrtOp(UnaryElementwiseOp):
    """Element-wise square root (NaN for negative inputs)."""

    name = "mir.sqrt"


@irdl_op_definition
class ExpOp(UnaryElementwiseOp):
    """Element-wise e^x."""

    name = "mir.exp"


@irdl_op_definition
class NegOp(UnaryElementwiseOp):
    """Element-wise -x (integers wrap)."""

    name = "mir.neg"

    ELEMENT_TYPES: ClassVar[tuple[Attribute, ...]] = NUMERIC_TYPES


# ---------------------------------------------------------------------------
# Convolution, pooling, matmul
# ---------------------------------------------------------------------------


@irdl_op_definition
class ConvOp(MirOperation):
    """2-D convolution, NHWC input [N, H, W, C_in], weight [KH, KW, C_in/groups, C_out],
    output [N, OH, OW, C_out]; no bias (add it with mir.broadcast_add).

    Padding [top, left, bottom, right] is zeros; output channel f belongs to group
    f // (C_out / groups). OH = floor((H + top + bottom - dilation_h*(KH-1) - 1) /
    stride_h) + 1, likewise OW. Every parameter is explicit and checked against the
    operand and result types.
    """

    name = "mir.conv"

    input = operand_def(TensorType)
    weight = operand_def(TensorType)
    result = result_def(TensorType)

    input_shape = prop_def(I64Array)
    weight_shape = prop_def(I64Array)
    output_shape = prop_def(I64Array)
    kernel_size = prop_def(I64Array)
    stride = prop_def(I64Array)
    padding = prop_def(I64Array)
    dilation = prop_def(I64Array)
    groups = prop_def(IntegerAttr[I64])

    traits = traits_def(Pure())

    KEYWORD_PROPS: ClassVar[Keywords] = (
        ("input_shape", "array"),
        ("weight_shape", "array"),
        ("output_shape", "array"),
        ("kernel_size", "array"),
        ("stride", "array"),
        ("padding", "array"),
        ("dilation", "array"),
        ("groups", "int"),
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        weight: SSAValue | Operation,
        *,
        stride: Sequence[int] = (1, 1),
        padding: Sequence[int] = (0, 0, 0, 0),
        dilation: Sequence[int] = (1, 1),
        groups: int = 1,
    ):
        input, weight = SSAValue.get(input), SSAValue.get(weight)
        n, h, w, _ = tensor_shape(input)
        kh, kw, _, f = tensor_shape(weight)
        top, left, bottom, right = padding
        output = (
            n,
            window_output_size(h, top, bottom, kh, stride[0], dilation[0]),
            window_output_size(w, left, right, kw, stride[1], dilation[1]),
            f,
        )
        super().__init__(
            operands=[input, weight],
            result_types=[_like(input, output)],
            properties={
                "input_shape": i64_array(tensor_shape(input)),
                "weight_shape": i64_array(tensor_shape(weight)),
                "output_shape": i64_array(output),
                "kernel_size": i64_array((kh, kw)),
                "stride": i64_array(stride),
                "padding": i64_array(padding),
                "dilation": i64_array(dilation),
                "groups": IntegerAttr(groups, i64),
            },
        )

    def verify_rule(self) -> None:
        self.expect_element_types("input", self.input, FLOAT_TYPES)
        self.expect_same_element_type(("input", self.input), ("weight", self.weight), ("result", self.result))
        for what, value in (("input", self.input), ("weight", self.weight), ("result", self.result)):
            self.expect_rank(what, value, 4)
        self.expect_property_shape("input_shape", self.input)
        self.expect_property_shape("weight_shape", self.weight)
        self.expect_property_shape("output_shape", self.result)
        kernel, stride, dilation = self.array("kernel_size"), self.array("stride"), self.array("dilation")
        padding, groups = self.array("padding"), self.integer("groups")
        for name, values in (("kernel_size", kernel), ("stride", stride), ("dilation", dilation)):
            self.expect_length(name, values, 2)
            self.expect_at_least(name, values, 1)
        self.expect_length("padding", padding, 4)
        self.expect_at_least("padding", padding, 0)
        n, h, w, c = tensor_shape(self.input)
        kh, kw, cg, f = tensor_shape(self.weight)
        if kernel != (kh, kw):
            raise self.fail(f"kernel_size {list(kernel)} does not match the weight's [KH, KW] = {[kh, kw]}")
        if groups < 1:
            raise self.fail(f"'groups' must be >= 1, got {groups}")
        if c % groups or f % groups:
            raise self.fail(
                f"groups = {groups} must divide the input channels ({c}) and the output channels ({f})"
            )
        if cg * groups != c:
            raise self.fail(
                f"weight has {cg} input channels per group, expected {c // groups} "
                f"({c} input channels in {groups} group(s))"
            )
        top, left, bottom, right = padding
        oh = window_output_size(h, top, bottom, kh, stride[0], dilation[0])
        ow = window_output_size(w, left, right, kw, stride[1], dilation[1])
        if oh < 1 or ow < 1:
            raise self.fail(
                f"the dilated kernel {kh}x{kw} (dilation {list(dilation)}) does not fit in the padded input"
            )
        self.expect_result_shape((n, oh, ow, f), " (from input, kernel, stride, padding and dilation)")


@irdl_op_definition
class PoolOp(MirOperation):
    """2-D window pooling on NHWC: kind `max`, `sum` or `avg`.

    Padded positions never count: they never win a max, add nothing to a sum, and
    `avg` divides by the number of real (non-padding) positions in each window
    (PyTorch's count_include_pad=False; count them in with `sum` and a division).
    PyTorch's ceil mode is expressed as extra end padding. Every window must cover
    at least one real position. Output size as for mir.conv.
    """

    name = "mir.pool"

    input = operand_def(TensorType)
    result = result_def(TensorType)

    kind = prop_def(StringAttr)
    input_shape = prop_def(I64Array)
    output_shape = prop_def(I64Array)
    kernel_size = prop_def(I64Array)
    stride = prop_def(I64Array)
    padding = prop_def(I64Array)
    dilation = prop_def(I64Array)

    traits = traits_def(Pure())

    KIND_PROP: ClassVar[str | None] = "kind"
    KEYWORD_PROPS: ClassVar[Keywords] = (
        ("input_shape", "array"),
        ("output_shape", "array"),
        ("kernel_size", "array"),
        ("stride", "array"),
        ("padding", "array"),
        ("dilation", "array"),
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        kind: str,
        *,
        kernel_size: Sequence[int],
        stride: Sequence[int] = (1, 1),
        padding: Sequence[int] = (0, 0, 0, 0),
        dilation: Sequence[int] = (1, 1),
    ):
        input = SSAValue.get(input)
        n, h, w, c = tensor_shape(input)
        top, left, bottom, right = padding
        output = (
            n,
            window_output_size(h, top, bottom, kernel_size[0], stride[0], dilation[0]),
            window_output_size(w, left, right, kernel_size[1], stride[1], dilation[1]),
            c,
        )
        super().__init__(
            operands=[input],
            result_types=[_like(input, output)],
            properties={
                "kind": StringAttr(kind),
                "input_shape": i64_array(tensor_shape(input)),
                "output_shape": i64_array(output),
                "kernel_size": i64_array(kernel_size),
                "stride": i64_array(stride),
                "padding": i64_array(padding),
                "dilation": i64_array(dilation),
            },
        )

    def verify_rule(self) -> None:
        if self.kind.data not in POOL_KINDS:
            raise self.fail(f"unknown pool kind '{self.kind.data}', expected one of {', '.join(POOL_KINDS)}")
        self.expect_element_types("input", self.input, FLOAT_TYPES)
        self.expect_same_element_type(("input", self.input), ("result", self.result))
        self.expect_rank("input", self.input, 4)
        self.expect_rank("result", self.result, 4)
        self.expect_property_shape("input_shape", self.input)
        self.expect_property_shape("output_shape", self.result)
        kernel, stride, dilation = self.array("kernel_size"), self.array("stride"), self.array("dilation")
        padding = self.array("padding")
        for name, values in (("kernel_size", kernel), ("stride", stride), ("dilation", dilation)):
            self.expect_length(name, values, 2)
            self.expect_at_least(name, values, 1)
        self.expect_length("padding", padding, 4)
        self.expect_at_least("padding", padding, 0)
        n, h, w, c = tensor_shape(self.input)
        top, left, bottom, right = padding
        out = (
            window_output_size(h, top, bottom, kernel[0], stride[0], dilation[0]),
            window_output_size(w, left, right, kernel[1], stride[1], dilation[1]),
        )
        if min(out) < 1:
            raise self.fail(
                f"the dilated kernel {list(kernel)} (dilation {list(dilation)}) does not fit in the "
                "padded input"
            )
        self.expect_result_shape((n, *out, c), " (from input, kernel, stride, padding and dilation)")
        for axis, (size, begin) in enumerate(((h, top), (w, left))):
            for o in range(out[axis]):
                first = o * stride[axis] - begin
                taps = (first + dilation[axis] * j for j in range(kernel[axis]))
                if not any(0 <= t < size for t in taps):
                    raise self.fail(
                        f"window {o} along {'HW'[axis]} covers only padding (padding {list(padding)})"
                    )


@irdl_op_definition
class MatmulOp(MirOperation):
    """Matrix product [..., M, K] x [..., K, N] -> [..., M, N]; batch dims broadcast."""

    name = "mir.matmul"

    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        shape = matmul_shape(tensor_shape(lhs), tensor_shape(rhs))
        if shape is None:
            shapes = f"{tensor_shape(lhs)} and {tensor_shape(rhs)}"
            raise ValueError(f"mir.matmul: shapes {shapes} do not multiply")
        super().__init__(operands=[lhs, rhs], result_types=[_like(lhs, shape)])

    def verify_rule(self) -> None:
        self.expect_element_types("lhs", self.lhs, NUMERIC_TYPES)
        self.expect_same_element_type(("lhs", self.lhs), ("rhs", self.rhs), ("result", self.result))
        self.expect_rank("lhs", self.lhs, 2, at_least=True)
        self.expect_rank("rhs", self.rhs, 2, at_least=True)
        lhs, rhs = tensor_shape(self.lhs), tensor_shape(self.rhs)
        shape = matmul_shape(lhs, rhs)
        if shape is None:
            raise self.fail(
                f"operand shapes {list(lhs)} and {list(rhs)} do not multiply "
                "(inner dims differ or batch dims do not broadcast)"
            )
        self.expect_result_shape(shape)


# ---------------------------------------------------------------------------
# Reductions
# ---------------------------------------------------------------------------


@irdl_op_definition
class ReduceOp(MirOperation):
    """Reduces `axes` (non-empty, unique, in [0, rank)) with kind sum, mean, max,
    min, prod (numeric; mean on floats only) or any, all (i1 to i1). With
    `keep_dims` the reduced dims stay as size 1."""

    name = "mir.reduce"

    input = operand_def(TensorType)
    result = result_def(TensorType)

    kind = prop_def(StringAttr)
    axes = prop_def(I64Array)
    keep_dims = prop_def(BoolAttr)

    traits = traits_def(Pure())

    KIND_PROP: ClassVar[str | None] = "kind"
    KEYWORD_PROPS: ClassVar[Keywords] = (("axes", "array"), ("keep_dims", "bool"))

    def __init__(self, input: SSAValue | Operation, kind: str, axes: Sequence[int], keep_dims: bool = False):
        input = SSAValue.get(input)
        super().__init__(
            operands=[input],
            result_types=[_like(input, reduced_shape(tensor_shape(input), axes, keep_dims))],
            properties={
                "kind": StringAttr(kind),
                "axes": i64_array(axes),
                "keep_dims": BoolAttr.from_bool(keep_dims),
            },
        )

    @property
    def keeps_dims(self) -> bool:
        return bool(self.keep_dims.value.data)

    def verify_rule(self) -> None:
        kind = self.kind.data
        if kind not in REDUCTION_KINDS:
            raise self.fail(f"unknown reduction kind '{kind}', expected one of {', '.join(REDUCTION_KINDS)}")
        if kind in ("any", "all"):
            self.expect_element_types("input", self.input, (i1,))
        elif kind == "mean":
            self.expect_element_types("input", self.input, FLOAT_TYPES)
        else:
            self.expect_element_types("input", self.input, NUMERIC_TYPES)
        self.expect_same_element_type(("input", self.input), ("result", self.result))
        shape, axes = tensor_shape(self.input), self.array("axes")
        if not axes:
            raise self.fail("'axes' must not be empty")
        for axis in axes:
            self.expect_axis("axes", axis, len(shape))
        if len(set(axes)) != len(axes):
            raise self.fail(f"'axes' {list(axes)} must be unique")
        if kind in ("mean", "max", "min") and any(shape[a] == 0 for a in axes):
            raise self.fail(f"cannot take the {kind} of an empty axis (input shape {list(shape)})")
        self.expect_result_shape(reduced_shape(shape, axes, self.keeps_dims))


# ---------------------------------------------------------------------------
# Index and slice ops
# ---------------------------------------------------------------------------


@irdl_op_definition
class SliceOp(MirOperation):
    """Strided slice with one (start, end, stride) per dim; `end` is exclusive.

    Bounds are normalized (no wrap-around): for stride > 0, 0 <= start <= end <= size;
    for stride < 0, -1 <= end <= start <= size - 1 (end = -1 runs through index 0).
    Result dim = ceil(|end - start| / |stride|).
    """

    name = "mir.slice"

    input = operand_def(TensorType)
    result = result_def(TensorType)

    starts = prop_def(I64Array)
    ends = prop_def(I64Array)
    strides = prop_def(I64Array)

    traits = traits_def(Pure())

    KEYWORD_PROPS: ClassVar[Keywords] = (
        ("starts", "array"),
        ("ends", "array"),
        ("strides", "array"),
    )

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
            result_types=[_like(input, shape)],
            properties={"starts": i64_array(starts), "ends": i64_array(ends), "strides": i64_array(strides)},
        )

    def verify_rule(self) -> None:
        self.expect_same_element_type(("input", self.input), ("result", self.result))
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


@irdl_op_definition
class GatherOp(MirOperation):
    """Takes the slices at `indices` along `axis` (ONNX Gather / numpy.take).

    Result shape = input[:axis] + indices.shape + input[axis+1:]. Indices are
    integers in [-size, size) (negative ones count from the end); others are a
    runtime error.
    """

    name = "mir.gather"

    input = operand_def(TensorType)
    indices = operand_def(TensorType)
    result = result_def(TensorType)

    axis = prop_def(IntegerAttr[I64])

    traits = traits_def(NoMemoryEffect())

    KEYWORD_PROPS: ClassVar[Keywords] = (("axis", "int"),)

    def __init__(self, input: SSAValue | Operation, indices: SSAValue | Operation, axis: int):
        input, indices = SSAValue.get(input), SSAValue.get(indices)
        shape = gather_shape(tensor_shape(input), tensor_shape(indices), axis)
        super().__init__(
            operands=[input, indices],
            result_types=[_like(input, shape)],
            properties={"axis": IntegerAttr(axis, i64)},
        )

    def verify_rule(self) -> None:
        self.expect_element_types("indices", self.indices, INTEGER_TYPES)
        self.expect_same_element_type(("input", self.input), ("result", self.result))
        shape, axis = tensor_shape(self.input), self.integer("axis")
        self.expect_axis("axis", axis, len(shape))
        self.expect_result_shape(gather_shape(shape, tensor_shape(self.indices), axis))


@irdl_op_definition
class ScatterOp(MirOperation):
    """The inverse of mir.gather: a copy of `input` with the slices at `indices` along
    `axis` replaced by `updates` (shape input[:axis] + indices.shape +
    input[axis+1:]). Indices as for mir.gather; a repeated index is a runtime error.
    """

    name = "mir.scatter"

    input = operand_def(TensorType)
    updates = operand_def(TensorType)
    indices = operand_def(TensorType)
    result = result_def(TensorType)

    axis = prop_def(IntegerAttr[I64])

    traits = traits_def(NoMemoryEffect())

    KEYWORD_PROPS: ClassVar[Keywords] = (("axis", "int"),)

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

    def verify_rule(self) -> None:
        self.expect_element_types("indices", self.indices, INTEGER_TYPES)
        self.expect_same_element_type(
            ("input", self.input), ("updates", self.updates), ("result", self.result)
        )
        shape, axis = tensor_shape(self.input), self.integer("axis")
        self.expect_axis("axis", axis, len(shape))
        expected = gather_shape(shape, tensor_shape(self.indices), axis)
        if tensor_shape(self.updates) != expected:
            raise self.fail(
                f"updates shape {list(tensor_shape(self.updates))} does not match the expected shape "
                f"{list(expected)} (input[:axis] + indices + input[axis+1:])"
            )
        self.expect_result_shape(shape)


# ---------------------------------------------------------------------------
# Type and shape ops
# ---------------------------------------------------------------------------


@irdl_op_definition
class CastOp(MirOperation):
    """Converts the element type; the target is the result's element type.

    float -> int truncates toward zero and saturates (NaN -> 0); int -> int wraps
    or sign-extends; anything -> i1 is `x != 0`; i1 -> anything is 0 or 1.
    """

    name = "mir.cast"

    input = operand_def(TensorType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(self, input: SSAValue | Operation, target: Attribute):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[TensorType(target, tensor_shape(input))])

    def verify_rule(self) -> None:
        if tensor_shape(self.result) != tensor_shape(self.input):
            raise self.fail(
                f"result shape {list(tensor_shape(self.result))} must equal the input shape "
                f"{list(tensor_shape(self.input))}"
            )


@irdl_op_definition
class ReshapeOp(MirOperation):
    """Reinterprets the row-major elements with the static result shape."""

    name = "mir.reshape"

    input = operand_def(TensorType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(self, input: SSAValue | Operation, shape: Sequence[int]):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[_like(input, shape)])

    def verify_rule(self) -> None:
        self.expect_same_element_type(("input", self.input), ("result", self.result))
        count, result = math.prod(tensor_shape(self.input)), math.prod(tensor_shape(self.result))
        if count != result:
            raise self.fail(
                f"the input has {count} elements but the result type {self.result.type} has {result}"
            )


@irdl_op_definition
class DynamicReshapeOp(MirOperation):
    """Reshape to a shape computed at run time: `shape` is a 1-D i32/i64 tensor
    with one entry per result dim. Static result dims are checked at run time
    against it; `?` dims take its values. The element count must be preserved."""

    name = "mir.dynamic_reshape"

    input = operand_def(TensorType)
    shape = operand_def(TensorType)
    result = result_def(TensorType)

    traits = traits_def(NoMemoryEffect())

    DYNAMIC_SHAPES: ClassVar[bool] = True

    def __init__(self, input: SSAValue | Operation, shape: SSAValue | Operation, result_type: TensorType):
        super().__init__(operands=[input, shape], result_types=[result_type])

    def verify_rule(self) -> None:
        self.expect_same_element_type(("input", self.input), ("result", self.result))
        self.expect_element_types("shape", self.shape, (i32, i64))
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


@irdl_op_definition
class TransposeOp(MirOperation):
    """Permutes dims: result dim i is input dim permutation[i] (the explicit layout change)."""

    name = "mir.transpose"

    input = operand_def(TensorType)
    result = result_def(TensorType)

    permutation = prop_def(I64Array)

    traits = traits_def(Pure())

    KEYWORD_PROPS: ClassVar[Keywords] = (("permutation", "array"),)

    def __init__(self, input: SSAValue | Operation, permutation: Sequence[int]):
        input = SSAValue.get(input)
        shape = tensor_shape(input)
        super().__init__(
            operands=[input],
            result_types=[_like(input, [shape[p] for p in permutation])],
            properties={"permutation": i64_array(permutation)},
        )

    def verify_rule(self) -> None:
        self.expect_same_element_type(("input", self.input), ("result", self.result))
        shape, permutation = tensor_shape(self.input), self.array("permutation")
        if sorted(permutation) != list(range(len(shape))):
            raise self.fail(
                f"permutation {list(permutation)} is not a permutation of the {len(shape)} input dims"
            )
        self.expect_result_shape([shape[p] for p in permutation])


@irdl_op_definition
class ConcatOp(MirOperation):
    """Joins tensors along `axis`; all other dims must agree."""

    name = "mir.concat"

    inputs = var_operand_def(TensorType)
    result = result_def(TensorType)

    axis = prop_def(IntegerAttr[I64])

    traits = traits_def(Pure())

    KEYWORD_PROPS: ClassVar[Keywords] = (("axis", "int"),)

    def __init__(self, inputs: Sequence[SSAValue | Operation], axis: int):
        values = [SSAValue.get(v) for v in inputs]
        shape = list(tensor_shape(values[0]))
        shape[axis] = sum(tensor_shape(v)[axis] for v in values)
        super().__init__(
            operands=[values],
            result_types=[_like(values[0], shape)],
            properties={"axis": IntegerAttr(axis, i64)},
        )

    def verify_rule(self) -> None:
        if not self.inputs:
            raise self.fail("needs at least one input")
        self.expect_same_element_type(
            *((f"input #{i}", v) for i, v in enumerate(self.inputs)), ("result", self.result)
        )
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


# ---------------------------------------------------------------------------
# Constants and memory
# ---------------------------------------------------------------------------


@irdl_op_definition
class ConstantOp(MirOperation):
    """A tensor constant: `mir.constant dense<0.0> : tensor<f32>`."""

    name = "mir.constant"

    result = result_def(TensorType)
    value = prop_def(DenseIntOrFPElementsAttr)

    traits = traits_def(Pure())

    def __init__(self, value: DenseIntOrFPElementsAttr):
        super().__init__(result_types=[value.type], properties={"value": value})

    @staticmethod
    def from_list(type: TensorType, values: Sequence[int] | Sequence[float]) -> ConstantOp:
        return ConstantOp(DenseIntOrFPElementsAttr.from_list(type, values))

    def verify_rule(self) -> None:
        if self.value.type != self.result.type:
            raise self.fail(f"value type {self.value.type} does not match the result type {self.result.type}")

    @classmethod
    def parse(cls, parser: Parser) -> ConstantOp:
        pos = parser.pos
        value = parser.parse_attribute()
        if not isinstance(value, DenseIntOrFPElementsAttr):
            parser.raise_error("mir.constant expects a dense elements attribute", pos, parser.pos)
        op = cls(value)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.value)
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class FromElementsOp(MirOperation):
    """A static tensor from scalar SSA values in row-major order; `index` scalars
    fill integer tensors. The bridge from loop induction variables to tensors
    (e.g. the indices of a mir.gather inside a loop)."""

    name = "mir.from_elements"

    elements = var_operand_def()
    result = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(self, elements: Sequence[SSAValue | Operation], result_type: TensorType):
        super().__init__(operands=[elements], result_types=[result_type])

    def verify_rule(self) -> None:
        count = math.prod(tensor_shape(self.result))
        if len(self.elements) != count:
            raise self.fail(
                f"got {len(self.elements)} scalars for the {count} elements of {self.result.type}"
            )
        elem = element_type(self.result)
        for i, value in enumerate(self.elements):
            if value.type != elem and not (isinstance(value.type, IndexType) and elem in INTEGER_TYPES):
                allowed = f"{elem} or index" if elem in INTEGER_TYPES else str(elem)
                raise self.fail(f"element #{i} has type {value.type}, expected {allowed}")


@irdl_op_definition
class AllocTensorOp(MirOperation):
    """Allocates a tensor of the result type, filled with zeros."""

    name = "mir.alloc_tensor"

    result = result_def(TensorType)

    traits = traits_def(MemoryAllocEffect())

    def __init__(self, type: TensorType):
        super().__init__(result_types=[type])

    @classmethod
    def parse(cls, parser: Parser) -> AllocTensorOp:
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        op = cls.create(result_types=[parser.parse_type()])
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)


@irdl_op_definition
class DeallocTensorOp(MirOperation):
    """Frees a tensor: using it afterwards, or freeing it again, is a runtime error."""

    name = "mir.dealloc_tensor"

    tensor = operand_def(TensorType)

    traits = traits_def(MemoryFreeEffect())

    DYNAMIC_SHAPES: ClassVar[bool] = True

    def __init__(self, tensor: SSAValue | Operation):
        super().__init__(operands=[tensor])

    @classmethod
    def parse(cls, parser: Parser) -> DeallocTensorOp:
        operand = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        op = cls.create(operands=[parser.resolve_operand(operand, parser.parse_type())])
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.tensor)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.tensor.type)


# ---------------------------------------------------------------------------
# Control flow
# ---------------------------------------------------------------------------


def _verify_yield(op: IRDLOperation, region: Region, what: str, types: Sequence[Attribute]) -> None:
    """The region's single block ends with a mir.yield of exactly `types`."""
    terminator = region.block.last_op
    if not isinstance(terminator, YieldOp):
        raise VerifyException(f"{op.name}: {what} must end with mir.yield")
    yielded = [v.type for v in terminator.values]
    if yielded != list(types):
        raise VerifyException(
            f"{op.name}: {what} yields ({_type_names(yielded)}) but the op has results ({_type_names(types)})"
        )


class LoopOp(IRDLOperation):
    """Shared structure of mir.for and mir.parallel_for.

    The body's block arguments are the index induction variable and the
    loop-carried values; it ends with mir.yield of the next loop-carried values,
    which are the results after the last iteration.
    """

    lower_bound = operand_def(IndexType)
    upper_bound = operand_def(IndexType)
    step = operand_def(IndexType)
    iter_args = var_operand_def()
    res = var_result_def()
    body = region_def("single_block")

    traits = traits_def(RecursiveMemoryEffect())

    def __init__(
        self,
        lower_bound: SSAValue | Operation,
        upper_bound: SSAValue | Operation,
        step: SSAValue | Operation,
        iter_args: Sequence[SSAValue | Operation],
        body: Region | Block,
        properties: dict[str, Attribute] | None = None,
    ):
        if isinstance(body, Block):
            body = Region(body)
        super().__init__(
            operands=[lower_bound, upper_bound, step, iter_args],
            result_types=[[SSAValue.get(a).type for a in iter_args]],
            regions=[body],
            properties=properties or {},
        )

    def verify_(self) -> None:
        carried = [v.type for v in self.iter_args]
        args = self.body.block.args
        if not args or not isinstance(args[0].type, IndexType):
            raise VerifyException(
                f"{self.name}: the body's first argument must be the index induction variable"
            )
        body_types = [a.type for a in args[1:]]
        if body_types != carried:
            raise VerifyException(
                f"{self.name}: body arguments after the induction variable ({_type_names(body_types)}) "
                f"must match the loop-carried values ({_type_names(carried)})"
            )
        if [r.type for r in self.results] != carried:
            raise VerifyException(
                f"{self.name}: result types ({_type_names([r.type for r in self.results])}) must match "
                f"the loop-carried values ({_type_names(carried)})"
            )
        _verify_yield(self, self.body, "the body", carried)

    def print_header(self, printer: Printer) -> None:
        indvar = self.body.block.args[0]
        printer.print_string(" ")
        printer.print_ssa_value(indvar)
        printer.print_string(" = ")
        printer.print_operand(self.lower_bound)
        printer.print_string(" to ")
        printer.print_operand(self.upper_bound)
        printer.print_string(" step ")
        printer.print_operand(self.step)

    def print_body(self, printer: Printer) -> None:
        if self.iter_args:
            printer.print_string(" iter_args(")

            def print_assignment(pair: tuple[SSAValue, SSAValue]) -> None:
                printer.print_ssa_value(pair[0])
                printer.print_string(" = ")
                printer.print_operand(pair[1])

            printer.print_list(zip(self.body.block.args[1:], self.iter_args), print_assignment)
            printer.print_string(") -> (")
            printer.print_list([v.type for v in self.iter_args], printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)
        printer.print_op_attributes(self.attributes)

    def print(self, printer: Printer) -> None:
        self.print_header(printer)
        self.print_body(printer)

    @classmethod
    def parse_loop(cls, parser: Parser, parse_properties: bool) -> LoopOp:
        indvar = parser.parse_argument(expect_type=False)
        parser.parse_punctuation("=")
        bounds = [parser.parse_unresolved_operand()]
        parser.parse_keyword("to")
        bounds.append(parser.parse_unresolved_operand())
        parser.parse_keyword("step")
        bounds.append(parser.parse_unresolved_operand())
        properties: dict[str, Attribute] = {}
        if parse_properties:
            parser.parse_keyword("num_threads")
            parser.parse_punctuation("=")
            properties["num_threads"] = IntegerAttr(parser.parse_integer(), i64)
        carried_args: list[Parser.UnresolvedArgument] = []
        carried_operands: list[UnresolvedOperand] = []
        carried_types: list[Attribute] = []
        pos = parser.pos
        if parser.parse_optional_keyword("iter_args") is not None:

            def parse_assignment() -> None:
                carried_args.append(parser.parse_argument(expect_type=False))
                parser.parse_punctuation("=")
                carried_operands.append(parser.parse_unresolved_operand())

            parser.parse_comma_separated_list(parser.Delimiter.PAREN, parse_assignment)
            parser.parse_punctuation("->")
            carried_types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
        if len(carried_types) != len(carried_operands):
            parser.raise_error(
                f"{cls.name}: {len(carried_operands)} loop-carried values but {len(carried_types)} types",
                pos,
                parser.pos,
            )
        iter_args = parser.resolve_operands(carried_operands, carried_types, pos)
        index = IndexType()
        lower, upper, step = (parser.resolve_operand(b, index) for b in bounds)
        body = parser.parse_region(
            (indvar.resolve(index), *(a.resolve(t) for a, t in zip(carried_args, carried_types)))
        )
        op = cls.create(
            operands=[lower, upper, step, *iter_args],
            result_types=carried_types,
            regions=[body],
            properties=properties,
        )
        op.attributes |= parser.parse_optional_attr_dict()
        return op


@irdl_op_definition
class ForOp(LoopOp):
    """Sequential loop: for iv = lower; iv < upper; iv += step (step must be > 0).

    `mir.for %i = %lb to %ub step %s iter_args(%acc = %init) -> (tensor<4xf32>) {...}`
    """

    name = "mir.for"

    @classmethod
    def parse(cls, parser: Parser) -> ForOp:
        op = cls.parse_loop(parser, parse_properties=False)
        assert isinstance(op, ForOp)
        return op


@irdl_op_definition
class ParallelForOp(LoopOp):
    """Loop whose iterations may run concurrently on `num_threads` threads.

    The iterations must not depend on each other except through loop-carried
    values updated at disjoint positions (e.g. mir.scatter of the iteration's own
    rows), so any execution order gives the same results; the interpreter runs
    them in order.
    """

    name = "mir.parallel_for"

    num_threads = prop_def(IntegerAttr[I64])

    def __init__(
        self,
        lower_bound: SSAValue | Operation,
        upper_bound: SSAValue | Operation,
        step: SSAValue | Operation,
        iter_args: Sequence[SSAValue | Operation],
        body: Region | Block,
        num_threads: int,
    ):
        super().__init__(
            lower_bound, upper_bound, step, iter_args, body, {"num_threads": IntegerAttr(num_threads, i64)}
        )

    def verify_(self) -> None:
        if self.num_threads.value.data < 1:
            threads = self.num_threads.value.data
            raise VerifyException(f"{self.name}: 'num_threads' must be >= 1, got {threads}")
        super().verify_()

    def print(self, printer: Printer) -> None:
        self.print_header(printer)
        printer.print_string(f" num_threads = {self.num_threads.value.data}")
        self.print_body(printer)

    @classmethod
    def parse(cls, parser: Parser) -> ParallelForOp:
        op = cls.parse_loop(parser, parse_properties=True)
        assert isinstance(op, ParallelForOp)
        return op


@irdl_op_definition
class IfOp(IRDLOperation):
    """Explicit two-way branch on an i1 (or rank-0 tensor<i1>) condition; both
    regions end with mir.yield of the results.

    `%r = mir.if %c -> (tensor<4xf32>) {...} else {...}`
    """

    name = "mir.if"

    condition = operand_def()
    res = var_result_def()
    then_region = region_def("single_block")
    else_region = region_def("single_block")

    traits = traits_def(RecursiveMemoryEffect())

    def __init__(
        self,
        condition: SSAValue | Operation,
        result_types: Sequence[Attribute],
        then_region: Region | Block,
        else_region: Region | Block,
    ):
        regions = [Region(r) if isinstance(r, Block) else r for r in (then_region, else_region)]
        super().__init__(operands=[condition], result_types=[result_types], regions=regions)

    def verify_(self) -> None:
        cond = self.condition.type
        if cond != i1 and cond != TensorType(i1, []):
            raise VerifyException(f"{self.name}: condition must be i1 or tensor<i1>, got {cond}")
        types = [r.type for r in self.results]
        for what, region in (("the then region", self.then_region), ("the else region", self.else_region)):
            if region.block.args:
                raise VerifyException(f"{self.name}: {what} must not have block arguments")
            _verify_yield(self, region, what, types)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.condition)
        if self.condition.type != i1:
            printer.print_string(" : ")
            printer.print_attribute(self.condition.type)
        if self.results:
            printer.print_string(" -> (")
            printer.print_list([r.type for r in self.results], printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" ")
        printer.print_region(self.then_region)
        printer.print_string(" else ")
        printer.print_region(self.else_region)
        printer.print_op_attributes(self.attributes)

    @classmethod
    def parse(cls, parser: Parser) -> IfOp:
        condition = parser.parse_unresolved_operand()
        cond_type: Attribute = i1
        if parser.parse_optional_punctuation(":") is not None:
            cond_type = parser.parse_type()
        resolved = parser.resolve_operand(condition, cond_type)
        result_types: list[Attribute] = []
        if parser.parse_optional_punctuation("->") is not None:
            result_types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
        then_region = parser.parse_region()
        parser.parse_keyword("else")
        else_region = parser.parse_region()
        op = cls(resolved, result_types, then_region, else_region)
        op.attributes |= parser.parse_optional_attr_dict()
        return op


@irdl_op_definition
class YieldOp(IRDLOperation):
    """Terminates the regions of mir.for, mir.parallel_for and mir.if with their
    next loop-carried values or results."""

    name = "mir.yield"

    values = var_operand_def()

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(ForOp, ParallelForOp, IfOp), Pure()))

    assembly_format = "attr-dict ($values^ `:` type($values))?"

    def __init__(self, *values: SSAValue | Operation):
        super().__init__(operands=[values])


MIR = Dialect(
    "mir",
    [
        BroadcastAddOp,
        BroadcastSubOp,
        BroadcastMulOp,
        BroadcastDivOp,
        BroadcastMaxOp,
        BroadcastMinOp,
        SqrtOp,
        ExpOp,
        NegOp,
        ConvOp,
        PoolOp,
        MatmulOp,
        ReduceOp,
        SliceOp,
        GatherOp,
        ScatterOp,
        CastOp,
        ReshapeOp,
        DynamicReshapeOp,
        TransposeOp,
        ConcatOp,
        ConstantOp,
        FromElementsOp,
        AllocTensorOp,
        DeallocTensorOp,
        ForOp,
        ParallelForOp,
        IfOp,
        YieldOp,
    ],
    [],
)
