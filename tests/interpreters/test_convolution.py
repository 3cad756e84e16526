"""The shared convolution and max pooling kernels (nnstack.interpreters.convolution,
nnstack.interpreters.windows) against PyTorch, directly and through gawee.conv /
gawee.max_pool at every level (gawee, linalg, mir).

Each case aims at one of the kernels' paths, so a wrong fast path fails a case: a 1x1,
stride 1 conv multiplying the input itself, a strided 1x1 conv, stride 1 taps copied
as shifts of the flattened rows (also with asymmetric padding that keeps the width),
taps copied strided (a width that changes, strides, dilation, a non-contiguous input),
taps that fall entirely into the padding, groups and depthwise, batches, NHWC columns
position-major (many channels) and tap-major (few), f16 accumulating in f32.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from generic_ir import array_text, one_op_function, tensor_text
from levels import run_at_levels

from nnstack.interpreters.convolution import SMALL_CHANNELS, conv2d_nchw, conv2d_nhwc
from nnstack.interpreters.windows import Window, max_pool

RNG = np.random.default_rng(14)


@dataclass(frozen=True)
class Case:
    """An NCHW conv: input shape, filters, groups, kernel, strides, dilation and
    (top, left, bottom, right) padding."""

    shape: tuple[int, int, int, int]
    filters: int
    kernel: tuple[int, int]
    strides: tuple[int, int] = (1, 1)
    dilation: tuple[int, int] = (1, 1)
    padding: tuple[int, int, int, int] = (0, 0, 0, 0)
    groups: int = 1

    def out_hw(self) -> tuple[int, int]:
        def size(axis: int) -> int:
            extent = self.shape[2 + axis] + self.padding[axis] + self.padding[2 + axis]
            return (extent - self.dilation[axis] * (self.kernel[axis] - 1) - 1) // self.strides[axis] + 1

        return size(0), size(1)

    def window(self) -> Window:
        return Window.of(self.kernel, self.strides, self.dilation, self.padding, self.out_hw())


CASES = {
    "1x1 stride 1 (the input itself)": Case((1, 16, 6, 5), 8, (1, 1)),
    "1x1 stride 1, batch 2": Case((2, 16, 6, 5), 8, (1, 1)),
    "1x1 stride 2": Case((1, 16, 7, 6), 8, (1, 1), strides=(2, 2)),
    "3x3 stride 1 pad 1 (shifted rows)": Case((1, 16, 7, 6), 8, (3, 3), padding=(1, 1, 1, 1)),
    "3x3 stride 1, asymmetric pad keeping the width": Case((1, 16, 7, 6), 8, (3, 3), padding=(0, 2, 1, 0)),
    "1x3 stride 1 pad keeping the width (one kernel row)": Case(
        (1, 16, 6, 5), 8, (1, 3), padding=(0, 1, 0, 1)
    ),
    "3x3 stride 1, asymmetric pad widening": Case((1, 16, 7, 6), 8, (3, 3), padding=(1, 0, 2, 3)),
    "7x7 stride 2 pad 3, 3 channels": Case((1, 3, 13, 12), 8, (7, 7), strides=(2, 2), padding=(3, 3, 3, 3)),
    "stride (2, 1), dilation (1, 2)": Case((2, 16, 9, 10), 8, (3, 2), strides=(2, 1), dilation=(1, 2)),
    "dilation 2, stride 1, pad 2": Case((1, 16, 6, 7), 8, (3, 3), dilation=(2, 2), padding=(2, 2, 2, 2)),
    "taps entirely in the padding": Case((1, 4, 3, 3), 5, (3, 3), dilation=(4, 4), padding=(4, 4, 4, 4)),
    "groups 2, batch 3": Case((3, 16, 6, 6), 8, (3, 3), padding=(1, 1, 1, 1), groups=2),
    "groups 4, few channels per group": Case((2, 8, 6, 5), 12, (2, 3), strides=(1, 2), groups=4),
    "depthwise": Case((1, 16, 6, 6), 16, (3, 3), padding=(1, 1, 1, 1), groups=16),
}
assert any(c.shape[1] // c.groups < SMALL_CHANNELS for c in CASES.values())
assert any(c.shape[1] // c.groups >= SMALL_CHANNELS for c in CASES.values())


def random_conv(case: Case, dtype: type) -> tuple[np.ndarray, np.ndarray]:
    n, c, h, w = case.shape
    x = RNG.standard_normal(case.shape).astype(dtype)
    weight = RNG.standard_normal((case.filters, c // case.groups, *case.kernel)) / math.sqrt(c)
    return x, weight.astype(dtype)


def torch_conv(case: Case, x: np.ndarray, w: np.ndarray, bias: np.ndarray | None = None) -> np.ndarray:
    """F.conv2d in f64 of `x` zero padded by F.pad (PyTorch has no asymmetric padding)."""
    top, left, bottom, right = case.padding
    padded = F.pad(torch.from_numpy(x.astype(np.float64)), (left, right, top, bottom))
    b = None if bias is None else torch.from_numpy(bias.astype(np.float64))
    weight = torch.from_numpy(w.astype(np.float64))
    return F.conv2d(padded, weight, b, case.strides, 0, case.dilation, case.groups).numpy()


TOLERANCE = {np.float16: 2e-3, np.float32: 1e-5, np.float64: 1e-12}


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("name", list(CASES))
def test_conv2d_nchw_and_nhwc(name: str, dtype: type):
    """Both layouts against F.conv2d; f16 accumulates in f32 and returns f32."""
    case = CASES[name]
    x, w = random_conv(case, dtype)
    expected = torch_conv(case, x, w)
    tolerance = TOLERANCE[dtype]
    nchw = conv2d_nchw(x, w, case.groups, case.window())
    assert nchw.dtype == (np.float32 if dtype == np.float16 else dtype)
    assert nchw.shape == expected.shape
    np.testing.assert_allclose(nchw, expected, rtol=tolerance, atol=tolerance)
    x_nhwc = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
    w_hwcf = np.ascontiguousarray(w.transpose(2, 3, 1, 0))
    nhwc = conv2d_nhwc(x_nhwc, w_hwcf, case.groups, case.window())
    assert nhwc.dtype == nchw.dtype
    np.testing.assert_allclose(nhwc, expected.transpose(0, 2, 3, 1), rtol=tolerance, atol=tolerance)


@pytest.mark.parametrize("name", ["3x3 stride 1 pad 1 (shifted rows)", "1x1 stride 1 (the input itself)"])
def test_conv2d_of_views(name: str):
    """Inputs that are transposed views (their rows do not flatten) and the kernels
    of a strided view give the same results as contiguous ones."""
    case = CASES[name]
    x, w = random_conv(case, np.float32)
    expected = torch_conv(case, x, w)
    x_view = np.ascontiguousarray(x.transpose(0, 1, 3, 2)).transpose(0, 1, 3, 2)
    w_view = np.ascontiguousarray(w.transpose(3, 2, 1, 0)).transpose(3, 2, 1, 0)
    assert not x_view.flags.c_contiguous and not w_view.flags.c_contiguous
    got = conv2d_nchw(x_view, w_view, case.groups, case.window())
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    x_nhwc = x.transpose(0, 2, 3, 1)  # (a view: channels are not contiguous)
    got = conv2d_nhwc(x_nhwc, w.transpose(2, 3, 1, 0), case.groups, case.window())
    np.testing.assert_allclose(got, expected.transpose(0, 2, 3, 1), rtol=1e-5, atol=1e-5)


def test_conv2d_does_not_write_its_operands():
    case = CASES["1x1 stride 1 (the input itself)"]
    x, w = random_conv(case, np.float32)
    x_copy, w_copy = x.copy(), w.copy()
    out = conv2d_nchw(x, w, 1, case.window())
    out += 1
    np.testing.assert_array_equal(x, x_copy)
    np.testing.assert_array_equal(w, w_copy)


@pytest.mark.parametrize("strides", [(1, 1), (2, 2)])
def test_conv2d_empty(strides: tuple[int, int]):
    """An empty batch, and an input smaller than the kernel (no output position), give
    empty results of the right shape in both layouts."""
    w = RNG.standard_normal((5, 4, 3, 3)).astype(np.float32)
    for x, out_size in (
        (np.zeros((0, 4, 6, 6), np.float32), 3 // strides[0] + 1),
        (np.ones((1, 4, 2, 2), np.float32), 0),
    ):
        window = Window.of((3, 3), strides, (1, 1), (0, 0, 0, 0), (out_size, out_size))
        expected = (x.shape[0], 5, *window.out_size)
        assert conv2d_nchw(x, w, 1, window).shape == expected
        nhwc = conv2d_nhwc(x.transpose(0, 2, 3, 1), w.transpose(2, 3, 1, 0), 1, window)
        assert nhwc.shape == (expected[0], *window.out_size, 5)


def gawee_conv_text(case: Case, dtype: str, bias: bool) -> str:
    n, c, _, _ = case.shape
    operands = [case.shape, (case.filters, c // case.groups, *case.kernel)] + (
        [(case.filters,)] if bias else []
    )
    attributes = {
        "strides": array_text(case.strides),
        "padding": array_text(case.padding),
        "dilation": array_text(case.dilation),
        "groups": f"{case.groups} : i64",
    }
    result = (n, case.filters, *case.out_hw())
    return one_op_function(
        "gawee.conv", [tensor_text(s, dtype) for s in operands], attributes, [tensor_text(result, dtype)]
    )


LEVEL_CASES = [
    "1x1 stride 1, batch 2",
    "1x1 stride 2",
    "3x3 stride 1, asymmetric pad keeping the width",
    "3x3 stride 1, asymmetric pad widening",
    "7x7 stride 2 pad 3, 3 channels",
    "stride (2, 1), dilation (1, 2)",
    "taps entirely in the padding",
    "groups 2, batch 3",
    "groups 4, few channels per group",
]


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
@pytest.mark.parametrize("name", LEVEL_CASES)
def test_gawee_conv_at_every_level(name: str, dtype: type):
    """gawee.conv with a bias at gawee level, lowered to linalg (tensor.pad and
    linalg.conv_2d_*, the bias as the init) and to mir (NHWC mir.conv between
    transposes, then the bias): each against F.conv2d."""
    case = CASES[name]
    x, w = random_conv(case, dtype)
    bias = RNG.standard_normal(case.filters).astype(dtype)
    expected = torch_conv(case, x, w, bias)
    element = "f16" if dtype == np.float16 else "f32"
    tolerance = 1e-2 if dtype == np.float16 else 1e-5  # (f16 rounds each result once)
    for level, (got,) in run_at_levels(gawee_conv_text(case, element, True), x, w, bias).items():
        assert got.dtype == dtype, level
        np.testing.assert_allclose(got, expected, rtol=tolerance, atol=tolerance, err_msg=level)


# ---------------------------------------------------------------------------
# Max pooling
# ---------------------------------------------------------------------------

POOLS = {
    "3x3 stride 2 pad 1": Case((2, 3, 9, 8), 3, (3, 3), strides=(2, 2), padding=(1, 1, 1, 1)),
    "asymmetric padding": Case((1, 2, 7, 6), 2, (2, 3), strides=(1, 2), padding=(0, 1, 1, 0)),
    "dilation": Case((1, 2, 9, 10), 2, (2, 3), strides=(2, 1), dilation=(3, 2), padding=(1, 0, 0, 1)),
    "windows entirely in the padding": Case((1, 2, 3, 3), 2, (2, 2), strides=(3, 3), padding=(3, 3, 3, 3)),
    "no padding": Case((1, 2, 6, 7), 2, (3, 2), strides=(1, 1)),
}


def torch_max_pool(case: Case, x: np.ndarray) -> np.ndarray:
    top, left, bottom, right = case.padding
    padded = F.pad(torch.from_numpy(x.astype(np.float64)), (left, right, top, bottom), value=-math.inf)
    return F.max_pool2d(padded, case.kernel, case.strides, 0, case.dilation).numpy().astype(x.dtype)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int32])
@pytest.mark.parametrize("name", list(POOLS))
def test_max_pool(name: str, dtype: type):
    """NCHW and NHWC against F.max_pool2d of the -inf padded input; NaN propagates;
    an integer pool's all-padding windows hold the integer minimum."""
    case = POOLS[name]
    x = (RNG.standard_normal(case.shape) * 100).astype(dtype)
    if dtype != np.int32:
        x[0, 1, 1, 1] = np.nan
    expected = torch_max_pool(case, x.astype(np.float64))
    if dtype == np.int32:
        expected = np.where(np.isinf(expected), np.iinfo(np.int32).min, expected)
    expected = expected.astype(dtype)
    got = max_pool(x, case.window(), (2, 3))
    assert got.dtype == dtype
    np.testing.assert_array_equal(got, expected)
    got = max_pool(np.ascontiguousarray(x.transpose(0, 2, 3, 1)), case.window(), (1, 2))
    np.testing.assert_array_equal(got, expected.transpose(0, 2, 3, 1))
    if dtype != np.int32:
        assert np.isnan(expected).any()


@pytest.mark.parametrize("name", [n for n in POOLS if n != "windows entirely in the padding"])
def test_gawee_max_pool_at_every_level(name: str):
    case = POOLS[name]
    x = RNG.standard_normal(case.shape).astype(np.float32)
    x[0, 1, 1, 1] = np.nan
    expected = torch_max_pool(case, x)
    attributes = {
        "kernelSize": array_text(case.kernel),
        "strides": array_text(case.strides),
        "padding": array_text(case.padding),
        "dilation": array_text(case.dilation),
        "ceilMode": "false",
    }
    text = one_op_function(
        "gawee.max_pool", [tensor_text(x.shape)], attributes, [tensor_text(expected.shape)]
    )
    for level, (got,) in run_at_levels(text, x).items():
        np.testing.assert_array_equal(got, expected, err_msg=level)
