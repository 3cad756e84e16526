"""The converters of ONNX's DFT and STFT: a discrete Fourier transform of a length known
at import is a linear map, so each is a product with a constant matrix of cosines and
sines (and, for STFT, the signal's frames gathered and windowed first), between a
transpose and reshapes that bring the transformed axis and the real / imaginary parts
last and back.

Accuracy: the matrix is computed in float64 (its angles reduced exactly, 2 pi (k n mod
N) / N, and the cosines and sines of multiples of pi / 2 exact) and rounded to the
element type; the product then sums the n terms of each output in that type, so the
error is about n times the type's epsilon times the largest |x| (about 1e-6 relative
for float32 at n = 16), as an FFT's is about log n times. The cost is quadratic in the
length (an FFT's is n log n): the lengths of audio frames and of the conformance cases,
not long signals."""

from __future__ import annotations

import numpy as np
from xdsl.ir import SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.utils import element_type, tensor_shape
from nnstack.dialects.values import dense_attribute
from nnstack.frontend.onnx.context import ImportContext


def _unit_circle(indices: np.ndarray, length: int) -> np.ndarray:
    """e^(2 pi i a / length) for the integers `indices`, exact where a is a quarter turn."""
    turns = (indices % length) / length
    cosine, sine = np.cos(2 * np.pi * turns), np.sin(2 * np.pi * turns)
    quarter = (4 * indices) % length == 0
    return np.where(quarter, np.round(cosine), cosine) + 1j * np.where(quarter, np.round(sine), sine)


def dft_matrix(given: int, parts: int, length: int, inverse: bool, onesided: bool) -> np.ndarray:
    """The real matrix [given * parts, outputs * output parts] of ONNX's DFT of `length`
    points over `given` complex (`parts` = 2: real, imaginary interleaved) or real
    (`parts` = 1) values, the output's parts interleaved the same way: np.fft.fft
    (the first length // 2 + 1 outputs if `onesided`), np.fft.ifft or, inverse and
    onesided, np.fft.irfft (a real output from the first length // 2 + 1 values), each
    with the input truncated or zero-padded to `length`, as ONNX's reference computes."""
    used = min(given, length // 2 + 1 if inverse and onesided else length)
    outputs = length // 2 + 1 if onesided and not inverse else length
    k, n = np.arange(outputs)[:, None], np.arange(used)[None, :]
    complex_map = np.zeros((outputs, given), np.complex128)
    if not inverse:
        complex_map[:, :used] = np.conj(_unit_circle(k * n, length))
    else:
        complex_map[:, :used] = _unit_circle(k * n, length) / length
        if onesided:  # the conjugate half that irfft implies, and no imaginary part of its ends
            weights = np.full(used, 2.0)
            weights[0] = 1.0
            if length % 2 == 0 and used > length // 2:
                weights[length // 2] = 1.0
            complex_map[:, :used] *= weights
    real, imaginary = complex_map.real.T, complex_map.imag.T  # [given, outputs]
    if inverse and onesided:  # the real part only: Re(A z) = Ar zr - Ai zi
        blocks = np.stack([real, -imaginary], axis=1)[:, :, :, None]
    else:  # (zr, zi) -> (Ar zr - Ai zi, Ai zr + Ar zi)
        blocks = np.stack([np.stack([real, imaginary], -1), np.stack([-imaginary, real], -1)], axis=1)
    return blocks[:, :parts].reshape(given * parts, -1)


def transform(
    context: ImportContext, value: SSAValue, axis: int, length: int, inverse: bool, onesided: bool
) -> SSAValue:
    """ONNX's DFT of `value` [..., 1 or 2] along `axis` (not the last): its axis and parts
    moved last and flattened, times `dft_matrix`, the result's moved back."""
    emit = context.emit_value
    shape = tensor_shape(value)
    rank, parts = len(shape), shape[-1]
    if parts not in (1, 2):
        raise context.fail(f"the last dim (real, or real and imaginary) is {parts}, not 1 or 2")
    if not 0 <= axis < rank - 1:
        raise context.fail(f"axis {axis} is not a signal axis of an input of rank {rank}")
    if length < 1:
        raise context.fail(f"dft_length {length} is not positive")
    perm = [d for d in range(rank - 1) if d != axis] + [axis, rank - 1]
    if perm != list(range(rank)):
        value = emit(gawee.TransposeOp(value, perm))
    rest = [shape[d] for d in perm[:-2]]
    value = emit(gawee.ReshapeOp(value, [*rest, shape[axis] * parts]))
    matrix = dft_matrix(shape[axis], parts, length, inverse, onesided)
    constant = emit(gawee.ConstantOp(dense_attribute(matrix, element_type(value))))
    out_parts = 1 if inverse and onesided else 2
    product = emit(gawee.MatMulOp(value, constant))
    result = emit(gawee.ReshapeOp(product, [*rest, matrix.shape[1] // out_parts, out_parts]))
    back = [int(d) for d in np.argsort(perm)]
    return result if back == list(range(rank)) else emit(gawee.TransposeOp(result, back))


def convert_dft(context: ImportContext) -> None:
    """DFT (opset 17: axis an attribute, default 1; from 20: an input, default -2) of a
    real [..., 1] or complex [..., 2] input: forward, `inverse` (scaled by 1 / n),
    `onesided` (forward: the first n // 2 + 1 outputs; inverse: a real output from a
    one-sided input, irfft), `dft_length` truncating or zero-padding the input. The
    length and axis must be known at import (constants, or specialised on at run). A
    product with a constant matrix of cosines and sines in the input's type: error about
    n times its epsilon, cost quadratic in n (see the module's note)."""
    shape = context.shape(0)
    rank = len(shape)
    if context.opset >= 20:
        axis = int(context.scalar(2, "axis")) if context.has_input(2) else -2
    else:
        axis = int(context.attribute("axis", 1))  # type: ignore[arg-type]
    if not -rank <= axis < rank:
        raise context.fail(f"axis {axis} is out of range for rank {rank}")
    axis %= rank
    inverse = bool(context.attribute("inverse", 0))
    onesided = bool(context.attribute("onesided", 0))
    if context.has_input(1):
        length = int(context.scalar(1, "dft_length"))
    elif inverse and onesided and axis < rank - 1:
        length = 2 * (shape[axis] - 1)
    else:
        length = shape[axis]
    context.define(transform(context, context.value(0), axis, length, inverse, onesided))


def convert_stft(context: ImportContext) -> None:
    """STFT of a real [batch, length, 1] or complex [batch, length, 2] signal: frames of
    `frame_length` (or the window's length) every `frame_step`, gathered with constant
    indices, times the window where one is given, then each frame's DFT (the first
    frame_length // 2 + 1 bins if `onesided`, the default). frame_step and frame_length
    must be known at import (or specialised on at run); a window given with frame_length
    must be as long. The DFT as DFT's: a product with a constant matrix."""
    emit = context.emit_value
    shape = context.shape(0)
    if len(shape) != 3:
        raise context.fail(f"the signal must have rank 3 [batch, length, 1 or 2], got {list(shape)}")
    step = int(context.scalar(1, "frame_step"))
    window = context.value(2) if context.has_input(2) else None
    window_length = context.shape(2)[0] if window is not None else None
    if context.has_input(3):
        frame = int(context.scalar(3, "frame_length"))
        if window_length is not None and window_length != frame:
            raise context.fail(f"the window's length {window_length} is not frame_length {frame}")
    else:
        frame = window_length if window_length is not None else shape[1]
    if step < 1 or not 1 <= frame <= shape[1]:
        raise context.fail(f"frame_step {step} and frame_length {frame} do not fit a signal of {shape[1]}")
    frames = 1 + (shape[1] - frame) // step
    indices = np.arange(frames)[:, None] * step + np.arange(frame)[None, :]
    positions = emit(gawee.ConstantOp(context.dense(indices.astype(np.int64), "the frame indices")))
    value = emit(gawee.GatherOp(context.value(0), positions, 1))  # [batch, frames, frame, parts]
    if window is not None:
        value = emit(gawee.MulOp(value, emit(gawee.ReshapeOp(window, [frame, 1]))))
    onesided = bool(context.attribute("onesided", 1))
    context.define(transform(context, value, 2, frame, False, onesided))
