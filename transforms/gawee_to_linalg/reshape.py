"""Lowerings of the shape ops: `gawee.flatten` to `tensor.collapse_shape`, `gawee.reshape`
(and squeeze, unsqueeze) to `tensor.reshape`, `gawee.transpose` to `linalg.transpose`."""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import DenseArrayBase, i64
from xdsl.dialects.linalg.ops import TransposeOp as LinalgTransposeOp
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.gawee import FlattenOp, ReshapeOp, SqueezeOp, TransposeOp, UnsqueezeOp
from nnstack.transforms.utils import op_pattern

from .builder import LoweringBuilder, element_type_of, shape_of

__all__ = ["FlattenLowering", "ReshapeLowering", "TransposeLowering"]


class FlattenLowering(RewritePattern):
    """
    Lowers `gawee.flatten` to `tensor.collapse_shape` with reassociation
    `[[0], ..., [start, ..., end], ..., [rank - 1]]` (negative dims normalized). A
    rank-0 input, whose flatten is a 1-element vector, is copied into one by a
    `linalg.generic` with maps `(d0) -> ()` and `(d0) -> (d0)` (upstream's
    `tensor.expand_shape %x [] output_shape [1]` does not verify in xDSL 0.74).
    """

    @op_pattern
    def match_and_rewrite(self, op: FlattenOp, rewriter: PatternRewriter, /):
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


class ReshapeLowering(RewritePattern):
    """
    Lowers `gawee.reshape`, `gawee.squeeze` and `gawee.unsqueeze` to
    `tensor.reshape %x(%shape)` with the static result shape as an
    `arith.constant dense<[...]> : tensor<Nxi64>` (row-major, as ONNX's Reshape).
    """

    @op_pattern
    def match_and_rewrite(self, op: ReshapeOp | SqueezeOp | UnsqueezeOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        target = shape_of(op.output)
        shape = b.dense_constant(i64, [len(target)], target)
        result = b.add(tensor.ReshapeOp(op.input, shape, op.output.type)).result
        rewriter.replace(op, b.ops, [result])


class TransposeLowering(RewritePattern):
    """Lowers `gawee.transpose` to `linalg.transpose ins(%x) outs(%empty) permutation = [...]`."""

    @op_pattern
    def match_and_rewrite(self, op: TransposeOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        empty = b.empty(shape_of(op.output), element_type_of(op.output))
        permutation = DenseArrayBase.from_list(i64, op.permutation)
        result = b.add(LinalgTransposeOp(op.input, empty, permutation)).results[0]
        rewriter.replace(op, b.ops, [result])
