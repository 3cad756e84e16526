"""The examples of docs/gawee-ops.md, one per gawee op: a complete function applying
the op to its arguments, written by `scripts/gawee_ops_doc.py` from the op's first
FileCheck use. Tests derive from them what a new op would otherwise need by hand: its
invalid cases (tests/dialects/derived_cases.py) and its place in the fuzz programs
(tests/fuzz/gawee_programs.py)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from xdsl.dialects import func

from nnstack.interpreters import parse_module

DOC = Path(__file__).parents[1] / "docs" / "gawee-ops.md"
SECTION = re.compile(r"^## `(gawee\.\w+)`\n(.*?)(?=^## |\Z)", re.MULTILINE | re.DOTALL)
EXAMPLE = re.compile(r"^```mlir\n(.*?)^```", re.MULTILINE | re.DOTALL)


@functools.cache
def sections() -> dict[str, str]:
    """Each op's section of the doc, by op name."""
    return dict(SECTION.findall(DOC.read_text()))


@functools.cache
def examples() -> dict[str, str]:
    """Each op's example, by op name (in the doc's order: by name)."""
    return {name: example for name, section in sections().items() for example in EXAMPLE.findall(section)[:1]}


def example_function(name: str) -> func.FuncOp:
    """The example of op `name`, parsed (a new function each call)."""
    (function,) = parse_module(examples()[name]).ops
    assert isinstance(function, func.FuncOp)
    return function.clone()
