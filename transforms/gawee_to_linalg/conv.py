"""Lowering of `gawee.conv` to `linalg.conv_2d_nchw_fchw` / `linalg.conv_2d_ngchw_gfchw`
(1-D and 2-D) or a `linalg.generic` (3-D)."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.linalg.ops import Conv2DNchwFchwOp, Conv2DNgchwGfchwOp
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.gawee import ConvOp, WindowGeometry
from nnstack.transforms.utils import op_pattern

from .builder import (
    UNIT_HEIGHT,
    LoweringBuilder,
    dims_map,
    element_type_of,
    i64_pair,
    parallel,
    reduction,
    shape_of,
    unit_height,
    window_map,
)

__all__ = ["ConvLowering"]


class ConvLowering(RewritePattern):
    """
    Lowers `gawee.conv` to a zero `tensor.pad` (only when a pad is non-zero; the
    begins and ends of the padding become `low[0, 0, begins...] high[0, 0, ends...]`),
    an init that is `linalg.fill` with 0 or, with a bias, the bias broadcast along the
    channel dim by a `linalg.generic`, and a convolution accumulating into that init:

    - 2-D: `linalg.conv_2d_nchw_fchw` (strides and dilations as
      `dense<..> : tensor<2xi64>`). With `groups` = G > 1 the input [N, G*C, H, W],
      weight [G*F, C, kH, kW] and init [N, G*F, OH, OW] are split by
      `tensor.expand_shape` into [N, G, C, H, W], [G, F, C, kH, kW] and
      [N, G, F, OH, OW] (PyTorch numbers the output channels group-major, so the
      weight layout is "gfchw"), convolved by `linalg.conv_2d_ngchw_gfchw`, and merged
      back by `tensor.collapse_shape`.
    - 1-D: the 2-D conv of the input, weight and init expanded to a unit first spatial
      dim ([N, C, 1, W], `tensor.expand_shape`) and collapsed back: the same products.
      (Upstream has `linalg.conv_1d_ncw_fcw`, but xDSL defines no class for it.)
    - 3-D: a `linalg.generic` over (n, g, f, od, oh, ow, c, kd, kh, kw), the operands
      split by group as for grouped 2-D (G = 1 too), maps `(d0, d1, d6, d3 * SD + d7 *
      DD, ...)`, `(d1, d2, d6, d7, d8, d9)` and `(d0, d1, d2, d3, d4, d5)`, body
      `out + in * w`: `linalg.conv_3d_ncdhw_fcdhw`'s semantics, which xDSL lacks.
    """

    @op_pattern
    def match_and_rewrite(self, op: ConvOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        out_shape = shape_of(op.output)
        window, x, weight = op.window(), op.input, op.weight
        if window.rank == 1:
            window, x, weight = window.planar(), unit_height(b, x), unit_height(b, weight)
            out_shape = (*out_shape[:2], 1, *out_shape[2:])
        rank = window.rank

        zero = None
        if any(window.padding) or op.bias is None:
            zero = b.constant(0.0, element_type)
        if any(window.padding):
            assert zero is not None
            x = b.pad(x, [0, 0, *window.padding[:rank]], [0, 0, *window.padding[rank:]], zero)

        if op.bias is not None:
            init = b.broadcast_into(op.bias, out_shape, [1])
        else:
            assert zero is not None
            init = b.filled(out_shape, zero)

        groups = op.group_count
        strides, dilations = i64_pair(window.strides), i64_pair(window.dilation)
        if rank == 2 and groups == 1:
            conv = Conv2DNchwFchwOp([x, weight], [init], [init.type], strides=strides, dilations=dilations)
            result = b.add(conv).results[0]
        else:
            n, c, *sizes = shape_of(x)
            f, cg, *kernel = shape_of(weight)
            split = [[0], [1, 2], *[[3 + i] for i in range(rank)]]
            x = b.expand(x, split, [n, groups, c // groups, *sizes])
            weight = b.expand(
                weight, [[0, 1], *[[2 + i] for i in range(rank + 1)]], [groups, f // groups, cg, *kernel]
            )
            init = b.expand(init, split, [n, groups, f // groups, *out_shape[2:]])
            if rank == 2:
                conv = Conv2DNgchwGfchwOp(
                    [x, weight], [init], [init.type], strides=strides, dilations=dilations
                )
                grouped = b.add(conv).results[0]
            else:
                grouped = _conv_generic(b, x, weight, init, window)
            result = b.collapse(grouped, split)
        if op.spatial_rank == 1:
            result = b.collapse(result, UNIT_HEIGHT)
        rewriter.replace(op, b.ops, [result])


def _conv_generic(
    b: LoweringBuilder, x: SSAValue, weight: SSAValue, init: SSAValue, window: WindowGeometry
) -> SSAValue:
    """The grouped conv of `x` [N, G, Cg, D...] with `weight` [G, Fg, Cg, K...] into
    `init` [N, G, Fg, O...] (`x` padded): a `linalg.generic` over (n, g, f, O..., c, K...)."""
    rank = window.rank
    dims = 4 + 2 * rank
    channel, first_tap = 3 + rank, 4 + rank
    taps = list(range(first_tap, dims))
    return b.generic(
        [x, weight],
        init,
        [
            window_map(dims, window, [0, 1, channel], 3, first_tap),
            dims_map(dims, [1, 2, channel, *taps]),
            dims_map(dims, list(range(3 + rank))),
        ],
        [*parallel(3 + rank), *reduction(1 + rank)],
        lambda value, w, acc: arith.AddfOp(acc, arith.MulfOp(value, w)).result,
    )
