"""Writes `// expected-error @+1 {{...}}` annotations into an invalid-IR test.

    python scripts/expected_errors.py tests/filecheck/gawee/invalid.mlir [-p PIPELINE] [--disable-verify]

runs each `// -----` chunk as `nnstack-opt --split-input-file` would, and puts an
expectation above every line that gets a diagnostic (error or note). A test still in
the old form (`xdsl-opt --verify-diagnostics | filecheck`, the message in a CHECK line)
is converted: the CHECK lines of a failing chunk are removed, the expectation keeps the
CHECK's text where the diagnostic contains it, and any CHECK message no diagnostic
produces is listed on stderr (the case changed: look at it). Review the result, and fix
the RUN line (`nnstack-opt %s --verify-diagnostics --split-input-file`).
"""

from __future__ import annotations

import argparse
import re
import sys

from xdsl.context import Context
from xdsl.passes import PassPipeline
from xdsl.universe import Universe

from nnstack.tools.diagnostics import Diagnostic, DiagnosticError
from nnstack.tools.driver import Chunk, PassRunner, parse, split_chunks
from nnstack.tools.verifier import verify_module

CHECK = re.compile(r"^\s*// [A-Z][A-Z0-9-]*?(-NEXT|-SAME|-NOT|-LABEL|-DAG|-EMPTY)?:(.*)$")
"""A FileCheck line (any prefix); its message is group 2."""
NOT_A_MESSAGE = re.compile(r"\.mlir:\d+:\d+$|^[\^\-]+$|^[%\"^]|^\w+ = \"|^sym_name|^func\.func")


def chunk_diagnostics(
    ctx: Context, chunk: Chunk, name: str, runner: PassRunner, verify: bool
) -> list[Diagnostic]:
    try:
        module = parse(ctx, chunk, name)
        if verify:
            verify_module(module)
        runner.apply(ctx, module)
    except DiagnosticError as error:
        return [each for d in error.diagnostics for each in d.flattened()]
    return []


def check_messages(body: str) -> list[str]:
    """The texts an old CHECK line may have asserted, longest first."""
    body = body.strip().removeprefix("| ")
    if NOT_A_MESSAGE.search(body) or not body:
        return []
    body = re.sub(r" \(and \d+ more\)$", "", body)
    body = re.sub(r"^[a-z]+(-[a-z]+)+: ", "", body)  # the pass name
    plain = body.removeprefix("Operation does not verify: ")
    return [plain, re.sub(r"^[a-z_]+\.[a-z_0-9.]+: ", "", plain)]


def annotate(text: str, name: str, runner: PassRunner, verify: bool) -> tuple[str, list[str]]:
    ctx = Context()
    for dialect, factory in Universe.get_multiverse().all_dialects.items():
        ctx.register_dialect(dialect, factory)
    lines = text.split("\n")
    inserted: dict[int, list[str]] = {}
    dropped: set[int] = set()
    unmatched: list[str] = []
    for chunk in split_chunks(text, True):
        found = chunk_diagnostics(ctx, chunk, name, runner, verify)
        if not found:
            continue
        checks = {
            n: check_messages(m.group(2))
            for n in range(chunk.first_line, chunk.last_line + 1)
            if (m := CHECK.match(lines[n - 1])) and "RUN:" not in lines[n - 1]
        }
        dropped |= set(checks)
        checks = {n: texts for n, texts in checks.items() if "-NOT:" not in lines[n - 1]}
        used: set[int] = set()
        per_line: dict[int | None, list[str]] = {}
        for diagnostic in found:
            op = re.match(r"'([^']+)' op ", diagnostic.message)
            candidates = [
                (n, text)
                for n, texts in checks.items()
                for text in ([f"'{op.group(1)}' op {texts[-1]}"] if op and texts else []) + texts
                if text and text in diagnostic.message
            ]
            expected = candidates[0][1] if candidates else diagnostic.message
            used |= {n for n, _ in candidates}
            line = diagnostic.location.line if diagnostic.location else None
            per_line.setdefault(line, []).append(
                f"// expected-{diagnostic.severity} @WHERE {{{{{expected}}}}}"
            )
        unmatched += [f"{name}:{n}: {texts[0]}" for n, texts in checks.items() if texts and n not in used]
        for line, items in per_line.items():
            if line is None:
                inserted.setdefault(chunk.first_line, []).extend(
                    i.replace("@WHERE", "@unknown", 1) for i in items
                )
                continue
            indent = re.match(r"\s*", lines[line - 1]).group(0)  # type: ignore[union-attr]
            count = len(items)
            inserted.setdefault(line, []).extend(
                indent + item.replace("@WHERE", f"@+{count - k}", 1) for k, item in enumerate(items)
            )
    out: list[str] = []
    for number, line in enumerate(lines, 1):
        out += inserted.get(number, [])
        if number not in dropped:
            out.append(line)
    result = re.sub(r"\n{3,}", "\n\n", "\n".join(out))
    return re.sub(r"\n+(\n// -----)", r"\n\1", result), unmatched


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("file")
    parser.add_argument("-p", "--passes", default="")
    parser.add_argument("--disable-verify", action="store_true")
    parser.add_argument(
        "-i", "--in-place", action="store_true", help="rewrite the file instead of printing it"
    )
    args = parser.parse_args()
    passes = PassPipeline.parse_spec(Universe.get_multiverse().all_passes, args.passes).passes
    with open(args.file) as f:
        text = f.read()
    result, unmatched = annotate(
        text, args.file.split("/")[-1], PassRunner(passes, not args.disable_verify), not args.disable_verify
    )
    for message in unmatched:
        print(f"no diagnostic has the CHECK message {message}", file=sys.stderr)
    if args.in_place:
        with open(args.file, "w") as f:
            f.write(result)
    else:
        sys.stdout.write(result)


if __name__ == "__main__":
    main()
