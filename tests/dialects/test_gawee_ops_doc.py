"""docs/gawee-ops.md, the reference of the gawee ops: it is what
`scripts/gawee_ops_doc.py` writes from the ops' definitions (a new op, attribute or
decomposition shows up in it), every example parses, verifies and prints back as
written (it is the custom syntax), and every op of the dialect has one."""

from __future__ import annotations

import contextlib
import importlib.util
import io

import pytest
from gawee_examples import DOC, EXAMPLE, sections
from xdsl.dialects import func

from nnstack.dialects.gawee import Gawee
from nnstack.interpreters import parse_module


def test_every_op_has_a_section():
    assert sorted(sections()) == sorted(op.name for op in Gawee.operations)


@pytest.mark.parametrize(("name", "section"), sections().items())
def test_the_example_parses_verifies_and_prints_as_written(name: str, section: str):
    (example,) = EXAMPLE.findall(section)
    module = parse_module(example)
    (function,) = module.ops
    assert isinstance(function, func.FuncOp)
    assert name in {op.name for op in function.walk()}
    assert str(function) == example.rstrip("\n")


def test_the_doc_is_what_the_script_writes():
    path = DOC.parents[1] / "scripts" / "gawee_ops_doc.py"
    spec = importlib.util.spec_from_file_location("gawee_ops_doc", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    written = io.StringIO()
    with contextlib.redirect_stdout(written):
        script.main()
    assert written.getvalue() == DOC.read_text(), "run: python scripts/gawee_ops_doc.py > docs/gawee-ops.md"
