"""docs/onnx-coverage.md is what `scripts/onnx_coverage_doc.py` writes from the
importer's converters: a new operator, or a changed converter docstring, shows up in it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import onnx.defs

from nnstack.frontend.onnx.converters import CONVERTERS
from nnstack.frontend.onnx.functions import function_operators
from nnstack.frontend.onnx.unsupported import UNSUPPORTED_OPERATORS

ROOT = Path(__file__).parents[2]


def test_the_coverage_doc_is_current():
    spec = importlib.util.spec_from_file_location(
        "onnx_coverage_doc", ROOT / "scripts" / "onnx_coverage_doc.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    written = (ROOT / "docs" / "onnx-coverage.md").read_text()
    assert written == script.document(), "run: python scripts/onnx_coverage_doc.py > docs/onnx-coverage.md"


def test_every_onnx_operator_is_mapped_expanded_or_said_why_not():
    """Each operator of the default domain that the installed onnx defines has a converter,
    a function definition to expand, or a reason in UNSUPPORTED_OPERATORS (and no operator
    both has a converter and a reason). Up to opset 28, onnx 1.23's newest: an operator a
    later onnx adds is new work, not a regression."""
    operators = {
        schema.name
        for schema in onnx.defs.get_all_schemas_with_history()
        if schema.domain == "" and schema.since_version <= 28
    }
    accounted = set(CONVERTERS) | set(function_operators()) | set(UNSUPPORTED_OPERATORS)
    assert sorted(operators - accounted) == []
    assert sorted(set(CONVERTERS) & set(UNSUPPORTED_OPERATORS)) == []
    assert set(UNSUPPORTED_OPERATORS) <= operators
