"""Speed of the native backend (gawee -> mir -> llir -> LLVM -O3 via xdsl.jit), side by side
with its reference in one run. Not a test: there is no pass or fail.

- matmul 256x256x256: `gawee.linear` lowered with `convert-mir-to-llir{vector-width=16}`
  (register tiles of vector accumulators), against numpy's `a @ b.T` (OpenBLAS; one
  thread, and all threads);
- ResNet-18 1x3x224x224 (the ONNX export of tests/frontend/onnx_models.ResNet, batch
  norms folded into the convs), against ONNX Runtime with one thread. The weights are
  passed as arguments (numpy-owned buffers the compiled code reads in place): llir has
  no data section, and lowering 11 M weights to one llir store each is not practical.
  Compile time (convert-mir-to-llir, convert-llir-to-llvm, LLVM) is reported.

    .venv/bin/python benchmarks/bench_native.py [--repeats N] [--skip-resnet]
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy loads OpenBLAS

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from timing import median_time
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, ModuleOp

from nnstack import native
from nnstack.dialects import mir
from nnstack.interpreters import make_context, parse_module
from nnstack.interpreters.arith import attribute_value
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass
from nnstack.transforms.gawee_fold_batch_norm import GaweeFoldBatchNormPass

WIDTH = 16
"""Vector lanes of the llir lowering (AVX-512 f32)."""


def to_llir(module: ModuleOp) -> ModuleOp:
    lowered = module.clone()
    ConvertGaweeToMirPass().apply(make_context(), lowered)
    ConvertMirToLlirPass(vector_width=WIDTH).apply(make_context(), lowered)
    return lowered


def matmul(repeats: int) -> None:
    n = 256
    t = f"tensor<{n}x{n}xf32>"
    module = parse_module(
        f"func.func @mm(%x: {t}, %w: {t}) -> {t} {{\n"
        f"  %y = gawee.linear %x, %w : ({t}, {t}) -> {t}\n  func.return %y : {t}\n}}"
    )
    rng = np.random.default_rng(0)
    a, b = (rng.standard_normal((n, n)).astype(np.float32) for _ in range(2))
    program = to_llir(module)
    start = time.perf_counter()
    (result,) = native.run(program, "mm", a, b)
    compile_s = time.perf_counter() - start
    seconds = median_time(lambda: native.run(program, "mm", a, b), repeats)
    numpy_s = median_time(lambda: a @ b.T, repeats)
    error = float(np.max(np.abs(result - a @ b.T)))
    print(f"matmul {n}^3 (numpy with {os.environ['OPENBLAS_NUM_THREADS']} OpenBLAS thread(s))")
    print(f"  numpy      {numpy_s * 1e3:8.3f} ms")
    print(f"  native     {seconds * 1e3:8.3f} ms  {seconds / numpy_s:6.2f}x numpy  max |err| {error:.1e}")
    print(f"  compile    {compile_s:8.2f} s (first call)")


def weights_as_arguments(module: ModuleOp, smallest: int = 64) -> list[np.ndarray]:
    """Turn every mir.constant of @main with at least `smallest` elements into a new
    argument; their values, in order."""
    main = next(op for op in module.walk() if isinstance(op, func.FuncOp) and op.sym_name.data == "main")
    block = main.body.blocks.first
    assert block is not None
    values: list[np.ndarray] = []
    for op in list(main.walk()):
        if isinstance(op, mir.ConstantOp) and op.result.type.element_count() >= smallest:
            values.append(np.asarray(attribute_value(op.value, op.result.type)))
            argument = block.insert_arg(op.result.type, len(block.args))
            op.result.replace_all_uses_with(argument)
            op.detach()
            op.erase()
    main.function_type = FunctionType.from_lists(list(block.arg_types), list(main.function_type.outputs))
    return values


def resnet18(repeats: int) -> None:
    import onnxruntime
    import torch

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "frontend"))
    from onnx_models import ResNet, export, onnxruntime_outputs, randomize_batch_norm

    from nnstack.frontend.onnx import import_onnx

    torch.manual_seed(0)
    model = randomize_batch_norm(ResNet(widths=(64, 128, 256, 512), classes=1000), seed=1)
    example = torch.randn(1, 3, 224, 224)
    onnx_model = export(model, example, fold=False)
    x = example.numpy()
    module = import_onnx(onnx_model)
    GaweeFoldBatchNormPass().apply(Context(), module)
    start = time.perf_counter()
    ConvertGaweeToMirPass().apply(make_context(), module)
    weights = weights_as_arguments(module)
    ConvertMirToLlirPass(vector_width=WIDTH).apply(make_context(), module)
    program = module
    lower_s = time.perf_counter() - start
    start = time.perf_counter()
    (output,) = native.run(program, "main", x, *weights)
    compile_s = time.perf_counter() - start
    seconds = median_time(lambda: native.run(program, "main", x, *weights), repeats)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    session = onnxruntime.InferenceSession(onnx_model.SerializeToString(), options)
    ort_s = median_time(lambda: session.run(None, {"x": x}), repeats)
    error = float(np.max(np.abs(output - onnxruntime_outputs(onnx_model, {"x": x}, 1)[0])))
    print("ResNet-18 1x3x224x224 (ONNX Runtime with 1 thread)")
    print(f"  onnxruntime {ort_s * 1e3:8.1f} ms")
    print(f"  native      {seconds * 1e3:8.1f} ms  {seconds / ort_s:6.2f}x ORT  max |err| {error:.1e}")
    print(f"  compile     gawee -> llir {lower_s:.1f} s, llir -> native (first call) {compile_s:.1f} s")
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--skip-resnet", action="store_true")
    args = parser.parse_args()
    matmul(args.repeats)
    if not args.skip_resnet:
        resnet18(max(1, args.repeats // 3))


if __name__ == "__main__":
    main()
