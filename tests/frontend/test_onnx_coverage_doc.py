"""docs/onnx-coverage.md is what `scripts/onnx_coverage_doc.py` writes from the
importer's converters: a new operator, or a changed converter docstring, shows up in it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

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
