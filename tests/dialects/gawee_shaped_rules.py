"""The valid gawee split, tile, pad, trilu, constant, range, shape, arg_max / arg_min,
cumsum, cumprod, gather_nd, reverse_sequence, col2im and det ops of the verifier-rule tests and their invalid cases
(`SHAPED_OPS`, `shaped_cases`, imported by the tests from gawee_rules.py).
"""

from __future__ import annotations

from dataclasses import replace

from verifier_cases import Invalid, Op, a, i64, t

SPLIT = Op(
    "gawee.split", (t(4, 5),), {"splitSizes": a(2, 0, 3), "axis": i64(-1)}, (t(4, 2), t(4, 0), t(4, 3))
)
TILE = Op("gawee.tile", (t(2, 3),), {"repeats": a(3, 1)}, (t(6, 3),))
PAD = Op("gawee.pad", (t(4, 5),), {"pads": a(1, -1, 2, 3), "constantValue": "1.5 : f64"}, (t(7, 7),))
EDGE_PAD = PAD.attr("mode", '"edge"').attr("constantValue", None)
TRILU = Op("gawee.trilu", (t(2, 3, 4),), {"upper": "false", "k": i64(-1)}, (t(2, 3, 4),))
G_CONSTANT = Op("gawee.constant", (), {"value": "dense<[1.0, 2.5]> : tensor<2xf32>"}, (t(2),))
RANGE = Op(
    "gawee.range", (), {"start": "1 : i64", "limit": "10 : i64", "delta": "3 : i64"}, (t(3, element="i64"),)
)
F_RANGE = Op("gawee.range", (), {"start": "1.0 : f32", "limit": "0.0 : f32", "delta": "-0.3 : f32"}, (t(4),))
G_SHAPE = Op("gawee.shape", (t(2, 3, 4),), {"start": i64(1)}, (t(2, element="i64"),))
ARG_MAX = Op("gawee.arg_max", (t(2, 3, 4),), {"axis": i64(-2)}, (t(2, 1, 4, element="i64"),))
ARG_MIN = Op(
    "gawee.arg_min",
    (t(2, 3, element="i32"),),
    {"axis": i64(0), "keepDims": "false", "selectLastIndex": "true"},
    (t(3, element="i64"),),
)
CUMSUM = Op(
    "gawee.cumsum", (t(2, 3, element="i32"),), {"axis": i64(-1), "reverse": "true"}, (t(2, 3, element="i32"),)
)
CUMPROD = Op("gawee.cumprod", (t(4, 2),), {"axis": i64(0), "exclusive": "true"}, (t(4, 2),))
GATHER_ND = Op(
    "gawee.gather_nd", (t(2, 3, 4), t(2, 5, 1, element="i64")), {"batchDims": i64(1)}, (t(2, 5, 4),)
)
REVERSE_SEQUENCE = Op(
    "gawee.reverse_sequence",
    (t(4, 3, 2), t(3, element="i64")),
    {"timeAxis": i64(0), "batchAxis": i64(1)},
    (t(4, 3, 2),),
)
COL2IM = Op(
    "gawee.col2im",
    (t(2, 12, 2),),
    {
        "imageShape": a(4, 5),
        "blockShape": a(2, 3),
        "strides": a(2, 1),
        "padding": a(1, 0, 0, 0),
        "dilation": a(1, 2),
    },
    (t(2, 2, 4, 5),),
)
DET = Op("gawee.det", (t(2, 3, 3),), {}, (t(2),))
SHAPED_OPS = [
    REVERSE_SEQUENCE,
    COL2IM,
    DET,
    SPLIT,
    TILE,
    PAD,
    EDGE_PAD,
    TRILU,
    G_CONSTANT,
    RANGE,
    F_RANGE,
    G_SHAPE,
    ARG_MAX,
    ARG_MIN,
    CUMSUM,
    CUMPROD,
    GATHER_ND,
]


def shaped_cases() -> list[Invalid]:
    cases: list[tuple[str, Op, str]] = [
        ("reverse_sequence-same-axes", REVERSE_SEQUENCE.attr("batchAxis", i64(0)), "0 and 1 or 1 and 0"),
        ("reverse_sequence-axis-2", REVERSE_SEQUENCE.attr("batchAxis", i64(2)), "0 and 1 or 1 and 0"),
        (
            "reverse_sequence-rank-1",
            REVERSE_SEQUENCE.operand(0, t(4)).result(t(4)).operand(1, t(4, element="i64")),
            "rank >= 2",
        ),
        (
            "reverse_sequence-lens-shape",
            REVERSE_SEQUENCE.operand(1, t(4, element="i64")),
            "sequence_lens shape",
        ),
        ("reverse_sequence-i32-lens", REVERSE_SEQUENCE.operand(1, t(3, element="i32")), "i64"),
        (
            "reverse_sequence-empty-time",
            REVERSE_SEQUENCE.operand(0, t(0, 3, 2)).result(t(0, 3, 2)),
            "time dim must not be empty",
        ),
        ("reverse_sequence-result-shape", REVERSE_SEQUENCE.result(t(3, 4, 2)), "result shape"),
        ("reverse_sequence-result-type", REVERSE_SEQUENCE.result(t(4, 3, 2, element="f64")), "f64"),
        ("col2im-rank-2", COL2IM.operand(0, t(24, 2)), "rank 3"),
        ("col2im-block-length", COL2IM.attr("blockShape", a(2, 3, 1)), "'blockShape' must have 2 values"),
        ("col2im-padding-length", COL2IM.attr("padding", a(1, 0)), "'padding' must have 4 values"),
        ("col2im-zero-stride", COL2IM.attr("strides", a(0, 1)), "'strides' values must be >= 1"),
        ("col2im-negative-padding", COL2IM.attr("padding", a(1, 0, -1, 0)), "'padding' values must be >= 0"),
        ("col2im-channels", COL2IM.operand(0, t(2, 10, 2)), "not a multiple of prod(blockShape) = 6"),
        ("col2im-blocks", COL2IM.operand(0, t(2, 12, 3)), "number of blocks 2"),
        (
            "col2im-block-too-large",
            COL2IM.attr("blockShape", a(6, 1)),
            "does not fit",
        ),
        ("col2im-result-shape", COL2IM.result(t(2, 2, 5, 4)), "result shape"),
        (
            "col2im-masks",
            COL2IM.operand(0, t(2, 12, 2, element="i1")).result(t(2, 2, 4, 5, element="i1")),
            "i1",
        ),
        ("det-rank-1", DET.operand(0, t(3)).result(t()), "rank >= 2"),
        ("det-not-square", DET.operand(0, t(2, 3, 2)), "square"),
        ("det-empty", DET.operand(0, t(2, 0, 0)), "must not be empty"),
        ("det-result-shape", DET.result(t(2, 1)), "result shape"),
        ("det-integer", DET.operand(0, t(2, 3, 3, element="i32")).result(t(2, element="i32")), "i32"),
        ("arg_max-axis-range", ARG_MAX.attr("axis", i64(3)), "out of range"),
        (
            "arg_max-scalar",
            ARG_MAX.operand(0, t()).attr("axis", i64(0)).result(t(element="i64")),
            "out of range",
        ),
        ("arg_max-empty-axis", ARG_MAX.operand(0, t(2, 0, 4)), "empty dim 1"),
        ("arg_max-result-shape", ARG_MAX.result(t(2, 4, element="i64")), "result shape"),
        ("arg_max-i32-result", ARG_MAX.result(t(2, 1, 4, element="i32")), "i64"),
        ("arg_max-masks", ARG_MAX.operand(0, t(2, 3, 4, element="i1")), "i1"),
        ("arg_max-keep-dims-not-bool", ARG_MAX.attr("keepDims", i64(1)), "i1"),
        ("arg_min-result-shape", ARG_MIN.result(t(1, 3, element="i64")), "result shape"),
        ("arg_min-last-index-not-bool", ARG_MIN.attr("selectLastIndex", i64(1)), "i1"),
        ("cumsum-axis-range", CUMSUM.attr("axis", i64(2)), "out of range"),
        ("cumsum-scalar", CUMSUM.operand(0, t(element="i32")).result(t(element="i32")), "out of range"),
        ("cumsum-result-type", CUMSUM.result(t(2, 3)), "f32"),
        ("cumsum-masks", CUMSUM.operand(0, t(2, 3, element="i1")).result(t(2, 3, element="i1")), "i1"),
        ("cumsum-exclusive-not-bool", CUMSUM.attr("exclusive", i64(1)), "i1"),
        ("cumprod-axis-range", CUMPROD.attr("axis", i64(-3)), "out of range"),
        ("cumprod-result-shape", CUMPROD.result(t(2, 4)), "result shape"),
        ("cumprod-result-type", CUMPROD.result(t(4, 2, element="f16")), "f32"),
        ("cumprod-reverse-not-bool", CUMPROD.attr("reverse", i64(0)), "i1"),
        (
            "gather_nd-scalar-indices",
            GATHER_ND.operand(1, t(element="i64")).attr("batchDims", None),
            "rank >= 1",
        ),
        ("gather_nd-batch-dims-range", GATHER_ND.attr("batchDims", i64(3)), "'batchDims' 3"),
        ("gather_nd-batch-dims-differ", GATHER_ND.operand(1, t(3, 5, 1, element="i64")), "batch dims"),
        ("gather_nd-index-too-deep", GATHER_ND.operand(1, t(2, 5, 3, element="i64")), "last dim of indices"),
        ("gather_nd-empty-dim", GATHER_ND.operand(0, t(2, 0, 4)), "empty dims"),
        ("gather_nd-result-shape", GATHER_ND.result(t(2, 4, 5)), "result shape"),
        ("gather_nd-i32-indices", GATHER_ND.operand(1, t(2, 5, 1, element="i32")), "i64"),
        ("gather_nd-mixed-types", GATHER_ND.result(t(2, 5, 4, element="f64")), "f64"),
        ("split-axis-range", SPLIT.attr("axis", i64(2)), "out of range"),
        ("split-sizes-per-result", SPLIT.attr("splitSizes", a(2, 3)), "one value per result"),
        ("split-no-results", replace(SPLIT, results=()).attr("splitSizes", a()), "one value per result"),
        ("split-negative-size", SPLIT.attr("splitSizes", a(3, -1, 3)), ">= 0"),
        ("split-sizes-sum", SPLIT.attr("splitSizes", a(2, 0, 2)), "add up"),
        ("split-result-shape", replace(SPLIT, results=(t(4, 2), t(4, 0), t(3, 3))), "result #2 shape"),
        ("split-mixed-types", replace(SPLIT, results=(t(4, 2), t(4, 0), t(4, 3, element="f64"))), "f64"),
        ("tile-repeats-per-dim", TILE.attr("repeats", a(3)), "one value per dim"),
        ("tile-negative-repeat", TILE.attr("repeats", a(3, -1)), ">= 0"),
        ("tile-result-shape", TILE.result(t(6, 6)), "result shape"),
        ("tile-mixed-types", TILE.result(t(6, 3, element="f16")), "f16"),
        ("pad-pads-per-dim", PAD.attr("pads", a(1, 2)), "2 values per dim"),
        ("pad-unknown-mode", PAD.attr("mode", '"symmetric"'), "mode"),
        ("pad-mode-not-a-string", PAD.attr("mode", i64(1)), "string"),
        ("pad-crop-too-much", PAD.attr("pads", a(1, -6, 2, 3)).result(t(7, 2)), "crop more"),
        ("pad-edge-of-empty-dim", EDGE_PAD.attr("pads", a(1, -5, 2, 3)).result(t(7, 3)), "empty dim"),
        (
            "pad-fraction-into-integers",
            PAD.operand(0, t(4, 5, element="i32")).result(t(7, 7, element="i32")),
            "not a value of the element type",
        ),
        ("pad-value-not-f64", PAD.attr("constantValue", "1.5 : f32"), "f64"),
        ("pad-result-shape", PAD.result(t(7, 8)), "result shape"),
        ("trilu-rank", TRILU.operand(0, t(4)).result(t(4)), "the input must have rank >= 2, got rank 1"),
        ("trilu-result-shape", TRILU.result(t(2, 4, 3)), "result shape"),
        ("trilu-k-not-i64", TRILU.attr("k", "1 : i32"), "i64"),
        ("trilu-upper-not-bool", TRILU.attr("upper", i64(1)), "i1"),
        ("constant-value-type", G_CONSTANT.result(t(3)), "tensor<3xf32>"),
        (
            "constant-unsupported-element",
            G_CONSTANT.attr("value", "dense<1> : tensor<2xi3>").result(t(2, element="i3")),
            "i3",
        ),
        ("range-length", RANGE.result(t(4, element="i64")), "result shape"),
        ("range-float-length", F_RANGE.result(t(3)), "result shape"),
        ("range-zero-delta", RANGE.attr("delta", "0 : i64"), "must not be 0"),
        ("range-bound-type", RANGE.attr("start", "1 : i32"), "not the result element type"),
        ("range-float-bound-for-integers", RANGE.attr("limit", "10.0 : f64"), "not the result element type"),
        ("range-infinite-limit", F_RANGE.attr("limit", "0x7F800000 : f32"), "finite"),
        (
            "range-f16",
            F_RANGE.attr("start", "1.0 : f16")
            .attr("limit", "0.0 : f16")
            .attr("delta", "-0.3 : f16")
            .result(t(4, element="f16")),
            "f16",
        ),
        ("shape-result-shape", G_SHAPE.result(t(3, element="i64")), "result shape"),
        ("shape-result-i32", G_SHAPE.result(t(2, element="i32")), "i64"),
        ("shape-start-not-i64", G_SHAPE.attr("start", "1 : i32"), "i64"),
    ]
    return [Invalid(op, op.name, phrase, id) for id, op, phrase in cases]
