"""What the convert-gawee-to-mir patterns share: the replacement and a small builder for
the chains of mir ops that gawee's fused ops decompose into.

The patterns assume the op they match verifies and has types mir carries, as MLIR's
lowerings assume verified input: convert-gawee-to-mir checks every op before it
rewrites any (`nnstack.transforms.gawee_conversion`), and the driver verifies the mir
they build after the pass.

mir's integers are signless, as MLIR's arith's are: a pattern builds its mir ops with
the gawee types, ui8 ... ui64 included, and picks the unsigned form of each op whose
meaning depends on signedness by them (`unsigned_form`, `predicate`, `extremum`; the
pass then makes every type signless, `nnstack.transforms.signless`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np
from xdsl.dialects.builtin import AnyFloat, IntegerType, TensorType, f16, f32, i1
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects import mir
from nnstack.dialects.constraints import is_unsigned
from nnstack.dialects.values import dense_attribute, rounded_to


@dataclass
class MirBuilder:
    """Collects the mir ops of one lowering, in order."""

    ops: list[Operation] = field(default_factory=list[Operation])

    def emit(self, op: Operation) -> SSAValue:
        """Appends `op`; returns its (first) result."""
        self.ops.append(op)
        return op.results[0]

    def scalar(self, value: float | bool, element: Attribute) -> SSAValue:
        """A rank-0 constant of `element` (`value` exactly, as an integer or bool for
        those types; a float beyond the type's range is +-inf), to broadcast against a tensor."""
        if element == i1:
            value = bool(value)
        elif isinstance(element, IntegerType):
            value = int(value)
        elif isinstance(element, AnyFloat):
            value = rounded_to(value, element)
        return self.emit(mir.ConstantOp.from_list(TensorType(element, []), [value]))

    def constant(self, array: np.ndarray, element: Attribute) -> SSAValue:
        """A dense constant holding `array` (computed at compile time) in `element`."""
        return self.emit(mir.ConstantOp(dense_attribute(array, element)))

    def scalar_like(self, value: float | bool, like: SSAValue) -> SSAValue:
        return self.scalar(value, mir.element_type(like))

    def reshape(self, value: SSAValue, shape: Sequence[int]) -> SSAValue:
        """`value` as `shape` (itself if it has that shape already)."""
        if mir.tensor_shape(value) == tuple(shape):
            return value
        return self.emit(mir.ReshapeOp(value, tuple(shape)))

    def cast(self, value: SSAValue, element: Attribute) -> SSAValue:
        """`value` in `element` (itself if it is of that type already); an `unsigned`
        mir.cast from an unsigned integer (zero-extended, uitofp) or from a float to one
        (fptoui, saturating to [0, 2^N - 1]); a cast between the signed and unsigned
        type of one width stays a cast (a copy once signless) so that the ops reading
        it still see its type."""
        source = mir.element_type(value)
        if source == element:
            return value
        unsigned = is_unsigned(source) or (isinstance(source, AnyFloat) and is_unsigned(element))
        return self.emit(mir.CastOp(value, element, unsigned=unsigned))

    def widened(self, value: SSAValue) -> SSAValue:
        """f16 in f32 (where gawee accumulates statistics in f32, as PyTorch and ONNX
        Runtime do); other types as they are (a bf16 op reaches its pattern widened to
        f32 already, but softmax, which rounds each step to bf16: `widen_bf16_ops`)."""
        return self.cast(value, f32) if mir.element_type(value) == f16 else value


UNSIGNED_FORMS: Mapping[type[mir.BroadcastBinaryOp], type[mir.BroadcastBinaryOp]] = MappingProxyType(
    {
        mir.BroadcastDivOp: mir.BroadcastUDivOp,
        mir.BroadcastRemOp: mir.BroadcastURemOp,
        mir.BroadcastModOp: mir.BroadcastURemOp,  # (floored and truncated agree)
        mir.BroadcastMaxOp: mir.BroadcastUMaxOp,
        mir.BroadcastMinOp: mir.BroadcastUMinOp,
        mir.BroadcastShrOp: mir.BroadcastUShrOp,
    }
)
"""The unsigned form of each binary mir op that reads its integers as signed."""

UNSIGNED_COMPARISONS: Mapping[str, str] = MappingProxyType(
    {"lt": "ult", "le": "ule", "gt": "ugt", "ge": "uge"}
)


def unsigned_form(op_type: type[mir.BroadcastBinaryOp], element: Attribute) -> type[mir.BroadcastBinaryOp]:
    """`op_type`, or its unsigned form where `element` is an unsigned integer type."""
    return UNSIGNED_FORMS.get(op_type, op_type) if is_unsigned(element) else op_type


def predicate(signed: str, element: Attribute) -> str:
    """The mir.broadcast_cmp predicate `signed`, its unsigned form where `element` is unsigned."""
    return UNSIGNED_COMPARISONS.get(signed, signed) if is_unsigned(element) else signed


def extremum(kind: str, element: Attribute) -> str:
    """The mir.reduce kind max or min, umax or umin where `element` is unsigned."""
    return f"u{kind}" if is_unsigned(element) else kind


class GaweeToMirPattern(RewritePattern):
    """A lowering of a gawee op to a chain of mir ops; it holds no state."""

    def replace(
        self,
        rewriter: PatternRewriter,
        op: Operation,
        new_ops: Sequence[Operation],
        result: SSAValue | Sequence[SSAValue] | None = None,
    ) -> None:
        """Replaces `op` by `new_ops`; the op's result becomes `result` (by default
        the last new op's; a sequence for an op with several)."""
        if result is None:
            result = new_ops[-1].results[0]
        rewriter.replace(op, new_ops, [result] if isinstance(result, SSAValue) else list(result))

    def replace_built(
        self, rewriter: PatternRewriter, op: Operation, b: MirBuilder, result: SSAValue | Sequence[SSAValue]
    ) -> None:
        """Replaces `op` by what `b` built, with `result` as the op's result."""
        self.replace(rewriter, op, b.ops, result)
