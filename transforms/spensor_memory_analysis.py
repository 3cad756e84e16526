"""The `spensor-memory-analysis` pass: the memory table, checked and attached to the module.

Reads every `spensor.declare_memory` (the first declaration of a name wins) and
attaches the table as the module attribute `spensor.memory_map`:

    spensor.memory_map = {L1 = {shape = [4 : i64, 4 : i64], load = ["L2", "L3"],
                                store = ["L2", "L3"], memory_space = 2 : i64, depth = 2 : i64}, ...}

`depth` orders the levels (0 for a level that loads from no other, L3; 1 + the
deepest level it loads from otherwise: L2 = 1, L1 = 2). Later passes read the table
back from the attribute instead of keeping it in Python state. The pass also
checks what the original never did: every memory a spensor type names is declared
with the same shape, and every `spensor.move` / `move_to` is allowed by the
declarations (the destination loads from the source or the source stores to it).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from nnstack.dialects import spensor
from nnstack.transforms.spensor_utils import (
    MEMORY_MAP,
    MemoryTable,
    analyze_memories,
    fail,
    memories_of,
)


def check_program(module: ModuleOp, table: MemoryTable, pass_name: str) -> None:
    """Fails at the first op using an undeclared or misshaped memory, or an illegal move."""
    for op in module.walk():
        types = [v.type for v in (*op.operands, *op.results)]
        for block_arg in (a for r in op.regions for b in r.blocks for a in b.args):
            types.append(block_arg.type)
        for memory in (m for t in types for m in memories_of(t)):
            if memory.level not in table:
                fail(pass_name, op, f"memory \"{memory.level}\" is not declared")
            declared = table[memory.level].shape
            if memory.shape != declared:
                fail(
                    pass_name,
                    op,
                    f"memory \"{memory.level}\" has shape {list(memory.shape)} here but is "
                    f"declared with shape {list(declared)}",
                )
        _check_move(op, table, pass_name)


def _check_move(op: Operation, table: MemoryTable, pass_name: str) -> None:
    if isinstance(op, spensor.MoveOp):
        source, dest = spensor.tile_type(op.source.type), spensor.tile_type(op.result.type)
    elif isinstance(op, spensor.MoveToOp):
        source, dest = spensor.tile_type(op.source.type), spensor.tile_type(op.destination.type)
    else:
        return
    assert source is not None and dest is not None
    if not table.can_move(source.level, dest.level):
        fail(
            pass_name,
            op,
            f"cannot move from \"{source.level}\" to \"{dest.level}\": \"{dest.level}\" does not "
            f"load from \"{source.level}\" and \"{source.level}\" does not store to \"{dest.level}\"",
        )


@dataclass(frozen=True)
class SpensorMemoryAnalysisPass(ModulePass):
    """
    Computes the memory table from the `spensor.declare_memory` ops, checks the
    program's memories and moves against it, and attaches it as `spensor.memory_map`.
    """

    name = "spensor-memory-analysis"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        table = analyze_memories(op, self.name)
        check_program(op, table, self.name)
        op.attributes[MEMORY_MAP] = table.to_attr()
