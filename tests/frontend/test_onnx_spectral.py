"""ONNX DFT and STFT (`frontend/onnx/spectral.py`: a product with a constant matrix of
cosines and sines): forward, inverse, one-sided (rfft, irfft), every signal axis,
dft_length truncating and padding, real and complex inputs, both opsets' forms of the
axis; STFT with and without a window and frame_length, one-sided or not. Expected
values from ONNX's reference evaluator (numpy's FFT) at gawee, linalg and mir level."""

from __future__ import annotations

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator
from onnx_models import LEVELS, run_at

from nnstack.frontend.onnx import OnnxImportError, backend, import_onnx
from nnstack.frontend.onnx.spectral import dft_matrix

RNG = np.random.default_rng(0)
TYPES = {np.dtype(np.float32): TensorProto.FLOAT, np.dtype(np.float64): TensorProto.DOUBLE}


def model(
    op_type: str,
    x: np.ndarray,
    constants: dict[str, np.ndarray],
    inputs: list[str],
    opset: int,
    **attributes: object,
) -> onnx.ModelProto:
    """One node named 'n' of `x` (a graph input) and the constant `inputs` ("" absent)."""
    node = helper.make_node(op_type, ["x", *inputs], ["y"], name="n", **attributes)
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info("x", TYPES[x.dtype], x.shape)],
        [helper.make_empty_tensor_value_info("y")],
        [numpy_helper.from_array(array, name) for name, array in constants.items()],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def dft_model(
    x: np.ndarray, opset: int, axis: int | None, length: int | None, **attributes: object
) -> onnx.ModelProto:
    constants, inputs = {}, ["", ""]
    if length is not None:
        constants["length"], inputs[0] = np.array(length, np.int64), "length"
    if axis is not None and opset >= 20:
        constants["axis"], inputs[1] = np.array(axis, np.int64), "axis"
    elif axis is not None:
        attributes["axis"] = axis
    while inputs and not inputs[-1]:
        inputs.pop()
    return model("DFT", x, constants, inputs, opset, **attributes)


def assert_matches(model: onnx.ModelProto, x: np.ndarray, level: str) -> None:
    (expected,) = ReferenceEvaluator(model).run(None, {"x": x})
    (got,) = run_at(level, model, {"x": x})
    assert got.shape == expected.shape and got.dtype == expected.dtype
    tolerance = 1e-5 if x.dtype == np.float32 else 1e-12
    np.testing.assert_allclose(
        got, expected, rtol=tolerance, atol=tolerance * float(np.max(np.abs(expected)))
    )


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("opset", [17, 20])
@pytest.mark.parametrize(
    ("shape", "axis", "length", "attributes"),
    [
        ((2, 8, 3, 1), 1, None, {}),  # real input, the default axis of opset 17
        ((2, 8, 3, 2), 2, None, {}),  # complex input
        ((2, 8, 3, 2), -3, 5, {}),  # a negative axis; dft_length truncating
        ((2, 5, 3, 1), 1, 8, {"onesided": 1}),  # rfft, zero-padded to 8
        ((2, 3, 7, 1), 2, None, {"onesided": 1}),  # an odd length
        ((2, 8, 3, 2), 1, None, {"inverse": 1}),
        ((2, 4, 6, 2), 2, 9, {"inverse": 1}),  # ifft, padded to 9
        ((2, 5, 3, 2), 1, None, {"inverse": 1, "onesided": 1}),  # irfft to 2 * (5 - 1)
        ((2, 5, 3, 2), 1, 9, {"inverse": 1, "onesided": 1}),  # irfft to an odd length
        ((2, 5, 3, 2), 1, 4, {"inverse": 1, "onesided": 1}),  # irfft of fewer values than given
    ],
)
def test_dft(shape, axis, length, attributes, opset, level):
    x = RNG.standard_normal(shape).astype(np.float32)
    assert_matches(dft_model(x, opset, axis, length, **attributes), x, level)


@pytest.mark.parametrize("level", LEVELS)
def test_dft_default_axis_of_opset_20_in_double(level):
    """Opset 20's default axis is -2, the last signal axis; float64 keeps 1e-12."""
    x = RNG.standard_normal((3, 4, 6, 2))
    assert_matches(dft_model(x, 20, None, None), x, level)


def test_the_matrix_is_numpys_fft_in_double():
    """The matrices against numpy's FFT on random complex values, for lengths below,
    at and above the given count."""
    for given, length in [(6, 6), (4, 7), (9, 6)]:
        z = RNG.standard_normal(given) + 1j * RNG.standard_normal(given)
        pairs = np.stack([z.real, z.imag], -1).reshape(-1)
        as_complex = lambda v: v.reshape(-1, 2) @ np.array([1, 1j])  # noqa: E731
        np.testing.assert_allclose(
            as_complex(pairs @ dft_matrix(given, 2, length, False, False)), np.fft.fft(z, length)
        )
        np.testing.assert_allclose(
            as_complex(pairs @ dft_matrix(given, 2, length, True, False)), np.fft.ifft(z, length)
        )
        np.testing.assert_allclose(pairs @ dft_matrix(given, 2, length, True, True), np.fft.irfft(z, length))
        onesided = as_complex(z.real @ dft_matrix(given, 1, length, False, True))
        np.testing.assert_allclose(onesided, np.fft.rfft(z.real, length), atol=1e-12)


def stft_model(
    x: np.ndarray, step: int, window: np.ndarray | None, length: int | None, **attributes: object
) -> onnx.ModelProto:
    constants = {"step": np.array(step, np.int64)}
    inputs = ["step", "", ""]
    if window is not None:
        constants["window"], inputs[1] = window, "window"
    if length is not None:
        constants["length"], inputs[2] = np.array(length, np.int64), "length"
    while not inputs[-1]:
        inputs.pop()
    return model("STFT", x, constants, inputs, 17, **attributes)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("shape", "step", "window", "length", "attributes"),
    [
        ((2, 40, 1), 6, None, 10, {}),
        ((1, 40, 1), 5, np.hanning(12), None, {}),
        ((2, 33, 1), 4, np.hamming(8), 8, {"onesided": 0}),
        ((2, 30, 2), 7, None, 9, {"onesided": 0}),  # a complex signal
    ],
)
def test_stft(shape, step, window, length, attributes, level):
    x = RNG.standard_normal(shape).astype(np.float32)
    window = None if window is None else window.astype(np.float32)
    assert_matches(stft_model(x, step, window, length, **attributes), x, level)


def test_stft_window_graph_input_and_run_time_step_are_specialised():
    """As ONNX's conformance case test_stft_with_window feeds them: the window a graph
    input (multiplied at run), the frame step a graph input (specialised on at run)."""
    node = helper.make_node("STFT", ["x", "step", "window"], ["y"])
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 64, 1]),
            helper.make_tensor_value_info("step", TensorProto.INT64, []),
            helper.make_tensor_value_info("window", TensorProto.FLOAT, [16]),
        ],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, "frames", 9, 2])],
    )
    onnx_model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    rep = backend.prepare(onnx_model, level="linalg")
    for step in (8, 5):
        feeds = {
            "x": RNG.standard_normal((1, 64, 1)).astype(np.float32),
            "step": np.array(step, np.int64),
            "window": RNG.uniform(0, 1, 16).astype(np.float32),
        }
        (expected,) = ReferenceEvaluator(onnx_model).run(None, feeds)
        np.testing.assert_allclose(rep.run(feeds)[0], expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(
    ("op_type", "shape", "inputs", "attributes", "message"),
    [
        ("DFT", (2, 4, 3), [], {"axis": 1}, "the last dim (real, or real and imaginary) is 3, not 1 or 2"),
        (
            "STFT",
            (2, 8, 1),
            ["step", "", "length"],
            {},
            "frame_step 3 and frame_length 9 do not fit a signal of 8",
        ),
    ],
)
def test_rejected(op_type, shape, inputs, attributes, message):
    x = np.zeros(shape, np.float32)
    constants = {"step": np.array(3, np.int64), "length": np.array(9, np.int64)}
    onnx_model = model(
        op_type, x, {k: v for k, v in constants.items() if k in inputs}, inputs, 17, **attributes
    )
    with pytest.raises(OnnxImportError) as error:
        import_onnx(onnx_model)
    assert str(error.value) == f"node 'n' ({op_type}, opset 17): {message}"
