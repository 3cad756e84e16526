"""Pooling and convolution where one spatial axis dominates, against PyTorch at gawee,
linalg and mir level.

Each case comes with its transpose (H and W swapped in the input and in every
parameter), so a case that needs more ceil-mode padding, a larger kernel, stride or
dilation along H has a twin that needs it along W: a lowering that mixes up H and W
fails one of the two. The dominant axis of each ceil-mode case is asserted, so a
change of numbers cannot silently make both twins symmetric.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from generic_ir import array_text, one_op_function, tensor_text
from levels import run_at_levels

from nnstack.dialects.gawee import spatial_output_size
from nnstack.dialects.gawee.base import fitted_padding


@dataclass(frozen=True)
class Window:
    """A 2-D window over an NCHW input: kernel, strides, (top, left, bottom, right)
    padding, dilation, ceil mode."""

    shape: tuple[int, int, int, int]
    kernel: tuple[int, int]
    strides: tuple[int, int]
    padding: tuple[int, int, int, int]
    dilation: tuple[int, int] = (1, 1)
    ceil: bool = False

    def transposed(self) -> Window:
        def swap(pair: tuple[int, int]) -> tuple[int, int]:
            return pair[1], pair[0]

        n, c, h, w = self.shape
        top, left, bottom, right = self.padding
        return replace(
            self,
            shape=(n, c, w, h),
            kernel=swap(self.kernel),
            strides=swap(self.strides),
            padding=(left, top, right, bottom),
            dilation=swap(self.dilation),
        )

    def output_hw(self) -> tuple[int, int]:
        return spatial_output_size(
            *self.shape[2:], self.padding, self.kernel, self.strides, self.dilation, self.ceil
        )

    def ceil_extension(self) -> tuple[int, int]:
        """How much padding ceil mode adds at the bottom and at the right."""
        fitted = fitted_padding(
            self.shape[2:], self.output_hw(), self.padding, self.kernel, self.strides, self.dilation
        )
        return fitted[2] - self.padding[2], fitted[3] - self.padding[3]

    def attributes(self) -> dict[str, str]:
        return {
            "kernelSize": array_text(self.kernel),
            "strides": array_text(self.strides),
            "padding": array_text(self.padding),
            "dilation": array_text(self.dilation),
            "ceilMode": "true" if self.ceil else "false",
        }

    def symmetric_padding(self) -> tuple[int, int] | None:
        top, left, bottom, right = self.padding
        return (top, left) if (top, left) == (bottom, right) else None


def with_transposes(cases: dict[str, Window]) -> list:
    """Each case as `H-...` and its transpose as `W-...`."""
    params = []
    for name, window in cases.items():
        params.append(pytest.param(window, id=f"H-{name}"))
        params.append(pytest.param(window.transposed(), id=f"W-{name}"))
    return params


CEIL_CASES = {
    # 9 rows at stride 2 need one padding row for the 5th window; 8 columns need none
    "ceil": Window((1, 2, 9, 8), (2, 2), (2, 2), (0, 0, 0, 0), ceil=True),
    "ceil-padded": Window((1, 2, 10, 8), (3, 2), (2, 2), (1, 0, 1, 0), ceil=True),
    "ceil-strided": Window((2, 3, 10, 8), (3, 2), (3, 2), (0, 0, 0, 0), ceil=True),
    "ceil-dilated": Window((1, 2, 9, 8), (3, 2), (3, 2), (0, 0, 0, 0), dilation=(2, 1), ceil=True),
    "ceil-dilated-padded": Window((1, 2, 10, 8), (3, 2), (3, 2), (1, 0, 1, 0), dilation=(2, 1), ceil=True),
}
"""Ceil-mode windows that need more padding along H than along W (their transposes:
along W than along H)."""

OTHER_CASES = {
    "tall-kernel": Window((1, 3, 9, 7), (3, 1), (1, 1), (1, 0, 1, 0)),
    "strided-rows": Window((1, 2, 11, 8), (2, 2), (3, 1), (0, 0, 0, 0)),
    "dilated-rows": Window((1, 2, 10, 8), (2, 2), (1, 1), (1, 0, 1, 0), dilation=(3, 1)),
    "asymmetric": Window((1, 2, 9, 8), (3, 3), (2, 1), (1, 0, 0, 1)),
    "everything": Window((2, 2, 12, 7), (3, 2), (2, 1), (1, 0, 1, 1), dilation=(2, 1)),
}
"""Windows without ceil mode whose kernel, stride, dilation or padding differs per axis."""

ALL = with_transposes(CEIL_CASES) + with_transposes(OTHER_CASES)


@pytest.mark.parametrize("name", CEIL_CASES)
def test_ceil_cases_need_more_padding_along_one_axis(name: str):
    """The H case needs more ceil padding along H, its transpose along W."""
    window = CEIL_CASES[name]
    bottom, right = window.ceil_extension()
    assert bottom > right
    assert window.transposed().ceil_extension() == (right, bottom)


def random_input(shape: tuple[int, ...], seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, shape).astype(np.float32)


def pool_text(op_name: str, window: Window, x: np.ndarray, out: tuple[int, ...], **extra: str) -> str:
    return one_op_function(
        op_name, [tensor_text(x.shape)], {**window.attributes(), **extra}, [tensor_text(out)]
    )


def assert_levels(text: str, inputs: list[np.ndarray], expected: np.ndarray, tolerance: float) -> None:
    for level, (got,) in run_at_levels(text, *inputs).items():
        assert got.shape == expected.shape, level
        error = float(np.max(np.abs(got - expected))) if expected.size else 0.0
        assert error <= tolerance, f"{level}: max abs error {error}"


def torch_max_pool(x: np.ndarray, window: Window) -> np.ndarray:
    """F.max_pool2d; asymmetric padding (never with ceil mode here) as -inf F.pad."""
    t = torch.from_numpy(x)
    symmetric = window.symmetric_padding()
    if symmetric is None:
        assert not window.ceil
        top, left, bottom, right = window.padding
        t = F.pad(t, (left, right, top, bottom), value=-math.inf)
        symmetric = (0, 0)
    return F.max_pool2d(
        t, window.kernel, window.strides, symmetric, window.dilation, ceil_mode=window.ceil
    ).numpy()


@pytest.mark.parametrize("window", ALL)
def test_max_pool(window: Window):
    x = random_input(window.shape)
    expected = torch_max_pool(x, window)
    assert expected.shape[2:] == window.output_hw()
    assert_levels(pool_text("gawee.max_pool", window, x, expected.shape), [x], expected, 0.0)


PADDING_ONLY_CASES = {
    # 2 rows, dilation 3: the two taps of every window fall on the padding rows
    "dilated-gap": Window((1, 2, 2, 5), (2, 2), (1, 1), (1, 0, 1, 0), dilation=(3, 1)),
    # padding as wide as the kernel: of 3 windows along 1 row, the middle one
    "wide-padding": Window((1, 2, 1, 4), (2, 2), (1, 1), (2, 0, 2, 0), dilation=(2, 1)),
}
"""Max pools with windows that see only padding along one axis."""


@pytest.mark.parametrize("window", with_transposes(PADDING_ONLY_CASES))
def test_max_pool_windows_of_padding_only(window: Window):
    """torch's max over a -inf padded input, except that a window of padding only gives
    ONNX Runtime's value, the lowest finite f32, not -inf (test_onnx_import.py)."""
    x = random_input(window.shape)
    top, left, bottom, right = window.padding
    padded = F.pad(torch.from_numpy(x), (left, right, top, bottom), value=-math.inf)
    expected = F.max_pool2d(padded, window.kernel, window.strides, 0, window.dilation).numpy()
    padding_only = np.isinf(expected)
    assert padding_only.any() and expected.shape[2:] == window.output_hw()
    expected[padding_only] = np.finfo(np.float32).min
    assert_levels(pool_text("gawee.max_pool", window, x, expected.shape), [x], expected, 0.0)


AVERAGE = [p for p in ALL if p.values[0].dilation == (1, 1) and p.values[0].symmetric_padding() is not None]
"""torch's avg_pool2d has neither dilation nor asymmetric padding."""


@pytest.mark.parametrize("count_include_pad", [False, True], ids=["exclude-pad", "include-pad"])
@pytest.mark.parametrize("window", AVERAGE)
def test_average_pool(window: Window, count_include_pad: bool):
    """The divisors of the windows that ceil mode extends differ per axis."""
    x = random_input(window.shape, 1)
    padding = window.symmetric_padding()
    expected = F.avg_pool2d(
        torch.from_numpy(x),
        window.kernel,
        window.strides,
        padding,
        ceil_mode=window.ceil,
        count_include_pad=count_include_pad,
    ).numpy()
    flag = "true" if count_include_pad else "false"
    text = pool_text("gawee.average_pool", window, x, expected.shape, countIncludePad=flag)
    assert_levels(text, [x], expected, 2e-6)


CONV = [p for p in ALL if not p.values[0].ceil]


@pytest.mark.parametrize("window", CONV)
def test_conv(window: Window):
    """A grouped convolution with the window's kernel, strides, padding and dilation."""
    x = random_input(window.shape, 2)
    channels = window.shape[1]
    w = random_input((2 * channels, 1, *window.kernel), 3) / math.sqrt(math.prod(window.kernel))
    b = random_input((2 * channels,), 4)
    top, left, bottom, right = window.padding
    padded = F.pad(torch.from_numpy(x), (left, right, top, bottom))
    expected = F.conv2d(
        padded, torch.from_numpy(w), torch.from_numpy(b), window.strides, 0, window.dilation, channels
    ).numpy()
    attributes = {
        "strides": array_text(window.strides),
        "padding": array_text(window.padding),
        "dilation": array_text(window.dilation),
        "groups": f"{channels} : i64",
    }
    text = one_op_function(
        "gawee.conv", [tensor_text(a.shape) for a in (x, w, b)], attributes, [tensor_text(expected.shape)]
    )
    assert_levels(text, [x, w, b], expected, 1e-5)
