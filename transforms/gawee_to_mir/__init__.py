"""The patterns of `convert-gawee-to-mir`, by op family, as upstream MLIR splits a
conversion (the pass itself lives in `nnstack.transforms.convert_gawee_to_mir`;
`lowering_patterns` takes the patterns each family module exports).

- `base`: the verified replacement every pattern uses and `MirBuilder`, which
  collects the chain of mir ops a gawee op decomposes into.
- `nn`: conv, max_pool, average_pool, ad_avg_pool, global_average_pool,
  linear, matmul, gemm, lrn.
- `elementwise`: the unary, binary, comparison, logical and variadic ops, where,
  clip, cast.
- `selection`: topk (by rank counting), scatter_nd (a mir.for over the updates),
  gather_nd (gathers of row numbers).
- `normalization`: the reductions, arg_max, arg_min, cumsum, cumprod (a mir.for along the axis).
- `construction`: split, tile, pad, trilu, constant, range, shape, and tensor
  `arith.constant`s (weights) to mir.constant.
- `movement`: flatten, reshape, squeeze, unsqueeze, transpose, cat, slice, gather,
  gather_elements, expand, resize.
"""

from xdsl.ir import Operation

from nnstack.dialects import gawee
from nnstack.transforms.utils import family_patterns

from . import construction, elementwise, movement, nn, normalization, selection
from .base import GaweeToMirPattern, MirBuilder

__all__ = ["UNSIGNED_OPS", "GaweeToMirPattern", "MirBuilder", "lowering_patterns"]

UNSIGNED_OPS: frozenset[type[Operation]] = frozenset(
    {
        # the unsigned mir ops: udiv, urem, umax, umin, ushr, cmp ult / ule / ugt /
        # uge, reduce umax / umin, an `unsigned` cast; abs is the identity
        gawee.DivOp,
        gawee.ModOp,
        gawee.MaxOp,
        gawee.MinOp,
        gawee.BitShiftOp,
        gawee.LessOp,
        gawee.LessEqualOp,
        gawee.GreaterOp,
        gawee.GreaterEqualOp,
        gawee.ReduceMaxOp,
        gawee.ReduceMinOp,
        gawee.ArgMaxOp,
        gawee.ArgMinOp,
        gawee.TopKOp,
        gawee.ScatterNDOp,
        gawee.CastOp,
        gawee.ResizeOp,
        gawee.AbsOp,
        # sign-agnostic on the signless type: wrapping arithmetic, bits, equality, data movement
        gawee.AddOp,
        gawee.SubOp,
        gawee.MulOp,
        gawee.NegOp,
        gawee.SumOp,
        gawee.ReduceSumOp,
        gawee.ReduceProdOp,
        gawee.CumSumOp,
        gawee.CumProdOp,
        gawee.BitwiseAndOp,
        gawee.BitwiseOrOp,
        gawee.BitwiseXorOp,
        gawee.BitwiseNotOp,
        gawee.EqualOp,
        gawee.WhereOp,
        gawee.ConstantOp,
        gawee.CatOp,
        gawee.ExpandOp,
        gawee.FlattenOp,
        gawee.GatherOp,
        gawee.GatherElementsOp,
        gawee.GatherNDOp,
        gawee.PadOp,
        gawee.ReshapeOp,
        gawee.ShapeOp,
        gawee.SliceOp,
        gawee.SplitOp,
        gawee.SqueezeOp,
        gawee.UnsqueezeOp,
        gawee.TileOp,
        gawee.TransposeOp,
        gawee.TriluOp,
        gawee.ReverseSequenceOp,
        gawee.Col2ImOp,
    }
)
"""The gawee ops whose lowering to mir is right on unsigned integers (ui8 ... ui64):
those whose meaning depends on signedness pick the unsigned mir ops by the gawee
types, the others compute the same bits either way. convert-gawee-to-mir fails at
any other op with an unsigned operand or result, rather than compute it as signed."""

FAMILIES = (nn, elementwise, normalization, movement, selection, construction)
"""The modules of the patterns; each exports its patterns in `__all__`."""


def lowering_patterns() -> list[GaweeToMirPattern]:
    """The patterns of the conversion, one per gawee op or op family, and the weights':
    those the family modules export."""
    return [pattern() for pattern in family_patterns(FAMILIES)]
