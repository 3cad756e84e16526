"""The pipeline keeps no state between runs: twice in one process, on modules with
several functions, and with or without the analyses' attributes, it gives the same
IR and the same numbers."""

from __future__ import annotations

import re

import numpy as np
from spensor_helpers import ORIGINAL_PROGRAMS, lower, run_kernel

from nnstack.interpreters import parse_module


def functions_text(program_file: str) -> str:
    """The function of one of the original's programs, without its declarations."""
    text = next(p for p in ORIGINAL_PROGRAMS if p.file == program_file).text()
    body = [line for line in text.splitlines() if not line.startswith("//")]
    start = next(i for i, line in enumerate(body) if '"func.func"' in line)
    return "\n".join(body[start:-1])


def two_kernels() -> str:
    """reduce_tiled and nd_reduce (both on a 4x4 L1 grid) in one module."""
    tiled = next(p for p in ORIGINAL_PROGRAMS if p.file == "reduce_tiled").text()
    lines = [line for line in tiled.splitlines() if not line.startswith("//")]
    return "\n".join(lines[:-1] + [functions_text("nd_reduce"), lines[-1]])


def test_pipeline_twice_in_one_process_gives_the_same_ir():
    for program in ORIGINAL_PROGRAMS:
        first = str(lower(program.text(), "spensor-lower"))
        second = str(lower(program.text(), "spensor-lower"))
        assert first == second, program.file


def test_several_functions_in_one_module():
    module = parse_module(two_kernels())
    lowered = lower(module, "spensor-lower")
    again = lower(module, "spensor-lower")
    assert str(lowered) == str(again)
    for program in ORIGINAL_PROGRAMS:
        if program.file not in ("reduce_tiled", "nd_reduce"):
            continue
        (out,) = run_kernel(lowered, program.symbol, program.inputs())
        np.testing.assert_array_equal(out, program.reference())
        assert program.checksum(out) == program.expected
        alone = str(lower(program.text(), "spensor-lower"))
        kernel = re.search(rf"func.func @{program.symbol}\(.*?\n  }}\n", str(lowered), re.S)
        assert kernel is not None and kernel.group(0) in alone


def test_analyses_are_idempotent_and_optional():
    text = ORIGINAL_PROGRAMS[1].text()
    prefix = "spensor-memory-analysis,spensor-bufferize-output"
    analysed = lower(text, prefix + ",spensor-parallel-analysis")
    assert str(lower(analysed, "spensor-parallel-analysis")) == str(analysed)
    with_analysis = lower(analysed, "spensor-expand-parallel")
    without = lower(text, prefix + ",spensor-expand-parallel")
    assert str(with_analysis).replace(" attributes {spensor.memory_map", "") == str(without).replace(
        " attributes {spensor.memory_map", ""
    )
    assert "spensor.parallel_loops" not in str(with_analysis)
    assert "spensor.loops" not in str(with_analysis)


def test_lowered_kernel_writes_every_output_element_once_per_run():
    """Running a lowered kernel twice (its buffers reused) gives the program's numpy
    reference both times: every output element written (run_kernel NaN-fills the
    outputs first), and nothing accumulated across runs."""
    program = ORIGINAL_PROGRAMS[3]
    lowered = lower(program.text(), "spensor-lower{reduce-strategy=tree}")
    want = program.reference()
    for run in range(2):
        (out,) = run_kernel(lowered, program.symbol, program.inputs())
        assert not np.isnan(out).any(), f"run {run}: output elements left unwritten"
        np.testing.assert_array_equal(out, want, err_msg=f"run {run}")
