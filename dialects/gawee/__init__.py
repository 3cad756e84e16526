"""The gawee dialect: high-level neural-network ops on NCHW tensors.

Mirrors the original Gawee MLIR project: the same op names, operands and camelCase
attribute names, attributes kept as plain (discardable-style) attributes sorted by
name, so the original's generic form
`"gawee.conv"(...) {dilation = array<i64: 1, 1>, ...}` parses and prints unchanged.
On top of the original:

- every op declares its operand and result types (statically shaped tensors of one
  element type) and verifies its result shape against the op's shape rule;
- conv takes an optional bias and `groups`; conv and max_pool take 2-value symmetric
  `[pH, pW]` or 4-value `[top, left, bottom, right]` padding;
- max_pool honours `ceilMode`, ad_avg_pool any `outputSize`, flatten negative dims,
  linear inputs of rank >= 2, add numpy broadcasting;
- a declarative custom syntax: operands, then `name = value` for each attribute in
  the op's order, then the functional type, e.g.
  `gawee.conv %x, %w strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (...) -> ...`.

The ops live in family modules (`nn`, `elementwise`, `shape`, `reduce`); shape rules and the
shared base in `base`.
"""

from xdsl.ir import Dialect

from nnstack.dialects.gawee.base import (
    GaweeOperation,
    adaptive_windows,
    expand_padding,
    flattened_shape,
    gawee_op_definition,
    normalize_dim,
    spatial_output_size,
)
from nnstack.dialects.gawee.elementwise import (
    AbsOp,
    AddOp,
    BroadcastBinaryOp,
    CosOp,
    DivOp,
    ErfOp,
    ExpOp,
    GeluOp,
    HardSigmoidOp,
    HardSwishOp,
    LeakyReluOp,
    LogOp,
    MulOp,
    NegOp,
    PowOp,
    ReciprocalOp,
    ReluOp,
    SigmoidOp,
    SinOp,
    SqrtOp,
    SubOp,
    TanhOp,
    UnaryElementwiseOp,
)
from nnstack.dialects.gawee.nn import (
    AdAvgPoolOp,
    BatchNormOp,
    ConvOp,
    LayerNormOp,
    LinearOp,
    MatMulOp,
    MaxPoolOp,
    SoftmaxOp,
    matmul_shape,
)
from nnstack.dialects.gawee.reduce import (
    ReduceMaxOp,
    ReduceMeanOp,
    ReduceMinOp,
    ReduceOp,
    ReduceSumOp,
    reduced_shape,
)
from nnstack.dialects.gawee.shape import FlattenOp, ReshapeOp, TransposeOp
from nnstack.dialects.utils import broadcast_shape, tensor_like, tensor_shape, window_output_size

Gawee = Dialect(
    "gawee",
    [
        ConvOp,
        ReluOp,
        AddOp,
        BatchNormOp,
        MaxPoolOp,
        AdAvgPoolOp,
        FlattenOp,
        LinearOp,
        NegOp,
        AbsOp,
        ExpOp,
        LogOp,
        SqrtOp,
        ReciprocalOp,
        SinOp,
        CosOp,
        TanhOp,
        SigmoidOp,
        ErfOp,
        GeluOp,
        HardSigmoidOp,
        HardSwishOp,
        LeakyReluOp,
        SubOp,
        MulOp,
        DivOp,
        PowOp,
        ReshapeOp,
        TransposeOp,
        MatMulOp,
        SoftmaxOp,
        ReduceSumOp,
        ReduceMeanOp,
        ReduceMaxOp,
        ReduceMinOp,
        LayerNormOp,
    ],
    [],
)

__all__ = [
    "AbsOp",
    "AdAvgPoolOp",
    "AddOp",
    "BatchNormOp",
    "BroadcastBinaryOp",
    "ConvOp",
    "CosOp",
    "DivOp",
    "ErfOp",
    "ExpOp",
    "FlattenOp",
    "Gawee",
    "GaweeOperation",
    "GeluOp",
    "HardSigmoidOp",
    "HardSwishOp",
    "LayerNormOp",
    "LeakyReluOp",
    "LinearOp",
    "LogOp",
    "MatMulOp",
    "MaxPoolOp",
    "MulOp",
    "NegOp",
    "PowOp",
    "ReciprocalOp",
    "ReduceMaxOp",
    "ReduceMeanOp",
    "ReduceMinOp",
    "ReduceOp",
    "ReduceSumOp",
    "ReluOp",
    "ReshapeOp",
    "SigmoidOp",
    "SinOp",
    "SoftmaxOp",
    "SqrtOp",
    "SubOp",
    "TanhOp",
    "TransposeOp",
    "UnaryElementwiseOp",
    "adaptive_windows",
    "broadcast_shape",
    "expand_padding",
    "flattened_shape",
    "gawee_op_definition",
    "matmul_shape",
    "normalize_dim",
    "reduced_shape",
    "spatial_output_size",
    "tensor_like",
    "tensor_shape",
    "window_output_size",
]
