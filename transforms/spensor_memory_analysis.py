"""The `spensor-memory-analysis` pass: the memory table, checked and attached to the module.

Reads every `spensor.declare_memory` (the first declaration of a name wins) and
attaches the table as the module attribute `spensor.memory_map`:

    spensor.memory_map = {L1 = #spensor.memory_level<shape = [4, 4], load = ["L2", "L3"],
                                store = ["L2", "L3"], memory_space = 2, depth = 2>, ...}

`depth` orders the levels (0 for a level that loads from no other, L3; 1 + the
deepest level it loads from otherwise: L2 = 1, L1 = 2). Later passes read the table
back from the attribute instead of keeping it in Python state. The pass also
checks what the original never did: every memory a spensor type names is declared
with the same shape, and every `spensor.move` / `move_to` is allowed by the
declarations (the destination loads from the source or the source stores to it);
it fails, changing nothing, at every op that breaks these rules.
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
    memories_of,
    undeclared_memories,
)
from nnstack.transforms.utils import Problem, fail_at_ops


def program_problems(module: ModuleOp, table: MemoryTable) -> list[Problem]:
    """Every op using an undeclared or misshaped memory, and every illegal move."""
    problems = undeclared_memories(module, table)
    for op in module.walk():
        types = [v.type for v in (*op.operands, *op.results)]
        types += [a.type for r in op.regions for b in r.blocks for a in b.args]
        shapes = dict.fromkeys((m.level, m.shape) for t in types for m in memories_of(t) if m.level in table)
        for level, shape in shapes:
            if shape != table[level].shape:
                declared = list(table[level].shape)
                problems.append(
                    (
                        op,
                        f'memory "{level}" has shape {list(shape)} here but is declared with shape {declared}',
                    )
                )
        if (why := _illegal_move(op, table)) is not None:
            problems.append((op, why))
    return problems


def _illegal_move(op: Operation, table: MemoryTable) -> str | None:
    if isinstance(op, spensor.MoveOp):
        source, dest = spensor.tile_of(op.source.type), spensor.tile_of(op.result.type)
    elif isinstance(op, spensor.MoveToOp):
        source, dest = spensor.tile_of(op.source.type), spensor.tile_of(op.destination.type)
    else:
        return None
    if source.level not in table or dest.level not in table or table.can_move(source.level, dest.level):
        return None
    return (
        f'cannot move from "{source.level}" to "{dest.level}": "{dest.level}" does not '
        f'load from "{source.level}" and "{source.level}" does not store to "{dest.level}"'
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
        fail_at_ops(self.name, program_problems(op, table))
        op.attributes[MEMORY_MAP] = table.to_attr()
