"""The valid mir ops the verifier-rule tests start from and their invalid cases, the
region ops (mir.for, mir.parallel_for, mir.if) included."""

from __future__ import annotations

from dataclasses import replace

from verifier_cases import Invalid, Op, a, i64, t

# ---------------------------------------------------------------------------
# mir
# ---------------------------------------------------------------------------

BROADCAST_ADD = Op("mir.broadcast_add", (t(2, 1, 4), t(3, 1)), {"broadcast_shape": a(2, 3, 4)}, (t(2, 3, 4),))
SQRT = Op("mir.sqrt", (t(2, 3),), {}, (t(2, 3),))
NEG = Op("mir.neg", (t(4, element="i32"),), {}, (t(4, element="i32"),))
MIR_CONV = Op(
    "mir.conv",
    (t(1, 8, 8, 4), t(3, 3, 2, 6)),
    {
        "input_shape": a(1, 8, 8, 4),
        "weight_shape": a(3, 3, 2, 6),
        "output_shape": a(1, 8, 8, 6),
        "kernel_size": a(3, 3),
        "stride": a(1, 1),
        "padding": a(1, 1, 1, 1),
        "dilation": a(1, 1),
        "groups": i64(2),
    },
    (t(1, 8, 8, 6),),
)
POOL = Op(
    "mir.pool",
    (t(1, 7, 8, 2),),
    {
        "kind": "#mir<pool_kind max>",
        "input_shape": a(1, 7, 8, 2),
        "output_shape": a(1, 4, 4, 2),
        "kernel_size": a(3, 2),
        "stride": a(2, 2),
        "padding": a(1, 0, 1, 0),
        "dilation": a(1, 1),
    },
    (t(1, 4, 4, 2),),
)
MATMUL = Op("mir.matmul", (t(2, 3, 4), t(4, 5)), {}, (t(2, 3, 5),))
REDUCE = Op(
    "mir.reduce",
    (t(2, 3, 4),),
    {"kind": "#mir<reduce_kind sum>", "axes": a(0, 2), "keep_dims": "false"},
    (t(3),),
)
SLICE = Op(
    "mir.slice",
    (t(5, 6),),
    {"starts": a(1, 5), "ends": a(5, -1), "strides": a(2, -2)},
    (t(2, 3),),
)
GATHER = Op("mir.gather", (t(4, 5), t(2, 3, element="i64")), {"axis": i64(0)}, (t(2, 3, 5),))
SCATTER = Op("mir.scatter", (t(4, 5), t(4, 2), t(2, element="i32")), {"axis": i64(1)}, (t(4, 5),))
CAST = Op("mir.cast", (t(2, 3),), {}, (t(2, 3, element="i8"),))
RESHAPE = Op("mir.reshape", (t(2, 6),), {}, (t(3, 4),))
DYNAMIC_RESHAPE = Op("mir.dynamic_reshape", (t(2, 6), t(2, element="i64")), {}, ("tensor<?x4xf32>",))
TRANSPOSE = Op("mir.transpose", (t(2, 3, 4),), {"permutation": a(2, 0, 1)}, (t(4, 2, 3),))
CONCAT = Op("mir.concat", (t(2, 3), t(2, 1)), {"axis": i64(1)}, (t(2, 4),))
CONSTANT = Op("mir.constant", (), {"value": "dense<1.5> : tensor<2xf32>"}, (t(2),))
FROM_ELEMENTS = Op("mir.from_elements", ("index", "i32"), {}, (t(2, element="i32"),))
ALLOC_TENSOR = Op("mir.alloc_tensor", (), {}, (t(2, 3),))
DEALLOC_TENSOR = Op("mir.dealloc_tensor", ("tensor<?x3xf32>",), {}, ())

BINARY_OPS = [
    replace(BROADCAST_ADD, name=f"mir.broadcast_{kind}")
    for kind in ("add", "sub", "mul", "div", "rem", "mod", "max", "min")
]
UNARY_OPS = [
    SQRT,
    *(
        replace(SQRT, name=f"mir.{kind}")
        for kind in (
            "exp",
            "log",
            "sin",
            "cos",
            "tan",
            "asin",
            "acos",
            "atan",
            "sinh",
            "cosh",
            "tanh",
            "asinh",
            "acosh",
            "atanh",
            "erf",
            "floor",
            "ceil",
            "round",
        )  # fmt: skip
    ),
    NEG,
]
ABS = replace(NEG, name="mir.abs")
POW = replace(BROADCAST_ADD, name="mir.broadcast_pow")
BITWISE_OPS = [
    Op(
        f"mir.broadcast_{kind}",
        (t(2, 1, element="i1"), t(3, element="i1")),
        {"broadcast_shape": a(2, 3)},
        (t(2, 3, element="i1"),),
    )
    for kind in ("and", "or", "xor")
]
SHIFT_OPS = [
    Op(
        f"mir.broadcast_{kind}",
        (t(2, 1, element="i8"), t(3, element="i8")),
        {"broadcast_shape": a(2, 3)},
        (t(2, 3, element="i8"),),
    )
    for kind in ("shl", "shr")
]
UNSIGNED_OPS = [
    replace(SHIFT_OPS[0], name=f"mir.broadcast_{kind}") for kind in ("udiv", "urem", "umax", "umin", "ushr")
]
CMP = Op(
    "mir.broadcast_cmp",
    (t(2, 1), t(3)),
    {"predicate": "#mir<compare_predicate lt>", "broadcast_shape": a(2, 3)},
    (t(2, 3, element="i1"),),
)
SELECT = Op("mir.select", (t(2, 1, element="i1"), t(3), t(1)), {"broadcast_shape": a(2, 3)}, (t(2, 3),))
BROADCAST_TO = Op("mir.broadcast_to", (t(3, 1),), {}, (t(2, 3, 4),))
MIR_GATHER_ELEMENTS = Op(
    "mir.gather_elements", (t(4, 5), t(2, 7, element="i64")), {"axis": i64(1)}, (t(2, 7),)
)

MIR_OPS = [
    *BINARY_OPS,
    *UNARY_OPS,
    ABS,
    POW,
    *BITWISE_OPS,
    *SHIFT_OPS,
    *UNSIGNED_OPS,
    CMP,
    SELECT,
    BROADCAST_TO,
    MIR_GATHER_ELEMENTS,
    MIR_CONV,
    POOL,
    MATMUL,
    REDUCE,
    SLICE,
    GATHER,
    SCATTER,
    CAST,
    RESHAPE,
    DYNAMIC_RESHAPE,
    TRANSPOSE,
    CONCAT,
    CONSTANT,
    FROM_ELEMENTS,
    ALLOC_TENSOR,
    DEALLOC_TENSOR,
]


def conv_with(**changes: str) -> Op:
    op = MIR_CONV
    for name, value in changes.items():
        op = op.attr(name, value)
    return op


def mir_cases() -> list[Invalid]:
    cases: list[tuple[str, Op, str]] = [
        # shared: supported element types, static shapes; declared properties
        ("sqrt-unsupported-type", SQRT.operand(0, t(2, 3, element="f80")), "f80"),
        ("sqrt-dynamic", SQRT.operand(0, "tensor<?x3xf32>"), "static"),
        ("dealloc_tensor-unsupported-type", DEALLOC_TENSOR.operand(0, t(2, element="i4")), "i4"),
        ("transpose-missing-permutation", TRANSPOSE.attr("permutation", None), "permutation"),
        ("transpose-permutation-not-array", TRANSPOSE.attr("permutation", i64(0)), "array"),
        # broadcast_*
        (
            "broadcast_add-i1",
            BROADCAST_ADD.operand(0, t(2, 1, 4, element="i1"))
            .operand(1, t(3, 1, element="i1"))
            .result(t(2, 3, 4, element="i1")),
            "i1",
        ),
        ("broadcast_add-mixed-types", BROADCAST_ADD.operand(1, t(3, 1, element="f64")), "f64"),
        ("broadcast_add-not-broadcasting", BROADCAST_ADD.operand(1, t(3, 2)), "broadcast"),
        (
            "broadcast_add-wrong-broadcast_shape",
            BROADCAST_ADD.attr("broadcast_shape", a(2, 3, 1)),
            "broadcast_shape",
        ),
        ("broadcast_add-result-shape", BROADCAST_ADD.result(t(3, 2, 4)), "result shape"),
        # unary
        *(
            (
                f"{op.name[4:]}-wrong-broadcast_shape",
                op.attr("broadcast_shape", a(2, 1, 4)),
                "broadcast_shape",
            )
            for op in BINARY_OPS
        ),
        *((f"{op.name[4:]}-result-type", op.result(t(2, 3, element="f64")), "f64") for op in UNARY_OPS),
        ("sqrt-integer", SQRT.operand(0, t(2, 3, element="i32")).result(t(2, 3, element="i32")), "i32"),
        ("neg-i1", NEG.operand(0, t(4, element="i1")).result(t(4, element="i1")), "i1"),
        ("abs-i1", ABS.operand(0, t(4, element="i1")).result(t(4, element="i1")), "i1"),
        (
            "log-integer",
            UNARY_OPS[2].operand(0, t(2, 3, element="i32")).result(t(2, 3, element="i32")),
            "i32",
        ),
        # broadcast_pow, and / or / xor, cmp, select, broadcast_to, gather_elements
        (
            "broadcast_pow-integer",
            POW.operand(0, t(2, 1, 4, element="i32"))
            .operand(1, t(3, 1, element="i32"))
            .result(t(2, 3, 4, element="i32")),
            "i32",
        ),
        *(
            (f"{op.name[4:]}-float", op.operand(0, t(2, 1)).operand(1, t(3)).result(t(2, 3)), "f32")
            for op in BITWISE_OPS
        ),
        *(
            (f"{op.name[4:]}-not-broadcasting", op.operand(1, t(4, element="i1")), "broadcast")
            for op in BITWISE_OPS
        ),
        *(
            (f"{op.name[4:]}-float", op.operand(0, t(2, 1)).operand(1, t(3)).result(t(2, 3)), "f32")
            for op in SHIFT_OPS
        ),
        *(
            (
                f"{op.name[4:]}-i1",
                op.operand(0, t(2, 1, element="i1"))
                .operand(1, t(3, element="i1"))
                .result(t(2, 3, element="i1")),
                "i1",
            )
            for op in SHIFT_OPS
        ),
        *((f"{op.name[4:]}-mixed-types", op.operand(1, t(3, element="i16")), "i16") for op in SHIFT_OPS),
        # the unsigned ops take integers only
        *(
            (f"{op.name[4:]}-float", op.operand(0, t(2, 1)).operand(1, t(3)).result(t(2, 3)), "f32")
            for op in UNSIGNED_OPS
        ),
        *(
            (
                f"{op.name[4:]}-i1",
                op.operand(0, t(2, 1, element="i1"))
                .operand(1, t(3, element="i1"))
                .result(t(2, 3, element="i1")),
                "i1",
            )
            for op in UNSIGNED_OPS
        ),
        (
            "broadcast_cmp-unsigned-on-float",
            CMP.attr("predicate", "#mir<compare_predicate ult>"),
            "integers only",
        ),
        ("reduce-umax-on-float", REDUCE.attr("kind", "#mir<reduce_kind umax>"), "f32"),
        (
            "cast-unsigned-between-floats",
            CAST.result(t(2, 3, element="f64")).attr("unsigned", "unit"),
            "'unsigned'",
        ),
        ("broadcast_cmp-result-not-i1", CMP.result(t(2, 3)), "i1"),
        ("broadcast_cmp-mixed-types", CMP.operand(1, t(3, element="f64")), "f64"),
        ("broadcast_cmp-wrong-broadcast_shape", CMP.attr("broadcast_shape", a(3, 2)), "broadcast_shape"),
        (
            "broadcast_cmp-result-shape",
            CMP.result(t(3, 2, element="i1")).attr("broadcast_shape", a(3, 2)),
            "broadcast",
        ),
        (
            "broadcast_cmp-ordered-on-i1",
            CMP.operand(0, t(2, 1, element="i1")).operand(1, t(3, element="i1")),
            "only eq and ne",
        ),
        ("select-condition-not-i1", SELECT.operand(0, t(2, 1)), "i1"),
        ("select-mixed-types", SELECT.operand(2, t(1, element="f64")), "f64"),
        ("select-not-broadcasting", SELECT.operand(2, t(2)), "broadcast"),
        (
            "select-condition-and-true-not-broadcasting",
            SELECT.operand(0, t(2, 2, element="i1")),
            "operand shapes [2, 2] and [3] and [1] do not broadcast",
        ),
        ("select-wrong-broadcast_shape", SELECT.attr("broadcast_shape", a(1, 3)), "broadcast_shape"),
        ("broadcast_to-not-broadcasting", BROADCAST_TO.result(t(2, 2, 4)), "does not broadcast"),
        (
            "broadcast_to-lower-rank",
            BROADCAST_TO.result(
                t(
                    3,
                )
            ),
            "does not broadcast",
        ),
        ("broadcast_to-element-type", BROADCAST_TO.result(t(2, 3, 4, element="f64")), "f64"),
        ("mir_gather_elements-axis", MIR_GATHER_ELEMENTS.attr("axis", i64(2)), "out of range"),
        ("mir_gather_elements-rank", MIR_GATHER_ELEMENTS.operand(1, t(2, 7, 1, element="i64")), "rank"),
        (
            "mir_gather_elements-too-wide",
            MIR_GATHER_ELEMENTS.operand(1, t(5, 7, element="i64")).result(t(5, 7)),
            "fit",
        ),
        ("mir_gather_elements-result-shape", MIR_GATHER_ELEMENTS.result(t(2, 6)), "result shape"),
        ("mir_gather_elements-float-indices", MIR_GATHER_ELEMENTS.operand(1, t(2, 7)), "f32"),
        ("sqrt-result-type", SQRT.result(t(3, 2)), "expected from variable"),
        ("neg-result-element-type", NEG.result(t(4, element="i64")), "expected from variable"),
        # conv
        (
            "conv-integer",
            MIR_CONV.operand(0, t(1, 8, 8, 4, element="i32"))
            .operand(1, t(3, 3, 2, 6, element="i32"))
            .result(t(1, 8, 8, 6, element="i32")),
            "i32",
        ),
        ("conv-mixed-types", MIR_CONV.operand(1, t(3, 3, 2, 6, element="f64")), "f64"),
        ("conv-input-rank", MIR_CONV.operand(0, t(8, 8, 4)), "rank"),
        ("conv-weight-rank", MIR_CONV.operand(1, t(3, 3, 12)), "rank"),
        ("conv-result-rank", MIR_CONV.result(t(8, 8, 6)), "rank"),
        ("conv-input_shape", conv_with(input_shape=a(1, 8, 8, 2)), "input_shape"),
        ("conv-weight_shape", conv_with(weight_shape=a(3, 3, 4, 6)), "weight_shape"),
        ("conv-output_shape", conv_with(output_shape=a(1, 8, 7, 6)), "output_shape"),
        ("conv-kernel_size-length", conv_with(kernel_size=a(3)), "kernel_size"),
        ("conv-stride-length", conv_with(stride=a(1, 1, 1)), "stride"),
        ("conv-dilation-length", conv_with(dilation=a(1)), "dilation"),
        ("conv-zero-stride", conv_with(stride=a(0, 1)), "stride"),
        ("conv-zero-dilation", conv_with(dilation=a(1, 0)), "dilation"),
        ("conv-padding-length", conv_with(padding=a(1, 1)), "padding"),
        ("conv-negative-padding", conv_with(padding=a(1, 1, -1, 1)), "padding"),
        ("conv-kernel_size-not-weight", conv_with(kernel_size=a(3, 2)), "kernel_size"),
        ("conv-zero-groups", conv_with(groups=i64(0)), "groups"),
        ("conv-groups-not-dividing", conv_with(groups=i64(4)), "groups"),
        (
            "conv-weight-channels",
            MIR_CONV.operand(1, t(3, 3, 4, 6)).attr("weight_shape", a(3, 3, 4, 6)),
            "channels",
        ),
        (
            "conv-kernel-too-large",
            MIR_CONV.operand(1, t(11, 3, 2, 6))
            .attr("weight_shape", a(11, 3, 2, 6))
            .attr("kernel_size", a(11, 3)),
            "kernel",
        ),
        (
            "conv-result-shape",
            MIR_CONV.result(t(1, 8, 7, 6)).attr("output_shape", a(1, 8, 7, 6)),
            "result shape",
        ),
        # pool
        (
            "pool-integer",
            POOL.operand(0, t(1, 7, 8, 2, element="i32")).result(t(1, 4, 4, 2, element="i32")),
            "i32",
        ),
        ("pool-mixed-types", POOL.result(t(1, 4, 4, 2, element="f64")), "f64"),
        ("pool-input-rank", POOL.operand(0, t(7, 8, 2)), "rank"),
        ("pool-result-rank", POOL.result(t(4, 4, 2)), "rank"),
        ("pool-input_shape", POOL.attr("input_shape", a(1, 8, 7, 2)), "input_shape"),
        ("pool-output_shape", POOL.attr("output_shape", a(1, 4, 5, 2)), "output_shape"),
        ("pool-kernel_size-length", POOL.attr("kernel_size", a(3, 2, 1)), "kernel_size"),
        ("pool-stride-length", POOL.attr("stride", a(2)), "stride"),
        ("pool-dilation-length", POOL.attr("dilation", a(1, 1, 1)), "dilation"),
        ("pool-zero-kernel", POOL.attr("kernel_size", a(0, 2)), "kernel_size"),
        ("pool-zero-stride", POOL.attr("stride", a(2, 0)), "stride"),
        ("pool-zero-dilation", POOL.attr("dilation", a(0, 1)), "dilation"),
        ("pool-padding-length", POOL.attr("padding", a(1, 0)), "padding"),
        ("pool-negative-padding", POOL.attr("padding", a(1, 0, -1, 0)), "padding"),
        ("pool-kernel-too-large", POOL.attr("kernel_size", a(10, 2)), "kernel"),
        ("pool-result-shape", POOL.result(t(1, 4, 3, 2)).attr("output_shape", a(1, 4, 3, 2)), "result shape"),
        # (a max window of padding only is -inf; sum and avg windows need a real tap)
        (
            "pool-window-of-padding",
            POOL.attr("kind", "#mir<pool_kind avg>").attr("padding", a(3, 0, 0, 0)),
            "window 0 along H covers only padding",
        ),
        (
            "pool-window-of-padding-along-w",
            POOL.attr("kind", "#mir<pool_kind sum>")
            .attr("padding", a(0, 2, 0, 0))
            .attr("output_shape", a(1, 3, 5, 2))
            .result(t(1, 3, 5, 2)),
            "window 0 along W covers only padding",
        ),
        (
            "pool-last-window-of-padding",
            POOL.attr("kind", "#mir<pool_kind avg>")
            .attr("kernel_size", a(1, 2))
            .attr("padding", a(0, 0, 2, 0))
            .attr("output_shape", a(1, 5, 4, 2))
            .result(t(1, 5, 4, 2)),
            "window 4 along H covers only padding",
        ),
        # matmul
        (
            "matmul-i1",
            MATMUL.operand(0, t(2, 3, 4, element="i1"))
            .operand(1, t(4, 5, element="i1"))
            .result(t(2, 3, 5, element="i1")),
            "i1",
        ),
        ("matmul-mixed-types", MATMUL.operand(1, t(4, 5, element="f16")), "f16"),
        ("matmul-lhs-rank", MATMUL.operand(0, t(4)), "rank"),
        ("matmul-rhs-rank", MATMUL.operand(1, t(4)), "rank"),
        ("matmul-inner-dims", MATMUL.operand(1, t(3, 5)), "multiply"),
        ("matmul-batch-dims", MATMUL.operand(1, t(3, 4, 5)), "multiply"),
        ("matmul-result-shape", MATMUL.result(t(2, 5, 3)), "result shape"),
        # reduce
        ("reduce-any-on-float", REDUCE.attr("kind", "#mir<reduce_kind any>"), "i1"),
        (
            "reduce-mean-on-integer",
            REDUCE.attr("kind", "#mir<reduce_kind mean>")
            .operand(0, t(2, 3, 4, element="i32"))
            .result(t(3, element="i32")),
            "i32",
        ),
        (
            "reduce-sum-on-i1",
            REDUCE.operand(0, t(2, 3, 4, element="i1")).result(t(3, element="i1")),
            "i1",
        ),
        ("reduce-mixed-types", REDUCE.result(t(3, element="f64")), "f64"),
        ("reduce-no-axes", REDUCE.attr("axes", "array<i64>"), "axes"),
        ("reduce-axis-out-of-range", REDUCE.attr("axes", a(0, 3)), "axes"),
        ("reduce-repeated-axis", REDUCE.attr("axes", a(0, 0)), "unique"),
        (
            "reduce-max-of-empty-axis",
            REDUCE.attr("kind", "#mir<reduce_kind max>").operand(0, t(0, 3, 4)),
            "empty",
        ),
        ("reduce-result-shape", REDUCE.attr("keep_dims", "true"), "result shape"),
        # slice
        ("slice-mixed-types", SLICE.result(t(2, 3, element="f64")), "f64"),
        ("slice-starts-length", SLICE.attr("starts", a(1)), "starts"),
        ("slice-ends-length", SLICE.attr("ends", a(5, -1, 0)), "'ends' must"),
        ("slice-strides-length", SLICE.attr("strides", a(2)), "strides"),
        ("slice-zero-stride", SLICE.attr("strides", a(0, -2)), "stride"),
        ("slice-end-past-size", SLICE.attr("ends", a(6, -1)), "bounds"),
        ("slice-start-after-end", SLICE.attr("starts", a(5, 5)).attr("ends", a(1, -1)), "bounds"),
        ("slice-negative-stride-start", SLICE.attr("starts", a(1, 6)), "bounds"),
        ("slice-negative-stride-end", SLICE.attr("ends", a(5, -2)), "bounds"),
        ("slice-result-shape", SLICE.result(t(2, 2)), "result shape"),
        # gather, scatter
        ("gather-float-indices", GATHER.operand(1, t(2, 3)), "indices"),
        ("gather-mixed-types", GATHER.result(t(2, 3, 5, element="f64")), "f64"),
        ("gather-axis-out-of-range", GATHER.attr("axis", i64(2)), "axis"),
        ("gather-negative-axis", GATHER.attr("axis", i64(-1)), "axis"),
        ("gather-result-shape", GATHER.attr("axis", i64(1)), "result shape"),
        ("scatter-float-indices", SCATTER.operand(2, t(2)), "indices"),
        ("scatter-mixed-types", SCATTER.operand(1, t(4, 2, element="f16")), "f16"),
        ("scatter-axis-out-of-range", SCATTER.attr("axis", i64(2)), "axis"),
        ("scatter-updates-shape", SCATTER.operand(1, t(4, 3)), "updates"),
        ("scatter-result-shape", SCATTER.result(t(4, 2)), "expected from variable"),
        # cast, reshape, dynamic_reshape
        ("cast-result-shape", CAST.result(t(3, 2, element="i8")), "shape"),
        ("reshape-mixed-types", RESHAPE.result(t(3, 4, element="f64")), "f64"),
        ("reshape-element-count", RESHAPE.result(t(3, 5)), "elements"),
        ("dynamic_reshape-mixed-types", DYNAMIC_RESHAPE.result("tensor<?x4xf16>"), "f16"),
        ("dynamic_reshape-float-shape", DYNAMIC_RESHAPE.operand(1, t(2)), "shape"),
        ("dynamic_reshape-shape-rank", DYNAMIC_RESHAPE.operand(1, t(2, 1, element="i64")), "rank"),
        ("dynamic_reshape-dynamic-length", DYNAMIC_RESHAPE.operand(1, "tensor<?xi64>"), "static length"),
        ("dynamic_reshape-length-not-rank", DYNAMIC_RESHAPE.operand(1, t(3, element="i32")), "rank"),
        ("dynamic_reshape-element-count", DYNAMIC_RESHAPE.result(t(5, 4)), "elements"),
        # transpose, concat
        ("transpose-mixed-types", TRANSPOSE.result(t(4, 2, 3, element="f64")), "f64"),
        ("transpose-not-a-permutation", TRANSPOSE.attr("permutation", a(2, 0, 0)), "permutation"),
        ("transpose-too-short", TRANSPOSE.attr("permutation", a(1, 0)), "permutation"),
        ("transpose-result-shape", TRANSPOSE.result(t(2, 3, 4)), "result shape"),
        ("concat-no-inputs", replace(CONCAT, operands=()), "input"),
        ("concat-mixed-types", CONCAT.operand(1, t(2, 1, element="f64")), "f64"),
        ("concat-axis-out-of-range", CONCAT.attr("axis", i64(2)), "axis"),
        ("concat-other-dims-differ", CONCAT.operand(1, t(3, 1)), "differs"),
        ("concat-rank-differs", CONCAT.operand(1, t(2, 1, 1)), "differs"),
        ("concat-result-shape", CONCAT.result(t(2, 5)), "result shape"),
        # constant, from_elements, alloc_tensor
        ("constant-value-type", CONSTANT.result(t(3)), "expected from variable"),
        ("from_elements-count", FROM_ELEMENTS.result(t(3, element="i32")), "elements"),
        ("from_elements-element-type", FROM_ELEMENTS.operand(1, "f32"), "element #1"),
        ("from_elements-index-into-float", FROM_ELEMENTS.result(t(2)), "element #0"),
        ("alloc_tensor-dynamic", ALLOC_TENSOR.result("tensor<?x3xf32>"), "static"),
    ]
    return [Invalid(op, op.name, phrase, id) for id, op, phrase in cases]


# ---------------------------------------------------------------------------
# mir control flow: mir.for, mir.parallel_for, mir.if, mir.yield
# ---------------------------------------------------------------------------

LOOP = """func.func @main(%a0: tensor<4xf32>) -> (tensor<4xf32>) {
  %lb = "arith.constant"() {value = 0 : index} : () -> index
  %ub = "arith.constant"() {value = 4 : index} : () -> index
  %st = "arith.constant"() {value = 1 : index} : () -> index
  %r0 = "mir.for"(%lb, %ub, %st, %a0) ({
  ^bb0(%i: index, %acc: tensor<4xf32>):
    %next = "mir.neg"(%acc) : (tensor<4xf32>) -> tensor<4xf32>
    "mir.yield"(%next) : (tensor<4xf32>) -> ()
  }) : (index, index, index, tensor<4xf32>) -> tensor<4xf32>
  func.return %r0 : tensor<4xf32>
}
"""
PARALLEL_LOOP = LOOP.replace(
    '"mir.for"(%lb, %ub, %st, %a0) ({', '"mir.parallel_for"(%lb, %ub, %st, %a0) ({'
).replace(
    "}) : (index, index, index, tensor<4xf32>)",
    "}) {num_threads = 2 : i64} : (index, index, index, tensor<4xf32>)",
)
IF = """func.func @main(%c: i1, %a0: tensor<4xf32>) -> (tensor<4xf32>) {
  %r0 = "mir.if"(%c) ({
    "mir.yield"(%a0) : (tensor<4xf32>) -> ()
  }, {
    %n = "mir.neg"(%a0) : (tensor<4xf32>) -> tensor<4xf32>
    "mir.yield"(%n) : (tensor<4xf32>) -> ()
  }) : (i1) -> tensor<4xf32>
  func.return %r0 : tensor<4xf32>
}
"""
REGION_OPS = {"mir.for": LOOP, "mir.parallel_for": PARALLEL_LOOP, "mir.if": IF}


def region_cases() -> list[Invalid]:
    """(id, op name, valid text, text to change, changed text, phrase)."""
    changes = [
        ("for-induction-variable", "mir.for", "^bb0(%i: index,", "^bb0(%i: i64,", "induction"),
        ("for-missing-induction-variable", "mir.for", "^bb0(%i: index, %acc", "^bb0(%acc", "induction"),
        (
            "for-carried-argument-type",
            "mir.for",
            '^bb0(%i: index, %acc: tensor<4xf32>):\n    %next = "mir.neg"(%acc)',
            '^bb0(%i: index, %acc: tensor<4xf64>):\n    %next = "mir.neg"(%a0)',
            "loop-carried",
        ),
        (
            "for-result-type",
            "mir.for",
            "tensor<4xf32>) -> tensor<4xf32>\n  func.return %r0 : tensor<4xf32>",
            "tensor<4xf32>) -> tensor<4xf64>\n  func.return %r0 : tensor<4xf64>",
            "result",
        ),
        (
            "for-other-terminator",
            "mir.for",
            '"mir.yield"(%next) : (tensor<4xf32>) -> ()',
            '"llvm.unreachable"() : () -> ()',
            "mir.yield",
        ),
        (
            "for-yield-types",
            "mir.for",
            '"mir.yield"(%next) : (tensor<4xf32>) -> ()',
            '"mir.yield"() : () -> ()',
            "yield",
        ),
        (
            "parallel_for-zero-threads",
            "mir.parallel_for",
            "num_threads = 2 : i64",
            "num_threads = 0 : i64",
            "num_threads",
        ),
        (
            "parallel_for-induction-variable",
            "mir.parallel_for",
            "^bb0(%i: index,",
            "^bb0(%i: i64,",
            "induction",
        ),
        ("if-condition-type", "mir.if", "i1", "i32", "condition"),
        ("if-condition-tensor", "mir.if", "i1", "tensor<1xi1>", "condition"),
        (
            "if-then-block-arguments",
            "mir.if",
            '({\n    "mir.yield"(%a0)',
            '({\n  ^bb0(%x: i1):\n    "mir.yield"(%a0)',
            "argument",
        ),
        (
            "if-else-other-terminator",
            "mir.if",
            '"mir.yield"(%n) : (tensor<4xf32>) -> ()',
            '"llvm.unreachable"() : () -> ()',
            "mir.yield",
        ),
        (
            "if-then-yield-types",
            "mir.if",
            '"mir.yield"(%a0) : (tensor<4xf32>) -> ()',
            '"mir.yield"(%c) : (i1) -> ()',
            "yield",
        ),
    ]
    cases = []
    for id, op_name, old, new, phrase in changes:
        text = REGION_OPS[op_name]
        assert old in text, id
        cases.append(Invalid(text.replace(old, new), op_name, phrase, id))
    yield_outside = LOOP.replace(
        "  func.return %r0 : tensor<4xf32>",
        '  "mir.yield"(%r0) : (tensor<4xf32>) -> ()\n  func.return %r0 : tensor<4xf32>',
    )
    cases.append(Invalid(yield_outside, "mir.yield", "parent", "yield-outside-region"))
    return cases
