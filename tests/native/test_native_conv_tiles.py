"""The vectorized mir.conv of convert-mir-to-llir (`conv._ConvTile`): tiles of output
pixels x vectors of output channels over the kernel rows, columns and input channels,
on convs that reach every path: padding on every side (the input copied into a
zero-filled padded buffer; rows split into tiles of even sizes), strides, dilation,
groups, channels left over as a narrower tile and as scalars, a 1x1 conv (no check);
each with the weights given in [KH, KW, Cg, F] and, as convert-gawee-to-mir gives them,
as a mir.transpose of [F, Cg, KH, KW] that the conv reads in place (its panels packed
element by element from the untransposed weights).

Native code must equal the llir interpreter bit for bit (the same llir program); both
against a numpy convolution in f64 within 1e-5 relative to the sum of |products|.
"""

from __future__ import annotations

import numpy as np
import pytest

from nnstack import native
from nnstack.dialects import llir
from nnstack.interpreters import call, make_context, parse_module
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass

SMALL = {"vector_width": 4, "tile_rows": 3, "tile_vectors": 2}

CASES = [
    # (input NHWC, kernel (kh, kw), cg, f, stride, dilation, padding (top, left, bottom, right), groups)
    ((1, 6, 11, 3), (3, 3), 3, 8, (1, 1), (1, 1), (1, 1, 1, 1), 1),  # 9 interior columns: 3 tiles of 3
    ((2, 7, 13, 5), (3, 2), 5, 13, (2, 1), (1, 2), (0, 2, 1, 0), 1),  # 8 + a vector of 4 + 1 scalar channel
    ((1, 9, 16, 4), (7, 7), 2, 12, (2, 2), (1, 1), (3, 3, 3, 3), 2),  # groups, a ResNet-like stem
    ((1, 4, 10, 8), (1, 1), 8, 16, (1, 1), (1, 1), (0, 0, 0, 0), 1),  # 1x1: every column interior
    ((1, 5, 3, 2), (3, 3), 2, 8, (1, 1), (1, 1), (1, 1, 1, 1), 1),  # narrower than a tile
]


def _output_size(size: int, kernel: int, stride: int, dilation: int, before: int, after: int) -> int:
    return (size + before + after - (kernel - 1) * dilation - 1) // stride + 1


def _reference(
    x: np.ndarray, w: np.ndarray, stride, dilation, padding, groups: int
) -> tuple[np.ndarray, np.ndarray]:
    """The conv in f64 by its definition, and the same sum of |products|."""
    top, left, bottom, right = padding
    xp = np.pad(x.astype(np.float64), ((0, 0), (top, bottom), (left, right), (0, 0)))
    kh, kw, cg, f = w.shape
    n, h, wd, _ = xp.shape
    oh = (h - (kh - 1) * dilation[0] - 1) // stride[0] + 1
    ow = (wd - (kw - 1) * dilation[1] - 1) // stride[1] + 1
    fg = f // groups
    out, scale = np.zeros((n, oh, ow, f)), np.zeros((n, oh, ow, f))
    for i in range(kh):
        for j in range(kw):
            rows = xp[:, i * dilation[0] : i * dilation[0] + (oh - 1) * stride[0] + 1 : stride[0]]
            taps = rows[:, :, j * dilation[1] : j * dilation[1] + (ow - 1) * stride[1] + 1 : stride[1]]
            for g in range(groups):
                part = taps[..., g * cg : (g + 1) * cg]
                weights = w[i, j, :, g * fg : (g + 1) * fg].astype(np.float64)
                out[..., g * fg : (g + 1) * fg] += part @ weights
                scale[..., g * fg : (g + 1) * fg] += np.abs(part) @ np.abs(weights)
    return out, scale


@pytest.mark.parametrize("transposed", [False, True], ids=["hwcf", "transposed-fchw"])
@pytest.mark.parametrize(("shape", "kernel", "cg", "f", "stride", "dilation", "padding", "groups"), CASES)
def test_tiled_convs(shape, kernel, cg, f, stride, dilation, padding, groups, transposed):
    n, h, wd, c = shape
    oh = _output_size(h, kernel[0], stride[0], dilation[0], padding[0], padding[2])
    ow = _output_size(wd, kernel[1], stride[1], dilation[1], padding[1], padding[3])
    tx = f"tensor<{n}x{h}x{wd}x{c}xf32>"
    tw = f"tensor<{kernel[0]}x{kernel[1]}x{cg}x{f}xf32>"
    to = f"tensor<{n}x{oh}x{ow}x{f}xf32>"
    head = f"func.func @conv(%x: {tx}, %w: {tw}) -> {to} {{\n"
    if transposed:
        tf = f"tensor<{f}x{cg}x{kernel[0]}x{kernel[1]}xf32>"
        head = (
            f"func.func @conv(%x: {tx}, %v: {tf}) -> {to} {{\n"
            f"  %w = mir.transpose %v permutation = [2, 3, 1, 0] : ({tf}) -> {tw}\n"
        )
    source = (
        head
        + f"  %y = mir.conv %x, %w input_shape = {list(shape)} weight_shape = [{kernel[0]}, {kernel[1]}, {cg}, {f}] "
        f"output_shape = [{n}, {oh}, {ow}, {f}] kernel_size = {list(kernel)} stride = {list(stride)} "
        f"padding = {list(padding)} dilation = {list(dilation)} groups = {groups} : ({tx}, {tw}) -> {to}\n"
        f"  func.return %y : {to}\n}}"
    )
    module = parse_module(source)
    ConvertMirToLlirPass(**SMALL).apply(make_context(), module)
    module.verify()
    assert any(isinstance(op, llir.VectorFMAOp) for op in module.walk())
    rng = np.random.default_rng(sum(shape))
    x = rng.standard_normal(shape).astype(np.float32)
    w = rng.standard_normal((*kernel, cg, f)).astype(np.float32)
    given = np.ascontiguousarray(w.transpose(3, 2, 0, 1)) if transposed else w
    (interpreted,) = call(module, "conv", [x, given]).results
    (compiled,) = native.run(module, "conv", x, given, opt_level=1)
    np.testing.assert_array_equal(compiled, interpreted)
    (checked,) = native.run(module, "conv", x, given, opt_level=1, check_bounds=True)
    np.testing.assert_array_equal(checked, interpreted)
    exact, scale = _reference(x, w, stride, dilation, padding, groups)
    assert compiled.shape == exact.shape
    assert np.all(np.abs(compiled - exact) <= 1e-5 * scale + 1e-30)


EPILOGUE = """
func.func @conv(%x: tensor<1x6x7x5xf32>, %w: tensor<3x3x5x20xf32>, %b: tensor<20xf32>, %r: tensor<1x6x7x20xf32>) -> (tensor<1x6x7x20xf32>, tensor<1x6x7x20xf32>) {
  %y = mir.conv %x, %w input_shape = [1, 6, 7, 5] weight_shape = [3, 3, 5, 20] output_shape = [1, 6, 7, 20] kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : (tensor<1x6x7x5xf32>, tensor<3x3x5x20xf32>) -> tensor<1x6x7x20xf32>
  %a = mir.broadcast_add %b, %y broadcast_shape = [1, 6, 7, 20] : (tensor<20xf32>, tensor<1x6x7x20xf32>) -> tensor<1x6x7x20xf32>
  %s = mir.constant dense<-0.5> : tensor<f32>
  %m = mir.broadcast_mul %a, %s broadcast_shape = [1, 6, 7, 20] : (tensor<1x6x7x20xf32>, tensor<f32>) -> tensor<1x6x7x20xf32>
  %t = mir.broadcast_add %m, %r broadcast_shape = [1, 6, 7, 20] : (tensor<1x6x7x20xf32>, tensor<1x6x7x20xf32>) -> tensor<1x6x7x20xf32>
  %z = mir.constant dense<0.0> : tensor<f32>
  %relu = mir.broadcast_max %z, %t broadcast_shape = [1, 6, 7, 20] : (tensor<f32>, tensor<1x6x7x20xf32>) -> tensor<1x6x7x20xf32>
  %y2 = mir.conv %x, %w input_shape = [1, 6, 7, 5] weight_shape = [3, 3, 5, 20] output_shape = [1, 6, 7, 20] kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : (tensor<1x6x7x5xf32>, tensor<3x3x5x20xf32>) -> tensor<1x6x7x20xf32>
  %a2 = mir.broadcast_add %y2, %b broadcast_shape = [1, 6, 7, 20] : (tensor<1x6x7x20xf32>, tensor<20xf32>) -> tensor<1x6x7x20xf32>
  %relu2 = mir.broadcast_max %a2, %z broadcast_shape = [1, 6, 7, 20] : (tensor<1x6x7x20xf32>, tensor<f32>) -> tensor<1x6x7x20xf32>
  %sum = mir.broadcast_add %relu2, %a2 broadcast_shape = [1, 6, 7, 20] : (tensor<1x6x7x20xf32>, tensor<1x6x7x20xf32>) -> tensor<1x6x7x20xf32>
  func.return %relu, %sum : tensor<1x6x7x20xf32>, tensor<1x6x7x20xf32>
}
"""


def test_fused_epilogue():
    """The element-wise consumers of a tiled conv run in its tiles (`mir_to_llir.epilogue`):
    a bias per channel (the conv as the rhs), a scalar multiply, a residual add and a
    ReLU, in 16 + 4 vector channels and scalar ones; and a second conv whose bias add has
    two uses, after which the chain stops. Native code equals the llir interpreter bit
    for bit; both against numpy in f64 within 1e-5 relative to the sum of |products|."""
    module = parse_module(EPILOGUE)
    ConvertMirToLlirPass(**SMALL).apply(make_context(), module)
    module.verify()
    # two buffers of the result's size: the second conv's biased value (two uses) and
    # its ReLU; the first chain is fused whole (unfused, each link would need one)
    sizes = [op.size.value.data for op in module.walk() if isinstance(op, llir.AllocBufferOp)]
    assert sizes.count(6 * 7 * 20 * 4) == 2
    rng = np.random.default_rng(7)
    x = rng.standard_normal((1, 6, 7, 5)).astype(np.float32)
    w = rng.standard_normal((3, 3, 5, 20)).astype(np.float32)
    bias = rng.standard_normal(20).astype(np.float32)
    residual = rng.standard_normal((1, 6, 7, 20)).astype(np.float32)
    interpreted = call(module, "conv", [x, w, bias, residual]).results
    compiled = native.run(module, "conv", x, w, bias, residual, opt_level=1)
    for got, want in zip(compiled, interpreted):
        np.testing.assert_array_equal(got, want)
    conv, scale = _reference(x, w, (1, 1), (1, 1), (1, 1, 1, 1), 1)
    biased = conv + bias
    expected = [np.maximum(0.0, biased * -0.5 + residual), np.maximum(biased, 0.0) + biased]
    scales = [scale * 0.5 + 1e-6, scale * 2 + 1e-6]
    for got, want, tolerance in zip(compiled, expected, scales):
        assert np.all(np.abs(got - want) <= 1e-5 * tolerance)
