"""The valid gawee ops the verifier-rule tests start from and their invalid cases.

The table (`GAWEE_OPS`, `gawee_cases`) is assembled here from the ops below and those of
gawee_nn_rules.py (gemm, average_pool, lp_pool, global pools, lrn, conv and pools over 1 and 3
spatial dims); the split / tile / pad / trilu / constant / range / shape / arg / cumsum /
gather_nd ops are in gawee_shaped_rules.py, re-exported here (`SHAPED_OPS`, `shaped_cases`).
"""

from __future__ import annotations

from dataclasses import replace

from gawee_nn_rules import (
    AVERAGE_POOL,
    AVERAGE_POOL_3D,
    CONV_1D,
    CONV_3D,
    CONV_TRANSPOSE,
    GEMM,
    GLOBAL_AVERAGE_POOL,
    GLOBAL_MAX_POOL,
    GRU,
    LP_POOL,
    LRN,
    LSTM,
    MAX_POOL_1D,
    MAX_POOL_WITH_INDICES,
    MAX_UNPOOL,
    NN_CASES,
    RNN,
)
from gawee_shaped_rules import SHAPED_OPS, shaped_cases
from verifier_cases import Invalid, Op, a, i64, t

from nnstack.dialects.gawee import (
    AddOp,
    BroadcastBinaryOp,
    ClipOp,
    Gawee,
    NumericBinaryOp,
    NumericUnaryOp,
    ReduceOp,
    ReluOp,
    UnaryElementwiseOp,
    UnaryPredicateOp,
)

# ---------------------------------------------------------------------------
# gawee
# ---------------------------------------------------------------------------

CONV = Op(
    "gawee.conv",
    (t(1, 4, 8, 8), t(6, 2, 3, 3), t(6)),
    {"strides": a(1, 1), "padding": a(1, 1), "dilation": a(1, 1), "groups": i64(2)},
    (t(1, 6, 8, 8),),
)
RELU = Op("gawee.relu", (t(2, 3),), {}, (t(2, 3),))
ADD = Op("gawee.add", (t(2, 1, 4), t(3, 1)), {}, (t(2, 3, 4),))
BATCH_NORM = Op(
    "gawee.batch_norm",
    (t(2, 3, 4, 4), t(3), t(3), t(3), t(3)),
    {"affine": "true", "eps": "1.0e-05 : f64"},
    (t(2, 3, 4, 4),),
)
MAX_POOL = Op(
    "gawee.max_pool",
    (t(1, 2, 8, 8),),
    {
        "kernelSize": a(3, 2),
        "strides": a(2, 2),
        "padding": a(1, 1),
        "dilation": a(1, 1),
        "ceilMode": "true",
    },
    (t(1, 2, 5, 5),),
)
AD_AVG_POOL = Op("gawee.ad_avg_pool", (t(1, 2, 7, 5),), {"outputSize": a(3, 2)}, (t(1, 2, 3, 2),))
FLATTEN = Op("gawee.flatten", (t(2, 3, 4, 5),), {"startDim": i64(1), "endDim": i64(-2)}, (t(2, 12, 5),))
LINEAR = Op("gawee.linear", (t(3, 2, 5), t(4, 5), t(4)), {}, (t(3, 2, 4),))

UNARY = [
    Op(op.name, (t(2, 3),), {}, (t(2, 3),))
    for op in Gawee.operations
    if issubclass(op, UnaryElementwiseOp)
    and any(op.E is base.E for base in (UnaryElementwiseOp, NumericUnaryOp))
    and op not in (ReluOp, ClipOp)  # (cases of their own)
]
"""Every unary element-wise op on floats (or on floats and integers) with no required
attribute: each gets the type and shape cases of its family, with nothing to add to
this file."""
NUMERIC = {op.name for op in Gawee.operations if issubclass(op, NumericUnaryOp | NumericBinaryOp)} | {
    "gawee.max",
    "gawee.min",
    "gawee.sum",
}
"""The element-wise ops that take integers too (neg, abs, add, sub, mul, max, min, sum):
their family's element type case is a mask (i1), which they reject, not an integer."""
PREDICATES = [
    Op(op.name, (t(2, 3),), {}, (t(2, 3, element="i1"),))
    for op in Gawee.operations
    if issubclass(op, UnaryPredicateOp)
]
"""Every unary predicate (is_nan, is_inf): float in, i1 mask of its shape out."""
BINARY = [
    replace(ADD, name=op.name)
    for op in Gawee.operations
    if issubclass(op, BroadcastBinaryOp)
    and any(op.E is base.E for base in (BroadcastBinaryOp, NumericBinaryOp))
    and op is not AddOp
]
"""Every broadcasting binary op on floats (or on floats and integers) but add (cases of
its own): each gets add's broadcasting and type cases."""
GELU = Op("gawee.gelu", (t(2, 3),), {"approximate": '"tanh"'}, (t(2, 3),))
MOD = Op(
    "gawee.mod", (t(2, 3, element="i32"), t(3, element="i32")), {"fmod": "true"}, (t(2, 3, element="i32"),)
)
BIT_SHIFT = Op(
    "gawee.bit_shift",
    (t(2, 1, element="ui8"), t(3, element="ui8")),
    {"direction": '"LEFT"'},
    (t(2, 3, element="ui8"),),
)
BITWISE = [
    Op(f"gawee.bitwise_{kind}", (t(2, 1, element="ui8"), t(3, element="ui8")), {}, (t(2, 3, element="ui8"),))
    for kind in ("and", "or", "xor")
]
BITWISE_NOT = Op("gawee.bitwise_not", (t(2, 3, element="i16"),), {}, (t(2, 3, element="i16"),))
LEAKY_RELU = Op("gawee.leaky_relu", (t(2, 3),), {"alpha": "1.000000e-01 : f64"}, (t(2, 3),))

G_RESHAPE = Op("gawee.reshape", (t(2, 3, 4),), {}, (t(6, 4),))
G_TRANSPOSE = Op("gawee.transpose", (t(2, 3, 4),), {"perm": a(2, 0, 1)}, (t(4, 2, 3),))
MATMUL_G = Op("gawee.matmul", (t(2, 1, 3, 4), t(5, 4, 6)), {}, (t(2, 5, 3, 6),))
REDUCES = [
    Op(op.name, (t(2, 3, 4),), {"axes": a(1), "keepDims": "true"}, (t(2, 1, 4),))
    for op in Gawee.operations
    if issubclass(op, ReduceOp)
]
INSTANCE_NORM = Op(
    "gawee.instance_norm",
    (t(2, 3, 4, 5), t(3), t(3)),
    {"epsilon": "1.000000e-03 : f64"},
    (t(2, 3, 4, 5),),
)
GROUP_NORM = Op(
    "gawee.group_norm",
    (t(2, 4, 3, 5), t(4), t(4)),
    {"numGroups": i64(2), "epsilon": "1.000000e-03 : f64"},
    (t(2, 4, 3, 5),),
)
LAYER_NORM = Op(
    "gawee.layer_norm",
    (t(2, 3, 4), t(3, 4), t(3, 4)),
    {"axis": i64(1), "epsilon": "1.000000e-05 : f64"},
    (t(2, 3, 4),),
)
SOFTMAX = Op("gawee.softmax", (t(2, 3),), {"axis": i64(-1)}, (t(2, 3),))
SOFTMAX_1D = Op("gawee.softmax", (t(5),), {"axis": i64(0)}, (t(5),))

COMPARES = [
    Op(f"gawee.{name}", (t(2, 1, 4), t(3, 1)), {}, (t(2, 3, 4, element="i1"),))
    for name in ("equal", "less", "less_equal", "greater", "greater_equal")
]
LOGICAL = [
    Op(f"gawee.{name}", (t(2, 1, element="i1"), t(3, element="i1")), {}, (t(2, 3, element="i1"),))
    for name in ("and", "or", "xor")
]
NOT = Op("gawee.not", (t(2, 3, element="i1"),), {}, (t(2, 3, element="i1"),))
WHERE = Op("gawee.where", (t(2, 1, element="i1"), t(3), t(1)), {}, (t(2, 3),))
G_CAST = Op("gawee.cast", (t(2, 3),), {"toType": i64(7)}, (t(2, 3, element="i64"),))
GATHER_G = Op("gawee.gather", (t(5, 4), t(2, 3, element="i64")), {"axis": i64(0)}, (t(2, 3, 4),))
GATHER_ELEMENTS = Op("gawee.gather_elements", (t(5, 4), t(3, 2, element="i32")), {"axis": i64(0)}, (t(3, 2),))
EXPAND = Op("gawee.expand", (t(3, 1),), {}, (t(2, 3, 4),))
UNSQUEEZE = Op("gawee.unsqueeze", (t(2, 3),), {"axes": a(0, -1)}, (t(1, 2, 3, 1),))
SQUEEZE = Op("gawee.squeeze", (t(1, 2, 1, 3),), {"axes": a(0, 2)}, (t(2, 3),))
CAT = Op("gawee.cat", (t(2, 3), t(2, 1)), {"axis": i64(1)}, (t(2, 4),))
G_SLICE = Op(
    "gawee.slice",
    (t(5, 6),),
    {"starts": a(1, -1), "ends": a(100, 0), "axes": a(0, -1), "steps": a(2, -2)},
    (t(2, 3),),
)
VARIADIC = [
    Op(f"gawee.{name}", (t(2, 1, 4), t(3, 1), t(4)), {}, (t(2, 3, 4),))
    for name in ("max", "min", "sum", "mean")
]
CLIP = Op("gawee.clip", (t(2, 3),), {"min": "-1.000000e+00 : f64", "max": "1.000000e+00 : f64"}, (t(2, 3),))
LOG_SOFTMAX = Op("gawee.log_softmax", (t(2, 3),), {"axis": i64(1)}, (t(2, 3),))
TOPK = Op("gawee.topk", (t(3, 7),), {"k": i64(3), "axis": i64(-1)}, (t(3, 3), t(3, 3, element="i64")))
SCATTER_ND = Op("gawee.scatter_nd", (t(4, 3), t(2, 1, element="i64"), t(2, 3)), {}, (t(4, 3),))
RESIZE = Op(
    "gawee.resize",
    (t(1, 2, 3, 4),),
    {
        "mode": '"linear"',
        "coordinateTransformationMode": '"align_corners"',
        "scales": "array<f64: 1.0, 1.0, 2.0, 2.5>",
    },
    (t(1, 2, 6, 10),),
)
GRID_SAMPLE = Op(
    "gawee.grid_sample",
    (t(2, 3, 4, 5), t(2, 6, 7, 2)),
    {"mode": '"cubic"', "paddingMode": '"reflection"', "alignCorners": "true"},
    (t(2, 3, 6, 7),),
)
AFFINE_GRID = Op("gawee.affine_grid", (t(2, 3, 4),), {"alignCorners": "true"}, (t(2, 5, 1, 6, 3),))
SELECTION_OPS = [TOPK, SCATTER_ND, RESIZE, GRID_SAMPLE, AFFINE_GRID]
NEW_OPS = [
    *SELECTION_OPS,
    *VARIADIC,
    CLIP,
    LOG_SOFTMAX,
    *COMPARES,
    *LOGICAL,
    NOT,
    WHERE,
    G_CAST,
    GATHER_G,
    GATHER_ELEMENTS,
    EXPAND,
    UNSQUEEZE,
    SQUEEZE,
    CAT,
    G_SLICE,
]

GAWEE_OPS = [
    *NEW_OPS,
    LAYER_NORM,
    INSTANCE_NORM,
    GROUP_NORM,
    *REDUCES,
    G_RESHAPE,
    G_TRANSPOSE,
    MATMUL_G,
    SOFTMAX,
    SOFTMAX_1D,
    CONV,
    RELU,
    ADD,
    BATCH_NORM,
    MAX_POOL,
    AD_AVG_POOL,
    FLATTEN,
    LINEAR,
    *UNARY,
    *PREDICATES,
    *BINARY,
    GELU,
    LEAKY_RELU,
    MOD,
    BIT_SHIFT,
    *BITWISE,
    BITWISE_NOT,
]
# gemm, average_pool, lp_pool, global pools, lrn, conv and the pools over 1 and 3 dims, the
# recurrent ops (gawee_nn_rules.py)
GAWEE_OPS += [
    GEMM,
    AVERAGE_POOL,
    LP_POOL,
    GLOBAL_AVERAGE_POOL,
    GLOBAL_MAX_POOL,
    CONV_1D,
    CONV_3D,
    CONV_TRANSPOSE,
    MAX_POOL_1D,
    MAX_POOL_WITH_INDICES,
    MAX_UNPOOL,
    AVERAGE_POOL_3D,
    LRN,
    RNN,
    GRU,
    LSTM,
]


def gawee_cases() -> list[Invalid]:
    cases: list[tuple[str, Op, str]] = [
        # shared: tensors of one float type, static shapes; declared attributes
        ("relu-scalar-operand", RELU.operand(0, "f32"), "tensor"),
        ("relu-dynamic", RELU.operand(0, "tensor<?x3xf32>").result("tensor<?x3xf32>"), "dynamic"),
        ("relu-integer", RELU.operand(0, t(2, 3, element="i32")).result(t(2, 3, element="i32")), "i32"),
        ("add-mixed-types", ADD.operand(1, t(3, 1, element="f64")), "f64"),
        ("add-integer-and-float", ADD.operand(1, t(3, 1, element="i32")), "i32"),
        (
            "add-mask",
            ADD.operand(0, t(2, 1, 4, element="i1"))
            .operand(1, t(3, 1, element="i1"))
            .result(t(2, 3, 4, element="i1")),
            "i1",
        ),
        (
            "add-i4",
            ADD.operand(0, t(2, 1, 4, element="i4"))
            .operand(1, t(3, 1, element="i4"))
            .result(t(2, 3, 4, element="i4")),
            "i4",
        ),
        ("conv-missing-strides", CONV.attr("strides", None), "strides"),
        ("conv-strides-not-array", CONV.attr("strides", i64(1)), "array"),
        # conv
        ("conv-input-rank", CONV.operand(0, t(4, 8, 8)), "rank"),
        ("conv-weight-rank", CONV.operand(1, t(6, 2, 9)), "weight must have rank"),
        ("conv-strides-length", CONV.attr("strides", a(1, 1, 1)), "strides"),
        ("conv-dilation-length", CONV.attr("dilation", a(1)), "dilation"),
        ("conv-padding-length", CONV.attr("padding", a(1, 1, 1)), "padding"),
        ("conv-zero-stride", CONV.attr("strides", a(1, 0)), "strides"),
        ("conv-zero-dilation", CONV.attr("dilation", a(0, 1)), "dilation"),
        ("conv-negative-padding", CONV.attr("padding", a(1, -1)), "padding"),
        ("conv-zero-groups", CONV.attr("groups", i64(0)), "groups"),
        ("conv-groups-not-dividing", CONV.attr("groups", i64(3)), "groups"),
        ("conv-weight-channels", CONV.operand(1, t(6, 4, 3, 3)), "channels"),
        ("conv-bias-rank", CONV.operand(2, t(6, 1)), "bias"),
        ("conv-bias-shape", CONV.operand(2, t(4)), "bias"),
        ("conv-kernel-too-large", CONV.operand(1, t(6, 2, 11, 3)), "kernel"),
        ("conv-result-shape", CONV.result(t(1, 6, 8, 7)), "result shape"),
        ("conv-result-channels", CONV.result(t(1, 4, 8, 8)), "result shape"),
        # relu, add
        ("relu-result-shape", RELU.result(t(3, 2)), "result shape"),
        ("add-not-broadcasting", ADD.operand(1, t(3, 2)), "broadcast"),
        ("add-result-shape", ADD.result(t(2, 1, 4)), "result shape"),
        # batch_norm
        ("batch_norm-input-rank", BATCH_NORM.operand(0, t(3)).result(t(3)), "rank"),
        ("batch_norm-weight-shape", BATCH_NORM.operand(1, t(4)), "weight"),
        ("batch_norm-bias-shape", BATCH_NORM.operand(2, t(3, 1)), "bias"),
        ("batch_norm-mean-shape", BATCH_NORM.operand(3, t(2)), "runningMean"),
        ("batch_norm-var-shape", BATCH_NORM.operand(4, t(1)), "runningVar"),
        ("batch_norm-zero-eps", BATCH_NORM.attr("eps", "0.0 : f64"), "eps"),
        ("batch_norm-negative-eps", BATCH_NORM.attr("eps", "-1.0e-05 : f64"), "eps"),
        ("batch_norm-infinite-eps", BATCH_NORM.attr("eps", "0x7FF0000000000000 : f64"), "eps"),
        ("batch_norm-nan-eps", BATCH_NORM.attr("eps", "0x7FF8000000000000 : f64"), "eps"),
        ("batch_norm-f32-eps", BATCH_NORM.attr("eps", "1.0e-05 : f32"), "f64"),
        ("batch_norm-result-shape", BATCH_NORM.result(t(2, 3, 4, 5)), "result shape"),
        # max_pool
        ("max_pool-input-rank", MAX_POOL.operand(0, t(2, 8, 8)), "rank"),
        ("max_pool-kernel-length", MAX_POOL.attr("kernelSize", a(3)), "kernelSize"),
        ("max_pool-strides-length", MAX_POOL.attr("strides", a(2, 2, 2)), "'strides' must"),
        ("max_pool-dilation-length", MAX_POOL.attr("dilation", a(1)), "dilation"),
        ("max_pool-padding-length", MAX_POOL.attr("padding", a(1)), "padding"),
        ("max_pool-zero-kernel", MAX_POOL.attr("kernelSize", a(3, 0)), "kernelSize"),
        ("max_pool-zero-stride", MAX_POOL.attr("strides", a(0, 2)), "strides"),
        ("max_pool-zero-dilation", MAX_POOL.attr("dilation", a(1, 0)), "dilation"),
        ("max_pool-negative-padding", MAX_POOL.attr("padding", a(-1, 1)), "padding"),
        ("max_pool-empty-input", MAX_POOL.operand(0, t(1, 2, 0, 8)), "empty"),
        ("max_pool-kernel-too-large", MAX_POOL.attr("kernelSize", a(13, 2)), "kernel"),
        ("max_pool-ceil-result-shape", MAX_POOL.attr("ceilMode", "false"), "result shape"),
        ("max_pool-ceil-not-bool", MAX_POOL.attr("ceilMode", i64(1)), "i1"),
        ("max_pool-result-shape", MAX_POOL.result(t(1, 2, 5, 4)), "result shape"),
        # ad_avg_pool
        ("ad_avg_pool-input-rank", AD_AVG_POOL.operand(0, t(2, 7, 5)), "rank"),
        ("ad_avg_pool-size-length", AD_AVG_POOL.attr("outputSize", a(3)), "outputSize"),
        ("ad_avg_pool-zero-size", AD_AVG_POOL.attr("outputSize", a(3, 0)), "outputSize"),
        ("ad_avg_pool-empty-input", AD_AVG_POOL.operand(0, t(1, 2, 7, 0)), "empty"),
        ("ad_avg_pool-result-shape", AD_AVG_POOL.result(t(1, 2, 2, 3)), "result shape"),
        # flatten
        ("flatten-start-out-of-range", FLATTEN.attr("startDim", i64(4)), "range"),
        ("flatten-end-out-of-range", FLATTEN.attr("endDim", i64(-5)), "range"),
        ("flatten-start-after-end", FLATTEN.attr("startDim", i64(3)), "startDim"),
        ("flatten-result-shape", FLATTEN.result(t(2, 60)), "result shape"),
        # linear
        ("linear-input-rank", LINEAR.operand(0, t(5)), "rank"),
        ("linear-weight-rank", LINEAR.operand(1, t(4, 5, 1)), "rank"),
        ("linear-features", LINEAR.operand(1, t(4, 6)), "features"),
        ("linear-bias-shape", LINEAR.operand(2, t(5)), "bias"),
        ("linear-result-shape", LINEAR.result(t(3, 4)), "result shape"),
    ]
    cases += [
        ("gawee-reshape-element-count", G_RESHAPE.result(t(5, 4)), "cannot reshape"),
        ("gawee-reshape-mixed-types", G_RESHAPE.result(t(6, 4, element="i64")), "i64"),
        (
            "gawee-reshape-unsupported-element",
            G_RESHAPE.operand(0, t(2, 3, 4, element="i3")).result(t(6, 4, element="i3")),
            "i3",
        ),
        ("gawee-transpose-not-a-permutation", G_TRANSPOSE.attr("perm", a(0, 0, 1)), "not a permutation"),
        ("gawee-transpose-too-short", G_TRANSPOSE.attr("perm", a(1, 0)).result(t(3, 2)), "not a permutation"),
        ("gawee-transpose-result-shape", G_TRANSPOSE.result(t(2, 3, 4)), "result shape"),
        ("gawee-transpose-no-perm", G_TRANSPOSE.attr("perm", None), "perm"),
        ("gawee-matmul-inner-dims", MATMUL_G.operand(1, t(5, 3, 6)), "do not multiply"),
        ("gawee-matmul-batch-dims", MATMUL_G.operand(0, t(2, 2, 3, 4)), "do not multiply"),
        ("gawee-matmul-result-shape", MATMUL_G.result(t(2, 5, 3, 5)), "result shape"),
        ("gawee-matmul-mixed-types", MATMUL_G.operand(1, t(5, 4, 6, element="f64")), "f64"),
        ("gawee-softmax-axis-range", SOFTMAX.attr("axis", i64(2)), "out of range"),
        ("gawee-softmax-negative-axis-range", SOFTMAX.attr("axis", i64(-3)), "out of range"),
        ("gawee-softmax-result-shape", SOFTMAX.result(t(3, 2)), "result shape"),
    ]
    cases += [
        ("instance_norm-rank-2", INSTANCE_NORM.operand(0, t(2, 3)).result(t(2, 3)), "rank"),
        ("instance_norm-weight-shape", INSTANCE_NORM.operand(1, t(4)), "weight shape"),
        ("instance_norm-bias-shape", INSTANCE_NORM.operand(2, t(3, 1)), "bias shape"),
        ("instance_norm-zero-epsilon", INSTANCE_NORM.attr("epsilon", "0.000000e+00 : f64"), "epsilon"),
        ("instance_norm-result-shape", INSTANCE_NORM.result(t(2, 3, 5, 4)), "result shape"),
        ("instance_norm-mixed-types", INSTANCE_NORM.operand(1, t(3, element="f64")), "f64"),
        ("group_norm-groups-divide", GROUP_NORM.attr("numGroups", i64(3)), "divide"),
        ("group_norm-zero-groups", GROUP_NORM.attr("numGroups", i64(0)), "divide"),
        ("group_norm-rank-2", GROUP_NORM.operand(0, t(2, 4)).result(t(2, 4)), "rank"),
        ("group_norm-weight-shape", GROUP_NORM.operand(1, t(2)), "weight shape"),
        ("group_norm-bias-shape", GROUP_NORM.operand(2, t(4, 1)), "bias shape"),
        ("group_norm-zero-epsilon", GROUP_NORM.attr("epsilon", "0.000000e+00 : f64"), "epsilon"),
        ("group_norm-result-shape", GROUP_NORM.result(t(2, 4, 5, 3)), "result shape"),
        ("layer_norm-axis-range", LAYER_NORM.attr("axis", i64(3)), "out of range"),
        ("layer_norm-weight-shape", LAYER_NORM.operand(1, t(4)), "weight shape"),
        ("layer_norm-bias-shape", LAYER_NORM.operand(2, t(2, 4)), "bias shape"),
        ("layer_norm-zero-epsilon", LAYER_NORM.attr("epsilon", "0.000000e+00 : f64"), "epsilon"),
        ("layer_norm-result-shape", LAYER_NORM.result(t(2, 4, 3)), "result shape"),
        ("layer_norm-mixed-types", LAYER_NORM.operand(1, t(3, 4, element="f64")), "f64"),
    ]
    for op in REDUCES:
        short = op.name.removeprefix("gawee.")
        cases += [
            (f"{short}-no-axes", op.attr("axes", a()), "distinct dims"),
            (f"{short}-axis-out-of-range", op.attr("axes", a(3)), "distinct dims"),
            (f"{short}-repeated-axis", op.attr("axes", a(1, -2)).result(t(2, 1, 4)), "distinct dims"),
            (f"{short}-empty-dim", op.operand(0, t(2, 0, 4)), "empty"),
            (f"{short}-result-shape", op.result(t(2, 4)), "result shape"),
            (f"{short}-keep-dims-not-bool", op.attr("keepDims", i64(1)), "i1"),
        ]
    # the unary and binary element-wise families: types and shapes as relu's and add's
    for op in UNARY:
        short = op.name.removeprefix("gawee.")
        cases += [
            (f"{short}-result-shape", op.result(t(3, 2)), "result shape"),
            (f"{short}-mixed-types", op.result(t(2, 3, element="f64")), "f64"),
            (f"{short}-integer-result", op.result(t(2, 3, element="i32")), "i32"),
        ]
        element = "i1" if op.name in NUMERIC else "i32"
        cases.append(
            (
                f"{short}-{element}-operands",
                op.operand(0, t(2, 3, element=element)).result(t(2, 3, element=element)),
                element,
            )
        )
    for op in PREDICATES:
        short = op.name.removeprefix("gawee.")
        cases += [
            (f"{short}-result-shape", op.result(t(3, 2, element="i1")), "result shape"),
            (f"{short}-integer", op.operand(0, t(2, 3, element="i32")), "i32"),
            (f"{short}-float-result", op.result(t(2, 3)), "f32"),
        ]
    for op in BINARY:
        short = op.name.removeprefix("gawee.")
        cases += [
            (f"{short}-not-broadcasting", op.operand(1, t(3, 2)), "broadcast"),
            (f"{short}-result-shape", op.result(t(2, 1, 4)), "result shape"),
            (f"{short}-mixed-types", op.operand(1, t(3, 1, element="f64")), "f64"),
        ]
        element = "i1" if op.name in NUMERIC else "i32"
        cases.append(
            (
                f"{short}-{element}-operands",
                op.operand(0, t(2, 1, 4, element=element))
                .operand(1, t(3, 1, element=element))
                .result(t(2, 3, 4, element=element)),
                element,
            )
        )
    for op in VARIADIC:
        short = op.name.removeprefix("gawee.")
        cases += [
            (
                f"{short}-not-broadcasting",
                op.operand(1, t(3, 2)),
                "operand shapes [2, 1, 4] and [3, 2] and [4] do not broadcast",
            ),
            (f"{short}-result-shape", op.result(t(2, 3, 1)), "result shape"),
            (f"{short}-mixed-types", op.operand(2, t(4, element="f64")), "f64"),
            (f"{short}-no-inputs", Op(op.name, (), {}, (t(2),)), "at least one"),
        ]
    cases += [
        (
            "mean-integer",
            VARIADIC[3]
            .operand(0, t(2, 1, 4, element="i32"))
            .operand(1, t(3, 1, element="i32"))
            .operand(2, t(4, element="i32"))
            .result(t(2, 3, 4, element="i32")),
            "i32",
        ),
        (
            "max-mask",
            VARIADIC[0]
            .operand(0, t(2, 1, 4, element="i1"))
            .operand(1, t(3, 1, element="i1"))
            .operand(2, t(4, element="i1"))
            .result(t(2, 3, 4, element="i1")),
            "i1",
        ),
        ("clip-result-shape", CLIP.result(t(3, 2)), "result shape"),
        ("clip-bound-not-f64", CLIP.attr("min", "1.000000e+00 : f32"), "f64"),
        ("clip-integer", CLIP.operand(0, t(2, 3, element="i32")).result(t(2, 3, element="i32")), "i32"),
        ("log_softmax-axis-range", LOG_SOFTMAX.attr("axis", i64(2)), "out of range"),
        ("log_softmax-result-shape", LOG_SOFTMAX.result(t(3, 2)), "result shape"),
    ]
    for op in COMPARES:
        short = op.name.removeprefix("gawee.")
        cases += [
            (f"{short}-not-broadcasting", op.operand(1, t(3, 2)), "broadcast"),
            (f"{short}-result-shape", op.result(t(2, 3, 1, element="i1")), "result shape"),
            (f"{short}-float-result", op.result(t(2, 3, 4)), "i1"),
            (f"{short}-mixed-types", op.operand(1, t(3, 1, element="i64")), "i64"),
        ]
    cases += [
        (
            "less-on-masks",
            COMPARES[1].operand(0, t(2, 1, 4, element="i1")).operand(1, t(3, 1, element="i1")),
            "i1",
        ),
    ]
    for op in LOGICAL:
        short = op.name.removeprefix("gawee.")
        cases += [
            (f"{short}-float", op.operand(0, t(2, 1)).operand(1, t(3)).result(t(2, 3)), "i1"),
            (f"{short}-not-broadcasting", op.operand(0, t(2, 2, element="i1")), "broadcast"),
            (f"{short}-result-shape", op.result(t(3, 2, element="i1")), "result shape"),
        ]
    cases += [
        ("not-float", NOT.operand(0, t(2, 3)).result(t(2, 3)), "i1"),
        ("not-result-shape", NOT.result(t(3, 2, element="i1")), "result shape"),
        ("where-float-condition", WHERE.operand(0, t(2, 1)), "i1"),
        ("where-not-broadcasting", WHERE.operand(0, t(2, 2, element="i1")), "broadcast"),
        ("where-mixed-types", WHERE.operand(2, t(1, element="f64")), "f64"),
        ("where-result-shape", WHERE.result(t(2, 1)), "result shape"),
        ("cast-result-shape", G_CAST.result(t(3, 2, element="i64")), "result shape"),
        ("cast-to-type-mismatch", G_CAST.attr("toType", i64(1)), "toType"),
        ("cast-unknown-to-type", G_CAST.attr("toType", i64(8)), "toType"),
        ("cast-unsupported-element", G_CAST.attr("toType", None).result(t(2, 3, element="i3")), "i3"),
        ("gather-axis-range", GATHER_G.attr("axis", i64(2)), "out of range"),
        ("gather-float-indices", GATHER_G.operand(1, t(2, 3)), "i64"),
        ("gather-empty-dim", GATHER_G.operand(0, t(0, 4)), "empty"),
        ("gather-result-shape", GATHER_G.result(t(2, 3, 5)), "result shape"),
        ("gather-mixed-types", GATHER_G.result(t(2, 3, 4, element="f64")), "f64"),
        ("gather_elements-ranks", GATHER_ELEMENTS.operand(1, t(3, element="i32")).result(t(3)), "rank"),
        ("gather_elements-axis-range", GATHER_ELEMENTS.attr("axis", i64(-3)), "out of range"),
        (
            "gather_elements-does-not-fit",
            GATHER_ELEMENTS.operand(1, t(3, 5, element="i32")).result(t(3, 5)),
            "does not fit",
        ),
        ("gather_elements-result-shape", GATHER_ELEMENTS.result(t(5, 4)), "result shape"),
        (
            "gather_elements-empty-dim",
            GATHER_ELEMENTS.operand(0, t(0, 4)).operand(1, t(0, 2, element="i32")).result(t(0, 2)),
            "empty dim",
        ),
        ("cat-no-inputs", replace(CAT, operands=()).result(t(2, 4)), "at least one input"),
        ("gather_elements-float-indices", GATHER_ELEMENTS.operand(1, t(3, 2)), "i32"),
        ("expand-not-broadcasting", EXPAND.operand(0, t(3, 2)), "broadcast"),
        ("expand-smaller-result", EXPAND.result(t(3, 1)).operand(0, t(2, 3, 4)), "broadcast"),
        ("unsqueeze-axis-range", UNSQUEEZE.attr("axes", a(0, 4)), "distinct dims"),
        ("unsqueeze-repeated-axis", UNSQUEEZE.attr("axes", a(0, -4)), "distinct dims"),
        ("unsqueeze-no-axes", UNSQUEEZE.attr("axes", a()).result(t(2, 3)), "distinct dims"),
        ("unsqueeze-result-shape", UNSQUEEZE.result(t(2, 1, 3, 1)), "result shape"),
        ("squeeze-not-size-one", SQUEEZE.attr("axes", a(1)), "size other than 1"),
        ("squeeze-axis-range", SQUEEZE.attr("axes", a(4)), "distinct dims"),
        ("squeeze-result-shape", SQUEEZE.result(t(3, 2)), "result shape"),
        ("cat-axis-range", CAT.attr("axis", i64(2)), "out of range"),
        ("cat-other-dims", CAT.operand(1, t(3, 1)), "differ"),
        ("cat-ranks", CAT.operand(1, t(2, 1, 1)), "differ"),
        ("cat-result-shape", CAT.result(t(2, 5)), "result shape"),
        ("cat-mixed-types", CAT.operand(1, t(2, 1, element="f64")), "f64"),
        ("slice-lengths", G_SLICE.attr("steps", a(1)), "one value per sliced axis"),
        ("slice-zero-step", G_SLICE.attr("steps", a(2, 0)), "must not be 0"),
        ("slice-axis-range", G_SLICE.attr("axes", a(0, 2)), "distinct dims"),
        ("slice-repeated-axis", G_SLICE.attr("axes", a(1, -1)), "distinct dims"),
        ("slice-result-shape", G_SLICE.result(t(3, 3)), "result shape"),
    ]
    cases += [
        ("grid_sample-mode", GRID_SAMPLE.attr("mode", '"bilinear"'), "'mode' must be one of"),
        (
            "grid_sample-padding-mode",
            GRID_SAMPLE.attr("paddingMode", '"edge"'),
            "'paddingMode' must be one of",
        ),
        ("grid_sample-grid-batch", GRID_SAMPLE.operand(1, t(1, 6, 7, 2)), "grid shape [1, 6, 7, 2]"),
        ("grid_sample-grid-last-dim", GRID_SAMPLE.operand(1, t(2, 6, 7, 3)), "grid shape"),
        ("grid_sample-grid-rank", GRID_SAMPLE.operand(1, t(2, 42, 2)), "grid shape"),
        ("grid_sample-result-shape", GRID_SAMPLE.result(t(2, 3, 7, 6)), "result shape"),
        (
            "grid_sample-input-rank",
            GRID_SAMPLE.operand(0, t(2, 3)).operand(1, t(2, 0)).result(t(2, 3)),
            "rank",
        ),
        ("grid_sample-empty-input", GRID_SAMPLE.operand(0, t(2, 3, 0, 5)), "empty"),
        (
            "grid_sample-integer",
            GRID_SAMPLE.operand(0, t(2, 3, 4, 5, element="i32")).result(t(2, 3, 6, 7, element="i32")),
            "i32",
        ),
        ("affine_grid-theta-shape", AFFINE_GRID.operand(0, t(2, 3, 3)), "theta shape [2, 3, 3]"),
        ("affine_grid-theta-rank", AFFINE_GRID.operand(0, t(2, 12)), "rank"),
        (
            "affine_grid-4d-theta",
            AFFINE_GRID.operand(0, t(2, 4, 5)).result(t(2, 1, 1, 1, 1, 4)),
            "theta shape",
        ),
        ("affine_grid-result-rank", AFFINE_GRID.result(t(2, 5, 6, 3)), "result shape [2, 5, 6, 3]"),
        ("affine_grid-result-batch", AFFINE_GRID.result(t(1, 5, 1, 6, 3)), "result shape"),
        ("affine_grid-result-last-dim", AFFINE_GRID.result(t(2, 5, 1, 6, 2)), "result shape"),
        ("affine_grid-empty", AFFINE_GRID.result(t(2, 5, 0, 6, 3)), "empty"),
        ("affine_grid-mixed-types", AFFINE_GRID.result(t(2, 5, 1, 6, 3, element="f64")), "f64"),
        ("topk-axis-range", TOPK.attr("axis", i64(2)), "out of range"),
        ("topk-zero-k", TOPK.attr("k", i64(0)), "'k'"),
        ("topk-k-too-large", TOPK.attr("k", i64(8)), "'k'"),
        ("topk-values-shape", replace(TOPK, results=(t(3, 2), t(3, 3, element="i64"))), "values shape"),
        ("topk-indices-shape", replace(TOPK, results=(t(3, 3), t(3, 2, element="i64"))), "indices shape"),
        ("topk-i32-indices", replace(TOPK, results=(t(3, 3), t(3, 3, element="i32"))), "i64"),
        (
            "topk-mask",
            replace(
                TOPK,
                operands=(t(3, 7, element="i1"),),
                results=(t(3, 3, element="i1"), t(3, 3, element="i64")),
            ),
            "i1",
        ),
        ("topk-mixed-types", replace(TOPK, results=(t(3, 3, element="f64"), t(3, 3, element="i64"))), "f64"),
        ("topk-largest-not-bool", TOPK.attr("largest", i64(1)), "i1"),
        ("scatter_nd-unknown-reduction", SCATTER_ND.attr("reduction", '"sum"'), "'reduction'"),
        (
            "scatter_nd-reduction-on-masks",
            replace(
                SCATTER_ND,
                operands=(t(4, 3, element="i1"), t(2, 1, element="i64"), t(2, 3, element="i1")),
                results=(t(4, 3, element="i1"),),
            ).attr("reduction", '"max"'),
            "needs numbers",
        ),
        ("scatter_nd-index-too-deep", SCATTER_ND.operand(1, t(2, 3, element="i64")), "last dim of indices"),
        ("scatter_nd-scalar-indices", SCATTER_ND.operand(1, t(element="i64")), "rank >= 1"),
        ("scatter_nd-updates-shape", SCATTER_ND.operand(2, t(2, 2)), "updates shape"),
        ("scatter_nd-result-shape", SCATTER_ND.result(t(3, 4)), "result shape"),
        ("scatter_nd-i32-indices", SCATTER_ND.operand(1, t(2, 1, element="i32")), "i64"),
        ("scatter_nd-mixed-types", SCATTER_ND.operand(2, t(2, 3, element="f64")), "f64"),
        ("resize-unknown-mode", RESIZE.attr("mode", '"area"'), "'mode'"),
        (
            "resize-cubic-integers",
            RESIZE.attr("mode", '"cubic"')
            .operand(0, t(1, 2, 3, 4, element="i32"))
            .result(t(1, 2, 6, 10, element="i32")),
            "cubic mode needs a float",
        ),
        ("resize-antialias-nearest", RESIZE.attr("mode", '"nearest"').attr("antialias", "true"), "antialias"),
        (
            "resize-exclude-outside-nearest",
            RESIZE.attr("mode", '"nearest"').attr("excludeOutside", "true"),
            "excludeOutside",
        ),
        ("resize-antialias-not-a-bool", RESIZE.attr("antialias", i64(1)), "i1"),
        ("resize-cubic-coeff-not-f64", RESIZE.attr("cubicCoeffA", "-5.000000e-01 : f32"), "f64"),
        ("resize-cubic-coeff-not-finite", RESIZE.attr("cubicCoeffA", "0x7FF0000000000000 : f64"), "finite"),
        (
            "resize-tf-crop-and-resize-without-roi",
            RESIZE.attr("coordinateTransformationMode", '"tf_crop_and_resize"'),
            "needs 'roi'",
        ),
        (
            "resize-roi-length",
            RESIZE.attr("coordinateTransformationMode", '"tf_crop_and_resize"').attr(
                "roi", "array<f64: 0.0, 0.0, 1.0, 1.0>"
            ),
            "8 finite values",
        ),
        (
            "resize-roi-without-crop",
            RESIZE.attr("roi", "array<f64: 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0>"),
            "only read by tf_crop_and_resize",
        ),
        (
            "resize-crop-integers",
            RESIZE.attr("mode", '"nearest"')
            .attr("coordinateTransformationMode", '"tf_crop_and_resize"')
            .attr("roi", "array<f64: 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0>")
            .operand(0, t(1, 2, 3, 4, element="i32"))
            .result(t(1, 2, 6, 10, element="i32")),
            "tf_crop_and_resize needs a float",
        ),
        ("resize-unknown-nearest-mode", RESIZE.attr("nearestMode", '"round"'), "nearestMode"),
        (
            "resize-linear-integers",
            RESIZE.operand(0, t(1, 2, 3, 4, element="i32")).result(t(1, 2, 6, 10, element="i32")),
            "float",
        ),
        ("resize-ranks", RESIZE.result(t(2, 6, 10)), "rank"),
        ("resize-empty", RESIZE.operand(0, t(1, 2, 0, 4)).attr("scales", None), "empty"),
        # sizes of 0 (no scales): a scale of 0, which ONNX Runtime rejects; positive scales
        # that floor to 0 give an empty result (test_onnx_selection.py)
        ("resize-empty-result", RESIZE.result(t(1, 2, 0, 10)).attr("scales", None), "empty"),
        ("resize-scales-length", RESIZE.attr("scales", "array<f64: 2.0, 2.5>"), "one value per dim"),
        ("resize-negative-scale", RESIZE.attr("scales", "array<f64: 1.0, 1.0, -2.0, 2.5>"), "positive"),
        ("resize-result-shape", RESIZE.result(t(1, 2, 6, 11)), "floor"),
        ("resize-mode-not-a-string", RESIZE.attr("mode", i64(1)), "string"),
        ("resize-integer-scales", RESIZE.attr("scales", a(1, 1, 2, 2)), "f64"),
        ("resize-mixed-types", RESIZE.result(t(1, 2, 6, 10, element="f64")), "f64"),
    ]
    cases += [
        ("gelu-unknown-approximation", GELU.attr("approximate", '"erf"'), "approximate"),
        ("gelu-approximation-not-a-string", GELU.attr("approximate", "1 : i64"), "string"),
        ("gelu-result-shape", GELU.result(t(3, 2)), "result shape"),
        ("leaky_relu-alpha-not-f64", LEAKY_RELU.attr("alpha", "1.000000e-01 : f32"), "f64"),
        ("mod-fmod-not-a-bool", MOD.attr("fmod", "1 : i64"), "i1"),
        ("mod-result-shape", MOD.result(t(3, 2, element="i32")), "result shape"),
        ("bit_shift-unknown-direction", BIT_SHIFT.attr("direction", '"UP"'), "LEFT"),
        ("bit_shift-direction-not-a-string", BIT_SHIFT.attr("direction", "1 : i64"), "string"),
        ("bit_shift-no-direction", BIT_SHIFT.attr("direction", None), "direction"),
        (
            "bit_shift-float",
            BIT_SHIFT.operand(0, t(2, 1)).operand(1, t(3)).result(t(2, 3)),
            "f32",
        ),
        (
            "bit_shift-i1",
            BIT_SHIFT.operand(0, t(2, 1, element="i1"))
            .operand(1, t(3, element="i1"))
            .result(t(2, 3, element="i1")),
            "i1",
        ),
        ("bit_shift-mixed-types", BIT_SHIFT.operand(1, t(3, element="i8")), "i8"),
        (
            "bit_shift-not-broadcasting",
            BIT_SHIFT.operand(0, t(2, 3, element="ui8")).operand(1, t(4, element="ui8")),
            "broadcast",
        ),
        ("bit_shift-result-shape", BIT_SHIFT.result(t(3, 2, element="ui8")), "result shape"),
        *(
            case
            for op in BITWISE
            for case in (
                (f"{op.name[6:]}-float", op.operand(0, t(2, 1)).operand(1, t(3)).result(t(2, 3)), "f32"),
                (
                    f"{op.name[6:]}-i1",
                    op.operand(0, t(2, 1, element="i1"))
                    .operand(1, t(3, element="i1"))
                    .result(t(2, 3, element="i1")),
                    "i1",
                ),
                (f"{op.name[6:]}-mixed-types", op.operand(1, t(3, element="i8")), "i8"),
                (
                    f"{op.name[6:]}-not-broadcasting",
                    op.operand(0, t(2, 3, element="ui8")).operand(1, t(4, element="ui8")),
                    "broadcast",
                ),
                (f"{op.name[6:]}-result-shape", op.result(t(3, 2, element="ui8")), "result shape"),
            )
        ),
        ("bitwise_not-float", BITWISE_NOT.operand(0, t(2, 3)).result(t(2, 3)), "f32"),
        ("bitwise_not-i1", BITWISE_NOT.operand(0, t(2, 3, element="i1")).result(t(2, 3, element="i1")), "i1"),
        ("bitwise_not-result-type", BITWISE_NOT.result(t(2, 3, element="ui16")), "ui16"),
        ("bitwise_not-result-shape", BITWISE_NOT.result(t(3, 2, element="i16")), "result shape"),
    ]
    cases += NN_CASES
    return [Invalid(op, op.name, phrase, id) for id, op, phrase in cases]


__all__ = ["GAWEE_OPS", "SHAPED_OPS", "gawee_cases", "shaped_cases"]
