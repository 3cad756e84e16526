"""Every pass keeps source locations: the ops it creates get the location of the op they
come from, so that nnstack-opt's diagnostics in lowered IR point at a source line.

Each `// -----` chunk of every FileCheck test that runs a pass pipeline is parsed with
nnstack-opt's located parser and run through the pipeline; afterwards no op (but the
implicit module) may be left without a `FileLineColLoc`.
"""

import re
import shlex
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.passes import PassPipeline
from xdsl.universe import Universe
from xdsl.utils.exceptions import PassFailedException

from nnstack.tools.diagnostics import DiagnosticError
from nnstack.tools.driver import Chunk, parse, split_chunks
from nnstack.tools.verifier import module_problems

FILECHECK = Path(__file__).parents[1] / "filecheck"


def pipeline_cases() -> list:
    cases = []
    for path in sorted(FILECHECK.rglob("*.mlir")):
        text = path.read_text()
        pipelines = {
            shlex.split(m.group(1))[0]
            for run in re.findall(r"// RUN: (?:nnstack-opt|xdsl-opt) (.*)", text)
            if (m := re.search(r"-p\s+('[^']*'|\S+)", run))
        }
        for pipeline in sorted(pipelines):
            for chunk in split_chunks(text, True):
                if "expected-error" not in chunk.text and not chunk.is_blank():
                    name = f"{path.relative_to(FILECHECK)}:{chunk.first_line}:{pipeline}"
                    cases.append(pytest.param(pipeline, chunk, id=name))
    return cases


CASES = pipeline_cases()


def test_the_pipelines_are_covered():
    pipelines = {case.values[0].split("{")[0] for case in CASES}
    assert pipelines >= {
        "convert-gawee-to-linalg",
        "convert-gawee-to-mir",
        "convert-mir-to-llir",
        "spensor-lower",
        "spensor-expand-parallel",
        "spensor-to-tensor",
        "spensor-bufferize-output",
        "llir-insert-frees",
        "hoist-constants",
    }


@pytest.mark.parametrize(("pipeline", "chunk"), CASES)
def test_every_op_keeps_a_location(pipeline: str, chunk: Chunk):
    ctx = Context()
    for name, factory in Universe.get_multiverse().all_dialects.items():
        ctx.register_dialect(name, factory)
    try:
        module = parse(ctx, chunk, "input.mlir")
    except DiagnosticError:
        pytest.skip("a parse-error case")
    if module_problems(module):
        pytest.skip("an invalid-IR case")
    try:
        for each in PassPipeline.parse_spec(Universe.get_multiverse().all_passes, pipeline).passes:
            each.apply(ctx, module)
    except PassFailedException:
        pytest.skip("a case the pass rejects")
    unlocated = [
        op.name
        for op in module.walk()
        if not isinstance(op, ModuleOp) and not isinstance(op.location, FileLineColLoc)
    ]
    assert not unlocated
