"""Speed of the native backend (gawee -> mir -> llir -> LLVM -O3 via xdsl.jit), side by side
with its reference in one run. Not a test: there is no pass or fail.

- matmul n x n x n (`--matmul`, 256 and 512 by default): `gawee.linear` lowered with
  `convert-mir-to-llir{target-cpu=host}` (register tiles of vector accumulators sized
  for this CPU's vector registers: `mir_to_llir.target`), against numpy's `a @ b.T` (OpenBLAS with
  the same number of threads);
- the models of bench_models.py (ResNet-18 1x3x224x224 with its batch norms folded into
  the convs, BERT-tiny with sequence 128, the 15M Llama with 8 tokens), imported from
  their ONNX export and lowered gawee -> mir (`convert-gawee-to-mir,mir-fold-transposes`)
  -> llir (`convert-mir-to-llir{target-cpu=host}`) with their weights in llir's data
  section (llir.global), against ONNX Runtime with the same number of intra-op
  threads (timed alternately, so
  both see the same load of a shared machine): time, max |err| and the
  compile time by step (convert-gawee-to-mir, convert-mir-to-llir, convert-llir-to-llvm,
  LLVM; the cycle collector paused, as in nnstack-run), and the time a second process
  takes to get the code: from the on-disk cache (in a temporary folder; the model's
  digest included), the code then timed; and IREE 3.12
  on the same model's linalg output (`iree_reference.py`: data tiling and im2col, or
  IREE's defaults where those fail to compile), with the same number of threads, where
  IREE is installed (`pip install nnstack[upstream]`).

    .venv/bin/python benchmarks/bench_native.py [--repeats N] [--models resnet18 bert_tiny llama_15m]
        [--matmul 256 512] [--opt-level 0..3] [--threads N]

`--threads N` (1 by default): the native code's parallel loops on N threads
(convert-llir-to-llvm{threads=N}), ONNX Runtime with N intra-op threads and OpenBLAS
with N threads (OPENBLAS_NUM_THREADS, set before numpy loads it: so one process per
thread count; run the script once per count and compare the times). The median CPU
time of the process (all threads) is printed too: on a loaded machine a call on
several threads waits for the slowest, and the CPU time still shows what the work
costs.
"""

from __future__ import annotations

import os
import re
import sys

# --threads N, read before numpy loads OpenBLAS (which reads its thread count once)
os.environ["OPENBLAS_NUM_THREADS"] = (re.findall(r"--threads[= ](\d+)", " ".join(sys.argv[1:])) or ["1"])[-1]

import argparse
import tempfile
import time
from pathlib import Path

import iree_reference
import llvmlite.binding
import numpy as np
from timing import median_cpu_time, paired_median_times
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "frontend"))

from nnstack import native
from nnstack.dialects import llir
from nnstack.interpreters import make_context, parse_module
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass
from nnstack.transforms.gawee_fold_batch_norm import GaweeFoldBatchNormPass
from nnstack.transforms.mir_fold_transposes import MirFoldTransposesPass
from nnstack.transforms.mir_to_llir.target import host_features, tile_shape
from nnstack.transforms.utils import cyclic_gc_paused

THREADS = int(os.environ["OPENBLAS_NUM_THREADS"])
"""The threads of the native code, ONNX Runtime and OpenBLAS (`--threads`)."""

LOWERING = ConvertMirToLlirPass(target_cpu="host")
"""convert-mir-to-llir with the vector width and register tiles of this CPU."""

MODELS = ("resnet18", "bert_tiny", "llama_15m")


def to_llir(module: ModuleOp) -> ModuleOp:
    lowered = module.clone()
    ConvertGaweeToMirPass().apply(make_context(), lowered)
    LOWERING.apply(make_context(), lowered)
    return lowered


def matmul(n: int, repeats: int, opt_level: int) -> None:
    t = f"tensor<{n}x{n}xf32>"
    module = parse_module(
        f"func.func @mm(%x: {t}, %w: {t}) -> {t} {{\n"
        f"  %y = gawee.linear %x, %w : ({t}, {t}) -> {t}\n  func.return %y : {t}\n}}"
    )
    rng = np.random.default_rng(0)
    a, b = (rng.standard_normal((n, n)).astype(np.float32) for _ in range(2))
    program = to_llir(module)
    start = time.perf_counter()
    (result,) = native.run(program, "mm", a, b, opt_level=opt_level, cache=False, threads=THREADS)  # (timed)
    compile_s = time.perf_counter() - start
    compiled = native.JitCache().compile(program, "mm", opt_level=opt_level, threads=THREADS)
    seconds, numpy_s = paired_median_times(
        lambda: native.call_compiled(compiled, [a, b]), lambda: a @ b.T, repeats
    )
    cpu_s = median_cpu_time(lambda: native.call_compiled(compiled, [a, b]), repeats)
    error = float(np.max(np.abs(result - a @ b.T)))
    print(f"matmul {n}^3 (numpy with {os.environ['OPENBLAS_NUM_THREADS']} OpenBLAS thread(s))")
    print(f"  numpy      {numpy_s * 1e3:8.3f} ms")
    print(f"  native     {seconds * 1e3:8.3f} ms  {seconds / numpy_s:6.2f}x numpy  max |err| {error:.1e}")
    print(f"  native CPU {cpu_s * 1e3:8.3f} ms  (all threads)")
    print(f"  compile    {compile_s:8.2f} s (first call)")


def model(key: str, repeats: int, opt_level: int) -> None:
    """One model of bench_models.MODELS: imported, lowered gawee -> mir -> llir with its
    weights in the data section, compiled and run natively, against ONNX Runtime."""
    import onnxruntime
    from bench_models import MODELS
    from onnx_models import onnxruntime_outputs

    from nnstack.frontend.onnx import import_onnx

    name, onnx_model, inputs = MODELS[key]()
    module = import_onnx(onnx_model)
    if key == "resnet18":
        GaweeFoldBatchNormPass().apply(Context(), module)
    arrays = list(inputs.values())
    linalg_text = _linalg_text(module) if iree_reference.available() else None
    with cyclic_gc_paused():  # (as nnstack-run lowers, and the native compile)
        start = time.perf_counter()
        ConvertGaweeToMirPass().apply(make_context(), module)
        MirFoldTransposesPass().apply(make_context(), module)
        mir_s = time.perf_counter() - start
        start = time.perf_counter()
        LOWERING.apply(make_context(), module)
        llir_s = time.perf_counter() - start
    weights = sum(op.byte_size for op in module.ops if isinstance(op, llir.GlobalOp))
    with tempfile.TemporaryDirectory() as folder:
        disk = native.DiskCache(Path(folder))
        start = time.perf_counter()
        compiled = native.JitCache().compile(module, "main", opt_level=opt_level, disk=disk, threads=THREADS)
        cold_s = time.perf_counter() - start
        start = time.perf_counter()
        cached = native.JitCache().compile(  # (as a new process would)
            module, "main", opt_level=opt_level, disk=disk, threads=THREADS
        )
        warm_s = time.perf_counter() - start
        assert cached.from_cache and not compiled.from_cache
    outputs = native.call_compiled(cached, arrays)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = THREADS
    session = onnxruntime.InferenceSession(onnx_model.SerializeToString(), options)
    seconds, ort_s = paired_median_times(
        lambda: native.call_compiled(cached, arrays), lambda: session.run(None, inputs), repeats
    )
    cpu_s = median_cpu_time(lambda: native.call_compiled(cached, arrays), repeats)
    ort_cpu_s = median_cpu_time(lambda: session.run(None, inputs), repeats)
    expected = onnxruntime_outputs(onnx_model, inputs, 1)
    error = max(float(np.max(np.abs(o - e))) for o, e in zip(outputs, expected))
    llvm_s = compiled.compile_seconds - compiled.lower_seconds
    print(
        f"{name} (ONNX Runtime with {THREADS} thread(s); {weights / 1e6:.1f} MB of weights in the data section)"
    )
    print(f"  onnxruntime {ort_s * 1e3:8.2f} ms")
    print(f"  native      {seconds * 1e3:8.2f} ms  {seconds / ort_s:6.2f}x ORT  max |err| {error:.1e}")
    print(f"  CPU time    {cpu_s * 1e3:8.2f} ms native, {ort_cpu_s * 1e3:.2f} ms ORT (all threads)")
    if linalg_text is None:
        print("  IREE        not installed (pip install nnstack[upstream])")
    else:
        start = time.perf_counter()
        iree_call, flags = iree_reference.compiled(linalg_text, "main", THREADS)
        iree_compile_s = time.perf_counter() - start
        iree_error = max(float(np.max(np.abs(o - e))) for o, e in zip(iree_call(arrays), expected))
        iree_s, ort_again_s = paired_median_times(
            lambda: iree_call(arrays), lambda: session.run(None, inputs), repeats
        )
        print(
            f"  IREE        {iree_s * 1e3:8.2f} ms  {iree_s / ort_again_s:6.2f}x ORT  max |err| {iree_error:.1e}"
            f"  (nnstack's linalg, {flags}; compile {iree_compile_s:.1f} s)"
        )
    print(
        f"  compile     convert-gawee-to-mir + mir-fold-transposes {mir_s:.1f} s, convert-mir-to-llir {llir_s:.1f} s, "
        f"convert-llir-to-llvm {compiled.lower_seconds:.1f} s, LLVM {llvm_s:.1f} s"
    )
    print(f"  to llir -> code {cold_s:.2f} s compiled, {warm_s:.2f} s from the on-disk cache")
    sys.stdout.flush()


def _linalg_text(module: ModuleOp) -> str:
    """The gawee module lowered to linalg, as IREE compiles it."""
    lowered = module.clone()
    ConvertGaweeToLinalgPass().apply(make_context(), lowered)
    return str(lowered)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--models", nargs="*", choices=MODELS, default=list(MODELS))
    parser.add_argument("--matmul", nargs="*", type=int, default=[256, 512], help="sizes n of n^3")
    parser.add_argument(
        "--opt-level", type=int, choices=(0, 1, 2, 3), default=native.OPT_LEVEL, help="LLVM's"
    )
    parser.add_argument("--threads", type=int, default=1, help="threads of all three (see above)")
    args = parser.parse_args()
    assert args.threads == THREADS >= 1, "--threads N: N >= 1"
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{THREADS} thread(s) on {os.cpu_count()} CPUs; load average {load} (1, 5, 15 min)")
    cpu = llvmlite.binding.get_host_cpu_name()
    print(f"CPU {cpu}: {tile_shape(host_features())} (convert-mir-to-llir{{target-cpu=host}})")
    for n in args.matmul:
        matmul(n, args.repeats, args.opt_level)
    for key in args.models:
        model(key, args.repeats, args.opt_level)


if __name__ == "__main__":
    main()
