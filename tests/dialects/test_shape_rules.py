"""Property-based tests of the shared shape rules against torch's own shapes.

Every rule that the verifiers, builders and lowerings share (window and spatial
output sizes, numpy broadcasting, adaptive windows, and mir's reduce, matmul,
gather and slice shapes) is checked on random small arguments against the shape
torch (or numpy, or Python's range) computes, with tensors on torch's `meta` device
so only shapes are computed. Where torch rejects the arguments the rule must say
so too (None, or a size below 1). A last group checks the gawee verifiers
themselves: they accept exactly the shapes torch gives and reject what torch
rejects.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from generic_ir import array_text, one_op_function, tensor_text
from hypothesis import example, given, settings
from hypothesis import strategies as st
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.gawee import adaptive_windows, slice_ranges, spatial_output_size
from nnstack.dialects.mir import gather_shape, matmul_shape, reduced_shape, slice_length
from nnstack.dialects.utils import broadcast_shape, window_output_size
from nnstack.interpreters import parse_module

SETTINGS = settings(max_examples=50, deadline=None, derandomize=True, database=None)

sizes = st.integers(1, 9)
kernels = st.integers(1, 4)
strides = st.integers(1, 3)
dilations = st.integers(1, 3)
pads = st.integers(0, 3)


def meta(*shape: int) -> torch.Tensor:
    return torch.empty(shape, device="meta")


def zeros(*shape: int) -> torch.Tensor:
    """A real tensor, where the meta kernel checks less (conv's groups)."""
    return torch.zeros(shape)


def torch_shape(compute) -> tuple[int, ...] | None:
    """The shape `compute()` gives, or None where torch rejects its arguments."""
    try:
        return tuple(compute().shape)
    except (RuntimeError, IndexError):
        return None


def pool_padding(kernel: int) -> st.SearchStrategy[int]:
    """Paddings torch's pooling accepts: at most half the kernel. (gawee.max_pool accepts
    any, as ONNX does; torch at most half the dilated kernel.)"""
    return st.integers(0, kernel // 2)


# ---------------------------------------------------------------------------
# window_output_size and spatial_output_size
# ---------------------------------------------------------------------------


@SETTINGS
@given(size=sizes, begin=pads, end=pads, kernel=kernels, stride=strides, dilation=dilations)
def test_window_output_size_is_conv1d(size, begin, end, kernel, stride, dilation):
    """Floor mode with any (asymmetric) padding: conv1d over the pre-padded length."""
    want = torch_shape(
        lambda: F.conv1d(meta(1, 1, size + begin + end), meta(1, 1, kernel), stride=stride, dilation=dilation)
    )
    got = window_output_size(size, begin, end, kernel, stride, dilation)
    if want is None:
        assert got < 1
    else:
        assert got == want[-1]


@st.composite
def pool_windows(draw):
    kernel, dilation = draw(kernels), draw(dilations)
    return kernel, draw(strides), dilation, draw(pool_padding(kernel))


@SETTINGS
@given(size=sizes, window=pool_windows(), ceil_mode=st.booleans())
def test_window_output_size_is_max_pool1d(size, window, ceil_mode):
    """Symmetric padding, both modes, including PyTorch's ceil-mode drop rule."""
    kernel, stride, dilation, pad = window
    want = torch_shape(lambda: F.max_pool1d(meta(1, 1, size), kernel, stride, pad, dilation, ceil_mode))
    got = window_output_size(size, pad, pad, kernel, stride, dilation, ceil_mode)
    if want is None:
        assert got < 1
    else:
        assert got == want[-1]


@SETTINGS
@given(h=sizes, w=sizes, windows=st.tuples(pool_windows(), pool_windows()), ceil_mode=st.booleans())
def test_spatial_output_size_is_max_pool2d(h, w, windows, ceil_mode):
    """[pH, pW] padding: (oH, oW) as torch's max_pool2d, H and W parameters differing."""
    (kh, sh, dh, ph), (kw, sw, dw, pw) = windows
    want = torch_shape(
        lambda: F.max_pool2d(meta(1, 1, h, w), (kh, kw), (sh, sw), (ph, pw), (dh, dw), ceil_mode)
    )
    got = spatial_output_size(h, w, (ph, pw), (kh, kw), (sh, sw), (dh, dw), ceil_mode)
    if want is None:
        assert min(got) < 1
    else:
        assert got == want[2:]


@SETTINGS
@given(
    h=sizes,
    w=sizes,
    padding=st.tuples(pads, pads, pads, pads),
    kernel=st.tuples(kernels, kernels),
    stride=st.tuples(strides, strides),
    dilation=st.tuples(dilations, dilations),
)
def test_spatial_output_size_is_conv2d(h, w, padding, kernel, stride, dilation):
    """[top, left, bottom, right] padding: conv2d over the pre-padded input."""
    top, left, bottom, right = padding
    x = meta(1, 1, h + top + bottom, w + left + right)
    want = torch_shape(lambda: F.conv2d(x, meta(1, 1, *kernel), stride=stride, dilation=dilation))
    got = spatial_output_size(h, w, padding, kernel, stride, dilation)
    if want is None:
        assert min(got) < 1
    else:
        assert got == want[2:]


# ---------------------------------------------------------------------------
# broadcast_shape, adaptive_windows
# ---------------------------------------------------------------------------

shapes = st.lists(st.integers(1, 3), max_size=4).map(tuple)


@SETTINGS
@given(lhs=shapes, rhs=shapes)
def test_broadcast_shape_is_torch_broadcast_shapes(lhs, rhs):
    try:
        want = tuple(torch.broadcast_shapes(lhs, rhs))
    except RuntimeError:
        want = None
    assert broadcast_shape(lhs, rhs) == want


@SETTINGS
@given(size=st.integers(1, 12), out=st.integers(1, 12))
def test_adaptive_windows_are_torchs(size, out):
    """torch's window of output i: its adaptive max of an increasing ramp sits at the
    window's last element, of a decreasing ramp at its first."""
    ramp = torch.arange(size, dtype=torch.float32).reshape(1, 1, size)
    _, last = F.adaptive_max_pool1d(ramp, out, return_indices=True)
    _, first = F.adaptive_max_pool1d(-ramp, out, return_indices=True)
    want = [(int(s), int(e) + 1) for s, e in zip(first.flatten(), last.flatten())]
    assert adaptive_windows(size, out) == want


# ---------------------------------------------------------------------------
# mir's shape rules
# ---------------------------------------------------------------------------


@st.composite
def shapes_and_axes(draw):
    shape = draw(st.lists(st.integers(1, 3), min_size=1, max_size=4))
    axes = draw(st.lists(st.integers(0, len(shape) - 1), min_size=1, unique=True))
    return tuple(shape), tuple(axes)


@SETTINGS
@given(shape_axes=shapes_and_axes(), keep_dims=st.booleans())
def test_reduced_shape_is_torch_sum(shape_axes, keep_dims):
    shape, axes = shape_axes
    want = tuple(torch.sum(meta(*shape), dim=axes, keepdim=keep_dims).shape)
    assert reduced_shape(shape, axes, keep_dims) == want


matrix_shapes = st.lists(st.integers(1, 3), min_size=2, max_size=4).map(tuple)


@SETTINGS
@given(lhs=matrix_shapes, rhs=matrix_shapes)
def test_matmul_shape_is_torch_matmul(lhs, rhs):
    assert matmul_shape(lhs, rhs) == torch_shape(lambda: torch.matmul(meta(*lhs), meta(*rhs)))


@SETTINGS
@given(shape_axes=shapes_and_axes(), indices=st.lists(st.integers(1, 3), max_size=2).map(tuple))
def test_gather_shape_is_numpy_take(shape_axes, indices):
    shape, (axis, *_) = shape_axes
    want = np.take(np.zeros(shape), np.zeros(indices, dtype=np.int64), axis=axis).shape
    assert gather_shape(shape, indices, axis) == want


@SETTINGS
@given(start=st.integers(-12, 12), end=st.integers(-12, 12), stride=st.integers(-4, 4).filter(bool))
def test_slice_length_is_len_of_range(start, end, stride):
    assert slice_length(start, end, stride) == len(range(start, end, stride))


@SETTINGS
@given(
    size=st.integers(1, 6),
    start=st.integers(-9, 9),
    end=st.integers(-9, 9) | st.just(2**63 - 1),
    step=st.integers(-3, 3).filter(bool),
)
@example(size=4, start=0, end=-9, step=1)
@example(size=4, start=-9, end=0, step=1)
def test_gawee_slice_ranges_are_python_slicing(size, start, end, step):
    """ONNX Slice's clamping of starts and ends (negative ones count from the end, an end
    before the first element keeps nothing) is Python's slice of a list; ends well before
    the first element must leave an empty range, not one element."""
    (kept,) = slice_ranges([size], [start], [end], [0], [step])
    assert list(kept) == list(range(size))[start:end:step]


# ---------------------------------------------------------------------------
# The gawee verifiers accept exactly what torch accepts
# ---------------------------------------------------------------------------


def verifies(text: str) -> bool:
    try:
        parse_module(text)
    except VerifyException:
        return False
    return True


@SETTINGS
@given(
    hw=st.tuples(sizes, sizes),
    windows=st.tuples(pool_windows(), pool_windows()),
    ceil_mode=st.booleans(),
)
def test_max_pool_verifier_agrees_with_torch(hw, windows, ceil_mode):
    (kh, sh, dh, ph), (kw, sw, dw, pw) = windows
    want = torch_shape(
        lambda: F.max_pool2d(meta(2, 3, *hw), (kh, kw), (sh, sw), (ph, pw), (dh, dw), ceil_mode)
    )
    attributes = {
        "kernelSize": array_text((kh, kw)),
        "strides": array_text((sh, sw)),
        "padding": array_text((ph, pw)),
        "dilation": array_text((dh, dw)),
        "ceilMode": "true" if ceil_mode else "false",
    }
    result = want if want is not None else (2, 3, 1, 1)
    text = one_op_function("gawee.max_pool", [tensor_text((2, 3, *hw))], attributes, [tensor_text(result)])
    assert verifies(text) == (want is not None)


@SETTINGS
@given(
    hw=st.tuples(sizes, sizes),
    kernel=st.tuples(kernels, kernels),
    stride=st.tuples(strides, strides),
    dilation=st.tuples(dilations, dilations),
    padding=st.tuples(pads, pads),
    channels=st.tuples(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4)),
    groups=st.integers(1, 3),
)
def test_conv_verifier_agrees_with_torch(hw, kernel, stride, dilation, padding, channels, groups):
    """Also on channel counts that groups do not divide (torch rejects those too)."""
    c, per_group, f = channels
    x, w = (1, c, *hw), (f, per_group, *kernel)
    want = torch_shape(lambda: F.conv2d(zeros(*x), zeros(*w), None, stride, padding, dilation, groups))
    attributes = {
        "strides": array_text(stride),
        "padding": array_text(padding),
        "dilation": array_text(dilation),
        "groups": f"{groups} : i64",
    }
    result = want if want is not None else (1, f, 1, 1)
    text = one_op_function("gawee.conv", [tensor_text(x), tensor_text(w)], attributes, [tensor_text(result)])
    assert verifies(text) == (want is not None)


@SETTINGS
@given(
    shape=st.lists(st.integers(1, 3), max_size=4).map(tuple), start=st.integers(-5, 4), end=st.integers(-5, 4)
)
def test_flatten_verifier_agrees_with_torch(shape, start, end):
    """Negative dims and rank 0 as torch.flatten has them."""
    want = torch_shape(lambda: torch.flatten(meta(*shape), start, end))
    attributes = {"startDim": f"{start} : i64", "endDim": f"{end} : i64"}
    result = want if want is not None else shape
    text = one_op_function("gawee.flatten", [tensor_text(shape)], attributes, [tensor_text(result)])
    assert verifies(text) == (want is not None)


@pytest.mark.parametrize("groups", [1, 2])
def test_conv_verifier_rejects_a_result_torch_does_not_give(groups: int):
    """The agreement tests above are not vacuous: a wrong result shape is rejected."""
    x, w = (1, 4, 6, 5), (4, 4 // groups, 3, 2)
    attributes = {
        "strides": array_text((1, 1)),
        "padding": array_text((0, 0)),
        "dilation": array_text((1, 1)),
    }
    attributes["groups"] = f"{groups} : i64"
    good = one_op_function(
        "gawee.conv", [tensor_text(x), tensor_text(w)], attributes, [tensor_text((1, 4, 4, 4))]
    )
    bad = good.replace("tensor<1x4x4x4xf32>", "tensor<1x4x4x5xf32>")
    assert verifies(good) and not verifies(bad)
