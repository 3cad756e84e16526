"""Differential tests: random spensor programs give the same numbers before and after
the pipeline.

Each seed builds a program with the dialect's builders (which infer every result
type): split or split_all of two inputs, moves through L2 into L1, a random chain
of add / matmul / reduce_sum / round trips through L2, maybe a grid combine or
reduce, then back to L3 and combine_to_spensor (transposing or not). The program
is interpreted at spensor level, lowered with one of the option combinations and
run again; inputs are small integers held in f32, so both runs must agree exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest
from spensor_helpers import lower, run_kernel
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import IndexType, IntegerAttr, ModuleOp, TensorType, f32
from xdsl.ir import Block, Operation, Region, SSAValue

from nnstack.dialects import spensor as sp
from nnstack.interpreters import run

SEEDS = range(40)
SPECS = (
    "spensor-lower",
    "spensor-lower{reduce-strategy=tree}",
    "spensor-lower{tiling=temporal}",
    "spensor-lower{reduce-strategy=tree tiling=temporal memory-spaces=false}",
)


class ProgramBuilder:
    """Appends ops to a function body; memory types follow the declarations."""

    def __init__(self, l1_shape: Sequence[int]):
        self.memories = {
            "L1": sp.MemoryType("L1", l1_shape),
            "L2": sp.MemoryType("L2", []),
            "L3": sp.MemoryType("L3", []),
        }
        self.ops: list[Operation] = []
        self.l1_shape = l1_shape

    def add(self, op: Operation) -> SSAValue:
        self.ops.append(op)
        return op.results[0]

    def const(self, value: int) -> SSAValue:
        return self.add(arith.ConstantOp(IntegerAttr(value, IndexType())))

    def move(self, value: SSAValue, level: str) -> SSAValue:
        return self.add(sp.MoveOp(value, self.memories[level]))

    def declarations(self) -> list[Operation]:
        spaces = {"L1": 2, "L2": 1, "L3": 0}
        loads = {"L1": ["L2", "L3"], "L2": ["L3"], "L3": []}
        return [
            sp.DeclareMemoryOp(name, self.memories[name].shape, loads[name], loads[name], spaces[name])
            for name in ("L1", "L2", "L3")
        ]


def tile_of(value: SSAValue) -> sp.SpensorType:
    tile = sp.tile_type(value.type)
    assert tile is not None
    return tile


def random_program(seed: int) -> tuple[ModuleOp, list[np.ndarray]]:
    rng = random.Random(seed)
    b = ProgramBuilder(rng.choice([[4, 4], [6], [2, 3], [8, 4]]))
    rows, cols = rng.choice([(4, 4), (8, 8), (4, 8), (8, 4), (2, 4)])
    kind = rng.choice(["split", "split_all", "split_all_2d"])
    if kind == "split":
        n, dim = rng.choice([2, 4, 8]), rng.choice([0, 1])
        shape = [rows * n, cols] if dim == 0 else [rows, cols * n]
    elif kind == "split_all":
        partitions = rng.choice([[2, 1], [1, 4], [8, 1]])
        shape = [rows * partitions[0], cols * partitions[1]]
    else:
        partitions = [rng.choice([2, 3]), rng.choice([2, 4])]
        shape = [rows * partitions[0], cols * partitions[1]]
    input_type = sp.SpensorType(TensorType(f32, shape), b.memories["L3"])
    block = Block(arg_types=[input_type, input_type])
    grids: list[SSAValue] = []
    for arg in block.args:
        if kind == "split":
            grids.append(b.add(sp.SplitOp(arg, b.const(n), b.const(dim))))
        else:
            grids.append(b.add(sp.SplitAllOp(arg, partitions)))
    x, y = grids
    if rng.random() < 0.7:
        x, y = b.move(x, "L2"), b.move(y, "L2")
    x, y = b.move(x, "L1"), b.move(y, "L1")

    def chain(x: SSAValue, steps: int) -> SSAValue:
        for _ in range(steps):
            tile = tile_of(x)
            choice = rng.choice(["add", "matmul", "reduce_sum", "round_trip"])
            if choice == "add":
                x = b.add(sp.AddOp(x, y if x.type == y.type else x))
            elif choice == "matmul" and tile.shape[0] == tile.shape[1]:
                x = b.add(sp.MatmulOp(x, y if x.type == y.type else x))
            elif choice == "reduce_sum" and tile.shape[-1] > 1:
                x = b.add(sp.ReduceSumOp(x))
            else:
                x = b.move(b.move(x, "L2"), "L1")
        return x

    x = chain(x, rng.randint(1, 3))
    grid = sp.grid_of(x.type)
    if any(g > 1 for g in grid) and rng.random() < 0.7:
        if rng.random() < 0.5:
            nd_dim = rng.randrange(len(grid))
            tensor_dim = rng.randrange(len(tile_of(x).shape))
            x = b.add(sp.NDCombineOp(x, b.const(nd_dim), b.const(tensor_dim), b.memories["L2"]))
        else:
            dims = sorted(rng.sample(range(len(grid)), rng.randint(1, len(grid))))
            x = b.add(sp.NDReduceOp(x, dims, b.memories["L2"]))
        x = b.move(x, "L1")
        if rng.random() < 0.5:
            x = b.add(sp.AddOp(x, x))
    x = b.move(b.move(x, "L2"), "L3")
    grid = sp.grid_of(x.type)
    axes = list(range(len(tile_of(x).shape)))
    if len(grid) > len(axes):
        raise AssertionError("grid rank exceeds tile rank")
    rng.shuffle(axes)
    result = b.add(sp.CombineToSpensorOp(x, axes[: len(grid)]))
    b.ops.append(func.ReturnOp(result))
    block.add_ops(b.ops)
    function = func.FuncOp("kernel", ([input_type, input_type], [result.type]), Region(block))
    module = ModuleOp([*b.declarations(), function])
    module.verify()
    data = np.random.default_rng(seed)
    inputs = [data.integers(-2, 3, shape).astype(np.float32) for _ in range(2)]
    return module, inputs


@pytest.mark.parametrize("seed", SEEDS)
def test_random_program_same_numbers_before_and_after(seed: int):
    module, inputs = random_program(seed)
    (expected,) = run(module, "kernel", *inputs)
    spec = SPECS[seed % len(SPECS)]
    lowered = lower(module, spec)
    assert "spensor" not in str(lowered)
    (out,) = run_kernel(lowered, "kernel", inputs)
    assert not np.isnan(out).any(), f"seed {seed}: an output element was never written ({spec})"
    np.testing.assert_array_equal(out, expected, err_msg=f"seed {seed}, {spec}\n{module}")


def reduce_program(partitions: Sequence[int], dims: Sequence[int], tile: Sequence[int]) -> ModuleOp:
    """split_all of a [partitions * tile] input (its grid: the partitions other than 1),
    moved through L2 into L1, ndspensor.reduce over the grid dims `dims` into L2, then
    to L3 and combined (each grid dim kept along its own axis)."""
    b = ProgramBuilder([8])
    shape = [p * t for p, t in zip(partitions, tile, strict=True)]
    input_type = sp.SpensorType(TensorType(f32, shape), b.memories["L3"])
    block = Block(arg_types=[input_type])
    x = b.move(b.move(b.add(sp.SplitAllOp(block.args[0], list(partitions))), "L2"), "L1")
    x = b.move(b.add(sp.NDReduceOp(x, list(dims), b.memories["L2"])), "L3")
    axes = [a for a, p in enumerate(partitions) if p > 1]
    kept = [a for d, a in enumerate(axes) if d not in dims] or [0]
    result = b.add(sp.CombineToSpensorOp(x, kept))
    b.ops.append(func.ReturnOp(result))
    block.add_ops(b.ops)
    function = func.FuncOp("kernel", ([input_type], [result.type]), Region(block))
    module = ModuleOp([*b.declarations(), function])
    module.verify()
    return module


TREE = "reduce-strategy=tree"
EXPANDED = (
    "spensor-memory-analysis,spensor-bufferize-output,"
    f"spensor-parallel-analysis{{{TREE}}},spensor-expand-parallel{{{TREE}}}"
)


@pytest.mark.parametrize(
    ("partitions", "dims"),
    [([3, 1], [0]), ([5, 1], [0]), ([1, 6], [0]), ([2, 3], [0, 1]), ([3, 2], [0]), ([2, 5], [1])],
)
def test_tree_reduce_of_a_piece_count_not_a_power_of_two(partitions: list[int], dims: list[int]):
    """ndspensor.reduce of 3, 5 or 6 pieces as a tree (rounds whose last piece has no
    partner): the same numbers after spensor-expand-parallel and after the whole
    pipeline as before it, and numpy's sum of the tiles. The elements are positive
    small integers (exact in f32), so a piece left out or added twice shows."""
    tile = (2, 3)
    (p0, p1), (t0, t1) = partitions, tile
    axes = [a for a, p in enumerate(partitions) if p > 1]
    assert int(np.prod([partitions[axes[d]] for d in dims])) in (3, 5, 6)
    x = np.random.default_rng(10 * p0 + p1).integers(1, 10, (p0 * t0, p1 * t1)).astype(np.float32)
    tiles = x.reshape(p0, t0, p1, t1).astype(np.float64)
    summed = tiles.sum(axis=tuple(2 * axes[d] for d in dims), keepdims=True)  # [p0', t0, p1', t1]
    want = summed.reshape(summed.shape[0] * t0, summed.shape[2] * t1)
    module = reduce_program(partitions, dims, tile)
    (before,) = run(module, "kernel", x)
    np.testing.assert_array_equal(before, want)
    for spec in (EXPANDED, f"spensor-lower{{{TREE}}}"):
        lowered = lower(module, spec)
        assert "ndspensor.reduce" not in str(lowered)
        (after,) = run_kernel(lowered, "kernel", [x])
        np.testing.assert_array_equal(after, before, err_msg=f"after {spec}\n{module}")


def test_generator_covers_every_op():
    """The seeds exercise split, split_all, move, add, matmul, reduce_sum, combine and reduce."""
    seen: set[str] = set()
    for seed in SEEDS:
        module, _ = random_program(seed)
        seen.update(op.name for op in module.walk())
    for name in (
        "spensor.split",
        "spensor.split_all",
        "spensor.move",
        "spensor.add",
        "spensor.matmul",
        "spensor.reduce_sum",
        "ndspensor.combine",
        "ndspensor.reduce",
        "ndspensor.combine_to_spensor",
    ):
        assert name in seen, name
