"""Writes docs/gawee-ops.md: every gawee op, what it is (its docstring) and a complete
example in its custom syntax that parses and verifies.

    python scripts/gawee_ops_doc.py > docs/gawee-ops.md

Each example is the first use of the op in the FileCheck tests of the dialect and its
lowerings (tests/filecheck/gawee, convert-gawee-to-*), wrapped in a function
that takes its operands and returns its results, and printed by xDSL's printer; an op
no test uses is listed as missing on stderr. tests/dialects/test_gawee_ops_doc.py
parses every example of the doc and checks that every op has one.
"""

from __future__ import annotations

import inspect
import re
import sys
from io import StringIO
from pathlib import Path

from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, FloatAttr, IntegerAttr, ModuleOp, StringAttr, i1
from xdsl.ir import Attribute, Block, Operation, Region
from xdsl.irdl import OptAttributeDef
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, VerifyException

from nnstack.dialects.gawee import Gawee
from nnstack.dialects.gawee.composite import decomposition, discard, is_composite
from nnstack.interpreters.api import make_context, parse_module

ROOT = Path(__file__).parents[1]
SOURCES = [
    path
    for folder in ("gawee", "convert-gawee-to-linalg", "convert-gawee-to-mir")
    for path in sorted((ROOT / "tests" / "filecheck" / folder).glob("*.mlir"))
]
NAME = re.compile(r"^[a-zA-Z_][\w$.]*$")

HEADER = """# The gawee ops

Every op of the gawee dialect, with what it computes, its attributes and their defaults,
the ONNX operator it imports one to one (where it declares one; the importer maps others
by converters), the ops a composite op decomposes into, and an example in its custom
syntax: a complete function that parses and verifies. The generic form of any op is
`"gawee.NAME"(operands) {attributes} : (operand types) -> result types`, attributes
in a plain dictionary with the original Gawee's camelCase names.

Written by `scripts/gawee_ops_doc.py` from the FileCheck tests;
`tests/dialects/test_gawee_ops_doc.py` parses every example.
"""


def first_uses() -> dict[str, Operation]:
    """The first op of each name in the FileCheck tests' valid chunks."""
    found: dict[str, Operation] = {}
    ctx = make_context()
    for path in SOURCES:
        for chunk in re.split(r"(?m)^// -----\s*$", path.read_text()):
            try:
                module = parse_module(chunk, ctx)
            except (ParseError, VerifyException):
                continue  # the invalid-IR tests
            for op in module.walk():
                if op.name.startswith("gawee.") and op.name not in found:
                    found[op.name] = op
    return found


def example(op: Operation) -> str:
    """`op` in a function of its own: its operands are the arguments, its results returned."""
    block = Block(arg_types=[operand.type for operand in op.operands])
    for index, (arg, operand) in enumerate(zip(block.args, op.operands)):
        hint = operand.name_hint
        arg.name_hint = hint if hint and NAME.match(hint) and not hint[0].isdigit() else f"x{index}"
    clone = op.clone()
    for index, arg in enumerate(block.args):
        clone.operands[index] = arg
    for result, original in zip(clone.results, op.results):
        result.name_hint = original.name_hint or "r"
    block.add_ops([clone, func.ReturnOp(*clone.results)])
    function = func.FuncOp(
        op.name.removeprefix("gawee."),
        ([a.type for a in block.args], [r.type for r in clone.results]),
        Region(block),
    )
    module = ModuleOp([function])
    module.verify()
    stream = StringIO()
    Printer(stream=stream).print_op(function)
    return stream.getvalue()


def summary(name: str) -> str:
    """The op class's docstring, as paragraphs."""
    op_class = next(c for c in Gawee.operations if c.name == name)
    return inspect.cleandoc(op_class.__doc__ or "").strip()


def value_text(attribute: Attribute) -> str:
    """An attribute default as a reader writes it."""
    if isinstance(attribute, IntegerAttr) and attribute.type == i1:
        return str(bool(attribute.value.data)).lower()
    if isinstance(attribute, IntegerAttr | FloatAttr):
        return repr(attribute.value.data)
    if isinstance(attribute, StringAttr):
        return f'"{attribute.data}"'
    if isinstance(attribute, DenseArrayBase | ArrayAttr):
        return str(list(attribute.get_values() if isinstance(attribute, DenseArrayBase) else attribute.data))
    return str(attribute)


def facts(op_class: type[Operation], use: Operation) -> str:
    """The attributes (with defaults), the declared ONNX operator and, for a composite op,
    the ops its decomposition uses: all read from the op's definition."""
    attributes = [
        f"`{name}`"
        + (f" ({value_text(d.default_value)})" if isinstance(d, OptAttributeDef) and d.default_value else "")
        for name, d in op_class.get_irdl_definition().attributes.items()
    ]
    lines = [f"- attributes: {', '.join(attributes)}"] if attributes else []
    onnx = getattr(op_class, "ONNX_OPERATOR", None)
    if onnx:
        lines.append(f"- ONNX: `{onnx}` (imported one to one)")
    parts = decomposition(use.clone())
    if parts is not None:
        names = dict.fromkeys(f"`{part.name}`" for part in parts.ops)
        lines.append(f"- composite: decomposes into {', '.join(names)}")
        discard(parts.ops)
    return "\n".join(lines) + "\n\n" if lines else ""


def index(op_classes: list[type[Operation]]) -> str:
    """A table of every op: its family module, ONNX operator and whether it is composite."""
    rows = ["| op | family | ONNX (one to one) | composite |", "|---|---|---|---|"]
    for op_class in op_classes:
        rows.append(
            f"| [`{op_class.name}`](#{op_class.name.replace('.', '')}) | {op_class.__module__.rsplit('.', 1)[-1]} "
            f"| {getattr(op_class, 'ONNX_OPERATOR', '') or ''} | {'yes' if is_composite(op_class) else ''} |"
        )
    return "\n".join(rows) + "\n"


def main() -> None:
    uses = first_uses()
    op_classes = sorted(Gawee.operations, key=lambda c: c.name)
    parts = [HEADER, index(op_classes)]
    for op_class in op_classes:
        name = op_class.name
        if name not in uses:
            print(f"no example of {name} in the FileCheck tests", file=sys.stderr)
            continue
        use = uses[name]
        parts.append(
            f"## `{name}`\n\n{summary(name)}\n\n{facts(op_class, use)}```mlir\n{example(use)}\n```\n"
        )
    sys.stdout.write("\n".join(parts))


if __name__ == "__main__":
    main()
