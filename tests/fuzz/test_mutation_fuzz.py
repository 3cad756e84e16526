"""Mutation fuzz test of the tools: seeded mutants of the FileCheck inputs (deleted
tokens, swapped or repeated lines, changed shapes, element types and numbers; see
`mutants`) go through nnstack-opt with their file's pipeline and through nnstack-run,
and none may end in a traceback or an internal error: bad input is a diagnostic.

Mutants 0 .. N-1 run, N = 300 by default; NNSTACK_MUTANTS=N runs more (a nightly run:
`NNSTACK_MUTANTS=3000 pytest tests/fuzz/test_mutation_fuzz.py -n 2`). A failure shows
the mutant's index, seed file, edits and text; `mutants.mutant(index)` rebuilds it,
and `python tests/fuzz/mutants.py N` prints the counts of each outcome.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest
from mutants import FILECHECK, Mutant, Seed, describe, mutant, outcome

MUTANTS = int(os.environ.get("NNSTACK_MUTANTS", "300"))
BATCH = 50


@pytest.mark.parametrize("first", range(0, MUTANTS, BATCH))
def test_mutants_get_diagnostics_not_tracebacks(first: int, tmp_path: Path):
    failures: list[str] = []
    for index in range(first, min(first + BATCH, MUTANTS)):
        item = mutant(index)
        with warnings.catch_warnings():
            # numpy's overflow warnings on mutated constants are IEEE results, not bugs
            warnings.simplefilter("ignore", RuntimeWarning)
            result = outcome(item, tmp_path / "mutant.mlir")
        if result.kind == "internal error":
            failures.append(describe(item, result))
    assert not failures, "\n\n".join(failures)


DIVIDE = """
func.func @f(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %d = mir.broadcast_div %a, %b broadcast_shape = [3] : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  func.return %d : tensor<3xi32>
}
"""

DIVIDE_BY_ZERO = """
func.func @f() -> tensor<3xi32> {
  %a = arith.constant dense<1> : tensor<3xi32>
  %b = arith.constant dense<[1, 0, 2]> : tensor<3xi32>
  %d = mir.broadcast_div %a, %b broadcast_shape = [3] : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  func.return %d : tensor<3xi32>
}
"""


@pytest.mark.parametrize(
    ("text", "pipeline", "kind"),
    [
        (DIVIDE.replace("i32", "f32"), "convert-mir-to-llir", "ran"),
        (DIVIDE.replace("%b broadcast_shape", "broadcast_shape"), "", "parse error"),
        (DIVIDE.replace("broadcast_shape = [3]", "broadcast_shape = [4]"), "", "verify error"),
        (DIVIDE.replace("i32", "f32"), "convert-gawee-to-linalg{elementwise-generic=maybe}", "pass error"),
        (DIVIDE_BY_ZERO, "", "runtime error"),
    ],
)
def test_outcomes_are_sorted_by_the_stage_that_failed(text: str, pipeline: str, kind: str, tmp_path: Path):
    seed = Seed(FILECHECK / "made-up.mlir", text, pipeline)
    assert outcome(Mutant(7, seed, text, ()), tmp_path / "mutant.mlir").kind == kind


def test_the_mutants_are_reproducible():
    assert mutant(123) == mutant(123)
    assert mutant(123).text != mutant(124).text
