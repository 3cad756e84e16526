"""Numpy-backed interpreter functions for the `spensor` and `ndspensor` dialects.

Runtime values: a spensor is a numpy array of its element dtype (its memory level
is known from its type); an ndspensor is a numpy *object* array of the grid's shape
whose elements are the tiles' arrays; a `!spensor.memory` handle is its level name.

Buffer semantics follow the original: `move`, `add`, `matmul`, `reduce_sum`,
`combine`, `reduce` and `combine_to_spensor` create new buffers; `split`,
`split_all`, `subview`, `repeat` and `broadcast` give views (writes through them
reach the source); `move_to`, `fill` and `add {self_assign = true}` write into
their destination. `alloc_spensor` is uninitialised: NaN for floats.

The interpreter also keeps a `MemoryProfile` (interpreter data, see
`memory_profile`): the bytes each `move` / `move_to` / `combine` / `reduce`
transfers between levels, and the peak bytes resident per level. A buffer is
resident from the op that creates it until the first spensor op after its last
use (views cost nothing); function arguments count from their first use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import spensor
from nnstack.dialects.spensor import NDSpensorType, SpensorType, int_tuple
from nnstack.dialects.values import as_dtype, numpy_dtype
from nnstack.interpreters.memref import strided_view, uninitialised

_PROFILE = "profile"

# ---------------------------------------------------------------------------
# Runtime values
# ---------------------------------------------------------------------------


def make_grid(shape: Sequence[int], tile: Callable[[tuple[int, ...]], np.ndarray]) -> np.ndarray:
    """An ndspensor value: an object array whose element at `index` is `tile(index)`."""
    grid = np.empty(tuple(shape), dtype=object)
    for index in product(*(range(s) for s in shape)):
        grid[index] = tile(index)
    return grid


def grid_indices(grid: np.ndarray) -> Iterator[tuple[int, ...]]:
    return product(*(range(s) for s in grid.shape))


def map_tiles(value: Any, t: Attribute, fn: Callable[..., np.ndarray], *others: Any) -> Any:
    """`fn` applied per tile of an ndspensor (with the tiles of `others` at the same
    grid index), or to the arrays themselves for a spensor or tensor."""
    if isinstance(t, NDSpensorType):
        return make_grid(value.shape, lambda i: fn(value[i], *(o[i] for o in others)))
    return fn(value, *others)


def from_array(t: Attribute, array: Any, what: str = "value") -> Any:
    """The runtime value of type `t` (a spensor / ndspensor type) for a numpy array.

    An ndspensor takes an array of shape grid + tile (tiles are views of it) or an
    object array of tiles.
    """
    tile = spensor.tile_type(t)
    assert tile is not None
    dtype = numpy_dtype(tile.scalar_type)
    grid = spensor.grid_of(t)
    if isinstance(array, np.ndarray) and array.dtype == object and grid:
        if array.shape != grid:
            raise ValueError(f"{what}: expected a grid of shape {list(grid)}, got {list(array.shape)}")
        return make_grid(grid, lambda i: from_array(tile, array[i], what))
    array = np.asarray(array, dtype)
    expected = (*grid, *tile.shape)
    if array.shape != expected:
        raise ValueError(
            f"{what}: expected an array of shape {list(expected)} for {t}, got {list(array.shape)}"
        )
    if not grid:
        return array
    return make_grid(grid, lambda i: array[i])


def to_array(value: Any) -> np.ndarray:
    """A runtime value as one numpy array: an ndspensor's tiles stacked (grid + tile)."""
    if isinstance(value, np.ndarray) and value.dtype == object:
        return np.stack([np.asarray(value[i]) for i in grid_indices(value)]).reshape(
            value.shape + np.shape(value[(0,) * value.ndim])
        )
    return np.asarray(value)


def nbytes(value: Any) -> int:
    """Bytes held by a spensor value (all tiles of an ndspensor)."""
    if isinstance(value, np.ndarray) and value.dtype == object:
        return sum(int(np.asarray(value[i]).nbytes) for i in grid_indices(value))
    return int(np.asarray(value).nbytes)


# ---------------------------------------------------------------------------
# Memory profile
# ---------------------------------------------------------------------------


@dataclass
class MemoryProfile:
    """Data moved between memory levels and the peak bytes resident per level."""

    transfers: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    """(from level, to level) -> [bytes, tiles]."""
    resident: dict[str, int] = field(default_factory=dict)
    peak: dict[str, int] = field(default_factory=dict)
    live: dict[SSAValue, tuple[str, int]] = field(default_factory=dict)
    """Values owning a buffer: level and bytes."""
    views: dict[SSAValue, set[SSAValue]] = field(default_factory=dict)
    """Values and the views of them (which keep their buffer resident)."""
    _positions: dict[Block, dict[Operation, int]] = field(default_factory=dict)
    _lifetimes: dict[SSAValue, tuple[Block, int, int]] = field(default_factory=dict)

    def transfer(self, source: str, dest: str, size: int, tiles: int) -> None:
        entry = self.transfers.setdefault((source, dest), [0, 0])
        entry[0] += size
        entry[1] += tiles

    def allocate(self, value: SSAValue, level: str, size: int) -> None:
        self.release(value)
        self.live[value] = (level, size)
        self.resident[level] = self.resident.get(level, 0) + size
        self.peak[level] = max(self.peak.get(level, 0), self.resident[level])

    def release(self, value: SSAValue) -> None:
        if value in self.live:
            level, size = self.live.pop(value)
            self.resident[level] -= size

    def add_view(self, source: SSAValue, view: SSAValue) -> None:
        self.views.setdefault(source, set()).add(view)

    def hand_over(self, source: SSAValue, dest: SSAValue) -> None:
        """`dest` now names the buffer of `source` (an in-place op's result)."""
        if source in self.live and source is not dest:
            self.release(dest)
            self.live[dest] = self.live.pop(source)

    # -- liveness --------------------------------------------------------------

    def _position(self, op: Operation) -> int:
        block = op.parent_block()
        assert block is not None
        if block not in self._positions:
            self._positions[block] = {o: i for i, o in enumerate(block.ops)}
        return self._positions[block][op]

    def _lifetime(self, value: SSAValue) -> tuple[Block, int, int]:
        """(defining block, definition index (-1 for block args), index of the op of
        that block that holds the last use)."""
        if value not in self._lifetimes:
            if isinstance(value, BlockArgument):
                block, first = value.block, -1
            else:
                owner = value.owner
                assert isinstance(owner, Operation)
                block, first = owner.parent_block(), self._position(owner)
            assert block is not None
            last = first
            for use in value.uses:
                holder = block.find_ancestor_op_in_block(use.operation)
                if holder is not None:
                    last = max(last, self._position(holder))
            self._lifetimes[value] = (block, first, last)
        return self._lifetimes[value]

    def collect(self, op: Operation, after: bool) -> None:
        """Releases the buffers dead at `op`: before it runs (`after=False`), those
        last used earlier or defined by a previous iteration; after it ran, also
        those it used last."""
        function = _enclosing_function(op)
        for value in list(self.live):
            if self._is_dead(value, op, after, function, set()):
                self.release(value)

    def _is_dead(
        self, value: SSAValue, op: Operation, after: bool, function: Operation | None, seen: set[SSAValue]
    ) -> bool:
        """Whether neither `value` nor any view of it is used at or after `op`."""
        seen.add(value)
        block, first, last = self._lifetime(value)
        owner = block.parent_op()
        if owner is None or _enclosing_function_or_self(owner) is not function:
            return False
        holder = block.find_ancestor_op_in_block(op)
        if holder is not None:
            position = self._position(holder)
            ended = after and last == position and holder is op
            if first <= position and (position < last or (position == last and not ended)):
                return False
        return all(
            self._is_dead(view, op, after, function, seen)
            for view in self.views.get(value, ())
            if view not in seen
        )

    def table(self) -> str:
        """The profile as a printable table."""
        lines = ["memory transfers:", f"  {'from':<6} {'to':<6} {'bytes':>12} {'tiles':>8}"]
        for (source, dest), (size, tiles) in sorted(self.transfers.items()):
            lines.append(f"  {source:<6} {dest:<6} {size:>12} {tiles:>8}")
        if not self.transfers:
            lines.append("  (none)")
        lines.append("peak resident bytes:")
        for level, size in sorted(self.peak.items()):
            lines.append(f"  {level:<6} {size:>12}")
        if not self.peak:
            lines.append("  (none)")
        return "\n".join(lines)


def _enclosing_function(op: Operation) -> Operation | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return parent


def _enclosing_function_or_self(op: Operation) -> Operation | None:
    return op if isinstance(op, func.FuncOp) else _enclosing_function(op)


def memory_profile(interpreter: Interpreter) -> MemoryProfile:
    """The memory profile of everything this interpreter ran so far."""
    return interpreter.get_data(SpensorFunctions, _PROFILE, MemoryProfile)


# ---------------------------------------------------------------------------
# Implementations
# ---------------------------------------------------------------------------


def _level(t: Attribute) -> str:
    return spensor.tile_of(t).level


def _dtype(t: Attribute) -> np.dtype[Any]:
    """The numpy dtype of the elements of a spensor, ndspensor or tensor type."""
    element = spensor.scalar_type_of(t)
    assert element is not None, f"{t} has no elements"
    return numpy_dtype(element)


@register_impls
class SpensorFunctions(InterpreterFunctions):
    """spensor and ndspensor ops on numpy arrays and object grids of them."""

    # -- bookkeeping -------------------------------------------------------------

    @staticmethod
    def _begin(interpreter: Interpreter, op: Operation) -> MemoryProfile:
        """Releases dead buffers and registers function arguments on first use."""
        profile = memory_profile(interpreter)
        profile.collect(op, after=False)
        for operand in op.operands:
            if (
                isinstance(operand, BlockArgument)
                and isinstance(operand.block.parent_op(), func.FuncOp)
                and operand not in profile.live
                and spensor.tile_type(operand.type) is not None
            ):
                profile.allocate(operand, _level(operand.type), nbytes(interpreter.get_values((operand,))[0]))
        return profile

    @classmethod
    def _view(cls, interpreter: Interpreter, op: Operation, results: PythonValues) -> PythonValues:
        """Bookkeeping of an op whose result is a view of its first operand: the view
        keeps the operand's buffer resident."""
        profile = cls._begin(interpreter, op)
        profile.add_view(op.operands[0], op.results[0])
        return cls._end(profile, op, results, owned=False)

    @staticmethod
    def _end(
        profile: MemoryProfile, op: Operation, results: PythonValues, owned: bool = True
    ) -> PythonValues:
        """Registers the new buffers of `op`'s results, then releases what `op` used last."""
        if owned:
            for result, value in zip(op.results, results):
                if spensor.tile_type(result.type) is not None:
                    profile.allocate(result, _level(result.type), nbytes(value))
        profile.collect(op, after=True)
        return results

    # -- spensor ops -----------------------------------------------------------

    @impl(spensor.DeclareMemoryOp)
    def run_declare_memory(
        self, interpreter: Interpreter, op: spensor.DeclareMemoryOp, args: PythonValues
    ) -> PythonValues:
        return ()

    @impl(spensor.GetMemoryOp)
    def run_get_memory(
        self, interpreter: Interpreter, op: spensor.GetMemoryOp, args: PythonValues
    ) -> PythonValues:
        return (op.memory_name.data,)

    @impl(spensor.AllocSpensorOp)
    def run_alloc_spensor(
        self, interpreter: Interpreter, op: spensor.AllocSpensorOp, args: PythonValues
    ) -> PythonValues:
        profile = self._begin(interpreter, op)
        t = op.result.type
        assert isinstance(t, SpensorType)
        return self._end(profile, op, (uninitialised(t.shape, t.scalar_type),))

    @impl(spensor.SplitOp)
    def run_split(self, interpreter: Interpreter, op: spensor.SplitOp, args: PythonValues) -> PythonValues:
        source, n, dim = args[0], int(args[1]), int(args[2])
        size = source.shape[dim] // n

        def tile(index: tuple[int, ...]) -> np.ndarray:
            slices = [slice(None)] * source.ndim
            slices[dim] = slice(index[0] * size, (index[0] + 1) * size)
            return source[tuple(slices)]

        return self._view(interpreter, op, (make_grid((n,), tile),))

    @impl(spensor.SplitAllOp)
    def run_split_all(
        self, interpreter: Interpreter, op: spensor.SplitAllOp, args: PythonValues
    ) -> PythonValues:
        (source,) = args
        partitions = int_tuple(op.num_partitions)
        result = op.result.type
        assert isinstance(result, NDSpensorType)
        tile_shape = result.tile.shape
        split_dims = [d for d, p in enumerate(partitions) if p != 1]

        def tile(index: tuple[int, ...]) -> np.ndarray:
            starts = [0] * source.ndim
            for d, k in zip(split_dims, index):
                starts[d] = k * tile_shape[d]
            return source[tuple(slice(s, s + n) for s, n in zip(starts, tile_shape))]

        return self._view(interpreter, op, (make_grid(result.grid, tile),))

    @impl(spensor.SubviewOp)
    def run_subview(
        self, interpreter: Interpreter, op: spensor.SubviewOp, args: PythonValues
    ) -> PythonValues:
        rank = len(op.offsets)
        source = args[0]
        offsets = [int(v) for v in args[1 : 1 + rank]]
        sizes = [int(v) for v in args[1 + rank : 1 + 2 * rank]]
        strides = [int(v) for v in args[1 + 2 * rank :]]
        result = op.result.type
        assert isinstance(result, SpensorType)
        return self._view(
            interpreter, op, (strided_view(op.name, source, offsets, sizes, strides, result.shape),)
        )

    @impl(spensor.MoveOp)
    def run_move(self, interpreter: Interpreter, op: spensor.MoveOp, args: PythonValues) -> PythonValues:
        profile = self._begin(interpreter, op)
        (source,) = args
        t = op.source.type
        result = map_tiles(source, t, lambda a: np.array(a, copy=True))
        tiles = source.size if isinstance(t, NDSpensorType) else 1
        profile.transfer(_level(t), op.memory_name.data, nbytes(source), tiles)
        return self._end(profile, op, (result,))

    @impl(spensor.MoveToOp)
    def run_move_to(self, interpreter: Interpreter, op: spensor.MoveToOp, args: PythonValues) -> PythonValues:
        profile = self._begin(interpreter, op)
        source, dest = args
        t = op.source.type

        def copy(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
            if np.shape(src) != np.shape(dst):
                raise InterpretationError(
                    f"spensor.move_to: a source tile of shape {list(np.shape(src))} does not "
                    f"fit a destination tile of shape {list(np.shape(dst))}"
                )
            np.copyto(dst, src, casting="unsafe")
            return dst

        map_tiles(source, t, copy, dest)
        tiles = source.size if isinstance(t, NDSpensorType) else 1
        profile.transfer(_level(t), _level(op.destination.type), nbytes(source), tiles)
        return self._end(profile, op, ())

    @impl(spensor.AddOp)
    def run_add(self, interpreter: Interpreter, op: spensor.AddOp, args: PythonValues) -> PythonValues:
        profile = self._begin(interpreter, op)
        lhs, rhs = args
        t = op.lhs.type
        dtype = _dtype(t)
        if op.is_self_assign:

            def accumulate(a: np.ndarray, b: np.ndarray) -> np.ndarray:
                a[...] = as_dtype(np.add(a, b), dtype)
                return a

            map_tiles(lhs, t, accumulate, rhs)
            profile.hand_over(op.lhs, op.result)
            return self._end(profile, op, (lhs,), owned=False)
        with np.errstate(all="ignore"):
            result = map_tiles(lhs, t, lambda a, b: np.add(a, b, dtype=dtype), rhs)
        return self._end(profile, op, (result,))

    @impl(spensor.MatmulOp)
    def run_matmul(self, interpreter: Interpreter, op: spensor.MatmulOp, args: PythonValues) -> PythonValues:
        profile = self._begin(interpreter, op)
        lhs, rhs = args
        t = op.lhs.type
        dtype = _dtype(t)
        with np.errstate(all="ignore"):
            result = map_tiles(lhs, t, lambda a, b: as_dtype(np.matmul(a, b), dtype), rhs)
        return self._end(profile, op, (result,), owned=spensor.tile_type(t) is not None)

    @impl(spensor.ReduceSumOp)
    def run_reduce_sum(
        self, interpreter: Interpreter, op: spensor.ReduceSumOp, args: PythonValues
    ) -> PythonValues:
        profile = self._begin(interpreter, op)
        (operand,) = args
        t = op.operand.type
        dtype = _dtype(t)
        with np.errstate(all="ignore"):
            result = map_tiles(operand, t, lambda a: np.sum(a, axis=-1, keepdims=True, dtype=dtype))
        return self._end(profile, op, (result,), owned=spensor.tile_type(t) is not None)

    @impl(spensor.FillOp)
    def run_fill(self, interpreter: Interpreter, op: spensor.FillOp, args: PythonValues) -> PythonValues:
        """Writes into a spensor / ndspensor; a plain tensor gives a new tensor."""
        value, outputs = args
        t = op.outputs.type
        dtype = _dtype(t)
        if spensor.tile_type(t) is None:
            return (np.full(np.shape(outputs), as_dtype(value, dtype)),)
        profile = self._begin(interpreter, op)

        def fill(a: np.ndarray) -> np.ndarray:
            a[...] = as_dtype(value, dtype)
            return a

        map_tiles(outputs, t, fill)
        profile.hand_over(op.outputs, op.res)
        return self._end(profile, op, (outputs,), owned=False)

    @impl(spensor.StoreSpensorOp)
    def run_store_spensor(
        self, interpreter: Interpreter, op: spensor.StoreSpensorOp, args: PythonValues
    ) -> PythonValues:
        source, dest = args
        np.copyto(dest, source, casting="unsafe")
        return ()

    # -- ndspensor ops ---------------------------------------------------------

    @impl(spensor.NDCombineOp)
    def run_combine(
        self, interpreter: Interpreter, op: spensor.NDCombineOp, args: PythonValues
    ) -> PythonValues:
        profile = self._begin(interpreter, op)
        source, nd_dim, dim = args[0], int(args[1]), int(args[2])
        result_type = op.result.type
        assert isinstance(result_type, NDSpensorType)
        rest = [g for d, g in enumerate(source.shape) if d != nd_dim]

        def tile(index: tuple[int, ...]) -> np.ndarray:
            position = list(index[: len(rest)]) if rest else []
            pieces = []
            for k in range(source.shape[nd_dim]):
                full = position[:nd_dim] + [k] + position[nd_dim:]
                pieces.append(source[tuple(full)])
            return np.concatenate(pieces, axis=dim)

        result = make_grid(result_type.grid, tile)
        profile.transfer(_level(op.source.type), op.memory_name.data, nbytes(source), source.size)
        return self._end(profile, op, (result,))

    @impl(spensor.NDReduceOp)
    def run_reduce(
        self, interpreter: Interpreter, op: spensor.NDReduceOp, args: PythonValues
    ) -> PythonValues:
        profile = self._begin(interpreter, op)
        (source,) = args
        dims = op.dims
        result_type = op.result.type
        assert isinstance(result_type, NDSpensorType)
        kept = [d for d in range(source.ndim) if d not in dims]
        dtype = numpy_dtype(result_type.tile.scalar_type)

        def tile(index: tuple[int, ...]) -> np.ndarray:
            total = None
            for reduced in product(*(range(source.shape[d]) for d in dims)):
                full = [0] * source.ndim
                for d, k in zip(kept, index):
                    full[d] = k
                for d, k in zip(dims, reduced):
                    full[d] = k
                piece = source[tuple(full)]
                total = (
                    np.array(piece, dtype, copy=True) if total is None else np.add(total, piece, dtype=dtype)
                )
            assert total is not None
            return total

        with np.errstate(all="ignore"):
            result = make_grid(result_type.grid, tile)
        profile.transfer(_level(op.source.type), op.memory_name.data, nbytes(source), source.size)
        return self._end(profile, op, (result,))

    @impl(spensor.CombineToSpensorOp)
    def run_combine_to_spensor(
        self, interpreter: Interpreter, op: spensor.CombineToSpensorOp, args: PythonValues
    ) -> PythonValues:
        profile = self._begin(interpreter, op)
        (source,) = args
        source_type = op.source.type
        result_type = op.result.type
        assert isinstance(source_type, NDSpensorType) and isinstance(result_type, SpensorType)
        index_map = int_tuple(op.combine_index)
        tile_shape = source_type.tile.shape
        result = np.empty(result_type.shape, numpy_dtype(result_type.scalar_type))
        for index in grid_indices(source):
            starts = [0] * len(tile_shape)
            for d, k in enumerate(index):
                if source.shape[d] != 1:
                    starts[index_map[d]] = k * tile_shape[index_map[d]]
            result[tuple(slice(s, s + n) for s, n in zip(starts, tile_shape))] = source[index]
        return self._end(profile, op, (result,))

    @impl(spensor.NDRepeatOp)
    def run_repeat(
        self, interpreter: Interpreter, op: spensor.NDRepeatOp, args: PythonValues
    ) -> PythonValues:
        source, repeats, dim = args[0], int(args[1]), int(args[2])
        result_type = op.result.type
        assert isinstance(result_type, NDSpensorType)
        if not isinstance(op.source.type, NDSpensorType):
            return self._view(interpreter, op, (make_grid(result_type.grid, lambda i: source),))

        def tile(index: tuple[int, ...]) -> np.ndarray:
            full = list(index)
            full[dim] //= repeats
            return source[tuple(full)]

        return self._view(interpreter, op, (make_grid(result_type.grid, tile),))

    @impl(spensor.NDBroadcastOp)
    def run_broadcast(
        self, interpreter: Interpreter, op: spensor.NDBroadcastOp, args: PythonValues
    ) -> PythonValues:
        (source,) = args
        target = int_tuple(op.dimensions)
        if not isinstance(op.source.type, NDSpensorType):
            return self._view(interpreter, op, (make_grid(target, lambda i: source),))
        offset = len(target) - source.ndim

        def tile(index: tuple[int, ...]) -> np.ndarray:
            return source[tuple(0 if g == 1 else k for g, k in zip(source.shape, index[offset:]))]

        return self._view(interpreter, op, (make_grid(target, tile),))


__all__ = [
    "MemoryProfile",
    "SpensorFunctions",
    "from_array",
    "make_grid",
    "memory_profile",
    "to_array",
]
