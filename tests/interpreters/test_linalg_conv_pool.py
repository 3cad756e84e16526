"""Numeric tests of the linalg interpreter's convolutions and pooling (nnstack.interpreters.linalg).

Every op runs from MLIR text through `nnstack.interpreters.run` and is compared with an
independent numpy reference written here: explicit loops over output and kernel positions.
Matmul, generic and the other named ops are in test_linalg_interpreter.py.
"""

import numpy as np
import pytest
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import run

RNG = np.random.default_rng(1234)


def randn(*shape: int, dtype: type = np.float32) -> np.ndarray:
    return RNG.standard_normal(shape).astype(dtype)


def out_size(size: int, kernel: int, stride: int, dilation: int) -> int:
    return (size - dilation * (kernel - 1) - 1) // stride + 1


def shape_str(shape: tuple[int, ...], element: str = "f32") -> str:
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{element}>"


# ---------------------------------------------------------------------------
# Convolutions and pooling
# ---------------------------------------------------------------------------


def conv_ir(op: str, x: tuple, w: tuple, o: tuple, strides, dilations) -> str:
    tx, tw, to = shape_str(x), shape_str(w), shape_str(o)
    return f"""
func.func @f(%x: {tx}, %w: {tw}, %init: {to}) -> {to} {{
  %r = linalg.{op} {{dilations = dense<{list(dilations)}> : tensor<2xi64>,
                     strides = dense<{list(strides)}> : tensor<2xi64>}}
         ins(%x, %w : {tx}, {tw}) outs(%init : {to}) -> {to}
  func.return %r : {to}
}}
"""


def conv_nchw_reference(x, w, init, strides, dilations):
    """out[n,f,oh,ow] = init + sum_{c,kh,kw} x[n,c,oh*s+kh*d,ow*s+kw*d] w[f,c,kh,kw]."""
    (sh, sw), (dh, dw) = strides, dilations
    out = init.astype(np.float64)
    for oh in range(out.shape[2]):
        for ow in range(out.shape[3]):
            for kh in range(w.shape[2]):
                for kw in range(w.shape[3]):
                    patch = x[:, :, oh * sh + kh * dh, ow * sw + kw * dw]
                    out[:, :, oh, ow] += patch.astype(np.float64) @ w[:, :, kh, kw].T
    return out


@pytest.mark.parametrize(
    "strides, dilations",
    [((1, 1), (1, 1)), ((2, 1), (1, 2)), ((2, 3), (2, 1))],
)
@pytest.mark.parametrize("zero_init", [True, False])
def test_conv_2d_nchw_fchw(strides, dilations, zero_init):
    x, w = randn(2, 3, 9, 10), randn(4, 3, 3, 2)
    oh = out_size(9, 3, strides[0], dilations[0])
    ow = out_size(10, 2, strides[1], dilations[1])
    init = np.zeros((2, 4, oh, ow), np.float32) if zero_init else randn(2, 4, oh, ow)
    ir = conv_ir("conv_2d_nchw_fchw", x.shape, w.shape, init.shape, strides, dilations)
    (result,) = run(ir, "f", x, w, init)
    assert result.dtype == np.float32 and result.shape == init.shape
    expected = conv_nchw_reference(x, w, init, strides, dilations)
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)


def test_conv_2d_ngchw_fgchw_groups():
    """Filter [F, G, C, kh, kw] (xDSL's and upstream's FGCHW layout)."""
    x, w = randn(2, 3, 2, 7, 6), randn(4, 3, 2, 3, 3)
    init = randn(2, 3, 4, 3, 4)
    ir = conv_ir("conv_2d_ngchw_fgchw", x.shape, w.shape, init.shape, (2, 1), (1, 1))
    (result,) = run(ir, "f", x, w, init)
    expected = np.stack(
        [conv_nchw_reference(x[:, g], w[:, g], init[:, g], (2, 1), (1, 1)) for g in range(3)],
        axis=1,
    )
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)


def test_conv_2d_ngchw_gfchw_groups():
    """Filter [G, F, C, kh, kw]."""
    x, w = randn(1, 2, 3, 6, 6), randn(2, 5, 3, 2, 2)
    init = np.zeros((1, 2, 5, 5, 3), np.float32)
    ir = conv_ir("conv_2d_ngchw_gfchw", x.shape, w.shape, init.shape, (1, 2), (1, 1))
    (result,) = run(ir, "f", x, w, init)
    expected = np.stack(
        [conv_nchw_reference(x[:, g], w[g], init[:, g], (1, 2), (1, 1)) for g in range(2)],
        axis=1,
    )
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)


def test_conv_2d_nhwc_hwcf():
    x, w = randn(2, 8, 7, 3), randn(3, 2, 3, 5)
    init = randn(2, 3, 5, 5)
    ir = conv_ir("conv_2d_nhwc_hwcf", x.shape, w.shape, init.shape, (2, 1), (1, 2))
    (result,) = run(ir, "f", x, w, init)
    expected = conv_nchw_reference(
        x.transpose(0, 3, 1, 2), w.transpose(3, 2, 0, 1), init.transpose(0, 3, 1, 2), (2, 1), (1, 2)
    ).transpose(0, 2, 3, 1)
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)


def test_conv_f64():
    x = RNG.standard_normal((1, 2, 5, 5))
    w = RNG.standard_normal((3, 2, 2, 2))
    init = np.zeros((1, 3, 4, 4))
    ir = conv_ir("conv_2d_nchw_fchw", x.shape, w.shape, init.shape, (1, 1), (1, 1))
    (result,) = run(ir.replace("f32", "f64"), "f", x, w, init)
    assert result.dtype == np.float64
    np.testing.assert_allclose(result, conv_nchw_reference(x, w, init, (1, 1), (1, 1)), rtol=1e-12)


def test_conv_2d_nhwc_fhwc():
    x, w = randn(2, 7, 8, 3), randn(4, 3, 2, 3)
    init = randn(2, 3, 7, 4)
    ir = conv_ir("conv_2d_nhwc_fhwc", x.shape, w.shape, init.shape, (2, 1), (1, 1))
    (result,) = run(ir, "f", x, w, init)
    expected = conv_nchw_reference(
        x.transpose(0, 3, 1, 2), w.transpose(0, 3, 1, 2), init.transpose(0, 3, 1, 2), (2, 1), (1, 1)
    ).transpose(0, 2, 3, 1)
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("channels", [2, 9])
def test_conv_2d_nhwgc_gfhwc(channels):
    """Input [N, H, W, G, C], filter [G, F, kh, kw, C]: few and many channels per group."""
    x, w = randn(2, 6, 7, 3, channels), randn(3, 4, 2, 3, channels)
    init = randn(2, 5, 3, 3, 4)
    ir = conv_ir("conv_2d_nhwgc_gfhwc", x.shape, w.shape, init.shape, (1, 2), (1, 1))
    (result,) = run(ir, "f", x, w, init)
    expected = np.stack(
        [
            conv_nchw_reference(
                x[:, :, :, g].transpose(0, 3, 1, 2),
                w[g].transpose(0, 3, 1, 2),
                init[:, :, :, g].transpose(0, 3, 1, 2),
                (1, 2),
                (1, 1),
            ).transpose(0, 2, 3, 1)
            for g in range(3)
        ],
        axis=3,
    )
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)


def test_conv_f16_accumulates_in_f32():
    """An f16 conv sums its products in f32 and rounds once: 2048 + 1 + 1 ... stays
    exact where an f16 running sum would stop at 2048."""
    x = np.ones((1, 1, 1, 64), np.float16)
    x[0, 0, 0, 0] = 2048
    w = np.ones((1, 1, 1, 64), np.float16)
    init = np.zeros((1, 1, 1, 1), np.float16)
    ir = conv_ir("conv_2d_nchw_fchw", x.shape, w.shape, init.shape, (1, 1), (1, 1))
    (result,) = run(ir.replace("f32", "f16"), "f", x, w, init)
    assert result.dtype == np.float16
    assert result[0, 0, 0, 0] == np.float16(2048 + 63)


def test_conv_on_memrefs_writes_in_place():
    x, w, init = randn(1, 2, 5, 6), randn(3, 2, 2, 3), randn(1, 3, 4, 4)
    tx, tw, to = (shape_str(a.shape).replace("tensor", "memref") for a in (x, w, init))
    ir = f"""
func.func @f(%x: {tx}, %w: {tw}, %out: {to}) {{
  linalg.conv_2d_nchw_fchw {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
    ins(%x, %w : {tx}, {tw}) outs(%out : {to})
  func.return
}}
"""
    out = init.copy()
    assert run(ir, "f", x, w, out) == ()
    np.testing.assert_allclose(out, conv_nchw_reference(x, w, init, (1, 1), (1, 1)), rtol=1e-5, atol=1e-5)


def test_conv_input_too_small_is_an_error():
    """A dynamic input smaller than the windows read is the structured run's error."""
    ir = """
func.func @f(%x: tensor<1x2x?x?xf32>, %w: tensor<3x2x3x3xf32>, %init: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x2x?x?xf32>, tensor<3x2x3x3xf32>) outs(%init : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  func.return %r : tensor<1x3x4x4xf32>
}
"""
    with pytest.raises(InterpretationError, match="linalg.conv_2d_nchw_fchw: operand #0 .* out of bounds"):
        run(ir, "f", randn(1, 2, 5, 6), randn(3, 2, 3, 3), randn(1, 3, 4, 4))


def pool_reference(x, init, window, strides, dilations):
    (sh, sw), (dh, dw) = strides, dilations
    out = init.copy()
    for oh in range(out.shape[2]):
        for ow in range(out.shape[3]):
            rows = [oh * sh + kh * dh for kh in range(window[0])]
            cols = [ow * sw + kw * dw for kw in range(window[1])]
            patch = x[:, :, rows][:, :, :, cols]
            out[:, :, oh, ow] = np.maximum(out[:, :, oh, ow], patch.max(axis=(2, 3)))
    return out


@pytest.mark.parametrize("strides, dilations", [((2, 2), (1, 1)), ((1, 2), (2, 1))])
def test_pooling_nchw_max_nan_and_init(strides, dilations):
    x = randn(2, 3, 9, 8)
    x[0, 1, 0, 0] = np.nan
    oh = out_size(9, 3, strides[0], dilations[0])
    ow = out_size(8, 2, strides[1], dilations[1])
    to, tx = shape_str((2, 3, oh, ow)), shape_str(x.shape)
    ir = f"""
func.func @f(%x: {tx}, %init: {to}) -> ({to}, {to}) {{
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : {to}
  %filled = linalg.fill ins(%ninf : f32) outs(%e : {to}) -> {to}
  %win = tensor.empty() : tensor<3x2xf32>
  %a = linalg.pooling_nchw_max {{dilations = dense<{list(dilations)}> : tensor<2xi64>,
                                strides = dense<{list(strides)}> : tensor<2xi64>}}
         ins(%x, %win : {tx}, tensor<3x2xf32>) outs(%filled : {to}) -> {to}
  %b = linalg.pooling_nchw_max {{dilations = dense<{list(dilations)}> : tensor<2xi64>,
                                strides = dense<{list(strides)}> : tensor<2xi64>}}
         ins(%x, %win : {tx}, tensor<3x2xf32>) outs(%init : {to}) -> {to}
  func.return %a, %b : {to}, {to}
}}
"""
    init = np.full((2, 3, oh, ow), 0.5, np.float32)
    a, b = run(ir, "f", x, init)
    expected_a = pool_reference(x, np.full_like(init, -np.inf), (3, 2), strides, dilations)
    np.testing.assert_array_equal(a, expected_a)
    np.testing.assert_array_equal(b, pool_reference(x, init, (3, 2), strides, dilations))
    assert np.isnan(a[0, 1, 0, 0]) and np.isnan(b[0, 1, 0, 0])


def test_pooling_nchw_max_of_empty_memrefs_returns_nothing():
    """On memrefs the op has no results, also where the output is empty (nothing to
    write): the interpreter must give back no value for it, as for any memref op."""
    ir = """
func.func @f(%x: memref<1x2x4x4xf32>, %init: memref<1x2x0x3xf32>) {
  %win = memref.alloc() : memref<2x2xf32>
  linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %win : memref<1x2x4x4xf32>, memref<2x2xf32>) outs(%init : memref<1x2x0x3xf32>)
  func.return
}
"""
    assert run(ir, "f", randn(1, 2, 4, 4), np.zeros((1, 2, 0, 3), np.float32)) == ()
