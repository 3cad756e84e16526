"""The spensor types: `!spensor.memory`, `!spensor.spensor` (a tensor in one memory level)
and `!spensor.ndspensor` (a grid of them), with the helpers that take them apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    ArrayAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerAttr,
    IntegerType,
    StringAttr,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

__all__ = [
    "AnySpensor",
    "ElementType",
    "MemoryType",
    "NDSpensorType",
    "SpensorType",
    "constant_int",
    "grid_of",
    "int_array",
    "int_tuple",
    "same_kind",
    "scalar_type_of",
    "tensor_shape",
    "tile_of",
    "tile_type",
    "with_tile_shape",
]


def int_array(values: Iterable[int]) -> ArrayAttr[IntegerAttr]:
    """An `ArrayAttr` of i64 integers, as the original's properties hold them."""
    return ArrayAttr([IntegerAttr(v, i64) for v in values])


def int_tuple(attr: ArrayAttr[IntegerAttr]) -> tuple[int, ...]:
    return tuple(v.value.data for v in attr.data)


@irdl_attr_definition
class MemoryType(ParametrizedAttribute, TypeAttribute):
    """
    A memory level: its name and the shape of its instances (e.g. L1 on a 4x4 core
    grid). An empty shape means one unconstrained instance (L2, L3); the shape is
    used by tiling. `!spensor.memory<"L1", [4, 4]>`, `!spensor.memory<"L3", []>`.
    """

    name = "spensor.memory"

    memory_name: StringAttr
    memory_shape: ArrayAttr[IntegerAttr]

    def __init__(self, memory_name: str | StringAttr, memory_shape: Iterable[int | IntegerAttr] = ()):
        if isinstance(memory_name, str):
            memory_name = StringAttr(memory_name)
        shape = [s.value.data if isinstance(s, IntegerAttr) else s for s in memory_shape]
        super().__init__(memory_name, int_array(shape))

    @property
    def level(self) -> str:
        return self.memory_name.data

    @property
    def shape(self) -> tuple[int, ...]:
        return int_tuple(self.memory_shape)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            name = parser.parse_str_literal(" (the memory name)")
            parser.parse_punctuation(",")
            pos = parser.pos
            shape = parser.parse_attribute()
            if not isinstance(shape, ArrayAttr) or not all(isinstance(s, IntegerAttr) for s in shape.data):
                parser.raise_error("expected a memory shape such as [4, 4]", pos, parser.pos)
        values = [s.value.data for s in shape.data if isinstance(s, IntegerAttr)]
        return (StringAttr(name), int_array(values))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string_literal(self.level)
            printer.print_string(", [" + ", ".join(str(s) for s in self.shape) + "]")

    def verify(self) -> None:
        if any(s < 1 for s in self.shape):
            raise VerifyException(
                f"spensor.memory: every memory_shape entry must be >= 1, got {list(self.shape)}"
            )


ElementType = Float16Type | Float32Type | Float64Type | IntegerType | IndexType
"""The scalar types a spensor's tensor holds (and `spensor.fill` fills it with)."""


@irdl_attr_definition
class SpensorType(ParametrizedAttribute, TypeAttribute):
    """
    A statically shaped tensor placed in a memory level.
    `!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>`.
    """

    name = "spensor.spensor"

    element_type: TensorType
    memory: MemoryType

    def __init__(self, element_type: TensorType, memory: MemoryType):
        super().__init__(element_type, memory)

    @property
    def tensor(self) -> TensorType:
        return self.element_type

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.element_type.get_shape())

    @property
    def scalar_type(self) -> Attribute:
        return self.element_type.element_type

    @property
    def level(self) -> str:
        return self.memory.level

    def with_shape(self, shape: Sequence[int]) -> SpensorType:
        return SpensorType(TensorType(self.scalar_type, shape), self.memory)

    def with_memory(self, memory: MemoryType) -> SpensorType:
        return SpensorType(self.element_type, memory)

    def verify(self) -> None:
        if not self.element_type.has_static_shape():
            raise VerifyException(
                f"spensor.spensor: the tensor must have a static shape, got {self.element_type}"
            )
        if not isinstance(self.scalar_type, ElementType):
            raise VerifyException(
                "spensor.spensor: the element type must be a float, integer or index "
                f"type, got {self.scalar_type}"
            )


@irdl_attr_definition
class NDSpensorType(ParametrizedAttribute, TypeAttribute):
    """
    A grid of spensors of one type: the tensor's shape is the grid shape (never
    empty) and its element type the tile's spensor type.
    `!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>`.
    """

    name = "spensor.ndspensor"

    spensor: TensorType[SpensorType]

    def __init__(self, spensor: TensorType[SpensorType] | SpensorType, grid: Sequence[int] = ()):
        if isinstance(spensor, SpensorType):
            spensor = TensorType(spensor, grid)
        super().__init__(spensor)

    @property
    def grid(self) -> tuple[int, ...]:
        return tuple(self.spensor.get_shape())

    @property
    def tile(self) -> SpensorType:
        return self.spensor.element_type

    @property
    def memory(self) -> MemoryType:
        return self.tile.memory

    @property
    def level(self) -> str:
        return self.tile.level

    def verify(self) -> None:
        if not isinstance(self.spensor.element_type, SpensorType):
            raise VerifyException(
                "spensor.ndspensor: the tensor's element type must be a "
                f"!spensor.spensor, got {self.spensor.element_type}"
            )
        grid = self.spensor.get_shape()
        if not grid or any(g < 1 for g in grid):
            raise VerifyException(
                f"spensor.ndspensor: the grid shape must be non-empty and static with "
                f"sizes >= 1, got {list(grid)}"
            )


AnySpensor: TypeAlias = SpensorType | NDSpensorType


def tile_type(t: Attribute) -> SpensorType | None:
    """The spensor type of one tile: the type itself for a spensor."""
    if isinstance(t, NDSpensorType):
        return t.tile
    if isinstance(t, SpensorType):
        return t
    return None


def tile_of(t: Attribute) -> SpensorType:
    """The spensor type of one tile of `t`, which must be a spensor or an ndspensor
    type, as the op definitions guarantee for their spensor operands and results."""
    tile = tile_type(t)
    assert tile is not None, f"{t} is not a spensor or ndspensor type"
    return tile


def grid_of(t: Attribute) -> tuple[int, ...]:
    """The grid shape of an ndspensor, () for anything else."""
    return t.grid if isinstance(t, NDSpensorType) else ()


def same_kind(like: Attribute, tile: SpensorType) -> SpensorType | NDSpensorType:
    """`tile`, as an ndspensor of `like`'s grid if `like` is one."""
    if isinstance(like, NDSpensorType):
        return NDSpensorType(tile, like.grid)
    return tile


def tensor_shape(t: Attribute) -> tuple[int, ...] | None:
    """The tile shape of a spensor / ndspensor, or the shape of a tensor."""
    tile = tile_type(t)
    if tile is not None:
        return tile.shape
    if isinstance(t, TensorType):
        return tuple(t.get_shape())
    return None


def scalar_type_of(t: Attribute) -> Attribute | None:
    tile = tile_type(t)
    if tile is not None:
        return tile.scalar_type
    if isinstance(t, TensorType):
        return t.element_type
    return None


def with_tile_shape(t: Attribute, shape: Sequence[int]) -> Attribute:
    """`t` with its tile (or tensor) shape replaced, memory and grid kept."""
    if isinstance(t, NDSpensorType):
        return NDSpensorType(t.tile.with_shape(shape), t.grid)
    if isinstance(t, SpensorType):
        return t.with_shape(shape)
    assert isinstance(t, TensorType)
    return TensorType(t.element_type, shape)


def constant_int(value: SSAValue) -> int | None:
    """The value of an integer or index `arith.constant`, None for anything else."""
    op = value.owner
    if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
        return op.value.value.data
    return None
