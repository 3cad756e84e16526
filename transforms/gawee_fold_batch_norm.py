"""The `gawee-fold-batch-norm` pass: a batch norm after a convolution becomes part of it.

In inference a batch norm is a per-channel affine map,
y = (x - mean) * s + b with s = weight / sqrt(var + eps), so a `gawee.batch_norm` whose
input is a `gawee.conv` used only by it folds into that conv: the conv's weight is
scaled by s per output channel and its bias becomes (bias - mean) * s + b. This is what
PyTorch's and ONNX Runtime's graph optimizers do; it saves a full pass over the
activation per conv (ResNet-18 has 20 of them).

The fold needs the conv weight and bias and the four batch-norm parameters as
`arith.constant`s (as `nnstack-import-onnx` emits weights); a batch norm whose
parameters are function arguments, or whose conv has other users, is left as it is.
The new parameters are computed in f64 and rounded once to the element type.

Weights in the module's weights file are read as maps of it, one fold at a time, so the
pass never holds all the input weights at once; the folded ones are dense constants
(bytes), which a tool writing the module with `-o` moves to the weights file beside its
output (`nnstack.dialects.weights.save_weights`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, DenseResourceAttr, ModuleOp, TensorType
from xdsl.ir import SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from nnstack.dialects import gawee
from nnstack.dialects.utils import tensor_shape
from nnstack.dialects.values import dense_attribute
from nnstack.dialects.weights import constant_value
from nnstack.transforms.utils import LocatedRewriteWalker


def constant_array(value: SSAValue) -> np.ndarray | None:
    """The value of a dense `arith.constant` tensor, or None if `value` is not one."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(
        owner.value, DenseIntOrFPElementsAttr | DenseResourceAttr
    ):
        return np.asarray(constant_value(owner, owner.value, owner.result.type, shared=True))
    return None


def dense_constant(array: np.ndarray, like: SSAValue) -> arith.ConstantOp:
    """An `arith.constant` holding `array` in the element type of `like`."""
    assert isinstance(like.type, TensorType)
    return arith.ConstantOp(dense_attribute(array, like.type.get_element_type()))


class FoldBatchNormIntoConv(RewritePattern):
    """`gawee.batch_norm(gawee.conv(x, w, b))` with constant parameters -> one
    `gawee.conv(x, w * s, (b - mean) * s + beta)` with new constants."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.BatchNormOp, rewriter: PatternRewriter, /):
        conv = op.input.owner
        if not isinstance(conv, gawee.ConvOp) or not conv.output.has_one_use():
            return
        weight = constant_array(conv.weight)
        channels = [constant_array(v) for v in (op.weight, op.bias, op.running_mean, op.running_var)]
        bias = constant_array(conv.bias) if conv.bias is not None else np.zeros(tensor_shape(conv.weight)[0])
        if weight is None or bias is None or any(c is None for c in channels):
            return
        gamma, beta, mean, var = (c.astype(np.float64) for c in channels)  # type: ignore[union-attr]
        if not op.affine.value.data:
            gamma, beta = np.ones_like(gamma), np.zeros_like(beta)
        scale = gamma / np.sqrt(var + op.epsilon)
        new_weight = dense_constant(
            weight.astype(np.float64) * scale.reshape(-1, *[1] * (weight.ndim - 1)), conv.weight
        )
        new_bias = dense_constant((bias.astype(np.float64) - mean) * scale + beta, conv.weight)
        folded = gawee.ConvOp(
            conv.input,
            new_weight,
            new_bias,
            strides=conv.array("strides"),
            padding=conv.array("padding"),
            dilation=conv.array("dilation"),
            groups=conv.group_count,
        )
        old_constants = {v.owner for v in (*conv.operands[1:], *op.operands[1:])}
        rewriter.replace(conv, [new_weight, new_bias, folded])
        rewriter.replace(op, [], [folded.output])
        for constant in old_constants:  # the weights nothing else reads: often megabytes
            if isinstance(constant, arith.ConstantOp) and not constant.result.uses:
                rewriter.erase(constant)


@dataclass(frozen=True)
class GaweeFoldBatchNormPass(ModulePass):
    """Folds every inference batch norm that follows a conv into the conv."""

    name = "gawee-fold-batch-norm"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        LocatedRewriteWalker(FoldBatchNormIntoConv(), apply_recursively=False).rewrite_module(op)
