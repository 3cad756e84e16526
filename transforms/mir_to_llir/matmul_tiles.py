"""The vectorized mir.matmul of convert-mir-to-llir (`vector-width` > 1, row-major), built
the way high-performance GEMM kernels are (Goto / BLIS):

- cache blocking: the columns in blocks of `n-block`, the reduction in blocks of
  `k-block` (options; the defaults, 256 and 512, keep a packed block of B, 512 KB, in
  a quarter of L2 and one tile's rows of A, 24 KB, in half of L1: a 512^3 product 5 %
  faster than with 1024 and 256, which also had to zero the output and reload it); a
  product that reads B in place takes the reduction in blocks of `in-place-k-block`
  (32): each k of a panel reads its own row of B, on its own page when N is large,
  and the hardware follows a few dozen such streams (and pages) at once, not hundreds
  (the 15M Llama's 8 x 288 x 32000 head product: 10.7 ms with blocks of 256, 3.0 ms
  with 32; the whole model 17.6 -> 10.4 ms);
- packing: each block of B (the rhs, usually the weights) copied into a contiguous
  buffer, panel by panel (`tile-vectors * vector-width` columns each, k-major), which
  the micro-kernel streams with unit stride; a product of fewer than `PACK_MIN_TILES`
  row tiles reads B in place instead (the copy would cost as much as it saves);
- a transposed rhs (a mir.transpose, as gawee.linear's `x @ w.T` lowers) read in place,
  its strides permuted, where the columns stay contiguous or every column is packed
  (`transposed_rhs`): the packing is the transposition, and the transpose is never
  copied (a 512^3 `x @ w.T` spent an eighth of its time in that copy);
- a register-tiled micro-kernel: `tile-rows` rows x `tile-vectors` vectors of vector
  accumulators carried through the loop over the block's k (`acc = fma(splat(a[m, k]),
  b[k, n:n+W], acc)`, llir.vfma for f32, a vmul and a vadd otherwise).

The rows left over take one tile of fewer rows; the columns left over (beyond a whole
number of panels) narrower tiles over the whole K, then scalar loops.

Why inside convert-mir-to-llir, not a mir-level pass: mir has no buffers, so packing,
a scratch buffer and accumulators that live in registers across K blocks can only be
said at llir level; a mir tiling pass would produce slices and copies the lowering then
has to recognize again.

Each result element is summed in the order of k from 0: a K block starts from the
partial sums its predecessor stored (the output is zeroed first when there are several
K blocks; `fma(a, b, 0)` is the same as a first product from zero accumulators), so
blocking changes nothing in the numbers, and the llir interpreter computes what native
code does bit for bit. With llir.vfma each step rounds once, so f32 results differ
from the scalar lowering's (`vector-width=1`: a rounded product, then a rounded sum)
by a few ulps of the sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import VectorType, f32
from xdsl.ir import Attribute, SSAValue

from nnstack.dialects import llir, mir
from nnstack.dialects.constraints import accumulator_type

from .builder import Builder, IntLike, LoweringOptions, Offset, linear, tensor_type
from .layout import element_strides

PACK_MIN_TILES = 4
"""Products with fewer row tiles than this read B in place instead of packing it."""


def tile_width(options: LoweringOptions, element: Attribute, acc_type: Attribute, extent: int) -> int:
    """The vector width of a conv's or matmul's register tiles, whose vectors run along
    the contiguous output axis of `extent` elements: `vector-width` in row-major layout
    where the product accumulates in its element type and the axis fills a vector; 1
    (scalar loops) otherwise."""
    width = options.vector_width
    if (
        width > 1
        and options.layout == llir.MemoryLayout.ROW_MAJOR
        and acc_type == element
        and extent >= width
    ):
        return width
    return 1


def packs(options: LoweringOptions, m_size: int) -> bool:
    """Whether a tiled product of `m_size` rows packs its blocks of B."""
    return m_size // options.tile_rows >= PACK_MIN_TILES


def transposed_rhs(op: mir.MatmulOp, options: LoweringOptions) -> mir.TransposeOp | None:
    """The mir.transpose whose result is the rhs of `op` if the tiled product can read
    its input in place (its strides permuted) instead of a transposed copy: on the
    vector path, where either the columns stay contiguous (the micro-kernel and the
    packing read them as they do a plain rhs) or every column is packed (the packing
    reads them one element at a time, into the same panels)."""
    transpose = op.rhs.owner
    if not isinstance(transpose, mir.TransposeOp):
        return None
    shape = mir.tensor_shape(op.result)
    element = tensor_type(op.result).element_type
    width = tile_width(options, element, accumulator_type(element), shape[-1])
    if width == 1:
        return None
    if rhs_strides(transpose, options)[-1] == 1:
        return transpose
    whole_panels = shape[-1] % (options.tile_vectors * width) == 0
    return transpose if whole_panels and packs(options, shape[-2]) else None


def rhs_strides(transpose: mir.TransposeOp, options: LoweringOptions) -> tuple[int, ...]:
    """The strides, over the dims of its result, at which `transpose` reads its input."""
    strides = element_strides(mir.tensor_shape(transpose.input), options.layout)
    return tuple(strides[p] for p in transpose.array("permutation"))


def read_in_place(transpose: mir.TransposeOp, options: LoweringOptions) -> bool:
    """Whether every use of `transpose` reads its input in place: a product's rhs where
    `transposed_rhs` allows, or a conv's weight (always: `conv.weight_source`). Then the
    transpose is never copied (the last such op to be lowered erases it)."""
    uses = transpose.result.uses
    return bool(uses) and all(
        use.index == 1
        and (
            isinstance(use.operation, mir.ConvOp)
            or (
                isinstance(use.operation, mir.MatmulOp)
                and transposed_rhs(use.operation, options) is transpose
            )
        )
        for use in uses
    )


def multiply_add(b: Builder, acc: SSAValue, lanes: SSAValue, column: SSAValue) -> SSAValue:
    """acc + lanes * column: one llir.vfma for f32 vectors, else a vmul and a vadd."""
    if isinstance(acc.type, VectorType) and acc.type.element_type == f32:
        return b.emit(llir.VectorFMAOp(lanes, column, acc)).result
    product = b.emit(llir.VectorMulOp(lanes, column)).result
    return b.emit(llir.VectorAddOp(acc, product)).result


@dataclass
class TiledMatmul:
    """One matmul's operands and the per-batch base offsets of its operands."""

    b: Builder
    lhs: SSAValue
    rhs: SSAValue
    out: SSAValue
    element: Attribute
    k_size: int
    lhs_row: int
    """The lhs stride of m (its stride of k is 1)."""
    rhs_row: int
    """The rhs stride of k."""
    out_row: int
    rhs_column: int = 1
    """The rhs stride of n: 1, or (a transposed rhs read in place) a stride every
    column of which is packed (`transposed_rhs`)."""

    # -- the micro-kernel -------------------------------------------------------

    def micro(
        self,
        a_rows: Sequence[Offset],
        panel: SSAValue,
        panel_k: Offset,
        k_stride: int,
        k_count: IntLike,
        initial: Sequence[SSAValue],
        width: int,
    ) -> tuple[SSAValue, ...]:
        """len(a_rows) x len(initial) / len(a_rows) vector accumulators from `initial`,
        over k in [0, k_count): a row r reads lhs[a_rows[r] + k], vector u reads
        panel[panel_k + k * k_stride + u * width]."""
        b = self.b
        rows = len(a_rows)
        vectors = len(initial) // rows
        k_loop = b.loop(0, k_count, 1, initial)
        with k_loop:
            at = panel_k.plus(b, k_loop.iv, k_stride)
            columns = [b.vload(panel, width, at.plus(b, u * width)) for u in range(vectors)]
            updated: list[SSAValue] = []
            for r in range(rows):
                lanes = b.emit(llir.SplatOp(b.load(self.lhs, a_rows[r].plus(b, k_loop.iv)), width)).result
                for u in range(vectors):
                    updated.append(multiply_add(b, k_loop.args[r * vectors + u], lanes, columns[u]))
            k_loop.yield_(*updated)
        return k_loop.results

    def store_tile(self, results: Sequence[SSAValue], out_rows: Sequence[Offset], width: int) -> None:
        b = self.b
        vectors = len(results) // len(out_rows)
        for r, row in enumerate(out_rows):
            for u in range(vectors):
                b.vstore(results[r * vectors + u], self.out, row.plus(b, u * width))

    # -- blocked and packed columns ---------------------------------------------

    def blocked(self, bases: Sequence[Offset], m_size: int, n_size: int, width: int) -> None:
        """The first `n_size` columns (a whole number of panels), blocked and packed."""
        b, shape = self.b, self.b.options
        lhs_base, rhs_base, out_base = bases
        step = shape.tile_vectors * width
        n_block = min(max(step, shape.n_block - shape.n_block % step), n_size)
        pack = packs(shape, m_size)
        k_block = min(shape.k_block if pack else shape.in_place_k_block, self.k_size)
        accumulate = k_block < self.k_size
        full_rows = m_size - m_size % shape.tile_rows
        assert pack or self.rhs_column == 1, "strided columns are packed"
        buffer = None
        if pack:  # freed after its last use by llir-insert-frees
            size = k_block * n_block * (llir.element_size(self.element) or 1)
            buffer = b.emit(llir.AllocBufferOp(self.element, size, 64)).result
        zero = b.vconst(0.0 if llir.is_float(self.element) else 0, self.element, width)
        if accumulate:
            with b.loop(0, m_size) as row, b.loop(0, n_size, width) as column:
                b.vstore(zero, self.out, out_base.plus(b, row.iv, self.out_row).plus(b, column.iv))
        with b.loop(0, n_size, n_block) as jc:
            n_count = self.count(jc.iv, n_block, n_size)
            with b.loop(0, self.k_size, k_block) as pc:
                k_count = self.count(pc.iv, k_block, self.k_size)
                b_k = rhs_base.plus(b, pc.iv, self.rhs_row).plus(b, jc.iv, self.rhs_column)
                if buffer is not None:
                    self.pack(buffer, b_k, n_count, k_count, k_block, step, width)

                def tiles(m: IntLike, rows: int) -> None:
                    first_row = lhs_base.plus(b, m, self.lhs_row).plus(b, pc.iv)
                    a_rows = [first_row.plus(b, r * self.lhs_row) for r in range(rows)]
                    # each panel writes its own columns: on threads where the rows are
                    # too few for the row tiles to be (the panels of a parallel row
                    # tile run on its thread)
                    with b.loop(0, n_count, step, parallel=True) as jr:
                        out_col = out_base.plus(b, jc.iv).plus(b, jr.iv)
                        out_rows = [
                            out_col.plus(b, m, self.out_row).plus(b, r * self.out_row) for r in range(rows)
                        ]
                        if accumulate:
                            initial = [
                                b.vload(self.out, width, row.plus(b, u * width))
                                for row in out_rows
                                for u in range(shape.tile_vectors)
                            ]
                        else:
                            initial = [zero] * (rows * shape.tile_vectors)
                        if buffer is not None:
                            panel, panel_k, k_stride = buffer, linear(b, [(jr.iv, k_block)]), step
                        else:
                            panel, panel_k, k_stride = self.rhs, b_k.plus(b, jr.iv), self.rhs_row
                        results = self.micro(a_rows, panel, panel_k, k_stride, k_count, initial, width)
                        self.store_tile(results, out_rows, width)

                if full_rows:  # (each row tile writes its own rows: on threads)
                    with b.loop(0, full_rows, shape.tile_rows, parallel=True) as ir:
                        tiles(ir.iv, shape.tile_rows)
                if m_size - full_rows:
                    tiles(full_rows, m_size - full_rows)

    def pack(
        self,
        buffer: SSAValue,
        b_k: Offset,
        n_count: IntLike,
        k_count: IntLike,
        k_block: int,
        step: int,
        width: int,
    ) -> None:
        """Copy the block of B at `b_k` into `buffer`, panel by panel (`step` columns
        each, k-major): a row of a panel as vectors where the columns are contiguous,
        else by a loop over its elements (which LLVM vectorizes as gathers: for a
        transposed rhs, faster than scattering its contiguous k)."""
        b = self.b
        with b.loop(0, n_count, step) as jp, b.loop(0, k_count) as k:
            source = b_k.plus(b, jp.iv, self.rhs_column).plus(b, k.iv, self.rhs_row)
            target = linear(b, [(jp.iv, k_block), (k.iv, step)])
            if self.rhs_column == 1:
                for u in range(step // width):
                    column = b.vload(self.rhs, width, source.plus(b, u * width))
                    b.vstore(column, buffer, target.plus(b, u * width))
            else:
                with b.loop(0, step) as j:
                    value = b.load(self.rhs, source.plus(b, j.iv, self.rhs_column))
                    b.store(value, buffer, target.plus(b, j.iv))

    def count(self, start: SSAValue, block: int, total: int) -> IntLike:
        """min(block, total - start): the size of the block at `start`."""
        if total % block == 0:
            return block
        b = self.b
        return b.binary(llir.MinOp, b.const(block), b.value(b.iadd(b.imul(start, -1), total)))

    # -- the columns left over ----------------------------------------------------

    def tile(
        self, bases: Sequence[Offset], m: IntLike, rows: int, n: IntLike, vectors: int, width: int
    ) -> None:
        """`rows` x `vectors * width` results at (m, n) over the whole K, B in place."""
        b = self.b
        assert self.rhs_column == 1, "strided columns are packed"
        lhs_base, rhs_base, out_base = bases
        zero = b.vconst(0.0 if llir.is_float(self.element) else 0, self.element, width)
        a_rows = [lhs_base.plus(b, m, self.lhs_row).plus(b, r * self.lhs_row) for r in range(rows)]
        results = self.micro(
            a_rows, self.rhs, rhs_base.plus(b, n), self.rhs_row, self.k_size, [zero] * (rows * vectors), width
        )
        out_rows = [
            out_base.plus(b, m, self.out_row).plus(b, r * self.out_row).plus(b, n) for r in range(rows)
        ]
        self.store_tile(results, out_rows, width)

    def scalar(self, bases: Sequence[Offset], m: IntLike, n: IntLike) -> None:
        """One result element: a scalar loop over k."""
        b = self.b
        lhs_base, rhs_base, out_base = bases
        k_loop = b.loop(0, self.k_size, 1, [b.zero(self.element)])
        with k_loop:
            lv = b.load(self.lhs, lhs_base.plus(b, m, self.lhs_row).plus(b, k_loop.iv))
            rv = b.load(self.rhs, rhs_base.plus(b, k_loop.iv, self.rhs_row).plus(b, n, self.rhs_column))
            k_loop.yield_(b.binary(llir.AddOp, k_loop.args[0], b.binary(llir.MulOp, lv, rv)))
        b.store(k_loop.results[0], self.out, out_base.plus(b, m, self.out_row).plus(b, n))

    def leftover_columns(
        self, bases: Sequence[Offset], m: IntLike, rows: int, first: int, n_size: int, width: int
    ) -> None:
        """Columns first .. n_size of `rows` rows from m: vector tiles, then scalars."""
        vectors = (n_size - first) // width
        if vectors:
            self.tile(bases, m, rows, first, vectors, width)
        for n in range(first + vectors * width, n_size):
            for r in range(rows):
                self.scalar(bases, self.b.iadd(m, r), n)

    def emit(self, bases: Sequence[Offset], m_size: int, n_size: int, width: int) -> None:
        b, rows = self.b, self.b.options.tile_rows
        step = self.b.options.tile_vectors * width
        panels = n_size - n_size % step
        if panels:
            self.blocked(bases, m_size, panels, width)
        if panels == n_size:
            return
        full = m_size - m_size % rows
        if full:
            with b.loop(0, full, rows, parallel=True) as row_block:
                self.leftover_columns(bases, row_block.iv, rows, panels, n_size, width)
        if m_size - full:
            self.leftover_columns(bases, full, m_size - full, panels, n_size, width)


def batch_bases(b: Builder, ivs: Sequence[IntLike], coeffs: Sequence[Sequence[int]]) -> list[Offset]:
    """The offsets of the operands at batch indices `ivs`."""
    return [linear(b, list(zip(ivs, c))) for c in coeffs]
