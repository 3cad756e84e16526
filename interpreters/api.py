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
from xdsl.ir import Attribute, Operation
from xdsl.traits import SymbolTable
from xdsl.universe import Universe

from nnstack.dialects import llir, mir
from nnstack.dialects.spensor import NDSpensorType, SpensorType, grid_of, tile_type
from nnstack.dialects.values import integer_width, is_float, numpy_dtype
from nnstack.dialects.xdsl_compat import HookedParser, interpreter_impls, interpreter_with_impls
from nnstack.interpreters.affine import AffineFunctions
from nnstack.interpreters.arith import ArithFunctions
from nnstack.interpreters.bufferization import BufferizationFunctions
from nnstack.interpreters.gawee import GaweeFunctions
from nnstack.interpreters.heap import LARGE_INPUT, trim_heap
from nnstack.interpreters.inputs import ArgumentDomains, respect_domains
from nnstack.interpreters.linalg import LinalgFunctions, share_plans
from nnstack.interpreters.llir import (
    LlirFunctions,
    output_pointer,
    set_limits,
    set_progress,
    set_strict_memory,
)
from nnstack.interpreters.math import MathFunctions
from nnstack.interpreters.memref import MemRefFunctions
from nnstack.interpreters.mir import MirFunctions, check_results_not_freed
from nnstack.interpreters.scf import ScfParallelFunctions
from nnstack.interpreters.spensor import SpensorFunctions, from_array, to_array
from nnstack.interpreters.steps import StepObserver, StepPlan, plan_function
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
    module = HookedParser(ctx if ctx is not None else make_context(), text).parse_module()
    if len(text) >= LARGE_INPUT:
        trim_heap()
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
        if is_float(dtype):
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


def _output(value: Any) -> np.ndarray:
    """A result as the caller's own array: a read-only one (a constant, a broadcast) is copied."""
    if type(value) is not np.ndarray or value.dtype == object:
        value = _result_array(value)
    return value if value.flags.writeable else value.copy()


def _argument_value(index: int, value: Any, arg_type: Attribute) -> Any:
    """An input converted to the runtime value of a function argument type."""
    if _is_spensor(arg_type):
        return from_array(arg_type, value, f"argument #{index}")
    if np.iscomplexobj(value):
        # numpy would drop the imaginary part with only a warning
        raise ValueError(f"argument #{index}: expected {arg_type}, got complex values")
    if isinstance(arg_type, TensorType | MemRefType):
        dtype = numpy_dtype(arg_type)
        if (
            isinstance(value, np.ndarray)
            and value.dtype != dtype
            and integer_width(value.dtype) == integer_width(dtype) is not None
        ):
            # a signless iN holds either signedness: an unsigned array is viewed, not
            # converted (convert-gawee-to-linalg makes ui8 ... ui64 signless)
            value = value.view(dtype)
        array = np.asarray(value, dtype)
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
        | builtin.BFloat16Type
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


def convert_arguments(
    function: func.FuncOp | llir.FuncOp, arrays: Sequence[Any], arg_types: Sequence[Attribute] | None = None
) -> tuple[Any, ...]:
    """`arrays` converted to the runtime values of `function`'s arguments (see
    `argument_types`; given as `arg_types` where known), their number and shapes checked."""
    if arg_types is None:
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
    max_allocation: int | None = None,
    max_call_depth: int | None = None,
) -> tuple[np.ndarray, ...]: ...


@overload
def run(
    module_or_text: ModuleOp | str,
    symbol: str,
    *arrays: Any,
    return_arguments: Literal[True],
    on_finish: Callable[[Interpreter], None] | None = None,
    max_allocation: int | None = None,
    max_call_depth: int | None = None,
) -> tuple[tuple[np.ndarray, ...], tuple[Any, ...]]: ...


def run(
    module_or_text: ModuleOp | str,
    symbol: str,
    *arrays: Any,
    return_arguments: bool = False,
    on_finish: Callable[[Interpreter], None] | None = None,
    max_allocation: int | None = None,
    max_call_depth: int | None = None,
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
    `max_allocation` (bytes) and `max_call_depth` bound what llir functions may
    allocate and how deep they may call (`nnstack.interpreters.llir.set_limits`).
    Native code is `nnstack.native.run`, which takes and gives the same arrays (the
    native backend sits above the interpreters and uses their argument conversion).
    """
    called = call(
        module_or_text, symbol, arrays, max_allocation=max_allocation, max_call_depth=max_call_depth
    )
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
    max_allocation: int | None = None,
    max_call_depth: int | None = None,
) -> Call:
    """`run`, one level down: also gives the interpreter, to inspect what it recorded
    (e.g. `nnstack.interpreters.llir.leaked_buffers`). With `strict_memory`, reading
    llir memory that was never written is an error (output buffers included);
    `max_allocation` and `max_call_depth` are llir's limits, as for `run`.

    An llir.func lowered from a tensor function (it has `llir.tensor_signature`) is
    called as that function: it takes and returns the same arrays (see `_call_lowered`).
    """
    module = parse_module(module_or_text) if isinstance(module_or_text, str) else module_or_text
    return prepare(module, symbol).call(
        arrays, strict_memory=strict_memory, max_allocation=max_allocation, max_call_depth=max_call_depth
    )


def prepare(module: ModuleOp, symbol: str) -> PreparedProgram:
    """Function `symbol` of a parsed, verified module, ready to be called many times."""
    return PreparedProgram(module, symbol)


class PreparedProgram:
    """A function made ready once and called many times (`program(*arrays)`).

    Preparing finds the function, reads its argument types, registers the
    implementations and compiles a func.func body into steps (`steps.StepPlan`:
    no per-op interpreter dispatch, constants evaluated once, intermediates freed
    after their last use). Each call converts its inputs as `run` does and runs
    with its own interpreter state (recorded data, llir memory), sharing the
    registered implementations and the linalg plans. The module must not change
    after `prepare`.
    """

    def __init__(self, module: ModuleOp, symbol: str):
        self.module = module
        self.symbol = symbol
        self.function = find_function(module, symbol)
        self.argument_types = argument_types(self.function)
        self.signature = _tensor_signature(self.function)
        # (dtype, shape) of the static tensor arguments: an array that has them is
        # taken as it is, without `_argument_value`'s general conversion
        self._exact = [
            (numpy_dtype(t), tuple(t.get_shape()))
            if isinstance(t, TensorType | MemRefType) and t.has_static_shape()
            else None
            for t in self.argument_types
        ]
        # only mir.dealloc_tensor frees tensors: without one, the results need no check
        self._frees_tensors = any(isinstance(op, mir.DeallocTensorOp) for op in module.walk())
        self._linalg_plans: dict[Operation, Any] = {}
        interpreter = Interpreter(module)
        register_nnstack_implementations(interpreter)
        share_plans(interpreter, self._linalg_plans)
        # registered once: the interpreter of each call shares them
        self._implementations = interpreter_impls(interpreter)
        self.plan: StepPlan | None = None
        if isinstance(self.function, func.FuncOp):
            self.plan = plan_function(self.function, interpreter)
        # a plan of kernels alone needs no interpreter state: `program(...)` runs it
        # without making one (there is nothing it would record)
        self._kernels_only = (
            self.plan is not None
            and not self.plan.needs_interpreter
            and self.signature is None
            and not self._frees_tensors
        )

    def __call__(self, *arrays: Any) -> tuple[np.ndarray, ...]:
        if self._kernels_only:
            assert self.plan is not None
            return tuple(map(_output, self.plan.execute_kernels(self._inputs(arrays))))
        return self.call(arrays).results

    def call(
        self,
        arrays: Sequence[Any],
        *,
        strict_memory: bool = False,
        max_allocation: int | None = None,
        max_call_depth: int | None = None,
        observer: StepObserver | None = None,
        progress: Callable[[str], None] | None = None,
    ) -> Call:
        """One call on numpy inputs (see `call`: `strict_memory` and the llir limits);
        `observer` sees each step of a planned function (`steps.StepObserver`);
        `progress` is told how many llir ops have run, about ten times a second
        (`llir.set_progress`; for a progress line)."""
        inputs = self._inputs(arrays)
        interpreter = self._interpreter()
        if strict_memory:
            set_strict_memory(interpreter)
        if progress is not None:
            set_progress(interpreter, progress)
        set_limits(interpreter, max_allocation=max_allocation, max_call_depth=max_call_depth)
        if self.signature is not None:
            results = _call_lowered(interpreter, self.function, self.signature, inputs)
        else:
            if self.plan is not None:
                results = self.plan.execute(interpreter, inputs, observer)
            else:
                results = interpreter.call_op(self.function, inputs)
            if self._frees_tensors:
                check_results_not_freed(interpreter, self.symbol, results)
        return Call(tuple(_output(result) for result in results), inputs, interpreter)

    def _inputs(self, arrays: Sequence[Any]) -> tuple[Any, ...]:
        """The inputs converted to the runtime values of the arguments (see `run`): as
        they are where every one is a numpy array of its argument's dtype and static
        shape (the common case, which conversion would return unchanged), else by
        `convert_arguments`."""
        if len(arrays) != len(self._exact):
            return convert_arguments(self.function, arrays, self.argument_types)
        for value, exact in zip(arrays, self._exact):
            if (
                exact is None
                or type(value) is not np.ndarray
                or value.shape != exact[1]
                or value.dtype != exact[0]
            ):
                return convert_arguments(self.function, arrays, self.argument_types)
        return arrays if type(arrays) is tuple else tuple(arrays)

    def _interpreter(self) -> Interpreter:
        """A fresh interpreter state with the registered implementations and linalg plans."""
        interpreter = interpreter_with_impls(self.module, self._implementations)
        share_plans(interpreter, self._linalg_plans)
        return interpreter


def _call_lowered(
    interpreter: Interpreter,
    function: func.FuncOp | llir.FuncOp,
    signature: builtin.FunctionType,
    inputs: Sequence[Any],
) -> tuple[np.ndarray, ...]:
    """Call an llir.func lowered from a tensor function the way that function is called.

    Each tensor is passed as a read-only buffer holding the array in the function's
    layout (Fortran order for column-major), and each result as a zeroed output
    buffer (one element for a scalar) that is returned as a C-ordered array; in strict
    mode the function must write an output before it reads it.
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
    pointers = [output_pointer(interpreter, function, len(arguments) + k, o) for k, o in enumerate(outputs)]
    interpreter.call_op(function, (*arguments, *pointers))
    return tuple(output.copy(order="C") for output in outputs)
