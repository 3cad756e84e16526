"""Shape rules of the spensor ops, shared by verifiers, builders, passes and interpreter."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import TensorType

from nnstack.dialects.spensor.types import AnySpensor, MemoryType, NDSpensorType, SpensorType

__all__ = [
    "combine_to_spensor_type",
    "combine_type",
    "matmul_shape",
    "reduce_sum_shape",
    "reduce_type",
    "repeat_type",
    "split_all_type",
    "split_type",
]


def split_type(source: SpensorType, num_partitions: int, dim: int) -> NDSpensorType:
    shape = list(source.shape)
    shape[dim] //= num_partitions
    return NDSpensorType(source.with_shape(shape), [num_partitions])


def split_all_type(source: SpensorType, partitions: Sequence[int]) -> NDSpensorType:
    shape = [s // p for s, p in zip(source.shape, partitions)]
    grid = [p for p in partitions if p != 1] or [1]
    return NDSpensorType(source.with_shape(shape), grid)


def combine_type(source: NDSpensorType, nd_dim: int, dim: int, memory: MemoryType) -> NDSpensorType:
    shape = list(source.tile.shape)
    shape[dim] *= source.grid[nd_dim]
    grid = [g for i, g in enumerate(source.grid) if i != nd_dim] or [1]
    return NDSpensorType(SpensorType(TensorType(source.tile.scalar_type, shape), memory), grid)


def reduce_type(source: NDSpensorType, reduce_dim: Sequence[int], memory: MemoryType) -> NDSpensorType:
    grid = [g for i, g in enumerate(source.grid) if i not in reduce_dim] or [1]
    return NDSpensorType(source.tile.with_memory(memory), grid)


def combine_to_spensor_type(source: NDSpensorType, combine_index: Sequence[int]) -> SpensorType:
    shape = list(source.tile.shape)
    for nd_dim, axis in enumerate(combine_index):
        shape[axis] *= source.grid[nd_dim]
    return source.tile.with_shape(shape)


def repeat_type(source: AnySpensor, repeats: int, dim: int) -> NDSpensorType:
    if isinstance(source, SpensorType):
        return NDSpensorType(source, [repeats])
    grid = list(source.grid)
    grid[dim] *= repeats
    return NDSpensorType(source.tile, grid)


def matmul_shape(lhs: Sequence[int], rhs: Sequence[int]) -> tuple[int, ...] | None:
    if len(lhs) != 2 or len(rhs) != 2 or lhs[1] != rhs[0]:
        return None
    return (lhs[0], rhs[1])


def reduce_sum_shape(shape: Sequence[int]) -> tuple[int, ...]:
    return (*shape[:-1], 1)
