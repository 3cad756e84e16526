"""The whole-module verifier of nnstack's tools: every op, and SSA dominance everywhere.

xDSL's `Operation.verify` stops at the first failing op, reports it with a dump of the
module, and checks dominance only where an op asks for it (a use before its definition
in a `func.func` is accepted). This verifier reports each failing op as one located
diagnostic (the innermost, when ops nested in each other fail), and then, if every op
verified, checks that each operand's definition
dominates its use in every region, as MLIR's verifier does. The body of a
`builtin.module` is a graph region (no order among its ops), as in MLIR. An
`llir.phi` uses each incoming value at the end of the block it names, as LLVM's phi
does: the value of a loop's back edge or of one arm of a branch need not dominate the
phi. Uses in blocks unreachable from the entry are not checked (as in MLIR).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.traits import NoTerminator
from xdsl.utils.exceptions import DiagnosticException

from nnstack.dialects.llir import PhiOp
from nnstack.dialects.llir.dominance import reachable_dominators
from nnstack.tools.diagnostics import Diagnostic, DiagnosticError, Severity, at_op, op_error
from nnstack.tools.op_verifier import Verifier


def verify_module(module: Operation) -> None:
    """Raises `DiagnosticError` with every problem found in `module`, if any."""
    if problems := module_problems(module):
        raise DiagnosticError(problems)


def module_problems(module: Operation) -> list[Diagnostic]:
    """The op-verifier diagnostics, or if there are none, the dominance ones."""
    problems: list[Diagnostic] = []
    _verify_ops(module, problems, Verifier())
    if not problems:
        problems = _Dominance().problems(module)
    return problems


def _verify_ops(op: Operation, problems: list[Diagnostic], verifier: Verifier) -> bool:
    """Verifies the ops nested in `op`, then, if they all verified, `op` itself (xDSL's
    order: a problem inside an op is reported there, not as its consequence at the op)."""
    nested_ok = True
    for region in op.regions:
        for block in region.blocks:
            for nested in block.ops:
                nested_ok &= _verify_ops(nested, problems, verifier)
    if not nested_ok:
        return False
    try:
        verifier.verify_op(op)  # (xDSL's `op.verify(verify_nested_ops=False)`, faster)
        _verify_blocks(op)
    except DiagnosticException as error:
        problems.append(op_error(op, str(error)))
        return False
    except Exception as error:  # noqa: BLE001 (a verifier raising a non-diagnostic: xDSL's memref ops)
        found = op_error(op, str(error))
        note = Diagnostic(
            Severity.NOTE,
            f"the verifier of '{op.name}' raised {type(error).__name__}, not a diagnostic (a bug in the verifier?)",
            found.location,
        )
        problems.append(Diagnostic(found.severity, found.message, found.location, (*found.notes, note)))
        return False
    return True


def _verify_blocks(op: Operation) -> None:
    """What `Region.verify` checks besides the nested ops: a single-block region of an op
    that needs a terminator is not empty."""
    for region in op.regions:
        if len(region.blocks) == 1 and not region.block.ops and not op.has_trait(NoTerminator):
            raise DiagnosticException("empty block: expect at least a terminator")


@dataclass
class _Dominance:
    """Dominance of definitions over uses, with per-region and per-block caches."""

    _dominators: dict[Region, dict[Block, set[Block]]] = field(default_factory=dict)
    _order: dict[Block, dict[Operation, int]] = field(default_factory=dict)

    def problems(self, module: Operation) -> list[Diagnostic]:
        found: list[Diagnostic] = []
        for op in module.walk():
            for index, (operand, user) in enumerate(self._uses(op)):
                if not self.dominates(operand, user):
                    note = self._definition_note(operand)
                    where = "the end of its incoming block" if isinstance(op, PhiOp) else "this use"
                    error = at_op(op, f"operand #{index} does not dominate {where}")
                    found.append(
                        Diagnostic(error.severity, error.message, error.location, (*error.notes, *note))
                    )
                    break
        return found

    @staticmethod
    def _uses(op: Operation) -> list[tuple[SSAValue, Operation]]:
        """Each operand of `op` with the op where it is used: a phi's incoming value
        is used by the terminator of its incoming block."""
        if isinstance(op, PhiOp):
            return [(value, block.last_op or op) for value, block in op.incoming]
        return [(operand, op) for operand in op.operands]

    def dominates(self, value: SSAValue, user: Operation) -> bool:
        """Whether the definition of `value` properly dominates its use by `user`."""
        match value:
            case BlockArgument():
                block = value.block
            case OpResult():
                block = value.op.parent_block()
            case _:
                return False
        if block is None or (region := block.parent) is None:
            return False
        # The ancestor of `user` in the region of the definition: values defined in a
        # region are visible in the regions nested in it, and nowhere else.
        ancestor: Operation | None = user
        while ancestor is not None and (ancestor.parent is None or ancestor.parent.parent is not region):
            ancestor = ancestor.parent_op()
        if ancestor is None or (use_block := ancestor.parent) is None:
            return False
        if isinstance(region.parent, ModuleOp):
            return True  # a graph region
        if use_block is block:
            if isinstance(value, BlockArgument):
                return True
            assert isinstance(value, OpResult)
            order = self._block_order(block)
            return order[value.op] < order[ancestor]
        if region not in self._dominators:
            self._dominators[region] = reachable_dominators(region)
        # MLIR: anything dominates a use in a block unreachable from the entry
        return block in self._dominators[region].get(use_block, {block})

    def _block_order(self, block: Block) -> dict[Operation, int]:
        if block not in self._order:
            self._order[block] = {op: index for index, op in enumerate(block.ops)}
        return self._order[block]

    @staticmethod
    def _definition_note(value: SSAValue) -> tuple[Diagnostic, ...]:
        owner = value.owner
        definer = owner if isinstance(owner, Operation) else owner.parent_op()
        if definer is None:
            return ()
        what = (
            "operand defined here"
            if isinstance(owner, Operation)
            else "operand is an argument of a block of this op"
        )
        note = at_op(definer, what, Severity.NOTE)
        return (Diagnostic(Severity.NOTE, note.message, note.location),)
