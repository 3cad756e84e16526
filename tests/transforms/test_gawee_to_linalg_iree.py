"""The lowered IR compiles and runs in IREE 3.12 (llvm-cpu) to nnstack's numbers.

Skipped where IREE is not installed (`pip install nnstack[upstream]`); CI installs it.
"""

import re
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from gawee_cases import (
    TOLERANCES,
    filecheck_cases,
    find_function,
    function_names,
    lower,
    parse,
    random_arguments,
)
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from nnstack.frontend.onnx import import_onnx
from nnstack.frontend.resnet import resnet_small_module
from nnstack.interpreters import run
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass

iree_compiler = pytest.importorskip(
    "iree.compiler", reason="IREE not installed (pip install nnstack[upstream])"
)
iree_runtime = pytest.importorskip(
    "iree.runtime", reason="IREE not installed (pip install nnstack[upstream])"
)

IREE_FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
    "--iree-input-demote-f64-to-f32=false",
]


IREE_TOLERANCES = {**TOLERANCES, np.dtype(np.float32): 1e-4, np.dtype(ml_dtypes.bfloat16): 2.0**-7}
"""IREE's f32 math (exp, erf, ...) is less exact than numpy's; its bf16 math (an exp in
f32 rounded to bf16) one bf16 step from the interpreter's."""


def run_in_iree(lowered: ModuleOp, symbol: str, arrays: list[np.ndarray]) -> list[np.ndarray]:
    vmfb = iree_compiler.compile_str(str(lowered), extra_args=IREE_FLAGS)
    config = iree_runtime.Config("local-sync")
    context = iree_runtime.SystemContext(config=config)
    context.add_vm_module(iree_runtime.VmModule.copy_buffer(context.instance, vmfb))
    results = context.modules.module[symbol](*arrays)
    if not isinstance(results, tuple | list):
        results = [results]
    return [np.asarray(r.to_host()) for r in results]


def assert_iree_agrees(module: ModuleOp, symbol: str, seed: int) -> None:
    arrays = random_arguments(find_function(module, symbol), np.random.default_rng(seed))
    lowered = lower(module, "linalg")
    expected = run(lowered, symbol, *arrays)
    got = run_in_iree(lowered, symbol, arrays)
    assert len(got) == len(expected)
    for e, g in zip(expected, got):
        if g.dtype != e.dtype and g.dtype.kind in "iu" and g.dtype.itemsize == e.dtype.itemsize:
            g = g.view(e.dtype)  # (signless below gawee: the same bits as either signedness)
        assert g.shape == e.shape and g.dtype == e.dtype
        tolerance = IREE_TOLERANCES.get(e.dtype, 0.0)
        np.testing.assert_allclose(g, e, atol=tolerance, rtol=tolerance)


def test_small_resnet_in_iree():
    assert_iree_agrees(resnet_small_module(batch_norm=True), "forward", seed=0)


@pytest.mark.parametrize(("name", "index", "chunk"), filecheck_cases())
def test_filecheck_inputs_in_iree(name: str, index: int, chunk: str):
    module = parse(chunk, name)
    if re.search(r"math\.(?!absf)\w+ .*: f64", str(lower(module, "linalg"))):
        pytest.skip("IREE 3.12's llvm-cpu links no f64 libm (iree-lld: undefined symbol: log, sin, exp, erf)")
    if name == "small_types.mlir" and index in (1, 3, 5, 6):
        pytest.skip(
            "IREE 3.12's llvm-cpu does not legalize arith.truncf f16 -> 8-bit float, and its runtime has no "
            "i4 / i2 / f4E2M1FN / f8E8M0FNU element type (docs/small-types.md)"
        )
    for symbol in function_names(module):
        assert_iree_agrees(module, symbol, seed=index)


@pytest.mark.parametrize("name", ["bert", "llama"])
def test_transformer_export_in_iree(name: str):
    """A whole transformer export (BERT: gather, where on the attention mask, matmul,
    softmax, layer_norm, erf gelu; Llama: RMSNorm, rotary sin/cos, causal mask, SiLU),
    imported and lowered to linalg, gives nnstack's numbers and ONNX Runtime's in IREE."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "frontend"))
    from onnx_models import assert_matches, bert, llama, onnxruntime_outputs

    model, inputs = {"bert": bert, "llama": llama}[name]()
    lowered = import_onnx(model)
    ConvertGaweeToLinalgPass().apply(Context(), lowered)
    expected = run(lowered, "main", *inputs.values())
    got = run_in_iree(lowered, "main", list(inputs.values()))
    for e, g, reference in zip(expected, got, onnxruntime_outputs(model, inputs), strict=True):
        np.testing.assert_allclose(g, e, atol=1e-4, rtol=1e-4)
        assert_matches(g, reference)
