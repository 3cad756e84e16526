"""What the two conversions of gawee (`convert-gawee-to-linalg`, `convert-gawee-to-mir`)
share: the check they run before rewriting anything, and the pass that runs it.

Their patterns read shapes and attributes without checking them again, as MLIR's
lowerings assume verified input: so the check finds every op a pattern could not lower
(no pattern, a type the lowering cannot carry, an op that does not verify) and fails
the pass at each, and only then do the patterns run. Verifying the ops is most of the
check's time; a caller that has just verified the module says so (`convert(...,
verified=True)`, as the pass runner of nnstack-opt and nnstack-run does).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType, bf16, f32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.constraints import GAWEE_ELEMENT_TYPES
from nnstack.dialects.gawee import CastOp
from nnstack.dialects.gawee.composite import computes_bf16_in_f32
from nnstack.transforms.utils import Problem, fail_at_ops, locate

SUPPORTED_ELEMENT_TYPES: tuple[Attribute, ...] = GAWEE_ELEMENT_TYPES


def unsupported_reason(op: Operation) -> str | None:
    """Why the lowerings cannot carry the types of `op`, or None when they can: they
    need statically shaped tensors of the element types gawee carries (f16, bf16, f32, f64,
    i1, i8, i16, i32, i64, ui8, ui16, ui32, ui64; each op's verifier narrows them)."""
    values = [(f"operand #{i}", v) for i, v in enumerate(op.operands)]
    values += [(f"result #{i}", v) for i, v in enumerate(op.results)]
    for what, value in values:
        typ = value.type
        if not isinstance(typ, TensorType):
            return f"{what} is not a tensor (type {typ})"
        if not typ.has_static_shape():
            return f"dynamic shapes are not supported ({what} has type {typ})"
        if typ.element_type not in SUPPORTED_ELEMENT_TYPES:
            return f"element type {typ.element_type} is not supported ({what})"
    return None


def conversion_problems(
    ops: list[Operation],
    lowers: Callable[[Operation], bool],
    verified: bool,
    limitation: Callable[[Operation], str | None] = lambda op: None,
) -> list[Problem]:
    """Each of `ops` the patterns cannot lower, with the reason: none `lowers` it,
    types the lowerings cannot carry, (unless `verified`) an op that does not verify,
    or a verified op the target cannot express (`limitation`)."""
    found: list[Problem] = []
    for op in ops:
        reason = "no lowering pattern for this op" if not lowers(op) else unsupported_reason(op)
        if reason is None and not verified:
            try:
                op.verify()
            except VerifyException as error:
                reason = f"the op does not verify: {error}"
        if reason is None:
            reason = limitation(op)
        if reason is not None:
            found.append((op, f"cannot lower {op.name}: {reason}"))
    return found


def _widened_type(typ: Attribute) -> Attribute:
    if isinstance(typ, TensorType) and typ.element_type == bf16:
        return TensorType(f32, typ.get_shape())
    return typ


def widen_bf16_ops(module: ModuleOp) -> None:
    """Every gawee op on bf16 operands (but a cast) computed in f32: its bf16 operands
    cast to f32, the op on f32, its bf16 results cast back, so that both lowerings
    round once, as the gawee interpreter computes bf16 (and ONNX Runtime does): a bf16
    sum accumulated in bf16's 8 bits would stop growing at 256 ones."""
    for op in [op for op in module.walk() if op.dialect_name() == "gawee"]:
        if isinstance(op, CastOp) or not computes_bf16_in_f32(op):
            continue
        if not any(_widened_type(v.type) != v.type for v in op.operands):
            continue
        new_ops: list[Operation] = []
        operands: list[SSAValue] = []
        for value in op.operands:
            if _widened_type(value.type) != value.type:
                new_ops.append(CastOp(value, f32))
                value = new_ops[-1].results[0]
            operands.append(value)
        wide = type(op).create(
            operands=operands,
            result_types=[_widened_type(r.type) for r in op.results],
            attributes=dict(op.attributes),
            properties=dict(op.properties),
        )
        new_ops.append(wide)
        results: list[SSAValue] = []
        for old, new in zip(op.results, wide.results):
            if old.type != new.type:
                new_ops.append(CastOp(new, bf16))
                new = new_ops[-1].results[0]
            results.append(new)
        locate(new_ops, op.location)  # (the casts and the wide op stand for the op)
        Rewriter.replace_op(op, new_ops, results)


@dataclass(frozen=True)
class GaweeConversionPass(ModulePass, ABC):
    """A conversion of gawee ops: checks every op it converts (`problems`), failing at
    each it cannot lower with the module unchanged, then rewrites them (`rewrite`)."""

    @abstractmethod
    def lowers(self, op: Operation) -> bool:
        """Whether the patterns lower `op` (one the pass converts)."""

    def converted_ops(self, module: ModuleOp) -> list[Operation]:
        """The ops of `module` the pass converts: every gawee op."""
        return [op for op in module.walk() if op.dialect_name() == "gawee"]

    def problems(self, module: ModuleOp, verified: bool = False) -> list[Problem]:
        """Every op of `module` the pass cannot lower, with the reason; `verified`: the
        module has verified, so its ops need not be verified again."""
        return conversion_problems(self.converted_ops(module), self.lowers, verified, self.limitation)

    def limitation(self, op: Operation) -> str | None:
        """Why the target cannot express `op`, a verified op the patterns lower, or
        None (the default: it can)."""
        return None

    @abstractmethod
    def rewrite(self, module: ModuleOp) -> None:
        """Lowers every op the pass converts; `problems` found none."""

    def convert(self, module: ModuleOp, *, verified: bool) -> None:
        """Checks, then rewrites `module`; `verified`: the caller has verified it."""
        fail_at_ops(self.name, self.problems(module, verified))
        widen_bf16_ops(module)
        self.rewrite(module)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.convert(op, verified=False)
