"""The lowered original programs run upstream: mlir-opt-19 bufferizes them and lowers
them to LLVM, mlir-cpu-runner-19 runs them from a `main` that fills the inputs as the
original's tests do and returns the weighted checksum (exactly, as an i64); it must
be the checksum the original's table gives. Skipped where mlir-opt-19 or
mlir-cpu-runner-19 is not installed (CI installs mlir-19-tools)."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from spensor_helpers import ORIGINAL_PROGRAMS, Program, lower
from xdsl.dialects import func
from xdsl.printer import Printer

from nnstack.interpreters import find_function

MLIR_OPT = shutil.which("mlir-opt-19")
MLIR_CPU_RUNNER = shutil.which("mlir-cpu-runner-19")

LOWER_TO_LLVM = [
    "--one-shot-bufferize=bufferize-function-boundaries",
    "-convert-linalg-to-loops",
    "-convert-scf-to-cf",
    "-expand-strided-metadata",
    "-lower-affine",
    "-finalize-memref-to-llvm",
    "-convert-arith-to-llvm",
    "-convert-func-to-llvm",
    "-convert-cf-to-llvm",
    "-reconcile-unrealized-casts",
]

INPUT_FORMULAS = {
    "add_64x64": ["100 * i + j", "3 * j"],
    "reduce_readme": ["100 * i + j"],
    "reduce_tiled": ["100 * i + j"],
    "nd_reduce": ["100 * i + j"],
}
"""How the original's tests fill each input."""

WEIGHTS = {"add_64x64": "j", "reduce_readme": "i + 1", "reduce_tiled": "i + 1", "nd_reduce": "i + 1 + j"}
"""The weight of out[i, j] in the checksum."""


def _index_expr(formula: str, i: str, j: str, out: list[str], tag: str) -> str:
    """MLIR computing `formula` (a*i + b*j + c, as written above) as an f64."""
    terms = {
        "100 * i + j": (100, 1, 0),
        "3 * j": (0, 3, 0),
        "j": (0, 1, 0),
        "i + 1": (1, 0, 1),
        "i + 1 + j": (1, 1, 1),
    }
    a, b, c = terms[formula]
    out.append(f"%{tag}_ii = arith.index_cast {i} : index to i64")
    out.append(f"%{tag}_jj = arith.index_cast {j} : index to i64")
    out.append(f"%{tag}_a = arith.constant {a} : i64")
    out.append(f"%{tag}_b = arith.constant {b} : i64")
    out.append(f"%{tag}_c = arith.constant {c} : i64")
    out.append(f"%{tag}_ai = arith.muli %{tag}_ii, %{tag}_a : i64")
    out.append(f"%{tag}_bj = arith.muli %{tag}_jj, %{tag}_b : i64")
    out.append(f"%{tag}_s = arith.addi %{tag}_ai, %{tag}_bj : i64")
    out.append(f"%{tag}_t = arith.addi %{tag}_s, %{tag}_c : i64")
    out.append(f"%{tag}_f = arith.sitofp %{tag}_t : i64 to f64")
    return f"%{tag}_f"


def main_function(program: Program, kernel: func.FuncOp) -> str:
    """`@main() -> i64`: fill the inputs, call the kernel, return the checksum."""
    types = [t.get_shape() for t in kernel.function_type.inputs.data]  # pyright: ignore
    n_inputs = len(INPUT_FORMULAS[program.file])
    lines = ["func.func @main() -> i64 {", "%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index"]
    buffers = []
    for k, shape in enumerate(types):
        memref = f"memref<{shape[0]}x{shape[1]}xf32>"
        lines.append(f"%m{k} = memref.alloc() : {memref}")
        lines.append(f"%r{k} = arith.constant {shape[0]} : index")
        lines.append(f"%q{k} = arith.constant {shape[1]} : index")
        buffers.append((f"%m{k}", memref))
        if k < n_inputs:
            lines.append(f"scf.for %i{k} = %c0 to %r{k} step %c1 {{")
            lines.append(f"scf.for %j{k} = %c0 to %q{k} step %c1 {{")
            value = _index_expr(INPUT_FORMULAS[program.file][k], f"%i{k}", f"%j{k}", lines, f"in{k}")
            lines.append(f"%v{k} = arith.truncf {value} : f64 to f32")
            lines.append(f"memref.store %v{k}, %m{k}[%i{k}, %j{k}] : {memref}")
            lines.append("}")
            lines.append("}")
    names = ", ".join(b for b, _ in buffers)
    signature = ", ".join(t for _, t in buffers)
    lines.append(f'func.call @"{program.symbol}"({names}) : ({signature}) -> ()')
    out, memref = buffers[-1]
    k = len(types) - 1
    lines.append("%zero = arith.constant 0.0 : f64")
    lines.append(f"%sum = scf.for %i = %c0 to %r{k} step %c1 iter_args(%acc = %zero) -> f64 {{")
    lines.append(f"%row = scf.for %j = %c0 to %q{k} step %c1 iter_args(%racc = %acc) -> f64 {{")
    lines.append(f"%v = memref.load {out}[%i, %j] : {memref}")
    lines.append("%v64 = arith.extf %v : f32 to f64")
    weight = _index_expr(WEIGHTS[program.file], "%i", "%j", lines, "w")
    lines.append(f"%p = arith.mulf %v64, {weight} : f64")
    lines.append("%n = arith.addf %racc, %p : f64")
    lines.append("scf.yield %n : f64")
    lines.append("}")
    lines.append("scf.yield %row : f64")
    lines.append("}")
    lines.append("%result = arith.fptosi %sum : f64 to i64")
    lines.append("func.return %result : i64")
    lines.append("}")
    return "\n".join(lines)


def upstream_module(program: Program, spec: str) -> str:
    """The lowered kernel (generic form, as MLIR 19 reads every op) and a main."""
    lowered = lower(program.text(), spec)
    kernel = find_function(lowered, program.symbol)
    assert isinstance(kernel, func.FuncOp)
    text = io.StringIO()
    Printer(stream=text, print_generic_format=True).print_op(kernel)
    return "module {\n" + text.getvalue() + "\n" + main_function(program, kernel) + "\n}\n"


@pytest.mark.parametrize(
    "spec",
    ["spensor-lower", "spensor-lower{reduce-strategy=tree tiling=temporal memory-spaces=false}"],
    ids=["default", "tree-temporal"],
)
@pytest.mark.parametrize("program", ORIGINAL_PROGRAMS, ids=lambda p: p.file)
def test_upstream_run_gives_the_original_checksum(program: Program, spec: str):
    if MLIR_OPT is None or MLIR_CPU_RUNNER is None:
        pytest.skip("mlir-opt-19 / mlir-cpu-runner-19 not installed (apt install mlir-19-tools)")
    source = upstream_module(program, spec)
    llvm = subprocess.run(
        [MLIR_OPT, *LOWER_TO_LLVM], input=source, capture_output=True, text=True, check=False
    )
    assert llvm.returncode == 0, f"mlir-opt-19 failed:\n{llvm.stderr}\n{source}"
    result = subprocess.run(
        [MLIR_CPU_RUNNER, "-e", "main", "-entry-point-result=i64"],
        input=llvm.stdout,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.strip()) == program.expected
