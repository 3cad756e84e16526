"""The patterns of `convert-gawee-to-linalg`, one module per op family.

The pass itself lives in `nnstack.transforms.convert_gawee_to_linalg`; `lowering_patterns`
is the one list of its patterns.

- `builder`: IR-building helpers shared by the patterns (constants, empty + fill,
  tensor.pad, linalg.generic, affine maps, the lowering precondition).
- `conv`: gawee.conv. `pooling`: gawee.max_pool, gawee.ad_avg_pool, gawee.average_pool,
  gawee.global_average_pool.
- `elementwise`: every element-wise op with a scalar form (the unary, broadcasting
  binary, comparison, logical and variadic ops, gawee.where, and the composite ops made
  of them: relu, sigmoid, gelu, clip, ...), gawee.add to linalg.add, gawee.batch_norm.
- `linear`: gawee.linear, gawee.matmul, gawee.gemm. `reshape`: gawee.flatten, gawee.reshape,
  gawee.transpose, gawee.squeeze, gawee.unsqueeze. `normalization`: gawee.softmax, gawee.log_softmax,
  gawee.layer_norm, gawee.lrn, the gawee.reduce_* ops.
- `selection`: gawee.topk, gawee.scatter_nd. `resize`: gawee.resize.
- `logic`: the comparisons' scalar forms, gawee.cast. `movement`: gawee.gather,
  gawee.gather_elements, gawee.expand, gawee.cat, gawee.slice, gawee.split, gawee.tile,
  gawee.pad, gawee.trilu. `construction`: gawee.constant, gawee.range, gawee.shape.
"""

from xdsl.pattern_rewriter import RewritePattern

from .construction import ConstantLowering, RangeLowering, ShapeLowering
from .conv import ConvLowering
from .elementwise import AddLowering, BatchNormLowering, ElementwiseLowering
from .linear import GemmLowering, LinearLowering, MatMulLowering
from .logic import CastLowering
from .movement import (
    CatLowering,
    ExpandLowering,
    GatherElementsLowering,
    GatherLowering,
    PadLowering,
    SliceLowering,
    SplitLowering,
    TileLowering,
    TriluLowering,
)
from .normalization import LayerNormLowering, LrnLowering, ReduceLowering, SoftmaxLowering
from .pooling import AdAvgPoolLowering, AveragePoolLowering, GlobalAveragePoolLowering, MaxPoolLowering
from .reshape import FlattenLowering, ReshapeLowering, TransposeLowering
from .resize import ResizeLowering
from .selection import ScatterNDLowering, TopKLowering

__all__ = ["lowering_patterns"]


def lowering_patterns(elementwise_generic: bool = False) -> list[RewritePattern]:
    """The patterns of the conversion, in the order they are tried (the named
    `linalg.add` before the element-wise `linalg.generic`, which is last: its match is
    the costliest). Each says which ops it lowers
    (`transforms.utils.claims`): there is no list of lowered ops beside them."""
    return [
        ConvLowering(),
        AddLowering(elementwise_generic),
        BatchNormLowering(),
        MaxPoolLowering(),
        AdAvgPoolLowering(),
        FlattenLowering(),
        LinearLowering(),
        ReshapeLowering(),
        TransposeLowering(),
        MatMulLowering(),
        SoftmaxLowering(),
        ReduceLowering(),
        LayerNormLowering(),
        CastLowering(),
        GatherLowering(),
        GatherElementsLowering(),
        ExpandLowering(),
        CatLowering(),
        SliceLowering(),
        TopKLowering(),
        ScatterNDLowering(),
        ResizeLowering(),
        GemmLowering(),
        AveragePoolLowering(),
        GlobalAveragePoolLowering(),
        LrnLowering(),
        SplitLowering(),
        TileLowering(),
        PadLowering(),
        TriluLowering(),
        ConstantLowering(),
        RangeLowering(),
        ShapeLowering(),
        ElementwiseLowering(),
    ]
