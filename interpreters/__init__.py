"""nnstack.interpreters: numpy-backed xDSL interpreter functions for every dialect.

Runtime values: a tensor (or memref) is a numpy array of its element dtype; a float
scalar is a numpy scalar of its width (np.float32 for f32, ...); integers and indices
are Python ints or numpy integers.
"""

import importlib
from collections.abc import Sequence
from typing import Any, Literal, overload

import numpy as np

from xdsl.context import Context
from xdsl.dialects import builtin, func
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, ModuleOp, TensorType
from xdsl.interpreter import Interpreter
from xdsl.ir import Attribute
from xdsl.traits import SymbolTable

__all__ = [
    "argument_types",
    "find_function",
    "make_context",
    "parse_module",
    "random_inputs",
    "register_nnstack_implementations",
    "run",
]


_DIALECT_FUNCTIONS = (
    ("nnstack.interpreters.gawee", "GaweeFunctions"),
    ("nnstack.interpreters.mir", "MirFunctions"),
    ("nnstack.interpreters.llir", "LlirFunctions"),
)
"""The interpreter functions of nnstack's dialects: (module, class)."""


def register_nnstack_implementations(
    interpreter: Interpreter, ctx: Context | None = None
) -> None:
    """Register xDSL's stock implementations, then nnstack's on top of them.

    nnstack's numpy-backed implementations replace the stock ones for the same ops
    (arith, math, linalg, tensor); the stock ones that remain (func, scf, cf, ...)
    do not depend on how values are represented.
    """
    from xdsl.interpreters import register_implementations
    from xdsl.interpreters.math import MathFunctions as StockMathFunctions

    from nnstack.interpreters.arith import ArithFunctions
    from nnstack.interpreters.linalg import LinalgFunctions
    from nnstack.interpreters.math import MathFunctions
    from nnstack.interpreters.tensor import TensorFunctions

    register_implementations(interpreter, ctx if ctx is not None else Context())
    interpreter.register_implementations(StockMathFunctions(), override=True)
    for functions in (
        ArithFunctions(),
        MathFunctions(),
        LinalgFunctions(),
        TensorFunctions(),
    ):
        interpreter.register_implementations(functions, override=True)

    # nnstack's own dialects, whose modules may not exist yet while being written.
    for module_name, class_name in _DIALECT_FUNCTIONS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name != module_name:
                raise
            continue
        interpreter.register_implementations(getattr(module, class_name)())


def make_context() -> Context:
    """A context with every dialect `xdsl-opt` knows, plugins' (nnstack's) too."""
    from xdsl.universe import Universe

    ctx = Context()
    for name, factory in Universe.get_multiverse().all_dialects.items():
        ctx.register_dialect(name, factory)
    return ctx


def parse_module(text: str, ctx: Context | None = None) -> ModuleOp:
    """Parse and verify MLIR text."""
    from xdsl.parser import Parser

    module = Parser(ctx if ctx is not None else make_context(), text).parse_module()
    module.verify()
    return module


def find_function(module: ModuleOp, symbol: str) -> func.FuncOp:
    """The `func.func` named `symbol` (without `@`)."""
    function = SymbolTable.lookup_symbol(module, symbol)
    if not isinstance(function, func.FuncOp):
        raise ValueError(f"no function @{symbol} in the module")
    return function


def argument_types(function: func.FuncOp) -> list[Attribute]:
    """The types of a function's arguments."""
    return list(function.function_type.inputs.data)


def random_inputs(types: Sequence[Attribute], seed: int = 0) -> list[np.ndarray]:
    """A seeded random array per argument type: floats standard normal, integers
    small (-4..4, 0..4 for index, both values for i1), scalars as 0-d arrays."""
    from nnstack.interpreters.arith import numpy_dtype

    rng = np.random.default_rng(seed)
    arrays: list[np.ndarray] = []
    for index, arg_type in enumerate(types):
        shape: tuple[int, ...] = ()
        if isinstance(arg_type, TensorType | MemRefType):
            shape = tuple(arg_type.get_shape())
            if DYNAMIC_INDEX in shape:
                raise ValueError(
                    f"argument #{index}: cannot make a random input of dynamic "
                    f"type {arg_type}"
                )
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
    return arrays


def _argument_value(index: int, value: Any, arg_type: Attribute) -> Any:
    """An input converted to the runtime value of a function argument type."""
    from nnstack.interpreters.arith import numpy_dtype

    if isinstance(arg_type, TensorType | MemRefType):
        array = np.asarray(value, numpy_dtype(arg_type))
        expected = arg_type.get_shape()
        if len(expected) != array.ndim or any(
            e not in (DYNAMIC_INDEX, s) for e, s in zip(expected, array.shape)
        ):
            raise ValueError(
                f"argument #{index}: expected {arg_type}, got an array of shape "
                f"{list(array.shape)}"
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


@overload
def run(
    module_or_text: ModuleOp | str,
    symbol: str,
    *arrays: Any,
    return_arguments: Literal[False] = False,
) -> tuple[np.ndarray, ...]: ...


@overload
def run(
    module_or_text: ModuleOp | str,
    symbol: str,
    *arrays: Any,
    return_arguments: Literal[True],
) -> tuple[tuple[np.ndarray, ...], tuple[Any, ...]]: ...


def run(
    module_or_text: ModuleOp | str,
    symbol: str,
    *arrays: Any,
    return_arguments: bool = False,
) -> tuple[np.ndarray, ...] | tuple[tuple[np.ndarray, ...], tuple[Any, ...]]:
    """Run function `symbol` of a module on numpy inputs; return its results.

    Text is parsed (every dialect `xdsl-opt` knows) and verified; pass an already
    parsed `ModuleOp` to run it several times without parsing again. Inputs are
    converted to the dtype of their argument type and their shapes checked. Arrays
    that already have the right dtype are not copied, so a memref argument is
    updated in place; with `return_arguments=True` the converted arguments are
    returned too, as `(results, arguments)`, to read memrefs written into.
    """
    if isinstance(module_or_text, str):
        module = parse_module(module_or_text)
    else:
        module = module_or_text
    function = find_function(module, symbol)
    arg_types = argument_types(function)
    if len(arrays) != len(arg_types):
        raise ValueError(
            f"@{symbol} takes {len(arg_types)} arguments, {len(arrays)} given"
        )
    inputs = tuple(
        _argument_value(i, a, t) for i, (a, t) in enumerate(zip(arrays, arg_types))
    )
    interpreter = Interpreter(module)
    register_nnstack_implementations(interpreter)
    results = interpreter.call_op(function, inputs)
    outputs: list[np.ndarray] = []
    for result in results:
        array = np.asarray(result)
        outputs.append(array if array.flags.writeable else array.copy())
    if return_arguments:
        return tuple(outputs), inputs
    return tuple(outputs)
