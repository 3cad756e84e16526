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
f32, f64, i1, i8, i16, i32 or i64. Integers are signless, as in MLIR's arith: the ops
read them as signed, but for the unsigned forms of those whose meaning depends on
signedness (`mir.broadcast_udiv`, `urem`, `umax`, `umin`, `ushr`, `mir.broadcast_cmp`
`ult` / `ule` / `ugt` / `uge`, `mir.reduce` `umax` / `umin`, `mir.cast unsigned`),
which convert-gawee-to-mir emits for gawee's ui8 ... ui64. Layouts are NHWC for `mir.conv` (weights
[KH, KW, C_in/groups, C_out]) and `mir.pool`; their padding is always four values
[top, left, bottom, right].

Adaptive average pooling has no op of its own: convert-gawee-to-mir expresses it
with mean reductions (reshape + reduce where the windows divide the input, slices +
reduce + concat where they overlap), so its windows are exact.

Custom syntax, declared with `assembly_format`: the kind of `mir.reduce` /
`mir.pool` as a bare word, the operands, every property as `name = value` in a fixed
order, then the function type, e.g.
`mir.reduce sum %x axes = [1] keep_dims = false : (tensor<2x3xf32>) -> tensor<2xf32>`;
`mir.if %c : i1 -> (types) {...} else {...}`. `mir.for` and `mir.parallel_for` keep
upstream scf.for's hand-written syntax (see `LoopOp`). The generic form writes the
kinds as `#mir<reduce_kind sum>` and `#mir<pool_kind max>`.

One module per op family, as in the lowering (`nnstack.transforms.mir_to_llir`):
`elementwise`, `conv`, `reduce`, `indexing`, `memory`, `control`; `attrs` holds the
enumerated options, `constraints` the accepted types, `shapes` the shape rules and
`base` what every tensor op shares.
"""

from xdsl.ir import Dialect

from nnstack.dialects.constraints import ELEMENT_TYPES, FLOAT_TYPES, INTEGER_TYPES, NUMERIC_TYPES
from nnstack.dialects.mir.attrs import (
    UNSIGNED_PREDICATES,
    ComparePredicate,
    ComparePredicateAttr,
    PoolKind,
    PoolKindAttr,
    ReduceKind,
    ReduceKindAttr,
)
from nnstack.dialects.mir.base import MirOperation
from nnstack.dialects.mir.control import ForOp, IfOp, LoopOp, ParallelForOp, YieldOp
from nnstack.dialects.mir.conv import ConvOp, MatmulOp, PoolOp, WindowOp
from nnstack.dialects.mir.elementwise import (
    AbsOp,
    AcoshOp,
    AcosOp,
    AsinhOp,
    AsinOp,
    AtanhOp,
    AtanOp,
    BroadcastAddOp,
    BroadcastAndOp,
    BroadcastBinaryOp,
    BroadcastBitwiseOp,
    BroadcastCmpOp,
    BroadcastDivOp,
    BroadcastMaxOp,
    BroadcastMinOp,
    BroadcastModOp,
    BroadcastMulOp,
    BroadcastOrOp,
    BroadcastPowOp,
    BroadcastRemOp,
    BroadcastShiftOp,
    BroadcastShlOp,
    BroadcastShrOp,
    BroadcastSubOp,
    BroadcastToOp,
    BroadcastUDivOp,
    BroadcastUMaxOp,
    BroadcastUMinOp,
    BroadcastURemOp,
    BroadcastUShrOp,
    BroadcastXorOp,
    CastOp,
    CeilOp,
    CoshOp,
    CosOp,
    ErfOp,
    ExpOp,
    FloorOp,
    LogOp,
    NegOp,
    RoundOp,
    SelectOp,
    SinhOp,
    SinOp,
    SqrtOp,
    TanhOp,
    TanOp,
    UnaryElementwiseOp,
    UnsignedBinaryOp,
)
from nnstack.dialects.mir.indexing import (
    ConcatOp,
    DynamicReshapeOp,
    GatherElementsOp,
    GatherOp,
    ReshapeOp,
    ScatterOp,
    SliceOp,
    TransposeOp,
)
from nnstack.dialects.mir.memory import AllocTensorOp, ConstantOp, DeallocTensorOp, FromElementsOp
from nnstack.dialects.mir.reduce import ReduceOp
from nnstack.dialects.mir.shapes import matmul_shape, slice_length
from nnstack.dialects.utils import (
    broadcast_shape,
    element_type,
    gather_shape,
    reduced_shape,
    tensor_like,
    tensor_shape,
)

Mir = Dialect(
    "mir",
    [
        BroadcastAddOp,
        BroadcastSubOp,
        BroadcastMulOp,
        BroadcastDivOp,
        BroadcastRemOp,
        BroadcastModOp,
        BroadcastMaxOp,
        BroadcastMinOp,
        BroadcastPowOp,
        BroadcastAndOp,
        BroadcastOrOp,
        BroadcastXorOp,
        BroadcastShlOp,
        BroadcastShrOp,
        BroadcastUDivOp,
        BroadcastUMaxOp,
        BroadcastUMinOp,
        BroadcastURemOp,
        BroadcastUShrOp,
        BroadcastCmpOp,
        SelectOp,
        BroadcastToOp,
        SqrtOp,
        ExpOp,
        LogOp,
        SinOp,
        CosOp,
        TanOp,
        AsinOp,
        AcosOp,
        AtanOp,
        SinhOp,
        CoshOp,
        TanhOp,
        AsinhOp,
        AcoshOp,
        AtanhOp,
        ErfOp,
        FloorOp,
        CeilOp,
        RoundOp,
        AbsOp,
        NegOp,
        CastOp,
        ConvOp,
        PoolOp,
        MatmulOp,
        ReduceOp,
        SliceOp,
        GatherOp,
        GatherElementsOp,
        ScatterOp,
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
    [ReduceKindAttr, PoolKindAttr, ComparePredicateAttr],
)

__all__ = [
    "AbsOp",
    "AcosOp",
    "AcoshOp",
    "AsinOp",
    "AsinhOp",
    "AtanOp",
    "AtanhOp",
    "AllocTensorOp",
    "BroadcastAddOp",
    "BroadcastAndOp",
    "BroadcastBinaryOp",
    "BroadcastBitwiseOp",
    "BroadcastCmpOp",
    "BroadcastDivOp",
    "BroadcastMaxOp",
    "BroadcastMinOp",
    "BroadcastModOp",
    "BroadcastMulOp",
    "BroadcastOrOp",
    "BroadcastPowOp",
    "BroadcastRemOp",
    "BroadcastShiftOp",
    "BroadcastShlOp",
    "BroadcastShrOp",
    "BroadcastUDivOp",
    "BroadcastUMaxOp",
    "BroadcastUMinOp",
    "BroadcastURemOp",
    "BroadcastUShrOp",
    "BroadcastSubOp",
    "BroadcastToOp",
    "BroadcastXorOp",
    "CastOp",
    "CeilOp",
    "ComparePredicate",
    "UNSIGNED_PREDICATES",
    "UnsignedBinaryOp",
    "ComparePredicateAttr",
    "ConcatOp",
    "ConstantOp",
    "ConvOp",
    "CosOp",
    "CoshOp",
    "DeallocTensorOp",
    "DynamicReshapeOp",
    "ELEMENT_TYPES",
    "ErfOp",
    "ExpOp",
    "FLOAT_TYPES",
    "FloorOp",
    "ForOp",
    "FromElementsOp",
    "GatherElementsOp",
    "GatherOp",
    "INTEGER_TYPES",
    "IfOp",
    "LogOp",
    "LoopOp",
    "MatmulOp",
    "Mir",
    "MirOperation",
    "NUMERIC_TYPES",
    "NegOp",
    "ParallelForOp",
    "PoolKind",
    "PoolKindAttr",
    "PoolOp",
    "ReduceKind",
    "ReduceKindAttr",
    "ReduceOp",
    "ReshapeOp",
    "RoundOp",
    "ScatterOp",
    "SelectOp",
    "SinOp",
    "SinhOp",
    "SliceOp",
    "SqrtOp",
    "TanOp",
    "TanhOp",
    "TransposeOp",
    "UnaryElementwiseOp",
    "WindowOp",
    "YieldOp",
    "broadcast_shape",
    "element_type",
    "gather_shape",
    "matmul_shape",
    "reduced_shape",
    "slice_length",
    "tensor_like",
    "tensor_shape",
]
