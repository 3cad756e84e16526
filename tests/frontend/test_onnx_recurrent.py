"""ONNX RNN, GRU and LSTM (`frontend/onnx/recurrent.py`, gawee.rnn / gru / lstm): one-node
models over every direction and layout, one time step and several, with and without the
optional inputs and with any subset of the outputs, against ONNX's reference evaluator;
PyTorch's nn.RNN, nn.GRU and nn.LSTM exported by its TorchScript exporter against ONNX
Runtime; each at gawee, linalg and mir level (the lowerings' loop over time), some at llir
level and in native code too; and a one-line error naming the node for what is rejected."""

from __future__ import annotations

import io
import warnings

import numpy as np
import onnx
import pytest
import torch
from onnx import helper, numpy_helper
from onnx.reference import ReferenceEvaluator
from onnx_models import onnxruntime_outputs
from test_onnx_import import LEVELS, run_at
from xdsl.context import Context

from nnstack import native
from nnstack.frontend.onnx import OnnxImportError, import_onnx
from nnstack.interpreters import call
from nnstack.interpreters.llir import leaked_buffers
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass

GATES = {"RNN": 1, "GRU": 3, "LSTM": 4}
STEPS, BATCH, FEATURES, HIDDEN = 3, 2, 4, 3


def recurrent_model(
    op_type: str,
    direction: str = "forward",
    layout: int = 0,
    optional: tuple[str, ...] = ("B", "initial_h", "initial_c"),
    outputs: tuple[bool, ...] = (True, True, True),
    constant_weights: bool = False,
    opset: int = 14,
    seed: int = 0,
    steps: int = STEPS,
    **attributes,
) -> tuple[onnx.ModelProto, dict[str, np.ndarray]]:
    """A one-node model named 'n' and its feeds: X (`steps` time steps), W, R and the
    `optional` inputs of those (B, initial_h, initial_c, LSTM's peepholes P; random; W, R
    and B initializers with `constant_weights`); the outputs
    Y, Y_h (and LSTM's Y_c) where `outputs` says so (an empty name otherwise)."""
    rng = np.random.default_rng(seed)
    d, g = (2 if direction == "bidirectional" else 1), GATES[op_type]
    state = (BATCH, d, HIDDEN) if layout else (d, BATCH, HIDDEN)
    shapes = {
        "X": (BATCH, steps, FEATURES) if layout else (steps, BATCH, FEATURES),
        "W": (d, g * HIDDEN, FEATURES),
        "R": (d, g * HIDDEN, HIDDEN),
        "B": (d, 2 * g * HIDDEN),
        "sequence_lens": None,
        "initial_h": state,
        "initial_c": state,
        "P": (d, 3 * HIDDEN),
    }
    names = ["X", "W", "R", "B", "sequence_lens", "initial_h"] + (
        ["initial_c", "P"] if op_type == "LSTM" else []
    )
    arrays = {
        n: rng.uniform(-1, 1, s).astype(np.float32)
        for n, s in shapes.items()
        if s is not None and n in names and (n in ("X", "W", "R") or n in optional)
    }
    inputs = [n if n in arrays else "" for n in names]
    while not inputs[-1]:
        inputs.pop()
    results = ["Y", "Y_h", "Y_c"][: 3 if op_type == "LSTM" else 2]
    results = [r if wanted else "" for r, wanted in zip(results, outputs)]
    while not results[-1]:
        results.pop()
    constants = {n: arrays.pop(n) for n in ("W", "R", "B") if constant_weights and n in arrays}
    node = helper.make_node(
        op_type, inputs, results, name="n", hidden_size=HIDDEN, direction=direction, **attributes
    )
    if layout:
        node.attribute.append(helper.make_attribute("layout", layout))
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info(n, onnx.TensorProto.FLOAT, a.shape) for n, a in arrays.items()],
        [helper.make_empty_tensor_value_info(r) for r in results if r],
        [numpy_helper.from_array(a, n) for n, a in constants.items()],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)]), arrays


def assert_matches_reference(model: onnx.ModelProto, feeds: dict[str, np.ndarray], level: str) -> None:
    expected = ReferenceEvaluator(model).run(None, feeds)
    got = run_at(level, model, feeds)
    assert len(got) == len(expected)
    for g, e in zip(got, expected, strict=True):
        assert g.shape == e.shape and g.dtype == e.dtype
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("layout", [0, 1])
@pytest.mark.parametrize("direction", ["forward", "reverse", "bidirectional"])
@pytest.mark.parametrize("op_type", ["RNN", "GRU", "LSTM"])
def test_directions_and_layouts(op_type: str, direction: str, layout: int, level: str):
    model, feeds = recurrent_model(op_type, direction, layout)
    assert_matches_reference(model, feeds, level)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("steps", [1, 5])
@pytest.mark.parametrize(
    "optional", [("B",), ("B", "initial_h", "initial_c")], ids=["zero-states", "initial-states"]
)
@pytest.mark.parametrize("direction", ["forward", "reverse", "bidirectional"])
@pytest.mark.parametrize("op_type", ["RNN", "GRU", "LSTM"])
def test_time_steps_and_initial_states(
    op_type: str, direction: str, optional: tuple[str, ...], steps: int, level: str
):
    """One time step and several (the lowerings' loop runs once or five times), from zero
    states (no initial_h / initial_c) or given ones."""
    model, feeds = recurrent_model(op_type, direction, optional=optional, steps=steps, seed=steps)
    assert_matches_reference(model, feeds, level)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("direction", ["forward", "reverse", "bidirectional"])
@pytest.mark.parametrize("linear_before_reset", [0, 1])
def test_gru_linear_before_reset(linear_before_reset: int, direction: str, level: str):
    model, feeds = recurrent_model("GRU", direction, linear_before_reset=linear_before_reset)
    assert_matches_reference(model, feeds, level)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("steps", [1, 4])
@pytest.mark.parametrize("layout", [0, 1])
@pytest.mark.parametrize("direction", ["forward", "reverse", "bidirectional"])
@pytest.mark.parametrize(
    "optional", [("P",), ("B", "initial_h", "initial_c", "P")], ids=["zero-states", "states"]
)
def test_lstm_peepholes(optional: tuple[str, ...], direction: str, layout: int, steps: int, level: str):
    """LSTM's peepholes P (Pi, Po, Pf per direction): i and f see the previous step's c,
    o the new one; from zero states (where Pi and Pf add nothing at the first step) and
    given ones."""
    model, feeds = recurrent_model("LSTM", direction, layout, optional, steps=steps, seed=steps + layout)
    feeds["P"] *= 4  # (weigh c in enough that a peephole applied to the wrong c shows)
    assert_matches_reference(model, feeds, level)


@pytest.mark.parametrize("steps", [1, 4])
@pytest.mark.parametrize(
    ("op_type", "attributes"),
    [
        ("RNN", {}),
        ("GRU", {"linear_before_reset": 0}),
        ("GRU", {"linear_before_reset": 1}),
        ("LSTM", {}),
        ("LSTM", {"optional": ("B", "initial_h", "initial_c", "P")}),
    ],
)
def test_llir_and_native_code(op_type: str, attributes: dict, steps: int):
    """The mir.for over time lowered to llir (gawee -> mir -> llir), run by the llir
    interpreter with its memory checks (strict reads, no leaked buffers) against onnx's
    reference; and natively, against the llir interpreter."""
    model, feeds = recurrent_model(op_type, "bidirectional", steps=steps, **attributes)
    expected = ReferenceEvaluator(model).run(None, feeds)
    module = import_onnx(model)
    ConvertGaweeToMirPass().apply(Context(), module)
    ConvertMirToLlirPass().apply(Context(), module)
    module.verify()
    arrays = list(feeds.values())
    result = call(module, "main", arrays, strict_memory=True)
    assert leaked_buffers(result.interpreter) == []
    compiled = native.run(module, "main", *arrays, opt_level=1)
    for got, natively, reference in zip(result.results, compiled, expected, strict=True):
        np.testing.assert_allclose(np.asarray(got), reference, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(natively, np.asarray(got), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("op_type", "optional", "outputs", "layout"),
    [
        ("RNN", (), (False, True), 0),
        ("GRU", ("initial_h",), (True, False), 1),
        ("LSTM", ("B",), (False, False, True), 0),
        ("LSTM", ("initial_c",), (True, False, True), 1),
        ("LSTM", ("B", "initial_h"), (False, True), 0),
    ],
)
def test_optional_inputs_and_outputs(
    op_type: str, optional: tuple[str, ...], outputs: tuple[bool, ...], layout: int, level: str
):
    """Absent B and initial states are zeros; an output may be left out anywhere."""
    model, feeds = recurrent_model(op_type, "bidirectional", layout, optional, outputs)
    assert_matches_reference(model, feeds, level)


@pytest.mark.parametrize("op_type", ["RNN", "GRU", "LSTM"])
def test_constant_weights_and_explicit_defaults(op_type: str):
    """Initializer weights, the default activations spelled out, opset 17, and a
    constant sequence_lens of the whole sequence (accepted: it changes nothing)."""
    activations = {"RNN": ["Tanh"], "GRU": ["Sigmoid", "Tanh"], "LSTM": ["Sigmoid", "Tanh", "Tanh"]}[op_type]
    model, feeds = recurrent_model(
        op_type, "bidirectional", constant_weights=True, opset=17, activations=activations * 2
    )
    lens = numpy_helper.from_array(np.full(BATCH, STEPS, np.int32), "lens")
    model.graph.initializer.append(lens)
    model.graph.node[0].input[4] = "lens"
    assert_matches_reference(model, feeds, "mir")


def exported(module: torch.nn.Module, x: torch.Tensor, opset: int, *states: torch.Tensor) -> onnx.ModelProto:
    buffer = io.BytesIO()
    with warnings.catch_warnings():  # (torch: the TorchScript exporter is deprecated, tracing)
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", UserWarning)
        warnings.simplefilter("ignore", torch.jit.TracerWarning)
        torch.onnx.export(module, (x, *states), buffer, dynamo=False, opset_version=opset)
    return onnx.load_from_string(buffer.getvalue())


TORCH_CASES = [
    ("RNN", 14, dict(num_layers=2)),
    ("RNN", 17, dict(bidirectional=True, batch_first=True, nonlinearity="tanh")),
    ("GRU", 15, dict(bidirectional=True)),
    ("GRU", 17, dict(num_layers=2, batch_first=True)),
    ("LSTM", 16, dict(bidirectional=True, num_layers=2)),
    ("LSTM", 17, dict(batch_first=True, bias=False)),
]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("kind", "opset", "options"), TORCH_CASES)
@pytest.mark.parametrize("with_state", [False, True])
def test_pytorch_exports(kind: str, opset: int, options: dict, with_state: bool, level: str):
    """torch.nn.RNN / GRU / LSTM as PyTorch's TorchScript exporter writes them (GRU with
    linear_before_reset = 1, its own gate order converted to ONNX's), with and without
    initial states, against ONNX Runtime."""
    torch.manual_seed(0)
    module = getattr(torch.nn, kind)(FEATURES, HIDDEN, **options).eval()
    batch_first = options.get("batch_first", False)
    x = torch.randn((BATCH, STEPS, FEATURES) if batch_first else (STEPS, BATCH, FEATURES))
    layers = options.get("num_layers", 1) * (2 if options.get("bidirectional") else 1)
    states: list[torch.Tensor] = []
    if with_state:
        h = torch.randn(layers, BATCH, HIDDEN)
        states = [(h, torch.randn(layers, BATCH, HIDDEN))] if kind == "LSTM" else [h]  # type: ignore[list-item]
    model = exported(module, x, opset, *states)
    assert {n.op_type for n in model.graph.node} & {"RNN", "GRU", "LSTM"}
    feeds = {i.name: a for i, a in zip(model.graph.input, _flat(x, states))}
    expected = onnxruntime_outputs(model, feeds)
    got = run_at(level, model, feeds)
    assert len(got) == len(expected)
    for g, e in zip(got, expected, strict=True):
        np.testing.assert_allclose(g, e, rtol=1e-4, atol=1e-5)


def _flat(x: torch.Tensor, states: list) -> list[np.ndarray]:
    tensors = [x]
    for state in states:
        tensors += list(state) if isinstance(state, tuple) else [state]
    return [t.numpy() for t in tensors]


@pytest.mark.parametrize(
    ("op_type", "change", "message"),
    [
        ("RNN", {"activations": ["Relu"]}, "activations ['Relu'] are not supported (only the defaults)"),
        ("GRU", {"clip": 1.0}, "attribute clip is not supported"),
        ("LSTM", {"input_forget": 1}, "attribute input_forget = 1 is not supported"),
        ("LSTM", {"activation_alpha": [0.5]}, "attribute activation_alpha is not supported"),
        ("RNN", {"sequence_lens": [3, 2]}, "sequence_lens [3, 2] (not all 3) are not supported"),
        ("GRU", {"sequence_lens": None}, "sequence_lens (input 'lens') must be a constant"),
    ],
)
def test_rejected(op_type: str, change: dict, message: str):
    attributes = {k: v for k, v in change.items() if k != "sequence_lens"}
    model, _ = recurrent_model(op_type, **attributes)
    node = model.graph.node[0]
    if "sequence_lens" in change:
        lens = change["sequence_lens"]
        if lens is None:
            model.graph.input.append(helper.make_tensor_value_info("lens", onnx.TensorProto.INT32, [BATCH]))
        else:
            model.graph.initializer.append(numpy_helper.from_array(np.array(lens, np.int32), "lens"))
        node.input[4] = "lens"
    with pytest.raises(OnnxImportError) as error:
        import_onnx(model)
    assert str(error.value) == f"node 'n' ({op_type}, opset 14): {message}"
