"""IR-building helpers shared by the gawee-to-linalg patterns.

Every lowering collects its new ops in a `LoweringBuilder` and hands them to
`rewriter.replace` in one go. The builder knows the idioms the patterns share:
scalar constants of an element type, `tensor.empty` and empty + `linalg.fill`
destinations, `tensor.pad` with a constant, `linalg.generic` with a body built
from a Python callable, and the broadcast of a per-channel vector into an init.

The patterns assume the op they match verifies (they read its shapes and attributes
without checking them again), as MLIR's lowerings do: convert-gawee-to-linalg checks
every op before it rewrites any, types included (`nnstack.transforms.gawee_conversion`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Container, Sequence
from typing import Any, TypeVar

from xdsl.builder import ImplicitBuilder
from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    AnyFloat,
    ArrayAttr,
    DenseArrayBase,
    DenseIntElementsAttr,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerAttr,
    TensorType,
    i32,
    i64,
)
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import FillOp, GenericOp, YieldOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap

from nnstack.dialects.gawee import WindowGeometry
from nnstack.dialects.utils import element_type, tensor_shape
from nnstack.dialects.values import scalar_attribute

OpT = TypeVar("OpT", bound=Operation)


def float_constant(value: float, element_type: Attribute) -> arith.ConstantOp:
    """`arith.constant` of a float type; -inf prints as 0xfc00 (f16), 0xff800000 (f32), ...
    A value beyond the type's range is rounded to +-inf first, as the interpreters
    round an attribute (xDSL's FloatAttr would not pack it)."""
    assert isinstance(element_type, AnyFloat)
    return arith.ConstantOp(scalar_attribute(value, element_type))


def scalar_constant(value: float, element_type: Attribute) -> arith.ConstantOp:
    """`arith.constant` of any element type gawee carries (an i1 is 0 or 1)."""
    return arith.ConstantOp(scalar_attribute(value, element_type))


shape_of = tensor_shape
element_type_of = element_type


# ---------------------------------------------------------------------------
# Affine maps and iterator types
# ---------------------------------------------------------------------------


def dims_map(num_dims: int, results: Sequence[int | AffineExpr]) -> AffineMapAttr:
    """`(d0, ..., d{num_dims-1}) -> (results)`; an int result stands for that dim."""
    exprs = tuple(AffineExpr.dimension(r) if isinstance(r, int) else r for r in results)
    return AffineMapAttr(AffineMap(num_dims, 0, exprs))


def identity_map(rank: int) -> AffineMapAttr:
    return dims_map(rank, range(rank))


def broadcast_map(operand_shape: Sequence[int], result_shape: Sequence[int]) -> AffineMapAttr:
    """The indexing map of an operand broadcast (numpy rules) to `result_shape`.

    Dims are right-aligned: missing leading dims are dropped from the map, and an
    operand dim of size 1 facing a larger result dim is indexed by the constant 0.
    """
    rank = len(result_shape)
    offset = rank - len(operand_shape)
    results: list[int | AffineExpr] = []
    for i, size in enumerate(operand_shape):
        dim = offset + i
        results.append(AffineExpr.constant(0) if size == 1 != result_shape[dim] else dim)
    return dims_map(rank, results)


def unit_dims(source: Sequence[int], shape: Sequence[int]) -> list[int] | None:
    """Where `shape` is `source` with size-1 dims inserted: for each dim of `source`,
    the dim of `shape` it is; else None."""
    dims: list[int] = []
    for size in source:
        # the first dim left that has the size; those skipped must be 1s
        start = dims[-1] + 1 if dims else 0
        found = next((d for d in range(start, len(shape)) if shape[d] == size), None)
        if found is None or any(shape[d] != 1 for d in range(start, found)):
            return None
        dims.append(found)
    rest = dims[-1] + 1 if dims else 0
    return dims if all(size == 1 for size in shape[rest:]) else None


def unit_dims_source(value: SSAValue) -> tuple[SSAValue, list[int]] | None:
    """Where `value` is a `tensor.reshape` that only inserts size-1 dims into its source
    (a reduction's kept dims): the source and, for each of its dims, the dim of `value`
    it is (`unit_dims`). A consumer that broadcasts `value` can read the source through
    an indexing map instead, as MLIR folds such a reshape into a `linalg.generic`."""
    reshape = value.owner
    if not isinstance(reshape, tensor.ReshapeOp):
        return None
    dims = unit_dims(shape_of(reshape.source), shape_of(value))
    return None if dims is None else (reshape.source, dims)


def reassociation(groups: Sequence[Sequence[int]]) -> ArrayAttr[ArrayAttr[IntegerAttr]]:
    """The reassociation of `tensor.collapse_shape` / `tensor.expand_shape`: `[[0], [1, 2]]`."""
    return ArrayAttr(ArrayAttr(IntegerAttr(d, i64) for d in group) for group in groups)


def parallel(count: int) -> list[IteratorTypeAttr]:
    return [IteratorTypeAttr.parallel()] * count


def reduction(count: int) -> list[IteratorTypeAttr]:
    return [IteratorTypeAttr.reduction()] * count


def iterators(rank: int, reduced: Container[int]) -> list[IteratorTypeAttr]:
    """The iterator types of a rank-`rank` domain: reduction for the dims in `reduced`,
    parallel for the others."""
    return [
        IteratorTypeAttr.reduction() if d in reduced else IteratorTypeAttr.parallel() for d in range(rank)
    ]


def i64_pair(values: Sequence[int]) -> DenseIntElementsAttr:
    """Strides and dilations of linalg convolutions and poolings: `dense<..> : tensor<2xi64>`."""
    return DenseIntOrFPElementsAttr.from_list(TensorType(i64, [len(values)]), list(values))


# ---------------------------------------------------------------------------
# The builder
# ---------------------------------------------------------------------------


GenericBody = Callable[..., SSAValue]
"""Builds a linalg.generic body from its block arguments (inputs, then the output),
creating ops implicitly, and returns the value to yield."""


class LoweringBuilder:
    """Collects the ops of one lowering, in creation order."""

    def __init__(self) -> None:
        self.ops: list[Operation] = []

    def add(self, op: OpT) -> OpT:
        self.ops.append(op)
        return op

    def constant(self, value: float, element_type: Attribute) -> SSAValue:
        """A scalar float constant."""
        return self.add(float_constant(value, element_type)).result

    def dense_constant(
        self, element_type: Attribute, shape: Sequence[int], values: Sequence[int | float]
    ) -> SSAValue:
        """An `arith.constant dense<...>` tensor."""
        type: TensorType[Any] = TensorType(element_type, shape)
        attr = DenseIntOrFPElementsAttr.from_list(type, list(values))
        return self.add(arith.ConstantOp(attr)).result

    def empty(self, shape: Sequence[int], element_type: Attribute) -> SSAValue:
        # (`create`: what `tensor.EmptyOp([], type)` builds, without xDSL's checks of
        # its arguments, a tenth of the conversion for all the ops it builds)
        return self.add(tensor.EmptyOp.create(result_types=[TensorType(element_type, shape)])).tensor

    def filled(self, shape: Sequence[int], value: SSAValue) -> SSAValue:
        """`tensor.empty` + `linalg.fill` with the scalar `value`."""
        empty = self.empty(shape, value.type)
        # (`create`: what `FillOp([value], [empty])` builds, its hidden region a block
        # that yields the value, without xDSL's checks of its arguments)
        block = Block(arg_types=FillOp.body_arg_types((value, empty)))
        with ImplicitBuilder(block) as (scalar, _):
            YieldOp.create(operands=[scalar])
        op = FillOp.create(
            operands=[value, empty],
            result_types=[empty.type],
            properties={"operandSegmentSizes": DenseArrayBase.from_list(i32, [1, 1])},
            regions=[Region(block)],
        )
        return self.add(op).results[0]

    def pad(self, source: SSAValue, low: Sequence[int], high: Sequence[int], value: SSAValue) -> SSAValue:
        """`tensor.pad` of `source` by static amounts, filling with the scalar `value`."""
        shape = shape_of(source)
        padded = [size + lo + hi for size, lo, hi in zip(shape, low, high)]
        body = Block(arg_types=[IndexType()] * len(shape))
        body.add_op(tensor.YieldOp(value))
        result_type = TensorType(element_type_of(source), padded)
        return self.add(tensor.PadOp(source, [], [], Region(body), low, high, result_type)).result

    def collapse(self, source: SSAValue, groups: Sequence[Sequence[int]]) -> SSAValue:
        """`tensor.collapse_shape` merging each group of dims of `source` into one."""
        shape = shape_of(source)
        collapsed = [math.prod(shape[d] for d in group) for group in groups]
        op = tensor.CollapseShapeOp(
            operands=[source],
            result_types=[TensorType(element_type_of(source), collapsed)],
            properties={"reassociation": reassociation(groups)},
        )
        return self.add(op).result

    def expand(self, source: SSAValue, groups: Sequence[Sequence[int]], shape: Sequence[int]) -> SSAValue:
        """`tensor.expand_shape` of `source` to the static `shape`; dims of a group multiply
        to the source dim they split."""
        result_type = TensorType(element_type_of(source), shape)
        op = tensor.ExpandShapeOp(source, [], reassociation(groups), shape, result_type)
        return self.add(op).result

    def generic(
        self,
        inputs: Sequence[SSAValue],
        output: SSAValue,
        indexing_maps: Sequence[AffineMapAttr],
        iterator_types: Sequence[IteratorTypeAttr],
        body: GenericBody,
    ) -> SSAValue:
        """A one-output `linalg.generic` on tensors; `body(*block_args)` returns the yielded value."""
        operands = (*inputs, output)
        block = Block(arg_types=[_scalar_type(v) for v in operands])
        for arg, name in zip(block.args, ["in"] * len(inputs) + ["out"]):
            arg.name_hint = name
        with ImplicitBuilder(block) as args:
            YieldOp.create(operands=[SSAValue.get(body(*args))])
        # (`create`: what `GenericOp(inputs, [output], Region(block), indexing_maps,
        # iterator_types, [output.type])` builds, without xDSL's checks of its arguments)
        op = GenericOp.create(
            operands=[*inputs, output],
            result_types=[output.type],
            properties={
                "indexing_maps": ArrayAttr(indexing_maps),
                "iterator_types": ArrayAttr(iterator_types),
                "operandSegmentSizes": DenseArrayBase.from_list(i32, [len(inputs), 1]),
            },
            regions=[Region(block)],
        )
        return self.add(op).results[0]

    def elementwise(
        self, inputs: Sequence[SSAValue], shape: Sequence[int], element_type: Attribute, body: GenericBody
    ) -> SSAValue:
        """A `linalg.generic` into a new tensor of `shape` and `element_type`, every loop
        parallel, each input broadcast into it (`broadcast_map`: the identity for an input
        of that shape)."""
        rank = len(shape)
        maps = [broadcast_map(shape_of(v), shape) for v in inputs] + [identity_map(rank)]
        return self.generic(inputs, self.empty(shape, element_type), maps, parallel(rank), body)

    def broadcast_into(self, value: SSAValue, shape: Sequence[int], dims: Sequence[int]) -> SSAValue:
        """A new tensor of `shape` holding `value` broadcast along the other dims: the
        element at index (i0, i1, ...) is `value[i{dims[0]}, i{dims[1]}, ...]`.

        Conv and linear start their accumulation from the bias broadcast this way
        instead of adding it in a second pass over a second full-size tensor.
        """
        rank = len(shape)
        empty = self.empty(shape, element_type_of(value))
        return self.generic(
            [value],
            empty,
            [dims_map(rank, dims), identity_map(rank)],
            parallel(rank),
            lambda element, _out: element,
        )


def _scalar_type(value: SSAValue) -> Attribute:
    typ = value.type
    return typ.element_type if isinstance(typ, TensorType) else typ


UNIT_HEIGHT = [[0], [1], [2, 3]]
"""The reassociation between [N, C, W] and [N, C, 1, W]."""


def unit_height(b: LoweringBuilder, value: SSAValue) -> SSAValue:
    """[N, C, W] as [N, C, 1, W] (`tensor.expand_shape`): a 1-D window runs as the 2-D
    one over a unit first spatial dim (`WindowGeometry.planar`), the same taps."""
    n, c, w = shape_of(value)
    return b.expand(value, UNIT_HEIGHT, [n, c, 1, w])


def window_map(
    dims: int, window: WindowGeometry, batch: Sequence[int], first_out: int, first_tap: int
) -> AffineMapAttr:
    """The input map of a windowed `linalg.generic` over `dims` loops: the `batch` dims,
    then per spatial axis i `d(first_out + i) * stride + d(first_tap + i) * dilation`."""
    d = [AffineExpr.dimension(i) for i in range(dims)]
    spatial = [
        d[first_out + i] * s + (d[first_tap + i] * dl if dl != 1 else d[first_tap + i])
        for i, (s, dl) in enumerate(zip(window.strides, window.dilation))
    ]
    return dims_map(dims, [*batch, *spatial])
