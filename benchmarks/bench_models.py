"""Real models through nnstack against ONNX Runtime, in one process.

For each model (ResNet-18: torchvision's layout with batch norm kept, 1x3x224x224;
BERT-tiny: `transformers.BertModel` hidden 128, 2 layers, 2 heads, sequence 128; the 15M
Llama of tinyllama: `LlamaForCausalLM` hidden 288, 6 layers, 6 heads, vocab 32000, 8
tokens; random weights, exported by PyTorch's TorchScript exporter at opset 17), prints:

- the import time (`import_onnx`), and the time to print the module and parse it back
  (what `nnstack-run MODEL.mlir` pays for the weights in the text);
- the lowering time to linalg and to mir;
- the median run time of `@main` at gawee, linalg and mir level on an already-parsed
  module, and ONNX Runtime's with 1 and 2 threads, each as a ratio to ONNX Runtime with
  the same number of threads (nnstack's interpreters use numpy's BLAS threads);
- the max abs error of each level against ONNX Runtime (a level the model does not
  lower to yet says so).

Not a test: there is no pass or fail.

    .venv/bin/python benchmarks/bench_models.py [--repeats N] [--models resnet18 bert_tiny llama_15m]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import onnxruntime
import torch
from xdsl.context import Context
from xdsl.printer import Printer
from xdsl.utils.exceptions import PassFailedException

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "frontend"))
from onnx_models import ResNet, bert, export, llama, onnxruntime_outputs, randomize_batch_norm

from nnstack.frontend.onnx import import_onnx
from nnstack.interpreters import parse_module, run
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass


def median_time(fn: Callable[[], object], repeats: int) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def timed(fn: Callable[[], object]) -> tuple[object, float]:
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


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
    print(f"threads: torch {torch.get_num_threads()}, 2 cores; median of {args.repeats} runs\n")
    for key in args.models:
        report(*MODELS[key](), args.repeats)


def report(name: str, model, inputs: dict[str, np.ndarray], repeats: int) -> None:
    module, import_s = timed(lambda: import_onnx(model))
    text, print_s = timed(lambda: _text(module))
    _, parse_s = timed(lambda: parse_module(text))
    lowered: dict[str, object] = {"gawee": module}
    lowering: list[str] = []
    for level, lowering_pass in (("linalg", ConvertGaweeToLinalgPass()), ("mir", ConvertGaweeToMirPass())):
        program = module.clone()
        try:
            _, seconds = timed(lambda p=lowering_pass, m=program: p.apply(Context(), m))
        except PassFailedException as error:
            lowering.append(f"to {level}: fails ({str(error).splitlines()[0][:90]})")
            continue
        lowered[level] = program
        lowering.append(f"to {level} {seconds * 1e3:.0f} ms")
    print(
        f"{name}: import {import_s:.2f} s, print {print_s:.2f} s ({len(text) / 1e6:.0f} MB), "
        f"parse {parse_s:.2f} s; lowering {', '.join(lowering)}"
    )
    arrays = list(inputs.values())
    sessions = {t: _session(model, t) for t in (1, 2)}
    ort = {t: median_time(lambda t=t: sessions[t].run(None, inputs), repeats) for t in (1, 2)}
    reference = onnxruntime_outputs(model, inputs, 1)[0]
    print(f"  {'level':<18}{'time':>10}{'vs ORT 1 thr':>14}{'vs ORT 2 thr':>14}{'max |err|':>12}")
    print(
        f"  {'onnxruntime 1 thr':<18}{ort[1] * 1e3:>8.1f}ms{1.0:>13.2f}x{ort[1] / ort[2]:>13.2f}x{0.0:>12.1e}"
    )
    print(
        f"  {'onnxruntime 2 thr':<18}{ort[2] * 1e3:>8.1f}ms{ort[2] / ort[1]:>13.2f}x{1.0:>13.2f}x{0.0:>12.1e}"
    )
    for level, program in lowered.items():
        (output,) = run(program, "main", *arrays)
        error = float(np.max(np.abs(output - reference)))
        seconds = median_time(lambda program=program: run(program, "main", *arrays), repeats)
        print(
            f"  {'nnstack ' + level:<18}{seconds * 1e3:>8.1f}ms{seconds / ort[1]:>13.2f}x"
            f"{seconds / ort[2]:>13.2f}x{error:>12.1e}"
        )


def _session(model, threads: int) -> onnxruntime.InferenceSession:
    """An ONNX Runtime session built once, so only `run` is timed."""
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    return onnxruntime.InferenceSession(
        model.SerializeToString(), options, providers=["CPUExecutionProvider"]
    )


def _text(module) -> str:
    import io

    stream = io.StringIO()
    Printer(stream=stream).print_op(module)
    return stream.getvalue()


if __name__ == "__main__":
    main()
