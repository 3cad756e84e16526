"""The `spensor-expand-parallel` pass: ndspensor ops become spensor ops in `scf.parallel` loops.

An ndspensor value is a grid of tiles; after this pass every tile is computed by
spensor ops on single tiles, inside `scf.parallel` loops whose induction variables
index the grid, and no ndspensor type is left. Each loop carries the memory level
its iterations run on, `memory_tag = "L2"` (segment level) or `"L1"` (cores), for
`spensor-tile-parallel` and MLIR-AIR.

Expansion is demand-driven, not a set of local rewrite patterns, because one
ndspensor op expands differently for each loop that needs its tiles. Tiles are
needed by *sinks*, the function-level ops
whose results are no longer grids: `spensor.move_to(%x, %y)` of ndspensors and
`ndspensor.combine_to_spensor`. Each sink opens a loop over its grid (tagged with
the segment level) and asks for the tile of its operand at the loop's induction
variables; asking for a tile emits the op that computes it, after asking for the
tiles of its operands (one emission rule per op, below). Emitted ops are hoisted
to the outermost enclosing loop where their operands exist and whose level is at
least as deep as their result's memory, so that L3 -> L2 copies happen in the
segment loop and only L1 work runs in core loops. A tile used twice in one loop is
computed once; a tile needed in two loops is computed in each.

Values cross loop boundaries only through buffers (`spensor.alloc_spensor`), which
keeps SSA dominance and later lets spensor-to-tensor express the cross-iteration
writes as memref writes:

- a move to a shallower level out of deeper data (L1 -> L2 in a segment loop)
  allocates the destination in the loop and fills it from a one-iteration core loop;
- `ndspensor.combine` allocates its result and fills one slice per iteration of a
  child loop over the combined grid dim (the parallelism moves into the cores);
- `ndspensor.reduce` stacks the partial tiles in a buffer the same way, then adds
  them up either sequentially on one core (`reduce-strategy=sequential`, an
  `scf.for` carrying the accumulator) or as a tree across cores
  (`reduce-strategy=tree`, log2(n) parallel rounds of pairwise adds).

Tiles are computed where their sink needs them, so a tile reading a buffer (a
split of an `alloc_spensor` or of a function argument) reads it at its sink, in
program order of the sinks; a program that reads a buffer before an earlier sink
overwrites it, and uses that read only after, is not supported.

Unlike the original, nothing is kept in module-level state (the loop nest is
rebuilt from the IR on every run), ops may work on function arguments or on
spensors computed at function level, `ndspensor.repeat` and `ndspensor.broadcast`
expand (by re-indexing their source), and every op that cannot be expanded is
named in a diagnostic before anything is changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from math import prod
from typing import Any, Literal, TypeVar

from xdsl.context import Context
from xdsl.dialects import affine, func, scf
from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, IndexType, IntAttr, ModuleOp, StringAttr
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from nnstack.dialects import spensor
from nnstack.dialects.spensor import NDSpensorType, SpensorType
from nnstack.transforms.spensor_utils import (
    LOOPS,
    PARALLEL_LOOPS,
    MemoryTable,
    functions,
    index_constant,
    memory_table,
    parallel_loop,
    undeclared_memories,
)
from nnstack.transforms.utils import Problem, fail_at_ops, locate

ReduceStrategy = Literal["sequential", "tree"]
"""How `ndspensor.reduce` adds its partial tiles: on one core, or as a tree across cores."""

_SinkT = TypeVar("_SinkT", bound=Operation)

# ---------------------------------------------------------------------------
# Grid indices
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Idx:
    """One grid index: an affine expression over loop induction variables (as symbols)."""

    expr: AffineExpr
    ivs: tuple[SSAValue, ...] = ()

    @staticmethod
    def of(iv: SSAValue) -> Idx:
        return Idx(AffineExpr.symbol(0), (iv,))

    @staticmethod
    def const(value: int) -> Idx:
        return Idx(AffineExpr.constant(value))

    def floordiv(self, divisor: int) -> Idx:
        return Idx(self.expr // divisor, self.ivs) if divisor != 1 else self

    def scaled(self, factor: int) -> Idx:
        return Idx(self.expr * factor, self.ivs) if factor != 1 else self

    @staticmethod
    def linear(terms: Sequence[tuple[Idx, int]], constant: int = 0) -> Idx:
        """sum(idx * coefficient) + constant."""
        expr: AffineExpr = AffineExpr.constant(constant)
        ivs: list[SSAValue] = []
        for idx, coefficient in terms:
            shifted = idx.expr.replace_dims_and_symbols(
                [], [AffineExpr.symbol(len(ivs) + i) for i in range(len(idx.ivs))]
            )
            expr = expr + shifted * coefficient
            ivs.extend(idx.ivs)
        return Idx(expr, tuple(ivs))

    @property
    def constant_value(self) -> int | None:
        if not self.ivs:
            return AffineMap(0, 0, (self.expr,)).eval([], [])[0]
        return None


# ---------------------------------------------------------------------------
# The loop nest being built
# ---------------------------------------------------------------------------


@dataclass(eq=False)
class Frame:
    """A block ops are emitted into: the function body or an `scf.parallel` body."""

    block: Block
    tag: str | None
    depth: int
    anchor: Operation
    """New ops of this frame go before it while it is the innermost frame."""
    loop_id: int = -1
    child: Operation | None = None
    """The loop of the next frame on the stack: hoisted ops go before it."""

    @property
    def ivs(self) -> tuple[SSAValue, ...]:
        return tuple(self.block.args) if self.loop_id >= 0 else ()


@dataclass(frozen=True)
class LoopRecord:
    """What the parallel analysis reports about one loop."""

    bounds: tuple[int, ...]
    tag: str
    parent: int

    def to_attr(self) -> spensor.LoopAttr:
        return spensor.LoopAttr(
            ArrayAttr([IntAttr(b) for b in self.bounds]), StringAttr(self.tag), IntAttr(self.parent)
        )


@dataclass
class Expander:
    """Expands the ndspensor ops of one function (see the module docstring)."""

    function: func.FuncOp
    table: MemoryTable
    reduce_strategy: ReduceStrategy = "sequential"

    stack: list[Frame] = field(default_factory=list)
    loops: list[LoopRecord] = field(default_factory=list)
    placements: dict[Operation, set[int]] = field(default_factory=dict)
    _memo: dict[tuple[SSAValue, tuple[Idx, ...]], SSAValue] = field(default_factory=dict)
    _frames: dict[SSAValue, Frame] = field(default_factory=dict)
    _iv_frames: dict[SSAValue, Frame] = field(default_factory=dict)
    _origins: list[Operation] = field(default_factory=list)
    """The ops whose expansion is being emitted, innermost last: the ops emitted get the
    location of the innermost (for diagnostics in the expanded IR)."""

    # -- driver ----------------------------------------------------------------

    def problems(self) -> list[Problem]:
        """Every op of the function that cannot be expanded (checked before `run`).

        The expansion works in program order, so an op on ndspensors must come after
        the ops defining its operands: xDSL's verifier, unlike MLIR's and nnstack-opt's,
        accepts a use before its definition in a `func.func`."""
        problems: list[Problem] = []
        if any(isinstance(arg.type, NDSpensorType) for arg in self.function.args):
            problems.append((self.function, "ndspensor function arguments cannot be expanded"))
        several_blocks = len(self.function.body.blocks) > 1
        seen: set[Operation] = set()
        for op in self.function.walk():
            if op is self.function:
                continue
            uses_nd = _is_nd_op(op) or any(isinstance(v.type, NDSpensorType) for v in op.operands)
            if uses_nd and op.parent_op() is not self.function:
                problems.append((op, f"{op.name} on ndspensors must be at the top level of the function"))
            elif uses_nd and several_blocks:
                problems.append(
                    (op, f"{op.name} on ndspensors cannot be expanded in a function of several blocks")
                )
            elif uses_nd and (index := _defined_later(op, seen)) is not None:
                problems.append(
                    (op, f"operand #{index} does not dominate this use: it is defined after this op")
                )
            elif _is_nd_op(op) and type(op) not in _RULES:
                problems.append((op, f"{op.name} producing an ndspensor cannot be expanded"))
            elif (why := _unsupported(op)) is not None:
                problems.append((op, why))
            if any(isinstance(a.type, NDSpensorType) for r in op.regions for b in r.blocks for a in b.args):
                problems.append((op, "ndspensor block arguments cannot be expanded"))
            seen.add(op)
        return problems

    def run(self) -> None:
        """Expands every sink, then erases the ndspensor ops (`problems` must be empty)."""
        entry = self.function.body.blocks.first
        ops = list(entry.ops) if entry is not None else []
        nd_ops: list[Operation] = []
        for op in ops:
            if isinstance(op, spensor.MoveToOp) and isinstance(op.source.type, NDSpensorType):
                self.at_sink(op, self.sink_move_to)
                nd_ops.append(op)
            elif isinstance(op, spensor.CombineToSpensorOp):
                self.at_sink(op, self.sink_combine_to_spensor)
                nd_ops.append(op)
            elif _is_nd_op(op):
                nd_ops.append(op)
        for op in reversed(nd_ops):
            Rewriter.erase_op(op)

    def at_sink(self, sink: _SinkT, emit: Callable[[_SinkT], None]) -> None:
        """Emits the loops of one sink, before it, with a fresh memo."""
        self.stack = [Frame(self.function.body.block, None, 0, sink)]
        self._memo.clear()
        self._origins = [sink]
        emit(sink)

    # -- sinks -----------------------------------------------------------------

    def sink_move_to(self, op: spensor.MoveToOp) -> None:
        """`move_to(%x, %y)` of ndspensors: a segment loop over the grid copying each
        tile of %x into the tile of %y."""
        grid = spensor.grid_of(op.source.type)
        with self.open_loop(0, grid, self.table.segment_level, op) as frame:
            idx = tuple(Idx.of(iv) for iv in frame.ivs)
            self.store(op.source, idx, lambda: self.tile(op.destination, idx), op)

    def sink_combine_to_spensor(self, op: spensor.CombineToSpensorOp) -> None:
        """`combine_to_spensor(%x)`: a new buffer, filled block-wise by a segment loop
        over the grid of %x; its uses take the buffer."""
        source = op.source.type
        result = op.result.type
        assert isinstance(source, NDSpensorType) and isinstance(result, SpensorType)
        buffer = self.alloc(0, result, op)
        index = spensor.int_tuple(op.combine_index)
        with self.open_loop(0, source.grid, self.table.segment_level, op) as frame:
            idx = tuple(Idx.of(iv) for iv in frame.ivs)

            def dest() -> SSAValue:
                offsets = [Idx.const(0)] * len(source.tile.shape)
                for d, (g, axis) in enumerate(zip(source.grid, index)):
                    if g != 1:
                        offsets[axis] = idx[d].scaled(source.tile.shape[axis])
                return self.subview(buffer, offsets, source.tile.shape, source.tile, op)

            self.store(op.source, idx, dest, op)
        op.result.replace_uses_with_if(buffer, lambda use: use.operation is not op)
        self.placements.setdefault(op, set()).add(frame.loop_id)

    # -- stores ----------------------------------------------------------------

    def store(
        self, value: SSAValue, idx: tuple[Idx, ...], dest: Callable[[], SSAValue], origin: Operation
    ) -> None:
        """`move_to(tile(value, idx), dest())` in the innermost frame, inside a
        one-iteration loop on the value's memory if that is deeper than the frame."""
        level = spensor.tile_of(value.type).level
        inner = len(self.stack) - 1
        if self.table.depth(level) > self.stack[inner].depth:
            with self.open_loop(inner, (1,), level, origin):
                self.store(value, idx, dest, origin)
            return
        tile = self.tile(value, idx)
        self.insert(len(self.stack) - 1, [spensor.MoveToOp(tile, dest())])

    # -- tiles -----------------------------------------------------------------

    def tile(self, value: SSAValue, idx: tuple[Idx, ...]) -> SSAValue:
        """The spensor of tile `idx` of ndspensor `value`, emitting what computes it."""
        key = (value, idx)
        cached = self._memo.get(key)
        if cached is not None and self._frames.get(cached, self.stack[0]) in self.stack:
            return cached
        op = value.owner
        assert isinstance(op, Operation), "checked: no ndspensor block arguments"
        self._origins.append(op)
        try:
            result = _RULES[type(op)](self, op, idx)
        finally:
            self._origins.pop()
        self._memo[key] = result
        self.placements.setdefault(op, set()).add(self.frame_of(result).loop_id)
        return result

    def tile_split(self, op: spensor.SplitOp, idx: tuple[Idx, ...]) -> SSAValue:
        """split: `subview(%source)` at offset idx * tile size along `dim`."""
        result = op.result.type
        assert isinstance(result, NDSpensorType)
        dim = spensor.constant_int(op.dim)
        offsets = [Idx.const(0)] * len(result.tile.shape)
        assert dim is not None
        offsets[dim] = idx[0].scaled(result.tile.shape[dim])
        return self.subview(op.source, offsets, result.tile.shape, result.tile, op)

    def tile_split_all(self, op: spensor.SplitAllOp, idx: tuple[Idx, ...]) -> SSAValue:
        """split_all: `subview(%source)` at offset idx[g] * tile size along the dim of
        each non-1 partition g."""
        result = op.result.type
        assert isinstance(result, NDSpensorType)
        shape = result.tile.shape
        split = [d for d, p in enumerate(spensor.int_tuple(op.num_partitions)) if p != 1]
        offsets = [Idx.const(0)] * len(shape)
        for g, d in enumerate(split):
            offsets[d] = idx[g].scaled(shape[d])
        return self.subview(op.source, offsets, shape, result.tile, op)

    def tile_move(self, op: spensor.MoveOp, idx: tuple[Idx, ...]) -> SSAValue:
        """move: `move(tile)`; out of data deeper than the current loop (L1 -> L2 in a
        segment loop), a buffer in the destination filled by a one-iteration loop."""
        source = spensor.tile_of(op.source.type)
        result = spensor.tile_of(op.result.type)
        inner = len(self.stack) - 1
        if self.table.depth(source.level) > self.stack[inner].depth:
            at = self.place_index([], result.level, idx)
            buffer = self.alloc(at, result, op)
            with self.open_loop(at, (1,), source.level, op):
                self.store(op.source, idx, lambda: buffer, op)
            return buffer
        tile = self.tile(op.source, idx)
        return self.emit([tile], result.level, spensor.MoveOp(tile, result.memory))

    def tile_add(self, op: spensor.AddOp, idx: tuple[Idx, ...]) -> SSAValue:
        """add: `add(lhs tile, rhs tile)`."""
        lhs, rhs = self.tile(op.lhs, idx), self.tile(op.rhs, idx)
        return self.emit([lhs, rhs], _level(op.result), spensor.AddOp(lhs, rhs))

    def tile_matmul(self, op: spensor.MatmulOp, idx: tuple[Idx, ...]) -> SSAValue:
        """matmul: `matmul(lhs tile, rhs tile)`."""
        lhs, rhs = self.tile(op.lhs, idx), self.tile(op.rhs, idx)
        return self.emit([lhs, rhs], _level(op.result), spensor.MatmulOp(lhs, rhs))

    def tile_reduce_sum(self, op: spensor.ReduceSumOp, idx: tuple[Idx, ...]) -> SSAValue:
        """reduce_sum: `reduce_sum(tile)`."""
        tile = self.tile(op.operand, idx)
        return self.emit([tile], _level(op.result), spensor.ReduceSumOp(tile))

    def tile_fill(self, op: spensor.FillOp, idx: tuple[Idx, ...]) -> SSAValue:
        """fill: `fill(%scalar, tile)` (fills are idempotent, so hoisting is safe)."""
        tile = self.tile(op.outputs, idx)
        return self.emit([tile, op.inputs], _level(op.res), spensor.FillOp(op.inputs, tile))

    def tile_repeat(self, op: spensor.NDRepeatOp, idx: tuple[Idx, ...]) -> SSAValue:
        """repeat: the source's tile idx[dim] floordiv repeats, or the spensor source."""
        if not isinstance(op.source.type, NDSpensorType):
            return op.source
        dim, repeats = spensor.constant_int(op.dim), spensor.constant_int(op.repeats)
        assert dim is not None and repeats is not None
        source_idx = list(idx)
        source_idx[dim] = idx[dim].floordiv(repeats)
        return self.tile(op.source, tuple(source_idx))

    def tile_broadcast(self, op: spensor.NDBroadcastOp, idx: tuple[Idx, ...]) -> SSAValue:
        """broadcast: the source's tile with broadcast (size-1) grid dims at 0."""
        source = op.source.type
        if not isinstance(source, NDSpensorType):
            return op.source
        offset = len(idx) - len(source.grid)
        source_idx = tuple(Idx.const(0) if g == 1 else idx[offset + d] for d, g in enumerate(source.grid))
        return self.tile(op.source, source_idx)

    def tile_combine(self, op: spensor.NDCombineOp, idx: tuple[Idx, ...]) -> SSAValue:
        """combine: a buffer in the destination memory, filled slice by slice by a
        child loop over grid dim `nd_dim`."""
        source = op.source.type
        result = op.result.type
        assert isinstance(source, NDSpensorType) and isinstance(result, NDSpensorType)
        nd_dim, dim = spensor.constant_int(op.nd_dim), spensor.constant_int(op.dim)
        assert nd_dim is not None and dim is not None
        outer = list(idx) if len(source.grid) > 1 else []
        at = self.place_index([], result.level, tuple(outer))
        buffer = self.alloc(at, result.tile, op)
        size = source.tile.shape[dim]
        with self.open_loop(at, (source.grid[nd_dim],), self.child_tag(at, source.level), op) as frame:
            (j,) = frame.ivs
            source_idx = (*outer[:nd_dim], Idx.of(j), *outer[nd_dim:])
            offsets = [Idx.const(0)] * len(source.tile.shape)
            offsets[dim] = Idx.of(j).scaled(size)
            self.store(
                op.source,
                source_idx,
                lambda: self.subview(
                    buffer, offsets, source.tile.shape, source.tile.with_memory(result.memory), op
                ),
                op,
            )
        return buffer

    def tile_reduce(self, op: spensor.NDReduceOp, idx: tuple[Idx, ...]) -> SSAValue:
        """reduce: the partial tiles stacked in a buffer [n, *tile] by a child loop over
        the reduced grid dims, then added up (sequentially or as a tree)."""
        source = op.source.type
        result = op.result.type
        assert isinstance(source, NDSpensorType) and isinstance(result, NDSpensorType)
        dims = op.dims
        kept = [d for d in range(len(source.grid)) if d not in dims]
        outer = list(idx) if kept else []
        at = self.place_index([], result.level, tuple(outer))
        count = prod(source.grid[d] for d in dims)
        tile = result.tile
        stack_type = tile.with_shape((count, *tile.shape))
        stacked = self.alloc(at, stack_type, op)
        tag = self.child_tag(at, source.level)
        with self.open_loop(at, tuple(source.grid[d] for d in dims), tag, op) as frame:
            source_idx: list[Idx] = [Idx.const(0)] * len(source.grid)
            for d, k in zip(kept, outer):
                source_idx[d] = k
            strides = [prod(source.grid[e] for e in dims[i + 1 :]) for i in range(len(dims))]
            for d, iv in zip(dims, frame.ivs):
                source_idx[d] = Idx.of(iv)
            position = Idx.linear([(Idx.of(iv), s) for iv, s in zip(frame.ivs, strides)])
            self.store(op.source, tuple(source_idx), lambda: self.piece(stacked, position, op), op)
        if self.reduce_strategy == "tree":
            return self.reduce_tree(op, at, stacked, count, tag)
        return self.reduce_sequential(op, at, stacked, count, tag)

    def reduce_sequential(
        self, op: spensor.NDReduceOp, at: int, stacked: SSAValue, count: int, tag: str
    ) -> SSAValue:
        """One core adds the pieces up in an `scf.for` carrying the accumulator."""
        result = spensor.tile_of(op.result.type)
        compute = spensor.tile_of(stacked.type).with_memory(self._memory(tag)).with_shape(result.shape)
        buffer = self.alloc(at, result, op)
        with self.open_loop(at, (1,), tag, op):
            first = self.piece(stacked, Idx.const(0), op)
            acc = self.emit([first], tag, spensor.MoveOp(first, compute.memory), pinned=True)
            if count > 1:
                acc = self.accumulate_loop(stacked, acc, count, compute, op)
            self.insert(len(self.stack) - 1, [spensor.MoveToOp(acc, buffer)])
        return buffer

    def accumulate_loop(
        self, stacked: SSAValue, init: SSAValue, count: int, compute: SpensorType, op: Operation
    ) -> SSAValue:
        """`scf.for %k = 1 to count iter_args(%acc = init)`: acc += move(piece k)."""
        lower, upper, step = index_constant(1), index_constant(count), index_constant(1)
        body = Block(arg_types=[IndexType(), init.type])
        k, acc = body.args
        stack_type = stacked.type
        assert isinstance(stack_type, SpensorType)
        zeros = [index_constant(0) for _ in compute.shape]
        sizes = [index_constant(s) for s in (1, *compute.shape)]
        ones = [index_constant(1) for _ in sizes]
        piece = spensor.SubviewOp(stacked, [k, *zeros], sizes, ones, stack_type.with_shape(compute.shape))
        moved = spensor.MoveOp(piece, compute.memory)
        total = spensor.AddOp(acc, moved, self_assign=True)
        body.add_ops([*zeros, *sizes, *ones, piece, moved, total, scf.YieldOp(total)])
        loop = scf.ForOp(lower, upper, step, [init], Region(body))
        self.insert(len(self.stack) - 1, [lower, upper, step, loop])
        return loop.results[0]

    def reduce_tree(
        self, op: spensor.NDReduceOp, at: int, stacked: SSAValue, count: int, tag: str
    ) -> SSAValue:
        """Rounds of pairwise adds across cores: piece[2si] += piece[2si + s] for
        s = 1, 2, 4, ...; the sum ends in piece 0."""
        memory = self._memory(tag)
        span = 1
        while span < count:
            pairs = (count - span + 2 * span - 1) // (2 * span)
            with self.open_loop(at, (pairs,), tag, op) as frame:
                (i,) = frame.ivs
                first = self.piece(stacked, Idx.of(i).scaled(2 * span), op)
                second = self.piece(stacked, Idx.linear([(Idx.of(i), 2 * span)], span), op)
                a = self.emit([first], tag, spensor.MoveOp(first, memory), pinned=True)
                b = self.emit([second], tag, spensor.MoveOp(second, memory), pinned=True)
                total = self.emit([a, b], tag, spensor.AddOp(a, b, self_assign=True), pinned=True)
                self.insert(len(self.stack) - 1, [spensor.MoveToOp(total, first)])
            span *= 2
        return self.piece(stacked, Idx.const(0), op)

    # -- building blocks -------------------------------------------------------

    def piece(self, stacked: SSAValue, position: Idx, op: Operation) -> SSAValue:
        """Piece `position` of a stack buffer [n, *tile], as a rank-reduced subview."""
        t = stacked.type
        assert isinstance(t, SpensorType)
        tile_shape = t.shape[1:]
        offsets = [position, *[Idx.const(0)] * len(tile_shape)]
        return self.subview(stacked, offsets, (1, *tile_shape), t.with_shape(tile_shape), op)

    def subview(
        self,
        source: SSAValue,
        offsets: Sequence[Idx],
        sizes: Sequence[int],
        result_type: SpensorType,
        origin: Operation,
    ) -> SSAValue:
        """`spensor.subview` (strides 1) in the outermost frame where it can live."""
        level = spensor.tile_of(source.type).level
        ivs = [iv for o in offsets for iv in o.ivs]
        at = self.place_index([source, *ivs], level)
        ops: list[Operation] = []
        offset_values = [self.materialize(o, ops) for o in offsets]
        size_ops = [index_constant(s) for s in sizes]
        stride_ops = [index_constant(1) for _ in sizes]
        view = spensor.SubviewOp(source, offset_values, size_ops, stride_ops, result_type)
        self.insert(at, [*ops, *size_ops, *stride_ops, view])
        return self.record(view.result, at)

    def materialize(self, idx: Idx, ops: list[Operation]) -> SSAValue:
        """An index SSA value for `idx`, appending the ops that compute it to `ops`."""
        value = idx.constant_value
        if value is not None:
            constant = index_constant(value)
            ops.append(constant)
            return constant.result
        if idx.expr == AffineExpr.symbol(0) and len(idx.ivs) == 1:
            return idx.ivs[0]
        apply = affine.ApplyOp(list(idx.ivs), AffineMapAttr(AffineMap(0, len(idx.ivs), (idx.expr,))))
        ops.append(apply)
        return apply.result

    def alloc(self, at: int, t: SpensorType, origin: Operation) -> SSAValue:
        """`alloc_spensor(get_memory(...))` in frame `at`."""
        memory = spensor.GetMemoryOp(self.stack[at].ivs, t.memory)
        buffer = spensor.AllocSpensorOp(memory, t)
        self.insert(at, [memory, buffer])
        return self.record(buffer.result, at)

    def emit(self, deps: Sequence[SSAValue], level: str, op: Operation, pinned: bool = False) -> SSAValue:
        """Inserts `op` in the outermost frame where `deps` exist and `level` may live
        (the innermost frame if `pinned`); returns its result."""
        at = len(self.stack) - 1 if pinned else self.place_index(deps, level)
        self.insert(at, [op])
        return self.record(op.results[0], at)

    def place_index(self, deps: Sequence[SSAValue], level: str, idx: Sequence[Idx] = ()) -> int:
        """The outermost frame (index) below the frames of `deps` and of the ivs of
        `idx`, whose level is at least as deep as `level`."""
        depth = self.table.depth(level)
        at = next((i for i, f in enumerate(self.stack) if f.depth >= depth), None)
        assert at is not None, f'no loop on memory "{level}" to place an op in'
        for value in [*deps, *(iv for i in idx for iv in i.ivs)]:
            at = max(at, self.stack.index(self.frame_of(value)))
        return at

    def frame_of(self, value: SSAValue) -> Frame:
        frame = self._frames.get(value) or self._iv_frames.get(value)
        return frame if frame is not None and frame in self.stack else self.stack[0]

    def record(self, value: SSAValue, at: int) -> SSAValue:
        self._frames[value] = self.stack[at]
        return value

    def insert(self, at: int, ops: Sequence[Operation]) -> None:
        frame = self.stack[at]
        before = frame.anchor if at == len(self.stack) - 1 else frame.child
        assert before is not None
        if self._origins:
            locate(ops, self._origins[-1].location)
        Rewriter.insert_op(list(ops), InsertPoint.before(before))

    def child_tag(self, at: int, level: str) -> str:
        """The tag of a loop in frame `at` over tiles in `level`: the deeper of the two."""
        frame = self.stack[at]
        if self.table.depth(level) > frame.depth:
            return level
        return frame.tag or self.table.segment_level

    def _memory(self, level: str) -> spensor.MemoryType:
        return spensor.MemoryType(level, self.table[level].shape)

    @contextmanager
    def open_loop(self, at: int, bounds: Sequence[int], tag: str, origin: Operation) -> Iterator[Frame]:
        """A new `scf.parallel` in frame `at`; inside the block, frames deeper than
        `at` are out of reach."""
        consts, loop = parallel_loop(bounds, tag)
        self.insert(at, [*consts, loop])
        parent = self.stack[at]
        self.loops.append(LoopRecord(tuple(bounds), tag, parent.loop_id))
        terminator = loop.body.block.last_op
        assert terminator is not None
        frame = Frame(loop.body.block, tag, self.table.depth(tag), terminator, len(self.loops) - 1)
        for iv in frame.ivs:
            self._iv_frames[iv] = frame
        saved, saved_child = self.stack, parent.child
        self.stack = [*self.stack[: at + 1], frame]
        parent.child = loop
        self.placements.setdefault(origin, set()).add(frame.loop_id)
        try:
            yield frame
        finally:
            self.stack = saved
            parent.child = saved_child


def _level(value: SSAValue) -> str:
    return spensor.tile_of(value.type).level


def _is_nd_op(op: Operation) -> bool:
    return any(isinstance(r.type, NDSpensorType) for r in op.results)


def _defined_later(op: Operation, seen: set[Operation]) -> int | None:
    """The index of the first operand of `op` defined by an op of its block that is not
    among the ops `seen` before it (`op` itself or an op after it), or None."""
    block = op.parent_block()
    for index, operand in enumerate(op.operands):
        owner = operand.owner
        if isinstance(owner, Operation) and owner.parent_block() is block and owner not in seen:
            return index
    return None


def _unsupported(op: Operation) -> str | None:
    """Why an op with ndspensor operands cannot be expanded, or None."""
    if isinstance(op, spensor.AddOp) and op.is_self_assign and isinstance(op.lhs.type, NDSpensorType):
        return "spensor.add with self_assign = true on ndspensors cannot be expanded; use a plain add"
    if (
        isinstance(op, spensor.FillOp)
        and isinstance(op.outputs.type, NDSpensorType)
        and not op.outputs.has_one_use()
    ):
        return "spensor.fill on an ndspensor that is used again cannot be expanded; use its result"
    nd_operands = any(isinstance(v.type, NDSpensorType) for v in op.operands)
    if (
        nd_operands
        and not _is_nd_op(op)
        and not isinstance(op, spensor.MoveToOp | spensor.CombineToSpensorOp)
    ):
        return f"{op.name} uses an ndspensor, which cannot be expanded"
    return None


_RULES: dict[type[Operation], Callable[[Expander, Any, tuple[Idx, ...]], SSAValue]] = {
    spensor.SplitOp: Expander.tile_split,
    spensor.SplitAllOp: Expander.tile_split_all,
    spensor.MoveOp: Expander.tile_move,
    spensor.AddOp: Expander.tile_add,
    spensor.MatmulOp: Expander.tile_matmul,
    spensor.ReduceSumOp: Expander.tile_reduce_sum,
    spensor.FillOp: Expander.tile_fill,
    spensor.NDRepeatOp: Expander.tile_repeat,
    spensor.NDBroadcastOp: Expander.tile_broadcast,
    spensor.NDCombineOp: Expander.tile_combine,
    spensor.NDReduceOp: Expander.tile_reduce,
}
"""The emission rule of each op that produces an ndspensor."""


def expansion_problems(module: ModuleOp, table: MemoryTable) -> list[Problem]:
    """Every op of `module` the expansion cannot handle: undeclared memories, and what
    `Expander.problems` finds in each function."""
    problems = undeclared_memories(module, table)
    for function in functions(module):
        if not function.is_declaration:
            problems += Expander(function, table).problems()
    return problems


def expand_function(function: func.FuncOp, table: MemoryTable, reduce_strategy: ReduceStrategy) -> Expander:
    """Expands `function`, which `expansion_problems` found nothing wrong with."""
    expander = Expander(function, table, reduce_strategy)
    expander.run()
    return expander


def loops_attr(loops: Sequence[LoopRecord]) -> ArrayAttr:
    return ArrayAttr([loop.to_attr() for loop in loops])


@dataclass(frozen=True)
class LoopReport:
    """The loop nest the expansion of a function builds, and the loops in which each
    of its ops is computed (the ops of the unexpanded function)."""

    loops: list[LoopRecord]
    placements: dict[Operation, set[int]]


def report_loops(function: func.FuncOp, table: MemoryTable, reduce_strategy: ReduceStrategy) -> LoopReport:
    """What expanding `function` builds, found by expanding a copy (`function` is unchanged)."""
    copy = function.clone()
    originals = dict(zip(copy.walk(), function.walk()))
    expander = expand_function(copy, table, reduce_strategy)
    placements = {originals[op]: ids for op, ids in expander.placements.items() if op in originals}
    copy.erase(safe_erase=False)
    return LoopReport(expander.loops, placements)


@dataclass(frozen=True)
class SpensorExpandParallelPass(ModulePass):
    """
    Expands every ndspensor op into spensor ops inside `scf.parallel` loops tagged
    with `memory_tag`; `reduce-strategy` chooses how `ndspensor.reduce` adds its
    partial tiles: "sequential" (one core, `scf.for`) or "tree" (pairwise across cores).
    The loop nest it builds is the one `spensor-parallel-analysis` reports; if that
    report is attached, it must still match.
    """

    name = "spensor-expand-parallel"

    reduce_strategy: ReduceStrategy = "sequential"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        table = memory_table(op, self.name)
        fail_at_ops(self.name, expansion_problems(op, table))
        stale: list[Problem] = []
        for function in functions(op):
            reported = function.attributes.get(PARALLEL_LOOPS)
            if reported is not None and not function.is_declaration:
                expected = loops_attr(report_loops(function, table, self.reduce_strategy).loops)
                if reported != expected:
                    why = "the attached spensor.parallel_loops no longer match the program; rerun spensor-parallel-analysis"
                    stale.append((function, why))
        fail_at_ops(self.name, stale)
        for function in functions(op):
            function.attributes.pop(PARALLEL_LOOPS, None)
            for inner in function.walk():
                inner.attributes.pop(LOOPS, None)
            if not function.is_declaration:
                expand_function(function, table, self.reduce_strategy)


__all__ = [
    "Expander",
    "Idx",
    "LoopRecord",
    "LoopReport",
    "ReduceStrategy",
    "SpensorExpandParallelPass",
    "expand_function",
    "expansion_problems",
    "loops_attr",
    "report_loops",
]
