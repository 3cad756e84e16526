"""The builder of the fuzz generator's programs (gawee_programs.py): the function being
built, which of its values are exact (see EXACT_OPS), and the small helpers the op
generators (gawee_generators.py) share.

Imported as `fuzz.gawee_builder` (tests/ is on sys.path), so that it is one module both
where gawee_programs is imported as `gawee_programs` (the fuzz tests) and as
`fuzz.gawee_programs` (tests/dialects/test_op_completeness.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType, f32, i1
from xdsl.ir import Attribute, Block, Operation, SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.constraints import FLOAT_TYPES
from nnstack.dialects.utils import element_type, tensor_shape
from nnstack.dialects.values import numpy_dtype

MAX_ELEMENTS = 256
"""No value grows beyond this many elements (keeps the llir interpreter fast)."""

EXACT_OPS = (
    gawee.ReluOp,
    gawee.NegOp,
    gawee.AbsOp,
    gawee.MaxOp,
    gawee.MinOp,
    gawee.ClipOp,
    gawee.WhereOp,
    gawee.CastOp,
    gawee.MaxPoolOp,
    gawee.GlobalMaxPoolOp,
    gawee.ReduceMaxOp,
    gawee.ReduceMinOp,
    gawee.TopKOp,
    gawee.ArgReduceOp,
    gawee.ShapeOp,
    gawee.RangeOp,
    gawee.ConstantOp,
    gawee.CompareOp,
    gawee.LogicalBinaryOp,
    gawee.NotOp,
    gawee.ReshapeOp,
    gawee.FlattenOp,
    gawee.TransposeOp,
    gawee.SqueezeOp,
    gawee.UnsqueezeOp,
    gawee.ExpandOp,
    gawee.CatOp,
    gawee.SplitOp,
    gawee.SliceOp,
    gawee.GatherOp,
    gawee.GatherElementsOp,
    gawee.GatherNDOp,
    gawee.TileOp,
    gawee.PadOp,
    gawee.TriluOp,
)
"""Ops whose results every level computes bit for bit from exact operands (a cast is
exact from an exact operand: rounding to nearest is deterministic; scatter_nd is not
listed since its add / mul reductions combine in one order but round)."""


class ProgramBuilder:
    """The function being built: its block, the random source, which values are exact."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self.block = Block()
        self.values: list[SSAValue] = []
        self.exact: set[SSAValue] = set()

    def argument(self, shape: Sequence[int], element: Attribute = f32) -> SSAValue:
        value = self.block.insert_arg(TensorType(element, shape), len(self.block.args))
        self.exact.add(value)
        return value

    def append(self, op: Operation) -> list[SSAValue]:
        """Adds `op` (verified now, so a bad builder call fails where it is made)."""
        op.verify()
        self.block.add_op(op)
        results = list(op.results)
        if isinstance(op, EXACT_OPS) and all(o in self.exact for o in op.operands):
            self.exact.update(results)
        self.values.extend(results)
        return results

    def add(self, op: Operation) -> SSAValue:
        return self.append(op)[0]

    def constant(
        self, shape: Sequence[int], element: Attribute, low: float = -2.0, high: float = 2.0
    ) -> SSAValue:
        dtype = numpy_dtype(TensorType(element, shape))
        if element == i1:
            data = self.rng.random(shape) < 0.5
        elif dtype.kind == "i":
            data = self.rng.integers(int(low), int(high) + 1, shape)
        else:
            data = np.round(self.rng.uniform(low, high, shape), 2)
        values = data.astype(dtype).ravel().tolist()
        attr = DenseIntOrFPElementsAttr.from_list(TensorType(element, shape), values)
        return self.add(gawee.ConstantOp(attr))

    def scalar(self, value: float, element: Attribute) -> SSAValue:
        attr = DenseIntOrFPElementsAttr.from_list(TensorType(element, []), [value])
        return self.add(gawee.ConstantOp(attr))

    def choice(self, options: Sequence):
        return options[int(self.rng.integers(len(options)))]

    def partner(self, x: SSAValue, need_exact: bool = False) -> SSAValue:
        """Another value of x's element type that broadcasts with x to x's shape, or a
        new constant of a suffix of x's shape (some dims 1)."""
        shape = tensor_shape(x)
        fits = [
            v
            for v in self.values + list(self.block.args)
            if isinstance(v.type, TensorType)
            and element_type(v) == element_type(x)
            and _broadcasts_into(tensor_shape(v), shape)
            and (v in self.exact or not need_exact)
        ]
        if fits and self.rng.random() < 0.6:
            return self.choice(fits)
        suffix = shape[int(self.rng.integers(len(shape) + 1)) :]
        return self.constant([d if self.rng.random() < 0.7 else 1 for d in suffix], element_type(x))


def _broadcasts_into(small: Sequence[int], big: Sequence[int]) -> bool:
    return len(small) <= len(big) and all(s in (1, b) for s, b in zip(reversed(small), reversed(big)))


def _maybe_negative(b: ProgramBuilder, axis: int, rank: int) -> int:
    """`axis` or the same axis counted from the end."""
    return axis - rank if b.rng.random() < 0.5 else axis


def _size(shape: Sequence[int]) -> int:
    return int(np.prod(shape, dtype=np.int64))


def _is_float(x: SSAValue) -> bool:
    return element_type(x) in FLOAT_TYPES


def _positive(b: ProgramBuilder, x: SSAValue) -> SSAValue:
    """|x| + 0.5: in the domain of log, sqrt and reciprocal, and away from 0 for div."""
    return b.add(gawee.AddOp(b.add(gawee.AbsOp(x)), b.scalar(0.5, element_type(x))))


Generator = Callable[[ProgramBuilder, SSAValue], list[SSAValue] | None]
"""Appends one random op using `x` (and maybe other values); None if x does not suit it."""
