"""3x3, stride 1 convolutions by Winograd's minimal filtering F(2x2, 3x3) (Lavin and
Gray, "Fast Algorithms for Convolutional Neural Networks", 2016), for the layers where
it beats im2col (`convolution.conv2d`).

Each 2x2 block of output comes from a 4x4 tile of input: the tiles and the kernels are
transformed (V = Bᵀ d B, U = G g Gᵀ), multiplied element by element and summed over
the input channels, which is 16 matrix products [tiles, C] @ [C, F], and transformed
back (Aᵀ M A). That is 16 multiply-adds per output block and channel pair where im2col
does 36: 2.25x fewer. The transforms' coefficients (0, ±1/2, ±1) are exact in binary,
and the error is that of im2col's f32 product (ResNet-18's layers with random unit
inputs, max abs error against f64: 1.7e-6 to 2.4e-6; im2col's 1.7e-6 to 2.9e-6).

The transforms are a few passes over the input and output, so Winograd pays off with
enough channels and enough tiles for the products to run at BLAS speed (`applies`).
ResNet-18's 3x3 stride 1 layers on one thread of this 2-core machine
(`benchmarks/bench_conv.py`, NCHW / NHWC, against im2col): 64x56x56 2.7 / 2.4 against
2.7 / 2.8 ms, 128x28x28 1.6 / 1.5 against 2.5 / 2.4 ms, 256x14x14 1.4 / 1.4 against
2.4 / 2.4 ms; all ResNet-18's convs 42.3 -> 36.6 / 34.9 ms. With two threads (wall
clock, NCHW): 1.6 against 1.5, 1.1 against 1.4 and 0.9 against 1.4 ms.
gawee.conv, linalg.conv_2d_nchw_fchw and mir.conv with constant kernels run it in
prepared programs. The transformed kernels take 16/9 of the kernels' memory, beside
them (ResNet-18's 3x3 stride 1 layers up to 256 channels: 17 MB).
"""

from __future__ import annotations

import math

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from nnstack.interpreters.convolution import conv2d_nchw, conv2d_nhwc
from nnstack.interpreters.windows import Window

MIN_CHANNELS = 64
"""Input and output channels from which Winograd's product saves more than its
transforms cost (32 channels at 112x112, NCHW: 4.4 against 3.8 ms)."""

MIN_TILES = 16
"""Output tiles (2x2 blocks) per image from which its products run at BLAS speed
(ResNet's 7x7 layers have 16; 512 channels at 4x4, 4 tiles: 1.3 against 1.1 ms)."""

CHANNELS_PER_TILE = 16
"""At most this many channels per tile: with fewer tiles the products slow down (1024
channels at 7x7, 16 tiles: 13.2 against 12.1 ms), and what is left of the gain does
not pay for the transformed kernels' memory (ResNet-18's 512x7x7 layers: 2.6 against
2.9 ms, for 50 MB)."""

_B_T = np.array([[1, 0, -1, 0], [0, 1, 1, 0], [0, -1, 1, 0], [0, 1, 0, -1]], np.float64)
_G = np.array([[1, 0, 0], [0.5, 0.5, 0.5], [0.5, -0.5, 0.5], [0, 0, 1]], np.float64)
_A_T = np.array([[1, 1, 1, 0], [0, 1, -1, -1]], np.float64)
_INPUT_TRANSFORM = np.kron(_B_T, _B_T).astype(np.float32)
"""Bᵀ d B of a 4x4 tile d, on its 16 values in row-major order."""
_OUTPUT_TRANSFORM = np.kron(_A_T, _A_T).astype(np.float32)
"""Aᵀ m A of a 4x4 product m, on its 16 values in row-major order."""
_KERNEL_TRANSFORM = np.kron(_G, _G).astype(np.float32)
"""G g Gᵀ of a 3x3 kernel g, on its 9 values in row-major order (16 results)."""
for _matrix in (_B_T, _G, _A_T, _INPUT_TRANSFORM, _OUTPUT_TRANSFORM, _KERNEL_TRANSFORM):
    _matrix.flags.writeable = False


def applies(window: Window, groups: int, channels: int, filters: int, dtype: np.dtype) -> bool:
    """Whether a conv is one Winograd F(2x2, 3x3) computes faster than im2col: f32, 3x3,
    stride 1, no dilation, one group, enough channels and tiles (`MIN_CHANNELS`,
    `MIN_TILES`, `CHANNELS_PER_TILE`)."""
    oh, ow = window.out_size
    tiles = math.ceil(oh / 2) * math.ceil(ow / 2)
    return (
        dtype == np.float32
        and window.kernel == (3, 3)
        and window.strides == (1, 1)
        and window.dilation == (1, 1)
        and groups == 1
        and min(channels, filters) >= MIN_CHANNELS
        and tiles >= MIN_TILES
        and max(channels, filters) <= CHANNELS_PER_TILE * tiles
    )


def faster_conv(
    weights: np.ndarray, window: Window, groups: int, channels_last: bool = False
) -> WinogradConv | None:
    """The `WinogradConv` of a conv with the kernels `weights` [F, C, kH, kW] (a view
    in any memory order) where Winograd computes it faster (`applies`), else None."""
    filters, channels = weights.shape[:2]
    if not applies(window, groups, channels, filters, weights.dtype):
        return None
    return WinogradConv(weights, window, channels_last)


def transformed_kernels(weights: np.ndarray) -> np.ndarray:
    """U = G g Gᵀ of each kernel g of `weights` [F, C, 3, 3], as [16, C, F] f32 (the
    right operand of the products): one product with the Kronecker product G ⊗ G."""
    filters, channels = weights.shape[:2]
    transformed = weights.astype(np.float32).reshape(filters * channels, 9) @ _KERNEL_TRANSFORM.T
    return np.ascontiguousarray(transformed.reshape(filters, channels, 16).transpose(2, 1, 0))


class WinogradConv:
    """The conv of NCHW inputs with fixed kernels `weights` [F, C, 3, 3] (of NHWC inputs
    if `channels_last`, the output then NHWC too). The kernels are transformed on the
    second call; the first runs the im2col conv, so a program run once does not pay
    for the transform (5 ms for 256x256 kernels, most of it the first writes to the new
    array: more than a call saves), as `blas.ConstantProduct` lays its weights out from
    the second product on."""

    def __init__(self, weights: np.ndarray, window: Window, channels_last: bool = False):
        self.weights = weights
        self.window = window
        self.channels_last = channels_last
        self.kernels: np.ndarray | None = None
        """U as [16, C, F] (the products' right operand)."""
        self._called = False

    def __call__(self, x: np.ndarray) -> np.ndarray:
        """[N, F, oH, oW] for `x` [N, C, H, W] (f32); [N, oH, oW, F] for [N, H, W, C]
        channels last."""
        if self.kernels is None and not self._called:
            self._called = True
            if self.channels_last:
                return conv2d_nhwc(x, self.weights.transpose(2, 3, 1, 0), 1, self.window)
            return conv2d_nchw(x, self.weights, 1, self.window)
        return self.winograd(x)

    def winograd(self, x: np.ndarray) -> np.ndarray:
        """The conv of `x` by Winograd's F(2x2, 3x3), transforming the kernels first if
        that is not done yet. It runs channels last: an NCHW input is transposed in and
        out (0.1 ms for 128x28x28, where tiling NCHW itself costs 0.3 ms more)."""
        if self.kernels is None:
            self.kernels = transformed_kernels(self.weights)
        if not self.channels_last:
            out = self._channels_last(np.ascontiguousarray(x.transpose(0, 2, 3, 1)))
            return np.ascontiguousarray(out.transpose(0, 3, 1, 2))
        return self._channels_last(x)

    def _channels_last(self, x: np.ndarray) -> np.ndarray:
        assert self.kernels is not None
        n, h, w, channels = x.shape
        filters = self.weights.shape[0]
        (oh, ow), (top, left, _, _) = self.window.out_size, self.window.padding
        th, tw = math.ceil(oh / 2), math.ceil(ow / 2)
        # the input with its padding, and zeros to a whole number of tiles (as long as
        # top + H + bottom at least: that is oH + 2); then its tiles [4, 4, N, tH, tW, C],
        # overlapping by two rows and columns, as one copy
        padded = np.zeros((n, 2 * th + 2, 2 * tw + 2, channels), np.float32)
        padded[:, top : top + h, left : left + w] = x
        tiles = sliding_window_view(padded, (4, 4), axis=(1, 2))[:, ::2, ::2].transpose(4, 5, 0, 1, 2, 3)
        transformed = _INPUT_TRANSFORM @ np.ascontiguousarray(tiles).reshape(16, -1)
        # the 16 products together are as large as im2col's one (all BLAS threads)
        products = np.matmul(transformed.reshape(16, -1, channels), self.kernels)
        blocks = (_OUTPUT_TRANSFORM @ products.reshape(16, -1)).reshape(2, 2, n, th, tw, filters)
        out = blocks.transpose(2, 3, 0, 4, 1, 5).reshape(n, 2 * th, 2 * tw, filters)
        return np.ascontiguousarray(out[:, :oh, :ow])
