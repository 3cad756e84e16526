"""Lowerings of the pooling gawee ops: max_pool, ad_avg_pool, average_pool and
global_average_pool."""

from __future__ import annotations

import math
from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import i1
from xdsl.dialects.linalg.ops import PoolingNchwMaxOp
from xdsl.ir import SSAValue
from xdsl.ir.affine import AffineExpr
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.gawee import (
    AdAvgPoolOp,
    AveragePoolOp,
    GlobalAveragePoolOp,
    MaxPoolOp,
    adaptive_windows,
)
from nnstack.transforms.utils import op_pattern

from .builder import (
    LoweringBuilder,
    dims_map,
    element_type_of,
    float_constant,
    i64_pair,
    identity_map,
    parallel,
    reduction,
    shape_of,
    unsupported_reason,
)

__all__ = ["MaxPoolLowering", "AdAvgPoolLowering", "AveragePoolLowering", "GlobalAveragePoolLowering"]


class MaxPoolLowering(RewritePattern):
    """
    Lowers `gawee.max_pool` to a `tensor.pad` with -inf (only when a pad is non-zero),
    a `linalg.fill` of -inf as init, a window `tensor.empty() : tensor<kHxkWxT>` and
    `linalg.pooling_nchw_max` (strides and dilations as `dense<..> : tensor<2xi64>`).

    Padding `[pH, pW]` or `[top, left, bottom, right]` becomes `low[0, 0, top, left]
    high[0, 0, bottom, right]`. In ceil mode the declared output has a last window that
    runs past the end padding; the bottom/right pad grows to what that window needs,
    `(OH - 1) * SH + DH * (KH - 1) + 1 - (H + top)` (and likewise for W), so every
    window lies inside the padded input and -inf never wins.

    Where some window sees only padding (its max is -inf), an in-place `linalg.generic`
    over the result selects the op's `padding_only_value` (ONNX Runtime's) there, from an
    `arith.constant dense<...> : tensor<oHxoWxi1>` of the windows that reach the input,
    indexed `(d2, d3)`: `arith.select %inside, %out, %lowest`.
    """

    @op_pattern
    def match_and_rewrite(self, op: MaxPoolOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        out_shape = shape_of(op.output)
        (kh, kw), (sh, sw), (dh, dw) = op.array("kernelSize"), op.array("strides"), op.array("dilation")
        top, left, bottom, right = op.fitted_padding()

        minus_inf = b.constant(float("-inf"), element_type)
        x = op.input
        if any((top, left, bottom, right)):
            x = b.pad(x, [0, 0, top, left], [0, 0, bottom, right], minus_inf)
        init = b.filled(out_shape, minus_inf)
        window = b.empty([kh, kw], element_type)
        pool = PoolingNchwMaxOp(
            [x, window],
            [init],
            [init.type],
            strides=i64_pair((sh, sw)),
            dilations=i64_pair((dh, dw)),
        )
        result = b.add(pool).results[0]
        inside = op.windows_on_input()
        if not inside.all():
            mask = b.dense_constant(i1, inside.shape, inside.ravel().astype(int).tolist())
            lowest = b.constant(op.padding_only_value(), element_type)
            result = b.generic(
                [mask],
                result,
                [dims_map(4, [2, 3]), identity_map(4)],
                parallel(4),
                lambda reaches, out: arith.SelectOp(reaches, out, lowest).result,
            )
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
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        _, _, h, w = shape_of(op.input)
        out_shape = shape_of(op.output)
        _, _, oh, ow = out_shape
        zero = b.constant(0.0, element_type)
        if h % oh == 0 and w % ow == 0:
            kh, kw = h // oh, w // ow
            total = _window_sum(b, op.input, out_shape, (kh, kw), (kh, kw), (1, 1), zero)
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
    Lowers `gawee.average_pool` to a `tensor.pad` with 0 (only when a pad is non-zero;
    in ceil mode the bottom/right pad grows as for max_pool until the last window
    fits), the window sum of `gawee.ad_avg_pool`'s uniform case (a `linalg.generic`
    with `linalg.pooling_nchw_sum` semantics, maps `(d0, d1, d2 * SH + d4 * DH,
    d3 * SW + d5 * DW)`) and its division: by a constant kH*kW where every window has
    as many taps as the kernel, else by a constant `tensor<oHxoWxT>` of the tap counts
    (`AveragePoolOp.divisors`: the taps on the input, or with `countIncludePad` also
    those on the explicit padding, never those past it).
    """

    @op_pattern
    def match_and_rewrite(self, op: AveragePoolOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        out_shape = shape_of(op.output)
        kernel, strides, dilation = op.array("kernelSize"), op.array("strides"), op.dilation_values
        top, left, bottom, right = op.fitted_padding()
        zero = b.constant(0.0, element_type_of(op.output))
        x = op.input
        if any((top, left, bottom, right)):
            x = b.pad(x, [0, 0, top, left], [0, 0, bottom, right], zero)
        total = _window_sum(b, x, out_shape, kernel, strides, dilation, zero)
        rows, cols = op.divisors()
        counts = [float(r * c) for r in rows for c in cols]
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
        if unsupported_reason(op) is not None:
            return
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
    b: LoweringBuilder,
    x: SSAValue,
    out_shape: Sequence[int],
    kernel: Sequence[int],
    strides: Sequence[int],
    dilation: Sequence[int],
    zero: SSAValue,
) -> SSAValue:
    """The sums of the 2-D windows of `x` (already padded so that every window fits)
    into `out_shape` filled with `zero`: a `linalg.generic` with the semantics of
    `linalg.pooling_nchw_sum`, which xDSL lacks, over a `tensor.empty` window."""
    element_type = element_type_of(x)
    init = b.filled(out_shape, zero)
    window = b.empty(kernel, element_type)
    d = [AffineExpr.dimension(i) for i in range(6)]
    h, w = (
        d[2 + i] * strides[i] + (d[4 + i] * dilation[i] if dilation[i] != 1 else d[4 + i]) for i in range(2)
    )
    return b.generic(
        [x, window],
        init,
        [dims_map(6, [0, 1, h, w]), dims_map(6, [4, 5]), dims_map(6, [0, 1, 2, 3])],
        [*parallel(4), *reduction(2)],
        lambda value, _window, acc: arith.AddfOp(acc, value).result,
    )


def _divide(b: LoweringBuilder, total: SSAValue, counts: float | Sequence[float]) -> SSAValue:
    """`total` [N, C, oH, oW] divided by `counts`: one count, a constant in the body, or
    the row-major [oH, oW] counts of the windows, a `tensor<oHxoWxT>` constant indexed
    `(d2, d3)`."""
    out_shape = shape_of(total)
    element_type = element_type_of(total)
    output_map = identity_map(4)
    if not isinstance(counts, Sequence):
        return b.generic(
            [total],
            b.empty(out_shape, element_type),
            [output_map] * 2,
            parallel(4),
            lambda s, _out: arith.DivfOp(s, float_constant(counts, element_type)).result,
        )
    count = b.dense_constant(element_type, out_shape[2:], counts)
    return b.generic(
        [total, count],
        b.empty(out_shape, element_type),
        [output_map, dims_map(4, [2, 3]), output_map],
        parallel(4),
        lambda s, n, _out: arith.DivfOp(s, n).result,
    )


def _mask(windows: list[tuple[int, int]], size: int) -> list[int]:
    """Row-major [len(windows), size] 0/1 mask: 1 where index j lies in window i."""
    return [int(start <= j < end) for start, end in windows for j in range(size)]
