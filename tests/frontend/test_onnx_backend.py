"""ONNX's own backend conformance suite (`onnx.backend.test`) through nnstack's ONNX
backend, at gawee, linalg and mir level, for every operator the importer maps: those
with a converter and those it expands from ONNX's function definition.

Each included case builds a one-node model, runs it through `prepare` / `run` and
compares with the outputs stored in onnx (the case's own tolerances). The excluded
cases, with the reason, are in `EXCLUDED`: inputs or attributes gawee cannot carry,
which `prepare` rejects with an `OnnxImportError`.
"""

from __future__ import annotations

import functools
import re

import numpy as np

from nnstack.frontend.onnx.backend import NnstackBackend
from nnstack.frontend.onnx.importer import importable

EXPANDED = [
    "gelu",
    "hardsigmoid",
    "hardswish",
    "swish",
    "leakyrelu",
    "relu",
    "softmax",
    "logsoftmax",
    "log_softmax",
    "expand",
    "reduce_sum",
    "reduce_sum_square",
    "reduce_l1",
    "reduce_l2",
    "reduce_log_sum",
    "reduce_log_sum_exp",
    "layer_normalization",
    "group_normalization",
    "rms_normalization",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    "clip",
    "split",
    "range",
    "depthtospace",
    "spacetodepth",
    "mvn",
    "dynamicquantizelinear",
    "affine_grid",
    "linear_attention",
]
"""Name stems of cases with several nodes that run too: the function-expanded node
cases and the small model cases (log_softmax, expand), each node of a mapped operator."""

EXCLUDED: dict[str, str] = {
    r"^test_identity_(opt|sequence)": "optional and sequence types have no gawee counterpart",
    r"^test_batchnorm_.*training_mode": "BatchNormalization in training mode",
    r"^test_(equal|less|less_equal|greater|greater_equal|max|min|add|sub|mul|div)_string": "string tensors: an "
    "element type gawee does not carry",
    r"^test_range_float16_": "float16 ranges: an element type gawee.range does not carry",
    r"^test_split_to_sequence": "SplitToSequence (matched by the `split` pattern): sequence types have no gawee "
    "counterpart",
    r"^test_training_dropout": "Dropout in training mode with a ratio above 0 (random dropout)",
    r"^test_loop1[36]_seq": "the Loop carries a sequence (an optional one), which has no gawee counterpart",
    r"^test_bernoulli": "Bernoulli's function body draws random numbers (RandomUniformLike), which gawee cannot",
    r"^test_scan_sum": "Scan of opset 8 (a batch axis and sequence_lens), which the importer rejects (from opset 9 "
    "it unrolls Scan)",
    r"^test_sequence_map_": "sequence types have no gawee counterpart",
    r"^test_dft_inverse": "its stored output was computed by a float32 FFT: where the inverse is exactly 0 (the "
    "imaginary part of bin 5) it holds 1.9e-7, beyond the case's atol 1e-7; nnstack gives 0, and ONNX Runtime "
    "fails the case too (tests/frontend/test_onnx_spectral.py checks the inverse DFT against onnx's reference)",
    r"^test_if_(seq|opt)": "the If's outputs are a sequence and an optional, which have no gawee counterpart",
}
"""Excluded cases (regex over the case name) and why; `prepare` rejects each of them
with an `OnnxImportError` naming the node and the reason."""

SMALL_TYPES = r"(?i)(float8|float4|e8m0|e4m3|e5m2|int4|int2)"
EXCLUDED_AT_MIR: dict[str, str] = {
    SMALL_TYPES: "8- and 4-bit floats, 4- and 2-bit integers are not lowered to mir: convert-gawee-to-mir fails "
    "at the op with a diagnostic that says so (the gawee and linalg levels run these cases; docs/small-types.md)",
    r"^test_(max|average|lp)pool_3d": "mir.pool is 2-D: convert-gawee-to-mir fails at a 3-D pool (with a diagnostic "
    "that says so; the gawee and linalg levels run these cases)",
    r"^test_convtranspose_3d": "mir.conv is 2-D: convert-gawee-to-mir fails at a 3-D conv_transpose (with a "
    "diagnostic that says so; the gawee and linalg levels run this case)",
}
"""Cases excluded at mir level only, and why."""

EXCLUDED_AT_LINALG: dict[str, str] = {
    r"^test_mod_\w*float": "a float Mod: xDSL's arith has no remf, so convert-gawee-to-linalg fails at the "
    "gawee.mod with a diagnostic that says so (the gawee and mir levels run these cases)",
}
"""Cases excluded at linalg level only, and why."""


@functools.cache
def mapped_cases() -> frozenset[str]:
    """The node cases of one node whose operator the importer maps (`importable`: a
    converter, those a gawee op declares and the converters', or ONNX's function
    definition, which the importer expands): a new operator's cases run without an
    entry here."""
    from onnx.backend.test.loader import load_model_tests

    with np.errstate(all="ignore"):
        cases = load_model_tests(kind="node")
    return frozenset(
        case.name
        for case in cases
        if case.model is not None
        and len(case.model.graph.node) == 1
        and importable(case.model.graph.node[0].op_type)
    )


class GaweeLevel(NnstackBackend):
    level = "gawee"


class LinalgLevel(NnstackBackend):
    level = "linalg"


class MirLevel(NnstackBackend):
    level = "mir"


def conformance_cases(
    backend: type[NnstackBackend], name: str, excluded: dict[str, str] | None = None
) -> dict[str, object]:
    # onnx computes the expected outputs of its cases (casts that overflow, log(0), ...)
    # while it builds the suite; its numpy warnings are not this suite's.
    with np.errstate(all="ignore"):
        import onnx.backend.test

        suite = onnx.backend.test.BackendTest(backend, name)
    included = [re.compile(rf"^test_{stem}(_.*)?_cpu$") for stem in EXPANDED]
    included += [re.compile(rf"^{re.escape(case)}_cpu$") for case in mapped_cases()]
    for pattern in included:
        suite.include(pattern.pattern)
    for pattern in {**EXCLUDED, **(excluded or {})}:
        suite.exclude(pattern)
    cases = suite.test_cases
    # Only the included operators' cases are collected (the others would be ~4,000
    # "no matched include pattern" skips per level); excluded ones stay, skipped with
    # their reason.
    for case in cases.values():
        for test_name in [n for n in vars(case) if n.startswith("test_")]:
            if not any(pattern.search(test_name) for pattern in included):
                delattr(case, test_name)
    return cases


globals().update({f"{name}_gawee": case for name, case in conformance_cases(GaweeLevel, __name__).items()})
globals().update(
    {
        f"{name}_linalg": case
        for name, case in conformance_cases(LinalgLevel, __name__, EXCLUDED_AT_LINALG).items()
    }
)
globals().update(
    {f"{name}_mir": case for name, case in conformance_cases(MirLevel, __name__, EXCLUDED_AT_MIR).items()}
)


def test_prepare_rejects_what_it_cannot_run_and_runs_by_name():
    """`prepare` fails on an unsupported case with the importer's one-line error, on an
    unknown level and device; a prepared model runs from a list or a name -> array dict."""
    import pytest
    from onnx import TensorProto, helper

    from nnstack.frontend.onnx import OnnxImportError, backend

    def model(op_type: str, elem: int = TensorProto.FLOAT):
        graph = helper.make_graph(
            [helper.make_node(op_type, ["a", "b"], ["y"], name="n")],
            "g",
            [helper.make_tensor_value_info(n, elem, [2, 3]) for n in "ab"],
            [helper.make_tensor_value_info("y", elem, [2, 3])],
        )
        return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])

    with pytest.raises(
        OnnxImportError, match=r"^input 'a' has element type COMPLEX64, which gawee cannot carry$"
    ):
        backend.prepare(model("Add", TensorProto.COMPLEX64))
    # an 8-bit float is carried, but not computed on (docs/small-types.md)
    with pytest.raises(OnnxImportError, match=r"^node 'n' \(Add, opset 17\): gawee.add: .* got f8E4M3FN$"):
        backend.prepare(model("Add", TensorProto.FLOAT8E4M3FN))
    with pytest.raises(OnnxImportError, match=r"^node 'n' \(PRelu, opset 17\): gawee.prelu: .* got i64$"):
        backend.prepare(model("PRelu", TensorProto.INT64))
    with pytest.raises(OnnxImportError, match="level 'llvm' is not one of gawee, linalg, mir"):
        backend.prepare(model("Add"), level="llvm")
    assert not backend.supports_device("CUDA")
    a, b = np.ones((2, 3), np.float32), np.arange(6, dtype=np.float32).reshape(2, 3)
    rep = backend.prepare(model("Sub"), level="linalg")
    np.testing.assert_array_equal(rep.run([a, b])[0], a - b)
    np.testing.assert_array_equal(rep.run({"b": b, "a": a})[0], a - b)


def test_the_python_api_takes_input_shapes_names_its_inputs_and_runs_nodes():
    """`prepare(..., input_shapes=...)` fixes dynamic dims (as --input-shape), else `run`
    takes them from its arrays; an unknown
    keyword is an error, not silently ignored; `run` with a wrong input name or count
    names the model's inputs; `run_node` runs one node (the interface's default gives None)."""
    import pytest
    from onnx import TensorProto, helper

    from nnstack.frontend.onnx import backend

    graph = helper.make_graph(
        [helper.make_node("Sub", ["a", "b"], ["y"])],
        "g",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, ["N", 3]) for n in "ab"],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 3])],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    a, b = np.ones((2, 3), np.float32), np.arange(6, dtype=np.float32).reshape(2, 3)
    rep = backend.prepare(model, input_shapes={"a": [2, 3], "b": [2, 3]})
    np.testing.assert_array_equal(rep.run({"a": a, "b": b})[0], a - b)
    # without input_shapes, each run takes the shapes of its arrays (imported once per shape)
    unshaped = backend.prepare(model, level="linalg")
    for rows in (2, 4, 2):
        x = np.arange(3 * rows, dtype=np.float32).reshape(rows, 3)
        np.testing.assert_array_equal(unshaped.run([x, x / 2])[0], x / 2)
    assert len(unshaped.programs) == 2  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="unknown option 'input_shape'"):
        backend.prepare(model, input_shape={"a": [2, 3]})
    with pytest.raises(ValueError, match=r"^no graph input named 'y' \(the inputs: a, b\)$"):
        rep.run({"y": a, "a": a, "b": b})
    with pytest.raises(ValueError, match=r"^no array for graph input 'b' \(the inputs: a, b\)$"):
        rep.run({"a": a})
    with pytest.raises(ValueError, match=r"^1 arrays for 2 graph inputs \(a, b\)$"):
        rep.run([a])
    (y,) = backend.run_node(helper.make_node("Mul", ["p", "q"], ["r"]), [a, b])
    np.testing.assert_array_equal(y, a * b)
    (y,) = backend.run_node(helper.make_node("Relu", ["p"], ["r"]), {"p": b - 2})
    np.testing.assert_array_equal(y, np.maximum(b - 2, 0))


def test_inputs_of_another_dtype_are_rejected_as_onnxruntime_does():
    """An array that is not of its graph input's element type is an error naming the
    input, as ONNX Runtime rejects it (INVALID_ARGUMENT), even a lossless int32 for a
    float32 input, and a list (float64); `prepare(..., cast_inputs=True)` converts, as
    nnstack-run's --cast-inputs. The same for a model imported at `run` (dynamic dims)."""
    import pytest
    from onnx import TensorProto, helper
    from onnx.reference import ReferenceEvaluator
    from onnx_models import onnxruntime_outputs

    from nnstack.frontend.onnx import backend

    for dims in ([3], ["n"]):
        graph = helper.make_graph(
            [helper.make_node("Mul", ["x", "x"], ["y"])],
            "g",
            [helper.make_tensor_value_info("x", TensorProto.FLOAT, dims)],
            [helper.make_tensor_value_info("y", TensorProto.FLOAT, dims)],
        )
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
        given = np.array([1, 2, 3], np.int32)
        with pytest.raises(Exception, match="INVALID_ARGUMENT"):
            onnxruntime_outputs(model, {"x": given})
        rep = backend.prepare(model)
        for wrong in (given, given.astype(np.float64), [1.0, 2.0, 3.0]):
            dtype = np.asarray(wrong).dtype
            message = f"^graph input 'x' is float32, the array given for it is {dtype}: give a float32 array"
            with pytest.raises(ValueError, match=message):
                rep.run([wrong])
        (expected,) = ReferenceEvaluator(model).run(None, {"x": given.astype(np.float32)})
        (got,) = backend.prepare(model, cast_inputs=True).run({"x": given})
        assert got.dtype == np.float32
        np.testing.assert_array_equal(got, expected)


def test_run_specialises_on_the_inputs_the_import_needs_as_constants():
    """A Reshape whose target is computed from a graph input (target + 0) is imported at
    `run`, once per distinct target value, and @main takes only the data; a target that
    does not fit is the importer's one-line error at that run; an unsupported operator
    is still rejected at `prepare`."""
    import pytest
    from onnx import TensorProto, helper

    from nnstack.frontend.onnx import OnnxImportError, backend
    from nnstack.frontend.onnx.importer import import_specialised

    zero = helper.make_tensor("zero", TensorProto.INT64, [1], [0])
    graph = helper.make_graph(
        [
            helper.make_node("Add", ["target", "zero"], ["shape"]),
            helper.make_node("Reshape", ["x", "shape"], ["y"], name="r"),
            helper.make_node("Neg", ["y"], ["z"]),
        ],
        "g",
        [
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3]),
            helper.make_tensor_value_info("target", TensorProto.INT64, [2]),
        ],
        [helper.make_tensor_value_info("z", TensorProto.FLOAT, ["a", "b"])],
        [zero],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    rep = backend.prepare(model, level="mir")
    for target in ([3, 2], [1, 6], [3, 2]):
        (z,) = rep.run([x, np.array(target, np.int64)])
        np.testing.assert_array_equal(z, -x.reshape(target))
    assert len(rep.programs) == 2
    with pytest.raises(
        OnnxImportError, match=r"^node 'r' \(Reshape, opset 17\): cannot reshape \[2, 3\] to \[4, 2\]$"
    ):
        rep.run({"x": x, "target": np.array([4, 2], np.int64)})
    module, bound = import_specialised(model, {"x": x, "target": np.array([6, 1], np.int64)})
    assert bound == {"target"}
    assert [str(t) for t in module.ops.first.function_type.inputs] == ["tensor<2x3xf32>"]  # type: ignore[union-attr]

    unique = model.graph.node[0]
    unique.op_type = "Unique"
    del unique.input[1]
    with pytest.raises(OnnxImportError, match=r"^node 'shape' \(Unique, opset 17\): no gawee lowering"):
        backend.prepare(model)


def test_prepare_at_every_level_of_the_stack():
    """The backend runs a model at each level: gawee, linalg, mir, llir (the llir
    interpreter) and native (llir compiled by LLVM), with the same numbers as ONNX
    Runtime within f32 rounding of the conv's sums (a conv with bias and a relu)."""
    import torch
    from onnx import TensorProto, helper, numpy_helper
    from onnx_models import onnxruntime_outputs
    from tolerances import assert_within

    from nnstack.frontend.onnx import backend

    rng = np.random.default_rng(0)
    w = numpy_helper.from_array(rng.standard_normal((4, 3, 3, 3)).astype(np.float32), "w")
    bias = numpy_helper.from_array(rng.standard_normal(4).astype(np.float32), "bias")
    graph = helper.make_graph(
        [
            helper.make_node("Conv", ["x", "w", "bias"], ["c"], pads=[1, 1, 1, 1]),
            helper.make_node("Relu", ["c"], ["y"]),
        ],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 5, 5])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4, 5, 5])],
        [w, bias],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    x = rng.standard_normal((1, 3, 5, 5)).astype(np.float32)
    (expected,) = onnxruntime_outputs(model, {"x": x})
    # each sum has 27 products and the bias: within gamma_28 * (|x| * |w| + |bias|) of the
    # exact one in any order, twice that of ONNX Runtime's
    weights, b = numpy_helper.to_array(w), numpy_helper.to_array(bias)
    magnitude = torch.nn.functional.conv2d(
        torch.from_numpy(np.abs(x).astype(np.float64)),
        torch.from_numpy(np.abs(weights).astype(np.float64)),
        torch.from_numpy(np.abs(b).astype(np.float64)),
        padding=1,
    ).numpy()
    u = 2.0**-24
    bound = 2 * 28 * u / (1 - 28 * u) * magnitude
    for level in ("gawee", "linalg", "mir", "llir", "native"):
        (got,) = backend.prepare(model, level=level).run([x])
        assert got.dtype == np.float32 and got.shape == expected.shape, level
        assert_within(got, expected, bound)
