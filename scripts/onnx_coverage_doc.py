"""Writes docs/onnx-coverage.md: every ONNX operator the importer maps, to what, and
what of it is supported (the converter's docstring, or for an operator expanded from
ONNX's function definition, what its body needs); then every operator it does not map,
and why (`nnstack.frontend.onnx.unsupported`).

    python scripts/onnx_coverage_doc.py > docs/onnx-coverage.md

tests/frontend/test_onnx_coverage_doc.py checks that the file is what this writes.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable

from nnstack.dialects.gawee import Gawee
from nnstack.frontend.onnx import converters
from nnstack.frontend.onnx.functions import function_operators, function_opsets
from nnstack.frontend.onnx.unsupported import UNSUPPORTED_OPERATORS

HEADER = """# ONNX operators: what the importer maps, and what it does not

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

An operator that ONNX defines by a function (a fixed body, or one built for the node and
its input types) and that no converter maps is expanded into the nodes of that body, at
the body's own opset, which then import as every node does: it imports where its body
does, and a body node that does not import is the node's error.

Written by `scripts/onnx_coverage_doc.py`; `tests/frontend/test_onnx_coverage_doc.py`
checks that it is current.
"""


EXPANDED_NOTES = {
    "BlackmanWindow": "The size must be known at import (the window then folds to a constant), or specialised at run.",
    "HammingWindow": "The size must be known at import (the window then folds to a constant), or specialised at run.",
    "HannWindow": "The size must be known at import (the window then folds to a constant), or specialised at run.",
    "CenterCropPad": "The target shape must be known at import, or specialised at run: it makes the body's pads and slice bounds.",
}
"""What an expanded operator's body needs beyond the body's own operators' limits."""

NOT_IMPORTED = {
    "Bernoulli": "its body draws random numbers (RandomUniformLike)",
    "SequenceMap": "sequences, which have no gawee counterpart",
}
"""Operators ONNX defines by a function whose body does not import, and why."""


def note(converter: Callable[..., None]) -> str:
    """The first paragraph of the converter's docstring, or of the function that made it."""
    doc = converter.__doc__
    if doc is None and "<locals>" in converter.__qualname__:
        doc = getattr(converters, converter.__qualname__.split(".")[0]).__doc__
    return " ".join(inspect.cleandoc(doc or "").split("\n\n")[0].split()).replace("|", "\\|")


def expanded_note(name: str) -> str:
    opsets = function_opsets(name)
    since = f"from opset {opsets[0]}" + (
        f", redefined at {', '.join(map(str, opsets[1:]))}" if opsets[1:] else ""
    )
    return f"Expanded from ONNX's function definition ({since}). {EXPANDED_NOTES.get(name, '')}".strip()


def document() -> str:
    declared = {op.ONNX_OPERATOR: op.name for op in Gawee.operations if getattr(op, "ONNX_OPERATOR", None)}
    expanded = [name for name in function_operators() if name not in converters.CONVERTERS]
    unknown = (set(EXPANDED_NOTES) | set(NOT_IMPORTED)) - set(expanded)
    assert not unknown, f"notes for operators that are not expanded: {sorted(unknown)}"
    rows = ["| operator | imported as | notes |", "|---|---|---|"]
    entries = {**converters.CONVERTERS, **{name: None for name in expanded if name not in NOT_IMPORTED}}
    for name, converter in sorted(entries.items()):
        if converter is None:
            rows.append(f"| {name} | function body | {expanded_note(name)} |")
        elif name in declared:
            rows.append(f"| {name} | `{declared[name]}` (one to one) | |")
        else:
            rows.append(f"| {name} | converter | {note(converter)} |")
    rejected = [f"- {name}: {reason}." for name, reason in sorted(NOT_IMPORTED.items())]
    unmapped = [f"| {name} | {reason} |" for name, reason in sorted(UNSUPPORTED_OPERATORS.items())]
    return (
        f"{HEADER}\n{len(rows) - 2} operators.\n\n"
        + "\n".join(rows)
        + "\n\nONNX defines these operators by a function too, but their bodies need what gawee lacks:\n\n"
        + "\n".join(rejected)
        + f"\n\n## Not imported\n\nThe other {len(unmapped)} operators of the default domain, and why; a model"
        + " with one of them fails to import with the reason, naming every such node at once.\n\n"
        + "| operator | why |\n|---|---|\n"
        + "\n".join(unmapped)
        + "\n"
    )


if __name__ == "__main__":
    sys.stdout.write(document())
