"""The layers of nnstack import only downwards, so each can be used (and reasoned about)
without the ones above it:

- dialects: the ops, their verifiers and the numpy values of their attributes
  (`nnstack.dialects.values`); nothing from the passes, the front end, the tools, the
  interpreters or the native backend.
- transforms and the front end: they build and rewrite IR, folding constants with what
  the dialects give them; they never run a program, so they import neither the
  interpreters nor the native backend.
- interpreters: they run programs, but never depend on the native backend or the
  command-line tools built on top of them.
- native: it compiles llir to native code and calls it with the arrays the
  interpreters' `run` takes (their argument conversion), so it sits above the
  interpreters (and the passes, for convert-llir-to-llvm): the interpreters never import
  it back, and it imports neither the front end nor the tools. A caller that wants
  native code calls `nnstack.native.run`; there is no dispatch inside the interpreters.

The one exception is `frontend/onnx/backend.py`: an `onnx.backend.base.Backend` runs the
models it imports (`nnstack.interpreters.prepare`), so it sits above the interpreters. No
other module of the front end imports them (`frontend/resnet.py` only builds gawee IR,
`frontend/onnx/context.py` folds constants with `nnstack.dialects.values`).

Every import counts, also one inside a function or under `TYPE_CHECKING`: a deferred
import still makes the lower layer need the upper one.
"""

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

RUNS_PROGRAMS = frozenset({"frontend/onnx/backend.py"})
"""Modules of the front end that run what they import, above the interpreters."""

RULES: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {
    "dialects": (
        (
            "nnstack.interpreters",
            "nnstack.native",
            "nnstack.transforms",
            "nnstack.frontend",
            "nnstack.tools",
        ),
        frozenset(),
    ),
    "transforms": (("nnstack.interpreters", "nnstack.native"), frozenset()),
    "frontend": (("nnstack.interpreters", "nnstack.native"), RUNS_PROGRAMS),
    "interpreters": (("nnstack.native", "nnstack.tools"), frozenset()),
    "native": (("nnstack.frontend", "nnstack.tools"), frozenset()),
}
"""For each top-level folder (package `nnstack.<folder>`): the packages its modules
must not import, and the modules (paths from the repository root) exempt from that."""


def _package(path: Path) -> str:
    """The package a module file is in: `dialects/gawee/base.py` and
    `dialects/gawee/__init__.py` are both in `nnstack.dialects.gawee`."""
    return ".".join(("nnstack", *path.relative_to(ROOT).parent.parts))


def imported_modules(source: str, package: str) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) of every import in `source`, a module of `package`;
    for `from a import b` both `a` and `a.b` (b may be a submodule), relative imports
    resolved."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - (node.level - 1)]
                module = ".".join([*base, *([module] if module else [])])
            yield node.lineno, module
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}"


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def violations(folder: str) -> list[str]:
    """`path:line: imports module` for every import of a forbidden package in `folder`."""
    forbidden, exempt = RULES[folder]
    found: list[str] = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative in exempt:
            continue
        seen: set[tuple[int, str]] = set()
        for line, module in imported_modules(path.read_text(), _package(path)):
            package = next((p for p in forbidden if _within(module, p)), None)
            if package is not None and (line, package) not in seen:
                seen.add((line, package))
                found.append(f"{relative}:{line}: imports {module} ({package})")
    return found


@pytest.mark.parametrize("folder", sorted(RULES))
def test_layer_imports_only_downwards(folder: str):
    found = violations(folder)
    if found:
        pytest.fail(f"{folder}/ imports a layer above it:\n" + "\n".join(found), pytrace=False)


def test_exemptions_exist():
    """An exemption for a module that is gone (or moved) would hide nothing: drop it."""
    for _, exempt in RULES.values():
        for relative in exempt:
            assert (ROOT / relative).is_file(), f"{relative} is exempt but does not exist"


def test_values_needs_only_numpy_and_xdsl():
    """`nnstack.dialects.values` is the bottom of the stack: the dialects, the passes,
    the importers and the interpreters all import it, so it imports only the standard
    library, numpy (with ml_dtypes, numpy's bfloat16) and xDSL (not even another
    dialect module: no import cycle inside the dialects package)."""
    path = ROOT / "dialects" / "values.py"
    allowed = {"numpy", "ml_dtypes", "xdsl", *sys.stdlib_module_names}
    found = [
        f"dialects/values.py:{line}: imports {module}"
        for line, module in imported_modules(path.read_text(), _package(path))
        if module.split(".")[0] not in allowed
    ]
    if found:
        pytest.fail("\n".join(found), pytrace=False)


def test_xdsl_compat_needs_only_xdsl_and_llvmlite():
    """`nnstack.dialects.xdsl_compat` wraps xDSL's internals for every layer, so it
    imports only the standard library, xDSL and llvmlite (the JIT's)."""
    path = ROOT / "dialects" / "xdsl_compat.py"
    allowed = {"xdsl", "llvmlite", *sys.stdlib_module_names}
    found = [
        f"dialects/xdsl_compat.py:{line}: imports {module}"
        for line, module in imported_modules(path.read_text(), _package(path))
        if module.split(".")[0] not in allowed
    ]
    if found:
        pytest.fail("\n".join(found), pytrace=False)


def test_every_form_of_import_is_seen():
    """The check sees plain, from, relative and deferred imports (a form it missed
    would let an upward import through unnoticed)."""
    source = """
import nnstack.interpreters.arith
from nnstack import interpreters
from ... import native
from ...native.jit import run
from . import base


def f():
    from nnstack.tools import driver
"""
    found = set(imported_modules(source, "nnstack.transforms.gawee_to_mir"))
    assert {
        (2, "nnstack.interpreters.arith"),
        (3, "nnstack.interpreters"),
        (4, "nnstack.native"),
        (5, "nnstack.native.jit"),
        (6, "nnstack.transforms.gawee_to_mir.base"),
        (10, "nnstack.tools.driver"),
    } <= found
