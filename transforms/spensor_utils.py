"""Helpers shared by the spensor passes: the memory table, its checks, IR builders.

All analysis state lives in values returned here or in attributes of the IR: the
memory table is computed from the `spensor.declare_memory` ops (or read back from
the `spensor.memory_map` module attribute the memory analysis attaches), never kept
between pass runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region

from nnstack.dialects import spensor
from nnstack.transforms.utils import Problem, fail_at_ops

MEMORY_MAP = "spensor.memory_map"
"""Module attribute of the memory analysis: level name -> `#spensor.memory_level`."""
PARALLEL_LOOPS = "spensor.parallel_loops"
"""Function attribute of the parallel analysis: the `#spensor.loop`s expand-parallel creates."""
LOOPS = "spensor.loops"
"""Op attribute of the parallel analysis: the loops (indices into PARALLEL_LOOPS,
-1 for the function body) in which the op's tiles are computed."""
MEMORY_TAG = "memory_tag"
"""Attribute of an `scf.parallel`: the memory level its iterations run on."""


# ---------------------------------------------------------------------------
# The memory table
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MemoryInfo:
    """One declared memory level."""

    name: str
    shape: tuple[int, ...]
    load: tuple[str, ...]
    store: tuple[str, ...]
    space: int
    depth: int
    """0 for a level that loads from no other, else 1 + the deepest level it loads from."""

    def to_attr(self) -> spensor.MemoryLevelAttr:
        return spensor.MemoryLevelAttr(
            ArrayAttr([IntAttr(s) for s in self.shape]),
            ArrayAttr([StringAttr(s) for s in self.load]),
            ArrayAttr([StringAttr(s) for s in self.store]),
            IntAttr(self.space),
            IntAttr(self.depth),
        )

    @staticmethod
    def from_attr(name: str, attr: spensor.MemoryLevelAttr) -> MemoryInfo:
        return MemoryInfo(
            name,
            tuple(v.data for v in attr.shape.data),
            tuple(v.data for v in attr.load.data),
            tuple(v.data for v in attr.store.data),
            attr.memory_space.data,
            attr.depth.data,
        )


@dataclass(frozen=True)
class MemoryTable:
    """The memory levels of a module, by name."""

    levels: dict[str, MemoryInfo]

    def __getitem__(self, name: str) -> MemoryInfo:
        return self.levels[name]

    def __contains__(self, name: str) -> bool:
        return name in self.levels

    def depth(self, name: str) -> int:
        return self.levels[name].depth

    def can_move(self, source: str, dest: str) -> bool:
        """A move is legal if the destination loads from the source, the source stores
        to the destination, or both are one level (a copy)."""
        return source == dest or source in self.levels[dest].load or dest in self.levels[source].store

    @property
    def segment_level(self) -> str:
        """The level top-level parallel loops run on: the shallowest level below the
        top (L2 in L3 -> L2 -> L1), or the only level there is."""
        ordered = sorted(self.levels.values(), key=lambda m: (m.depth, m.name))
        below = [m for m in ordered if m.depth > 0]
        return (below or ordered)[0].name

    def to_attr(self) -> DictionaryAttr:
        return DictionaryAttr({name: info.to_attr() for name, info in sorted(self.levels.items())})


def analyze_memories(module: ModuleOp, pass_name: str) -> MemoryTable:
    """The memory table from the module's `spensor.declare_memory` ops (the first
    declaration of a name wins). Fails, at every declaration concerned, on
    undeclared load/store names and on levels that load from themselves."""
    declarations: dict[str, spensor.DeclareMemoryOp] = {}
    for op in module.walk():
        if isinstance(op, spensor.DeclareMemoryOp):
            declarations.setdefault(op.memory_name.data, op)
    problems: list[Problem] = []
    for op in declarations.values():
        for name in [s.data for s in op.load.data] + [s.data for s in op.store.data]:
            if name not in declarations:
                problems.append(
                    (op, f'memory "{name}" is used by "{op.memory_name.data}" but never declared')
                )
    fail_at_ops(pass_name, problems)

    def loads(name: str) -> list[str]:
        return [s.data for s in declarations[name].load.data if s.data != name]

    for name, op in declarations.items():
        if (cycle := _path_to(name, name, loads)) is not None:
            problems.append((op, f'memory "{name}" loads from itself through {" -> ".join(cycle)}'))
    fail_at_ops(pass_name, problems)
    depths: dict[str, int] = {}

    def depth(name: str) -> int:
        if name not in depths:
            depths[name] = 1 + max((depth(n) for n in loads(name)), default=-1)
        return depths[name]

    levels = {
        name: MemoryInfo(
            name,
            spensor.int_tuple(op.memory_shape),
            tuple(s.data for s in op.load.data),
            tuple(s.data for s in op.store.data),
            op.space,
            depth(name),
        )
        for name, op in declarations.items()
    }
    return MemoryTable(levels)


def _path_to(start: str, goal: str, successors: Callable[[str], list[str]]) -> tuple[str, ...] | None:
    """A path start -> ... -> (a predecessor of goal) along `successors` that reaches
    `goal` in at least one step, or None."""
    stack: list[tuple[str, tuple[str, ...]]] = [(start, (start,))]
    seen: set[str] = set()
    while stack:
        name, path = stack.pop()
        for nxt in successors(name):
            if nxt == goal:
                return path
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, (*path, nxt)))
    return None


def memory_table(module: ModuleOp, pass_name: str) -> MemoryTable:
    """The memory analysis' result if attached to the module (it must name every level
    its entries load from or store to), else computed."""
    attr = module.attributes.get(MEMORY_MAP)
    if attr is None:
        return analyze_memories(module, pass_name)
    entries = attr.data if isinstance(attr, DictionaryAttr) else {}
    if not isinstance(attr, DictionaryAttr) or not all(
        isinstance(entry, spensor.MemoryLevelAttr) for entry in entries.values()
    ):
        fail_at_ops(
            pass_name, [(module, f"{MEMORY_MAP} must map level names to #spensor.memory_level, got {attr}")]
        )
    levels = {
        name: MemoryInfo.from_attr(name, entry)
        for name, entry in entries.items()
        if isinstance(entry, spensor.MemoryLevelAttr)
    }
    unknown = sorted({n for info in levels.values() for n in (*info.load, *info.store)} - levels.keys())
    if unknown:
        fail_at_ops(pass_name, [(module, f"{MEMORY_MAP} has no level named {', '.join(unknown)}")])
    return MemoryTable(levels)


def memories_of(t: Attribute) -> list[spensor.MemoryType]:
    """The memory types a type names (a tile's memory, or the memory itself)."""
    if isinstance(t, spensor.MemoryType):
        return [t]
    tile = spensor.tile_type(t)
    return [tile.memory] if tile is not None else []


def undeclared_memories(module: Operation, table: MemoryTable) -> list[Problem]:
    """Every op whose types name a memory the table does not have."""
    problems: list[Problem] = []
    for op in module.walk():
        types = [v.type for v in (*op.operands, *op.results)]
        types += [a.type for r in op.regions for b in r.blocks for a in b.args]
        levels = dict.fromkeys(m.level for t in types for m in memories_of(t) if m.level not in table)
        problems += [(op, f'memory "{level}" is not declared') for level in levels]
    return problems


# ---------------------------------------------------------------------------
# IR building
# ---------------------------------------------------------------------------


def index_constant(value: int) -> arith.ConstantOp:
    return arith.ConstantOp(IntegerAttr(value, IndexType()))


def parallel_loop(bounds: Sequence[int], tag: str | None) -> tuple[list[Operation], scf.ParallelOp]:
    """`scf.parallel` from 0 to `bounds` step 1 (tagged with `memory_tag`), with the
    constants it needs and an `scf.reduce` terminator."""
    zero, one = index_constant(0), index_constant(1)
    uppers = [index_constant(b) for b in bounds]
    body = Block(arg_types=[IndexType()] * len(bounds))
    body.add_op(scf.ReduceOp())
    loop = scf.ParallelOp([zero] * len(bounds), uppers, [one] * len(bounds), Region(body))
    if tag is not None:
        loop.attributes[MEMORY_TAG] = StringAttr(tag)
    return [zero, one, *uppers], loop


def loop_tag(op: Operation) -> str | None:
    tag = op.attributes.get(MEMORY_TAG)
    return tag.data if isinstance(tag, StringAttr) else None


def constant_bounds(loop: scf.ParallelOp) -> tuple[list[int], list[int], list[int]] | None:
    """Lower bounds, upper bounds and steps if all are constants."""
    values = [spensor.constant_int(v) for v in (*loop.lowerBound, *loop.upperBound, *loop.step)]
    if None in values:
        return None
    n = len(loop.lowerBound)
    ints = [v for v in values if v is not None]
    return ints[:n], ints[n : 2 * n], ints[2 * n :]


def functions(module: ModuleOp) -> list[func.FuncOp]:
    return [op for op in module.walk() if isinstance(op, func.FuncOp)]


def is_spensor_type(t: Attribute) -> bool:
    return isinstance(t, spensor.SpensorType | spensor.NDSpensorType | spensor.MemoryType)


def has_spensor_types(op: Operation) -> bool:
    return any(is_spensor_type(v.type) for v in (*op.operands, *op.results))


__all__ = [
    "LOOPS",
    "MEMORY_MAP",
    "MEMORY_TAG",
    "PARALLEL_LOOPS",
    "MemoryInfo",
    "MemoryTable",
    "analyze_memories",
    "constant_bounds",
    "functions",
    "has_spensor_types",
    "index_constant",
    "is_spensor_type",
    "loop_tag",
    "memories_of",
    "memory_table",
    "parallel_loop",
    "undeclared_memories",
]
