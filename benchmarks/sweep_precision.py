"""How far a sweep model's result is from exact, for triaging `wrong` rows of
`sweep_models.py`: a deep model with random weights amplifies f32 rounding, and then
nnstack, ONNX Runtime and PyTorch's own f32 result each differ from the exact one
(PyTorch in f64) by similar amounts, while a bug shows as nnstack far outside theirs.

    .venv/bin/python benchmarks/sweep_precision.py resnet152 [--family torchvision]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import numpy as np
import onnx
import onnxruntime
import torch
from sweep_models import CASES, calibrate_batch_norms, example_arrays, export, randomise_zero_weights

from nnstack.frontend.onnx import backend


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("model")
    parser.add_argument("--family", default="torchvision", choices=sorted(CASES))
    parser.add_argument("--level", default="gawee")
    args = parser.parse_args()
    case = next(c for c in CASES[args.family]() if c.name == args.model)
    arrays = example_arrays(case)
    with tempfile.TemporaryDirectory() as directory:
        path = str(Path(directory) / "model.onnx")
        export(case, "torchscript", path)  # (seeds torch and prepares the weights as below)
        torch.manual_seed(0)
        model = case.build()
        inputs = tuple(torch.from_numpy(a) for a in arrays)
        randomise_zero_weights(model)
        calibrate_batch_norms(model, inputs)
        with torch.no_grad():
            results = {"torch f32": model(*inputs).numpy()}
            exact = model.double()(*(a.double() for a in inputs)).numpy()
        session = onnxruntime.InferenceSession(path, providers=["CPUExecutionProvider"])
        feeds = {i.name: a for i, a in zip(session.get_inputs(), arrays, strict=True)}
        results["onnxruntime"] = session.run(None, feeds)[0]
        results[f"nnstack {args.level}"] = backend.prepare(onnx.load(path), level=args.level).run(arrays)[0]
    print(f"{case.family}/{case.name}: max |exact| {np.abs(exact).max():.3g} (PyTorch in f64)")
    for name, result in results.items():
        print(f"  {name:14} max |err| to exact {np.abs(result - exact).max():.3g}")


if __name__ == "__main__":
    main()
