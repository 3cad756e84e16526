"""Numpy-backed interpreter functions for the `tensor` dialect.

A tensor is a numpy array of its element dtype. Tensors have value semantics and no
implementation here writes into an operand, so ops that only rearrange data
(collapse/expand_shape, extract_slice, reshape, cast) may return views; ops that
change data (insert, insert_slice, pad) return new arrays.
"""

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from xdsl.dialects import tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    DenseArrayBase,
    IndexType,
    IntegerType,
    MemRefType,
    TensorType,
)
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    OpImplResult,
    PythonValues,
    impl,
    impl_attr,
    register_impls,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects.values import as_dtype, attribute_value, numpy_dtype
from nnstack.dialects.xdsl_compat import class_impls
from nnstack.interpreters.steps import CHECKED, Kernel, KernelRequest
from nnstack.interpreters.terminators import yield_impl


def static_or_dynamic(static: Sequence[int], dynamic: Sequence[Any]) -> list[int]:
    """Fill the DYNAMIC_INDEX entries of a static list from runtime values, in order."""
    values = iter(dynamic)
    return [int(next(values)) if v == DYNAMIC_INDEX else v for v in static]


def _shape_of(op: Operation, type_attr: Attribute, dynamic: Sequence[Any]) -> list[int]:
    """The shape of a tensor type, its dynamic sizes given at runtime."""
    if not isinstance(type_attr, TensorType | MemRefType):
        raise InterpretationError(f"{op.name}: expected a ranked shaped type")
    if len(dynamic) != list(type_attr.get_shape()).count(DYNAMIC_INDEX):
        raise InterpretationError(f"{op.name}: {len(dynamic)} dynamic sizes given for type {type_attr}")
    return static_or_dynamic(type_attr.get_shape(), dynamic)


def _dense_array(attr: DenseArrayBase[IntegerType]) -> list[int]:
    return [int(v) for v in attr.get_values()]


def _slices(offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]):
    return tuple(
        slice(offset, offset + (size - 1) * stride + 1 if size else offset, stride)
        for offset, size, stride in zip(offsets, sizes, strides, strict=True)
    )


def _drop_unit_dims(op: Operation, sizes: Sequence[int], reduced: Sequence[int]) -> list[int]:
    """The shape of a rank-reduced slice: `sizes` without the dropped unit dims."""
    kept: list[int] = []
    for size in sizes:
        if len(kept) < len(reduced) and reduced[len(kept)] in (size, DYNAMIC_INDEX):
            kept.append(size)
        elif size != 1:
            raise InterpretationError(f"{op.name}: cannot rank-reduce sizes {list(sizes)} to {list(reduced)}")
    if len(kept) != len(reduced):
        raise InterpretationError(f"{op.name}: cannot rank-reduce sizes {list(sizes)} to {list(reduced)}")
    return kept


def element_indices(op: Operation, indices: Sequence[Any], shape: Sequence[int]) -> tuple[Any, ...]:
    """`indices` (ints, or arrays inside a vectorized linalg body), checked to lie in
    `shape`: numpy would wrap a negative index and raise IndexError on a large one."""
    for axis, (index, size) in enumerate(zip(indices, shape, strict=True)):
        index = np.asarray(index)
        outside = (index < 0) | (index >= size)
        if np.any(outside):
            raise InterpretationError(
                f"{op.name}: index {int(index[outside].flat[0])} out of range for dim "
                f"{axis} of size {size} (tensor shape {list(shape)})"
            )
    return tuple(indices)


def _index_arrays(shape: Sequence[int]) -> tuple[np.ndarray, ...]:
    """One broadcastable array of indices per axis of `shape`."""
    rank = len(shape)
    return tuple(
        np.arange(size, dtype=np.int64).reshape([size if axis == d else 1 for axis in range(rank)])
        for d, size in enumerate(shape)
    )


def _yielded_from_outside(op: tensor.PadOp) -> SSAValue | None:
    """The value a pad's region yields where the region is just its `tensor.yield` of a
    value defined outside it (a scalar, the same at every index), else None."""
    block = op.region.block
    yielded = block.first_op
    if not isinstance(yielded, tensor.YieldOp) or len(yielded.operands) != 1:
        return None
    (value,) = yielded.operands
    # (the yield is the block's only op: a value from inside is one of its index arguments)
    if value.owner is block or not isinstance(value.type, IntegerType | AnyFloat | IndexType):
        return None
    return value


_KERNEL_OPS = (
    tensor.EmptyOp,
    tensor.ReshapeOp,
    tensor.CollapseShapeOp,
    tensor.ExpandShapeOp,
    tensor.ExtractSliceOp,
    tensor.ConcatOp,
    tensor.CastOp,
)
"""The tensor ops `TensorFunctions.kernel` gives kernels of."""


def _bound(
    implementation: Callable[..., OpImplResult], functions: InterpreterFunctions, op: Operation
) -> Callable[[PythonValues], PythonValues]:
    """`implementation` of `op` as a function of its operands (it takes no interpreter)."""

    def kernel(args: PythonValues) -> PythonValues:
        return implementation(functions, None, op, args).values

    return kernel


@register_impls
class TensorFunctions(InterpreterFunctions):
    """tensor ops on numpy arrays."""

    @impl_attr(TensorType)
    def tensor_attr_value(
        self, interpreter: Interpreter, attr: Attribute, attr_type: TensorType
    ) -> np.ndarray:
        return attribute_value(attr, attr_type)

    @impl_attr(MemRefType)
    def memref_attr_value(
        self, interpreter: Interpreter, attr: Attribute, attr_type: MemRefType
    ) -> np.ndarray:
        return attribute_value(attr, attr_type)

    def __init__(self) -> None:
        self._static_empties: dict[Operation, np.ndarray] = {}
        self._kernels: dict[Operation, Kernel | None] = {}
        self._reshapes: dict[Operation, tuple[Any, list[int], int]] = {}
        self._static_slices: dict[Operation, tuple[tuple[int, ...], tuple[slice, ...], list[int] | None]] = {}

    def kernel(self, op: Operation, request: KernelRequest = CHECKED) -> Kernel | None:
        """The ops that only make, reshape, slice or join tensors as kernels
        (`steps.Kernel`): their implementations read nothing but the op and the operands,
        whatever their types, so they check what they need themselves."""
        if op not in self._kernels:
            self._kernels[op] = None
            if isinstance(op, tensor.EmptyOp) and not op.operands:
                empty = (self._static_empty(op),)
                self._kernels[op] = Kernel(lambda args: empty, arithmetic=False)
                return self._kernels[op]
            for op_type, implementation in class_impls(type(self)):
                if op_type is type(op) and isinstance(op, _KERNEL_OPS):
                    self._kernels[op] = Kernel(_bound(implementation, self, op), arithmetic=False)
        return self._kernels[op]

    @impl(tensor.EmptyOp)
    def run_empty(self, interpreter: Interpreter, op: tensor.EmptyOp, args: PythonValues) -> PythonValues:
        """Zeros (MLIR leaves the elements undefined); of a static type, `_static_empty`."""
        if args:
            return (np.zeros(_shape_of(op, op.tensor.type, args), numpy_dtype(op.tensor.type)),)
        return (self._static_empty(op),)

    def _static_empty(self, op: tensor.EmptyOp) -> np.ndarray:
        """One read-only broadcast zero per op, which costs no memory and no time: tensors
        are never written in place, and an init is read only where a body reads it."""
        empty = self._static_empties.get(op)
        if empty is None:
            shape = _shape_of(op, op.tensor.type, ())
            empty = np.broadcast_to(np.zeros((), numpy_dtype(op.tensor.type)), shape)
            self._static_empties[op] = empty
        return empty

    @impl(tensor.SplatOp)
    def run_splat(self, interpreter: Interpreter, op: tensor.SplatOp, args: PythonValues) -> PythonValues:
        shape = _shape_of(op, op.result.type, args[1:])
        return (np.full(shape, args[0], numpy_dtype(op.result.type)),)

    @impl(tensor.FromElementsOp)
    def run_from_elements(
        self, interpreter: Interpreter, op: tensor.FromElementsOp, args: PythonValues
    ) -> PythonValues:
        shape = _shape_of(op, op.result.type, ())
        return (np.array(args, numpy_dtype(op.result.type)).reshape(shape),)

    @impl(tensor.DimOp)
    def run_dim(self, interpreter: Interpreter, op: tensor.DimOp, args: PythonValues) -> PythonValues:
        source, index = args
        if not 0 <= index < np.ndim(source):
            raise InterpretationError(f"tensor.dim: index {index} out of range for rank {np.ndim(source)}")
        return (np.int64(np.shape(source)[index]),)

    @impl(tensor.CastOp)
    def run_cast(self, interpreter: Interpreter, op: tensor.CastOp, args: PythonValues) -> PythonValues:
        (source,) = args
        result_type = op.dest.type
        if isinstance(result_type, TensorType):
            expected = result_type.get_shape()
            if len(expected) != source.ndim or any(
                e not in (DYNAMIC_INDEX, s) for e, s in zip(expected, source.shape, strict=True)
            ):
                raise InterpretationError(
                    f"tensor.cast: runtime shape {list(source.shape)} does not match {result_type}"
                )
        return (source,)

    @impl(tensor.ReshapeOp)
    def run_reshape(self, interpreter: Interpreter, op: tensor.ReshapeOp, args: PythonValues) -> PythonValues:
        """The shape operand is read once while it is the same array (a constant: tensors
        are never changed in place)."""
        source, shape = args
        last = self._reshapes.get(op)
        if last is None or last[0] is not shape:
            new_shape = [int(s) for s in np.asarray(shape).reshape(-1)]
            last = self._reshapes[op] = (shape, new_shape, int(np.prod(new_shape)))
        if last[2] != source.size:
            raise InterpretationError(f"tensor.reshape: cannot reshape {list(source.shape)} to {last[1]}")
        return (source.reshape(last[1]),)

    @impl(tensor.CollapseShapeOp)
    def run_collapse_shape(
        self, interpreter: Interpreter, op: tensor.CollapseShapeOp, args: PythonValues
    ) -> PythonValues:
        (source,) = args
        shape = [
            int(np.prod([source.shape[d.value.data] for d in group.data])) for group in op.reassociation.data
        ]
        return (source.reshape(shape),)

    @impl(tensor.ExpandShapeOp)
    def run_expand_shape(
        self, interpreter: Interpreter, op: tensor.ExpandShapeOp, args: PythonValues
    ) -> PythonValues:
        source, *dynamic = args
        shape = static_or_dynamic(_dense_array(op.static_output_shape), dynamic)
        if int(np.prod(shape)) != source.size:
            raise InterpretationError(f"tensor.expand_shape: cannot expand {list(source.shape)} to {shape}")
        return (source.reshape(shape),)

    @impl(tensor.ExtractOp)
    def run_extract(self, interpreter: Interpreter, op: tensor.ExtractOp, args: PythonValues) -> PythonValues:
        """Indices may be arrays (inside a vectorized linalg.generic body)."""
        source, *indices = args
        return (source[element_indices(op, indices, source.shape)],)

    @impl(tensor.InsertOp)
    def run_insert(self, interpreter: Interpreter, op: tensor.InsertOp, args: PythonValues) -> PythonValues:
        value, dest, *indices = args
        result = dest.copy()
        result[element_indices(op, indices, dest.shape)] = value
        return (result,)

    @impl(tensor.ExtractSliceOp)
    def run_extract_slice(
        self, interpreter: Interpreter, op: tensor.ExtractSliceOp, args: PythonValues
    ) -> PythonValues:
        """Static offsets, sizes and strides are read once per op and source shape."""
        source = args[0]
        static = self._static_slices.get(op)
        if len(args) == 1 and static is not None and static[0] == source.shape:
            _, slices, shape = static
        else:
            offsets, sizes, strides = self._slice_params(op, args[1:], source.shape)
            slices = _slices(offsets, sizes, strides)
            result_type = op.result.type
            assert isinstance(result_type, TensorType)
            shape = None
            if len(result_type.get_shape()) != len(sizes):
                shape = _drop_unit_dims(op, sizes, result_type.get_shape())
            if len(args) == 1:
                self._static_slices[op] = (source.shape, slices, shape)
        view = source[slices]
        return (view,) if shape is None else (view.reshape(shape),)

    @impl(tensor.InsertSliceOp)
    def run_insert_slice(
        self, interpreter: Interpreter, op: tensor.InsertSliceOp, args: PythonValues
    ) -> PythonValues:
        source, dest = args[0], args[1]
        offsets, sizes, strides = self._slice_params(op, args[2:], dest.shape)
        result = dest.copy()
        result[_slices(offsets, sizes, strides)] = np.reshape(source, sizes)
        return (result,)

    @staticmethod
    def _slice_params(
        op: tensor.ExtractSliceOp | tensor.InsertSliceOp,
        dynamic: Sequence[Any],
        shape: Sequence[int],
    ) -> tuple[list[int], list[int], list[int]]:
        """Offsets, sizes and strides, the dynamic ones from the operands, checked
        to stay inside a tensor of `shape`."""
        n_offsets, n_sizes = len(op.offsets), len(op.sizes)
        offsets = static_or_dynamic(_dense_array(op.static_offsets), dynamic[:n_offsets])
        sizes = static_or_dynamic(_dense_array(op.static_sizes), dynamic[n_offsets : n_offsets + n_sizes])
        strides = static_or_dynamic(_dense_array(op.static_strides), dynamic[n_offsets + n_sizes :])
        if any(s <= 0 for s in strides) or any(o < 0 for o in offsets):
            raise InterpretationError(f"{op.name}: offsets {offsets} and strides {strides} must be positive")
        for offset, size, stride, dim in zip(offsets, sizes, strides, shape):
            if size < 0 or size and offset + (size - 1) * stride >= dim:
                raise InterpretationError(
                    f"{op.name}: slice offsets {offsets} sizes {sizes} strides "
                    f"{strides} run out of a tensor of shape {list(shape)}"
                )
        return offsets, sizes, strides

    @impl(tensor.ConcatOp)
    def run_concat(self, interpreter: Interpreter, op: tensor.ConcatOp, args: PythonValues) -> PythonValues:
        return (np.concatenate(args, axis=op.dim.value.data),)

    @impl(tensor.PadOp)
    def run_pad(self, interpreter: Interpreter, op: tensor.PadOp, args: PythonValues) -> PythonValues:
        """The padding value comes from the region, run once with index arrays.

        The usual region yields a constant; a region computing from its indices
        is evaluated elementwise over the whole result at once.
        """
        source = args[0]
        n_low = len(op.low)
        low = static_or_dynamic(_dense_array(op.static_low), args[1 : 1 + n_low])
        high = static_or_dynamic(_dense_array(op.static_high), args[1 + n_low :])
        if any(p < 0 for p in low + high):
            raise InterpretationError(f"tensor.pad: negative padding low {low} high {high} not supported")
        shape = [lo + size + hi for lo, size, hi in zip(low, source.shape, high)]
        dtype = numpy_dtype(op.result.type)
        interior = tuple(slice(lo, lo + size) for lo, size in zip(low, source.shape, strict=True))
        result = np.empty(shape, dtype)
        yielded = _yielded_from_outside(op)
        if yielded is not None:
            # one value everywhere (a conv's zero): only the border is written
            value = as_dtype(interpreter.get_values((yielded,))[0], dtype)
            for axis, (lo, size) in enumerate(zip(low, source.shape)):
                before = (slice(None),) * axis
                result[(*before, slice(0, lo))] = value
                result[(*before, slice(lo + size, None))] = value
        else:
            (value,) = interpreter.run_ssacfg_region(op.region, _index_arrays(shape), "tensor.pad")
            try:
                result[...] = as_dtype(value, dtype)
            except ValueError:
                raise InterpretationError(
                    f"tensor.pad: padding value of shape {np.shape(value)} does not broadcast to {shape}"
                ) from None
        result[interior] = source
        return (result,)

    run_yield = yield_impl(tensor.YieldOp)
