"""Window and contraction ops: mir.conv, mir.pool, mir.matmul.

Each is a nest of loops over the result's elements around reduction loops whose
accumulator is an llir.for iter_arg (f32 for f16 tensors, as mir computes them), so
the sum needs no memory. The scalar loops never materialize padding: the loop over a
window's kernel columns runs `select(row in bounds, KW, 0)` times, and so on inward,
so positions in the padding are skipped without a load (a conv's input-channel loop
runs 0 times; a pool's tap is an llir.for of 0 or 1 iterations). An axis whose windows
never reach the padding gets no check. The vectorized conv (`_ConvTile`) copies a
padded input into a zero-filled buffer instead, so that its tiles run unchecked.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import ExitStack
from typing import NamedTuple

from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, op_type_rewrite_pattern

from nnstack.dialects import llir, mir
from nnstack.dialects.constraints import accumulator_type

from .builder import (
    Access,
    Builder,
    IntLike,
    LlirPattern,
    Offset,
    copy_body,
    dense_access,
    emit_map,
    linear,
    tensor_type,
)
from .epilogue import Epilogue
from .layout import element_strides
from .matmul_tiles import TiledMatmul, batch_bases, multiply_add, rhs_strides, tile_width, transposed_rhs
from .reduce import COMBINE, POOL_REDUCTIONS, neutral_element, reduction_accumulator


class _WindowAxis:
    """One spatial axis of a window op: output o reads input o*stride - pad + k*dilation."""

    def __init__(self, size: int, out: int, kernel: int, stride: int, dilation: int, pad: int):
        self.size, self.kernel, self.stride, self.dilation, self.pad = size, kernel, stride, dilation, pad
        last = (out - 1) * stride - pad + (kernel - 1) * dilation
        self.checked = pad > 0 or last >= size
        """Whether some window reaches the padding, so positions need a bounds check."""

    def start(self, b: Builder, out: IntLike) -> IntLike:
        """The input position of the first tap of window `out` (outside the tap loops)."""
        return b.iadd(b.imul(out, self.stride), -self.pad)

    def position(self, b: Builder, start: IntLike, tap: IntLike) -> IntLike:
        return b.iadd(start, b.imul(tap, self.dilation))

    def trips(self, b: Builder, position: IntLike, count: int) -> IntLike:
        """`count` if `position` is inside the input (or the axis needs no check), else 0."""
        if not self.checked:
            return count
        if isinstance(position, int):
            return count if 0 <= position < self.size else 0
        inside = b.in_range(b.value(position), self.size)
        return b.select(inside, b.const(count), b.const(0))


def _window_axes(op: mir.ConvOp | mir.PoolOp) -> tuple[_WindowAxis, _WindowAxis]:
    _, h, w, _ = op.array("input_shape")
    _, oh, ow, _ = op.array("output_shape")
    (kh, kw), (sh, sw), (dh, dw) = op.array("kernel_size"), op.array("stride"), op.array("dilation")
    top, left, _, _ = op.array("padding")
    return _WindowAxis(h, oh, kh, sh, dh, top), _WindowAxis(w, ow, kw, sw, dw, left)


class ConvLowering(LlirPattern):
    """mir.conv -> loops over batch, output rows, columns, groups and the group's output
    channels, around kernel-row, kernel-column and input-channel loops accumulating
    input * weight (stride, dilation and padding in the input address and trip counts).
    A weight that is a mir.transpose (gawee's [F, C, KH, KW] made [KH, KW, C, F]) is
    read in place, its strides permuted (`weight_source`): the transpose is never copied."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.ConvOp, rewriter: PatternRewriter, /):
        x = self.llir_value(op.input, op, rewriter)
        transpose, w, sw = weight_source(op, self, rewriter)
        b, out = self.start(op)
        typ = tensor_type(op.result)
        n, _, _, _ = mir.tensor_shape(op.input)
        kh, kw, cg, f = mir.tensor_shape(op.weight)
        _, oh, ow, _ = mir.tensor_shape(op.result)
        groups = op.integer("groups")
        fg = f // groups
        sx = b.strides(mir.tensor_shape(op.input))
        so = b.strides(mir.tensor_shape(op.result))
        rows, cols = _window_axes(op)
        acc_type = accumulator_type(typ.element_type)
        width = tile_width(b.options, typ.element_type, acc_type, fg)
        if width > 1:
            fused = Epilogue.of(op, self, rewriter)
            tile = _ConvTile(b, x, w, out, rows, cols, sx, sw, so, cg, kh, kw, acc_type, fused)
            tile.emit(n, oh, ow, groups, fg, width)
            fused.fuse(op, rewriter)
        else:  # one loop nest per result element, a scalar sum over the window
            with b.nest((n, oh, ow, groups, fg), parallel=True) as (i_n, i_oh, i_ow, i_g, i_f):
                channel = b.iadd(b.imul(i_g, fg), i_f)
                x_base = linear(b, [(i_n, sx[0]), (i_g, cg * sx[3])])
                w_base = linear(b, [(channel, sw[3])])
                row0, col0 = rows.start(b, i_oh), cols.start(b, i_ow)
                kh_loop = b.loop(0, kh, 1, [b.zero(acc_type)])
                with kh_loop:
                    ih = rows.position(b, row0, kh_loop.iv)
                    x_h, w_h = x_base.plus(b, ih, sx[1]), w_base.plus(b, kh_loop.iv, sw[0])
                    kw_loop = b.loop(0, rows.trips(b, ih, kw), 1, kh_loop.args)
                    with kw_loop:
                        iw = cols.position(b, col0, kw_loop.iv)
                        x_w, w_w = x_h.plus(b, iw, sx[2]), w_h.plus(b, kw_loop.iv, sw[1])
                        ic_loop = b.loop(0, cols.trips(b, iw, cg), 1, kw_loop.args)
                        with ic_loop:
                            xv = b.widen(b.load(x, x_w.plus(b, ic_loop.iv, sx[3])), acc_type)
                            wv = b.widen(b.load(w, w_w.plus(b, ic_loop.iv, sw[2])), acc_type)
                            product = b.binary(llir.MulOp, xv, wv)
                            ic_loop.yield_(b.binary(llir.AddOp, ic_loop.args[0], product))
                        kw_loop.yield_(*ic_loop.results)
                    kh_loop.yield_(*kw_loop.results)
                target = linear(b, [(i_n, so[0]), (i_oh, so[1]), (i_ow, so[2]), (channel, so[3])])
                b.store(b.narrow(kh_loop.results[0], typ.element_type), out, target)
        self.replace(op, rewriter, b, [out])
        if transpose is not None and not transpose.result.uses:
            rewriter.erase(transpose)


def weight_source(
    op: mir.ConvOp, pattern: LlirPattern, rewriter: PatternRewriter
) -> tuple[mir.TransposeOp | None, SSAValue, tuple[int, ...]]:
    """The transpose `op` reads in place (or None), the buffer its weight is read from and
    the strides of that read over the weight's dims [KH, KW, Cg, F]."""
    transpose = op.weight.owner
    if isinstance(transpose, mir.TransposeOp):
        return (
            transpose,
            pattern.llir_value(transpose.input, op, rewriter),
            rhs_strides(transpose, pattern.options),
        )
    strides = element_strides(mir.tensor_shape(op.weight), pattern.options.layout)
    return None, pattern.llir_value(op.weight, op, rewriter), strides


class _WeightPanel(NamedTuple):
    """Where a tile reads its weights: a buffer, the offset of the first output channel's
    weights, and the strides of kernel row, kernel column and input channel (the
    vectors of a tile's output channels are contiguous)."""

    buffer: SSAValue
    base: Offset
    strides: tuple[int, int, int]


class _ConvTile:
    """The vectorized conv (`vector-width` > 1, row-major), a direct convolution fed to
    the register-tiled micro-kernel of products (`matmul_tiles`). The weights of each
    block of `tile-vectors` vectors of a group's output channels are first packed into a
    panel (K = KH * KW * Cg rows of the block's channels, contiguous: the micro-kernel
    streams it with unit stride, and it stays in cache for the block's pixels); then
    one loop over block x output row (on threads) runs each row in tiles of at most
    `tile-rows` pixels, of sizes as even as can be; where windows reach the padding,
    the input is first copied into a zero-filled buffer that holds it (`pad_input`), so
    no tile needs a bounds check. The tile's accumulators are carried over the kernel
    rows, columns and input channels (the K of the product), so each input element
    loaded serves `tile-vectors` vectors and each weight vector the tile's pixels; each
    lane sums its products in the scalar order (with llir.vfma for f32). The channels
    left over past whole vectors take scalar loops that read the weights where they
    are. The element-wise consumers of the conv that `epilogue` finds (bias, ReLU,
    residual add) run on the accumulators before they are stored."""

    def __init__(
        self,
        b: Builder,
        x: SSAValue,
        w: SSAValue,
        out: SSAValue,
        rows: _WindowAxis,
        cols: _WindowAxis,
        sx: Sequence[int],
        sw: Sequence[int],
        so: Sequence[int],
        cg: int,
        kh: int,
        kw: int,
        element: Attribute,
        fused: Epilogue,
    ):
        self.b, self.x, self.w, self.out = b, x, w, out
        self.rows, self.cols, self.sx, self.sw, self.so = rows, cols, sx, sw, so
        self.cg, self.kh, self.kw, self.element = cg, kh, kw, element
        self.fused = fused

    def emit(self, n: int, oh: int, ow: int, groups: int, fg: int, width: int) -> None:
        """The conv of every batch and group: all the group's panels packed (the blocks
        on threads), then one loop over block x output row on threads (a block's rows
        in a row: its panel stays in cache), then the scalar channels left over."""
        b = self.b
        vectors = b.options.tile_vectors
        step = vectors * width
        full = fg - fg % step
        left = (fg - full) // width
        k_size = self.kh * self.kw * self.cg
        panels = None
        if full + left * width:  # freed after its last use by llir-insert-frees
            size = k_size * (full + left * width) * (llir.element_size(self.element) or 1)
            panels = b.emit(llir.AllocBufferOp(self.element, size, 64)).result
        self.pad_input(n, oh, ow, width)
        with b.nest((n, groups)) as (i_n, i_g):
            first = b.imul(i_g, fg)
            if full and panels is not None:
                # block j's panel at j * k_size * step: block.iv (= j * step) * k_size
                with b.loop(0, full, step, parallel=True) as block:
                    self.pack(panels, linear(b, [(block.iv, k_size)]), b.iadd(first, block.iv), step, width)
                with b.loop(0, full // step * oh, parallel=True) as item:
                    index = b.binary(llir.DivOp, item.iv, b.const(oh))
                    row = b.binary(llir.RemOp, item.iv, b.const(oh))
                    base = linear(b, [(index, k_size * step)])
                    channel = b.iadd(first, b.imul(index, step))
                    self.rows_of(panels, base, (i_n, row, i_g), ow, channel, vectors, width)
            if left and panels is not None:
                base = Offset(None, full * k_size)
                self.pack(panels, base, b.iadd(first, full), left * width, width)
                with b.loop(0, oh, parallel=True) as row:
                    self.rows_of(panels, base, (i_n, row.iv, i_g), ow, b.iadd(first, full), left, width)
            if fg - full - left * width:
                with b.nest((oh, ow), parallel=True) as (i_oh, i_ow):
                    for channel in range(full + left * width, fg):
                        at = b.iadd(first, channel)
                        weights = _WeightPanel(
                            self.w, linear(b, [(at, self.sw[3])]), (self.sw[0], self.sw[1], self.sw[2])
                        )
                        self.tile((i_n, i_oh, i_g), i_ow, 1, True, at, weights, 1, 1)

    def rows_of(
        self,
        panels: SSAValue,
        base: Offset,
        row: tuple[IntLike, IntLike, IntLike],
        ow: int,
        channel: IntLike,
        vectors: int,
        width: int,
    ) -> None:
        """Output row `row` of channels channel .. channel + vectors * width, their
        panel at `base` in `panels`."""
        columns = vectors * width
        strides = (self.kw * self.cg * columns, self.cg * columns, columns)
        self.pixels(row, ow, channel, _WeightPanel(panels, base, strides), vectors, width)

    def pack(self, panel: SSAValue, into: Offset, channel: IntLike, columns: int, width: int) -> None:
        """Copy the weights of `columns` output channels from `channel` into `panel` at
        `into` ([KH * KW * Cg, columns], row-major): rows of vectors where the channels are
        contiguous, else one element at a time in the order of the weights in memory
        (channel, then the kernel axes by decreasing stride)."""
        b, sw = self.b, self.sw
        sizes = (self.kh, self.kw, self.cg)
        targets = (self.kw * self.cg * columns, self.cg * columns, columns)
        source = linear(b, [(channel, sw[3])])
        with ExitStack() as stack:
            if sw[3] == 1:
                at, target = source, into
                for axis, size in enumerate(sizes):
                    iv = stack.enter_context(b.loop(0, size)).iv
                    at, target = at.plus(b, iv, sw[axis]), target.plus(b, iv, targets[axis])
                for u in range(columns // width):
                    b.vstore(b.vload(self.w, width, at.plus(b, u * width)), panel, target.plus(b, u * width))
                return
            at, target = source, into
            for axis in sorted(range(3), key=lambda a: -sw[a]):
                iv = stack.enter_context(b.loop(0, sizes[axis])).iv
                at, target = at.plus(b, iv, sw[axis]), target.plus(b, iv, targets[axis])
            column = stack.enter_context(b.loop(0, columns)).iv
            b.store(b.load(self.w, at.plus(b, column, sw[3])), panel, target.plus(b, column))

    def pad_input(self, n: int, oh: int, ow: int, width: int) -> None:
        """Where some window reaches the padding (or past the input), copy the input into
        a zero-filled buffer that holds the padding too, and read that instead: every
        window then lies inside, so each output row runs in whole tiles with no bounds
        check (a padding tap adds input 0 x weight, where the checked loops skipped it:
        the same sums, but for the sign of a zero sum)."""
        b, rows, cols = self.b, self.rows, self.cols
        if not (rows.checked or cols.checked):
            return
        channels = self.sx[2]  # (row-major NHWC: the stride of a column)
        sizes = []
        for axis, out in ((rows, oh), (cols, ow)):
            reach = (out - 1) * axis.stride + (axis.kernel - 1) * axis.dilation + 1
            sizes.append(max(axis.pad + axis.size, reach))
        shape = [n, sizes[0], sizes[1], channels]
        bytes_ = n * sizes[0] * sizes[1] * channels * (llir.element_size(self.element) or 1)
        padded = b.emit(llir.AllocBufferOp(self.element, bytes_, 64)).result
        strides = b.strides(shape)
        zero = 0.0 if llir.is_float(self.element) else 0
        emit_map(  # (llir.alloc_buffer zero-fills, but strict memory checks want it written)
            b,
            shape,
            [],
            Access(padded, strides),
            lambda b, _: b.const(zero, self.element),
            lambda b, _: b.vconst(zero, self.element, width),
        )
        inside = rows.pad * strides[1] + cols.pad * strides[2]
        given = [n, rows.size, cols.size, channels]
        emit_map(
            b, given, [dense_access(b, self.x, given)], Access(padded, strides, inside), copy_body, copy_body
        )
        self.x, self.sx = padded, strides
        self.rows = _WindowAxis(sizes[0], oh, rows.kernel, rows.stride, rows.dilation, 0)
        self.cols = _WindowAxis(sizes[1], ow, cols.kernel, cols.stride, cols.dilation, 0)

    def pixels(
        self,
        row: tuple[IntLike, IntLike, IntLike],
        ow: int,
        channel: IntLike,
        weights: _WeightPanel,
        vectors: int,
        width: int,
    ) -> None:
        """`vectors` vectors of channels from `channel` at every pixel of the output row
        `row` (batch, row, group), the input padded (`pad_input`): the row in the fewest
        tiles of at most `tile-rows` pixels, of sizes as even as can be (a row of 7 in
        tiles of 4 and 3, not 6 and 1: a tile of few pixels loads a weight vector for
        few products)."""
        tiles = -(-ow // self.b.options.tile_rows)
        size, extra = divmod(ow, tiles)
        bounds = [(0, extra * (size + 1), size + 1), (extra * (size + 1), ow, size)]
        for start, stop, pixels in bounds:
            if stop > start:
                with self.b.loop(start, stop, pixels) as column:
                    self.tile(row, column.iv, pixels, False, channel, weights, vectors, width)

    def tile(
        self,
        row: tuple[IntLike, ...],
        i_ow: IntLike,
        pixels: int,
        checked: bool,
        channel: IntLike,
        weights: _WeightPanel,
        vectors: int,
        width: int,
    ) -> None:
        """`pixels` output pixels from column i_ow x `vectors` vectors of `width`
        output channels from `channel` (width 1: one, with scalar ops), their weights
        read from `weights`; `checked`: a single pixel whose taps may fall in the
        padding's columns."""
        b, sx, so = self.b, self.sx, self.so
        sw, w_base = weights.strides, weights.base
        i_n, i_oh, i_g = row
        x_base = linear(b, [(i_n, sx[0]), (i_g, self.cg * sx[3])])
        row0, col0 = self.rows.start(b, i_oh), self.cols.start(b, i_ow)
        pixel_step = self.cols.stride * sx[2]
        zero = b.zero(self.element)
        if width > 1:
            zero = b.vconst(0.0 if llir.is_float(self.element) else 0, self.element, width)
        # a window row's taps inside the input, dilation 1, all channels of the input
        # (one group), read from a panel: its columns and channels are one contiguous
        # run of KW * Cg in both the input and the weights, one loop
        merged = (
            not checked and self.cols.dilation == 1 and self.cg * sx[3] == sx[2] == sw[1] // sw[2] * sx[3]
        )

        def accumulate(carried: Sequence[SSAValue], x_at: Offset, w_at: Offset) -> list[SSAValue]:
            if width == 1:
                product = b.binary(llir.MulOp, b.load(self.x, x_at), b.load(weights.buffer, w_at))
                return [b.binary(llir.AddOp, carried[0], product)]
            columns = [b.vload(weights.buffer, width, w_at.plus(b, u * width)) for u in range(vectors)]
            sums: list[SSAValue] = []
            for p in range(pixels):
                lanes = b.emit(llir.SplatOp(b.load(self.x, x_at.plus(b, p * pixel_step)), width)).result
                sums += [multiply_add(b, carried[p * vectors + u], lanes, columns[u]) for u in range(vectors)]
            return sums

        kh_loop = b.loop(0, self.kh, 1, [zero] * (pixels * vectors))
        with kh_loop:
            ih = self.rows.position(b, row0, kh_loop.iv)
            x_h, w_h = x_base.plus(b, ih, sx[1]), w_base.plus(b, kh_loop.iv, sw[0])
            if merged:
                x_w = x_h.plus(b, col0, sx[2])
                tap_loop = b.loop(0, self.rows.trips(b, ih, self.kw * self.cg), 1, kh_loop.args)
                with tap_loop:
                    x_c, w_c = x_w.plus(b, tap_loop.iv, sx[3]), w_h.plus(b, tap_loop.iv, sw[2])
                    tap_loop.yield_(*accumulate(tap_loop.args, x_c, w_c))
                kh_loop.yield_(*tap_loop.results)
            else:
                kw_loop = b.loop(0, self.rows.trips(b, ih, self.kw), 1, kh_loop.args)
                with kw_loop:
                    iw = self.cols.position(b, col0, kw_loop.iv)
                    x_w, w_w = x_h.plus(b, iw, sx[2]), w_h.plus(b, kw_loop.iv, sw[1])
                    trips = self.cols.trips(b, iw, self.cg) if checked else self.cg
                    ic_loop = b.loop(0, trips, 1, kw_loop.args)
                    with ic_loop:
                        x_c, w_c = x_w.plus(b, ic_loop.iv, sx[3]), w_w.plus(b, ic_loop.iv, sw[2])
                        ic_loop.yield_(*accumulate(ic_loop.args, x_c, w_c))
                    kw_loop.yield_(*ic_loop.results)
                kh_loop.yield_(*kw_loop.results)
        target = linear(b, [(i_n, so[0]), (i_oh, so[1]), (i_ow, so[2]), (channel, so[3])])
        for p in range(pixels):
            for u in range(vectors):
                at = target.plus(b, p * so[2] + u * width)
                value = self.fused.apply(
                    b, kh_loop.results[p * vectors + u], b.iadd(channel, u * width), at, width
                )
                if width == 1:
                    b.store(value, self.out, at)
                else:
                    b.vstore(value, self.out, at)


class PoolLowering(LlirPattern):
    """mir.pool -> loops over batch, output rows, columns and channels around kernel-row
    and kernel-column loops: max (from -inf), sum, or avg = sum / the number of taps
    inside the input (counted alongside when a window can reach the padding)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.PoolOp, rewriter: PatternRewriter, /):
        (x,) = self.operands(op, rewriter)
        b, out = self.start(op)
        element = tensor_type(op.result).element_type
        kind = POOL_REDUCTIONS[op.kind.data]
        n, _, _, c = mir.tensor_shape(op.input)
        _, oh, ow, _ = mir.tensor_shape(op.result)
        kh, kw = op.array("kernel_size")
        sx = b.strides(mir.tensor_shape(op.input))
        so = b.strides(mir.tensor_shape(op.result))
        rows, cols = _window_axes(op)
        acc_type = reduction_accumulator(kind, element)
        counting = kind == mir.ReduceKind.MEAN and (rows.checked or cols.checked)
        initial = [b.const(neutral_element(kind, acc_type), acc_type)]
        if counting:
            initial.append(b.const(0))
        with b.nest((n, oh, ow, c), parallel=True) as (i_n, i_oh, i_ow, i_c):
            x_base = linear(b, [(i_n, sx[0]), (i_c, sx[3])])
            row0, col0 = rows.start(b, i_oh), cols.start(b, i_ow)
            kh_loop = b.loop(0, kh, 1, initial)
            with kh_loop:
                ih = rows.position(b, row0, kh_loop.iv)
                x_h = x_base.plus(b, ih, sx[1])
                kw_loop = b.loop(0, rows.trips(b, ih, kw), 1, kh_loop.args)
                with kw_loop:
                    iw = cols.position(b, col0, kw_loop.iv)

                    def accumulate(carried: Sequence[SSAValue]) -> list[SSAValue]:
                        value = b.widen(b.load(x, x_h.plus(b, iw, sx[2])), acc_type)
                        updated = [b.binary(COMBINE[kind], carried[0], value)]
                        if counting:
                            updated.append(b.binary(llir.AddOp, carried[1], b.const(1)))
                        return updated

                    if cols.checked:
                        tap = b.loop(0, cols.trips(b, iw, 1), 1, kw_loop.args)
                        with tap:
                            tap.yield_(*accumulate(tap.args))
                        kw_loop.yield_(*tap.results)
                    else:
                        kw_loop.yield_(*accumulate(kw_loop.args))
                kh_loop.yield_(*kw_loop.results)
            result = kh_loop.results[0]
            if kind == mir.ReduceKind.MEAN:
                count = (
                    b.cast(llir.SIToFPOp, kh_loop.results[1], acc_type)
                    if counting
                    else b.const(float(kh * kw), acc_type)
                )
                result = b.binary(llir.DivOp, result, count)
            target = linear(b, [(i_n, so[0]), (i_oh, so[1]), (i_ow, so[2]), (i_c, so[3])])
            b.store(b.narrow(result, element), out, target)
        self.replace(op, rewriter, b, [out])


def _batch_coeffs(shape: Sequence[int], strides: Sequence[int], batch: Sequence[int]) -> list[int]:
    """Coefficients over the result's batch dims of an operand whose batch dims
    broadcast (right-aligned, stride 0 where the operand's dim is 1 or missing)."""
    lead = len(batch) - (len(shape) - 2)
    return [0 if d < lead or shape[d - lead] == 1 else strides[d - lead] for d in range(len(batch))]


class MatmulLowering(LlirPattern):
    """mir.matmul -> loops over the (broadcast) batch dims, rows and columns around a
    loop over K accumulating lhs[..., m, k] * rhs[..., k, n]; with `vector-width` > 1 in
    row-major layout, register tiles of vector accumulators (`matmul_tiles`), which
    read a transposed rhs in place where they can (`transposed_rhs`: no copy)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.MatmulOp, rewriter: PatternRewriter, /):
        lhs = self.llir_value(op.lhs, op, rewriter)
        b, out = self.start(op)
        typ = tensor_type(op.result)
        shape = mir.tensor_shape(op.result)
        lhs_shape, rhs_shape = mir.tensor_shape(op.lhs), mir.tensor_shape(op.rhs)
        sl, sr, so = b.strides(lhs_shape), b.strides(rhs_shape), b.strides(shape)
        transpose = transposed_rhs(op, self.options)
        if transpose is None:
            rhs = self.llir_value(op.rhs, op, rewriter)
        else:
            rhs, sr = self.llir_value(transpose.input, op, rewriter), rhs_strides(transpose, self.options)
        batch = shape[:-2]
        lhs_coeffs = [*_batch_coeffs(lhs_shape, sl, batch), sl[-2], 0]
        rhs_coeffs = [*_batch_coeffs(rhs_shape, sr, batch), 0, sr[-1]]
        acc_type = accumulator_type(typ.element_type)
        width = tile_width(b.options, typ.element_type, acc_type, shape[-1])
        if width > 1:
            tiled = TiledMatmul(b, lhs, rhs, out, acc_type, lhs_shape[-1], sl[-2], sr[-2], so[-2], sr[-1])
            with b.nest(list(batch)) as ivs:
                coeffs = [lhs_coeffs[: len(batch)], rhs_coeffs[: len(batch)], so[: len(batch)]]
                tiled.emit(batch_bases(b, ivs, coeffs), shape[-2], shape[-1], width)
            self.replace(op, rewriter, b, [out])
            if transpose is not None and not transpose.result.uses:
                rewriter.erase(transpose)
            return
        order = b.loop_order(len(shape))
        with b.nest([shape[d] for d in order]) as ordered:
            ivs: list[IntLike] = [0] * len(shape)
            for d, iv in zip(order, ordered):
                ivs[d] = iv
            lhs_base = linear(b, list(zip(ivs, lhs_coeffs)))
            rhs_base = linear(b, list(zip(ivs, rhs_coeffs)))
            k_loop = b.loop(0, lhs_shape[-1], 1, [b.zero(acc_type)])
            with k_loop:
                lv = b.widen(b.load(lhs, lhs_base.plus(b, k_loop.iv, sl[-1])), acc_type)
                rv = b.widen(b.load(rhs, rhs_base.plus(b, k_loop.iv, sr[-2])), acc_type)
                k_loop.yield_(b.binary(llir.AddOp, k_loop.args[0], b.binary(llir.MulOp, lv, rv)))
            b.store(b.narrow(k_loop.results[0], typ.element_type), out, linear(b, list(zip(ivs, so))))
        self.replace(op, rewriter, b, [out])
