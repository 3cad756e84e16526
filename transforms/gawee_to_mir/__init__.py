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

from nnstack.transforms.utils import family_patterns

from . import construction, elementwise, movement, nn, normalization, selection
from .base import GaweeToMirPattern, MirBuilder

__all__ = ["GaweeToMirPattern", "MirBuilder", "lowering_patterns"]

FAMILIES = (nn, elementwise, normalization, movement, selection, construction)
"""The modules of the patterns; each exports its patterns in `__all__`."""


def lowering_patterns() -> list[GaweeToMirPattern]:
    """The patterns of the conversion, one per gawee op or op family, and the weights':
    those the family modules export."""
    return [pattern() for pattern in family_patterns(FAMILIES)]
