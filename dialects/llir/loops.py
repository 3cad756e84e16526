"""The structured llir loop: `llir.for` with loop-carried values, and its `llir.yield`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import SignlessIntegerConstraint
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    prop_def,
    region_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsTerminator,
    Pure,
    RecursiveMemoryEffect,
    ReturnLike,
    SingleBlockImplicitTerminator,
    ensure_terminator,
)
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.llir.types import UnrollHint, UnrollHintAttr
from nnstack.dialects.utils import parse_iter_args, parse_loop_bounds, print_iter_args, print_loop_bounds


@irdl_op_definition
class YieldOp(IRDLOperation):
    """End an `llir.for` iteration, passing the next values of its loop-carried values."""

    name = "llir.yield"

    values = var_operand_def()

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(ForOp), ReturnLike(), Pure()))

    assembly_format = "($values^ `:` type($values))? attr-dict"

    def __init__(self, *values: SSAValue | Operation):
        super().__init__(operands=[values])


@irdl_op_definition
class ForOp(IRDLOperation):
    """The seed's LLIRForLoopOp: `for (iv = start; iv < end; iv += step)`.

    ```
    %sum = llir.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i64 {
      ...
      llir.yield %next : f32
    }
    ```
    Bounds and step are signed integers of the induction variable's type; the step
    must be positive at run time. The body is one block whose arguments are the
    induction variable and the loop-carried values; the results are the carried
    values after the last iteration (the initial values if there is none).
    """

    name = "llir.for"

    T: ClassVar = VarConstraint("T", SignlessIntegerConstraint)

    lb = operand_def(T)
    ub = operand_def(T)
    step = operand_def(T)
    iter_args = var_operand_def()
    res = var_result_def()
    unroll = prop_def(UnrollHintAttr, default_value=UnrollHintAttr(UnrollHint.NONE))
    body = region_def("single_block")

    traits = lazy_traits_def(lambda: (SingleBlockImplicitTerminator(YieldOp), RecursiveMemoryEffect()))

    def __init__(
        self,
        lb: SSAValue | Operation,
        ub: SSAValue | Operation,
        step: SSAValue | Operation,
        iter_args: Sequence[SSAValue | Operation],
        body: Region | Block,
        unroll: UnrollHint = UnrollHint.NONE,
    ):
        if isinstance(body, Block):
            body = Region(body)
        super().__init__(
            operands=[lb, ub, step, iter_args],
            result_types=[[SSAValue.get(a).type for a in iter_args]],
            regions=[body],
            properties={"unroll": UnrollHintAttr(unroll)},
        )

    @property
    def induction_variable(self) -> BlockArgument:
        return self.body.block.args[0]

    def verify_(self) -> None:
        args = self.body.block.args
        carried = self.iter_args.types
        expected = (self.lb.type, *carried)
        if tuple(arg.type for arg in args) != expected:
            raise VerifyException(
                f"{self.name}: body block arguments must be the induction variable and the "
                f"loop-carried values, of types ({', '.join(map(str, expected))})"
            )
        if tuple(self.res.types) != tuple(carried):
            raise VerifyException(
                f"{self.name}: result types must be the loop-carried types ({', '.join(map(str, carried))})"
            )
        yield_op = self.body.block.last_op
        if isinstance(yield_op, YieldOp) and tuple(yield_op.values.types) != tuple(carried):
            raise VerifyException(
                f"{self.name}: llir.yield passes ({', '.join(map(str, yield_op.values.types))}) "
                f"but the loop carries ({', '.join(map(str, carried))})"
            )

    def print(self, printer: Printer) -> None:
        if self.unroll.data != UnrollHint.NONE:
            printer.print_string(f" {self.unroll.data.value}")
        indvar, *carried = self.body.block.args
        print_loop_bounds(printer, indvar, (self.lb, self.ub, self.step))
        print_iter_args(printer, carried, self.iter_args)
        printer.print_string(" : ")
        printer.print_attribute(indvar.type)
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(
            self.body,
            print_entry_block_args=False,
            print_empty_block=False,
            print_block_terminators=bool(carried),
        )

    @classmethod
    def parse(cls, parser: Parser) -> ForOp:
        unroll = parser.parse_optional_str_enum(UnrollHint) or UnrollHint.NONE
        indvar, (lb, ub, step) = parse_loop_bounds(parser)
        carried, inits, types = parse_iter_args(parser)
        if len(types) != len(inits):
            parser.raise_error("llir.for: expected one type per loop-carried value")
        parser.parse_punctuation(":")
        iv_type = parser.parse_type()
        attrs = parser.parse_optional_attr_dict_with_keyword()
        body = parser.parse_region(
            (indvar.resolve(iv_type), *(arg.resolve(t) for arg, t in zip(carried, types)))
        )
        op = cls(
            parser.resolve_operand(lb, iv_type),
            parser.resolve_operand(ub, iv_type),
            parser.resolve_operand(step, iv_type),
            [parser.resolve_operand(init, t) for init, t in zip(inits, types)],
            body,
            unroll,
        )
        if attrs is not None:
            op.attributes |= attrs.data
        if not carried:
            for trait in op.get_traits_of_type(SingleBlockImplicitTerminator):
                ensure_terminator(op, trait)
        return op
