"""Weights outside the text, measured as a user meets them: commands side by side.

For each Llama (`transformers.LlamaForCausalLM`, random weights, eager attention, no
cache, 8 tokens; exported by PyTorch's TorchScript exporter at opset 17 to a file with
external data, as models past 2 GB must be), each command runs in a fresh process, one
after the other, and prints its wall time and peak resident memory (the child's
`ru_maxrss`) and CPU time:

- `onnxruntime`: load the .onnx into an `InferenceSession` (one thread) and run once;
- `nnstack-import-onnx model.onnx -o model.mlir`: writes the module and `model.safetensors`;
- `nnstack-run model.mlir --input ...` at gawee level, and with `-p convert-gawee-to-linalg`;
- `nnstack-run model.mlir -p 'convert-gawee-to-mir,mir-fold-transposes,convert-mir-to-llir{target-cpu=host}'
  --backend native`: lowered as bench_native.py lowers (the vectorized lowering, with
  its register-tiled products; the scalar one leaves LLVM to vectorize and took it
  minutes for the 250M model) and compiled to native code (an empty code cache: `native compile`), then
  the same command again, which loads the code from the cache (`native cached`). The
  weights are not compiled in (they are mapped at run time), so the compile should
  cost about what the program's code does, not its weights.

Ratios are to ONNX Runtime's command; memory also as a ratio to the weights' bytes.
One BLAS / ONNX Runtime thread, a pause between commands (OpenBLAS and ONNX Runtime
threads spin after a call). Not a test: there is no pass or fail.

    .venv/bin/python benchmarks/bench_weights.py [--models 24m 550m 1b] [--keep DIR]
        [--commands onnxruntime native-compile ...]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

CONFIGS = {
    # name: (hidden, layers, heads, inner); vocab 32000, untied embeddings
    "24m": (256, 4, 8, 688),
    "250m": (1024, 12, 16, 2816),
    "550m": (1536, 16, 12, 4096),
    "1b": (2048, 18, 16, 5632),
}

COMMANDS = {
    "onnxruntime": "onnxruntime",
    "nnstack-import-onnx": "import",
    "nnstack-run gawee": "gawee",
    "nnstack-run linalg": "linalg",
    "native compile": "native-compile",
    "native cached": "native-cached",
}
"""Each command's label, and its name for --commands."""

ORT_COMMAND = """
import sys, numpy as np, onnxruntime
options = onnxruntime.SessionOptions()
options.intra_op_num_threads = 1
session = onnxruntime.InferenceSession(sys.argv[1], options, providers=["CPUExecutionProvider"])
feeds = {i.name: np.load(path) for i, path in zip(session.get_inputs(), sys.argv[2:])}
session.run(None, feeds)
"""


def export(name: str, directory: Path) -> tuple[Path, list[Path], int]:
    """The model file (external data beside it), its input files, its parameter count."""
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    hidden, layers, heads, inner = CONFIGS[name]
    torch.manual_seed(0)
    config = LlamaConfig(
        vocab_size=32000,
        hidden_size=hidden,
        intermediate_size=inner,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        num_key_value_heads=heads,
        max_position_embeddings=64,
        use_cache=False,
        attn_implementation="eager",
    )
    with torch.device("cpu"):
        model = LlamaForCausalLM(config).eval()
    parameters = sum(p.numel() for p in model.parameters())
    length = 8
    inputs = {
        "input_ids": torch.randint(0, 32000, (1, length), generator=torch.Generator().manual_seed(1)),
        "attention_mask": torch.ones(1, length, dtype=torch.long),
        "position_ids": torch.arange(length)[None],
    }

    class Logits(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, position_ids):
            return self.inner(
                input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids
            ).logits

    path = directory / "model.onnx"
    files = [directory / f"input{index}.npy" for index in range(len(inputs))]
    if path.exists() and all(f.exists() for f in files):  # kept from an earlier run (--keep)
        return path, files, parameters
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            Logits(model),
            tuple(inputs.values()),
            str(path),
            dynamo=False,
            opset_version=17,
            input_names=list(inputs),
            output_names=["y"],
        )
    del model
    import onnx

    if not any(directory.glob("*.data")) and not (directory / "model.onnx.data").exists():
        loaded = onnx.load(str(path))  # a model under 2 GB is saved inline: move its weights out
        onnx.save(
            loaded, str(path), save_as_external_data=True, location="model.onnx.data", size_threshold=1024
        )
        del loaded
    for file, value in zip(files, inputs.values()):
        np.save(file, value.numpy())
    return path, files, parameters


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", nargs="+", choices=list(CONFIGS), default=["24m"])
    parser.add_argument("--keep", type=Path, help="export into DIR and keep the files")
    parser.add_argument(
        "--commands",
        nargs="+",
        choices=COMMANDS.values(),
        default=list(COMMANDS.values()),
        help="measure only these",
    )
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} cores, load {load:.1f}; one thread; each command in a fresh process\n")
    for name in args.models:
        with tempfile.TemporaryDirectory() as temporary:
            directory = args.keep / name if args.keep else Path(temporary)
            directory.mkdir(parents=True, exist_ok=True)
            started = time.perf_counter()
            model, inputs, parameters = export(name, directory)
            weights_mb = sum(f.stat().st_size for f in directory.iterdir() if f.suffix == ".data") / 2**20
            print(
                f"Llama {name}: {parameters / 1e6:.0f}M parameters, {weights_mb:.0f} MB of weights "
                f"(exported in {time.perf_counter() - started:.0f} s)"
            )
            runs = {
                "onnxruntime": [sys.executable, "-c", ORT_COMMAND, str(model), *map(str, inputs)],
                "nnstack-import-onnx": [
                    str(BIN / "nnstack-import-onnx"),
                    str(model),
                    "-o",
                    str(directory / "model.mlir"),
                ],
            }
            given = [a for path in inputs for a in ("--input", str(path))]
            run = [
                str(BIN / "nnstack-run"),
                str(directory / "model.mlir"),
                *given,
                "--output-dir",
                str(directory / "out"),
            ]
            runs["nnstack-run gawee"] = run
            runs["nnstack-run linalg"] = [*run, "-p", "convert-gawee-to-linalg"]
            native = [
                *run,
                "-p",
                "convert-gawee-to-mir,mir-fold-transposes,convert-mir-to-llir{target-cpu=host}",
                "--backend",
                "native",
                "--timing",
            ]
            runs["native compile"] = runs["native cached"] = native
            cache = directory / "native-cache"
            if "native-compile" in args.commands:  # (else a cache of an earlier run, if any)
                shutil.rmtree(cache, ignore_errors=True)
            if "import" not in args.commands and not (directory / "model.mlir").exists():
                subprocess.run(runs["nnstack-import-onnx"], check=True)
            figures: dict[str, tuple[float, float, float]] = {}
            reports: dict[str, str] = {}
            for label, argv in runs.items():
                if COMMANDS[label] in args.commands:
                    wall, peak, cpu, reports[label] = _measured(argv, {"NNSTACK_CACHE_DIR": str(cache)})
                    figures[label] = (wall, peak, cpu)
            entries = list((cache / "native").glob("*"))
            mlir_kb = (directory / "model.mlir").stat().st_size / 1024
            print(
                f"  model.mlir {mlir_kb:.0f} KB + model.safetensors "
                f"{(directory / 'model.safetensors').stat().st_size / 2**20:.0f} MB"
                + (f"; the cached native code {entries[0].stat().st_size / 1024:.0f} KB" if entries else "")
            )
            ort_wall, ort_peak, _ = figures.get("onnxruntime", (float("nan"),) * 3)
            print(
                f"  {'command':<22}{'wall':>9}{'vs ORT':>8}{'CPU':>9}{'peak RSS':>11}{'vs ORT':>8}"
                f"{'vs weights':>12}"
            )
            for label, (wall, peak, cpu) in figures.items():
                print(
                    f"  {label:<22}{wall:>8.2f}s{wall / ort_wall:>7.2f}x{cpu:>8.2f}s{peak:>9.0f}MB"
                    f"{peak / ort_peak:>7.2f}x{peak / weights_mb:>11.2f}x"
                )
            for label, report in reports.items():
                if report.strip():
                    print(f"\n  {label}, its --timing report:")
                    print("\n".join("    " + line for line in report.strip().splitlines()))
            print()


_MEASURE = """
import resource, subprocess, sys, time, os
start = time.perf_counter()
result = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - start
if result.returncode:
    sys.stderr.write(result.stderr[-2000:])
    sys.exit(1)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime)
sys.stdout.write(result.stderr)
"""


def _measured(argv: list[str], environ: dict[str, str]) -> tuple[float, float, float, str]:
    """(wall s, peak MB, CPU s, what it wrote to stderr) of `argv`, run under a fresh
    measuring process with `environ` added to the environment. On a shared machine the
    CPU time (user + system) moves less with the load than the wall time."""
    time.sleep(2)  # let the last command's threads stop spinning
    env = {**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", **environ}
    result = subprocess.run([sys.executable, "-c", _MEASURE, *argv], capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise RuntimeError(f"{Path(argv[0]).name} failed: {result.stderr.strip()[-800:]}")
    figures, _, report = result.stdout.partition("\n")
    wall, peak, cpu = figures.split()
    return float(wall), float(peak), float(cpu), report


if __name__ == "__main__":
    main()
