"""Property-based tests: random small windowed ops at every level against torch.

Conv with groups, dilation, strides and asymmetric padding; max_pool with ceil mode
and asymmetric padding; ad_avg_pool with any output size. Each drawn op runs in the
gawee interpreter, after convert-gawee-to-linalg and after convert-gawee-to-mir
(`windowed_ops.check_every_level`). The runs are derandomized, so CI is reproducible.
"""

from __future__ import annotations

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from windowed_ops import LEVELS, AdAvgPool, Conv, MaxPool, check_every_level, lower, padding4

from nnstack.interpreters import parse_module, run

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
    """No output window made only of padding, where torch gives -inf and gawee ONNX
    Runtime's value (see test_max_pool_window_of_padding_only)."""
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


def test_max_pool_window_of_padding_only():
    """Input width 2, kernel 2 dilated by 3, padding 1: the one window's taps are
    at -1 and 2, both padding. torch accepts it (padding <= kernel / 2) and gives -inf;
    every level gives ONNX Runtime's value, the lowest finite f32."""
    op = MaxPool((1, 1, 2, 2), (1, 2), (1, 1), padding=(0, 1), dilation=(1, 3))
    assert not every_window_sees_input(op)
    arrays = op.inputs(np.random.default_rng(0))
    want = op.reference(arrays)
    assert want.size and np.all(want == -np.inf)
    module = parse_module(op.program(want.shape))
    for level in LEVELS:
        (got,) = run(module if level == "gawee" else lower(module, level), "main", *arrays)
        np.testing.assert_array_equal(got, np.full_like(want, np.finfo(np.float32).min), err_msg=level)
