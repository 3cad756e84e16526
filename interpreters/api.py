"""The run / call API of nnstack's interpreters: parse, find a function, convert numpy
inputs to runtime values, run with every nnstack implementation registered, and give
the results back as numpy arrays.

Runtime values: a tensor (or memref) is a numpy array of its element dtype; a float
scalar is a numpy scalar of its width (np.float32 for f32, ...); integers and indices
are Python ints or numpy integers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, NamedTuple, overload

import numpy as np
from xdsl.context import Context
from xdsl.dialects import builtin, func
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, ModuleOp, TensorType
from xdsl.interpreter import Interpreter
from xdsl.interpreters import register_implementations
from xdsl.interpreters.math import MathFunctions as StockMathFunctions
from xdsl.ir import Attribute
from xdsl.parser import Parser
from xdsl.traits import SymbolTable
from xdsl.universe import Universe

from nnstack.dialects import llir
from nnstack.dialects.spensor import NDSpensorType, SpensorType, grid_of, tile_type
from nnstack.interpreters.affine import AffineFunctions
from nnstack.interpreters.arith import ArithFunctions, numpy_dtype
from nnstack.interpreters.bufferization import BufferizationFunctions
from nnstack.interpreters.gawee import GaweeFunctions
from nnstack.interpreters.inputs import ArgumentDomains, respect_domains
from nnstack.interpreters.linalg import LinalgFunctions
from nnstack.interpreters.llir import LlirFunctions, set_strict_memory
from nnstack.interpreters.math import MathFunctions
from nnstack.interpreters.memref import MemRefFunctions
from nnstack.interpreters.mir import MirFunctions, check_results_not_freed
from nnstack.interpreters.scf import ScfParallelFunctions
from nnstack.interpreters.spensor import SpensorFunctions, from_array, to_array
from nnstack.interpreters.tensor import TensorFunctions


def register_nnstack_implementations(interpreter: Interpreter, ctx: Context | None = None) -> None:
    """Register xDSL's stock implementations, then nnstack's on top of them.

    nnstack's numpy-backed implementations replace the stock ones for the same ops
    (arith, math, linalg, tensor, memref, affine) and add the missing ones
    (scf.parallel, bufferization); the stock ones that remain (func, scf.for, cf, ...)
    do not depend on how values are represented.
    """
    register_implementations(interpreter, ctx if ctx is not None else Context())
    interpreter.register_implementations(StockMathFunctions(), override=True)
    for functions in (
        ArithFunctions(),
        MathFunctions(),
        LinalgFunctions(),
        TensorFunctions(),
        MemRefFunctions(),
        ScfParallelFunctions(),
        BufferizationFunctions(),
        AffineFunctions(),
    ):
        interpreter.register_implementations(functions, override=True)
    for functions in (GaweeFunctions(), MirFunctions(), LlirFunctions(), SpensorFunctions()):
        interpreter.register_implementations(functions)


def make_context() -> Context:
    """A context with every dialect `xdsl-opt` knows, plugins' (nnstack's) too."""
    ctx = Context()
    for name, factory in Universe.get_multiverse().all_dialects.items():
        ctx.register_dialect(name, factory)
    return ctx


def parse_module(text: str, ctx: Context | None = None) -> ModuleOp:
    """Parse and verify MLIR text."""
    module = Parser(ctx if ctx is not None else make_context(), text).parse_module()
    module.verify()
    return module


def find_function(module: ModuleOp, symbol: str) -> func.FuncOp | llir.FuncOp:
    """The `func.func` or `llir.func` named `symbol` (without `@`)."""
    function = SymbolTable.lookup_symbol(module, symbol)
    if not isinstance(function, func.FuncOp | llir.FuncOp):
        names = [f"@{op.sym_name.data}" for op in module.walk() if isinstance(op, func.FuncOp | llir.FuncOp)]
        listed = f"; the module has {', '.join(names)}" if names else "; the module has no functions"
        raise ValueError(f"no function @{symbol} in the module{listed}")
    return function


def _tensor_signature(function: func.FuncOp | llir.FuncOp) -> builtin.FunctionType | None:
    """The tensor-level type an llir.func was lowered from (`llir.tensor_signature`)."""
    signature = function.attributes.get(llir.TENSOR_SIGNATURE)
    if isinstance(function, llir.FuncOp) and isinstance(signature, builtin.FunctionType):
        return signature
    return None


def argument_types(function: func.FuncOp | llir.FuncOp) -> list[Attribute]:
    """The types of a function's arguments; for an llir.func lowered from a tensor
    function, those of the tensor function (which `run` takes too)."""
    signature = _tensor_signature(function)
    return list((signature or function.function_type).inputs.data)


def random_inputs(
    types: Sequence[Attribute], seed: int = 0, domains: ArgumentDomains | None = None
) -> list[np.ndarray]:
    """A seeded random array per argument type: floats standard normal, integers
    small (-4..4, 0..4 for index, both values for i1), scalars as 0-d arrays; the
    arguments with a domain (`argument_domains` of a gawee function: batch-norm
    variances, index tensors, weights) drawn in it."""
    rng = np.random.default_rng(seed)
    arrays: list[np.ndarray] = []
    for index, arg_type in enumerate(types):
        arg_type = _array_type(arg_type)
        shape: tuple[int, ...] = ()
        if isinstance(arg_type, TensorType | MemRefType):
            shape = tuple(arg_type.get_shape())
            if DYNAMIC_INDEX in shape:
                raise ValueError(f"argument #{index}: cannot make a random input of dynamic type {arg_type}")
        dtype = numpy_dtype(arg_type)
        if dtype.kind == "f":
            arrays.append(rng.standard_normal(shape).astype(dtype))
        elif dtype == np.bool_:
            arrays.append(rng.integers(0, 2, shape).astype(dtype))
        elif isinstance(arg_type, builtin.IndexType):
            arrays.append(rng.integers(0, 5, shape).astype(dtype))
        else:
            low = 0 if dtype.kind == "u" else -4
            arrays.append(rng.integers(low, 5, shape).astype(dtype))
    if domains is not None:
        respect_domains(arrays, domains, rng)
    return arrays


def _is_spensor(type_attr: Attribute) -> bool:
    """Whether a type is a spensor / ndspensor type."""
    return isinstance(type_attr, SpensorType | NDSpensorType)


def _array_type(type_attr: Attribute) -> Attribute:
    """The tensor type of the numpy array standing for a value of `type_attr`: an
    ndspensor is given as one array of shape grid + tile."""
    if not _is_spensor(type_attr):
        return type_attr
    tile = tile_type(type_attr)
    assert tile is not None
    return TensorType(tile.scalar_type, (*grid_of(type_attr), *tile.shape))


def _result_array(value: Any) -> np.ndarray:
    """A result as one numpy array (an ndspensor's tiles stacked)."""
    if isinstance(value, np.ndarray) and value.dtype == object:
        return to_array(value)
    return np.asarray(value)


def _argument_value(index: int, value: Any, arg_type: Attribute) -> Any:
    """An input converted to the runtime value of a function argument type."""
    if _is_spensor(arg_type):
        return from_array(arg_type, value, f"argument #{index}")
    if np.iscomplexobj(value):
        # numpy would drop the imaginary part with only a warning
        raise ValueError(f"argument #{index}: expected {arg_type}, got complex values")
    if isinstance(arg_type, TensorType | MemRefType):
        array = np.asarray(value, numpy_dtype(arg_type))
        expected = arg_type.get_shape()
        if len(expected) != array.ndim or any(
            e not in (DYNAMIC_INDEX, s) for e, s in zip(expected, array.shape)
        ):
            raise ValueError(
                f"argument #{index}: expected {arg_type}, got an array of shape {list(array.shape)}"
            )
        return array
    if isinstance(
        arg_type,
        builtin.Float16Type
        | builtin.Float32Type
        | builtin.Float64Type
        | builtin.IntegerType
        | builtin.IndexType,
    ):
        if np.ndim(value) != 0:
            raise ValueError(
                f"argument #{index}: expected a scalar {arg_type}, got an array of "
                f"shape {list(np.shape(value))}"
            )
        return numpy_dtype(arg_type).type(np.asarray(value)[()])
    return value


def convert_arguments(function: func.FuncOp | llir.FuncOp, arrays: Sequence[Any]) -> tuple[Any, ...]:
    """`arrays` converted to the runtime values of `function`'s arguments (see
    `argument_types`), their number and shapes checked."""
    arg_types = argument_types(function)
    if len(arrays) != len(arg_types):
        raise ValueError(f"@{function.sym_name.data} takes {len(arg_types)} arguments, {len(arrays)} given")
    return tuple(_argument_value(i, a, t) for i, (a, t) in enumerate(zip(arrays, arg_types)))


@overload
def run(
    module_or_text: ModuleOp | str,
    symbol: str,
    *arrays: Any,
    return_arguments: Literal[False] = False,
    on_finish: Callable[[Interpreter], None] | None = None,
    backend: Literal["interpreter", "native"] = "interpreter",
) -> tuple[np.ndarray, ...]: ...


@overload
def run(
    module_or_text: ModuleOp | str,
    symbol: str,
    *arrays: Any,
    return_arguments: Literal[True],
    on_finish: Callable[[Interpreter], None] | None = None,
    backend: Literal["interpreter", "native"] = "interpreter",
) -> tuple[tuple[np.ndarray, ...], tuple[Any, ...]]: ...


def run(
    module_or_text: ModuleOp | str,
    symbol: str,
    *arrays: Any,
    return_arguments: bool = False,
    on_finish: Callable[[Interpreter], None] | None = None,
    backend: Literal["interpreter", "native"] = "interpreter",
) -> tuple[np.ndarray, ...] | tuple[tuple[np.ndarray, ...], tuple[Any, ...]]:
    """Run function `symbol` of a module on numpy inputs; return its results.

    Text is parsed (every dialect `xdsl-opt` knows) and verified; pass an already
    parsed `ModuleOp` to run it several times without parsing again. Inputs are
    converted to the dtype of their argument type and their shapes checked. Arrays
    that already have the right dtype are not copied, so a memref argument is
    updated in place; with `return_arguments=True` the converted arguments are
    returned too, as `(results, arguments)`, to read memrefs written into.
    Spensor arguments take arrays of their tensor shape, ndspensor arguments
    arrays of shape grid + tile; ndspensor results come back stacked that way.
    `on_finish` is called with the interpreter after the run, to read what the
    interpreter functions recorded (e.g. the spensor memory profile).
    `backend="native"` JIT-compiles an llir function instead (`nnstack.native.call`;
    `on_finish` is not called).
    """
    if backend == "native":
        from nnstack.native import call as call_native

        called_native = call_native(module_or_text, symbol, arrays)
        return (called_native.results, called_native.arguments) if return_arguments else called_native.results
    called = call(module_or_text, symbol, arrays)
    if on_finish is not None:
        on_finish(called.interpreter)
    if return_arguments:
        return called.results, called.arguments
    return called.results


class Call(NamedTuple):
    """What `call` gives: the results, the converted arguments, the interpreter."""

    results: tuple[np.ndarray, ...]
    arguments: tuple[Any, ...]
    interpreter: Interpreter


def call(
    module_or_text: ModuleOp | str,
    symbol: str,
    arrays: Sequence[Any],
    *,
    strict_memory: bool = False,
) -> Call:
    """`run`, one level down: also gives the interpreter, to inspect what it recorded
    (e.g. `nnstack.interpreters.llir.leaked_buffers`). With `strict_memory`, reading
    llir memory that was never written is an error.

    An llir.func lowered from a tensor function (it has `llir.tensor_signature`) is
    called as that function: it takes and returns the same arrays (see `_call_lowered`).
    """
    if isinstance(module_or_text, str):
        module = parse_module(module_or_text)
    else:
        module = module_or_text
    function = find_function(module, symbol)
    inputs = convert_arguments(function, arrays)
    interpreter = Interpreter(module)
    register_nnstack_implementations(interpreter)
    if strict_memory:
        set_strict_memory(interpreter)
    signature = _tensor_signature(function)
    if signature is None:
        results = interpreter.call_op(function, inputs)
        check_results_not_freed(interpreter, symbol, results)
    else:
        results = _call_lowered(interpreter, function, signature, inputs)
    outputs: list[np.ndarray] = []
    for result in results:
        array = _result_array(result)
        outputs.append(array if array.flags.writeable else array.copy())
    return Call(tuple(outputs), inputs, interpreter)


def _call_lowered(
    interpreter: Interpreter,
    function: func.FuncOp | llir.FuncOp,
    signature: builtin.FunctionType,
    inputs: Sequence[Any],
) -> tuple[np.ndarray, ...]:
    """Call an llir.func lowered from a tensor function the way that function is called.

    Each tensor is passed as a read-only buffer holding the array in the function's
    layout (Fortran order for column-major), and each result as a zeroed output
    buffer (one element for a scalar) that is returned as a C-ordered array.
    """
    assert isinstance(function, llir.FuncOp)
    order = "F" if function.memory_layout == llir.MemoryLayout.COLUMN_MAJOR else "C"
    arguments: list[Any] = []
    for value, typ in zip(inputs, signature.inputs.data):
        if isinstance(typ, TensorType):
            value = np.asarray(value, order=order).view()
            value.flags.writeable = False
        arguments.append(value)
    outputs = [
        np.zeros(typ.get_shape() if isinstance(typ, TensorType) else (), numpy_dtype(typ), order=order)
        for typ in signature.outputs.data
    ]
    interpreter.call_op(function, (*arguments, *outputs))
    return tuple(output.copy(order="C") for output in outputs)
