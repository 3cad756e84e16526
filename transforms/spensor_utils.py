"""Helpers shared by the spensor passes: the memory table, diagnostics, IR builders.

All analysis state lives in values returned here or in attributes of the IR: the
memory table is computed from the `spensor.declare_memory` ops (or read back from
the `spensor.memory_map` module attribute the memory analysis attaches), never kept
between pass runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    IndexType,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region
from xdsl.utils.diagnostic import Diagnostic
from xdsl.utils.exceptions import PassFailedException

from nnstack.dialects import spensor

MEMORY_MAP = "spensor.memory_map"
"""Module attribute of the memory analysis: level -> {shape, load, store, memory_space, depth}."""
PARALLEL_LOOPS = "spensor.parallel_loops"
"""Function attribute of the parallel analysis: the loops expand-parallel creates."""
LOOPS = "spensor.loops"
"""Op attribute of the parallel analysis: the loops (indices into PARALLEL_LOOPS,
-1 for the function body) in which the op's tiles are computed."""
MEMORY_TAG = "memory_tag"
"""Attribute of an `scf.parallel`: the memory level its iterations run on."""


def fail(pass_name: str, op: Operation, message: str) -> NoReturn:
    """Raises PassFailedException `<pass>: <message>`, printing the module with `op` marked."""
    diagnostic = Diagnostic()
    diagnostic.add_message(op, message)
    diagnostic.raise_exception(op, PassFailedException(f"{pass_name}: {message}"))


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

    def to_attr(self) -> DictionaryAttr:
        return DictionaryAttr(
            {
                "shape": spensor.int_array(self.shape),
                "load": ArrayAttr([StringAttr(s) for s in self.load]),
                "store": ArrayAttr([StringAttr(s) for s in self.store]),
                "memory_space": IntegerAttr(self.space, i64),
                "depth": IntegerAttr(self.depth, i64),
            }
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
        return (
            source == dest
            or source in self.levels[dest].load
            or dest in self.levels[source].store
        )

    @property
    def segment_level(self) -> str:
        """The level top-level parallel loops run on: the shallowest level below the
        top (L2 in L3 -> L2 -> L1), or the only level there is."""
        ordered = sorted(self.levels.values(), key=lambda m: (m.depth, m.name))
        below = [m for m in ordered if m.depth > 0]
        return (below or ordered)[0].name

    def to_attr(self) -> DictionaryAttr:
        return DictionaryAttr({name: info.to_attr() for name, info in sorted(self.levels.items())})

    @staticmethod
    def from_attr(attr: DictionaryAttr) -> MemoryTable:
        levels: dict[str, MemoryInfo] = {}
        for name, entry in attr.data.items():
            assert isinstance(entry, DictionaryAttr)
            d = entry.data
            levels[name] = MemoryInfo(
                name,
                spensor.int_tuple(d["shape"]),  # pyright: ignore
                tuple(s.data for s in d["load"].data),  # pyright: ignore
                tuple(s.data for s in d["store"].data),  # pyright: ignore
                d["memory_space"].value.data,  # pyright: ignore
                d["depth"].value.data,  # pyright: ignore
            )
        return MemoryTable(levels)


def analyze_memories(module: ModuleOp, pass_name: str) -> MemoryTable:
    """The memory table from the module's `spensor.declare_memory` ops (the first
    declaration of a name wins). Fails on undeclared load/store names and on cyclic
    load relations."""
    declarations: dict[str, spensor.DeclareMemoryOp] = {}
    for op in module.walk():
        if isinstance(op, spensor.DeclareMemoryOp):
            declarations.setdefault(op.memory_name.data, op)
    for op in declarations.values():
        for name in [s.data for s in op.load.data] + [s.data for s in op.store.data]:
            if name not in declarations:
                fail(pass_name, op, f"memory \"{name}\" is used by \"{op.memory_name.data}\" but never declared")
    depths: dict[str, int] = {}

    def depth(name: str, path: tuple[str, ...]) -> int:
        if name in path:
            fail(pass_name, declarations[name], f"memory \"{name}\" loads from itself through {' -> '.join(path)}")
        if name not in depths:
            loads = [s.data for s in declarations[name].load.data if s.data != name]
            depths[name] = 1 + max((depth(n, (*path, name)) for n in loads), default=-1)
        return depths[name]

    levels = {}
    for name, op in declarations.items():
        levels[name] = MemoryInfo(
            name,
            spensor.int_tuple(op.memory_shape),
            tuple(s.data for s in op.load.data),
            tuple(s.data for s in op.store.data),
            op.space,
            depth(name, ()),
        )
    return MemoryTable(levels)


def memory_table(module: ModuleOp, pass_name: str) -> MemoryTable:
    """The memory analysis' result if attached to the module, else computed."""
    attr = module.attributes.get(MEMORY_MAP)
    if isinstance(attr, DictionaryAttr):
        return MemoryTable.from_attr(attr)
    return analyze_memories(module, pass_name)


def memories_of(t: Attribute) -> list[spensor.MemoryType]:
    """The memory types a type names (a tile's memory, or the memory itself)."""
    if isinstance(t, spensor.MemoryType):
        return [t]
    tile = spensor.tile_type(t)
    return [tile.memory] if tile is not None else []


def require_declared(module: Operation, table: MemoryTable, pass_name: str) -> None:
    """Fails at the first op whose types name a memory the table does not have."""
    for op in module.walk():
        types = [v.type for v in (*op.operands, *op.results)]
        types += [a.type for r in op.regions for b in r.blocks for a in b.args]
        for memory in (m for t in types for m in memories_of(t)):
            if memory.level not in table:
                fail(pass_name, op, f"memory \"{memory.level}\" is not declared")


def enclosing_module(op: Operation) -> ModuleOp:
    parent = op
    while not isinstance(parent, ModuleOp):
        next_parent = parent.parent_op()
        assert next_parent is not None
        parent = next_parent
    return parent


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
    "enclosing_module",
    "fail",
    "functions",
    "has_spensor_types",
    "index_constant",
    "is_spensor_type",
    "loop_tag",
    "memory_table",
    "parallel_loop",
]
