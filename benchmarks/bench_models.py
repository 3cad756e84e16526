"""Real models through nnstack against ONNX Runtime, in one process.

For each model (ResNet-18: torchvision's layout with batch norm kept, 1x3x224x224;
BERT-tiny: `transformers.BertModel` hidden 128, 2 layers, 2 heads, sequence 128; the 15M
Llama of tinyllama: `LlamaForCausalLM` hidden 288, 6 layers, 6 heads, vocab 32000, 8
tokens; random weights, exported by PyTorch's TorchScript exporter at opset 17), prints:

- the import time (`import_onnx`), the time to print the module, to read and parse it
  back from its file (as nnstack-run does: `read_source_text`, the located parser) and
  to verify it (what `nnstack-run MODEL.mlir`
  pays for the weights in the text), and the lowering times to linalg and to mir;
- with 1 and with 2 threads (numpy's BLAS and ONNX Runtime's intra-op threads): the
  median time of a call of `@main` prepared (`nnstack.interpreters.prepare`) on the
  parsed module at gawee, linalg and mir level (mir: convert-gawee-to-mir,
  mir-fold-transposes), as a ratio to ONNX Runtime's
  `InferenceSession.run` with as many threads, and the max abs error against ONNX
  Runtime; for a model with batch norms also at gawee level after
  `gawee-fold-batch-norm` ("folded": what ONNX Runtime's graph optimizer does to it);
- the whole command: `nnstack-run MODEL.mlir` in process (parse, verify, lower with
  `-p`, prepare, run, save the outputs), on the module as `nnstack-import-onnx -o
  MODEL.mlir` writes it (its weights in MODEL.safetensors beside it, mapped), against
  ONNX Runtime loading the .onnx file into a session and running it once;
- memory (each measured in a fresh process, after the imports): the resident memory
  the parsed module and its prepared program (or ONNX Runtime's session) hold after
  a first run, and the peak resident memory the second run adds on top of it (Linux:
  VmHWM reset through /proc/self/clear_refs): the second run is the one in which a
  prepared program lays out its constant weights.

Not a test: there is no pass or fail.

    .venv/bin/python benchmarks/bench_models.py [--repeats N] [--models resnet18 bert_tiny llama_15m]
"""

from __future__ import annotations

import argparse
import ctypes
import glob
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import onnxruntime
import torch
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.printer import Printer
from xdsl.utils.exceptions import PassFailedException

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "frontend"))
from onnx_models import ResNet, bert, export, llama, onnxruntime_outputs, randomize_batch_norm
from timing import median_time

from nnstack.dialects import gawee
from nnstack.frontend.onnx import import_onnx
from nnstack.interpreters import make_context, prepare
from nnstack.tools.driver import read_source_text
from nnstack.tools.located_parser import parse_module
from nnstack.tools.nnstack_import_onnx import main as import_main
from nnstack.tools.nnstack_run import NnstackRunMain
from nnstack.tools.verifier import verify_module
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.gawee_fold_batch_norm import GaweeFoldBatchNormPass
from nnstack.transforms.mir_fold_transposes import MirFoldTransposesPass
from nnstack.transforms.utils import cyclic_gc_paused

LOWERINGS: dict[str, tuple[type[ModulePass], ...]] = {
    "linalg": (ConvertGaweeToLinalgPass,),
    "mir": (ConvertGaweeToMirPass, MirFoldTransposesPass),
}
"""The passes that take a gawee module to each level."""


def lower(module: ModuleOp, level: str) -> list[float]:
    """Runs the passes of `level` on `module`: the seconds each took."""
    seconds = []
    for each in LOWERINGS[level]:
        start = time.perf_counter()
        each().apply(Context(), module)
        seconds.append(time.perf_counter() - start)
    return seconds


THREADS = (1, 2)


def timed(fn: Callable[[], object]) -> tuple[object, float]:
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def set_blas_threads(count: int) -> None:
    """numpy's OpenBLAS thread count (what threadpoolctl does, without the dependency)."""
    numpy_libs = Path(np.__file__).resolve().parent.parent / "numpy.libs"
    for path in glob.glob(str(numpy_libs / "*openblas*")):
        library = ctypes.CDLL(path)
        for name in ("scipy_openblas_set_num_threads64_", "openblas_set_num_threads"):
            if hasattr(library, name):
                getattr(library, name)(count)
                return
    print("(cannot set numpy's BLAS threads: OpenBLAS not found)", file=sys.stderr)


def resnet18() -> tuple[str, object, dict[str, np.ndarray]]:
    torch.manual_seed(0)
    model = randomize_batch_norm(ResNet(widths=(64, 128, 256, 512), classes=1000), seed=1)
    example = torch.randn(1, 3, 224, 224)
    return "ResNet-18 1x3x224x224", export(model, example, fold=False), {"x": example.numpy()}


def bert_tiny() -> tuple[str, object, dict[str, np.ndarray]]:
    model, inputs = bert(hidden=128, layers=2, heads=2, inner=512, vocab=30522, length=128)
    return "BERT-tiny 1x128", model, inputs


def llama_15m() -> tuple[str, object, dict[str, np.ndarray]]:
    model, inputs = llama(hidden=288, layers=6, heads=6, kv_heads=6, inner=768, vocab=32000, length=8)
    return "Llama 15M 1x8", model, inputs


MODELS: dict[str, Callable[[], tuple[str, object, dict[str, np.ndarray]]]] = {
    "resnet18": resnet18,
    "bert_tiny": bert_tiny,
    "llama_15m": llama_15m,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--models", nargs="+", choices=list(MODELS), default=list(MODELS))
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; median of {args.repeats} runs\n")
    for key in args.models:
        with tempfile.TemporaryDirectory() as directory:
            report(*MODELS[key](), args.repeats, Path(directory))


def report(name: str, model, inputs: dict[str, np.ndarray], repeats: int, directory: Path) -> None:
    module, import_s = timed(lambda: import_onnx(model))
    text, print_s = timed(lambda: _text(module))
    paths = _files(model, text, inputs, directory)
    with cyclic_gc_paused():  # (as nnstack-run parses and verifies)
        parsed, parse_s = timed(
            lambda: parse_module(
                make_context(), read_source_text(str(directory / "inline.mlir")), "inline.mlir"
            )
        )
        _, verify_s = timed(lambda: verify_module(parsed))
    levels: dict[str, object] = {"gawee": module}
    lowering: list[str] = []
    for level in LOWERINGS:
        program = module.clone()
        try:
            with cyclic_gc_paused():  # (as nnstack-run lowers: a collection here walks torch's objects)
                conversion, *optimizations = lower(program, level)
        except PassFailedException as error:
            lowering.append(f"to {level}: fails ({str(error).splitlines()[0][:90]})")
            continue
        levels[level] = program
        then = "".join(
            f" + {each.name} {seconds * 1e3:.0f} ms"
            for each, seconds in zip(LOWERINGS[level][1:], optimizations)
        )
        lowering.append(f"to {level} {conversion * 1e3:.0f} ms{then}")
    print(
        f"{name}: import {import_s:.2f} s, print {print_s:.2f} s ({len(text) / 1e6:.0f} MB), "
        f"parse {parse_s:.2f} s, verify {verify_s:.2f} s; lowering {', '.join(lowering)}"
    )
    arrays = list(inputs.values())
    reference = onnxruntime_outputs(model, inputs, 1)[0]
    if any(isinstance(op, gawee.BatchNormOp) for op in module.walk()):
        # what ONNX Runtime's graph optimizer does to the model, as a user runs it:
        # nnstack-run -p gawee-fold-batch-norm
        folded = module.clone()
        GaweeFoldBatchNormPass().apply(Context(), folded)
        levels = {"gawee": module, "folded": folded, **{k: v for k, v in levels.items() if k != "gawee"}}
    programs = {level: prepare(program, "main") for level, program in levels.items()}
    errors = {level: float(np.max(np.abs(p(*arrays)[0] - reference))) for level, p in programs.items()}

    rows: dict[str, list[float]] = {}
    for threads in THREADS:
        set_blas_threads(threads)
        session = _session(model.SerializeToString(), threads)
        rows.setdefault("onnxruntime", []).append(median_time(lambda s=session: s.run(None, inputs), repeats))
        for level, program in programs.items():
            rows.setdefault(f"nnstack {level}", []).append(median_time(lambda p=program: p(*arrays), repeats))
        rows.setdefault("onnxruntime command", []).append(
            median_time(lambda t=threads: _session(paths["onnx"], t).run(None, inputs), max(1, repeats // 2))
        )
        for level in ("gawee", "linalg"):
            if level in levels:
                rows.setdefault(f"nnstack-run {level}", []).append(
                    median_time(lambda lv=level: _nnstack_run(paths, lv, directory), max(1, repeats // 2))
                )
    set_blas_threads(THREADS[-1])
    header = "".join(f"{f'{t} thread' + ('s' if t > 1 else ''):>22}" for t in THREADS)
    print(f"  {'':<22}{header}{'max |err|':>12}")
    for label, times in rows.items():
        ort = rows["onnxruntime command" if "command" in label or "-run" in label else "onnxruntime"]
        cells = "".join(f"{t * 1e3:>11.1f}ms{t / o:>8.2f}x " for t, o in zip(times, ort))
        level = label.split()[-1]
        error = f"{errors[level]:>12.1e}" if label.startswith("nnstack ") else ""
        print(f"  {label:<22}{cells}{error}")
    memory = {what: _memory(what, paths) for what in ("onnxruntime", "nnstack gawee", "nnstack linalg")}
    ort_total = sum(memory["onnxruntime"])
    print(f"  {'resident memory':<22}{'held':>8}{'+ run':>8}{'= peak':>8}{'vs ORT':>9}")
    for what, (held, peak) in memory.items():
        print(
            f"  {what:<22}{held:>6.0f}MB{peak:>6.0f}MB{held + peak:>6.0f}MB{(held + peak) / ort_total:>8.2f}x"
        )
    print()


def _files(model, text: str, inputs: dict[str, np.ndarray], directory: Path) -> dict[str, str]:
    """The model as .onnx and .mlir files and its inputs as .npy files, for the commands."""
    paths = {"onnx": str(directory / "model.onnx"), "mlir": str(directory / "model.mlir")}
    Path(paths["onnx"]).write_bytes(model.SerializeToString())
    Path(directory / "inline.mlir").write_text(text)  # (what the parse figure reads)
    assert import_main([paths["onnx"], "-o", paths["mlir"]]) == 0  # weights beside it
    for index, array in enumerate(inputs.values()):
        paths[f"input{index}"] = str(directory / f"input{index}.npy")
        np.save(paths[f"input{index}"], array)
    return paths


def _nnstack_run(paths: dict[str, str], level: str, directory: Path) -> None:
    args = [paths["mlir"], "--symbol", "main", "--output-dir", str(directory / "out")]
    args += [a for key, path in paths.items() if key.startswith("input") for a in ("--input", path)]
    if level in LOWERINGS:
        args += ["-p", f"convert-gawee-to-{level}"]
    status = NnstackRunMain(args=args).run_tool()
    assert status == 0, f"nnstack-run failed at {level} level"


def _session(model: bytes | str, threads: int) -> onnxruntime.InferenceSession:
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    return onnxruntime.InferenceSession(model, options, providers=["CPUExecutionProvider"])


_MEMORY_CHILD = """
import json, sys, numpy as np
from pathlib import Path
def status(key):
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
paths, what = json.loads(sys.argv[1]), sys.argv[2]
inputs = [np.load(paths[k]) for k in sorted(paths) if k.startswith("input")]
import onnxruntime
from xdsl.context import Context
from nnstack.dialects.weights import anchored
from nnstack.interpreters import parse_module, prepare
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
base = status("VmRSS")
if what == "onnxruntime":
    session = onnxruntime.InferenceSession(paths["onnx"], providers=["CPUExecutionProvider"])
    names = [i.name for i in session.get_inputs()]
    run = lambda: session.run(None, dict(zip(names, inputs)))
else:
    module = parse_module(Path(paths["mlir"]).read_text())
    anchored(module, Path(paths["mlir"]).parent)
    if what.endswith("linalg"):
        ConvertGaweeToLinalgPass().apply(Context(), module)
    program = prepare(module, "main")
    run = lambda: program(*inputs)
run()  # (a warm-up: a prepared program lays out its constant weights on its second run)
held = status("VmRSS")
Path("/proc/self/clear_refs").write_text("5")
run()
print(json.dumps([held - base, status("VmHWM") - held]))
"""


def _memory(what: str, paths: dict[str, str]) -> tuple[float, float]:
    """(MB resident for the loaded model, MB a run's peak adds), in a fresh process."""
    result = subprocess.run(
        [sys.executable, "-c", _MEMORY_CHILD, json.dumps(paths), what],
        capture_output=True,
        text=True,
        check=True,
    )
    held, peak = json.loads(result.stdout.splitlines()[-1])
    return held, peak


def _text(module) -> str:
    stream = io.StringIO()
    Printer(stream=stream).print_op(module)
    return stream.getvalue()


if __name__ == "__main__":
    main()
