"""MLIR-style diagnostics for nnstack's tools: `FILE:LINE:COL: error: MESSAGE`.

Every problem a tool finds in its input (a parse error, an op that does not verify, an
op a pass cannot handle) becomes one `Diagnostic`, located at the op or token it is
about, with `note:`s pointing at related places. The steps that find problems raise
`DiagnosticError` carrying them; the tools print them with `render`, as mlir-opt does
(the source line and a caret under the column follow each located message), or match
them against `expected-error` comments (`nnstack.tools.expected_diagnostics`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from xdsl.dialects.builtin import ArrayAttr, CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import MultipleSpansParseError, ParseError, PassFailedException
from xdsl.utils.lexer import Span


class Severity(StrEnum):
    """The kinds of diagnostic, named as MLIR prints them."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"
    REMARK = "remark"


@dataclass(frozen=True)
class SourceLocation:
    """A 1-based line and column in a named source."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    """One problem (or a note about one), where it is and what it is."""

    severity: Severity
    message: str
    location: SourceLocation | None = None
    notes: tuple[Diagnostic, ...] = ()

    def flattened(self) -> list[Diagnostic]:
        """This diagnostic, then its notes (each is matched and printed on its own)."""
        return [self, *(n for note in self.notes for n in note.flattened())]


class DiagnosticError(Exception):
    """A step (parse, verify, a pass) failed with these diagnostics."""

    def __init__(self, diagnostics: Sequence[Diagnostic]):
        super().__init__("\n".join(d.message for d in diagnostics))
        self.diagnostics = list(diagnostics)


class SeveralParseErrors(MultipleSpansParseError):
    """Independent parse errors (values used but never defined): one at the span and one
    at each ref, instead of an error with notes."""


def one_line(text: str) -> str:
    """A message on one line: xDSL's messages sometimes span several."""
    return " ".join(line.strip() for line in text.splitlines() if line.strip())


def source_location(location: Attribute) -> SourceLocation | None:
    """The file position a location attribute points at, if it has one."""
    match location:
        case FileLineColLoc():
            return SourceLocation(location.filename.data, location.line.data, location.column.data)
        case NameLoc():
            return source_location(location.location)
        case CallSiteLoc():
            return source_location(location.callee)
        case FusedLoc(locations=ArrayAttr() as locations):
            for inner in locations:
                if (found := source_location(inner)) is not None:
                    return found
    return None


def at_op(op: Operation, message: str, severity: Severity = Severity.ERROR) -> Diagnostic:
    """A diagnostic at `op`; an op with no location of its own (a pass built it without
    one) is shown at its closest located ancestor, with a note saying so."""
    if (location := source_location(op.location)) is not None:
        return Diagnostic(severity, message, location)
    ancestor = op.parent_op()
    while ancestor is not None:
        if (location := source_location(ancestor.location)) is not None:
            note = Diagnostic(
                Severity.NOTE,
                f"'{op.name}' has no source location; shown at its enclosing '{ancestor.name}'",
                location,
            )
            return Diagnostic(severity, message, location, (note,))
        ancestor = ancestor.parent_op()
    return Diagnostic(severity, message)


def op_error(op: Operation, message: str) -> Diagnostic:
    """An error about `op`, worded as MLIR's `emitOpError`: `'gawee.conv' op ...`."""
    message = one_line(message)
    message = (
        message.removeprefix("Operation does not verify: ").removeprefix(f"{op.name}: ").removeprefix("op ")
    )
    return at_op(op, f"'{op.name}' op {message}")


def from_parse_error(error: ParseError) -> list[Diagnostic]:
    """A parse error at its token, with a note at each related span (or, for values
    used but never defined, one error at the first use of each)."""
    here = _span_location(error.span)
    refs = error.refs if isinstance(error, MultipleSpansParseError) else []
    if isinstance(error, SeveralParseErrors):
        others = [Diagnostic(Severity.ERROR, message or "", _span_location(span)) for span, message in refs]
        return [Diagnostic(Severity.ERROR, one_line(error.msg), here), *others]
    ref_text = (error.ref_text or "").rstrip(":") if isinstance(error, MultipleSpansParseError) else ""
    notes = tuple(
        Diagnostic(Severity.NOTE, message or ref_text, _span_location(span)) for span, message in refs
    )
    return [Diagnostic(Severity.ERROR, one_line(error.msg), here, notes)]


def _span_location(span: Span[str] | Span[bytes]) -> SourceLocation:
    where = span.get_location()
    return SourceLocation(where.file, where.line, where.col)


def from_pass_failure(error: PassFailedException, module: Operation) -> list[Diagnostic]:
    """One diagnostic per op a pass named (`nnstack.transforms.utils.PassFailedAtOps`),
    or one at the module for a failure that names none."""
    problems: Iterable[tuple[Operation, str]] = getattr(error, "problems", ())
    found = [at_op(op, one_line(message)) for op, message in problems]
    return found or [at_op(module, one_line(str(error)))]


def render(diagnostic: Diagnostic, sources: Mapping[str, str], default_file: str) -> str:
    """The diagnostic and its notes as mlir-opt prints them: `FILE:LINE:COL: error: MESSAGE`,
    then the source line with a caret under the column when the source is known."""
    lines: list[str] = []
    for each in diagnostic.flattened():
        where = each.location
        lines.append(f"{where if where else default_file}: {each.severity}: {each.message}")
        if where is not None and (text := sources.get(where.file)) is not None:
            source_lines = text.split("\n")
            if 1 <= where.line <= len(source_lines):
                lines.append(source_lines[where.line - 1])
                lines.append(" " * (where.column - 1) + "^")
    return "\n".join(lines)
