"""Numpy-backed interpreter functions for `affine` ops.

xDSL's stock `affine.apply` evaluates maps without symbols only (it asserts on
`affine_map<()[s0] -> (s0 * 8)>`) and its loads and stores expect `ShapedArray`s.
Here the operands split into dims and symbols as the map declares, and memrefs are
numpy arrays.
"""

from collections.abc import Sequence
from typing import Any

from xdsl.dialects import affine
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.ir.affine import AffineMap
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters.memref import element_index
from nnstack.interpreters.terminators import yield_impl


def evaluate(name: str, affine_map: AffineMap, operands: Sequence[Any]) -> tuple[int, ...]:
    """The map's results for operands (dims first, then symbols)."""
    n_dims, n_symbols = affine_map.num_dims, affine_map.num_symbols
    if len(operands) != n_dims + n_symbols:
        raise InterpretationError(
            f"{name}: {affine_map} takes {n_dims} dims and {n_symbols} symbols, "
            f"{len(operands)} operands given"
        )
    values = [int(v) for v in operands]
    return tuple(affine_map.eval(values[:n_dims], values[n_dims:]))


@register_impls
class AffineFunctions(InterpreterFunctions):
    """affine.apply / load / store / for / yield on Python ints and numpy arrays."""

    @impl(affine.ApplyOp)
    def run_apply(self, interpreter: Interpreter, op: affine.ApplyOp, args: PythonValues) -> PythonValues:
        return evaluate(op.name, op.map.data, args)

    @impl(affine.LoadOp)
    def run_load(self, interpreter: Interpreter, op: affine.LoadOp, args: PythonValues) -> PythonValues:
        memref, *indices = args
        assert op.map is not None
        return (memref[element_index(op.name, memref, evaluate(op.name, op.map.data, indices))],)

    @impl(affine.StoreOp)
    def run_store(self, interpreter: Interpreter, op: affine.StoreOp, args: PythonValues) -> PythonValues:
        value, memref, *indices = args
        assert op.map is not None
        memref[element_index(op.name, memref, evaluate(op.name, op.map.data, indices))] = value
        return ()

    @impl(affine.ForOp)
    def run_for(self, interpreter: Interpreter, op: affine.ForOp, args: PythonValues) -> PythonValues:
        n_lower = op.lowerBoundMap.data.num_dims + op.lowerBoundMap.data.num_symbols
        n_upper = op.upperBoundMap.data.num_dims + op.upperBoundMap.data.num_symbols
        lower = evaluate(op.name, op.lowerBoundMap.data, args[:n_lower])
        upper = evaluate(op.name, op.upperBoundMap.data, args[n_lower : n_lower + n_upper])
        if len(lower) != 1 or len(upper) != 1:
            raise InterpretationError("affine.for: min/max bounds are not supported")
        loop_args = tuple(args[n_lower + n_upper :])
        for i in range(lower[0], upper[0], op.step.value.data):
            loop_args = interpreter.run_ssacfg_region(op.body, (i, *loop_args), "affine.for")
        return loop_args

    run_yield = yield_impl(affine.YieldOp)
