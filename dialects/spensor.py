"""The spensor and ndspensor dialects: tensors that carry a memory level.

A *spensor* (spatial tensor) is a statically shaped tensor placed in one level of a
multi-level memory hierarchy, such as AMD AIE's L3 (DDR) -> L2 (mem tiles) -> L1
(core-local memories laid out as a core grid). An *ndspensor* is a grid of equally
typed spensors: `!spensor.ndspensor<tensor<4x!spensor.spensor<...>>>` holds four
tiles. Ops are polymorphic over both kinds: on an ndspensor they act on every tile.

The types and ops mirror the original Spensor package (Xilinx/mlir-air,
python/spensor): same names, operands, properties and textual syntax, so IR printed
by the original (generic op form) parses unchanged and round-trips. On top of the
original:

- every op verifies its result type against its shape rule, with a message naming
  the op and the expected type; so do the builders, which infer result types;
- the compile-time "constant index" operands (`split`'s partitions and dim, ...)
  must come from `arith.constant`, which the verifiers check;
- splits that do not divide their dimension evenly are rejected (the original
  silently dropped the remainder), so every element of a split belongs to a tile;
- `matmul` of ndspensors requires both grids to be equal (it is per tile);
- `ndspensor.repeat` and `ndspensor.broadcast` have defined result types;
- `ndspensor.reduce` sorts `reduce_dim` and accepts only `op_name = "add"`, the
  reduction every implementation computes;
- `spensor.subview` keeps the source's memory, `combine_to_spensor` needs distinct
  target axes for its non-unit grid dims;
- memory space numbers are range-checked (LLVM address spaces, 0 <= n < 2**24);
- ops declare their memory effects (views and handles are `Pure`, copies read and
  allocate their result, `move_to` / `fill` / an in-place add write), so the stock
  `dce`, `cse` and `canonicalize` work on spensor programs;
- what the analyses find is attached as verified attributes:
  `#spensor.memory_level<...>` (one level of the memory table) and
  `#spensor.loop<...>` (one loop of the parallel loop nest).

Memory shapes print as `!spensor.memory<"L1", [4, 4]>`; the original's
`[4 : i64, 4 : i64]` parses too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from typing import ClassVar, TypeAlias

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    StringAttr,
    TensorType,
    i64,
)
from xdsl.ir import (
    Attribute,
    Dialect,
    Operation,
    ParametrizedAttribute,
    SSAValue,
    TypeAttribute,
)
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    VarConstraint,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.traits import (
    EffectInstance,
    MemoryEffect,
    MemoryEffectKind,
    MemoryReadEffect,
    MemoryWriteEffect,
    Pure,
)
from xdsl.utils.exceptions import VerifyException

# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------


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

    def __init__(
        self, memory_name: str | StringAttr, memory_shape: Iterable[int | IntegerAttr] = ()
    ):
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
            if not isinstance(shape, ArrayAttr) or not all(
                isinstance(s, IntegerAttr) for s in shape.data
            ):
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


_ELEMENT_TYPES = (Float16Type, Float32Type, Float64Type, IntegerType, IndexType)


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
        if not isinstance(self.scalar_type, _ELEMENT_TYPES):
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


# ---------------------------------------------------------------------------
# Shape rules, shared by verifiers, builders, passes and interpreter.
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# The analyses' results, as verified attributes.
# ---------------------------------------------------------------------------

MEMORY_SPACES = 1 << 24
"""Memory space numbers are LLVM address spaces: 0 <= space < 2**24."""


def verify_memory_space(where: str, space: int) -> None:
    if not 0 <= space < MEMORY_SPACES:
        raise VerifyException(f"{where}: memory_space must be in [0, {MEMORY_SPACES}), got {space}")


def _parse_ints(parser: AttrParser) -> Attribute:
    values = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
    return ArrayAttr([IntAttr(v) for v in values])


def _parse_strings(parser: AttrParser) -> Attribute:
    values = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_str_literal)
    return ArrayAttr([StringAttr(v) for v in values])


def _print_ints(printer: Printer, values: Attribute) -> None:
    assert isinstance(values, ArrayAttr)
    printer.print_string("[" + ", ".join(str(v.data) for v in values.data if isinstance(v, IntAttr)) + "]")


def _print_strings(printer: Printer, values: Attribute) -> None:
    assert isinstance(values, ArrayAttr)
    printer.print_string("[")
    printer.print_list([v.data for v in values.data if isinstance(v, StringAttr)], printer.print_string_literal)
    printer.print_string("]")


def _print_int(printer: Printer, value: Attribute) -> None:
    assert isinstance(value, IntAttr)
    printer.print_string(str(value.data))


def _print_string(printer: Printer, value: Attribute) -> None:
    assert isinstance(value, StringAttr)
    printer.print_string_literal(value.data)


_FIELD_SYNTAX: dict[str, tuple[Callable[[AttrParser], Attribute], Callable[[Printer, Attribute], None]]] = {
    "ints": (_parse_ints, _print_ints),
    "strings": (_parse_strings, _print_strings),
    "int": (lambda parser: IntAttr(parser.parse_integer()), _print_int),
    "string": (lambda parser: StringAttr(parser.parse_str_literal()), _print_string),
}
"""How a field of each kind of a `KeywordFieldsAttr` parses and prints."""


class KeywordFieldsAttr(ParametrizedAttribute):
    """An attribute printed as `<name = value, ...>`, its parameters in `FIELDS` order."""

    FIELDS: ClassVar[tuple[tuple[str, str], ...]]
    """(name, kind) of each parameter, kind a key of `_FIELD_SYNTAX`."""

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values: list[Attribute] = []
        with parser.in_angle_brackets():
            for index, (name, kind) in enumerate(cls.FIELDS):
                if index:
                    parser.parse_punctuation(",")
                parser.parse_keyword(name)
                parser.parse_punctuation("=")
                values.append(_FIELD_SYNTAX[kind][0](parser))
        return values

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            for index, ((name, kind), value) in enumerate(zip(self.FIELDS, self.parameters, strict=True)):
                printer.print_string(f", {name} = " if index else f"{name} = ")
                _FIELD_SYNTAX[kind][1](printer, value)


@irdl_attr_definition
class MemoryLevelAttr(KeywordFieldsAttr):
    """
    One level of the memory table `spensor-memory-analysis` attaches to the module
    (`spensor.memory_map = {L1 = #spensor.memory_level<...>, ...}`): what its
    `spensor.declare_memory` says, and its depth (0 for a level that loads from no
    other, else 1 + the deepest level it loads from).
    `#spensor.memory_level<shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"], memory_space = 2, depth = 2>`.
    """

    name = "spensor.memory_level"

    shape: ArrayAttr[IntAttr]
    load: ArrayAttr[StringAttr]
    store: ArrayAttr[StringAttr]
    memory_space: IntAttr
    depth: IntAttr

    FIELDS = (("shape", "ints"), ("load", "strings"), ("store", "strings"), ("memory_space", "int"), ("depth", "int"))

    def verify(self) -> None:
        shape = [v.data for v in self.shape.data]
        if any(s < 1 for s in shape):
            raise VerifyException(f"{self.name}: every shape entry must be >= 1, got {shape}")
        verify_memory_space(self.name, self.memory_space.data)
        if self.depth.data < 0:
            raise VerifyException(f"{self.name}: depth must be >= 0, got {self.depth.data}")


@irdl_attr_definition
class LoopAttr(KeywordFieldsAttr):
    """
    One loop of the nest `spensor-parallel-analysis` reports on a function
    (`spensor.parallel_loops = [#spensor.loop<...>, ...]`, a loop's index is its
    id): its bounds, the memory level its iterations run on, and the id of the loop
    it is nested in (-1 for the function body).
    `#spensor.loop<bounds = [4], memory_tag = "L1", parent = 0>`.
    """

    name = "spensor.loop"

    bounds: ArrayAttr[IntAttr]
    memory_tag: StringAttr
    parent: IntAttr

    FIELDS = (("bounds", "ints"), ("memory_tag", "string"), ("parent", "int"))

    def verify(self) -> None:
        bounds = [v.data for v in self.bounds.data]
        if not bounds or any(b < 1 for b in bounds):
            raise VerifyException(f"{self.name}: bounds must be non-empty and >= 1, got {bounds}")
        if self.parent.data < -1:
            raise VerifyException(f"{self.name}: parent must be a loop id or -1, got {self.parent.data}")


# ---------------------------------------------------------------------------
# Memory effects, so that `dce`, `cse` and `canonicalize` understand the ops:
# views and handles are `Pure`; ops that compute into a new buffer read and
# allocate their result (unused, they can go); ops writing into a buffer write.
# ---------------------------------------------------------------------------


class AllocatesResult(MemoryEffect):
    """The op's result is a buffer it allocates: with no use, the op can go."""

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance]:
        return frozenset((EffectInstance(MemoryEffectKind.ALLOC, op.results[0]),))


class AddEffects(MemoryEffect):
    """`spensor.add` reads its operands and writes into lhs (`self_assign`) or a new buffer."""

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance]:
        assert isinstance(op, AddOp)
        if op.is_self_assign:
            return frozenset((EffectInstance(MemoryEffectKind.READ), EffectInstance(MemoryEffectKind.WRITE, op.lhs)))
        return frozenset((EffectInstance(MemoryEffectKind.READ), EffectInstance(MemoryEffectKind.ALLOC, op.result)))


# ---------------------------------------------------------------------------
# Ops
# ---------------------------------------------------------------------------


def constant_operand(op: Operation, name: str, value: SSAValue) -> int:
    """A compile-time operand of `op`: it must be defined by an integer `arith.constant`."""
    result = constant_int(value)
    if result is None:
        raise VerifyException(f"{op.name}: operand '{name}' must be defined by an index arith.constant")
    return result


def verify_result_type(op: Operation, result: SSAValue, expected: Attribute, why: str = "") -> None:
    if result.type != expected:
        because = f" ({why})" if why else ""
        raise VerifyException(
            f"{op.name}: result type {result.type} does not match the expected {expected}{because}"
        )


def verify_in_range(op: Operation, name: str, value: int, size: int) -> None:
    if not 0 <= value < size:
        raise VerifyException(f"{op.name}: {name} = {value} is out of range [0, {size})")


@irdl_op_definition
class SplitOp(IRDLOperation):
    """
    Splits a spensor into `num_partitions` equal tiles along tensor dim `dim`: an
    ndspensor of grid [n] whose tile k is the block [k*s, (k+1)*s) with
    s = shape[dim] / n. `num_partitions` must divide shape[dim].
    """

    name = "spensor.split"

    source = operand_def(SpensorType)
    num_partitions = operand_def(IndexType)
    dim = operand_def(IndexType)
    result = result_def(NDSpensorType)

    traits = traits_def(Pure())

    def __init__(self, source: SSAValue | Operation, num_partitions: SSAValue | Operation, dim: SSAValue | Operation):
        source, num_partitions, dim = (SSAValue.get(v) for v in (source, num_partitions, dim))
        n, d = constant_int(num_partitions), constant_int(dim)
        assert isinstance(source.type, SpensorType) and n is not None and d is not None
        super().__init__(
            operands=[source, num_partitions, dim], result_types=[split_type(source.type, n, d)]
        )

    def verify_(self) -> None:
        source = self.source.type
        assert isinstance(source, SpensorType)
        n = constant_operand(self, "num_partitions", self.num_partitions)
        dim = constant_operand(self, "dim", self.dim)
        verify_in_range(self, "dim", dim, len(source.shape))
        if n < 1:
            raise VerifyException(f"{self.name}: num_partitions must be >= 1, got {n}")
        if source.shape[dim] % n:
            raise VerifyException(
                f"{self.name}: {n} partitions do not divide dim {dim} of size {source.shape[dim]}"
            )
        verify_result_type(self, self.result, split_type(source, n, dim))


@irdl_op_definition
class SplitAllOp(IRDLOperation):
    """
    Splits a spensor along every dim: tile shape[i] / num_partitions[i]; the grid
    holds the partition counts that are not 1, in dim order ([1] if all are 1).
    """

    name = "spensor.split_all"

    source = operand_def(SpensorType)
    num_partitions = prop_def(ArrayAttr[IntegerAttr])
    result = result_def(NDSpensorType)

    traits = traits_def(Pure())

    def __init__(self, source: SSAValue | Operation, num_partitions: Sequence[int]):
        source = SSAValue.get(source)
        assert isinstance(source.type, SpensorType)
        super().__init__(
            operands=[source],
            properties={"num_partitions": int_array(num_partitions)},
            result_types=[split_all_type(source.type, num_partitions)],
        )

    def verify_(self) -> None:
        source = self.source.type
        assert isinstance(source, SpensorType)
        partitions = int_tuple(self.num_partitions)
        if len(partitions) != len(source.shape):
            raise VerifyException(
                f"{self.name}: num_partitions has {len(partitions)} entries for a tensor of rank "
                f"{len(source.shape)}"
            )
        for d, (size, p) in enumerate(zip(source.shape, partitions)):
            if p < 1:
                raise VerifyException(f"{self.name}: num_partitions[{d}] must be >= 1, got {p}")
            if size % p:
                raise VerifyException(f"{self.name}: {p} partitions do not divide dim {d} of size {size}")
        verify_result_type(self, self.result, split_all_type(source, partitions))


@irdl_op_definition
class MoveOp(IRDLOperation):
    """
    Copies a spensor (or every tile of an ndspensor) into a new buffer in memory
    `memory_name`; shapes and grid are unchanged.
    """

    name = "spensor.move"

    source = operand_def(SpensorType | NDSpensorType)
    memory_name = prop_def(StringAttr)
    result = result_def(SpensorType | NDSpensorType)

    traits = traits_def(MemoryReadEffect(), AllocatesResult())

    def __init__(self, source: SSAValue | Operation, memory: MemoryType):
        source = SSAValue.get(source)
        tile = tile_of(source.type)
        super().__init__(
            operands=[source],
            properties={"memory_name": memory.memory_name},
            result_types=[same_kind(source.type, tile.with_memory(memory))],
        )

    def verify_(self) -> None:
        tile = tile_of(self.result.type)
        if tile.level != self.memory_name.data:
            raise VerifyException(
                f"{self.name}: result memory \"{tile.level}\" differs from memory_name \"{self.memory_name.data}\""
            )
        source = self.source.type
        expected = same_kind(source, tile_of(source).with_memory(tile.memory))
        verify_result_type(self, self.result, expected, "the source's type in the destination memory")


@irdl_op_definition
class MoveToOp(IRDLOperation):
    """
    Copies a spensor (or every tile) into an existing buffer `destination` of the
    same shape and grid, in any memory.
    """

    name = "spensor.move_to"

    source = operand_def(SpensorType | NDSpensorType)
    destination = operand_def(SpensorType | NDSpensorType)

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, source: SSAValue | Operation, destination: SSAValue | Operation):
        super().__init__(operands=[source, destination])

    def verify_(self) -> None:
        src, dst = self.source.type, self.destination.type
        if type(src) is not type(dst):
            raise VerifyException(f"{self.name}: source {src} and destination {dst} must be of the same kind")
        if grid_of(src) != grid_of(dst):
            raise VerifyException(f"{self.name}: grid shapes differ: {list(grid_of(src))} and {list(grid_of(dst))}")
        src_tensor, dst_tensor = tile_of(src).element_type, tile_of(dst).element_type
        if src_tensor != dst_tensor:
            raise VerifyException(f"{self.name}: tensor types differ: {src_tensor} and {dst_tensor}")


@irdl_op_definition
class AddOp(IRDLOperation):
    """
    Elementwise sum of two operands of one type (per tile for ndspensors), into a
    new buffer; with `self_assign = true` the sum is written into `lhs`, and the
    result is `lhs`.
    """

    name = "spensor.add"

    T: ClassVar = VarConstraint("T", base(SpensorType) | base(NDSpensorType))

    lhs = operand_def(T)
    rhs = operand_def(T)
    self_assign = opt_attr_def(BoolAttr)
    result = result_def(T)

    traits = traits_def(AddEffects())

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation, self_assign: bool = False):
        lhs = SSAValue.get(lhs)
        attributes = {"self_assign": BoolAttr.from_bool(True)} if self_assign else {}
        super().__init__(operands=[lhs, rhs], result_types=[lhs.type], attributes=attributes)

    @property
    def is_self_assign(self) -> bool:
        return self.self_assign is not None and self.self_assign.value.data != 0


@irdl_op_definition
class MatmulOp(IRDLOperation):
    """
    Matrix product [M, K] x [K, N] -> [M, N] of spensors in one memory, of every
    pair of tiles of two ndspensors of one grid, or of two tensors.
    """

    name = "spensor.matmul"

    lhs = operand_def(SpensorType | NDSpensorType | TensorType)
    rhs = operand_def(SpensorType | NDSpensorType | TensorType)
    result = result_def(SpensorType | NDSpensorType | TensorType)

    traits = traits_def(MemoryReadEffect(), AllocatesResult())

    @staticmethod
    def result_type(lhs: Attribute, rhs: Attribute) -> Attribute | str:
        """The result type, or why there is none."""
        if type(lhs) is not type(rhs):
            return f"operands must be of one kind, got {lhs} and {rhs}"
        if grid_of(lhs) != grid_of(rhs):
            return f"operand grids differ: {list(grid_of(lhs))} and {list(grid_of(rhs))}"
        lt, rt = tile_type(lhs), tile_type(rhs)
        if lt is not None and rt is not None and lt.memory != rt.memory:
            return f"operands must be in one memory, got {lt.memory} and {rt.memory}"
        if scalar_type_of(lhs) != scalar_type_of(rhs):
            return "operand element types differ"
        shape = matmul_shape(tensor_shape(lhs) or (), tensor_shape(rhs) or ())
        if shape is None:
            return (
                f"expected [M, K] x [K, N] operands, got {list(tensor_shape(lhs) or ())} "
                f"and {list(tensor_shape(rhs) or ())}"
            )
        return with_tile_shape(lhs, shape)

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        result = self.result_type(lhs.type, rhs.type)
        assert not isinstance(result, str), result
        super().__init__(operands=[lhs, rhs], result_types=[result])

    def verify_(self) -> None:
        expected = self.result_type(self.lhs.type, self.rhs.type)
        if isinstance(expected, str):
            raise VerifyException(f"{self.name}: {expected}")
        verify_result_type(self, self.result, expected)


@irdl_op_definition
class ReduceSumOp(IRDLOperation):
    """Sums over the last tensor dim, keeping it as size 1: [[1, 2], [3, 4]] -> [[3], [7]]."""

    name = "spensor.reduce_sum"

    operand = operand_def(SpensorType | NDSpensorType | TensorType)
    result = result_def(SpensorType | NDSpensorType | TensorType)

    traits = traits_def(MemoryReadEffect(), AllocatesResult())

    def __init__(self, operand: SSAValue | Operation):
        operand = SSAValue.get(operand)
        shape = tensor_shape(operand.type)
        assert shape
        super().__init__(
            operands=[operand],
            result_types=[with_tile_shape(operand.type, reduce_sum_shape(shape))],
        )

    def verify_(self) -> None:
        shape = tensor_shape(self.operand.type)
        if not shape:
            raise VerifyException(f"{self.name}: the operand must have rank >= 1")
        verify_result_type(self, self.result, with_tile_shape(self.operand.type, reduce_sum_shape(shape)))


@irdl_op_definition
class FillOp(IRDLOperation):
    """
    Fills `outputs` (every tile) with the scalar `inputs`, writing into it, and
    returns it. The scalar has the element type of `outputs`.
    """

    name = "spensor.fill"

    T: ClassVar = VarConstraint("T", base(SpensorType) | base(NDSpensorType) | base(TensorType))

    inputs = operand_def(Float16Type | Float32Type | Float64Type | IntegerType | IndexType)
    outputs = operand_def(T)
    res = result_def(T)

    traits = traits_def(MemoryWriteEffect())

    def __init__(self, inputs: SSAValue | Operation, outputs: SSAValue | Operation):
        outputs = SSAValue.get(outputs)
        super().__init__(operands=[inputs, outputs], result_types=[outputs.type])

    def verify_(self) -> None:
        element = scalar_type_of(self.outputs.type)
        if self.inputs.type != element:
            raise VerifyException(
                f"{self.name}: the scalar's type {self.inputs.type} differs from the element type {element}"
            )


@irdl_op_definition
class SubviewOp(IRDLOperation):
    """
    A view `source[off : off + size*stride : stride]` per dim, in the source's
    memory; writes through it reach the source. Sizes are constants; the result
    may drop unit dims (rank reduction).
    """

    name = "spensor.subview"

    source = operand_def(SpensorType)
    offsets = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    strides = var_operand_def(IndexType)
    result = result_def(SpensorType)

    traits = traits_def(Pure())

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue | Operation,
        offsets: Sequence[SSAValue | Operation],
        sizes: Sequence[SSAValue | Operation],
        strides: Sequence[SSAValue | Operation],
        result_type: Attribute | None = None,
    ):
        source = SSAValue.get(source)
        if result_type is None:
            assert isinstance(source.type, SpensorType)
            static = [constant_int(SSAValue.get(s)) for s in sizes]
            shape = [size for size in static if size is not None]
            assert len(shape) == len(static), "subview sizes must be constants"
            result_type = source.type.with_shape(shape)
        super().__init__(operands=[source, offsets, sizes, strides], result_types=[result_type])

    def static_sizes(self) -> list[int]:
        return [constant_operand(self, f"sizes[{i}]", s) for i, s in enumerate(self.sizes)]

    def verify_(self) -> None:
        source = self.source.type
        result = self.result.type
        assert isinstance(source, SpensorType) and isinstance(result, SpensorType)
        rank = len(source.shape)
        if not len(self.offsets) == len(self.sizes) == len(self.strides) == rank:
            raise VerifyException(
                f"{self.name}: expected {rank} offsets, sizes and strides, got {len(self.offsets)}, "
                f"{len(self.sizes)} and {len(self.strides)}"
            )
        sizes = self.static_sizes()
        for d, (size, off, stride) in enumerate(zip(sizes, self.offsets, self.strides)):
            o, s = constant_int(off), constant_int(stride)
            if size < 0 or (s is not None and s < 1) or (o is not None and o < 0):
                raise VerifyException(f"{self.name}: invalid slice of dim {d}: size {size}, offset {o}, stride {s}")
            if size and o is not None and s is not None and o + (size - 1) * s >= source.shape[d]:
                raise VerifyException(
                    f"{self.name}: slice of dim {d} (offset {o}, size {size}, stride {s}) runs out of "
                    f"size {source.shape[d]}"
                )
        if result.memory != source.memory:
            raise VerifyException(f"{self.name}: result memory {result.memory} differs from the source's {source.memory}")
        if result.scalar_type != source.scalar_type:
            raise VerifyException(f"{self.name}: result element type differs from the source's")
        if list(result.shape) != sizes and list(result.shape) != [s for s in sizes if s != 1]:
            raise VerifyException(
                f"{self.name}: result shape {list(result.shape)} is neither the sizes {sizes} nor the sizes "
                "without their unit dims"
            )


@irdl_op_definition
class DeclareMemoryOp(IRDLOperation):
    """
    Declares a memory level: its instance shape, the levels it may load from and
    store to, and its memory space number (default 0). Read by the memory analysis.
    """

    name = "spensor.declare_memory"

    memory_name = prop_def(StringAttr)
    memory_shape = prop_def(ArrayAttr[IntegerAttr])
    load = prop_def(ArrayAttr[StringAttr])
    store = prop_def(ArrayAttr[StringAttr])
    memory_space = opt_attr_def(IntegerAttr.constr(i64))

    def __init__(
        self,
        memory_name: str,
        memory_shape: Sequence[int],
        load: Sequence[str],
        store: Sequence[str],
        memory_space: int = 0,
    ):
        super().__init__(
            properties={
                "memory_name": StringAttr(memory_name),
                "memory_shape": int_array(memory_shape),
                "load": ArrayAttr([StringAttr(s) for s in load]),
                "store": ArrayAttr([StringAttr(s) for s in store]),
            },
            attributes={"memory_space": IntegerAttr(memory_space, i64)},
        )

    @property
    def space(self) -> int:
        return 0 if self.memory_space is None else self.memory_space.value.data

    def verify_(self) -> None:
        shape = int_tuple(self.memory_shape)
        if any(s < 1 for s in shape):
            raise VerifyException(f"{self.name}: every memory_shape entry must be >= 1, got {list(shape)}")
        verify_memory_space(self.name, self.space)


@irdl_op_definition
class GetMemoryOp(IRDLOperation):
    """A handle on the instance of memory `memory_name` at `indice` (no runtime effect)."""

    name = "spensor.get_memory"

    indice = var_operand_def(IndexType)
    memory_name = prop_def(StringAttr)
    result = result_def(MemoryType)

    traits = traits_def(Pure())

    def __init__(self, indice: Sequence[SSAValue | Operation], memory: MemoryType):
        super().__init__(
            operands=[indice], properties={"memory_name": memory.memory_name}, result_types=[memory]
        )

    def verify_(self) -> None:
        assert isinstance(self.result.type, MemoryType)
        if self.result.type.level != self.memory_name.data:
            raise VerifyException(
                f"{self.name}: result memory \"{self.result.type.level}\" differs from memory_name "
                f"\"{self.memory_name.data}\""
            )


@irdl_op_definition
class AllocSpensorOp(IRDLOperation):
    """A fresh, uninitialised buffer in the given memory."""

    name = "spensor.alloc_spensor"

    source = operand_def(MemoryType)
    result = result_def(SpensorType)

    traits = traits_def(AllocatesResult())

    def __init__(self, source: SSAValue | Operation, result_type: SpensorType):
        super().__init__(operands=[source], result_types=[result_type])

    def verify_(self) -> None:
        assert isinstance(self.result.type, SpensorType)
        if self.result.type.memory != self.source.type:
            raise VerifyException(
                f"{self.name}: result memory {self.result.type.memory} differs from the memory operand's "
                f"{self.source.type}"
            )


@irdl_op_definition
class StoreSpensorOp(IRDLOperation):
    """Copies memref `source` into memref `destination` of the same shape."""

    name = "spensor.store_spensor"

    source = operand_def(MemRefType)
    destination = operand_def(MemRefType)

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, source: SSAValue | Operation, destination: SSAValue | Operation):
        super().__init__(operands=[source, destination])

    def verify_(self) -> None:
        src, dst = self.source.type, self.destination.type
        assert isinstance(src, MemRefType) and isinstance(dst, MemRefType)
        if src.get_shape() != dst.get_shape() or src.element_type != dst.element_type:
            raise VerifyException(f"{self.name}: source {src} and destination {dst} differ in shape or element type")


# ---------------------------------------------------------------------------
# ndspensor ops
# ---------------------------------------------------------------------------


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
        if result.level != self.memory_name.data:
            raise VerifyException(
                f"{self.name}: result memory \"{result.level}\" differs from memory_name \"{self.memory_name.data}\""
            )
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
            raise VerifyException(f"{self.name}: op_name \"{self.op_name.data}\" is not supported (only \"add\")")
        if result.level != self.memory_name.data:
            raise VerifyException(
                f"{self.name}: result memory \"{result.level}\" differs from memory_name \"{self.memory_name.data}\""
            )
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
        if len(index) != len(source.grid):
            raise VerifyException(
                f"{self.name}: combine_index has {len(index)} entries for a grid of rank {len(source.grid)}"
            )
        for axis in index:
            verify_in_range(self, "combine_index entry", axis, len(source.tile.shape))
        used = [axis for axis, g in zip(index, source.grid) if g != 1]
        if len(set(used)) != len(used):
            raise VerifyException(f"{self.name}: combine_index {list(index)} maps two grid dims onto one tensor dim")
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

    def __init__(self, source: SSAValue | Operation, repeats: SSAValue | Operation, dim: SSAValue | Operation):
        source, repeats, dim = (SSAValue.get(v) for v in (source, repeats, dim))
        r, d = constant_int(repeats), constant_int(dim)
        assert isinstance(source.type, SpensorType | NDSpensorType) and r is not None and d is not None
        super().__init__(
            operands=[source, repeats, dim], result_types=[repeat_type(source.type, r, d)]
        )

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
            raise VerifyException(f"{self.name}: dimensions must be a non-empty grid shape, got {list(target)}")
        if len(grid) > len(target) or any(
            g not in (1, t) for g, t in zip(reversed(grid), reversed(target))
        ):
            raise VerifyException(f"{self.name}: cannot broadcast grid {list(grid)} to {list(target)}")
        verify_result_type(self, self.result, NDSpensorType(tile_of(self.source.type), target))


Spensor = Dialect(
    "spensor",
    [
        SplitOp,
        SplitAllOp,
        MoveOp,
        MoveToOp,
        AddOp,
        MatmulOp,
        ReduceSumOp,
        FillOp,
        SubviewOp,
        DeclareMemoryOp,
        GetMemoryOp,
        AllocSpensorOp,
        StoreSpensorOp,
    ],
    [MemoryType, SpensorType, NDSpensorType, MemoryLevelAttr, LoopAttr],
)

NDSpensor = Dialect(
    "ndspensor",
    [NDCombineOp, NDReduceOp, CombineToSpensorOp, NDRepeatOp, NDBroadcastOp],
    [],
)
