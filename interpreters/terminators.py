"""The one implementation of the region terminators that hand their operands to the op
running the region as its results (`affine.yield`, `scf.reduce`, `scf.reduce.return`,
`tensor.yield`, `linalg.yield`)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    OpImplResult,
    PythonValues,
    ReturnedValues,
    TerminatorValue,
    impl_terminator,
)
from xdsl.ir import Operation


def yield_impl(op_type: type[Operation]) -> Callable[..., OpImplResult]:
    """The xDSL `@impl_terminator` of `op_type`: its operands are what the region returns."""
    return impl_terminator(op_type)(_return_operands)


def _return_operands(
    functions: InterpreterFunctions, interpreter: Interpreter, op: Operation, args: PythonValues
) -> tuple[TerminatorValue, PythonValues]:
    return ReturnedValues(args), ()
