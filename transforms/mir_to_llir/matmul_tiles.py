"""The vectorized mir.matmul of convert-mir-to-llir (`vector-width` > 1, row-major):
register tiles of `ROWS` rows x `VECTORS` vectors of the result, each a set of vector
accumulators carried through the loop over K (`acc += splat(lhs[m, k]) * rhs[k, n:n+W]`),
so every rhs vector loaded serves `ROWS` rows and every lhs element `VECTORS` vectors;
the columns left over take narrower tiles, then scalar loops, the rows left over tiles
of one row.

Each result element is still `0 + l0*r0 + l1*r1 + ...` in the order of k, as in the
scalar lowering, so the numbers are the same bit for bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.ir import Attribute, SSAValue

from nnstack.dialects import llir

from .builder import Builder, IntLike, Offset, linear

ROWS = 4
"""Rows of a register tile."""

VECTORS = 2
"""Vectors (of `vector-width` lanes) per row of a register tile."""


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
    """The rhs stride of k (its stride of n is 1)."""
    out_row: int

    def tile(
        self, bases: Sequence[Offset], m: IntLike, rows: int, n: IntLike, vectors: int, width: int
    ) -> None:
        """`rows` x `vectors * width` results at (m, n), with vector accumulators."""
        b = self.b
        lhs_base, rhs_base, out_base = bases
        zero = b.emit(llir.SplatOp(b.zero(self.element), width)).result
        row_bases = [lhs_base.plus(b, m, self.lhs_row).plus(b, r, self.lhs_row) for r in range(rows)]
        k_loop = b.loop(0, self.k_size, 1, [zero] * (rows * vectors))
        with k_loop:
            rhs_k = rhs_base.plus(b, k_loop.iv, self.rhs_row).plus(b, n)
            columns = [b.vload(self.rhs, width, rhs_k.plus(b, u * width)) for u in range(vectors)]
            updated: list[SSAValue] = []
            for r in range(rows):
                scalar = b.load(self.lhs, row_bases[r].plus(b, k_loop.iv))
                lanes = b.emit(llir.SplatOp(scalar, width)).result
                for u in range(vectors):
                    product = b.emit(llir.VectorMulOp(lanes, columns[u])).result
                    updated.append(b.emit(llir.VectorAddOp(k_loop.args[r * vectors + u], product)).result)
            k_loop.yield_(*updated)
        for r in range(rows):
            row = out_base.plus(b, m, self.out_row).plus(b, r, self.out_row).plus(b, n)
            for u in range(vectors):
                b.vstore(k_loop.results[r * vectors + u], self.out, row.plus(b, u * width))

    def scalar(self, bases: Sequence[Offset], m: IntLike, n: IntLike) -> None:
        """One result element: a scalar loop over k."""
        b = self.b
        lhs_base, rhs_base, out_base = bases
        k_loop = b.loop(0, self.k_size, 1, [b.zero(self.element)])
        with k_loop:
            lv = b.load(self.lhs, lhs_base.plus(b, m, self.lhs_row).plus(b, k_loop.iv))
            rv = b.load(self.rhs, rhs_base.plus(b, k_loop.iv, self.rhs_row).plus(b, n))
            k_loop.yield_(b.binary(llir.AddOp, k_loop.args[0], b.binary(llir.MulOp, lv, rv)))
        b.store(k_loop.results[0], self.out, out_base.plus(b, m, self.out_row).plus(b, n))

    def rows(self, bases: Sequence[Offset], m: IntLike, rows: int, n_size: int, width: int) -> None:
        """All columns of `rows` rows starting at m."""
        b = self.b
        step = VECTORS * width
        full = n_size - n_size % step
        if full:
            with b.loop(0, full, step) as columns:
                self.tile(bases, m, rows, columns.iv, VECTORS, width)
        left = (n_size - full) // width
        if left:
            self.tile(bases, m, rows, full, left, width)
        for n in range(full + left * width, n_size):
            for r in range(rows):
                self.scalar(bases, b.iadd(m, r), n)

    def emit(self, bases: Sequence[Offset], m_size: int, n_size: int, width: int) -> None:
        b = self.b
        full = m_size - m_size % ROWS
        if full:
            with b.loop(0, full, ROWS) as row_block:
                self.rows(bases, row_block.iv, ROWS, n_size, width)
        if m_size - full:
            with b.loop(full, m_size) as row:
                self.rows(bases, row.iv, 1, n_size, width)


def batch_bases(b: Builder, ivs: Sequence[IntLike], coeffs: Sequence[Sequence[int]]) -> list[Offset]:
    """The offsets of the operands at batch indices `ivs`."""
    return [linear(b, list(zip(ivs, c))) for c in coeffs]
