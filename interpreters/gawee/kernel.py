"""A gawee op's kernel: its numpy code (`kernels.KernelSpec.function`) with its results
converted to their dtypes and checked against their shapes, and its operands checked
against their types where a plan does not know them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.interpreter import PythonValues
from xdsl.ir import Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects.gawee.composite import computes_bf16_in_f32
from nnstack.dialects.values import BFLOAT16, numpy_dtype
from nnstack.interpreters.kernels import ArrayType, KernelSpec, Signature
from nnstack.interpreters.steps import Kernel, KernelRequest, operand_error


def tensor_type(op: Operation, value: SSAValue) -> TensorType:
    """The type of `op`'s operand or result `value`, which must be a tensor."""
    typ = value.type
    if not isinstance(typ, TensorType):
        raise InterpretationError(f"{op.name}: expected a tensor, got a value of type {typ}")
    return typ


def _tensor_signature(op: Operation) -> tuple[tuple[ArrayType, ...], tuple[ArrayType, ...]]:
    """The array types of `op`'s operands and results, which are all tensors."""
    signature = Signature.of(op)
    for value, typ in zip((*op.operands, *op.results), (*signature.operands, *signature.results)):
        if typ is None:
            raise InterpretationError(f"{op.name}: expected a tensor, got a value of type {value.type}")
    return cast(tuple[tuple[ArrayType, ...], tuple[ArrayType, ...]], signature)


def array_kernel(op: Operation, spec: KernelSpec, request: KernelRequest) -> Kernel:
    """The op's function (`KernelSpec.function`: bound, specialized to `constants` or
    in place over a `reusable` operand) with its results converted to their dtypes and
    checked against their shapes, and (`check_operands`) its operands checked against
    their declared types."""
    expected, results = _tensor_signature(op)
    in_f32 = spec.arithmetic and any(t.dtype == BFLOAT16 for t in expected) and computes_bf16_in_f32(op)
    reusable = () if in_f32 else request.reusable
    fn, written = spec.function(op, Signature(expected, results), request.constants, reusable)
    assert fn is not None  # (every gawee op binds)
    if in_f32:
        fn = _in_f32(fn)
    shape, dtype = results[0] if len(results) == 1 else (None, None)

    def exact_kernel(args: PythonValues) -> PythonValues:
        return (fn(*args),)

    def kernel(args: PythonValues) -> PythonValues:
        value = fn(*args)
        if type(value) is np.ndarray and value.shape == shape and value.dtype == dtype:
            return (value,)  # (the common case: one result as it should be)
        if isinstance(value, tuple):
            if len(value) != len(results):
                raise InterpretationError(
                    f"{op.name}: computed {len(value)} results, {len(results)} expected"
                )
            return tuple(_checked_result(op, i, v, results[i]) for i, v in enumerate(value))
        return (_checked_result(op, 0, value, results[0]),)

    def checked_kernel(args: PythonValues) -> PythonValues:
        if len(args) != len(expected):
            raise InterpretationError(f"{op.name}: {len(args)} operands given, {len(expected)} expected")
        for index, ((shape, dtype), value) in enumerate(zip(expected, args)):
            if not isinstance(value, np.ndarray) or value.shape != shape or value.dtype != dtype:
                raise operand_error(op, index, value)
        return kernel(args)

    if spec.exact:
        kernel = exact_kernel
    run = checked_kernel if request.check_operands else kernel
    return Kernel(run, spec.arithmetic, spec.fresh, written is not None)


def _in_f32(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` on its bf16 operands widened to f32: a bf16 op computes in f32 and its
    results round once to bf16 (`_checked_result`), as ONNX Runtime computes bf16
    (numpy's bf16 ufuncs would round every step, and sum in bf16)."""

    def run(*args: Any) -> Any:
        return fn(*(a.astype(np.float32) if a.dtype == BFLOAT16 else a for a in args))

    return run


def _checked_result(op: Operation, index: int, value: np.ndarray, expected: ArrayType) -> np.ndarray:
    """Result `index` of `op` in its dtype, checked against its shape."""
    shape, dtype = expected
    if value.shape != shape:
        raise InterpretationError(
            f"{op.name}: computed a result of shape {list(value.shape)}, but the result type is "
            f"{op.results[index].type}"
        )
    if type(value) is np.ndarray and value.dtype == dtype:
        return value
    # asarray: numpy ufuncs return scalars, not arrays, for rank-0 operands
    return np.asarray(value, dtype=dtype)


def operand_dtype(op: Operation, index: int = 0) -> np.dtype:
    """The dtype of the elements of `op`'s tensor operand `index`."""
    return numpy_dtype(tensor_type(op, op.operands[index]).element_type)
