"""A sweep of real models as people have them, through nnstack's ONNX backend at each
level against ONNX Runtime (the models are in `sweep_cases.py`):
- transformers, torchvision and timm architectures, built with random weights from small
  configurations (no downloads) and exported with both PyTorch exporters
  (`torch.onnx.export(dynamo=False)`, the TorchScript one, and `dynamo=True`);
- the nine model files inside the onnx package (opsets 7 to 9, random weights);
- transformers models quantized by `onnxruntime.quantization` (static QDQ and dynamic).

One row per model x source x level: `pass` (max |err| <= 1e-4 + 1e-3 * max |ref|),
`unsupported` (the importer's one-line reason), `wrong` (the error) or `error` (an
exception type and message; the exporter's and ONNX Runtime's failures too), then a
summary: the pass rate per family, source and level and in all, the unsupported
operators by how many models they block, and the most common other failures.

Not a test: it takes a long while (each model x source runs in a child process,
killed after `--timeout` seconds; the levels it has not reached by then are errors).

Extra requirements (not the project's): `transformers` for the transformers and quantized
families, `torchvision` (the build matching the installed torch: `pip install --no-deps
torchvision==0.28.0 pillow` for torch 2.13; PyPI's build is CUDA's, whose compiled ops do
not load beside a CPU torch, which the models do not need) for the torchvision family,
`timm` (which imports torchvision) for the timm family, and `onnxscript` for the dynamo
exporter. A family whose package cannot be imported is skipped, and without onnxscript
the dynamo exporter's rows, saying why.

    .venv/bin/python benchmarks/sweep_models.py [--families transformers torchvision timm
        onnx-files quantized] [--models NAME ...] [--exporters torchscript dynamo file qdq
        dynamic] [--levels gawee linalg mir native] [--timeout SECONDS] [--output sweep.md | sweep.csv]
"""

from __future__ import annotations

import argparse
import csv
import importlib
import multiprocessing
import os
import queue
import re
import tempfile
import time
import warnings
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from sweep_cases import CASES, FAMILY_PACKAGES, SOURCES, Case, example_arrays, export, import_torchvision

LEVELS = ("gawee", "linalg", "mir")
"""The levels a sweep runs by default; `native` (gawee -> mir -> llir -> LLVM) on request."""


@dataclass
class Row:
    family: str
    model: str
    exporter: str
    level: str
    outcome: str
    detail: str
    seconds: float = field(default=0.0)


def missing_package_named(package: str) -> str | None:
    """Why `package` cannot be imported here, or None."""
    try:
        if package in ("torchvision", "timm"):  # (timm imports torchvision)
            import_torchvision()
        importlib.import_module(package)
    except Exception as error:  # (a broken install fails with anything)
        return f"{package} cannot be imported ({type(error).__name__}: {str(error).splitlines()[0]})"
    return None


def missing_package(family: str) -> str | None:
    """Why `family` cannot run here, or None (imported in the parent, so the children
    share the imports)."""
    reasons = (missing_package_named(p) for p in FAMILY_PACKAGES[family])
    return next((r for r in reasons if r), None)


def _message(error: BaseException) -> str:
    """The type and first line of `error`, and of its cause (the dynamo exporter wraps
    the failure in a `ConversionError` that names only the step)."""
    lines = re.sub(r"\x1b\[[0-9;]*m", "", str(error)).strip().splitlines()
    text = f"{type(error).__name__}: {lines[0][:160] if lines else ''}"
    if error.__cause__ is not None:
        text += f" (from {_message(error.__cause__)})"
    return text


def outcome(
    model: Any, feeds: dict[str, np.ndarray], expected: list[np.ndarray], level: str
) -> tuple[str, str]:
    """The row's verdict for `model` at `level` and its detail."""
    from nnstack.frontend.onnx import OnnxImportError, backend

    try:
        got = backend.prepare(model, level=level).run(feeds)
    except OnnxImportError as error:
        return "unsupported", str(error)
    except Exception as error:  # (a sweep reports every failure and goes on)
        return "error", _message(error)
    worst = 0.0
    for g, e in zip(got, expected, strict=True):
        if g.shape != e.shape:
            return "wrong", f"shape {list(g.shape)}, expected {list(e.shape)}"
        err = float(np.max(np.abs(g.astype(np.float64) - e))) if e.size else 0.0
        if not err <= 1e-4 + 1e-3 * float(np.max(np.abs(e), initial=0.0)):
            return "wrong", f"max |err| {err:.2e} (max |ref| {float(np.max(np.abs(e))):.2e})"
        worst = max(worst, err)
    reference = max(float(np.max(np.abs(e), initial=0.0)) for e in expected)
    return "pass", f"max |err| {worst:.1e} (max |ref| {reference:.1e})"


def run_case(case: Case, exporter: str, levels: Sequence[str], results: Any) -> None:
    """In a child process: export `case`, run it in ONNX Runtime and at each level,
    putting (level, outcome, detail, seconds) on `results` as each finishes."""
    devnull = os.open(os.devnull, os.O_WRONLY)  # (the exporters and ONNX Runtime talk a lot)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    warnings.simplefilter("ignore")
    import onnx
    import onnxruntime
    import torch

    torch.set_num_threads(1)
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as directory:
            export(case, exporter, f"{directory}/model.onnx")
            model = onnx.load(f"{directory}/model.onnx")
    except Exception as error:
        for level in levels:
            results.put((level, "error", f"export: {_message(error)}", time.perf_counter() - start))
        return
    try:
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        if case.unoptimised_reference:
            options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
        session = onnxruntime.InferenceSession(model.SerializeToString(), options, ["CPUExecutionProvider"])
        arrays = dict(zip([i.name for i in case.inputs], example_arrays(case), strict=True))
        # (an input the graph does not read, the dynamo exporter drops)
        feeds = {i.name: arrays[i.name] for i in session.get_inputs()}
        expected = [np.asarray(e, np.float64) for e in session.run(None, feeds)]
    except Exception as error:
        for level in levels:
            results.put((level, "error", f"onnxruntime: {_message(error)}", time.perf_counter() - start))
        return
    unsupported: str | None = None  # (the import is the same at every level)
    for level in levels:
        start = time.perf_counter()
        if unsupported is not None:
            results.put((level, "unsupported", unsupported, 0.0))
            continue
        verdict, detail = outcome(model, feeds, expected, level)
        if verdict == "unsupported":
            unsupported = detail
        results.put((level, verdict, detail, time.perf_counter() - start))


def sweep(case: Case, exporter: str, levels: Sequence[str], timeout: float) -> list[Row]:
    """The rows of `case` x `exporter`, from a child process killed after `timeout` s."""
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    child = context.Process(target=run_case, args=(case, exporter, levels, results), daemon=True)
    child.start()
    deadline = time.monotonic() + timeout
    found: dict[str, Row] = {}
    while len(found) < len(levels):
        try:
            level, verdict, detail, seconds = results.get(timeout=1.0)
            found[level] = Row(case.family, case.name, exporter, level, verdict, detail, seconds)
            continue
        except queue.Empty:
            pass
        if time.monotonic() > deadline:
            reason = f"timeout after {timeout:.0f} s"
            break
        if not child.is_alive() and results.empty():
            reason = f"the child process died (exit code {child.exitcode})"
            break
    else:
        reason = ""
    if child.is_alive():
        child.kill()
    child.join()
    results.close()
    for level in levels:
        found.setdefault(level, Row(case.family, case.name, exporter, level, "error", reason, timeout))
    return [found[level] for level in levels]


BLOCKED = re.compile(r"(\S+) \(\d+ nodes?, the first")
NODE_REASON = re.compile(r"^node '.*?' \((\w+), opset \d+\): (.*)$")


def blockers(detail: str) -> list[str]:
    """The operators (or operator: reason) an `unsupported` row names."""
    if detail.startswith("operators gawee has no lowering for"):
        return BLOCKED.findall(detail)
    if match := NODE_REASON.match(detail):
        return [f"{match[1]}: {match[2][:120]}"]
    return [detail[:100]]


def _cell(text: str) -> str:
    """`text` in a markdown table cell."""
    return text.replace("|", "\\|")


def summary(rows: Sequence[Row], levels: Sequence[str]) -> list[str]:
    """Markdown lines: pass rates per family and source and in all, the unsupported
    operators by how many models (per source) they block, and the other failures."""
    exporters = [s for s in SOURCES if any(r.exporter == s for r in rows)]
    groups = dict.fromkeys((r.family, r.exporter) for r in rows)
    lines = ["| family | source | " + " | ".join(levels) + " |", "|---|---|" + "---|" * len(levels)]
    for family, exporter in [*groups, ("all", "all")]:
        cells = []
        for level in levels:
            chosen = [
                r
                for r in rows
                if r.level == level and (family == "all" or (r.family, r.exporter) == (family, exporter))
            ]
            passed = sum(r.outcome == "pass" for r in chosen)
            cells.append(f"{passed} / {len(chosen)}" if chosen else "-")
        lines.append(f"| {family} | {exporter} | " + " | ".join(cells) + " |")
    blocked: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for row in rows:
        if row.outcome == "unsupported":
            for operator in blockers(row.detail):
                blocked[operator][row.exporter].add(row.model)
    if blocked:
        lines += [
            "",
            "Unsupported (models blocked):",
            "",
            "| operator / reason | " + " | ".join(exporters) + " |",
        ]
        lines.append("|---|" + "---|" * len(exporters))
        order = sorted(blocked, key=lambda op: (-sum(len(m) for m in blocked[op].values()), op))
        for operator in order:
            counts = " | ".join(str(len(blocked[operator][e])) for e in exporters)
            lines.append(f"| {_cell(operator)} | {counts} |")
    failures = Counter(
        (r.outcome, re.sub(r"\d[\d.e+-]*", "N", r.detail)[:110])
        for r in rows
        if r.outcome in ("wrong", "error")
    )
    if failures:
        lines += [
            "",
            "Wrong and error rows by reason (numbers as N):",
            "",
            "| rows | outcome | reason |",
            "|---|---|---|",
        ]
        for (verdict, reason), count in failures.most_common():
            lines.append(f"| {count} | {verdict} | {_cell(reason)} |")
    return lines


def write(path: Path, rows: Sequence[Row], summary_lines: Sequence[str]) -> None:
    fields = ["family", "model", "exporter", "level", "outcome", "seconds", "detail"]
    if path.suffix == ".csv":
        with path.open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(fields)
            for r in rows:
                writer.writerow(
                    [r.family, r.model, r.exporter, r.level, r.outcome, f"{r.seconds:.1f}", r.detail]
                )
        return
    lines = ["| " + " | ".join(fields) + " |", "|" + "---|" * len(fields)]
    for r in rows:
        detail = _cell(r.detail)
        lines.append(
            f"| {r.family} | {r.model} | {r.exporter} | {r.level} | {r.outcome} | {r.seconds:.1f} | {detail} |"
        )
    path.write_text("\n".join([*lines, "", *summary_lines]) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--families", nargs="+", default=list(CASES), choices=list(CASES))
    parser.add_argument("--models", nargs="+", help="only these models (names as in the table)")
    parser.add_argument(
        "--exporters", nargs="+", default=list(SOURCES), choices=SOURCES, help="the rows' sources"
    )
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=(*LEVELS, "native"))
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per model and exporter")
    parser.add_argument("--output", type=Path, help="a .csv or .md file for the rows and the summary")
    args = parser.parse_args()

    sources = list(args.exporters)
    if "dynamo" in sources and (reason := missing_package_named("onnxscript")):
        print(f"no rows of the dynamo exporter: {reason}", flush=True)
        sources.remove("dynamo")
    cases: list[Case] = []
    for family in args.families:
        if reason := missing_package(family):
            print(f"skipping the {family} family: {reason}", flush=True)
            continue
        cases += [c for c in CASES[family]() if not args.models or c.name in args.models]
    rows: list[Row] = []
    print(f"{'model':28s} {'source':11s} {'level':6s} {'seconds':>7s}  result", flush=True)
    for case in cases:
        for source in [s for s in case.sources if s in sources]:
            for row in sweep(case, source, args.levels, args.timeout):
                rows.append(row)
                print(
                    f"{case.family + '/' + case.name:28s} {source:11s} {row.level:6s} {row.seconds:7.1f}  "
                    f"{row.outcome}: {row.detail[:200]}",
                    flush=True,
                )
    lines = summary(rows, args.levels)
    print("\n".join(["", *lines]))
    if args.output:
        write(args.output, rows, lines)


if __name__ == "__main__":
    main()
