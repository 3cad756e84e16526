"""llir functions and their control-flow graph: `llir.func`, `llir.return`, `llir.call`,
the `llir.br` / `llir.cond_br` terminators and `llir.phi`.

`llir.phi [%v, ^pred], ...` lists its incoming blocks as block references (xDSL
successors), so they follow block rewrites. It is the only non-terminator that has
successors.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FlatSymbolRefAttrConstr,
    FunctionType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    UnitAttr,
    i1,
)
from xdsl.dialects.utils import parse_func_op_like, print_func_op_like
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    successor_def,
    traits_def,
    var_operand_def,
    var_result_def,
    var_successor_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import (
    CallableOpInterface,
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    Pure,
    ReturnLike,
    SymbolOpInterface,
    SymbolTable,
    SymbolUserOpInterface,
)
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.llir.dominance import SSADominance, block_index, cfg_predecessors, cfg_successors
from nnstack.dialects.llir.types import (
    TENSOR_SIGNATURE,
    LayoutAttr,
    MemoryLayout,
    is_value_type,
    lowered_signature,
)
from nnstack.dialects.utils import parse_block_defined_once
from nnstack.dialects.xdsl_compat import wrapped_block_parsing


class JumpOp(IRDLOperation):
    """A terminator that jumps to a block of its function, with no other effect."""

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(FuncOp), Pure()))


@irdl_op_definition
class BranchOp(JumpOp):
    """Jump to a block of the same function."""

    name = "llir.br"

    successor = successor_def()

    assembly_format = "$successor attr-dict"

    def __init__(self, dest: Block):
        super().__init__(successors=[dest])


@irdl_op_definition
class CondBranchOp(JumpOp):
    """Jump to `then_block` if `cond` is true, else to `else_block`."""

    name = "llir.cond_br"

    cond = operand_def(i1)
    then_block = successor_def()
    else_block = successor_def()

    assembly_format = "$cond `,` $then_block `,` $else_block attr-dict"

    def __init__(self, cond: SSAValue | Operation, then_block: Block, else_block: Block):
        super().__init__(operands=[cond], successors=[then_block, else_block])


@irdl_op_definition
class PhiOp(IRDLOperation):
    """`%v = llir.phi [%a, ^bb0], [%b, ^bb1] : T`: the value from the edge taken.

    One incoming value per CFG predecessor of the phi's block, each from the block
    it names; phis sit at the top of their block. The incoming blocks are block
    references (successors) of the phi, so they follow block rewrites; xDSL only
    allows those on terminators, which `verify` accounts for.
    """

    name = "llir.phi"

    T: ClassVar = VarConstraint("T", AnyAttr())

    incoming_values = var_operand_def(T)
    incoming_blocks = var_successor_def()
    result = result_def(T)

    traits = traits_def(Pure())

    def __init__(
        self,
        incoming: Sequence[tuple[SSAValue | Operation, Block]],
        result_type: Attribute | None = None,
    ):
        values = [value for value, _ in incoming]
        if result_type is None:
            result_type = SSAValue.get(values[0]).type
        super().__init__(
            operands=[values],
            successors=[[block for _, block in incoming]],
            result_types=[result_type],
        )

    @property
    def incoming(self) -> tuple[tuple[SSAValue, Block], ...]:
        return tuple(zip(self.incoming_values, self.incoming_blocks, strict=True))

    def value_for(self, predecessor: Block) -> SSAValue:
        for value, block in self.incoming:
            if block is predecessor:
                return value
        raise KeyError(predecessor)

    def verify(self, verify_nested_ops: bool = True) -> None:
        """Only the phi's own checks (`verify_`).

        `Operation.verify` requires an op with successors to end its block, which a
        phi never does; its other checks are about regions, and a phi has none.
        """
        try:
            self.verify_()
        except VerifyException as err:
            self.emit_error(f"Operation does not verify: {err}", err)

    def verify_(self) -> None:
        block = self.parent_block()
        func = self.parent_op()
        if block is None or not isinstance(func, FuncOp):
            raise VerifyException(f"{self.name} must be in a block of an llir.func body")
        if block.last_op is self:
            raise VerifyException(f"{self.name} cannot end a block")
        previous = self.prev_op
        while previous is not None:
            if not isinstance(previous, PhiOp):
                raise VerifyException(f"{self.name} must be at the top of its block, after other phis only")
            previous = previous.prev_op
        if len(self.incoming_values) != len(self.incoming_blocks):
            raise VerifyException(
                f"{self.name}: {len(self.incoming_values)} incoming values for "
                f"{len(self.incoming_blocks)} incoming blocks"
            )
        if not self.incoming_blocks:
            raise VerifyException(f"{self.name} needs at least one incoming value")
        predecessors = cfg_predecessors(block)
        seen: set[Block] = set()
        for incoming in self.incoming_blocks:
            if incoming.parent is not block.parent:
                raise VerifyException(f"{self.name}: incoming block is not in the same region")
            if incoming in seen:
                raise VerifyException(f"{self.name}: block #{block_index(incoming)} is listed twice")
            seen.add(incoming)
            if incoming not in predecessors:
                raise VerifyException(
                    f"{self.name}: block #{block_index(incoming)} is not a predecessor "
                    f"of block #{block_index(block)}"
                )
        for predecessor in predecessors:
            if predecessor not in seen:
                raise VerifyException(
                    f"{self.name}: no incoming value for predecessor block "
                    f"#{block_index(predecessor)} of block #{block_index(block)}"
                )
        entry = func.body.blocks.first
        if entry in seen and entry is not None and not entry.args:
            raise VerifyException(
                f"{self.name}: the entry block of a function without arguments has no "
                "label in MLIR syntax, so it cannot be an incoming block; branch from "
                "it to a new block first"
            )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.incoming, lambda pair: self._print_incoming(printer, *pair))
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    @staticmethod
    def _print_incoming(printer: Printer, value: SSAValue, block: Block) -> None:
        printer.print_string("[")
        printer.print_operand(value)
        printer.print_string(", ")
        printer.print_block_name(block)
        printer.print_string("]")

    @classmethod
    def parse(cls, parser: Parser) -> PhiOp:
        def parse_incoming() -> tuple[UnresolvedOperand, Block]:
            parser.parse_punctuation("[")
            value = parser.parse_unresolved_operand()
            parser.parse_punctuation(",")
            block = parser.parse_successor()
            parser.parse_punctuation("]")
            return value, block

        incoming = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parse_incoming)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        typ = parser.parse_type()
        op = cls([(parser.resolve_operand(v, typ), b) for v, b in incoming], typ)
        op.attributes |= attrs
        return op


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """Return from the function, with its result if it has one."""

    name = "llir.return"

    value = opt_operand_def()

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(FuncOp), ReturnLike()))

    assembly_format = "($value^ `:` type($value))? attr-dict"

    def __init__(self, value: SSAValue | Operation | None = None):
        super().__init__(operands=[[] if value is None else [value]])

    def verify_(self) -> None:
        func = self.parent_op()
        assert isinstance(func, FuncOp)
        expected = func.function_type.outputs.data
        got = () if self.value is None else (self.value.type,)
        if got != expected:
            raise VerifyException(
                f"{self.name}: returns ({', '.join(map(str, got))}) but the function "
                f"returns ({', '.join(map(str, expected))})"
            )


class _CallSymbolUser(SymbolUserOpInterface):
    def verify(self, op: Operation) -> None:
        assert isinstance(op, CallOp)
        callee = SymbolTable.lookup_symbol(op, op.callee)
        if callee is None:
            raise VerifyException(f"{op.name}: no function named {op.callee}")
        if not isinstance(callee, FuncOp):
            raise VerifyException(f"{op.name}: {op.callee} is not an llir.func")
        inputs = callee.function_type.inputs.data
        outputs = callee.function_type.outputs.data
        if tuple(op.arguments.types) != inputs or tuple(op.res.types) != outputs:
            raise VerifyException(
                f"{op.name}: type {callee.function_type} of {op.callee} does not match "
                f"the call ({', '.join(map(str, op.arguments.types))}) -> "
                f"({', '.join(map(str, op.res.types))})"
            )


@irdl_op_definition
class CallOp(IRDLOperation):
    """Call an `llir.func` of the enclosing module."""

    name = "llir.call"

    callee = prop_def(FlatSymbolRefAttrConstr)
    arguments = var_operand_def()
    res = var_result_def()

    traits = traits_def(_CallSymbolUser())

    assembly_format = "$callee `(` $arguments `)` attr-dict `:` functional-type($arguments, $res)"

    def __init__(
        self,
        callee: str | SymbolRefAttr,
        arguments: Sequence[SSAValue | Operation],
        result_types: Sequence[Attribute],
    ):
        if isinstance(callee, str):
            callee = SymbolRefAttr(callee)
        super().__init__(operands=[arguments], result_types=[result_types], properties={"callee": callee})


# ---------------------------------------------------------------------------
# Functions
# ---------------------------------------------------------------------------


class _FuncCallable(CallableOpInterface):
    @classmethod
    def get_callable_region(cls, op: Operation) -> Region:
        assert isinstance(op, FuncOp)
        return op.body

    @classmethod
    def get_argument_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp)
        return op.function_type.inputs.data

    @classmethod
    def get_result_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp)
        return op.function_type.outputs.data


@irdl_op_definition
class FuncOp(IRDLOperation):
    """The seed's LLIRFunction: a multi-block CFG whose SSA values are the registers.

    ```
    llir.func kernel column_major @f(%a: !llir.ptr<f32>, %n: i64) -> f32 { ... }
    ```
    `kernel` sets `is_kernel`; `column_major` (or `row_major`, the default) the
    memory layout the function's address computations follow. A function returns at
    most one value. When a phi names the entry block, the body is printed with the
    entry block labelled (`@f(!llir.ptr<f32>, i64) -> f32 { ^bb0(%a: ..., %n: i64):`).
    """

    name = "llir.func"

    body = region_def()
    sym_name = prop_def(SymbolNameConstraint())
    function_type = prop_def(FunctionType)
    is_kernel = opt_prop_def(UnitAttr)
    layout = prop_def(LayoutAttr, default_value=LayoutAttr(MemoryLayout.ROW_MAJOR))
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])

    traits = traits_def(IsolatedFromAbove(), SymbolOpInterface(), _FuncCallable())

    _RESERVED: ClassVar[tuple[str, ...]] = (
        "sym_name", "function_type", "is_kernel", "layout", "arg_attrs", "res_attrs",
    )  # fmt: skip

    def __init__(
        self,
        name: str,
        function_type: FunctionType | tuple[Sequence[Attribute], Sequence[Attribute]],
        region: Region | None = None,
        *,
        is_kernel: bool = False,
        layout: MemoryLayout = MemoryLayout.ROW_MAJOR,
        arg_attrs: ArrayAttr[DictionaryAttr] | None = None,
        res_attrs: ArrayAttr[DictionaryAttr] | None = None,
    ):
        if isinstance(function_type, tuple):
            function_type = FunctionType.from_lists(*function_type)
        if region is None:
            region = Region(Block(arg_types=function_type.inputs))
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "function_type": function_type,
                "is_kernel": UnitAttr() if is_kernel else None,
                "layout": LayoutAttr(layout),
                "arg_attrs": arg_attrs,
                "res_attrs": res_attrs,
            },
            regions=[region],
        )

    @property
    def args(self) -> tuple[BlockArgument, ...]:
        assert self.body.blocks.first is not None
        return self.body.blocks.first.args

    @property
    def kernel(self) -> bool:
        return self.is_kernel is not None

    @property
    def memory_layout(self) -> MemoryLayout:
        return self.layout.data

    def verify_(self) -> None:
        if len(self.function_type.outputs) > 1:
            raise VerifyException(
                f"{self.name} @{self.sym_name.data}: returns at most one value, got "
                f"{len(self.function_type.outputs)}"
            )
        signature = (("input", self.function_type.inputs), ("result", self.function_type.outputs))
        for what, types in signature:
            for index, typ in enumerate(types):
                if not is_value_type(typ):
                    raise VerifyException(
                        f"{self.name} @{self.sym_name.data}: {what} #{index} has type {typ}, "
                        "which is not an llir type"
                    )
        self._verify_tensor_signature()
        entry = self.body.blocks.first
        if entry is None:
            return
        if tuple(entry.arg_types) != self.function_type.inputs.data:
            raise VerifyException(
                f"{self.name} @{self.sym_name.data}: entry block argument types "
                f"({', '.join(map(str, entry.arg_types))}) do not match the function "
                f"inputs ({', '.join(map(str, self.function_type.inputs.data))})"
            )
        for index, block in enumerate(self.body.blocks):
            last = block.last_op
            if last is None or not last.has_trait(IsTerminator):
                raise VerifyException(
                    f"{self.name} @{self.sym_name.data}: block #{index} does not end with a terminator"
                )
            if index and block.args:
                raise VerifyException(
                    f"{self.name} @{self.sym_name.data}: block #{index} has arguments; only "
                    "the entry block does (use llir.phi)"
                )
            if entry in cfg_successors(block):
                raise VerifyException(
                    f"{self.name} @{self.sym_name.data}: the entry block cannot be a branch target"
                )
        _verify_dominance(self)

    def _verify_tensor_signature(self) -> None:
        signature = self.attributes.get(TENSOR_SIGNATURE)
        if signature is None:
            return
        where = f"{self.name} @{self.sym_name.data}"
        if not isinstance(signature, FunctionType):
            raise VerifyException(f"{where}: {TENSOR_SIGNATURE} must be a function type, got {signature}")
        expected = lowered_signature(signature)
        if expected is None:
            raise VerifyException(f"{where}: {TENSOR_SIGNATURE} {signature} has a type llir cannot pass")
        if self.function_type != FunctionType.from_lists(expected, []):
            raise VerifyException(
                f"{where}: type {self.function_type} does not match {TENSOR_SIGNATURE} "
                f"{signature}, which is passed as ({', '.join(map(str, expected))}) -> ()"
            )

    def print(self, printer: Printer) -> None:
        if self.kernel:
            printer.print_string(" kernel")
        if self.memory_layout != MemoryLayout.ROW_MAJOR:
            printer.print_string(f" {self.memory_layout.value}")
        entry = self.body.blocks.first
        if entry is None or not entry.uses:
            print_func_op_like(
                printer,
                self.sym_name,
                self.function_type,
                self.body,
                self.attributes,
                arg_attrs=self.arg_attrs,
                res_attrs=self.res_attrs,
                reserved_attr_names=self._RESERVED,
            )
            return
        # A phi names the entry block: print it with its label, types in the signature.
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        with printer.in_parens():
            printer.print_list(self.function_type.inputs, printer.print_attribute)
        if self.function_type.outputs:
            printer.print_string(" -> ")
            printer.print_list(self.function_type.outputs, printer.print_attribute)
        printer.print_op_attributes(self.attributes, reserved_attr_names=self._RESERVED, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body)

    @classmethod
    def parse(cls, parser: Parser) -> FuncOp:
        is_kernel = parser.parse_optional_keyword("kernel") is not None
        layout = parser.parse_optional_str_enum(MemoryLayout) or MemoryLayout.ROW_MAJOR
        with _unique_block_labels(parser):
            name, inputs, outputs, region, extra, arg_attrs, res_attrs = parse_func_op_like(
                parser, reserved_attr_names=cls._RESERVED
            )
        func = cls(
            name,
            (inputs, outputs),
            region,
            is_kernel=is_kernel,
            layout=layout,
            arg_attrs=arg_attrs,
            res_attrs=res_attrs,
        )
        if extra is not None:
            func.attributes |= extra.data
        return func


def _unique_block_labels(parser: Parser) -> AbstractContextManager[None]:
    """While `parser` parses a function, a label defined twice in a region is a parse
    error at its second definition (`parse_block_defined_once`), not the `KeyError` of
    xDSL's parser (a traceback from the stock xdsl-opt)."""
    return wrapped_block_parsing(parser, lambda parse_block: parse_block_defined_once(parser, parse_block))


def _verify_dominance(func: FuncOp) -> None:
    """Check every use in `func` is dominated by its definition.

    Uses in blocks unreachable from the entry are not checked (as in MLIR). A phi's
    incoming value is used at the end of its incoming block.
    """
    dominance = SSADominance(func.body)
    for user in func.body.walk():
        if not dominance.is_reachable(user):
            continue
        if isinstance(user, PhiOp):
            for index, (value, block) in enumerate(user.incoming):
                if block in dominance.dominators and not dominance.dominates_end(value, block):
                    raise VerifyException(
                        f"incoming value #{index} of llir.phi does not dominate the end "
                        f"of its incoming block #{block_index(block)}"
                    )
            continue
        for index, value in enumerate(user.operands):
            if not dominance.dominates_use(value, user):
                raise VerifyException(f"operand #{index} of {user.name} does not dominate this use")
