"""Numpy-backed interpreter functions for the `memref` dialect.

xDSL's stock memref interpreter stores memrefs as `ShapedArray`s, which have no
strides or offset and so cannot express `memref.subview`. Here a memref is a numpy
array of its element dtype, like a tensor: a subview is a strided numpy view, so
writes through it reach the source, and `memref.copy` writes in place.

Uninitialised memory (`memref.alloc`, `memref.alloca`) holds NaN for float element
types and 0 otherwise: any content is valid for an uninitialised buffer, and NaN
makes a read of an element nobody wrote visible in the results.
"""

from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.dialects import memref
from xdsl.dialects.builtin import DYNAMIC_INDEX, DenseIntOrFPElementsAttr, MemRefType
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.ir import Attribute, Operation
from xdsl.traits import SymbolTable
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects.values import attribute_value, is_float, numpy_dtype
from nnstack.interpreters.tensor import static_or_dynamic


def uninitialised(shape: Sequence[int], type_attr: Attribute) -> np.ndarray:
    """A new array for an uninitialised buffer: NaN for floats, 0 otherwise."""
    dtype = numpy_dtype(type_attr)
    if is_float(dtype):
        return np.full(tuple(shape), np.nan, dtype)
    return np.zeros(tuple(shape), dtype)


def strided_view(
    name: str,
    source: np.ndarray,
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    result_shape: Sequence[int],
) -> np.ndarray:
    """`source[offset : offset + size*stride : stride]` per dim, as a view.

    When the result has a lower rank than `sizes`, unit dims are dropped (greedily,
    as MLIR's rank reduction) by indexing them with an integer, which keeps a view.
    """
    if not len(offsets) == len(sizes) == len(strides) == source.ndim:
        raise InterpretationError(f"{name}: {len(offsets)} offsets for a source of rank {source.ndim}")
    for o, size, s, dim in zip(offsets, sizes, strides, source.shape):
        if o < 0 or s < 1 or size < 0 or (size and o + (size - 1) * s >= dim):
            raise InterpretationError(
                f"{name}: slice offsets {list(offsets)} sizes {list(sizes)} strides "
                f"{list(strides)} run out of shape {list(source.shape)}"
            )
    keep = len(result_shape)
    index: list[Any] = []
    kept = 0
    for o, size, s in zip(offsets, sizes, strides):
        if kept < keep and result_shape[kept] == size:
            index.append(slice(o, o + (size - 1) * s + 1 if size else o, s))
            kept += 1
        elif size == 1:
            index.append(o)
        else:
            raise InterpretationError(
                f"{name}: cannot rank-reduce sizes {list(sizes)} to {list(result_shape)}"
            )
    if kept != keep:
        raise InterpretationError(f"{name}: cannot rank-reduce sizes {list(sizes)} to {list(result_shape)}")
    return source[tuple(index)]


def element_index(name: str, array: np.ndarray, indices: Sequence[Any]) -> tuple[int, ...]:
    """`indices` as a numpy index of one element of `array`, checked to be in bounds
    (numpy would wrap negative indices around instead)."""
    index = tuple(int(i) for i in indices)
    if len(index) != array.ndim or any(not 0 <= i < d for i, d in zip(index, array.shape)):
        raise InterpretationError(
            f"{name}: index {list(index)} is out of bounds for shape {list(array.shape)}"
        )
    return index


@register_impls
class MemRefFunctions(InterpreterFunctions):
    """memref ops on numpy arrays (views for subviews)."""

    @impl(memref.AllocOp)
    def run_alloc(self, interpreter: Interpreter, op: memref.AllocOp, args: PythonValues) -> PythonValues:
        return (self._new(op, op.memref.type, args[: len(op.dynamic_sizes)]),)

    @impl(memref.AllocaOp)
    def run_alloca(self, interpreter: Interpreter, op: memref.AllocaOp, args: PythonValues) -> PythonValues:
        return (self._new(op, op.memref.type, args[: len(op.dynamic_sizes)]),)

    @staticmethod
    def _new(op: Operation, memref_type: Attribute, dynamic: Sequence[Any]) -> np.ndarray:
        if not isinstance(memref_type, MemRefType):
            raise InterpretationError(f"{op.name}: expected a ranked memref type")
        shape = static_or_dynamic(memref_type.get_shape(), dynamic)
        return uninitialised(shape, memref_type)

    @impl(memref.DeallocOp)
    def run_dealloc(self, interpreter: Interpreter, op: memref.DeallocOp, args: PythonValues) -> PythonValues:
        return ()

    @impl(memref.LoadOp)
    def run_load(self, interpreter: Interpreter, op: memref.LoadOp, args: PythonValues) -> PythonValues:
        source, *indices = args
        return (source[element_index(op.name, source, indices)],)

    @impl(memref.StoreOp)
    def run_store(self, interpreter: Interpreter, op: memref.StoreOp, args: PythonValues) -> PythonValues:
        value, dest, *indices = args
        dest[element_index(op.name, dest, indices)] = value
        return ()

    @impl(memref.SubviewOp)
    def run_subview(self, interpreter: Interpreter, op: memref.SubviewOp, args: PythonValues) -> PythonValues:
        source = args[0]
        dynamic = args[1:]
        n_off, n_size = len(op.offsets), len(op.sizes)
        offsets = static_or_dynamic(op.static_offsets.get_values(), dynamic[:n_off])
        sizes = static_or_dynamic(op.static_sizes.get_values(), dynamic[n_off : n_off + n_size])
        strides = static_or_dynamic(op.static_strides.get_values(), dynamic[n_off + n_size :])
        result_type = op.result.type
        assert isinstance(result_type, MemRefType)
        shape = list(result_type.get_shape())
        if len(shape) == len(sizes):
            shape = sizes
        elif DYNAMIC_INDEX in shape:
            raise InterpretationError(
                f"memref.subview: rank reduction to a dynamic shape {result_type} is not supported"
            )
        return (strided_view(op.name, source, offsets, sizes, strides, shape),)

    @impl(memref.CopyOp)
    def run_copy(self, interpreter: Interpreter, op: memref.CopyOp, args: PythonValues) -> PythonValues:
        source, dest = args
        if np.shape(source) != np.shape(dest):
            raise InterpretationError(
                f"memref.copy: shapes {list(np.shape(source))} and {list(np.shape(dest))} differ"
            )
        np.copyto(dest, source, casting="unsafe")
        return ()

    @impl(memref.CastOp)
    def run_cast(self, interpreter: Interpreter, op: memref.CastOp, args: PythonValues) -> PythonValues:
        return (args[0],)

    @impl(memref.GetGlobalOp)
    def run_get_global(
        self, interpreter: Interpreter, op: memref.GetGlobalOp, args: PythonValues
    ) -> PythonValues:
        global_op = SymbolTable.lookup_symbol(op, op.name_)
        if not isinstance(global_op, memref.GlobalOp) or not isinstance(
            global_op.initial_value, DenseIntOrFPElementsAttr
        ):
            raise InterpretationError(f"memref.get_global: @{op.name_.string_value()} is not a dense global")
        return (np.array(attribute_value(global_op.initial_value, op.memref.type)),)
