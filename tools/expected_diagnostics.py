"""`--verify-diagnostics`: match emitted diagnostics against `expected-*` comments.

The upstream MLIR way of testing invalid IR: each diagnostic a test expects is
written as a comment in the input,

    // expected-error @+1 {{result shape [1, 6, 6, 6] does not match}}
    %0 = gawee.conv ...

where `@+N` / `@-N` is a line relative to the comment, `@N` an absolute line,
`@above` / `@below` the nearest line above / below that holds no `expected-*`, no
`@` the comment's own line, and `@unknown` a diagnostic without a location. The text
between `{{` and `}}` must occur in the message (`expected-error-re`: it is a regular
expression whose `{{...}}` parts are regexes, the rest literal). Every emitted
diagnostic (notes included) must match one expectation of its kind and line, and
every expectation must be matched once; each mismatch is reported in mlir-opt's
words: `unexpected error: MESSAGE`, `expected error "MESSAGE" was not produced`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from nnstack.tools.diagnostics import Diagnostic, DiagnosticError, Severity, SourceLocation

_DESIGNATOR = re.compile(
    r"expected-(?P<kind>error|note|remark|warning)(?P<re>-re)?"
    r" *(?:@(?P<where>[+-]?[0-9]+|above|below|unknown))? *\{\{(?P<text>.*)\}\}"
)


@dataclass
class Expected:
    """One `expected-*` comment: what it expects, where, and whether it was seen."""

    severity: Severity
    text: str
    line: int | None
    """The line the diagnostic must be on; None for `@unknown`."""
    written_at: SourceLocation
    regex: re.Pattern[str] | None = None
    matched: bool = field(default=False)

    def matches(self, diagnostic: Diagnostic) -> bool:
        line = diagnostic.location.line if diagnostic.location is not None else None
        if self.matched or diagnostic.severity != self.severity or line != self.line:
            return False
        if self.regex is not None:
            return self.regex.search(diagnostic.message) is not None
        return self.text in diagnostic.message


def expectations(text: str, file: str, first_line: int = 1, last_line: int | None = None) -> list[Expected]:
    """The `expected-*` comments of the lines `first_line`..`last_line` (1-based) of `text`;
    `DiagnosticError` for an `-re` one whose regex is invalid."""
    lines = text.split("\n")
    last = len(lines) if last_line is None else last_line
    designated = {n for n in range(first_line, last + 1) if _DESIGNATOR.search(lines[n - 1])}
    found: list[Expected] = []
    for number in range(first_line, last + 1):
        for match in _DESIGNATOR.finditer(lines[number - 1]):
            where = SourceLocation(file, number, match.start() + 1)
            found.append(
                Expected(
                    Severity(match["kind"]),
                    match["text"],
                    _target_line(match["where"], number, designated),
                    where,
                    _regex(match["text"], where) if match["re"] else None,
                )
            )
    return found


def _target_line(where: str | None, line: int, designated: set[int]) -> int | None:
    match where:
        case None:
            return line
        case "unknown":
            return None
        case "above" | "below":
            step = -1 if where == "above" else 1
            target = line + step
            while target in designated:
                target += step
            return target
        case _ if where[0] in "+-":
            return line + int(where)
        case _:
            return int(where)


def _regex(text: str, at: SourceLocation) -> re.Pattern[str]:
    """`-re` text: `{{...}}` parts are regexes, the rest is literal."""
    parts = re.split(r"\{\{(.*?)\}\}", text)
    pattern = "".join(part if index % 2 else re.escape(part) for index, part in enumerate(parts))
    try:
        return re.compile(pattern)
    except re.error as error:
        raise DiagnosticError(
            [Diagnostic(Severity.ERROR, f"invalid regex in expected diagnostic: {error}", at)]
        ) from error


def check(emitted: Sequence[Diagnostic], expected: Sequence[Expected]) -> list[Diagnostic]:
    """The errors of the check: one per emitted diagnostic no expectation matches, then
    one per expectation no diagnostic matched. Marks the matched expectations."""
    errors: list[Diagnostic] = []
    for diagnostic in (each for d in emitted for each in d.flattened()):
        hit = next((e for e in expected if e.matches(diagnostic)), None)
        if hit is None:
            errors.append(
                Diagnostic(
                    Severity.ERROR,
                    f"unexpected {diagnostic.severity}: {diagnostic.message}",
                    diagnostic.location,
                )
            )
        else:
            hit.matched = True
    for each in expected:
        if not each.matched:
            errors.append(
                Diagnostic(
                    Severity.ERROR,
                    f'expected {each.severity} "{each.text}" was not produced',
                    each.written_at,
                )
            )
    return errors
