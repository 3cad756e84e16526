"""The `mir-fold-transposes` pass: transposes move below element-wise ops and cancel.

`convert-gawee-to-mir` runs each convolution and pooling channels-last (NHWC) and
keeps the model's tensors channels-first (NCHW) between them, so every such op sits
between two `mir.transpose`s: in ResNet-18, 42 transposes copy every activation twice.
The element-wise ops in between (batch norm, ReLU, residual adds) do not care about
the layout, so this pass rewrites, to a fixed point:

- `transpose(transpose(x, p), q)` to `transpose(x, p∘q)`, and a transpose by the
  identity to its input;
- an element-wise op on `transpose(a, p)` to `transpose` of the op on `a`: a unary op
  always; a binary op (`mir.broadcast_*`) where each operand of the result's shape is
  a transpose by the same `p` used only there (or a constant), its other operands
  (broadcast ones: a batch norm's per-channel [C, 1, 1]) reshaped and transposed by
  p's inverse (a reshape where that keeps their order), so that the transposes meet
  the next op's and cancel;
- a concatenation of transposes by the same `p` (each used only there) to a transpose
  of the concatenation of their inputs along the axis p moves the concat's axis to;
- `reshape(reshape(x))` to one reshape of x (the operands adapted above are often
  reshapes already), and a reshape to the input's shape to the input;
- and erases the pure mir ops whose results nothing uses.

An operand of the result's shape that is not such a transpose (a function argument)
stops the sinking: moving the transpose onto it would only trade one transpose for
another. The results are the same values, bit for bit: a transpose moves elements,
and each element-wise result is computed from the same elements as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.traits import Pure

from nnstack.dialects import mir
from nnstack.dialects.utils import tensor_shape
from nnstack.transforms.utils import LocatedRewriteWalker


def _transposed(value: SSAValue) -> mir.TransposeOp | None:
    owner = value.owner
    return owner if isinstance(owner, mir.TransposeOp) else None


def _inverse(permutation: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(int(i) for i in np.argsort(permutation))


class ComposeTransposes(RewritePattern):
    """transpose(transpose(x, p), q) = transpose(x, p∘q); transpose(x, identity) = x."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.TransposeOp, rewriter: PatternRewriter) -> None:
        permutation = tuple(op.array("permutation"))
        if permutation == tuple(range(len(permutation))):
            rewriter.replace(op, [], [op.input])
            return
        inner = _transposed(op.input)
        if inner is None:
            return
        first = inner.array("permutation")
        composed = tuple(first[i] for i in permutation)
        if composed == tuple(range(len(composed))):
            rewriter.replace(op, [], [inner.input])
        else:
            rewriter.replace(op, mir.TransposeOp(inner.input, composed))


class ComposeReshapes(RewritePattern):
    """reshape(reshape(x)) = reshape(x) (both reinterpret the row-major elements); a
    reshape to the input's own shape is the input."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.ReshapeOp, rewriter: PatternRewriter) -> None:
        inner = op.input.owner
        source = inner.input if isinstance(inner, mir.ReshapeOp) else op.input
        if tensor_shape(source) == tensor_shape(op.result):
            rewriter.replace(op, [], [source])
        elif source is not op.input:
            rewriter.replace(op, mir.ReshapeOp(source, tensor_shape(op.result)))


class SinkTransposeBelowUnary(RewritePattern):
    """f(transpose(a, p)) = transpose(f(a), p) for an element-wise unary f."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.UnaryElementwiseOp, rewriter: PatternRewriter) -> None:
        transpose = _transposed(op.input)
        if transpose is None or not transpose.result.has_one_use():
            return
        moved = type(op)(transpose.input)
        rewriter.replace(op, [moved, mir.TransposeOp(moved, transpose.array("permutation"))])


class SinkTransposeBelowBinary(RewritePattern):
    """f(transpose(a, p), b) = transpose(f(a, b'), p) for an element-wise binary f, b'
    being b (broadcast to the result's rank) transposed by p's inverse."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.BroadcastBinaryOp, rewriter: PatternRewriter) -> None:
        shape = tensor_shape(op.result)
        permutation = self._permutation(op, shape)
        if permutation is None:
            return
        inverse = _inverse(permutation)
        new_ops: list[Operation] = []
        operands: list[SSAValue] = []
        for value in op.operands:
            transpose = _transposed(value)
            if tensor_shape(value) == shape and transpose is not None:
                operands.append(transpose.input)
                continue
            adapted = _transposed_operand(value, len(shape), inverse)
            new_ops += adapted
            operands.append(adapted[-1].results[0] if adapted else value)
        moved = type(op)(*operands)
        rewriter.replace(op, [*new_ops, moved, mir.TransposeOp(moved, permutation)])

    @staticmethod
    def _permutation(op: mir.BroadcastBinaryOp, shape: Sequence[int]) -> tuple[int, ...] | None:
        """The permutation of the transposes the op can be moved above, or None: each
        operand of the result's shape is a transpose by it used only here, or a constant."""
        found: tuple[int, ...] | None = None
        for value in op.operands:
            if tensor_shape(value) != shape:
                continue
            transpose = _transposed(value)
            if transpose is None:
                if isinstance(value.owner, mir.ConstantOp):
                    continue
                return None
            permutation = tuple(transpose.array("permutation"))
            if not transpose.result.has_one_use() or found not in (None, permutation):
                return None
            found = permutation
        return found


class SinkTransposeBelowConcat(RewritePattern):
    """concat(transpose(a, p), transpose(b, p), ..., axis) = transpose(concat(a, b, ...,
    p[axis]), p), where each operand is a transpose by the same p used only there (the
    branches of an inception block or a dense block)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.ConcatOp, rewriter: PatternRewriter) -> None:
        transposes = [t for v in op.inputs if (t := _transposed(v)) is not None and t.result.has_one_use()]
        permutations = {tuple(t.array("permutation")) for t in transposes}
        if len(transposes) != len(op.inputs) or len(permutations) != 1:
            return
        (permutation,) = permutations
        moved = mir.ConcatOp([t.input for t in transposes], permutation[op.integer("axis")])
        rewriter.replace(op, [moved, mir.TransposeOp(moved, permutation)])


def _transposed_operand(value: SSAValue, rank: int, inverse: tuple[int, ...]) -> list[Operation]:
    """The ops giving `value` (of rank <= `rank`, broadcast against the result) with its
    dims at the places `inverse` moves them to: a reshape where the dims other than 1
    keep their order (a per-channel [C, 1, 1] to [1, 1, C]), else a reshape to the
    result's rank and a transpose; none for a value whose dims are all 1 (a scalar)."""
    shape = [1] * (rank - len(tensor_shape(value))) + list(tensor_shape(value))
    moved = [shape[i] for i in inverse]
    if all(d == 1 for d in shape):
        return []
    kept = [i for i in inverse if shape[i] != 1]
    if kept == sorted(kept):
        return [mir.ReshapeOp(value, moved)]
    full = [mir.ReshapeOp(value, shape)] if len(shape) != len(tensor_shape(value)) else []
    source = full[-1].results[0] if full else value
    return [*full, mir.TransposeOp(source, inverse)]


class EraseUnused(RewritePattern):
    """A pure mir op whose results nothing uses is erased."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if (
            op.dialect_name() == "mir"
            and op.results
            and op.has_trait(Pure)
            and not op.regions
            and all(not result.uses for result in op.results)
        ):
            rewriter.erase_op(op)


@dataclass(frozen=True)
class MirFoldTransposesPass(ModulePass):
    """Moves transposes below element-wise ops until they cancel (see the module docstring)."""

    name = "mir-fold-transposes"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        patterns = GreedyRewritePatternApplier(
            [
                ComposeTransposes(),
                ComposeReshapes(),
                SinkTransposeBelowUnary(),
                SinkTransposeBelowBinary(),
                SinkTransposeBelowConcat(),
                EraseUnused(),
            ]
        )
        LocatedRewriteWalker(patterns).rewrite_module(op)
