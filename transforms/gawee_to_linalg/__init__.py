"""The patterns of `convert-gawee-to-linalg`, one module per op family.

The pass itself lives in `nnstack.transforms.convert_gawee_to_linalg`; `lowering_patterns`
takes the patterns each family module exports.

- `builder`: IR-building helpers shared by the patterns (constants, empty + fill,
  tensor.pad, linalg.generic, affine maps, the lowering precondition).
- `conv`: gawee.conv. `pooling`: gawee.max_pool, gawee.ad_avg_pool, gawee.average_pool,
  gawee.global_average_pool.
- `elementwise`: every element-wise op with a scalar form (the unary, broadcasting
  binary, comparison, logical and variadic ops, gawee.where, and the composite ops made
  of them: relu, sigmoid, gelu, clip, batch_norm, ...), gawee.add to linalg.add.
- `linear`: gawee.linear, gawee.matmul, gawee.gemm. `reshape`: gawee.flatten,
  gawee.reshape, gawee.transpose, gawee.squeeze, gawee.unsqueeze. `normalization`:
  gawee.softmax, gawee.lrn, the gawee.reduce_* ops, gawee.arg_max, gawee.arg_min,
  gawee.cumsum, gawee.cumprod.
- Every other composite op (layer_norm, log_softmax, group_norm, ...) is lowered as
  its decomposition (`nnstack.transforms.gawee_decompose`), its ops by these patterns.
- `selection`: gawee.topk, gawee.scatter_nd, gawee.gather_nd. `resize`: gawee.resize.
- `logic`: the comparisons' scalar forms, gawee.cast. `movement`: gawee.gather,
  gawee.gather_elements, gawee.expand, gawee.cat, gawee.slice, gawee.split, gawee.tile,
  gawee.pad, gawee.trilu. `construction`: gawee.constant, gawee.range, gawee.shape.
"""

from xdsl.pattern_rewriter import RewritePattern

from nnstack.transforms.utils import family_patterns

from . import (
    construction,
    conv,
    elementwise,
    linear,
    logic,
    movement,
    normalization,
    pooling,
    reshape,
    resize,
    selection,
)
from .elementwise import AddLowering, ElementwiseLowering

__all__ = ["lowering_patterns"]

FAMILIES = (
    conv,
    pooling,
    linear,
    reshape,
    normalization,
    logic,
    movement,
    selection,
    resize,
    construction,
    elementwise,
)
"""The modules of the patterns; each exports its patterns in `__all__`."""


def lowering_patterns(elementwise_generic: bool = False) -> list[RewritePattern]:
    """The patterns of the conversion: those the family modules export, the element-wise
    `linalg.generic` last (its match is the costliest), and without the named `linalg.add`
    with `elementwise_generic` (newer upstream MLIR no longer has it). Each says which ops
    it lowers (`transforms.utils.claims`): there is no list of lowered ops beside them."""
    patterns = [
        pattern()
        for pattern in family_patterns(FAMILIES)
        if not (elementwise_generic and pattern is AddLowering)
    ]
    return sorted(patterns, key=lambda pattern: isinstance(pattern, ElementwiseLowering))
