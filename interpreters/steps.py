"""A function body compiled once into a flat list of steps, run many times.

From an op to the kernel that runs it (the same for gawee, mir and linalg, whose
interpreter functions are `kernels.KernelFunctions`):

    run_add = kernel_impl(gawee.AddOp, ufunc=np.add)   # GaweeFunctions: @impl + KernelSpec
    plan_function(function, interpreter)               # each op of the body, once:
      functions.kernel(op, KernelRequest(...))           # the spec of type(op)
        functions.make_kernel(op, spec, ...)           # the dialect's checks, around
          spec.function(op, Signature.of(op), ...)     # specialize / into / bind(op)
    StepPlan.execute: kernel.run(operands)             # each run

xDSL's `Interpreter` runs an op by looking its operands up in a scoped dictionary,
dispatching on the op's type, notifying listeners and storing the results back: tens
of microseconds per op, as much as a small numpy op costs. A `StepPlan` does that
work once: each op of a straight-line function body becomes a `Step` holding its
registered implementation and the slots (list positions) of its operands and
results, so running it is a list lookup and a call. The same `@impl` functions run,
so the results and the error messages are those of the interpreter.

Besides speed, the plan gives:

- memory: each value's slot is cleared after its last use, so an intermediate tensor
  is freed as soon as the ops that read it have run (the interpreter keeps every
  value of a function alive until it returns); and an element-wise kernel may write
  its result over an operand read for the last time (in place), where that operand
  is a fresh kernel's result that no other op has seen (`Kernel.fresh`: no view of
  its memory can be alive), so a chain of element-wise ops reuses one array;
- constants (gawee / mir / arith.constant) are evaluated once, when the plan is
  made, and shared read-only by every run instead of copied out of their attribute
  each time (a dense tensor is a view of the attribute's bytes); so are the ops
  without memory effects whose operands are all constants (the weight transposes of
  an NHWC mir conv, a tensor.empty; one that fails on them stays a step, which
  reports its error on each call), and the constants only they read are dropped;
- an observer called after each step (progress reports, NaN checks).

Interpreter functions may give an op's implementation as a kernel (`KernelSource`;
those of gawee, mir, linalg and tensor do): a function of the operands alone, which the step calls directly, made
knowing which operands are constants of the plan (a product lays out its constant
weights once). A plan made only of kernels needs no interpreter, enters `np.errstate`
once for all its steps (none if every kernel only moves data), and does not check
again the operands whose types are known (those of the arguments, the constants and
other kernels).

Ops with regions (linalg.generic, scf.for, mir.for, ...) are steps too: the values
their regions read from the function body are put in an interpreter scope before
their implementation runs, which interprets the region as usual. A function whose
body is not one block ending in `func.return` is not planned (`plan_function`
gives None) and runs through the interpreter.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, cast, runtime_checkable

import numpy as np
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, DenseResourceAttr, TensorType
from xdsl.interpreter import Interpreter, InterpreterFunctions, OpImplResult, PythonValues
from xdsl.ir import Block, Operation, SSAValue
from xdsl.traits import NoMemoryEffect
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import gawee, mir
from nnstack.dialects.weights import WeightsError, constant_value
from nnstack.dialects.xdsl_compat import registered_impl

StepObserver = Callable[[int, Operation, PythonValues, PythonValues], None]
"""Called after each step with its index, its op, its operands (as they were: while an
observer watches, no step writes over its operands) and its results."""


class Kernel(NamedTuple):
    """An op's implementation as a function of its operands alone: it needs no
    interpreter, so a plan made only of kernels runs without one."""

    run: Callable[[PythonValues], PythonValues]
    arithmetic: bool
    """Whether it computes floating-point values, so runs inside
    `np.errstate(all="ignore")` (IEEE special values are results, not warnings); a
    kernel that only moves data does not pay for entering it."""
    fresh: bool = False
    """Whether its results are new arrays that share memory with nothing else (not
    views of its operands, nor the operands themselves): a plan may let a later
    kernel write over such a result where it is read for the last time."""
    in_place: bool = False
    """Whether it writes its result over one of its operands (a `reusable` one)."""


class KernelRequest(NamedTuple):
    """What a plan knows of an op's operands when it asks for the op's kernel
    (`KernelSource.kernel`)."""

    check_operands: bool = True
    """Whether the kernel checks its operands; without, the caller guarantees that they
    have their declared types."""
    constants: tuple[Any, ...] = ()
    """`constants[i]` is the value of operand i if it is a constant of the plan (the same
    in every run), else None: a kernel may prepare work on it once (a weight matrix's
    layout)."""
    reusable: tuple[int, ...] = ()
    """The operands whose arrays nothing reads after this op (nor sees through a view): a
    kernel may write its result over one of them, in place (a fresh kernel's result is
    then that array)."""


CHECKED = KernelRequest()
"""The request for an op's kernel run on its own: its operands checked, none of them
known in advance or reusable."""


@runtime_checkable
class KernelSource(Protocol):
    """Interpreter functions that give some ops' implementations as kernels."""

    def kernel(self, op: Operation, request: KernelRequest = CHECKED) -> Kernel | None:
        """`op`'s kernel for what the plan knows of its operands (`request`), or None."""
        ...


def ufunc_writes_in(ufunc: np.ufunc, operand_dtypes: Sequence[np.dtype], result_dtype: np.dtype) -> bool:
    """Whether numpy computes `ufunc` of operands of these dtypes in `result_dtype`, so
    that `ufunc(*operands, out=operand)` over an operand of the result's type gives the
    result (an integer division, computed in floats, does not)."""
    return ufunc.resolve_dtypes((*operand_dtypes, None))[-1] == result_dtype


def operand_error(op: Operation, index: int, value: object) -> InterpretationError:
    """The error of a kernel given operand `index` of `op` that is not an array of its type."""
    typ = op.operands[index].type
    if not isinstance(value, np.ndarray):
        return InterpretationError(
            f"{op.name}: operand #{index} must be a numpy array, got {type(value).__name__}"
        )
    return InterpretationError(
        f"{op.name}: operand #{index} is a {value.dtype} array of shape "
        f"{list(value.shape)}, but its type is {typ}"
    )


_CONSTANTS = (gawee.ConstantOp, mir.ConstantOp, arith.ConstantOp)
"""Ops evaluated once, when the plan is made."""
_FOLDED_DIALECTS = ("gawee", "mir", "arith", "math", "tensor")
"""The dialects whose ops on constants are evaluated when the plan is made."""


@dataclass(frozen=True)
class Step:
    """One op of the body: its implementation and where its values live."""

    op: Operation
    functions: InterpreterFunctions
    implementation: Callable[[InterpreterFunctions, Interpreter, Operation, PythonValues], OpImplResult]
    kernel: Callable[[PythonValues], PythonValues] | None
    """The implementation as a kernel (`Kernel.run`), where the op's functions give one."""
    observed_kernel: Callable[[PythonValues], PythonValues] | None
    """The kernel run while an observer watches: one that leaves its operands as they
    were (not in place), so the observer sees them."""
    operands: tuple[int, ...]
    results: tuple[int, ...]
    captures: tuple[tuple[SSAValue, int], ...]
    """The body values the op's regions read, with their slots."""
    frees: tuple[int, ...]
    """The slots whose last use is this step."""

    def interpret(
        self, interpreter: Interpreter, args: PythonValues, slots: list[Any], scope: str
    ) -> PythonValues:
        """Run the op's implementation (not its kernel) on its operands `args`."""
        if not self.captures:
            values = self.implementation(self.functions, interpreter, self.op, args).values
        else:
            interpreter.push_scope(scope)
            try:
                interpreter.set_values((value, slots[i]) for value, i in self.captures)
                values = self.implementation(self.functions, interpreter, self.op, args).values
            finally:
                interpreter.pop_scope()
        if len(values) != len(self.results):
            raise InterpretationError(
                f"Number of operation results ({len(self.results)}) doesn't match the "
                f"number of implementation results ({len(values)})."
            )
        return values


@dataclass(frozen=True)
class StepPlan:
    """A function body as steps over numbered slots (arguments first)."""

    name: str
    arguments: tuple[SSAValue, ...]
    steps: tuple[Step, ...]
    n_slots: int
    constants: tuple[tuple[int, Any], ...]
    """Slots filled before the first step: the constants' values."""
    returned: tuple[int, ...]
    arithmetic: bool
    """Whether a kernel computes floating-point values (see `Kernel.arithmetic`)."""

    @property
    def needs_interpreter(self) -> bool:
        """Whether some step is not a kernel (so `execute` needs an interpreter)."""
        return any(step.kernel is None for step in self.steps)

    @functools.cached_property
    def _kernel_steps(
        self,
    ) -> tuple[
        tuple[
            Callable[[list[Any]], PythonValues],
            Callable[[PythonValues], PythonValues],
            tuple[int, ...],
            tuple[int, ...],
        ],
        ...,
    ]:
        """Each step's operands' getter, kernel, result slots and freed slots."""
        return tuple(
            (_getter(step.operands), cast(Any, step.kernel), step.results, step.frees) for step in self.steps
        )

    @functools.cached_property
    def _initial_slots(self) -> list[Any]:
        slots: list[Any] = [None] * self.n_slots
        for slot, value in self.constants:
            slots[slot] = value
        return slots

    def _slots(self, inputs: Sequence[Any]) -> list[Any]:
        """The slots a run starts from: the inputs, the constants, and None."""
        slots = self._initial_slots.copy()
        slots[: len(inputs)] = inputs
        return slots

    def execute_kernels(self, inputs: Sequence[Any]) -> tuple[Any, ...]:
        """`execute` without an interpreter or observer, for a plan of kernels alone
        (not `needs_interpreter`): a loop with less bookkeeping, for programs of small ops."""
        slots = self._slots(inputs)
        if self.arithmetic:
            with np.errstate(all="ignore"):
                self._run_kernels(slots)
        else:
            self._run_kernels(slots)
        return tuple(map(slots.__getitem__, self.returned))

    def step_calls(self, inputs: Sequence[Any]) -> list[Callable[[], PythonValues]]:
        """Each step of a plan of kernels alone as a call without arguments that runs it
        as `execute_kernels` does (its operands taken from the slots, then its kernel)
        on the values it gets when the plan runs on `inputs`: to time one op inside a
        program, without the call's fixed cost. (The plan runs out of place here, but a
        call of a step that writes in place writes over its operand.)"""
        slots = self._slots(inputs)
        calls: list[Callable[[], PythonValues]] = []
        for step, (operands, kernel, results, frees) in zip(self.steps, self._kernel_steps, strict=True):
            seen = slots.copy()
            calls.append(lambda operands=operands, kernel=kernel, seen=seen: kernel(operands(seen)))
            out_of_place = cast(Any, step.observed_kernel)
            for slot, value in zip(results, out_of_place(operands(slots)), strict=True):
                slots[slot] = value
            for slot in frees:
                slots[slot] = None
        return calls

    def _run_kernels(self, slots: list[Any]) -> None:
        for operands, kernel, results, frees in self._kernel_steps:
            values = kernel(operands(slots))
            if len(results) == 1:
                slots[results[0]] = values[0]
            else:
                for slot, value in zip(results, values):
                    slots[slot] = value
            for slot in frees:
                slots[slot] = None

    def execute(
        self, interpreter: Interpreter | None, inputs: Sequence[Any], observer: StepObserver | None = None
    ) -> tuple[Any, ...]:
        """Run the steps on `inputs` (runtime values of the arguments); the returned
        values. The inputs must have their argument types (`api.convert_arguments`):
        the kernels do not check the operands they take from them. IEEE special values
        (inf, NaN, division by zero) are results, not errors, as in every
        implementation. `interpreter` may be None when no step needs one."""
        slots = self._slots(inputs)
        if interpreter is not None:
            # the arguments are also in the interpreter's scope, as when it runs the
            # function: implementations may look them up (spensor's memory profile does)
            interpreter.push_scope(self.name)
        try:
            if interpreter is not None:
                interpreter.set_values(zip(self.arguments, inputs))
            if self.arithmetic:
                # (the implementations that are not kernels enter np.errstate themselves)
                with np.errstate(all="ignore"):
                    self._run_steps(interpreter, slots, observer)
            else:
                self._run_steps(interpreter, slots, observer)
        finally:
            if interpreter is not None:
                interpreter.pop_scope()
        return tuple(map(slots.__getitem__, self.returned))

    def _run_steps(
        self, interpreter: Interpreter | None, slots: list[Any], observer: StepObserver | None
    ) -> None:
        for index, step in enumerate(self.steps):
            args = tuple(map(slots.__getitem__, step.operands))
            kernel = step.kernel if observer is None else step.observed_kernel
            if kernel is not None:
                values = kernel(args)
            else:
                assert interpreter is not None
                values = step.interpret(interpreter, args, slots, self.name)
            for slot, value in zip(step.results, values):
                slots[slot] = value
            for slot in step.frees:
                slots[slot] = None
            if observer is not None:
                observer(index, step.op, args, values)


def _getter(slots: tuple[int, ...]) -> Callable[[list[Any]], PythonValues]:
    """The tuple of the values at `slots` of a list (`operator.itemgetter`: a third of the
    time of building it in Python; it gives a bare value for one slot)."""
    if len(slots) > 1:
        return operator.itemgetter(*slots)
    if slots:
        get = operator.itemgetter(slots[0])
        return lambda values: (get(values),)
    return lambda values: ()


def plan_function(function: func.FuncOp, interpreter: Interpreter) -> StepPlan | None:
    """The plan of a `func.func` whose body is one block ending in `func.return`, with
    the implementations registered in `interpreter` (which also evaluates the
    constants); None for any other function."""
    region = function.body
    block = region.blocks.first
    if block is None or block is not region.blocks.last or not isinstance(block.last_op, func.ReturnOp):
        return None
    body = list(block.ops)
    slot_of: dict[SSAValue, int] = {arg: i for i, arg in enumerate(block.args)}
    for op in body[:-1]:
        for result in op.results:
            slot_of[result] = len(slot_of)
    last_use = _last_uses(block, body, slot_of)
    freed_at: dict[int, list[int]] = {}  # step position -> the slots whose last use it is
    for slot, position in sorted(last_use.items()):
        freed_at.setdefault(position, []).append(slot)
    steps: list[Step] = []
    constants: dict[int, Any] = {}
    typed = set(range(len(block.args)))  # slots whose values have their types
    owned: set[int] = set()  # slots of fresh kernels' results
    seen: set[int] = set()  # slots read by an op whose results may share their memory
    arithmetic = False
    for position, op in enumerate(body[:-1]):
        if isinstance(op, _CONSTANTS):
            constants[slot_of[op.results[0]]] = _constant(interpreter, op)
            continue
        if _foldable(op) and all(slot_of[v] in constants for v in op.operands):
            folded = _fold(interpreter, op, tuple(constants[slot_of[v]] for v in op.operands))
            if folded is not None:
                for result, value in zip(op.results, folded, strict=True):
                    constants[slot_of[result]] = _read_only(value)
                continue
        functions, implementation = _implementation(interpreter, op)
        captures = tuple((v, slot_of[v]) for v in _captured(op, block))
        operand_slots = tuple(slot_of[v] for v in op.operands)
        dying = tuple(freed_at.get(position, ()))
        kernel = observed = None
        if not captures and _gives_kernels(functions):
            # values from the arguments, constants and kernels have their types already
            operands_typed = all(slot in typed or slot in constants for slot in operand_slots)
            known = tuple(constants.get(slot) for slot in operand_slots)
            reusable = tuple(
                index
                for index, slot in enumerate(operand_slots)
                if slot in owned and slot not in seen and slot in dying and operand_slots.count(slot) == 1
            )
            source = cast(KernelSource, functions)
            request = KernelRequest(not operands_typed, known, reusable)
            kernel = source.kernel(op, request)
            if kernel is not None and kernel.in_place:
                observed = source.kernel(op, request._replace(reusable=()))
        if kernel is not None:
            typed.update(slot_of[v] for v in op.results)
            arithmetic |= kernel.arithmetic
        if kernel is not None and kernel.fresh:
            owned.update(slot_of[v] for v in op.results)
        else:
            seen.update((*operand_slots, *(slot for _, slot in captures)))
        steps.append(
            Step(
                op,
                functions,
                implementation,
                None if kernel is None else kernel.run,
                None if kernel is None else (observed or kernel).run,
                operand_slots,
                tuple(slot_of[v] for v in op.results),
                captures,
                dying,
            )
        )
    returned = tuple(slot_of[v] for v in body[-1].operands)
    # the constants only folded ops read are not needed any more
    needed = {*returned, *(i for step in steps for i in (*step.operands, *(c for _, c in step.captures)))}
    kept = tuple((slot, value) for slot, value in constants.items() if slot in needed)
    return StepPlan(
        function.sym_name.data, tuple(block.args), tuple(steps), len(slot_of), kept, returned, arithmetic
    )


def _gives_kernels(functions: InterpreterFunctions) -> bool:
    """Whether `functions` is a `KernelSource` (`isinstance` with a runtime-checkable
    protocol inspects the class's members on each call: tens of microseconds)."""
    return callable(getattr(functions, "kernel", None))


def _constant(interpreter: Interpreter, op: gawee.ConstantOp | mir.ConstantOp | arith.ConstantOp) -> Any:
    """The value of a constant op, read-only: a dense tensor's array is a view of the
    attribute's bytes (the weights are not held twice); other values come from the
    op's implementation."""
    if isinstance(op.value, DenseIntOrFPElementsAttr | DenseResourceAttr) and isinstance(
        op.results[0].type, TensorType
    ):
        try:
            return constant_value(op, op.value, op.results[0].type, shared=True)
        except WeightsError as error:
            raise InterpretationError(f"{op.name}: {error}") from None
    (value,) = interpreter.run_op(op, ())
    return _read_only(value)


def _foldable(op: Operation) -> bool:
    """Whether `op`, given constant operands, can run once when the plan is made: an op
    without memory effects or regions of the dialects whose implementations read
    nothing but their operands (so not spensor, whose implementations record a memory
    profile). It may fail (a gather's index out of range): see `_fold`."""
    return op.has_trait(NoMemoryEffect) and not op.regions and op.dialect_name() in _FOLDED_DIALECTS


def _fold(interpreter: Interpreter, op: Operation, operands: tuple[Any, ...]) -> PythonValues | None:
    """`op`'s results on constant operands, or None where it fails on them: then it runs
    as a step, and fails on each call with its usual error."""
    try:
        return interpreter.run_op(op, operands)
    except Exception:  # noqa: BLE001 (any error is the step's to report, when it runs)
        return None


def _read_only(value: Any) -> Any:
    """`value`, which every run shares: an array is made read-only."""
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
    return value


def _implementation(
    interpreter: Interpreter, op: Operation
) -> tuple[InterpreterFunctions, Callable[..., OpImplResult]]:
    """The registered implementation of `op`'s type, as the interpreter finds it."""
    registered = registered_impl(interpreter, type(op))
    if registered is None:
        raise InterpretationError(f"Could not find interpretation function for op {op.name}")
    return registered


def _captured(op: Operation, block: Block) -> list[SSAValue]:
    """The values of `block` that ops nested in `op`'s regions read, in first-use order."""
    seen: dict[SSAValue, None] = {}
    for region in op.regions:
        for nested in region.walk():
            for value in nested.operands:
                if _defined_in(value, block):
                    seen.setdefault(value, None)
    return list(seen)


def _defined_in(value: SSAValue, block: Block) -> bool:
    owner = value.owner
    return owner is block if isinstance(owner, Block) else owner.parent_block() is block


def _last_uses(block: Block, body: Sequence[Operation], slot_of: dict[SSAValue, int]) -> dict[int, int]:
    """slot -> position of the last op (or its regions) reading it, or of the op
    defining it if none does; the returned values and the arguments (the caller's
    arrays) are never freed."""
    last: dict[int, int] = {}
    for position, op in enumerate(body):
        for value in (*op.operands, *_captured(op, block)):
            last[slot_of[value]] = position
        for value in op.results:
            last[slot_of[value]] = position
    for value in body[-1].operands:
        last.pop(slot_of[value], None)
    for i in range(len(block.args)):
        last.pop(i, None)
    return last
