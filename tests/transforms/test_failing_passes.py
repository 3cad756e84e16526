"""A pass that fails leaves the module as it was, and names the ops it failed at.

Every `// -----` case of the FileCheck suite that runs a pass under
`nnstack-opt --verify-diagnostics` and expects an error is run here through the pass
directly: it must raise `PassFailedAtOps` naming ops of the module (by their source
locations, which nnstack-opt reports), and the module must print exactly as before.
"""

import re
import shlex
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.passes import PassPipeline
from xdsl.universe import Universe

from nnstack.tools.driver import Chunk, parse, split_chunks
from nnstack.tools.verifier import module_problems
from nnstack.transforms.utils import PassFailedAtOps

FILECHECK = Path(__file__).parents[1] / "filecheck"


def failing_cases() -> list[tuple[str, str, Chunk, bool]]:
    """(file, pipeline, chunk, verify) for each chunk a pass is expected to fail on."""
    cases = []
    for path in sorted(FILECHECK.rglob("*.mlir")):
        text = path.read_text()
        for run in re.findall(r"// RUN: (nnstack-opt .*)", text):
            if "--verify-diagnostics" not in run or (spec := re.search(r"-p\s+('[^']*'|\S+)", run)) is None:
                continue
            pipeline = shlex.split(spec.group(1))[0]
            for chunk in split_chunks(text, "--split-input-file" in run):
                if "expected-error" in chunk.text:
                    cases.append(
                        (str(path.relative_to(FILECHECK)), pipeline, chunk, "--disable-verify" not in run)
                    )
    return cases


CASES = failing_cases()


def context() -> Context:
    ctx = Context()
    for name, factory in Universe.get_multiverse().all_dialects.items():
        ctx.register_dialect(name, factory)
    return ctx


def test_the_suite_has_failing_pass_cases():
    assert len(CASES) >= 30
    assert {pipeline.split("{")[0] for _, pipeline, _, _ in CASES} >= {
        "convert-gawee-to-linalg",
        "convert-gawee-to-mir",
        "convert-mir-to-llir",
        "spensor-lower",
        "spensor-expand-parallel",
        "spensor-memory-analysis",
        "spensor-to-tensor",
    }


@pytest.mark.parametrize(
    ("file", "pipeline", "chunk", "verify"), CASES, ids=[f"{f}:{c.first_line}" for f, _, c, _ in CASES]
)
def test_a_failing_pass_changes_nothing(file: str, pipeline: str, chunk: Chunk, verify: bool):
    ctx = context()
    module = parse(ctx, chunk, file)
    if verify and module_problems(module):
        pytest.skip("the expected error is the verifier's, not the pass's")
    before = str(module)
    locations = {op.location for op in module.walk()}
    passes = PassPipeline.parse_spec(Universe.get_multiverse().all_passes, pipeline).passes
    with pytest.raises(PassFailedAtOps) as failure:
        for each in passes:
            each.apply(ctx, module)
    # the ops named are the module's (or copies of them, for a pass that works on a copy)
    assert failure.value.problems and all(op.location in locations for op, _ in failure.value.problems)
    assert str(module) == before
