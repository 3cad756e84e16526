"""Explicit control flow: `mir.for`, `mir.parallel_for`, `mir.if`, and `mir.yield`,
which ends their regions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Self

from xdsl.dialects.builtin import I64, IndexType, IntegerAttr, TensorType, i1, i64
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    MessageConstraint,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.irdl.constraints import AttrSetConstraint
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsTerminator, Pure, RecursiveMemoryEffect
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.utils import parse_iter_args, parse_loop_bounds, print_iter_args, print_loop_bounds


def _type_names(types: Sequence[Attribute]) -> str:
    return ", ".join(str(t) for t in types)


def _verify_yield(op: IRDLOperation, region: Region, what: str, types: Sequence[Attribute]) -> None:
    """The region's single block ends with a mir.yield of exactly `types`."""
    terminator = region.block.last_op
    if not isinstance(terminator, YieldOp):
        raise VerifyException(f"{op.name}: {what} must end with mir.yield")
    yielded = [v.type for v in terminator.values]
    if yielded != list(types):
        raise VerifyException(
            f"{op.name}: {what} yields ({_type_names(yielded)}) but the op has results ({_type_names(types)})"
        )


class LoopOp(IRDLOperation):
    """Shared structure of mir.for and mir.parallel_for.

    The body's block arguments are the index induction variable and the
    loop-carried values; it ends with mir.yield of the next loop-carried values,
    which are the results after the last iteration.

    The custom syntax is upstream scf.for's, `%i = %lb to %ub step %s iter_args(%acc
    = %init) -> (types) {...}`, and is written by hand as upstream's is: a declarative
    format cannot name the body's block arguments in the op header, next to the
    bounds and initial values they stand for.
    """

    lower_bound = operand_def(IndexType)
    upper_bound = operand_def(IndexType)
    step = operand_def(IndexType)
    iter_args = var_operand_def()
    res = var_result_def()
    body = region_def("single_block")

    traits = traits_def(RecursiveMemoryEffect())

    HAS_NUM_THREADS: ClassVar[bool] = False
    """Whether the header has `num_threads = N` after the step (mir.parallel_for)."""

    def __init__(
        self,
        lower_bound: SSAValue | Operation,
        upper_bound: SSAValue | Operation,
        step: SSAValue | Operation,
        iter_args: Sequence[SSAValue | Operation],
        body: Region | Block,
        num_threads: int | None = None,
    ):
        """`num_threads`: mir.parallel_for's (`HAS_NUM_THREADS`)."""
        if isinstance(body, Block):
            body = Region(body)
        super().__init__(
            operands=[lower_bound, upper_bound, step, iter_args],
            result_types=[[SSAValue.get(a).type for a in iter_args]],
            regions=[body],
            properties={} if num_threads is None else {"num_threads": IntegerAttr(num_threads, i64)},
        )

    def verify_(self) -> None:
        carried = [v.type for v in self.iter_args]
        args = self.body.block.args
        if not args or not isinstance(args[0].type, IndexType):
            raise VerifyException(
                f"{self.name}: the body's first argument must be the index induction variable"
            )
        body_types = [a.type for a in args[1:]]
        if body_types != carried:
            raise VerifyException(
                f"{self.name}: body arguments after the induction variable ({_type_names(body_types)}) "
                f"must match the loop-carried values ({_type_names(carried)})"
            )
        if [r.type for r in self.results] != carried:
            raise VerifyException(
                f"{self.name}: result types ({_type_names([r.type for r in self.results])}) must match "
                f"the loop-carried values ({_type_names(carried)})"
            )
        _verify_yield(self, self.body, "the body", carried)

    def print_header(self, printer: Printer) -> None:
        print_loop_bounds(printer, self.body.block.args[0], (self.lower_bound, self.upper_bound, self.step))

    def print_body(self, printer: Printer) -> None:
        print_iter_args(printer, self.body.block.args[1:], self.iter_args)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)
        printer.print_op_attributes(self.attributes)

    def print(self, printer: Printer) -> None:
        self.print_header(printer)
        self.print_body(printer)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        indvar, bounds = parse_loop_bounds(parser)
        properties: dict[str, Attribute] = {}
        if cls.HAS_NUM_THREADS:
            parser.parse_keyword("num_threads")
            parser.parse_punctuation("=")
            properties["num_threads"] = IntegerAttr(parser.parse_integer(), i64)
        pos = parser.pos
        carried_args, carried_operands, carried_types = parse_iter_args(parser)
        if len(carried_types) != len(carried_operands):
            parser.raise_error(
                f"{cls.name}: {len(carried_operands)} loop-carried values but {len(carried_types)} types",
                pos,
                parser.pos,
            )
        iter_args = parser.resolve_operands(carried_operands, carried_types, pos)
        index = IndexType()
        lower, upper, step = (parser.resolve_operand(b, index) for b in bounds)
        body = parser.parse_region(
            (indvar.resolve(index), *(a.resolve(t) for a, t in zip(carried_args, carried_types)))
        )
        op = cls.create(
            operands=[lower, upper, step, *iter_args],
            result_types=carried_types,
            regions=[body],
            properties=properties,
        )
        op.attributes |= parser.parse_optional_attr_dict()
        return op


@irdl_op_definition
class ForOp(LoopOp):
    """Sequential loop: for iv = lower; iv < upper; iv += step (step must be > 0).

    `mir.for %i = %lb to %ub step %s iter_args(%acc = %init) -> (tensor<4xf32>) {...}`
    """

    name = "mir.for"


@irdl_op_definition
class ParallelForOp(LoopOp):
    """Loop whose iterations may run concurrently on `num_threads` threads.

    The iterations must not depend on each other except through loop-carried
    values updated at disjoint positions (e.g. mir.scatter of the iteration's own
    rows), so any execution order gives the same results; the interpreter runs
    them in order.

    `mir.parallel_for %i = %lb to %ub step %s num_threads = 4 iter_args(...) -> (...) {...}`
    """

    name = "mir.parallel_for"

    HAS_NUM_THREADS: ClassVar[bool] = True

    num_threads = prop_def(IntegerAttr[I64])

    def verify_(self) -> None:
        if self.num_threads.value.data < 1:
            threads = self.num_threads.value.data
            raise VerifyException(f"{self.name}: 'num_threads' must be >= 1, got {threads}")
        super().verify_()

    def print(self, printer: Printer) -> None:
        self.print_header(printer)
        printer.print_string(f" num_threads = {self.num_threads.value.data}")
        self.print_body(printer)


@irdl_op_definition
class IfOp(IRDLOperation):
    """Explicit two-way branch on an i1 (or rank-0 tensor<i1>) condition; both
    regions end with mir.yield of the results.

    `%r = mir.if %c : i1 -> (tensor<4xf32>) {...} else {...}`
    """

    name = "mir.if"

    condition = operand_def(
        MessageConstraint(
            AttrSetConstraint.get(i1, TensorType(i1, [])),
            "the condition of mir.if must be i1 or tensor<i1>",
        )
    )
    res = var_result_def()
    then_region = region_def("single_block")
    else_region = region_def("single_block")

    traits = traits_def(RecursiveMemoryEffect())

    assembly_format = "$condition `:` type($condition) (`->` `(` type($res)^ `)`)? $then_region `else` $else_region attr-dict"

    def __init__(
        self,
        condition: SSAValue | Operation,
        result_types: Sequence[Attribute],
        then_region: Region | Block,
        else_region: Region | Block,
    ):
        regions = [Region(r) if isinstance(r, Block) else r for r in (then_region, else_region)]
        super().__init__(operands=[condition], result_types=[result_types], regions=regions)

    def verify_(self) -> None:
        types = [r.type for r in self.results]
        for what, region in (("the then region", self.then_region), ("the else region", self.else_region)):
            if region.block.args:
                raise VerifyException(f"{self.name}: {what} must not have block arguments")
            _verify_yield(self, region, what, types)


@irdl_op_definition
class YieldOp(IRDLOperation):
    """Terminates the regions of mir.for, mir.parallel_for and mir.if with their
    next loop-carried values or results."""

    name = "mir.yield"

    values = var_operand_def()

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(ForOp, ParallelForOp, IfOp), Pure()))

    assembly_format = "attr-dict ($values^ `:` type($values))?"

    def __init__(self, *values: SSAValue | Operation):
        super().__init__(operands=[values])
