"""A vectorized linalg body compiled once into steps over numbered slots.

A vectorized run interprets the body once, on whole arrays; through the interpreter
each body op costs a scoped lookup of its operands, a dispatch, listener calls and a
scoped store of its results, which on a small domain is more than the numpy work.
A `BodyProgram` does that work when the body first runs (as `steps.StepPlan` does
for a function body): each op keeps its registered implementation and the slots of
its operands and results, so the same implementations compute the same values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from xdsl.dialects.linalg import ops as linalg
from xdsl.interpreter import Interpreter, InterpreterFunctions, OpImplResult, PythonValues
from xdsl.ir import Block, Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters.steps import _implementation  # pyright: ignore[reportPrivateUsage]


@dataclass(frozen=True)
class BodyStep:
    """One body op: its implementation and the slots of its operands and results."""

    op: Operation
    functions: InterpreterFunctions
    implementation: Callable[[InterpreterFunctions, Interpreter, Operation, PythonValues], OpImplResult]
    operands: tuple[int, ...]
    results: tuple[int, ...]


@dataclass(frozen=True)
class BodyProgram:
    """A body's ops (but the skipped ones and the yield) over slots: the block
    arguments first, then the values the body reads from outside it, then the results."""

    n_args: int
    outer: tuple[SSAValue, ...]
    """Values defined outside the body, read from the interpreter's scope on each run."""
    steps: tuple[BodyStep, ...]
    wanted: tuple[int, ...]
    n_slots: int
    uses_index: bool
    """Whether a `linalg.index` reads the indices of the domain's points."""

    @staticmethod
    def compile(
        interpreter: Interpreter, block: Block, wanted: Sequence[SSAValue], skip: set[Operation]
    ) -> BodyProgram:
        ops = [op for op in block.ops if op not in skip and op is not block.last_op]
        slot_of: dict[SSAValue, int] = {arg: i for i, arg in enumerate(block.args)}
        defined = set(slot_of) | {result for op in ops for result in op.results}
        outer: dict[SSAValue, None] = {}
        for value in (*(v for op in ops for v in op.operands), *wanted):
            if value not in defined:
                outer.setdefault(value, None)
        for value in (*outer, *(result for op in ops for result in op.results)):
            slot_of[value] = len(slot_of)
        steps = tuple(
            BodyStep(
                op,
                *_implementation(interpreter, op),
                tuple(slot_of[v] for v in op.operands),
                tuple(slot_of[v] for v in op.results),
            )
            for op in ops
        )
        return BodyProgram(
            len(block.args),
            tuple(outer),
            steps,
            tuple(slot_of[v] for v in wanted),
            len(slot_of),
            any(isinstance(op, linalg.IndexOp) for op in ops),
        )

    def run(self, interpreter: Interpreter, args: Sequence[Any]) -> list[Any]:
        """The wanted values of one run of the body on `args` (its block arguments)."""
        slots: list[Any] = [None] * self.n_slots
        slots[: self.n_args] = args
        if self.outer:
            slots[self.n_args : self.n_args + len(self.outer)] = interpreter.get_values(self.outer)
        for step in self.steps:
            values = step.implementation(
                step.functions, interpreter, step.op, tuple([slots[i] for i in step.operands])
            ).values
            if len(values) != len(step.results):
                raise InterpretationError(
                    f"{step.op.name}: {len(values)} results computed, {len(step.results)} expected"
                )
            for slot, value in zip(step.results, values):
                slots[slot] = value
        return [slots[i] for i in self.wanted]
