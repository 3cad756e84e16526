"""Lowerings of the pooling gawee ops: max_pool, ad_avg_pool, average_pool and
global_average_pool (global_max_pool is composite: a reduce_max)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import i1
from xdsl.dialects.linalg.ops import PoolingNchwMaxOp
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.gawee import (
    AdAvgPoolOp,
    AveragePoolOp,
    GlobalAveragePoolOp,
    MaxPoolOp,
    WindowGeometry,
    adaptive_windows,
)
from nnstack.transforms.utils import op_pattern

from .builder import (
    UNIT_HEIGHT,
    LoweringBuilder,
    dims_map,
    element_type_of,
    float_constant,
    i64_pair,
    identity_map,
    parallel,
    reduction,
    shape_of,
    unit_height,
    window_map,
)

__all__ = ["MaxPoolLowering", "AdAvgPoolLowering", "AveragePoolLowering", "GlobalAveragePoolLowering"]


class MaxPoolLowering(RewritePattern):
    """
    Lowers `gawee.max_pool` to a `tensor.pad` with -inf (only when a pad is non-zero),
    a `linalg.fill` of -inf as init and a max over the windows:

    - 2-D: a window `tensor.empty() : tensor<kHxkWxT>` and `linalg.pooling_nchw_max`
      (strides and dilations as `dense<..> : tensor<2xi64>`);
    - 1-D: the same over the input expanded to a unit first spatial dim ([N, C, 1, W],
      `tensor.expand_shape`), collapsed back (upstream's `linalg.pooling_ncw_max` has
      no xDSL class);
    - 3-D: a `linalg.generic` with `linalg.pooling_ncdhw_max`'s semantics, which xDSL
      lacks: domain (n, c, od, oh, ow, kd, kh, kw), maps `(d0, d1, d2 * SD + d5 * DD,
      ...)`, `(d5, d6, d7)` for the window `tensor.empty` and `(d0, d1, d2, d3, d4)`,
      body `arith.maximumf %in, %out`.

    The padding's begins and ends become `low[0, 0, begins...] high[0, 0, ends...]`
    (2-D: `[pH, pW]` or `[top, left, bottom, right]` as `low[0, 0, top, left] high[0,
    0, bottom, right]`). In ceil mode the declared output has a last window that runs
    past the end padding; the end pad grows to what that window needs,
    `(OH - 1) * SH + DH * (KH - 1) + 1 - (H + top)` (and likewise per axis), so every
    window lies inside the padded input and -inf never wins.

    Where some window sees only padding (its max is -inf), an in-place `linalg.generic`
    over the result selects the op's `padding_only_value` (ONNX Runtime's) there, from an
    `arith.constant dense<...> : tensor<oHxoWxi1>` of the windows that reach the input,
    indexed `(d2, d3)` (by the spatial dims): `arith.select %inside, %out, %lowest`.
    """

    @op_pattern
    def match_and_rewrite(self, op: MaxPoolOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        out_shape = shape_of(op.output)
        window, x, inside = op.window(), op.input, op.windows_on_input()
        if window.rank == 1:
            window, x, inside = window.planar(), unit_height(b, x), inside.reshape(1, -1)
            out_shape = (*out_shape[:2], 1, *out_shape[2:])
        rank = window.rank

        minus_inf = b.constant(float("-inf"), element_type)
        if any(window.padding):
            x = b.pad(x, [0, 0, *window.padding[:rank]], [0, 0, *window.padding[rank:]], minus_inf)
        init = b.filled(out_shape, minus_inf)
        window_tensor = b.empty(window.kernel, element_type)
        if rank == 2:
            pool = PoolingNchwMaxOp(
                [x, window_tensor],
                [init],
                [init.type],
                strides=i64_pair(window.strides),
                dilations=i64_pair(window.dilation),
            )
            result = b.add(pool).results[0]
        else:
            result = _window_reduce(
                b, x, window_tensor, init, window, lambda value, acc: arith.MaximumfOp(value, acc)
            )
        if not inside.all():
            mask = b.dense_constant(i1, inside.shape, inside.ravel().astype(int).tolist())
            lowest = b.constant(op.padding_only_value(), element_type)
            dims = 2 + rank
            result = b.generic(
                [mask],
                result,
                [dims_map(dims, list(range(2, dims))), identity_map(dims)],
                parallel(dims),
                lambda reaches, out: arith.SelectOp(reaches, out, lowest).result,
            )
        if op.spatial_rank == 1:
            result = b.collapse(result, UNIT_HEIGHT)
        rewriter.replace(op, b.ops, [result])


class AdAvgPoolLowering(RewritePattern):
    """
    Lowers `gawee.ad_avg_pool` (PyTorch adaptive windows: output i of an axis of
    length H covers [floor(i*H/oH), ceil((i+1)*H/oH)) ) to a sum into a zero-filled
    init, then an identity `linalg.generic` dividing by the window size.

    When H % oH == 0 and W % oW == 0 the windows are uniform, kernel = stride = H/oH,
    and the sum is a `linalg.generic` with `linalg.pooling_nchw_sum` semantics (xDSL
    has no such named op): domain (n, c, oh, ow, kh, kw), maps
    `(d0, d1, d2 * SH + d4, d3 * SW + d5)`, `(d4, d5)` for a window
    `tensor.empty() : tensor<kHxkWxT>` and `(d0, d1, d2, d3)`, 4 parallel + 2 reduction
    iterators, body `arith.addf %out, %in`; the divisor is a constant kH*kW.

    Otherwise (windows of varying size, possibly overlapping) the sum runs over the
    whole input for each output, domain (n, c, oh, ow, h, w), and keeps the elements
    inside the window: two `arith.constant dense<...> : tensor<oHxHxi1>` /
    `tensor<oWxWxi1>` masks, indexed `(d2, d4)` and `(d3, d5)`, are combined by
    `arith.andi`, and `arith.select %inside, %in, %zero` feeds `arith.addf %out, ...`.
    Selecting rather than multiplying by 0/1 keeps the result exact for inf and NaN
    outside a window. The division then takes a per-output element count from a
    constant `tensor<oHxoWxT>` indexed `(d2, d3)`.
    """

    @op_pattern
    def match_and_rewrite(self, op: AdAvgPoolOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        _, _, h, w = shape_of(op.input)
        out_shape = shape_of(op.output)
        _, _, oh, ow = out_shape
        zero = b.constant(0.0, element_type)
        if h % oh == 0 and w % ow == 0:
            kh, kw = h // oh, w // ow
            window = WindowGeometry((kh, kw), (kh, kw), (1, 1), (0, 0, 0, 0), (oh, ow))
            total = _window_sum(b, op.input, out_shape, window, zero)
            result = _divide(b, total, float(kh * kw))
        else:
            init = b.filled(out_shape, zero)
            windows_h, windows_w = adaptive_windows(h, oh), adaptive_windows(w, ow)
            mask_h = b.dense_constant(i1, [oh, h], _mask(windows_h, h))
            mask_w = b.dense_constant(i1, [ow, w], _mask(windows_w, w))

            def masked_sum(x: SSAValue, in_h: SSAValue, in_w: SSAValue, acc: SSAValue) -> SSAValue:
                inside = arith.AndIOp(in_h, in_w)
                return arith.AddfOp(acc, arith.SelectOp(inside, x, zero)).result

            total = b.generic(
                [op.input, mask_h, mask_w],
                init,
                [
                    dims_map(6, [0, 1, 4, 5]),
                    dims_map(6, [2, 4]),
                    dims_map(6, [3, 5]),
                    dims_map(6, [0, 1, 2, 3]),
                ],
                [*parallel(4), *reduction(2)],
                masked_sum,
            )
            counts = [float((eh - sh) * (ew - sw)) for sh, eh in windows_h for sw, ew in windows_w]
            result = _divide(b, total, counts)
        rewriter.replace(op, b.ops, [result])


class AveragePoolLowering(RewritePattern):
    """
    Lowers `gawee.average_pool` (1-, 2- or 3-D) to a `tensor.pad` with 0 (only when a
    pad is non-zero; in ceil mode the end pads grow as for max_pool until the last
    window fits), the window sum of `gawee.ad_avg_pool`'s uniform case (a
    `linalg.generic` with `linalg.pooling_nchw_sum` semantics, maps `(d0, d1, d2 * SH +
    d4 * DH, d3 * SW + d5 * DW)` in 2-D, one output and one tap dim per spatial axis
    in 1-D and 3-D) and its division: by a constant kH*kW where every window has as
    many taps as the kernel, else by a constant `tensor<oHxoWxT>` of the tap counts
    (`AveragePoolOp.divisors`: the taps on the input, or with `countIncludePad` also
    those on the explicit padding, never those past it).
    """

    @op_pattern
    def match_and_rewrite(self, op: AveragePoolOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        out_shape = shape_of(op.output)
        window = op.window()
        rank = window.rank
        zero = b.constant(0.0, element_type_of(op.output))
        x = op.input
        if any(window.padding):
            x = b.pad(x, [0, 0, *window.padding[:rank]], [0, 0, *window.padding[rank:]], zero)
        total = _window_sum(b, x, out_shape, window, zero)
        counts = [float(c) for c in op.divisor_grid().ravel()]
        result = _divide(b, total, counts[0] if len(set(counts)) == 1 else counts)
        rewriter.replace(op, b.ops, [result])


class GlobalAveragePoolLowering(RewritePattern):
    """
    Lowers `gawee.global_average_pool` of [N, C, D1, ..., Dk] to a `linalg.generic`
    summing over the spatial dims (reduction iterators) into a zero-filled [N, C], an
    identity `linalg.generic` dividing by D1*...*Dk, and a `tensor.expand_shape` to
    [N, C, 1, ..., 1].
    """

    @op_pattern
    def match_and_rewrite(self, op: GlobalAveragePoolOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        n, c, *spatial = shape_of(op.input)
        rank = 2 + len(spatial)
        total = b.generic(
            [op.input],
            b.filled([n, c], b.constant(0.0, element_type)),
            [identity_map(rank), dims_map(rank, [0, 1])],
            [*parallel(2), *reduction(len(spatial))],
            lambda x, acc: arith.AddfOp(acc, x).result,
        )
        count = float(math.prod(spatial))
        mean = b.elementwise(
            [total],
            [n, c],
            element_type,
            lambda s, _out: arith.DivfOp(s, float_constant(count, element_type)).result,
        )
        result = b.expand(mean, [[0], list(range(1, rank))], shape_of(op.output))
        rewriter.replace(op, b.ops, [result])


def _window_sum(
    b: LoweringBuilder, x: SSAValue, out_shape: Sequence[int], window: WindowGeometry, zero: SSAValue
) -> SSAValue:
    """The sums of the windows of `x` (already padded so that every window fits) into
    `out_shape` filled with `zero`: a `linalg.generic` with the semantics of
    `linalg.pooling_nchw_sum` (or its 1-D / 3-D forms), which xDSL lacks, over a
    `tensor.empty` window."""
    init = b.filled(out_shape, zero)
    window_tensor = b.empty(window.kernel, element_type_of(x))
    return _window_reduce(b, x, window_tensor, init, window, lambda value, acc: arith.AddfOp(acc, value))


def _window_reduce(
    b: LoweringBuilder,
    x: SSAValue,
    window_tensor: SSAValue,
    init: SSAValue,
    window: WindowGeometry,
    combine: Callable[[SSAValue, SSAValue], Operation],
) -> SSAValue:
    """`combine(value, acc)` over the windows of the padded `x` into `init`: a
    `linalg.generic` over (n, c, O..., K...), as linalg's named poolings."""
    rank = window.rank
    dims = 2 + 2 * rank
    return b.generic(
        [x, window_tensor],
        init,
        [
            window_map(dims, window, [0, 1], 2, 2 + rank),
            dims_map(dims, list(range(2 + rank, dims))),
            dims_map(dims, list(range(2 + rank))),
        ],
        [*parallel(2 + rank), *reduction(rank)],
        lambda value, _window, acc: combine(value, acc).results[0],
    )


def _divide(b: LoweringBuilder, total: SSAValue, counts: float | Sequence[float]) -> SSAValue:
    """`total` [N, C, O1, ..., Ok] divided by `counts`: one count, a constant in the
    body, or the row-major [O1, ..., Ok] counts of the windows, a `tensor<O1x...xT>`
    constant indexed by the spatial dims."""
    out_shape = shape_of(total)
    element_type = element_type_of(total)
    dims = len(out_shape)
    output_map = identity_map(dims)
    if not isinstance(counts, Sequence):
        return b.generic(
            [total],
            b.empty(out_shape, element_type),
            [output_map] * 2,
            parallel(dims),
            lambda s, _out: arith.DivfOp(s, float_constant(counts, element_type)).result,
        )
    count = b.dense_constant(element_type, out_shape[2:], counts)
    return b.generic(
        [total, count],
        b.empty(out_shape, element_type),
        [output_map, dims_map(dims, list(range(2, dims))), output_map],
        parallel(dims),
        lambda s, n, _out: arith.DivfOp(s, n).result,
    )


def _mask(windows: list[tuple[int, int]], size: int) -> list[int]:
    """Row-major [len(windows), size] 0/1 mask: 1 where index j lies in window i."""
    return [int(start <= j < end) for start, end in windows for j in range(size)]
