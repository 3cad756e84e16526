"""Body ops as direct numpy calls, for bodies whose operand shapes are known.

Through its registered implementation a body op costs a dispatch, an `np.errstate`
and a lookup of its result dtype, and every op makes a new array. A `NumpyBody`
computes the common arith / math ops of a body with the numpy function their
implementation calls, on operands of the op's declared types (so the same values):
a ufunc writes its result into a temporary of the same shape and dtype that dies at
that op (`out=`), so a chain such as `(x - mean) / sqrt(var + eps) * w + b` makes one
array of the domain's shape, not four. The shapes of every value are known when the
body is compiled (the domain's ranges are static), and so is which temporaries may be
written: only arrays a numpy call made, never a view of an operand or a value a later
op still reads or that an op may have returned as it is (a cast to the same type, a
select on a scalar, any registered implementation).

`tensor.extract` with index arrays gathers; where it reads one axis of a table at a
computed index and the other axes at the loop indices in order (an embedding lookup),
it is one `ndarray.take`, with the range check and message of `tensor.extract`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from operator import itemgetter
from types import MappingProxyType
from typing import Any

import numpy as np
from xdsl.dialects import arith, math, tensor
from xdsl.dialects.builtin import ShapedType, TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects.values import as_dtype, attribute_value, numpy_dtype
from nnstack.interpreters.arith import clipped, ieee_maximum, ieee_minimum, relu
from nnstack.interpreters.math import erf_array
from nnstack.interpreters.tensor import element_indices

Shape = tuple[int, ...]

_FLOAT_UFUNCS: Mapping[type[Operation], np.ufunc] = MappingProxyType(
    {
        arith.AddfOp: np.add,
        arith.SubfOp: np.subtract,
        arith.MulfOp: np.multiply,
        arith.DivfOp: np.true_divide,
        arith.MaxnumfOp: np.fmax,
        arith.MinnumfOp: np.fmin,
        arith.NegfOp: np.negative,
        math.AbsFOp: np.abs,
        math.SqrtOp: np.sqrt,
        math.ExpOp: np.exp,
        math.Exp2Op: np.exp2,
        math.ExpM1Op: np.expm1,
        math.LogOp: np.log,
        math.Log2Op: np.log2,
        math.Log10Op: np.log10,
        math.Log1pOp: np.log1p,
        math.TanhOp: np.tanh,
        math.SinOp: np.sin,
        math.CosOp: np.cos,
        math.TanOp: np.tan,
        math.AsinOp: np.arcsin,
        math.AcosOp: np.arccos,
        math.AtanOp: np.arctan,
        math.SinhOp: np.sinh,
        math.CoshOp: np.cosh,
        math.AsinhOp: np.arcsinh,
        math.AcoshOp: np.arccosh,
        math.AtanhOp: np.arctanh,
        math.CeilOp: np.ceil,
        math.FloorOp: np.floor,
        math.TruncOp: np.trunc,
        math.RoundEvenOp: np.rint,
        math.PowFOp: np.power,
        math.CopySignOp: np.copysign,
    }
)
"""Float ops that are one ufunc on operands and result of one float type (what their
implementations in `nnstack.interpreters.arith` / `math` compute)."""

_FLOAT_FUNCTIONS: Mapping[type[Operation], Callable[..., Any]] = MappingProxyType(
    {arith.MaximumfOp: ieee_maximum, arith.MinimumfOp: ieee_minimum, math.ErfOp: erf_array}
)
"""Float ops computed by a function (cast to the result type after, as their implementations do)."""

_INT_UFUNCS: Mapping[type[Operation], np.ufunc] = MappingProxyType(
    {
        arith.AddiOp: np.add,
        arith.SubiOp: np.subtract,
        arith.MuliOp: np.multiply,
        arith.MaxSIOp: np.maximum,
        arith.MinSIOp: np.minimum,
    }
)
"""Integer ops that are one ufunc on signed numpy integers of the type's width (they wrap
as the type does); not on i1, which numpy holds as bool."""

_BITWISE_UFUNCS: Mapping[type[Operation], np.ufunc] = MappingProxyType(
    {arith.AndIOp: np.bitwise_and, arith.OrIOp: np.bitwise_or, arith.XOrIOp: np.bitwise_xor}
)
"""Bitwise ops: one ufunc on signed integers and on i1 (bool) alike."""

_CMPF_UFUNCS: Mapping[int, np.ufunc] = MappingProxyType(
    {1: np.equal, 2: np.greater, 3: np.greater_equal, 4: np.less, 5: np.less_equal, 13: np.not_equal}
)
"""cmpf predicates that are one ufunc (oeq, ogt, oge, olt, ole, une): numpy's ordered
comparisons are false on NaN, and != is true."""

_CMPI_UFUNCS: Mapping[int, np.ufunc] = MappingProxyType(
    {0: np.equal, 1: np.not_equal, 2: np.less, 3: np.less_equal, 4: np.greater, 5: np.greater_equal}
)
"""cmpi predicates eq, ne, slt, sle, sgt, sge: ufuncs on signed integers (on i1 only
eq and ne: a signed i1 true is -1)."""

_CASTS: Mapping[type[Operation], tuple[str, str]] = MappingProxyType(
    {
        arith.IndexCastOp: ("i", "i"),
        arith.ExtSIOp: ("i", "i"),
        arith.ExtFOp: ("f", "f"),
        arith.TruncFOp: ("f", "f"),
        arith.SIToFPOp: ("i", "f"),
    }
)
"""Casts that are `as_dtype` (numpy's cast) from a source of the first kind to a result of
the second: sign extensions (not truncations) of signed integers, float to float, and
signed integer to float."""


@dataclass(frozen=True)
class NumpyCall:
    """How one body op runs: `run(*operands)`, or `run(*operands, out=buffer)` for a ufunc."""

    run: Callable[..., Any]
    ufunc: bool
    fresh: bool
    """Whether the result is always a new array (never one of the operands)."""


def _kind(typ: Attribute) -> str:
    """numpy's dtype kind of a scalar type ('f', 'i', 'u', 'b'), '' if it has none."""
    dtype = _dtype(typ)
    return "" if dtype is None else dtype.kind


def _same_types(op: Operation) -> bool:
    types = {v.type for v in (*op.operands, *op.results)}
    return len(types) == 1


def _cast(dtype: np.dtype[Any]) -> Callable[[Any], Any]:
    return lambda value: as_dtype(value, dtype)


def _then_cast(fn: Callable[..., Any], dtype: np.dtype[Any]) -> Callable[..., Any]:
    return lambda *args: as_dtype(fn(*args), dtype)


def extremum_with_constant(op: Operation, index: int, constant: Any) -> NumpyCall | None:
    """maximumf / minimumf of an array and a scalar constant (operand `index`), where a
    clip (`arith.clipped`) computes it exactly: with a nonzero constant (or NaN) there
    is no tie of zeros of different signs; maximumf with +0.0 (a ReLU) adds +0.0 after
    (`arith.relu`)."""
    if not isinstance(op, arith.MaximumfOp | arith.MinimumfOp) or not _same_types(op):
        return None
    maximum = isinstance(op, arith.MaximumfOp)
    if constant != 0 or np.isnan(constant):
        if maximum:
            return _call_with_constant(index, lambda x, c, out: clipped(x, low=c, out=out))
        return _call_with_constant(index, lambda x, c, out: clipped(x, high=c, out=out))
    if maximum and not np.signbit(constant):
        return _call_with_constant(index, lambda x, c, out: relu(x, out=out))
    return None


def _call_with_constant(index: int, fn: Callable[[Any, Any, Any], Any]) -> NumpyCall:
    """`fn(x, constant, out)` as a ufunc-like numpy call of the op's two operands,
    the constant's at `index`: a new array, or one written into `out`."""
    if index == 0:
        return NumpyCall(lambda constant, x, out=None: fn(x, constant, out), ufunc=True, fresh=True)
    return NumpyCall(lambda x, constant, out=None: fn(x, constant, out), ufunc=True, fresh=True)


def _select(condition: Any, on_true: Any, on_false: Any) -> Any:
    return np.where(condition, on_true, on_false)


def numpy_call_of(op: Operation) -> NumpyCall | None:
    """`op` as a numpy call computing what its registered implementation computes on
    operands of its declared types, or None."""
    if len(op.results) != 1:
        return None
    result_type = op.results[0].type
    kind = _kind(result_type)
    op_type = type(op)
    if op_type in _FLOAT_UFUNCS and kind == "f" and _same_types(op):
        return NumpyCall(_FLOAT_UFUNCS[op_type], ufunc=True, fresh=True)
    if op_type in _FLOAT_FUNCTIONS and kind == "f" and _same_types(op):
        return NumpyCall(_then_cast(_FLOAT_FUNCTIONS[op_type], numpy_dtype(result_type)), False, True)
    if op_type in _INT_UFUNCS and kind == "i" and _same_types(op):
        return NumpyCall(_INT_UFUNCS[op_type], ufunc=True, fresh=True)
    if op_type in _BITWISE_UFUNCS and kind in ("i", "b") and _same_types(op):
        return NumpyCall(_BITWISE_UFUNCS[op_type], ufunc=True, fresh=True)
    if isinstance(op, arith.CmpfOp) and _kind(op.lhs.type) == "f" and op.lhs.type == op.rhs.type:
        ufunc = _CMPF_UFUNCS.get(op.predicate.value.data)
        return None if ufunc is None else NumpyCall(ufunc, ufunc=True, fresh=True)
    if isinstance(op, arith.CmpiOp) and op.lhs.type == op.rhs.type:
        predicate = op.predicate.value.data
        operand_kind = _kind(op.lhs.type)
        if predicate in _CMPI_UFUNCS and (operand_kind == "i" or operand_kind == "b" and predicate < 2):
            return NumpyCall(_CMPI_UFUNCS[predicate], ufunc=True, fresh=True)
        return None
    if isinstance(op, arith.SelectOp) and op.lhs.type == op.rhs.type == result_type:
        return NumpyCall(_select, ufunc=False, fresh=True)
    if op_type in _CASTS:
        source, kinds = op.operands[0].type, _CASTS[op_type]
        if (_kind(source), kind) != kinds:
            return None
        source_dtype, dtype = numpy_dtype(source), numpy_dtype(result_type)
        if kinds == ("i", "i") and source_dtype.itemsize > dtype.itemsize:
            return None  # a truncation: wraps in the implementation's own way
        return NumpyCall(_cast(dtype), ufunc=False, fresh=source_dtype != dtype)
    return None


Fallback = Callable[[Operation], Callable[..., Any]]
"""An op's registered implementation as a function of its operands (for the ops without
a numpy call)."""


@dataclass(frozen=True)
class Instruction:
    """One body op over slots; `reuse` is the operand slot whose dead buffer receives the
    result (`out=`), or None."""

    run: Callable[..., Any]
    operands: tuple[int, ...]
    result: int
    reuse: int | None

    @property
    def fetch(self) -> Callable[[list[Any]], Any]:
        """The operands' values from the slots: a tuple, or the value of a single one."""
        return itemgetter(*self.operands)


@dataclass(frozen=True)
class Take:
    """`tensor.extract` of an embedding lookup: `table.take(index, axis)`, the computed
    index (over the loop dims `axis`, `axis + 1`, ...) reshaped to `index_shape`."""

    op: Operation
    axis: int
    index_shape: Shape

    def __call__(self, table: np.ndarray, *indices: Any) -> np.ndarray:
        index = np.reshape(indices[self.axis], self.index_shape)
        if index.min() < 0 or index.max() >= table.shape[self.axis]:
            checked: list[Any] = [0] * table.ndim
            checked[self.axis] = index
            element_indices(self.op, checked, table.shape)  # raises tensor.extract's error
        return table.take(index, axis=self.axis)


def _extract(op: Operation) -> Callable[..., Any]:
    """tensor.extract at index arrays (checked as its implementation checks them)."""

    def extract(table: np.ndarray, *indices: Any) -> Any:
        return table[element_indices(op, indices, table.shape)]

    return extract


@dataclass(frozen=True)
class Slot:
    """What is known of a body value when the body is compiled."""

    shape: Shape | None
    """Its shape: one axis per loop (size 1 along the loops it does not depend on);
    None for a scalar."""
    dims: frozenset[int]
    """The loops it depends on."""
    dtype: np.dtype[Any] | None
    owned: bool
    """Whether it is a new array of this body's own, which a later op may write into."""


@dataclass(frozen=True)
class NumpyBody:
    """A body compiled to `Instruction`s over slots: the block arguments, then the
    values read from outside the body, then the other values in order."""

    n_args: int
    outer: tuple[SSAValue, ...]
    constants: tuple[tuple[int, Any], ...]
    """Slots filled before the first instruction: constants and loop index arrays."""
    instructions: tuple[Instruction, ...]
    wanted: tuple[Slot, ...]
    wanted_slots: tuple[int, ...]
    n_slots: int
    needs_interpreter: bool
    """Whether some op runs its registered implementation (with the interpreter it was
    compiled with)."""

    def run(self, args: Sequence[Any], outer: Sequence[Any]) -> list[Any]:
        """The wanted values of the body on `args` (the block arguments' values) and
        `outer` (those of the values read from outside)."""
        slots: list[Any] = [None] * self.n_slots
        slots[: self.n_args] = args
        if outer:
            slots[self.n_args : self.n_args + len(outer)] = outer
        for slot, value in self.constants:
            slots[slot] = value
        for run, fetch, unary, result, reuse in self.program:
            operands = (fetch(slots),) if unary else fetch(slots)
            slots[result] = run(*operands) if reuse is None else run(*operands, out=slots[reuse])
        return [slots[i] for i in self.wanted_slots]

    @cached_property
    def program(
        self,
    ) -> tuple[tuple[Callable[..., Any], Callable[[list[Any]], Any], bool, int, int | None], ...]:
        """The instructions as `run` reads them: (run, fetch, one operand, result, reuse)."""
        return tuple((i.run, i.fetch, len(i.operands) == 1, i.result, i.reuse) for i in self.instructions)

    @staticmethod
    def compile(
        block: Block,
        wanted: Sequence[SSAValue],
        skip: set[Operation],
        args: Sequence[Slot],
        ranges: Sequence[int],
        fallback: Fallback | None,
    ) -> NumpyBody | None:
        """The body's ops but `skip` and the yield, computing `wanted`, on block arguments
        described by `args`. An op without a numpy call runs its registered
        implementation (`fallback`); without one, and for bodies this does not describe
        (multi-result ops, tensors from outside read other than by tensor.extract), None."""
        return _Compiler(block, args, ranges, fallback).compile(wanted, skip)


class _Compiler:
    """The state of one `NumpyBody.compile`."""

    def __init__(self, block: Block, args: Sequence[Slot], ranges: Sequence[int], fallback: Fallback | None):
        self.block = block
        self.ranges = tuple(ranges)
        self.fallback = fallback
        self.slot_of: dict[SSAValue, int] = {arg: i for i, arg in enumerate(block.args)}
        self.slots: list[Slot] = list(args)
        self.index_dims: dict[int, int] = {}
        self.constants: list[tuple[int, Any]] = []
        self.constant_values: dict[SSAValue, Any] = {}
        self.needs_interpreter = False

    def _new_slot(self, value: SSAValue, slot: Slot) -> int:
        index = self.slot_of[value] = len(self.slots)
        self.slots.append(slot)
        return index

    def compile(self, wanted: Sequence[SSAValue], skip: set[Operation]) -> NumpyBody | None:
        block = self.block
        ops = [op for op in block.ops if op not in skip and op is not block.last_op]
        if any(isinstance(r.type, ShapedType) for op in ops for r in op.results):
            return None  # a body computing with tensors (not element by element)
        defined = set(self.slot_of) | {r for op in ops for r in op.results}
        outer: dict[SSAValue, None] = {}
        for value in (*(v for op in ops for v in op.operands), *wanted):
            if value not in defined:
                outer.setdefault(value, None)
        in_body = set(ops)
        for value in outer:
            if isinstance(value.type, TensorType) and any(
                use.operation in in_body
                and not (isinstance(use.operation, tensor.ExtractOp) and use.index == 0)
                for use in value.uses
            ):
                return None  # a tensor from outside read as an element-wise operand
            self._new_slot(value, Slot(None, frozenset(), _dtype(value.type), owned=False))
        last_use: dict[SSAValue, float] = {}
        for position, op in enumerate(ops):
            last_use.update((v, position) for v in op.operands)
        last_use.update((v, float("inf")) for v in wanted)
        instructions: list[Instruction] = []
        for position, op in enumerate(ops):
            if self._fill(op):
                continue
            run, call = self._run(op)
            if run is None:
                return None
            operands = [self.slot_of[v] for v in op.operands]
            shape, dims = self._broadcast(op, operands)
            dtype = _dtype(op.results[0].type)
            reuse = None
            if call is not None and call.ufunc and shape:
                reuse = next(
                    (
                        s
                        for v, s in zip(op.operands, operands)
                        if self.slots[s].owned
                        and self.slots[s].shape == shape
                        and self.slots[s].dtype == dtype
                        and last_use[v] == position
                    ),
                    None,
                )
            if call is None or not call.fresh:
                for s in operands:  # the result may be that operand: it must stay as it is
                    self.slots[s] = replace(self.slots[s], owned=False)
            owned = call is not None and call.fresh and bool(shape)
            result = self._new_slot(op.results[0], Slot(shape, dims, dtype, owned))
            instructions.append(Instruction(run, tuple(operands), result, reuse))
        wanted_slots = tuple(self.slot_of[v] for v in wanted)
        return NumpyBody(
            len(block.args),
            tuple(outer),
            tuple(self.constants),
            tuple(instructions),
            tuple(self.slots[s] for s in wanted_slots),
            wanted_slots,
            len(self.slots),
            self.needs_interpreter,
        )

    def _fill(self, op: Operation) -> bool:
        """Give a scalar constant or a linalg.index its slot and value now."""
        if isinstance(op, arith.ConstantOp) and not isinstance(op.result.type, TensorType):
            value = attribute_value(op.value, op.result.type)
            slot = self._new_slot(op.result, Slot(None, frozenset(), _dtype(op.result.type), False))
            self.constants.append((slot, value))
            self.constant_values[op.result] = value
            return True
        if isinstance(op, linalg.IndexOp) and op.dim.value.data < len(self.ranges):
            dim = op.dim.value.data
            shape = tuple(size if d == dim else 1 for d, size in enumerate(self.ranges))
            slot = self._new_slot(op.result, Slot(shape, frozenset([dim]), np.dtype(np.int64), False))
            self.constants.append((slot, np.arange(self.ranges[dim], dtype=np.int64).reshape(shape)))
            self.index_dims[slot] = dim
            return True
        return False

    def _run(self, op: Operation) -> tuple[Callable[..., Any] | None, NumpyCall | None]:
        """How `op` runs, and its numpy call (None: its implementation runs)."""
        if isinstance(op, tensor.ExtractOp):
            return self._extract(op), NumpyCall(_extract(op), ufunc=False, fresh=True)
        call = numpy_call_of(op)
        constants = [
            (i, self.constant_values[v]) for i, v in enumerate(op.operands) if v in self.constant_values
        ]
        if len(constants) == 1 and len(op.operands) == 2:
            call = extremum_with_constant(op, *constants[0]) or call
        if call is not None:
            return call.run, call
        if self.fallback is None or len(op.results) != 1 or op.regions or isinstance(op, linalg.IndexOp):
            return None, None
        self.needs_interpreter = True
        return self.fallback(op), None

    def _extract(self, op: tensor.ExtractOp) -> Callable[..., Any]:
        """An embedding lookup as `Take`: one index computed over the loop dims `axis`,
        `axis + 1`, ... (as many as it has), the other axes of the table at the loop
        indices before and after them, in order, over their whole size; any other
        extract by indexing with the index arrays."""
        table_type = op.tensor.type
        slots = [self.slot_of[v] for v in op.indices]
        computed = [a for a, s in enumerate(slots) if s not in self.index_dims]
        if not isinstance(table_type, TensorType) or not table_type.has_static_shape() or len(computed) != 1:
            return _extract(op)
        (axis,) = computed
        index_dims = sorted(self.slots[slots[axis]].dims)
        count = len(index_dims)
        table_shape = table_type.get_shape()
        others = [a for a in range(len(table_shape)) if a != axis]
        expected = [a if a < axis else a + count - 1 for a in others]
        if (
            index_dims != list(range(axis, axis + count))
            or not count
            or len(table_shape) - 1 + count != len(self.ranges)
            or [self.index_dims[slots[a]] for a in others] != expected
            or any(table_shape[a] != self.ranges[d] for a, d in zip(others, expected))
        ):
            return _extract(op)
        return Take(op, axis, tuple(self.ranges[d] for d in index_dims))

    def _broadcast(self, op: Operation, operands: Sequence[int]) -> tuple[Shape | None, frozenset[int]]:
        """The broadcast shape (None for scalars) and dims of an element-wise op's
        operands (of the indices, for tensor.extract)."""
        if isinstance(op, tensor.ExtractOp):
            operands = operands[1:]
        slots = [self.slots[s] for s in operands]
        shapes = [s.shape for s in slots if s.shape is not None]
        dims = frozenset[int]().union(*(s.dims for s in slots))
        return (tuple(np.broadcast_shapes(*shapes)) if shapes else None), dims


def _dtype(typ: Attribute) -> np.dtype[Any] | None:
    try:
        return numpy_dtype(typ)
    except InterpretationError:
        return None
