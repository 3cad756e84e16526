"""A sweep of ONNX models through nnstack's ONNX backend at each level, against ONNX
Runtime: one row per model and level, `pass` (max |err| <= 1e-4 + 1e-3 * max |ref|),
`unsupported` (the importer's one-line reason), `wrong` (the error) or `error` (anything
else, with its type), and the time of `prepare` + one run.

Models: the nine model files inside the onnx package (`tests/frontend/onnx_model_files.py`,
opset 9, with random weights). Not a test: it takes minutes (VGG-19 at mir level).

    .venv/bin/python benchmarks/sweep_onnx_models.py [--levels gawee linalg mir] [--models NAME ...]
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import onnxruntime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "frontend"))

from onnx_model_files import MODEL_FILES, random_inputs, with_random_weights  # noqa: E402

from nnstack.frontend.onnx import OnnxImportError, backend  # noqa: E402


def outcome(model, feeds: dict[str, np.ndarray], expected: list[np.ndarray], level: str) -> str:
    """The row's verdict for `model` at `level`."""
    try:
        got = backend.prepare(model, level=level).run(feeds)
    except OnnxImportError as error:
        return f"unsupported: {error}"
    except Exception as error:  # (a sweep reports every failure and goes on)
        return f"error: {type(error).__name__}: {str(error).splitlines()[0][:120]}"
    worst = 0.0
    for g, e in zip(got, expected, strict=True):
        if g.shape != e.shape:
            return f"wrong: shape {list(g.shape)}, expected {list(e.shape)}"
        err = float(np.max(np.abs(g.astype(np.float64) - e))) if e.size else 0.0
        if not err <= 1e-4 + 1e-3 * float(np.max(np.abs(e), initial=0.0)):
            return f"wrong: max |err| {err:.2e}"
        worst = max(worst, err)
    return f"pass (max |err| {worst:.1e})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", nargs="+", default=["gawee", "linalg", "mir"])
    parser.add_argument("--models", nargs="+", default=list(MODEL_FILES), choices=list(MODEL_FILES))
    args = parser.parse_args()
    passed = total = 0
    print(f"{'model':14s} {'level':7s} {'seconds':>8s}  result")
    for name in args.models:
        model = with_random_weights(name)
        feeds = random_inputs(model)
        options = onnxruntime.SessionOptions()
        options.log_severity_level = 3  # (the files have initializers no node reads)
        session = onnxruntime.InferenceSession(model.SerializeToString(), options, ["CPUExecutionProvider"])
        expected = session.run(None, feeds)
        for level in args.levels:
            start = time.perf_counter()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                result = outcome(model, feeds, expected, level)
            seconds = time.perf_counter() - start
            passed += result.startswith("pass")
            total += 1
            print(f"{name:14s} {level:7s} {seconds:8.1f}  {result}", flush=True)
    print(f"{passed} of {total} pass")


if __name__ == "__main__":
    main()
