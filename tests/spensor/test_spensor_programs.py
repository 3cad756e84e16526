"""The original's four reference programs, interpreted at spensor level and again
after the whole pipeline (with every combination of the pipeline's options): each
gives the checksum upstream MLIR gives, and the lowered kernel writes every element
of its output."""

from __future__ import annotations

import numpy as np
import pytest
from spensor_helpers import ORIGINAL_PROGRAMS, Program, lower, run_kernel

from nnstack.interpreters import parse_module, run

PIPELINES = (
    "spensor-lower",
    "spensor-lower{reduce-strategy=tree}",
    "spensor-lower{tiling=temporal memory-spaces=false}",
    "spensor-lower{reduce-strategy=tree tiling=temporal}",
)


def ids(program: Program) -> str:
    return program.file


@pytest.mark.parametrize("program", ORIGINAL_PROGRAMS, ids=ids)
def test_spensor_level(program: Program):
    (result,) = run(program.text(), program.symbol, *program.inputs())
    np.testing.assert_array_equal(result, program.reference())
    assert program.checksum(result) == program.expected


@pytest.mark.parametrize("spec", PIPELINES)
@pytest.mark.parametrize("program", ORIGINAL_PROGRAMS, ids=ids)
def test_after_pipeline(program: Program, spec: str):
    lowered = lower(program.text(), spec)
    assert "spensor" not in str(lowered)
    (out,) = run_kernel(lowered, program.symbol, program.inputs())
    assert not np.isnan(out).any(), "an element of the output was never written"
    np.testing.assert_array_equal(out, program.reference())
    assert program.checksum(out) == program.expected


@pytest.mark.parametrize(
    "spec",
    [
        "spensor-memory-analysis,spensor-bufferize-output",
        "spensor-memory-analysis,spensor-bufferize-output,spensor-parallel-analysis,spensor-expand-parallel",
        "spensor-memory-analysis,spensor-bufferize-output,spensor-expand-parallel,spensor-tile-parallel",
    ],
    ids=["bufferized", "expanded", "tiled"],
)
@pytest.mark.parametrize("program", ORIGINAL_PROGRAMS, ids=ids)
def test_after_each_stage(program: Program, spec: str):
    """The intermediate stages still run (on spensors) and give the same numbers."""
    staged = lower(program.text(), spec)
    (out,) = run_kernel(staged, program.symbol, program.inputs())
    np.testing.assert_array_equal(out, program.reference())


def test_tiled_reduce_uses_eight_cores():
    """8 slices on a 4x4 core grid run as a 4x2 herd, not 4 cores twice."""
    lowered = lower(ORIGINAL_PROGRAMS[2].text(), "spensor-lower")
    herds = [
        op
        for op in lowered.walk()
        if op.name == "scf.parallel" and op.attributes["memory_tag"].data == "L1"  # pyright: ignore
    ]
    bounds = [[o.owner.value.value.data for o in h.upperBound] for h in herds]  # pyright: ignore
    assert [4, 2] in bounds


def test_matmul_program_is_per_tile_and_not_into_lhs():
    """The tile-wise 64x64 matmul the original computed as INF: per-tile products
    (checksum 838079004672 as the reference says), before and after lowering."""
    from spensor_helpers import declarations

    text = (
        declarations([4, 4])
        + """
    !L3 = !spensor.memory<"L3", []>
    !L1 = !spensor.memory<"L1", [4, 4]>
    !A = !spensor.spensor<tensor<64x64xf32>, !L3>
    !G3 = !spensor.ndspensor<tensor<4x4x!spensor.spensor<tensor<16x16xf32>, !L3>>>
    !G1 = !spensor.ndspensor<tensor<4x4x!spensor.spensor<tensor<16x16xf32>, !L1>>>
    func.func @mm(%a: !A, %b: !A) -> !A {
      %x = "spensor.split_all"(%a) <{num_partitions = [4, 4]}> : (!A) -> !G3
      %y = "spensor.split_all"(%b) <{num_partitions = [4, 4]}> : (!A) -> !G3
      %x1 = "spensor.move"(%x) <{memory_name = "L1"}> : (!G3) -> !G1
      %y1 = "spensor.move"(%y) <{memory_name = "L1"}> : (!G3) -> !G1
      %p = "spensor.matmul"(%x1, %y1) : (!G1, !G1) -> !G1
      %p3 = "spensor.move"(%p) <{memory_name = "L3"}> : (!G1) -> !G3
      %r = "ndspensor.combine_to_spensor"(%p3) <{combine_index = [0, 1]}> : (!G3) -> !A
      func.return %r : !A
    }
    """
    )
    a = np.fromfunction(lambda i, j: 100 * i + j, (64, 64)).astype(np.float32)
    b = np.fromfunction(lambda i, j: 3 * j, (64, 64)).astype(np.float32)
    expected = np.zeros((64, 64), np.float64)
    for i in range(4):
        for j in range(4):
            block = np.s_[16 * i : 16 * (i + 1), 16 * j : 16 * (j + 1)]
            expected[block] = a[block].astype(np.float64) @ b[block]

    def checksum(out: np.ndarray) -> float:
        return float((out.astype(np.float64) * np.arange(64)[None, :]).sum())

    assert checksum(expected) == 838079004672
    (direct,) = run(parse_module(text), "mm", a, b)
    np.testing.assert_allclose(direct, expected, rtol=1e-6)
    (out,) = run_kernel(lower(text, "spensor-lower"), "mm", [a, b])
    np.testing.assert_allclose(out, expected, rtol=1e-6)
    assert checksum(out) == pytest.approx(838079004672, rel=1e-6)
