"""Numpy-backed interpreter functions for the `bufferization` dialect (xDSL has none).

Tensors and memrefs are both numpy arrays; what separates them is who may write:
memrefs are written in place, tensors never. So every op that turns one into the
other copies (`to_tensor` takes a snapshot of the memref, `to_buffer` gives a
buffer of its own), and tensors stay values whatever happens to memory later.
`alloc_tensor` without `copy` is uninitialised: NaN for floats, 0 otherwise (see
`nnstack.interpreters.memref`).
"""

import numpy as np
from xdsl.dialects import bufferization
from xdsl.dialects.builtin import MemRefType, TensorType
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters.memref import uninitialised
from nnstack.interpreters.tensor import static_or_dynamic


@register_impls
class BufferizationFunctions(InterpreterFunctions):
    """bufferization ops on numpy arrays."""

    @impl(bufferization.AllocTensorOp)
    def run_alloc_tensor(
        self,
        interpreter: Interpreter,
        op: bufferization.AllocTensorOp,
        args: PythonValues,
    ) -> PythonValues:
        result_type = op.tensor.type
        if not isinstance(result_type, TensorType):
            raise InterpretationError("bufferization.alloc_tensor: expected a ranked tensor")
        if op.copy is not None:
            return (np.array(args[len(op.dynamic_sizes)], copy=True),)
        shape = static_or_dynamic(result_type.get_shape(), args[: len(op.dynamic_sizes)])
        return (uninitialised(shape, result_type),)

    @impl(bufferization.ToTensorOp)
    def run_to_tensor(
        self, interpreter: Interpreter, op: bufferization.ToTensorOp, args: PythonValues
    ) -> PythonValues:
        return (np.array(args[0], copy=True),)

    @impl(bufferization.ToBufferOp)
    def run_to_buffer(
        self, interpreter: Interpreter, op: bufferization.ToBufferOp, args: PythonValues
    ) -> PythonValues:
        return (np.array(args[0], copy=True),)

    @impl(bufferization.CloneOp)
    def run_clone(
        self, interpreter: Interpreter, op: bufferization.CloneOp, args: PythonValues
    ) -> PythonValues:
        return (np.array(args[0], copy=True),)

    @impl(bufferization.MaterializeInDestinationOp)
    def run_materialize_in_destination(
        self,
        interpreter: Interpreter,
        op: bufferization.MaterializeInDestinationOp,
        args: PythonValues,
    ) -> PythonValues:
        source, dest = args
        if np.shape(source) != np.shape(dest):
            raise InterpretationError(
                f"bufferization.materialize_in_destination: source shape "
                f"{list(np.shape(source))} differs from destination shape {list(np.shape(dest))}"
            )
        if isinstance(op.dest.type, MemRefType):
            np.copyto(dest, source, casting="unsafe")
            return ()
        return (np.array(source, dtype=dest.dtype, copy=True),)
