"""CHECK lines for a FileCheck test from a pass's output, as upstream MLIR's
`mlir/utils/generate-test-checks.py` writes them: a CHECK-LABEL per function, then
CHECK-NEXT for every line, SSA names bound to FileCheck variables on definition.

    xdsl-opt test.mlir -p convert-gawee-to-linalg --split-input-file | \\
        python scripts/generate_checks.py

prints the checks of each `// -----` chunk of the output, separated the same way, to
paste under the inputs (review them: they state what the pass does now).
"""

from __future__ import annotations

import re
import sys

SSA_NAME = re.compile(r"%([A-Za-z_$.][\w$.]*|\d+)")


def checks(chunk: str) -> list[str]:
    names: dict[str, str] = {}
    lines: list[str] = []

    def variable(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in names:
            return f"%[[{names[name]}]]"
        names[name] = var = re.sub(r"\W", "_", name).upper() if not name[0].isdigit() else f"V{name}"
        if var in list(names.values())[:-1]:
            names[name] = var = f"{var}_{len(names)}"
        return f"%[[{var}:[a-zA-Z0-9_$.]+]]"

    for line in chunk.strip().splitlines():
        text = line.strip()
        if text in ("builtin.module {", "module {") or not text:
            continue
        if text.startswith("func.func"):
            names.clear()
            lines.append(f"// CHECK-LABEL: {text.split('(')[0]}(")
            lines.append(f"// CHECK-SAME: {SSA_NAME.sub(variable, text[text.index('(') + 1 :])}")
            continue
        literal = re.sub(r"\[(?=\[)", r"{{\\[}}", text)  # (FileCheck reads `[[` as a variable)
        lines.append(f"// CHECK-NEXT: {SSA_NAME.sub(variable, literal)}")
    return lines


def main() -> None:
    chunks = sys.stdin.read().split("// -----")
    print("\n\n// -----\n\n".join("\n".join(checks(chunk)) for chunk in chunks))


if __name__ == "__main__":
    main()
