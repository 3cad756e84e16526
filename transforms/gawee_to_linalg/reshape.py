"""Lowering of `gawee.flatten` to `tensor.collapse_shape`."""

from __future__ import annotations

from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from nnstack.dialects.gawee import FlattenOp

from .builder import LoweringBuilder, shape_of, unsupported_reason


class FlattenLowering(RewritePattern):
    """
    Lowers `gawee.flatten` to `tensor.collapse_shape` with reassociation
    `[[0], ..., [start, ..., end], ..., [rank - 1]]` (negative dims normalized). A
    rank-0 input, whose flatten is a 1-element vector, is copied into one by a
    `linalg.generic` with maps `(d0) -> ()` and `(d0) -> (d0)` (upstream's
    `tensor.expand_shape %x [] output_shape [1]` does not verify in xDSL 0.74).
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: FlattenOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        rank = len(shape_of(op.input))
        if rank == 0:
            result = b.broadcast_into(op.input, [1], [])
        else:
            start, end = op.dims()
            groups = [[d] for d in range(start)]
            groups += [list(range(start, end + 1))]
            groups += [[d] for d in range(end + 1, rank)]
            result = b.collapse(op.input, groups)
        rewriter.replace(op, b.ops, [result])
