"""The ndspensor ops: combine, reduce, combine_to_spensor, repeat and broadcast of grids
of spensors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, IndexType, IntegerAttr, StringAttr
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def, traits_def
from xdsl.traits import MemoryReadEffect, Pure
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.spensor.ops import AllocatesResult
from nnstack.dialects.spensor.shapes import combine_to_spensor_type, combine_type, reduce_type, repeat_type
from nnstack.dialects.spensor.types import (
    MemoryType,
    NDSpensorType,
    SpensorType,
    constant_int,
    grid_of,
    int_array,
    int_tuple,
    tile_of,
)
from nnstack.dialects.spensor.verifiers import (
    constant_operand,
    verify_in_range,
    verify_memory_name,
    verify_one_per_axis,
    verify_result_type,
)

__all__ = [
    "CombineToSpensorOp",
    "NDBroadcastOp",
    "NDCombineOp",
    "NDReduceOp",
    "NDRepeatOp",
]


@irdl_op_definition
class NDCombineOp(IRDLOperation):
    """
    Concatenates the tiles along grid dim `nd_dim` on tensor dim `dim`, in grid
    order, into new buffers in memory `memory_name`; `nd_dim` leaves the grid
    ([1] if no dim is left).
    """

    name = "ndspensor.combine"

    source = operand_def(NDSpensorType)
    nd_dim = operand_def(IndexType)
    dim = operand_def(IndexType)
    memory_name = prop_def(StringAttr)
    result = result_def(NDSpensorType)

    traits = traits_def(MemoryReadEffect(), AllocatesResult())

    def __init__(
        self,
        source: SSAValue | Operation,
        nd_dim: SSAValue | Operation,
        dim: SSAValue | Operation,
        memory: MemoryType,
    ):
        source, nd_dim, dim = (SSAValue.get(v) for v in (source, nd_dim, dim))
        nd, d = constant_int(nd_dim), constant_int(dim)
        assert isinstance(source.type, NDSpensorType) and nd is not None and d is not None
        super().__init__(
            operands=[source, nd_dim, dim],
            properties={"memory_name": memory.memory_name},
            result_types=[combine_type(source.type, nd, d, memory)],
        )

    def verify_(self) -> None:
        source = self.source.type
        result = self.result.type
        assert isinstance(source, NDSpensorType) and isinstance(result, NDSpensorType)
        nd_dim = constant_operand(self, "nd_dim", self.nd_dim)
        dim = constant_operand(self, "dim", self.dim)
        verify_in_range(self, "nd_dim", nd_dim, len(source.grid))
        verify_in_range(self, "dim", dim, len(source.tile.shape))
        verify_memory_name(self, self.memory_name, result.level)
        verify_result_type(self, self.result, combine_type(source, nd_dim, dim, result.memory))


@irdl_op_definition
class NDReduceOp(IRDLOperation):
    """
    Sums the tiles over the grid dims `reduce_dim` elementwise, into new buffers in
    memory `memory_name`; the reduced dims leave the grid ([1] if none is left).
    `op_name` names the reduction: only "add" is defined.
    """

    name = "ndspensor.reduce"

    source = operand_def(NDSpensorType)
    reduce_dim = prop_def(ArrayAttr[IntegerAttr])
    memory_name = prop_def(StringAttr)
    op_name = prop_def(StringAttr)
    result = result_def(NDSpensorType)

    traits = traits_def(MemoryReadEffect(), AllocatesResult())

    SUPPORTED: ClassVar[tuple[str, ...]] = ("add",)

    def __init__(
        self,
        source: SSAValue | Operation,
        reduce_dim: Sequence[int],
        memory: MemoryType,
        op_name: str = "add",
    ):
        source = SSAValue.get(source)
        assert isinstance(source.type, NDSpensorType)
        super().__init__(
            operands=[source],
            properties={
                "reduce_dim": int_array(reduce_dim),
                "memory_name": memory.memory_name,
                "op_name": StringAttr(op_name),
            },
            result_types=[reduce_type(source.type, reduce_dim, memory)],
        )

    @property
    def dims(self) -> tuple[int, ...]:
        return tuple(sorted(int_tuple(self.reduce_dim)))

    def verify_(self) -> None:
        source = self.source.type
        result = self.result.type
        assert isinstance(source, NDSpensorType) and isinstance(result, NDSpensorType)
        dims = int_tuple(self.reduce_dim)
        if not dims or len(set(dims)) != len(dims):
            raise VerifyException(f"{self.name}: reduce_dim must be non-empty and distinct, got {list(dims)}")
        for d in dims:
            verify_in_range(self, "reduce_dim entry", d, len(source.grid))
        if self.op_name.data not in self.SUPPORTED:
            raise VerifyException(f'{self.name}: op_name "{self.op_name.data}" is not supported (only "add")')
        verify_memory_name(self, self.memory_name, result.level)
        verify_result_type(self, self.result, reduce_type(source, dims, result.memory))


@irdl_op_definition
class CombineToSpensorOp(IRDLOperation):
    """
    Assembles the tiles into one spensor in the source's memory: grid dim d tiles
    tensor dim `combine_index[d]` (one entry per grid dim), block-wise.
    ND [4x2] of 64x64 with [1, 0] -> 128x256.
    """

    name = "ndspensor.combine_to_spensor"

    source = operand_def(NDSpensorType)
    combine_index = prop_def(ArrayAttr[IntegerAttr])
    result = result_def(SpensorType)

    traits = traits_def(MemoryReadEffect(), AllocatesResult())

    def __init__(self, source: SSAValue | Operation, combine_index: Sequence[int]):
        source = SSAValue.get(source)
        assert isinstance(source.type, NDSpensorType)
        super().__init__(
            operands=[source],
            properties={"combine_index": int_array(combine_index)},
            result_types=[combine_to_spensor_type(source.type, combine_index)],
        )

    def verify_(self) -> None:
        source = self.source.type
        assert isinstance(source, NDSpensorType)
        index = int_tuple(self.combine_index)
        verify_one_per_axis(self, "combine_index", index, len(source.grid), "grid")
        for axis in index:
            verify_in_range(self, "combine_index entry", axis, len(source.tile.shape))
        used = [axis for axis, g in zip(index, source.grid) if g != 1]
        if len(set(used)) != len(used):
            raise VerifyException(
                f"{self.name}: combine_index {list(index)} maps two grid dims onto one tensor dim"
            )
        verify_result_type(self, self.result, combine_to_spensor_type(source, index))


@irdl_op_definition
class NDRepeatOp(IRDLOperation):
    """
    Repeats tiles `repeats` times along grid dim `dim` (numpy.repeat: tile k of the
    result is tile k // repeats of the source); a spensor source becomes a grid
    [repeats] of itself (dim must be 0). Copies share their buffer.
    """

    name = "ndspensor.repeat"

    source = operand_def(SpensorType | NDSpensorType)
    repeats = operand_def(IndexType)
    dim = operand_def(IndexType)
    result = result_def(NDSpensorType)

    traits = traits_def(Pure())

    def __init__(
        self, source: SSAValue | Operation, repeats: SSAValue | Operation, dim: SSAValue | Operation
    ):
        source, repeats, dim = (SSAValue.get(v) for v in (source, repeats, dim))
        r, d = constant_int(repeats), constant_int(dim)
        assert isinstance(source.type, SpensorType | NDSpensorType) and r is not None and d is not None
        super().__init__(operands=[source, repeats, dim], result_types=[repeat_type(source.type, r, d)])

    def verify_(self) -> None:
        source = self.source.type
        assert isinstance(source, SpensorType | NDSpensorType)
        repeats = constant_operand(self, "repeats", self.repeats)
        dim = constant_operand(self, "dim", self.dim)
        if repeats < 1:
            raise VerifyException(f"{self.name}: repeats must be >= 1, got {repeats}")
        verify_in_range(self, "dim", dim, len(grid_of(source)) or 1)
        verify_result_type(self, self.result, repeat_type(source, repeats, dim))


@irdl_op_definition
class NDBroadcastOp(IRDLOperation):
    """
    Broadcasts tiles to the grid shape `dimensions` with numpy's rules (grid dims
    right-aligned; a source dim is 1 or equal); a spensor source has an empty grid.
    Copies share their buffer.
    """

    name = "ndspensor.broadcast"

    source = operand_def(SpensorType | NDSpensorType)
    dimensions = prop_def(ArrayAttr[IntegerAttr])
    result = result_def(NDSpensorType)

    traits = traits_def(Pure())

    def __init__(self, source: SSAValue | Operation, dimensions: Sequence[int]):
        source = SSAValue.get(source)
        tile = tile_of(source.type)
        super().__init__(
            operands=[source],
            properties={"dimensions": int_array(dimensions)},
            result_types=[NDSpensorType(tile, dimensions)],
        )

    def verify_(self) -> None:
        target = int_tuple(self.dimensions)
        grid = grid_of(self.source.type)
        if not target or any(t < 1 for t in target):
            raise VerifyException(
                f"{self.name}: dimensions must be a non-empty grid shape, got {list(target)}"
            )
        if len(grid) > len(target) or any(g not in (1, t) for g, t in zip(reversed(grid), reversed(target))):
            raise VerifyException(f"{self.name}: cannot broadcast grid {list(grid)} to {list(target)}")
        verify_result_type(self, self.result, NDSpensorType(tile_of(self.source.type), target))
