"""The patterns of `convert-gawee-to-mir`, by op family, as upstream MLIR splits a
conversion (the pass itself lives in `nnstack.transforms.convert_gawee_to_mir`;
`lowering_patterns` is the one list of its patterns).

- `base`: the verified replacement every pattern uses and `MirBuilder`, which
  collects the chain of mir ops a gawee op decomposes into.
- `nn`: conv, batch_norm, max_pool, average_pool, ad_avg_pool, global_average_pool,
  linear, matmul, gemm, lrn.
- `elementwise`: the unary, binary, comparison, logical and variadic ops, where,
  clip, cast.
- `selection`: topk (by rank counting), scatter_nd (a mir.for over the updates).
- `normalization`: the reductions, softmax, log_softmax, layer_norm.
- `construction`: split, tile, pad, trilu, constant, range, shape, and tensor
  `arith.constant`s (weights) to mir.constant.
- `movement`: flatten, reshape, squeeze, unsqueeze, transpose, cat, slice, gather,
  gather_elements, expand, resize.
"""

from .base import GaweeToMirPattern, MirBuilder
from .construction import (
    ConstantLowering,
    PadLowering,
    RangeLowering,
    ShapeLowering,
    SplitLowering,
    TensorConstantLowering,
    TileLowering,
    TriluLowering,
)
from .elementwise import BinaryLowering, CastLowering, UnaryLowering, VariadicLowering
from .movement import (
    CatLowering,
    ExpandLowering,
    GatherLowering,
    ReshapeLowering,
    ResizeLowering,
    SliceLowering,
    TransposeLowering,
)
from .nn import (
    AdAvgPoolLowering,
    AveragePoolLowering,
    BatchNormLowering,
    ConvLowering,
    GemmLowering,
    GlobalAveragePoolLowering,
    LinearLowering,
    LrnLowering,
    MatMulLowering,
    MaxPoolLowering,
)
from .normalization import LayerNormLowering, ReduceLowering, SoftmaxLowering
from .selection import ScatterNDLowering, TopKLowering

__all__ = ["GaweeToMirPattern", "MirBuilder", "lowering_patterns"]


def lowering_patterns() -> list[GaweeToMirPattern]:
    """The patterns of the conversion, one per gawee op or op family, and the weights'."""
    return [
        ConvLowering(),
        BatchNormLowering(),
        MaxPoolLowering(),
        AveragePoolLowering(),
        AdAvgPoolLowering(),
        GlobalAveragePoolLowering(),
        LinearLowering(),
        MatMulLowering(),
        GemmLowering(),
        LrnLowering(),
        UnaryLowering(),
        BinaryLowering(),
        VariadicLowering(),
        CastLowering(),
        ReduceLowering(),
        SoftmaxLowering(),
        LayerNormLowering(),
        ReshapeLowering(),
        TransposeLowering(),
        CatLowering(),
        SliceLowering(),
        GatherLowering(),
        ExpandLowering(),
        ResizeLowering(),
        TopKLowering(),
        ScatterNDLowering(),
        SplitLowering(),
        TileLowering(),
        PadLowering(),
        TriluLowering(),
        ConstantLowering(),
        RangeLowering(),
        ShapeLowering(),
        TensorConstantLowering(),
    ]
