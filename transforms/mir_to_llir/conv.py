"""Window and contraction ops: mir.conv, mir.pool, mir.matmul.

Each is a nest of loops over the result's elements around reduction loops whose
accumulator is an llir.for iter_arg (f32 for f16 tensors, as mir computes them), so
the sum needs no memory. Padding is never materialized: the loop over a window's
kernel columns runs `select(row in bounds, KW, 0)` times, and so on inward, so
positions in the padding are skipped without a load (a conv's input-channel loop runs
0 times; a pool's tap is an llir.for of 0 or 1 iterations). An axis whose windows
never reach the padding gets no check.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, op_type_rewrite_pattern

from nnstack.dialects import llir, mir
from nnstack.dialects.constraints import accumulator_type

from .builder import Builder, IntLike, LlirPattern, linear, tensor_type
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
    input * weight (stride, dilation and padding in the input address and trip counts)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.ConvOp, rewriter: PatternRewriter, /):
        x, w = self.operands(op, rewriter)
        b, out = self.start(op)
        typ = tensor_type(op.result)
        n, _, _, _ = mir.tensor_shape(op.input)
        kh, kw, cg, f = mir.tensor_shape(op.weight)
        _, oh, ow, _ = mir.tensor_shape(op.result)
        groups = op.integer("groups")
        fg = f // groups
        sx = b.strides(mir.tensor_shape(op.input))
        sw = b.strides(mir.tensor_shape(op.weight))
        so = b.strides(mir.tensor_shape(op.result))
        rows, cols = _window_axes(op)
        acc_type = accumulator_type(typ.element_type)
        width = tile_width(b.options, typ.element_type, acc_type, fg)
        if width > 1:
            with b.nest((n, oh, groups), parallel=True) as (i_n, i_oh, i_g):
                tile = _ConvTile(b, x, w, out, rows, cols, sx, sw, so, cg, kh, kw, acc_type)
                tile.output_row(i_n, i_oh, i_g, ow, b.imul(i_g, fg), fg, width)
            self.replace(op, rewriter, b, [out])
            return
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


class _ConvTile:
    """The vectorized conv (`vector-width` > 1, row-major), a direct convolution fed to
    the register-tiled micro-kernel of products (`matmul_tiles`): for one output row,
    the group's output channels in blocks of `tile-vectors` vectors, and in each block
    the pixels whose windows stay inside the input's columns in tiles of `tile-rows`
    pixels (then one smaller tile), the others one at a time with the column check.
    The tile's accumulators are carried over the kernel rows, columns and input
    channels (the K of the product, the weights [KH, KW, Cg, F] its row-major B), so
    each input element loaded serves `tile-vectors` vectors and each weight vector
    `tile-rows` pixels; each lane sums its products in the scalar order (with
    llir.vfma for f32)."""

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
    ):
        self.b, self.x, self.w, self.out = b, x, w, out
        self.rows, self.cols, self.sx, self.sw, self.so = rows, cols, sx, sw, so
        self.cg, self.kh, self.kw, self.element = cg, kh, kw, element

    def interior(self, ow: int) -> tuple[int, int]:
        """The output columns [lo, hi) whose windows need no column check."""
        cols = self.cols
        if not cols.checked:
            return 0, ow
        lo = -(-cols.pad // cols.stride)
        hi = (cols.size - 1 + cols.pad - (cols.kernel - 1) * cols.dilation) // cols.stride + 1
        lo, hi = min(lo, ow), max(min(hi, ow), 0)
        return (lo, hi) if lo < hi else (0, 0)

    def output_row(
        self, i_n: IntLike, i_oh: IntLike, i_g: IntLike, ow: int, first: IntLike, count: int, width: int
    ) -> None:
        """Output channels first .. first + count of the output row (i_n, i_oh)."""
        b = self.b
        step = b.options.tile_vectors * width
        full = count - count % step
        if full:
            with b.loop(0, full, step) as block:
                self.pixels(i_n, i_oh, i_g, ow, b.iadd(first, block.iv), b.options.tile_vectors, width)
        left = (count - full) // width
        if left:
            self.pixels(i_n, i_oh, i_g, ow, b.iadd(first, full), left, width)
        if count - full - left * width:
            with b.loop(0, ow) as column:
                for channel in range(full + left * width, count):
                    self.tile((i_n, i_oh, i_g), column.iv, 1, True, b.iadd(first, channel), 1, 1)

    def pixels(
        self, i_n: IntLike, i_oh: IntLike, i_g: IntLike, ow: int, channel: IntLike, vectors: int, width: int
    ) -> None:
        """`vectors` vectors of channels from `channel` at every pixel of the row."""
        b, tile_rows = self.b, self.b.options.tile_rows
        lo, hi = self.interior(ow)
        row = (i_n, i_oh, i_g)
        border = lo + ow - hi
        if border == 1:
            self.tile(row, 0 if lo else hi, 1, True, channel, vectors, width)
        elif border:  # one loop over both sides (one copy of the code): j < lo, then hi + j - lo
            with b.loop(0, border) as j:
                right = b.iadd(j.iv, hi - lo)
                column = b.select(b.cmp("slt", j.iv, lo), j.iv, b.value(right))
                self.tile(row, column, 1, True, channel, vectors, width)
        full = (hi - lo) - (hi - lo) % tile_rows
        if full:
            with b.loop(lo, lo + full, tile_rows) as column:
                self.tile(row, column.iv, tile_rows, False, channel, vectors, width)
        if hi - lo - full:
            self.tile(row, lo + full, hi - lo - full, False, channel, vectors, width)

    def tile(
        self,
        row: tuple[IntLike, ...],
        i_ow: IntLike,
        pixels: int,
        checked: bool,
        channel: IntLike,
        vectors: int,
        width: int,
    ) -> None:
        """`pixels` output pixels from column i_ow x `vectors` vectors of `width`
        output channels from `channel` (width 1: one, with scalar ops); `checked`:
        a single pixel whose taps may fall in the padding's columns."""
        b, sx, sw, so = self.b, self.sx, self.sw, self.so
        i_n, i_oh, i_g = row
        x_base = linear(b, [(i_n, sx[0]), (i_g, self.cg * sx[3])])
        w_base = linear(b, [(channel, sw[3])])
        row0, col0 = self.rows.start(b, i_oh), self.cols.start(b, i_ow)
        pixel_step = self.cols.stride * sx[2]
        zero = b.zero(self.element)
        if width > 1:
            zero = b.vconst(0.0 if llir.is_float(self.element) else 0, self.element, width)
        kh_loop = b.loop(0, self.kh, 1, [zero] * (pixels * vectors))
        with kh_loop:
            ih = self.rows.position(b, row0, kh_loop.iv)
            x_h, w_h = x_base.plus(b, ih, sx[1]), w_base.plus(b, kh_loop.iv, sw[0])
            kw_loop = b.loop(0, self.rows.trips(b, ih, self.kw), 1, kh_loop.args)
            with kw_loop:
                iw = self.cols.position(b, col0, kw_loop.iv)
                x_w, w_w = x_h.plus(b, iw, sx[2]), w_h.plus(b, kw_loop.iv, sw[1])
                trips = self.cols.trips(b, iw, self.cg) if checked else self.cg
                ic_loop = b.loop(0, trips, 1, kw_loop.args)
                with ic_loop:
                    w_c = w_w.plus(b, ic_loop.iv, sw[2])
                    x_c = x_w.plus(b, ic_loop.iv, sx[3])
                    if width == 1:
                        xv = b.load(self.x, x_c)
                        product = b.binary(llir.MulOp, xv, b.load(self.w, w_c))
                        ic_loop.yield_(b.binary(llir.AddOp, ic_loop.args[0], product))
                    else:
                        weights = [b.vload(self.w, width, w_c.plus(b, u * width)) for u in range(vectors)]
                        sums: list[SSAValue] = []
                        for p in range(pixels):
                            lanes = b.emit(
                                llir.SplatOp(b.load(self.x, x_c.plus(b, p * pixel_step)), width)
                            ).result
                            for u in range(vectors):
                                sums.append(multiply_add(b, ic_loop.args[p * vectors + u], lanes, weights[u]))
                        ic_loop.yield_(*sums)
                kw_loop.yield_(*ic_loop.results)
            kh_loop.yield_(*kw_loop.results)
        target = linear(b, [(i_n, so[0]), (i_oh, so[1]), (i_ow, so[2]), (channel, so[3])])
        for p in range(pixels):
            for u in range(vectors):
                value = kh_loop.results[p * vectors + u]
                at = target.plus(b, p * so[2] + u * width)
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
