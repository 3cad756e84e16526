"""The spensor ops: split, move, compute (add, matmul, reduce_sum, fill), views and
memory handles, with the memory effects the stock `dce` / `cse` / `canonicalize` read.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    StringAttr,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import (
    EffectInstance,
    MemoryEffect,
    MemoryEffectKind,
    MemoryReadEffect,
    MemoryWriteEffect,
    Pure,
)
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.spensor.attributes import verify_memory_space
from nnstack.dialects.spensor.shapes import matmul_shape, reduce_sum_shape, split_all_type, split_type
from nnstack.dialects.spensor.types import (
    ElementType,
    MemoryType,
    NDSpensorType,
    SpensorType,
    constant_int,
    grid_of,
    int_array,
    int_tuple,
    same_kind,
    scalar_type_of,
    tensor_shape,
    tile_of,
    tile_type,
    with_tile_shape,
)
from nnstack.dialects.spensor.verifiers import (
    constant_operand,
    verify_in_range,
    verify_memory_name,
    verify_one_per_axis,
    verify_result_type,
)

__all__ = [
    "AddEffects",
    "AddOp",
    "AllocSpensorOp",
    "AllocatesResult",
    "DeclareMemoryOp",
    "FillOp",
    "GetMemoryOp",
    "MatmulOp",
    "MoveOp",
    "MoveToOp",
    "ReduceSumOp",
    "SplitAllOp",
    "SplitOp",
    "StoreSpensorOp",
    "SubviewOp",
]

# Memory effects, so that `dce`, `cse` and `canonicalize` understand the ops:
# views and handles are `Pure`; ops that compute into a new buffer read and
# allocate their result (unused, they can go); ops writing into a buffer write.


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
            return frozenset(
                (EffectInstance(MemoryEffectKind.READ), EffectInstance(MemoryEffectKind.WRITE, op.lhs))
            )
        return frozenset(
            (EffectInstance(MemoryEffectKind.READ), EffectInstance(MemoryEffectKind.ALLOC, op.result))
        )


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

    def __init__(
        self, source: SSAValue | Operation, num_partitions: SSAValue | Operation, dim: SSAValue | Operation
    ):
        source, num_partitions, dim = (SSAValue.get(v) for v in (source, num_partitions, dim))
        n, d = constant_int(num_partitions), constant_int(dim)
        assert isinstance(source.type, SpensorType) and n is not None and d is not None
        super().__init__(operands=[source, num_partitions, dim], result_types=[split_type(source.type, n, d)])

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
        verify_one_per_axis(self, "num_partitions", partitions, len(source.shape), "tensor")
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
        verify_memory_name(self, self.memory_name, tile.level)
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
            raise VerifyException(
                f"{self.name}: grid shapes differ: {list(grid_of(src))} and {list(grid_of(dst))}"
            )
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

    inputs = operand_def(ElementType)
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
                raise VerifyException(
                    f"{self.name}: invalid slice of dim {d}: size {size}, offset {o}, stride {s}"
                )
            if size and o is not None and s is not None and o + (size - 1) * s >= source.shape[d]:
                raise VerifyException(
                    f"{self.name}: slice of dim {d} (offset {o}, size {size}, stride {s}) runs out of "
                    f"size {source.shape[d]}"
                )
        if result.memory != source.memory:
            raise VerifyException(
                f"{self.name}: result memory {result.memory} differs from the source's {source.memory}"
            )
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
        verify_memory_name(self, self.memory_name, self.result.type.level)


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
            raise VerifyException(
                f"{self.name}: source {src} and destination {dst} differ in shape or element type"
            )
