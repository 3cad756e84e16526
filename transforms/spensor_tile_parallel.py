"""The `spensor-tile-parallel` pass: parallel loops fitted onto their memory's core grid.

MLIR-AIR maps the bounds of the innermost `scf.parallel` onto a herd of cores and
rejects bounds the core grid cannot hold ("Invalid Placement"). For every
`scf.parallel` tagged with a memory whose shape is not empty (L1 = [4, 4] on
Phoenix, [8, 4] on Strix), bounds that do not fit are split into a parallel part,
placed on the core grid, and a sequential part, run by `scf.for`.

The parallel part uses as many cores as possible: every assignment of core-grid
dims to loop dims is tried, each core dim taking the largest divisor of what is
left of its loop bound that fits; one bound may span several core dims. So (8,)
on [4, 4] runs on 4x2 = 8 cores, (8, 8) on [4, 4] on 16 cores with 2x2 steps each,
(12,) on [8, 4] on 6x2 cores, while (7,) on [4] stays sequential (7 is prime).
Loops that already fit are left alone.

The `tiling` option chooses where the sequential part goes:

- "spatial": `scf.for { scf.parallel }`: every step uses the whole grid on
  neighbouring indices, index = step * cores + core (cyclic distribution);
- "temporal": `scf.parallel { scf.for }`: each core sweeps its own contiguous
  block in time, index = core * steps + step (block distribution).

The original index of each loop dim is rebuilt with `affine.apply` (symbols only)
at the top of the innermost body. A tagged loop that does not fit and cannot be tiled
(bounds that are not constants from 0 step 1, reductions) fails the pass, which then
changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from math import prod
from typing import Literal

from xdsl.context import Context
from xdsl.dialects import affine, scf
from xdsl.dialects.builtin import AffineMapAttr, IndexType, ModuleOp, StringAttr
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from nnstack.transforms.spensor_utils import (
    MEMORY_TAG,
    MemoryTable,
    constant_bounds,
    index_constant,
    loop_tag,
    memory_table,
)
from nnstack.transforms.utils import LocatedRewriteWalker, Problem, fail_at_ops

Tiling = Literal["spatial", "temporal"]
"""Where the sequential part of a tiled loop goes (see the module docstring)."""


@dataclass(frozen=True)
class TilePlan:
    """How the bounds of one loop are split: per core dim, the loop dim it serves
    (or None) and its size; per loop dim, the sequential steps left."""

    cores: tuple[tuple[int | None, int], ...]
    steps: tuple[int, ...]

    @property
    def parallelism(self) -> int:
        return prod(size for _, size in self.cores)

    def core_dims_of(self, loop_dim: int) -> list[int]:
        return [c for c, (d, size) in enumerate(self.cores) if d == loop_dim and size > 1]


def _largest_divisor_at_most(n: int, limit: int) -> int:
    return max(d for d in range(1, min(n, limit) + 1) if n % d == 0)


def plan_tiling(bounds: Sequence[int], grid: Sequence[int]) -> TilePlan:
    """The split of `bounds` onto core grid `grid` using the most cores (the first
    such assignment in lexicographic order of core dim -> loop dim)."""
    best: TilePlan | None = None
    for assignment in product([*range(len(bounds)), None], repeat=len(grid)):
        left = list(bounds)
        cores: list[tuple[int | None, int]] = []
        for core_size, loop_dim in zip(grid, assignment):
            if loop_dim is None:
                cores.append((None, 1))
                continue
            size = _largest_divisor_at_most(left[loop_dim], core_size)
            left[loop_dim] //= size
            cores.append((loop_dim, size))
        plan = TilePlan(tuple(cores), tuple(left))
        if best is None or plan.parallelism > best.parallelism:
            best = plan
    assert best is not None
    return best


def fits(bounds: Sequence[int], grid: Sequence[int]) -> bool:
    return len(bounds) <= len(grid) and all(b <= g for b, g in zip(bounds, grid))


def tiling_bounds(op: scf.ParallelOp, table: MemoryTable) -> tuple[list[int], tuple[int, ...]] | str | None:
    """The bounds of a tagged loop and the core grid it must be fitted onto; None if it
    needs no tiling (no tag, no grid, already fits); why not if it cannot be tiled."""
    tag = loop_tag(op)
    if tag is None or tag not in table or "spensor.tiled" in op.attributes:
        return None
    grid = table[tag].shape
    if not grid:
        return None
    constant = constant_bounds(op)
    if constant is None or any(lb != 0 for lb in constant[0]) or any(s != 1 for s in constant[2]):
        return "can only tile parallel loops with constant bounds from 0 step 1"
    if op.initVals:
        return "cannot tile a parallel loop with reductions"
    return None if fits(constant[1], grid) else (constant[1], grid)


def tiling_problems(module: ModuleOp, table: MemoryTable) -> list[Problem]:
    return [
        (op, why)
        for op in module.walk()
        if isinstance(op, scf.ParallelOp) and isinstance(why := tiling_bounds(op, table), str)
    ]


@dataclass(frozen=True)
class TileParallelLoop(RewritePattern):
    """
    Rewrites an `scf.parallel` with constant bounds 0..n step 1, tagged with a memory
    whose core grid cannot hold it, into `scf.for` + `scf.parallel` (see the module
    docstring); the body is moved unchanged, its induction variables rebuilt by
    `affine.apply ()[s...] -> (...)`.
    """

    table: MemoryTable
    mode: Tiling

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.ParallelOp, rewriter: PatternRewriter, /):
        tiling = tiling_bounds(op, self.table)
        if not isinstance(tiling, tuple):
            return
        bounds, grid = tiling
        tag = loop_tag(op)
        assert tag is not None
        rewriter.replace(op, self.build(op, bounds, plan_tiling(bounds, grid), tag), [])

    def build(self, op: scf.ParallelOp, bounds: Sequence[int], plan: TilePlan, tag: str) -> list[Operation]:
        core_dims = [c for c, (_, size) in enumerate(plan.cores) if size > 1]
        core_sizes = [plan.cores[c][1] for c in core_dims] or [1]
        step_dims = [d for d, s in enumerate(plan.steps) if s > 1]
        body = op.body.block
        # The loops, outermost first.
        outer: list[Operation] = []
        par_consts, par = _loop(core_sizes, tag)
        par.attributes["spensor.tiled"] = StringAttr(self.mode)
        fors = [_for(plan.steps[d]) for d in step_dims]
        nest: list[tuple[list[Operation], Operation]] = (
            [*fors, (par_consts, par)] if self.mode == "spatial" else [(par_consts, par), *fors]
        )
        container: Block | None = None
        for consts, loop in nest:
            if container is None:
                outer.extend([*consts, loop])
            else:
                _insert_at_end(container, [*consts, loop])
            container = loop.regions[0].block
        assert container is not None
        core_ivs = {c: par.body.block.args[i] for i, c in enumerate(core_dims)}
        step_ivs = {d: f[1].regions[0].block.args[0] for d, f in zip(step_dims, fors)}
        # Rebuild each original induction variable, then move the body.
        new_ops: list[Operation] = []
        for d, iv in enumerate(body.args):
            value = self.index(d, plan, core_ivs, step_ivs, new_ops)
            iv.replace_all_uses_with(value)
        _insert_at_end(container, new_ops)
        for inner in list(body.ops)[:-1]:
            inner.detach()
            _insert_at_end(container, [inner])
        return outer

    def index(
        self,
        loop_dim: int,
        plan: TilePlan,
        core_ivs: Mapping[int, SSAValue],
        step_ivs: Mapping[int, SSAValue],
        ops: list[Operation],
    ) -> SSAValue:
        """The original induction variable `loop_dim` from the new ones."""
        symbols: list[SSAValue] = []
        core = AffineExpr.constant(0)
        cores = 1
        for c in plan.core_dims_of(loop_dim):
            size = plan.cores[c][1]
            core = core * size + AffineExpr.symbol(len(symbols))
            symbols.append(core_ivs[c])
            cores *= size
        steps = plan.steps[loop_dim]
        if loop_dim in step_ivs:
            step = AffineExpr.symbol(len(symbols))
            symbols.append(step_ivs[loop_dim])
            expr = step * cores + core if self.mode == "spatial" else core * steps + step
        else:
            expr = core
        if not symbols:
            constant = index_constant(0)
            ops.append(constant)
            return constant.result
        if expr == AffineExpr.symbol(0) and len(symbols) == 1:
            return symbols[0]
        apply = affine.ApplyOp(symbols, AffineMapAttr(AffineMap(0, len(symbols), (expr,))))
        ops.append(apply)
        return apply.result


def _insert_at_end(block: Block, ops: Sequence[Operation]) -> None:
    """Inserts `ops` before the terminator of `block`."""
    terminator = block.last_op
    assert terminator is not None
    block.insert_ops_before(list(ops), terminator)


def _loop(bounds: Sequence[int], tag: str) -> tuple[list[Operation], scf.ParallelOp]:
    zero, one = index_constant(0), index_constant(1)
    uppers = [index_constant(b) for b in bounds]
    body = Block(arg_types=[IndexType()] * len(bounds))
    body.add_op(scf.ReduceOp())
    loop = scf.ParallelOp([zero] * len(bounds), uppers, [one] * len(bounds), Region(body))
    loop.attributes[MEMORY_TAG] = StringAttr(tag)
    return [zero, one, *uppers], loop


def _for(steps: int) -> tuple[list[Operation], scf.ForOp]:
    zero, one, upper = index_constant(0), index_constant(1), index_constant(steps)
    body = Block(arg_types=[IndexType()])
    body.add_op(scf.YieldOp())
    return [zero, one, upper], scf.ForOp(zero, upper, one, [], Region(body))


@dataclass(frozen=True)
class SpensorTileParallelPass(ModulePass):
    """
    Fits every tagged `scf.parallel` onto its memory's core grid, using as many
    cores as possible; `tiling` is "spatial" (`scf.for {scf.parallel}`) or
    "temporal" (`scf.parallel {scf.for}`), named as in `spensor-lower`.
    """

    name = "spensor-tile-parallel"

    tiling: Tiling = "spatial"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        table = memory_table(op, self.name)
        fail_at_ops(self.name, tiling_problems(op, table))
        LocatedRewriteWalker(TileParallelLoop(table, self.tiling), apply_recursively=False).rewrite_module(op)
        for inner in op.walk():
            inner.attributes.pop("spensor.tiled", None)
