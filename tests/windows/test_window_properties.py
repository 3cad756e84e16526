"""Property-based tests: random small windowed ops at every level against torch.

Conv with groups, dilation, strides and asymmetric padding; max_pool with ceil mode
and asymmetric padding; ad_avg_pool with any output size. Each drawn op runs in the
gawee interpreter, after convert-gawee-to-linalg and after convert-gawee-to-mir
(`windowed_ops.check_every_level`). The runs are derandomized, so CI is reproducible.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from windowed_ops import AdAvgPool, Conv, MaxPool, check_every_level, padding4
from xdsl.utils.exceptions import PassFailedException

SETTINGS = settings(max_examples=50, deadline=None, derandomize=True, database=None)


def input_size(draw, kernel: int, dilation: int, begin: int, end: int) -> int:
    """An input length the dilated kernel fits in once padded."""
    least = max(1, dilation * (kernel - 1) + 1 - begin - end)
    return draw(st.integers(least, least + 5))


def draw_padding(draw, bound_h: int, bound_w: int) -> tuple[int, ...]:
    """[pH, pW] or [top, left, bottom, right], each value at most its axis' bound."""
    top, bottom = draw(st.integers(0, bound_h)), draw(st.integers(0, bound_h))
    left, right = draw(st.integers(0, bound_w)), draw(st.integers(0, bound_w))
    return (top, left) if draw(st.booleans()) else (top, left, bottom, right)


@st.composite
def convs(draw) -> Conv:
    groups = draw(st.integers(1, 3))
    c, f = groups * draw(st.integers(1, 2)), groups * draw(st.integers(1, 2))
    kh, kw = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    dilation = (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    padding = draw_padding(draw, 2, 2)
    top, left, bottom, right = padding4(padding)
    h = input_size(draw, kh, dilation[0], top, bottom)
    w = input_size(draw, kw, dilation[1], left, right)
    return Conv(
        (draw(st.integers(1, 2)), c, h, w),
        (f, c // groups, kh, kw),
        strides=(draw(st.integers(1, 3)), draw(st.integers(1, 3))),
        padding=padding,
        dilation=dilation,
        groups=groups,
        bias=draw(st.booleans()),
    )


def every_window_sees_input(op: MaxPool) -> bool:
    """No output window made only of padding (see test_max_pool_window_of_padding_only)."""
    top, left, _, _ = padding4(op.padding)
    for size, begin, k, s, d in zip(op.x_shape[2:], (top, left), op.kernel, op.strides, op.dilation):
        first = -begin
        while first < size:  # every window that starts before the input ends
            if not any(0 <= first + d * j < size for j in range(k)):
                return False
            first += s
    return True


@st.composite
def max_pools(draw) -> MaxPool:
    """Paddings at most half the kernel, as torch's max_pool2d requires."""
    kernel = (draw(st.integers(1, 3)), draw(st.integers(1, 3)))
    dilation = (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    padding = draw_padding(draw, kernel[0] // 2, kernel[1] // 2)
    top, left, bottom, right = padding4(padding)
    h = input_size(draw, kernel[0], dilation[0], top, bottom)
    w = input_size(draw, kernel[1], dilation[1], left, right)
    op = MaxPool(
        (draw(st.integers(1, 2)), draw(st.integers(1, 3)), h, w),
        kernel,
        (draw(st.integers(1, 3)), draw(st.integers(1, 3))),
        padding,
        dilation,
        draw(st.booleans()),
    )
    assume(every_window_sees_input(op))
    return op


@st.composite
def ad_avg_pools(draw) -> AdAvgPool:
    shape = (
        draw(st.integers(1, 2)),
        draw(st.integers(1, 3)),
        draw(st.integers(1, 9)),
        draw(st.integers(1, 9)),
    )
    return AdAvgPool(shape, (draw(st.integers(1, 9)), draw(st.integers(1, 9))))


@SETTINGS
@given(op=convs())
def test_conv(op: Conv):
    check_every_level(op)


@SETTINGS
@given(op=max_pools())
def test_max_pool(op: MaxPool):
    check_every_level(op)


@SETTINGS
@given(op=ad_avg_pools())
def test_ad_avg_pool(op: AdAvgPool):
    check_every_level(op)


@pytest.mark.xfail(
    strict=True,
    raises=PassFailedException,
    reason="gawee.max_pool verifies a window of padding only (torch gives -inf there), "
    "which mir.pool rejects, so convert-gawee-to-mir fails on a verified op",
)
def test_max_pool_window_of_padding_only():
    """Input width 2, kernel 2 dilated by 3, padding 1: the one window's taps are
    at -1 and 2, both padding. torch accepts it (padding <= kernel / 2)."""
    op = MaxPool((1, 1, 2, 2), (1, 2), (1, 1), padding=(0, 1), dilation=(1, 3))
    assert not every_window_sees_input(op)
    check_every_level(op)
