"""The valid gawee nn ops of the verifier-rule tests added with gemm (gemm, average_pool,
lp_pool, global_average_pool, global_max_pool, lrn, and conv and the window pools over 1 and 3
spatial dims; conv_transpose) and their invalid cases; gawee_rules.py adds them to its table.
"""

from __future__ import annotations

from dataclasses import replace

from verifier_cases import Op, a, i64, t

GEMM = Op(
    "gawee.gemm",
    (t(4, 3), t(5, 4), t(1, 5)),
    {"transA": "true", "transB": "true", "alpha": "5.000000e-01 : f64"},
    (t(3, 5),),
)
AVERAGE_POOL = Op(
    "gawee.average_pool",
    (t(1, 2, 8, 9),),
    {
        "kernelSize": a(3, 2),
        "strides": a(2, 3),
        "padding": a(1, 0, 1, 1),
        "ceilMode": "true",
        "countIncludePad": "false",
    },
    (t(1, 2, 5, 3),),
)
LP_POOL = Op(
    "gawee.lp_pool",
    (t(1, 2, 8, 9),),
    {"kernelSize": a(3, 2), "strides": a(2, 3), "padding": a(1, 0, 1, 1), "ceilMode": "true", "p": i64(3)},
    (t(1, 2, 5, 3),),
)
MAX_POOL_WITH_INDICES = Op(
    "gawee.max_pool_with_indices",
    (t(1, 2, 8, 9),),
    {
        "kernelSize": a(3, 2),
        "strides": a(2, 3),
        "padding": a(1, 0, 1, 1),
        "dilation": a(1, 1),
        "ceilMode": "true",
        "storageOrder": i64(1),
    },
    (t(1, 2, 5, 3), t(1, 2, 5, 3, element="i64")),
)
MAX_UNPOOL = Op(
    "gawee.max_unpool",
    (t(1, 2, 3, 4), t(1, 2, 3, 4, element="i64")),
    {"kernelSize": a(3, 2), "strides": a(2, 3), "padding": a(1, 0, 1, 1)},
    (t(1, 2, 6, 10),),
)
GLOBAL_AVERAGE_POOL = Op("gawee.global_average_pool", (t(2, 3, 4, 5),), {}, (t(2, 3, 1, 1),))
GLOBAL_MAX_POOL = Op("gawee.global_max_pool", (t(2, 3, 4, 5, 6),), {}, (t(2, 3, 1, 1, 1),))
CONV_1D = Op(
    "gawee.conv",
    (t(2, 4, 9), t(6, 2, 3)),
    {"strides": a(2), "padding": a(1, 0), "dilation": a(1), "groups": i64(2)},
    (t(2, 6, 4),),
)
CONV_3D = Op(
    "gawee.conv",
    (t(1, 2, 5, 6, 7), t(3, 2, 2, 3, 2)),
    {"strides": a(1, 2, 1), "padding": a(1, 0, 1), "dilation": a(1, 1, 2)},
    (t(1, 3, 6, 2, 7),),
)
MAX_POOL_1D = Op(
    "gawee.max_pool",
    (t(2, 4, 9),),
    {"kernelSize": a(3), "strides": a(2), "padding": a(1), "dilation": a(1), "ceilMode": "true"},
    (t(2, 4, 5),),
)
AVERAGE_POOL_3D = Op(
    "gawee.average_pool",
    (t(1, 2, 5, 6, 7),),
    {
        "kernelSize": a(2, 3, 2),
        "strides": a(2, 2, 2),
        "padding": a(1, 1, 0),
        "dilation": a(1, 1, 2),
        "ceilMode": "true",
        "countIncludePad": "false",
    },
    (t(1, 2, 3, 4, 3),),
)
CONV_TRANSPOSE = Op(
    "gawee.conv_transpose",
    (t(1, 4, 3, 3), t(4, 3, 3, 3), t(6)),
    {
        "strides": a(2, 2),
        "padding": a(1, 0, 1, 1),
        "dilation": a(1, 2),
        "outputPadding": a(1, 0),
        "groups": i64(2),
    },
    (t(1, 6, 6, 8),),
)
LRN = Op("gawee.lrn", (t(1, 6, 3, 3),), {"size": i64(5), "beta": "7.500000e-01 : f64"}, (t(1, 6, 3, 3),))
# recurrent ops: 2 steps, batch 1, 3 input features, hidden size 2
RNN = Op("gawee.rnn", (t(2, 1, 3), t(2, 3), t(2, 2), t(4), t(1, 2)), {}, (t(2, 1, 2), t(1, 2)))
GRU = Op(
    "gawee.gru",
    (t(2, 1, 3), t(6, 3), t(6, 2), t(12), t(1, 2)),
    {"linearBeforeReset": "true"},
    (t(2, 1, 2), t(1, 2)),
)
LSTM = Op(
    "gawee.lstm",
    (t(2, 1, 3), t(8, 3), t(8, 2), t(16), t(1, 2), t(1, 2)),
    {"reverse": "true"},
    (t(2, 1, 2), t(1, 2), t(1, 2)),
)


def _result(op: Op, index: int, type: str) -> Op:
    """`op` with result `index` of type `type` (`Op.result` replaces them all)."""
    return replace(op, results=(*op.results[:index], type, *op.results[index + 1 :]))


NN_CASES: list[tuple[str, Op, str]] = [
    ("gemm-a-rank", GEMM.operand(0, t(4, 3, 1)), "A must have rank 2, got rank 3"),
    ("gemm-b-rank", GEMM.operand(1, t(20)), "B must have rank 2, got rank 1"),
    ("gemm-inner-dims", GEMM.attr("transA", None), "do not multiply"),
    ("gemm-c-not-broadcasting", GEMM.operand(2, t(3, 2)), "broadcast"),
    ("gemm-c-rank", GEMM.operand(2, t(1, 3, 5)), "broadcast"),
    ("gemm-c-bidirectional", GEMM.operand(1, t(1, 4)).operand(2, t(3, 5)).result(t(3, 1)), "broadcast"),
    ("gemm-result-shape", GEMM.result(t(5, 3)), "result shape"),
    ("gemm-trans-not-bool", GEMM.attr("transB", i64(1)), "i1"),
    ("gemm-alpha-not-f64", GEMM.attr("alpha", "5.000000e-01 : f32"), "f64"),
    ("gemm-mixed-types", GEMM.operand(2, t(1, 5, element="f64")), "f64"),
    ("average_pool-input-rank", AVERAGE_POOL.operand(0, t(2, 8, 9)), "rank"),
    ("average_pool-kernel-length", AVERAGE_POOL.attr("kernelSize", a(3)), "kernelSize"),
    ("average_pool-zero-stride", AVERAGE_POOL.attr("strides", a(0, 3)), "'strides' values"),
    ("average_pool-dilation-length", AVERAGE_POOL.attr("dilation", a(1, 1, 1)), "dilation"),
    ("average_pool-zero-dilation", AVERAGE_POOL.attr("dilation", a(1, 0)), "dilation"),
    ("average_pool-padding-length", AVERAGE_POOL.attr("padding", a(1, 0, 1)), "padding"),
    ("average_pool-negative-padding", AVERAGE_POOL.attr("padding", a(1, -1)), "padding"),
    ("average_pool-empty-input", AVERAGE_POOL.operand(0, t(1, 2, 0, 9)), "empty"),
    ("average_pool-kernel-too-large", AVERAGE_POOL.attr("kernelSize", a(12, 2)), "kernel"),
    (
        "average_pool-window-of-padding",
        AVERAGE_POOL.attr("padding", a(3, 0, 1, 1)).result(t(1, 2, 6, 3)),
        "only padding",
    ),
    ("average_pool-ceil-result-shape", AVERAGE_POOL.attr("ceilMode", "false"), "result shape"),
    ("average_pool-count-not-bool", AVERAGE_POOL.attr("countIncludePad", i64(0)), "i1"),
    ("average_pool-missing-count", AVERAGE_POOL.attr("countIncludePad", None), "countIncludePad"),
    ("average_pool-result-shape", AVERAGE_POOL.result(t(1, 2, 5, 4)), "result shape"),
    ("lp_pool-zero-p", LP_POOL.attr("p", i64(0)), "'p' must be >= 1"),
    ("lp_pool-p-not-i64", LP_POOL.attr("p", "3 : i32"), "i64"),
    ("lp_pool-kernel-length", LP_POOL.attr("kernelSize", a(3)), "kernelSize"),
    (
        "lp_pool-window-of-padding",
        LP_POOL.attr("padding", a(3, 0, 1, 1)).result(t(1, 2, 6, 3)),
        "only padding",
    ),
    ("lp_pool-ceil-result-shape", LP_POOL.attr("ceilMode", "false"), "result shape"),
    ("lp_pool-f16-result", LP_POOL.result(t(1, 2, 5, 3, element="f16")), "f16"),
    (
        "max_pool_with_indices-storage-order",
        MAX_POOL_WITH_INDICES.attr("storageOrder", i64(2)),
        "'storageOrder'",
    ),
    (
        "max_pool_with_indices-indices-shape",
        _result(MAX_POOL_WITH_INDICES, 1, t(1, 2, 5, 4, element="i64")),
        "indices shape",
    ),
    (
        "max_pool_with_indices-indices-i32",
        _result(MAX_POOL_WITH_INDICES, 1, t(1, 2, 5, 3, element="i32")),
        "i64",
    ),
    ("max_pool_with_indices-values-shape", _result(MAX_POOL_WITH_INDICES, 0, t(1, 2, 4, 3)), "result shape"),
    ("max_pool_with_indices-kernel-length", MAX_POOL_WITH_INDICES.attr("kernelSize", a(3)), "kernelSize"),
    ("max_unpool-indices-shape", MAX_UNPOOL.operand(1, t(1, 2, 3, 3, element="i64")), "indices shape"),
    ("max_unpool-indices-i32", MAX_UNPOOL.operand(1, t(1, 2, 3, 4, element="i32")), "i64"),
    ("max_unpool-smaller-result", MAX_UNPOOL.result(t(1, 2, 4, 10)), "at least the unpooled [5, 10]"),
    ("max_unpool-result-channels", MAX_UNPOOL.result(t(1, 3, 5, 10)), "batch and channels"),
    ("max_unpool-padding-length", MAX_UNPOOL.attr("padding", a(1, 0, 1)), "'padding'"),
    ("max_unpool-empty", MAX_UNPOOL.attr("padding", a(4, 0, 4, 0)).result(t(1, 2, 1, 10)), "is empty"),
    ("max_unpool-input-rank", MAX_UNPOOL.operand(0, t(2, 3)).operand(1, t(2, 3, element="i64")), "rank"),
    ("global_average_pool-input-rank", GLOBAL_AVERAGE_POOL.operand(0, t(2, 3)).result(t(2, 3)), "rank"),
    ("global_average_pool-empty-input", GLOBAL_AVERAGE_POOL.operand(0, t(2, 3, 0, 5)), "empty"),
    ("global_average_pool-result-shape", GLOBAL_AVERAGE_POOL.result(t(2, 3, 1)), "result shape"),
    (
        "global_average_pool-integer",
        GLOBAL_AVERAGE_POOL.operand(0, t(2, 3, 4, 5, element="i32")).result(t(2, 3, 1, 1, element="i32")),
        "i32",
    ),
    ("global_max_pool-input-rank", GLOBAL_MAX_POOL.operand(0, t(2, 3)).result(t(2, 3)), "rank"),
    ("global_max_pool-empty-input", GLOBAL_MAX_POOL.operand(0, t(2, 3, 4, 0, 6)), "empty"),
    ("global_max_pool-result-shape", GLOBAL_MAX_POOL.result(t(2, 3, 1, 1)), "result shape"),
    (
        "global_max_pool-integer",
        GLOBAL_MAX_POOL.operand(0, t(2, 3, 4, element="i32")).result(t(2, 3, 1, element="i32")),
        "i32",
    ),
    # conv and the window pools over 1 and 3 spatial dims: one value per spatial dim
    ("conv1d-input-rank-6", CONV_1D.operand(0, t(2, 4, 9, 1, 1, 1)), "input must have rank 3 or 4 or 5"),
    ("conv1d-weight-rank", CONV_1D.operand(1, t(6, 2, 3, 1)), "weight must have rank 3"),
    ("conv1d-strides-length", CONV_1D.attr("strides", a(2, 2)), "'strides' must have 1 values"),
    ("conv1d-padding-length", CONV_1D.attr("padding", a(1, 0, 0)), "'padding' must have 1 or 2 values"),
    ("conv1d-dilation-length", CONV_1D.attr("dilation", a(1, 1)), "'dilation' must have 1 values"),
    ("conv1d-kernel-too-large", CONV_1D.operand(1, t(6, 2, 11)), "does not fit"),
    ("conv1d-result-shape", CONV_1D.result(t(2, 6, 5)), "result shape"),
    ("conv3d-strides-length", CONV_3D.attr("strides", a(1, 2)), "'strides' must have 3 values"),
    ("conv3d-padding-length", CONV_3D.attr("padding", a(1, 0, 1, 0)), "'padding' must have 3 or 6 values"),
    ("conv3d-dilation-length", CONV_3D.attr("dilation", a(1, 1, 1, 2)), "'dilation' must have 3 values"),
    ("conv3d-zero-dilation", CONV_3D.attr("dilation", a(1, 0, 2)), "'dilation' values"),
    ("conv3d-weight-channels", CONV_3D.operand(1, t(3, 1, 2, 3, 2)), "channels"),
    ("conv3d-result-shape", CONV_3D.result(t(1, 3, 6, 2, 6)), "result shape"),
    ("conv_transpose-input-rank-6", CONV_TRANSPOSE.operand(0, t(1, 4, 3, 3, 1, 1)), "rank 3 or 4 or 5"),
    ("conv_transpose-weight-rank", CONV_TRANSPOSE.operand(1, t(4, 3, 3)), "weight must have rank 4"),
    ("conv_transpose-strides-length", CONV_TRANSPOSE.attr("strides", a(2)), "'strides' must have 2 values"),
    (
        "conv_transpose-padding-length",
        CONV_TRANSPOSE.attr("padding", a(1, 0, 1)),
        "'padding' must have 2 or 4",
    ),
    ("conv_transpose-negative-padding", CONV_TRANSPOSE.attr("padding", a(1, -1)), "'padding' values"),
    ("conv_transpose-zero-dilation", CONV_TRANSPOSE.attr("dilation", a(1, 0)), "'dilation' values"),
    (
        "conv_transpose-output-padding-length",
        CONV_TRANSPOSE.attr("outputPadding", a(1)),
        "'outputPadding' must",
    ),
    (
        "conv_transpose-negative-output-padding",
        CONV_TRANSPOSE.attr("outputPadding", a(1, -1)),
        "'outputPadding'",
    ),
    ("conv_transpose-weight-channels", CONV_TRANSPOSE.operand(1, t(2, 3, 3, 3)), "input channels"),
    ("conv_transpose-groups-divide", CONV_TRANSPOSE.attr("groups", i64(3)), "must divide"),
    ("conv_transpose-zero-groups", CONV_TRANSPOSE.attr("groups", i64(0)), "'groups' must be >= 1"),
    ("conv_transpose-bias-shape", CONV_TRANSPOSE.operand(2, t(3)), "bias shape"),
    ("conv_transpose-bias-type", CONV_TRANSPOSE.operand(2, t(6, element="f64")), "f64"),
    (
        "conv_transpose-crops-everything",
        CONV_TRANSPOSE.attr("padding", a(3, 5, 3, 5)),
        "crops the whole output",
    ),
    ("conv_transpose-result-shape", CONV_TRANSPOSE.result(t(1, 6, 6, 7)), "result shape"),
    ("max_pool1d-kernel-length", MAX_POOL_1D.attr("kernelSize", a(3, 3)), "'kernelSize' must have 1 values"),
    (
        "max_pool1d-padding-length",
        MAX_POOL_1D.attr("padding", a(1, 1, 1)),
        "'padding' must have 1 or 2 values",
    ),
    ("max_pool1d-negative-padding", MAX_POOL_1D.attr("padding", a(-1)), "'padding' values"),
    ("max_pool1d-empty-input", MAX_POOL_1D.operand(0, t(2, 4, 0)), "empty"),
    ("max_pool1d-result-shape", MAX_POOL_1D.result(t(2, 4, 4)), "result shape"),
    (
        "max_pool-input-rank-6",
        MAX_POOL_1D.operand(0, t(2, 4, 9, 1, 1, 1)),
        "input must have rank 3 or 4 or 5",
    ),
    (
        "average_pool3d-dilation-length",
        AVERAGE_POOL_3D.attr("dilation", a(1, 1)),
        "'dilation' must have 3 values",
    ),
    (
        "average_pool3d-strides-length",
        AVERAGE_POOL_3D.attr("strides", a(2, 2)),
        "'strides' must have 3 values",
    ),
    ("average_pool3d-kernel-too-large", AVERAGE_POOL_3D.attr("kernelSize", a(9, 3, 2)), "does not fit"),
    (
        "average_pool3d-window-of-padding",
        AVERAGE_POOL_3D.attr("padding", a(1, 1, 0, 3, 1, 0)).result(t(1, 2, 4, 4, 3)),
        "only padding",
    ),
    ("average_pool3d-result-shape", AVERAGE_POOL_3D.result(t(1, 2, 4, 4, 3)), "result shape"),
    ("lrn-input-rank", LRN.operand(0, t(6, 3, 3)).result(t(6, 3, 3)), "rank"),
    ("lrn-zero-size", LRN.attr("size", i64(0)), "size"),
    ("lrn-missing-size", LRN.attr("size", None), "size"),
    ("lrn-result-shape", LRN.result(t(1, 6, 3, 4)), "result shape"),
    ("lrn-beta-not-f64", LRN.attr("beta", "7.500000e-01 : f32"), "f64"),
    ("rnn-input-rank", RNN.operand(0, t(2, 1, 3, 1)), "input must have rank 3"),
    ("rnn-no-steps", _result(RNN.operand(0, t(0, 1, 3)), 0, t(0, 1, 2)), "at least one time step"),
    ("rnn-weight-features", RNN.operand(1, t(2, 4)), "weight shape [2, 4] does not match [2, 3]"),
    ("rnn-weight-rank", RNN.operand(1, t(6)), "weight must have rank 2"),
    ("rnn-initial-h-batch", RNN.operand(4, t(2, 2)), "initial_h shape [2, 2] does not match [1, 2]"),
    ("rnn-y-shape", _result(RNN, 0, t(2, 1, 3)), "result shape [2, 1, 3]"),
    ("rnn-reverse-not-bool", RNN.attr("reverse", i64(1)), "i1"),
    ("rnn-mixed-types", RNN.operand(3, t(4, element="f64")), "f64"),
    ("gru-recurrence-gates", GRU.operand(2, t(4, 2)), "recurrence shape [4, 2] does not match [6, 2]"),
    ("gru-bias-shape", GRU.operand(3, t(6)), "bias shape [6] does not match [12]"),
    ("gru-y-h-shape", _result(GRU, 1, t(1, 3)), "result #1 shape [1, 3] is not [1, 2]"),
    ("gru-before-reset-not-bool", GRU.attr("linearBeforeReset", i64(1)), "i1"),
    ("lstm-weight-gates", LSTM.operand(1, t(6, 3)), "weight shape [6, 3] does not match [8, 3]"),
    ("lstm-initial-c-shape", LSTM.operand(5, t(1, 3)), "initial_c shape [1, 3] does not match [1, 2]"),
    ("lstm-y-c-shape", _result(LSTM, 2, t(2, 2)), "result #2 shape [2, 2] is not [1, 2]"),
    ("lstm-no-initial-c", replace(LSTM, operands=LSTM.operands[:5]), "expected 6 or 7 operands, but got 5"),
    (
        "rnn-extra-state-result",
        replace(RNN, results=(*RNN.results, t(1, 2))),
        "expected 2 results, but got 3",
    ),
    (
        "lstm-peepholes-shape",
        replace(LSTM, operands=(*LSTM.operands, t(4))),
        "peepholes shape [4] is not [6] (Pi, Po, Pf of hidden size 2)",
    ),
    ("lstm-integer", LSTM.operand(0, t(2, 1, 3, element="i32")), "i32"),
]
