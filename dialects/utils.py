"""Pieces the nnstack dialects share: shape rules and the parts of their declarative
custom syntax.

The custom syntax of a gawee or mir op is operands, then `name = value` for each
parameter the op declares (in its order), then an optional attribute dictionary, then
the functional type:

    %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (...) -> ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TypeVar

from xdsl.dialects.builtin import DenseArrayBase, TensorType, i64
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import MultipleSpansParseError, ParseError, VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind

from nnstack.dialects.simple_format import SimpleFormat
from nnstack.dialects.xdsl_compat import current_token, wrap_op_parse

_OpT = TypeVar("_OpT", bound=IRDLOperation)


def fresh_name(name: str, taken: set[str]) -> str:
    """`name`, or it with the first free `_<n>` suffix; taken from now on."""
    candidate, index = name, 0
    while candidate in taken:
        index += 1
        candidate = f"{name}_{index}"
    taken.add(candidate)
    return candidate


def i64_array(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, values)


def defined_ops(module: ModuleType) -> list[type[Operation]]:
    """The ops `module` defines (an op definition has a name; the bases it derives ops
    from do not), in the order they are defined: a dialect's op list, derived from the
    modules of its op families."""
    return [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, IRDLOperation)
        and value.__module__ == module.__name__
        and "name" in vars(value)
    ]


# ---------------------------------------------------------------------------
# Shape rules
# ---------------------------------------------------------------------------


def broadcast_shape(*shapes: Sequence[int]) -> tuple[int, ...] | None:
    """The numpy broadcast of `shapes`, or None where they do not broadcast."""
    rank = max((len(shape) for shape in shapes), default=0)
    result = [1] * rank
    for shape in shapes:
        for axis, size in enumerate((1,) * (rank - len(shape)) + tuple(shape)):
            if size != result[axis] and 1 not in (size, result[axis]):
                return None
            result[axis] = size if result[axis] == 1 else result[axis]
    return tuple(result)


def matmul_shape(lhs: Sequence[int], rhs: Sequence[int]) -> tuple[int, ...] | None:
    """numpy / ONNX MatMul: [..., M, K] x [..., K, N] -> [..., M, N] with broadcast batch
    dims; a 1-D lhs is a row [K] and a 1-D rhs a column [K], whose dim is then dropped.
    None where the shapes do not fit."""
    if not lhs or not rhs:
        return None
    a = (1, *lhs) if len(lhs) == 1 else tuple(lhs)
    b = (*rhs, 1) if len(rhs) == 1 else tuple(rhs)
    if a[-1] != b[-2]:
        return None
    batch = broadcast_shape(a[:-2], b[:-2])
    if batch is None:
        return None
    return (*batch, *([a[-2]] if len(lhs) > 1 else []), *([b[-1]] if len(rhs) > 1 else []))


def window_output_size(
    size: int,
    pad_begin: int,
    pad_end: int,
    kernel: int,
    stride: int,
    dilation: int,
    ceil_mode: bool = False,
) -> int:
    """Output length of a sliding window: floor((size + pads - d*(k-1) - 1) / s) + 1.

    With PyTorch's ceil-mode rule, the division rounds up, but a last window that
    would start inside the end padding is dropped.
    """
    span = size + pad_begin + pad_end - dilation * (kernel - 1) - 1
    if ceil_mode:
        out = -(-span // stride) + 1
        if (out - 1) * stride >= size + pad_begin:
            out -= 1
        return out
    return span // stride + 1


def expand_padding(padding: Sequence[int], rank: int) -> tuple[int, ...]:
    """The padding of a window over `rank` spatial dims, `rank` symmetric values or the
    `rank` begins then the `rank` ends (ONNX's `pads` order), as begins then ends: for
    2-D `[pH, pW]` or `[top, left, bottom, right]` as (top, left, bottom, right)."""
    return tuple(padding) * 2 if len(padding) == rank else tuple(padding)


def window_output_shape(
    sizes: Sequence[int],
    padding: Sequence[int],
    kernel: Sequence[int],
    strides: Sequence[int],
    dilation: Sequence[int],
    ceil_mode: bool = False,
) -> tuple[int, ...]:
    """The output sizes of a sliding window (conv, pooling) over the spatial `sizes`."""
    rank = len(sizes)
    pads = expand_padding(padding, rank)
    return tuple(
        window_output_size(size, pads[i], pads[rank + i], kernel[i], strides[i], dilation[i], ceil_mode)
        for i, size in enumerate(sizes)
    )


def spatial_output_size(
    h: int,
    w: int,
    padding: Sequence[int],
    kernel: Sequence[int],
    strides: Sequence[int],
    dilation: Sequence[int],
    ceil_mode: bool = False,
) -> tuple[int, int]:
    """(oH, oW) of a 2-D sliding window (conv, max_pool) over an H x W input."""
    oh, ow = window_output_shape((h, w), padding, kernel, strides, dilation, ceil_mode)
    return oh, ow


def reduced_shape(shape: Sequence[int], axes: Sequence[int], keep_dims: bool) -> tuple[int, ...]:
    """`shape` without the (normalized) `axes`, or with them as 1s when `keep_dims`."""
    if keep_dims:
        return tuple(1 if dim in axes else size for dim, size in enumerate(shape))
    return tuple(size for dim, size in enumerate(shape) if dim not in axes)


def gather_shape(input: Sequence[int], indices: Sequence[int], axis: int) -> tuple[int, ...]:
    """Shape of `gather(input, indices, axis)` (normalized `axis`): the axis replaced by the
    indices' shape."""
    return (*input[:axis], *indices, *input[axis + 1 :])


def tensor_shape(value: SSAValue) -> tuple[int, ...]:
    """The static shape of a tensor-typed value."""
    typ = value.type
    assert isinstance(typ, TensorType)
    return tuple(typ.get_shape())


def element_type(value: SSAValue) -> Attribute:
    """The element type of a tensor-typed value."""
    typ = value.type
    assert isinstance(typ, TensorType)
    return typ.element_type


def tensor_like(value: SSAValue, shape: Sequence[int]) -> TensorType[Attribute]:
    """A tensor type with `value`'s element type and `shape`."""
    return TensorType(element_type(value), shape)


# ---------------------------------------------------------------------------
# Declarative syntax
# ---------------------------------------------------------------------------

ATTR_DICT_AND_TYPES = "attr-dict `:` functional-type(operands, results)"
"""The end of most gawee and mir formats: the attribute dictionary, then `: (operand types) ->
result type`."""


def keywords(*names: str) -> str:
    """The declarative format of ` name = value` for each of the named attributes or properties."""
    return " ".join(f"`{name}` `=` ${name}" for name in names)


def op_definition(cls: type[_OpT]) -> type[_OpT]:
    """`irdl_op_definition`, whose custom-syntax parser reports every error as a parse
    error at the op that names it.

    xDSL 0.74's declarative parser checks the operand and result types against the
    op's constraints while it resolves their constraint variables, and raises a bare
    `VerifyException` (no op, no location) where one fails; this turns it into a
    `ParseError` spanning the op. Only for ops without regions, where everything that
    fails inside `parse` is the op's own (a region would hold other ops).
    """
    op = irdl_op_definition(cls)
    if op.assembly_format is None or op.get_irdl_definition().regions:
        return op

    simple = SimpleFormat.of(op)

    def parse_reporting_op(parse: Callable[[Parser], _OpT], parser: Parser) -> _OpT:
        start = parser.pos
        if simple is not None and (parsed := simple.parse(parser)) is not None:
            assert isinstance(parsed, op)
            return parsed
        try:
            return parse(parser)
        except VerifyException as error:
            # the op's text: up to the next token, without the whitespace before it
            end = start + len(parser.lexer.input.content[start : parser.pos].rstrip())
            parser.raise_error(f"{op.name}: {error}", start, end)
        except ParseError as error:
            raise dataclasses.replace(error, msg=f"{op.name}: {error.msg}") from None

    wrap_op_parse(op, parse_reporting_op)
    return op


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------


def parse_block_defined_once(parser: Parser, parse_block: Callable[[], Block]) -> Block:
    """`parse_block()` (xDSL's block parser, `HookedParser.parse_block_definition`), first rejecting a label already
    defined in the region being parsed, as MLIR does.

    xDSL's parser forgets where a block referenced before its definition was defined,
    so a second definition of such a label ends in a `KeyError`; here each definition
    is recorded in `parser.blocks` with its span.
    """
    label = current_token(parser)
    if label.kind != MLIRTokenKind.CARET_IDENT:
        return parse_block()
    name = label.text[1:]
    defined = parser.blocks.get(name)
    if defined is not None and name not in parser.forward_block_references:
        raise MultipleSpansParseError(
            label.span,
            f"redefinition of block '^{name}'",
            "previously defined here:",
            [(defined[1] or label.span, None)],
        )
    block = parse_block()
    parser.blocks[name] = (block, label.span)
    return block


def parse_loop_bounds(parser: Parser) -> tuple[Parser.UnresolvedArgument, list[UnresolvedOperand]]:
    """scf.for's loop header `%i = %lb to %ub step %s`, as mir.for, mir.parallel_for and
    llir.for write it: the induction variable and the three bounds."""
    indvar = parser.parse_argument(expect_type=False)
    parser.parse_punctuation("=")
    bounds = [parser.parse_unresolved_operand()]
    parser.parse_keyword("to")
    bounds.append(parser.parse_unresolved_operand())
    parser.parse_keyword("step")
    bounds.append(parser.parse_unresolved_operand())
    return indvar, bounds


def parse_iter_args(
    parser: Parser,
) -> tuple[list[Parser.UnresolvedArgument], list[UnresolvedOperand], list[Attribute]]:
    """scf.for's optional `iter_args(%acc = %init, ...) -> (types)`: the body's carried
    arguments, their initial values and the types (empty without `iter_args`); the
    caller checks that there is one type per value."""
    carried: list[Parser.UnresolvedArgument] = []
    inits: list[UnresolvedOperand] = []
    types: list[Attribute] = []
    if parser.parse_optional_keyword("iter_args") is not None:

        def parse_assignment() -> None:
            carried.append(parser.parse_argument(expect_type=False))
            parser.parse_punctuation("=")
            inits.append(parser.parse_unresolved_operand())

        parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parse_assignment)
        parser.parse_punctuation("->")
        types = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parser.parse_type)
    return carried, inits, types


def print_loop_bounds(printer: Printer, indvar: SSAValue, bounds: Sequence[SSAValue]) -> None:
    """` %i = %lb to %ub step %s`, as `parse_loop_bounds` reads it."""
    lower, upper, step = bounds
    printer.print_string(" ")
    printer.print_ssa_value(indvar)
    printer.print_string(" = ")
    printer.print_operand(lower)
    printer.print_string(" to ")
    printer.print_operand(upper)
    printer.print_string(" step ")
    printer.print_operand(step)


def print_iter_args(printer: Printer, carried: Sequence[SSAValue], inits: Sequence[SSAValue]) -> None:
    """` iter_args(%acc = %init, ...) -> (types)`, as `parse_iter_args` reads it; nothing
    for a loop without carried values."""
    if not inits:
        return

    def print_assignment(pair: tuple[SSAValue, SSAValue]) -> None:
        printer.print_ssa_value(pair[0])
        printer.print_string(" = ")
        printer.print_operand(pair[1])

    printer.print_string(" iter_args(")
    printer.print_list(zip(carried, inits), print_assignment)
    printer.print_string(") -> (")
    printer.print_list([init.type for init in inits], printer.print_attribute)
    printer.print_string(")")
