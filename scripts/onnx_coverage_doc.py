"""Writes docs/onnx-coverage.md: every ONNX operator the importer maps, to what, and
what of it is supported (the converter's docstring).

    python scripts/onnx_coverage_doc.py > docs/onnx-coverage.md

tests/frontend/test_onnx_coverage_doc.py checks that the file is what this writes.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable

from nnstack.dialects.gawee import Gawee
from nnstack.frontend.onnx import converters

HEADER = """# ONNX operators the importer maps

The ONNX operators (default domain) that `nnstack-import-onnx` and the ONNX backend
(`nnstack.frontend.onnx.backend`) import, from opset 7 on, each with its semantics at the
model's opset. A gawee op that declares the operator (`ONNX_OPERATOR`) imports it one to
one; the others have a converter in `frontend/onnx/`, whose docstring says what it
carries over. A node with an attribute value a converter does not carry over is rejected
with the reason, never imported approximately; the importer lists every node it cannot
map at once. Shape-like inputs (Reshape's shape, Slice's starts, ...) must be known at
import: constants, or shape arithmetic the importer folds; where they are graph inputs
(as in ONNX's conformance cases), the backend and `nnstack-run MODEL.onnx` import the
model at run, specialised on their values, once per distinct value.

Written by `scripts/onnx_coverage_doc.py`; `tests/frontend/test_onnx_coverage_doc.py`
checks that it is current.
"""


def note(converter: Callable[..., None]) -> str:
    """The first paragraph of the converter's docstring, or of the function that made it."""
    doc = converter.__doc__
    if doc is None and "<locals>" in converter.__qualname__:
        doc = getattr(converters, converter.__qualname__.split(".")[0]).__doc__
    return " ".join(inspect.cleandoc(doc or "").split("\n\n")[0].split()).replace("|", "\\|")


def document() -> str:
    declared = {op.ONNX_OPERATOR: op.name for op in Gawee.operations if getattr(op, "ONNX_OPERATOR", None)}
    rows = ["| operator | imported as | notes |", "|---|---|---|"]
    for name, converter in sorted(converters.CONVERTERS.items()):
        if name in declared:
            rows.append(f"| {name} | `{declared[name]}` (one to one) | |")
        else:
            rows.append(f"| {name} | converter | {note(converter)} |")
    return f"{HEADER}\n{len(rows) - 2} operators.\n\n" + "\n".join(rows) + "\n"


if __name__ == "__main__":
    sys.stdout.write(document())
