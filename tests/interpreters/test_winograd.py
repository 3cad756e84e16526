"""Winograd's F(2x2, 3x3) convolution (nnstack.interpreters.winograd) against PyTorch's
conv in f64, and where it runs: gawee.conv with constant kernels in a prepared program,
for the convs `winograd.applies` picks, and nowhere else."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from xdsl.context import Context
from xdsl.dialects.linalg import ops as linalg
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import mir
from nnstack.interpreters import parse_module, prepare, winograd
from nnstack.interpreters.convolution import conv2d_nchw
from nnstack.interpreters.linalg.registration import LinalgFunctions
from nnstack.interpreters.steps import KernelRequest
from nnstack.interpreters.windows import Window
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass

RNG = np.random.default_rng(23)


def exact_conv(x: np.ndarray, w: np.ndarray, padding: tuple[int, int, int, int]) -> np.ndarray:
    """F.conv2d in f64 of `x` zero padded (top, left, bottom, right) by F.pad."""
    top, left, bottom, right = padding
    padded = F.pad(torch.from_numpy(x.astype(np.float64)), (left, right, top, bottom))
    return F.conv2d(padded, torch.from_numpy(w.astype(np.float64))).numpy()


def window(h: int, w: int, padding: tuple[int, int, int, int]) -> Window:
    top, left, bottom, right = padding
    return Window.of((3, 3), (1, 1), (1, 1), padding, (h + top + bottom - 2, w + left + right - 2))


def random_conv(shape: tuple[int, int, int, int], filters: int) -> tuple[np.ndarray, np.ndarray]:
    x = RNG.standard_normal(shape).astype(np.float32)
    w = RNG.standard_normal((filters, shape[1], 3, 3)) / math.sqrt(9 * shape[1])
    return x, w.astype(np.float32)


@pytest.mark.parametrize(
    ("shape", "filters", "padding"),
    [
        ((1, 128, 28, 28), 128, (1, 1, 1, 1)),  # ResNet-18's layer 2
        ((1, 256, 14, 14), 256, (1, 1, 1, 1)),  # and layer 3
        ((2, 8, 7, 9), 5, (1, 1, 1, 1)),  # odd sizes: the last tiles half outside
        ((1, 6, 8, 6), 4, (0, 2, 1, 0)),  # asymmetric padding
        ((1, 3, 6, 7), 2, (0, 0, 0, 0)),  # none
    ],
)
@pytest.mark.parametrize("channels_last", [False, True])
def test_winograd_matches_a_direct_conv(shape, filters, padding, channels_last):
    """Within the error of im2col's f32 product (both against f64), NCHW and NHWC."""
    x, w = random_conv(shape, filters)
    expected = exact_conv(x, w, padding)
    im2col = conv2d_nchw(x, w, 1, window(*shape[2:], padding))
    bound = max(2 * np.abs(im2col - expected).max(), 1e-6)
    conv = winograd.WinogradConv(w, window(*shape[2:], padding), channels_last)
    if channels_last:
        x, expected = np.ascontiguousarray(x.transpose(0, 2, 3, 1)), expected.transpose(0, 2, 3, 1)
    got = conv.winograd(x)
    assert got.dtype == np.float32 and got.shape == expected.shape and got.flags.c_contiguous
    assert np.abs(got - expected).max() <= bound


def test_winograd_applies_to_resnets_3x3_stride_1_convs_only():
    f32 = np.dtype(np.float32)
    wide = window(28, 28, (1, 1, 1, 1))
    assert winograd.applies(wide, 1, 128, 128, f32)
    assert winograd.applies(window(56, 56, (1, 1, 1, 1)), 1, 64, 64, f32)
    assert winograd.applies(window(14, 14, (1, 1, 1, 1)), 1, 256, 256, f32)
    assert winograd.applies(window(7, 7, (1, 1, 1, 1)), 1, 256, 256, f32)  # 16 tiles
    assert not winograd.applies(window(112, 112, (1, 1, 1, 1)), 1, 32, 32, f32)  # few channels
    assert not winograd.applies(window(4, 4, (1, 1, 1, 1)), 1, 64, 64, f32)  # few tiles
    assert not winograd.applies(window(7, 7, (1, 1, 1, 1)), 1, 512, 512, f32)  # too many channels per tile
    assert not winograd.applies(wide, 2, 128, 128, f32)
    assert not winograd.applies(wide, 1, 128, 128, np.dtype(np.float16))
    assert not winograd.applies(wide, 1, 128, 128, np.dtype(np.float64))
    strided = Window.of((3, 3), (2, 2), (1, 1), (1, 1, 1, 1), (14, 14))
    dilated = Window.of((3, 3), (1, 1), (2, 2), (2, 2, 2, 2), (28, 28))
    one_by_one = Window.of((1, 1), (1, 1), (1, 1), (0, 0, 0, 0), (28, 28))
    assert not any(winograd.applies(each, 1, 128, 128, f32) for each in (strided, dilated, one_by_one))


def conv_program(x_shape: tuple[int, ...], weights: np.ndarray, bias: np.ndarray, constant: bool) -> str:
    """gawee.conv (3x3, padding 1) with constant kernels and bias, or kernels given."""

    def tensor(shape: tuple[int, ...]) -> str:
        return f"tensor<{'x'.join(map(str, shape))}xf32>"

    x, w, b = tensor(x_shape), tensor(weights.shape), tensor(bias.shape)
    out = tensor((x_shape[0], weights.shape[0], *x_shape[2:]))
    arguments = f"%x: {x}" + ("" if constant else f", %w: {w}")
    lines = [f"func.func @main({arguments}) -> {out} {{"]
    if constant:
        lines.append(f'  %w = gawee.constant dense<"0x{weights.tobytes().hex()}"> : {w}')
    lines += [
        f'  %b = gawee.constant dense<"0x{bias.tobytes().hex()}"> : {b}',
        f"  %y = gawee.conv %x, %w, %b strides = [1, 1] padding = [1, 1] dilation = [1, 1] : ({x}, {w}, {b}) -> {out}",
        f"  func.return %y : {out}",
        "}",
    ]
    return "\n".join(lines)


@pytest.mark.parametrize("level", ["gawee", "linalg", "mir"])
@pytest.mark.parametrize("constant", [True, False])
def test_conv_runs_winograd_with_constant_kernels(
    level: str, constant: bool, monkeypatch: pytest.MonkeyPatch
):
    """With the thresholds lowered to this small conv: a prepared program runs it by
    Winograd from its second run on where its kernels are constants (transformed once,
    on the second run), by im2col where they are an argument; the bias is added either
    way. At linalg level (after convert-gawee-to-linalg) the conv reads the padded
    input and adds the bias as its init; at mir level it runs channels last."""
    monkeypatch.setattr(winograd, "MIN_CHANNELS", 4)
    monkeypatch.setattr(winograd, "MIN_TILES", 1)
    calls: list[tuple[int, ...]] = []
    run = winograd.WinogradConv.winograd

    def counting(self: winograd.WinogradConv, x: np.ndarray) -> np.ndarray:
        calls.append(x.shape)
        return run(self, x)

    monkeypatch.setattr(winograd.WinogradConv, "winograd", counting)
    x, w = random_conv((2, 6, 5, 7), 4)
    bias = RNG.standard_normal(4).astype(np.float32)
    module = parse_module(conv_program(x.shape, w, bias, constant))
    if level == "linalg":
        ConvertGaweeToLinalgPass().apply(Context(), module)
        assert any(isinstance(op, linalg.Conv2DNchwFchwOp) for op in module.walk())
    if level == "mir":
        ConvertGaweeToMirPass().apply(Context(), module)
        assert any(isinstance(op, mir.ConvOp) for op in module.walk())
    program = prepare(module, "main")
    arrays = (x,) if constant else (x, w)
    expected = exact_conv(x, w, (1, 1, 1, 1)) + bias[:, None, None]
    for _ in range(3):
        (got,) = program(*arrays)
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    # (linalg's conv reads the tensor.pad of the input, mir's its NHWC transpose)
    seen = {"gawee": x.shape, "linalg": (2, 6, 7, 9), "mir": (2, 5, 7, 6)}[level]
    assert calls == ([seen] * 2 if constant else [])


def test_linalg_winograd_kernel_names_an_operand_of_the_wrong_type(monkeypatch: pytest.MonkeyPatch):
    """The kernel of a linalg conv whose operands a plan does not guarantee checks them."""
    monkeypatch.setattr(winograd, "MIN_CHANNELS", 4)
    monkeypatch.setattr(winograd, "MIN_TILES", 1)
    x, w = random_conv((1, 6, 5, 7), 4)
    module = parse_module(conv_program(x.shape, w, np.zeros(4, np.float32), True))
    ConvertGaweeToLinalgPass().apply(Context(), module)
    conv = next(op for op in module.walk() if isinstance(op, linalg.Conv2DNchwFchwOp))
    kernel = LinalgFunctions().kernel(conv, KernelRequest(constants=(None, w, None)))
    assert kernel is not None
    init = np.zeros((1, 4, 5, 7), np.float32)
    for _ in range(2):  # (im2col, then Winograd)
        (got,) = kernel.run((np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1))), w, init))
        np.testing.assert_allclose(got, exact_conv(x, w, (1, 1, 1, 1)), rtol=1e-5, atol=1e-5)
    with pytest.raises(InterpretationError, match="linalg.conv_2d_nchw_fchw"):
        kernel.run((x, w, init))


def test_a_linalg_conv_of_dynamic_shapes_with_constant_kernels_runs_as_a_conv():
    """A conv whose input and init have a dynamic batch is not Winograd's (that needs
    static shapes, to decide once): with constant kernels it runs as any conv."""
    x, w = random_conv((2, 6, 7, 9), 4)
    dynamic_x, dynamic_out, kernels = "tensor<?x6x7x9xf32>", "tensor<?x4x5x7xf32>", "tensor<4x6x3x3xf32>"
    text = f"""
    func.func @main(%x: {dynamic_x}, %init: {dynamic_out}) -> {dynamic_out} {{
      %w = arith.constant dense<"0x{w.tobytes().hex()}"> : {kernels}
      %y = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
        ins(%x, %w : {dynamic_x}, {kernels}) outs(%init : {dynamic_out}) -> {dynamic_out}
      func.return %y : {dynamic_out}
    }}"""
    program = prepare(parse_module(text), "main")
    init = RNG.standard_normal((2, 4, 5, 7)).astype(np.float32)
    for _ in range(2):
        (got,) = program(x, init)
        np.testing.assert_allclose(got, exact_conv(x, w, (0, 0, 0, 0)) + init, rtol=1e-5, atol=1e-5)
