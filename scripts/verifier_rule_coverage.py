#!/usr/bin/env python3
"""Which verifier rules of the dialects no negative test reaches.

    .venv/bin/python scripts/verifier_rule_coverage.py

Runs the negative tests (the `--verify-diagnostics` FileCheck files of the dialects,
in-process, and the pytest files below) while recording, for every VerifyException the
dialects' code raises, the line of the `verify_` (or `verify`) method it came from. A rule
is a `raise` in a `verify_` method or a call there of a dialect function that raises; the
script prints the rules no test reached. (A rule inherited through `super().verify_()`
is reported at the base class's line, so such a call line may be listed although the
rules behind it are reached.)
"""

from __future__ import annotations

import ast
import contextlib
import io
import sys
from pathlib import Path
from typing import Any

import pytest
import xdsl.utils.exceptions as exceptions

ROOT = Path(__file__).resolve().parent.parent
DIALECTS = ROOT / "dialects"
INVALID_FILES = [
    "gawee/invalid.mlir",
    "gawee/parse_errors.mlir",
    "mir/invalid.mlir",
    "llir/invalid.mlir",
    "spensor/invalid.mlir",
    "spensor/invalid_types.mlir",
    "spensor/parse_errors.mlir",
    "nnstack-opt/verify_diagnostics.mlir",
    "nnstack-opt/ssa.mlir",
]
TESTS = [
    "tests/dialects",
    "tests/spensor/test_spensor_dialect.py",
    "tests/interpreters/test_llir_builders.py",
]


def record_reached(reached: set[tuple[str, int]]) -> None:
    """Make every VerifyException built by the dialects' code add its verify_ line."""
    original = exceptions.VerifyException.__init__

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        frame = sys._getframe(1)
        if not frame.f_code.co_filename.startswith(str(DIALECTS)):
            return  # built by xDSL, which may catch it (constraint alternatives)
        while frame is not None:
            if frame.f_code.co_filename.startswith(str(DIALECTS)) and frame.f_code.co_name in (
                "verify_",
                "verify",
            ):
                reached.add((str(Path(frame.f_code.co_filename).relative_to(ROOT)), frame.f_lineno))
                return
            frame = frame.f_back

    exceptions.VerifyException.__init__ = init  # type: ignore[method-assign]


def run_negative_tests() -> None:
    from nnstack.tools.nnstack_opt import main

    for name in INVALID_FILES:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            main([str(ROOT / "tests" / "filecheck" / name), "--verify-diagnostics", "--split-input-file"])
    pytest.main(["-q", "-p", "no:cacheprovider", *(str(ROOT / t) for t in TESTS)])


def rules() -> dict[tuple[str, int], str]:
    """(file, line) -> `Class: source line` of every rule of a verify_ method."""
    trees = {path: ast.parse(path.read_text()) for path in DIALECTS.rglob("*.py")}
    raising = {
        node.name
        for tree in trees.values()
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and any(isinstance(n, ast.Raise) for n in ast.walk(node))
    }
    found: dict[tuple[str, int], str] = {}
    for path, tree in trees.items():
        lines = path.read_text().splitlines()
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            for method in cls.body:
                if not (isinstance(method, ast.FunctionDef) and method.name in ("verify_", "verify")):
                    continue
                for node in ast.walk(method):
                    if isinstance(node, ast.Call):
                        func = node.func
                        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
                        if name not in raising or name == "fail":
                            continue
                    elif not isinstance(node, ast.Raise):
                        continue
                    key = (str(path.relative_to(ROOT)), node.lineno)
                    found[key] = f"{cls.name}: {lines[node.lineno - 1].strip()}"
    return found


def main() -> int:
    reached: set[tuple[str, int]] = set()
    record_reached(reached)
    run_negative_tests()
    all_rules = rules()
    missing = sorted(set(all_rules) - reached)
    print(
        f"{len(all_rules)} rules, {len(all_rules) - len(missing)} reached by a negative test, {len(missing)} not:"
    )
    for path, line in missing:
        print(f"  {path}:{line} {all_rules[path, line]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
