"""Upstream MLIR 19 accepts what convert-gawee-to-linalg emits, unchanged.

Every `// -----` chunk of the pass's FileCheck inputs that should lower is lowered
in-process (with and without `elementwise-generic`), printed, and piped to
`mlir-opt-19`, which must parse and verify it (exit 0). Skipped where mlir-opt-19 is
not installed, and for the two element types it does not know (f4E2M1FN, f8E8M0FNU).
"""

import shutil
import subprocess

import pytest
from gawee_cases import context, filecheck_cases, parse

from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass

MLIR_OPT = shutil.which("mlir-opt-19")


@pytest.mark.parametrize("elementwise_generic", [False, True], ids=["named", "generic"])
@pytest.mark.parametrize(("name", "index", "chunk"), filecheck_cases())
def test_mlir_opt_19_accepts_lowering(name: str, index: int, chunk: str, elementwise_generic: bool):
    if MLIR_OPT is None:
        pytest.skip("mlir-opt-19 not installed (apt install mlir-19-tools)")
    if "f4E2M1FN" in chunk or "f8E8M0FNU" in chunk:
        pytest.skip("mlir-opt-19 has no f4E2M1FN or f8E8M0FNU (LLVM 20 added them; docs/small-types.md)")
    lowered = parse(chunk, name)
    ConvertGaweeToLinalgPass(elementwise_generic=elementwise_generic).apply(context(), lowered)
    lowered.verify()
    result = subprocess.run(
        [MLIR_OPT, "-o", "/dev/null"], input=str(lowered), capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, f"{name} case {index}: mlir-opt-19 rejects\n{result.stderr}\n{lowered}"
