"""Lowerings of `gawee.topk` (three `linalg.generic`s: a rank count, the indices by
rank, the values gathered with `tensor.extract`), `gawee.scatter_nd` (nested
`scf.for` loops over the updates, `tensor.insert_slice` into the carried result) and
`gawee.gather_nd` (a `linalg.generic` over the result reading indices and data with
`tensor.extract`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.builder import ImplicitBuilder
from xdsl.dialects import arith, scf, tensor
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerAttr, TensorType, i64
from xdsl.dialects.linalg.ops import IndexOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.gawee import GatherNDOp, ScatterNDOp, TopKOp
from nnstack.transforms.utils import op_pattern

from .builder import LoweringBuilder, dims_map, element_type_of, identity_map, parallel, reduction, shape_of
from .movement import _index, _wrapped_index
from .signedness import predicate, unsigned_variant

__all__ = ["TopKLowering", "ScatterNDLowering", "GatherNDLowering"]


def _i64(value: int) -> SSAValue:
    return arith.ConstantOp(IntegerAttr(value, i64)).result


def _true() -> SSAValue:
    return arith.ConstantOp(IntegerAttr(1, 1)).result


def _index_as_i64(dim: int) -> SSAValue:
    return arith.IndexCastOp(IndexOp(dim).result, i64).result


def _ranks_above(largest: bool, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
    """Whether `lhs` comes before `rhs` in topk's order: larger first (smaller first
    unless `largest`), NaN before (after) every number, as numpy's sort places it."""
    if not isinstance(lhs.type, AnyFloat):
        return arith.CmpiOp(lhs, rhs, predicate("sgt" if largest else "slt", lhs.type)).result
    high, low = (lhs, rhs) if largest else (rhs, lhs)
    # high > low, or high is NaN and low is not: ugt is true where either is NaN
    above = arith.CmpfOp(high, low, "ugt").result
    return arith.AndIOp(above, arith.CmpfOp(low, low, "ord").result).result


class TopKLowering(RewritePattern):
    """
    Lowers `gawee.topk` without sorting, by ranks. The rank of element i along the
    axis is the number of elements j that come before it: `j` ranks above `i`, or
    neither ranks above the other and j < i (ONNX's tie rule). Ranks are unique, so:

    1. a `linalg.generic` over input dims + j (a reduction over a second copy of the
       axis) counts, into a zero-filled i64 tensor, `arith.extui` of that predicate;
    2. a `linalg.generic` over the result dims + j sums `arith.select(rank[j] == p, j, 0)`:
       the index of the element of rank p (exactly one j matches);
    3. a `linalg.generic` over the result reads the values with `tensor.extract` at
       those indices (exact for every value, NaN and -0.0 included).

    Floats rank by `arith.cmpf ugt` and `ord`, so NaN counts as the largest value.
    O(n^2) compares per slice along the axis.
    """

    @op_pattern
    def match_and_rewrite(self, op: TopKOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        shape, result_shape = shape_of(op.input), shape_of(op.values)
        rank, axis = len(shape), op.normalized_axis
        other = [rank if d == axis else d for d in range(rank)]  # the axis replaced by j
        counting = [*parallel(rank), *reduction(1)]
        zero = b.add(arith.ConstantOp(IntegerAttr(0, i64))).result

        def count(x_i: SSAValue, x_j: SSAValue, acc: SSAValue) -> SSAValue:
            i, j = IndexOp(axis).result, IndexOp(rank).result
            earlier = arith.CmpiOp(j, i, "ult").result
            not_after = arith.XOrIOp(_ranks_above(op.is_largest, x_i, x_j), _true()).result
            before = arith.OrIOp(
                _ranks_above(op.is_largest, x_j, x_i), arith.AndIOp(earlier, not_after).result
            ).result
            return arith.AddiOp(acc, arith.ExtUIOp(before, i64).result).result

        ranks = b.generic(
            [op.input, op.input],
            b.filled(shape, zero),
            [dims_map(rank + 1, range(rank)), dims_map(rank + 1, other), dims_map(rank + 1, range(rank))],
            counting,
            count,
        )

        def pick(rank_j: SSAValue, acc: SSAValue) -> SSAValue:
            hit = arith.CmpiOp(rank_j, _index_as_i64(axis), "eq").result
            return arith.AddiOp(acc, arith.SelectOp(hit, _index_as_i64(rank), _i64(0)).result).result

        indices = b.generic(
            [ranks],
            b.filled(result_shape, zero),
            [dims_map(rank + 1, other), dims_map(rank + 1, range(rank))],
            counting,
            pick,
        )

        def gather(index: SSAValue, _out: SSAValue) -> SSAValue:
            position = [
                arith.IndexCastOp(index, IndexType()).result if d == axis else IndexOp(d).result
                for d in range(rank)
            ]
            return tensor.ExtractOp(op.input, position, element_type_of(op.input)).result

        values = b.elementwise([indices], result_shape, element_type_of(op.values), gather)
        rewriter.replace(op, b.ops, [values, indices])


SCATTER_COMBINE: dict[str, tuple[Callable[..., Operation], Callable[..., Operation]]] = {
    "add": (arith.AddfOp, arith.AddiOp),
    "mul": (arith.MulfOp, arith.MuliOp),
    "max": (arith.MaximumfOp, arith.MaxSIOp),
    "min": (arith.MinimumfOp, arith.MinSIOp),
}
"""The float and integer scalar op of each scatter_nd reduction (the integer one's
`unsigned_variant` on unsigned integers)."""


def _built(build: Callable[[], SSAValue]) -> tuple[list[Operation], SSAValue]:
    """The ops `build` creates implicitly (detached, in order) and the value it returns."""
    block = Block()
    with ImplicitBuilder(block):
        value = build()
    ops = list(block.ops)
    for created in ops:
        created.detach()
    return ops, value


class ScatterNDLowering(RewritePattern):
    """
    Lowers `gawee.scatter_nd` to one `scf.for` per dim of indices[:-1] (none for a
    single index), carrying the result tensor (the data at first). At each update,
    `tensor.extract` reads the index's entries (negative ones wrapped), then:

    - an index of full depth writes one element: `tensor.extract` of the update,
      combined with the current element by the reduction (`arith.addf` / `mulf` /
      `maximumf` / `minimumf`, or the `addi` / `muli` / `maxsi` / `minsi` of integers),
      written as a one-element slice (`tensor.from_elements`, `tensor.insert_slice`;
      IREE 3.12 miscompiles a `tensor.insert` into the loop-carried tensor);
    - a shorter index writes a slice: `tensor.extract_slice` of the update (rank-reduced),
      combined with the current slice by an element-wise `linalg.generic`,
      `tensor.insert_slice` at the index.

    Updates apply in order, so the last of equal indices wins (ONNX leaves that open).
    """

    @op_pattern
    def match_and_rewrite(self, op: ScatterNDOp, rewriter: PatternRewriter, /):
        batch = list(shape_of(op.indices)[:-1])
        ops, result = _built(lambda: _scatter_loops(op, batch, op.data, []))
        rewriter.replace(op, ops, [result])


def _scatter_loops(
    op: ScatterNDOp, batch: Sequence[int], acc: SSAValue, position: list[SSAValue]
) -> SSAValue:
    """A loop per remaining batch dim around `_scatter_one` (ops created implicitly)."""
    if len(position) == len(batch):
        return _scatter_one(op, acc, position)
    block = Block(arg_types=[IndexType(), acc.type])
    with ImplicitBuilder(block) as (iv, inner):
        scf.YieldOp(_scatter_loops(op, batch, inner, [*position, iv]))
    return scf.ForOp(_index(0), _index(batch[len(position)]), _index(1), [acc], block).results[0]


def _scatter_one(op: ScatterNDOp, acc: SSAValue, position: list[SSAValue]) -> SSAValue:
    """Update `position` of the updates applied to `acc` (ops created implicitly)."""
    data, element = shape_of(op.data), element_type_of(op.data)
    depth = op.index_depth
    target = [
        _wrapped_index(tensor.ExtractOp(op.indices, [*position, _index(c)], i64).result, data[c])
        for c in range(depth)
    ]
    combine = SCATTER_COMBINE.get(op.reduction_kind)
    scalar_op = None
    if combine is not None:
        scalar_op = combine[0] if isinstance(element, AnyFloat) else unsigned_variant(combine[1], element)
    if depth == len(data):
        update = tensor.ExtractOp(op.updates, position, element).result
        if scalar_op is not None:
            update = scalar_op(tensor.ExtractOp(acc, target, element).result, update).results[0]
        single = tensor.FromElementsOp(update, result_type=TensorType(element, [1])).result
        return tensor.InsertSliceOp.get(single, acc, [1] * depth, offsets=target).result
    rest = data[depth:]
    rest_type = TensorType(element, rest)
    zeros = [0] * len(rest)
    update = tensor.ExtractSliceOp(
        op.updates,
        [*position, *zeros],
        [1] * len(position) + list(rest),
        [1] * (len(position) + len(rest)),
        rest_type,
    ).result
    if scalar_op is not None:
        # inside the loop body the builder's ops are inserted as they are created
        current = tensor.ExtractSliceOp(
            acc, [*target, *zeros], [1] * depth + list(rest), [1] * len(data), rest_type
        )
        b = LoweringBuilder()
        update = b.elementwise(
            [current.result, update], rest, element, lambda old, new, _out: scalar_op(old, new).results[0]
        )
    return tensor.InsertSliceOp.get(update, acc, [1] * depth + list(rest), offsets=target).result


class GatherNDLowering(RewritePattern):
    """
    Lowers `gawee.gather_nd` to one `linalg.generic` over the result (no inputs: the
    result's dims are the batch dims, the indices' other dims and the data dims no index
    addresses) whose body reads each entry of the position's index with `tensor.extract`
    (at the batch and index dims, then the entry's number), wraps a negative one, and
    reads the data with `tensor.extract` at the batch dims, those entries and the
    remaining dims (`linalg.index`).
    """

    @op_pattern
    def match_and_rewrite(self, op: GatherNDOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        shape, data = shape_of(op.output), shape_of(op.data)
        batch, depth = op.batch_count, op.index_depth
        outer = len(shape_of(op.indices)) - 1  # the result dims that pick an index

        def body(_out: SSAValue) -> SSAValue:
            picked = [IndexOp(d).result for d in range(outer)]
            entries = [
                _wrapped_index(
                    tensor.ExtractOp(op.indices, [*picked, _index(c)], i64).result, data[batch + c]
                )
                for c in range(depth)
            ]
            rest = [IndexOp(d).result for d in range(outer, len(shape))]
            return tensor.ExtractOp(
                op.data, [*picked[:batch], *entries, *rest], element_type_of(op.data)
            ).result

        result = b.generic(
            [],
            b.empty(shape, element_type_of(op.output)),
            [identity_map(len(shape))],
            parallel(len(shape)),
            body,
        )
        rewriter.replace(op, b.ops, [result])
