"""Weights a pass computes go beside the output: `nnstack-opt m.mlir -p
gawee-fold-batch-norm -o folded.mlir` of a module whose weights are in `m.safetensors`
writes the folded conv weights to `folded.safetensors` with the tensors the module still
reads from `m.safetensors` (and no others), its text small; the same numbers as the
module with its weights in the text folded, and as the unfolded module within rounding."""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

import numpy as np
import onnx
import pytest
import torch
from safetensors.numpy import load_file

from nnstack.tools.nnstack_import_onnx import main as import_main
from nnstack.tools.nnstack_opt import main as nnstack_opt
from nnstack.tools.nnstack_run import NnstackRunMain

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "frontend"))
from onnx_models import ResNet, export, randomize_batch_norm  # noqa: E402


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A narrow ResNet-18 layout with its batch norms kept (a 16 KiB fc weight that no
    fold touches), imported with a weights file and inline, and folded by nnstack-opt."""
    root = tmp_path_factory.mktemp("folded")
    torch.manual_seed(0)
    example = torch.randn(2, 3, 32, 32)
    onnx.save(export(randomize_batch_norm(ResNet(classes=128), seed=3), example, fold=False), root / "r.onnx")
    np.save(root / "x.npy", example.numpy())
    paths = {name: root / f"{name}.mlir" for name in ("m", "inline", "folded", "folded_inline")}
    assert import_main([str(root / "r.onnx"), "-o", str(paths["m"])]) == 0
    assert import_main([str(root / "r.onnx"), "-o", str(paths["inline"]), "--inline-weights"]) == 0
    digest = hashlib.sha256((root / "m.safetensors").read_bytes()).hexdigest()
    for source, target in (("m", "folded"), ("inline", "folded_inline")):
        assert nnstack_opt([str(paths[source]), "-p", "gawee-fold-batch-norm", "-o", str(paths[target])]) == 0
    assert hashlib.sha256((root / "m.safetensors").read_bytes()).hexdigest() == digest  # untouched
    return {"root": root, **paths}


def _run(program: Path, x: Path, out: Path) -> np.ndarray:
    assert NnstackRunMain(args=[str(program), "--input", str(x), "--output-dir", str(out)]).run_tool() == 0
    return np.load(out / "out0.npy")


def _resources(text: str) -> set[str]:
    return set(re.findall(r"dense_resource<([^>]+)>", text))


def test_folded_weights_go_to_the_file_beside_the_output(models: dict[str, Path]):
    text = models["folded"].read_text()
    assert "gawee.batch_norm" not in text and 'nnstack.weights = "folded.safetensors"' in text
    # (the folded weights under 4 KiB stay in the text, as the importer leaves such ones)
    assert len(text) < len(models["m"].read_text()) and len(text) * 8 < len(
        models["folded_inline"].read_text()
    )
    written = load_file(models["root"] / "folded.safetensors")
    assert set(written) == _resources(text)  # the tensors read, no others
    original = load_file(models["root"] / "m.safetensors")
    kept = {key for key in written if key in original and np.array_equal(written[key], original[key])}
    assert any(value.shape == (128, 32) for key, value in written.items() if key in kept)  # the fc weight
    assert len(written) - len(kept) >= 10  # the folded conv weights of 4 KiB or more
    assert "dense_resource" not in models["folded_inline"].read_text()  # in the text it stays


def test_folded_weights_compute_what_the_unfolded_module_does(models: dict[str, Path], tmp_path: Path):
    x = models["root"] / "x.npy"
    folded = _run(models["folded"], x, tmp_path / "folded")
    np.testing.assert_array_equal(folded, _run(models["folded_inline"], x, tmp_path / "inline"))
    np.testing.assert_allclose(folded, _run(models["m"], x, tmp_path / "unfolded"), rtol=1e-4, atol=1e-5)


def test_nnstack_run_saves_folded_weights_beside_its_output(models: dict[str, Path], tmp_path: Path):
    """`nnstack-run -p gawee-fold-batch-norm -o ran.mlir` saves the module that ran the
    same way, and the saved module computes what ran."""
    x, saved = models["root"] / "x.npy", tmp_path / "ran.mlir"
    args = [str(models["m"]), "--input", str(x), "--output-dir", str(tmp_path / "a")]
    assert NnstackRunMain(args=[*args, "-p", "gawee-fold-batch-norm", "-o", str(saved)]).run_tool() == 0
    text = saved.read_text()
    assert 'nnstack.weights = "ran.safetensors"' in text and "gawee.batch_norm" not in text
    assert set(load_file(tmp_path / "ran.safetensors")) == _resources(text)
    np.testing.assert_array_equal(_run(saved, x, tmp_path / "b"), np.load(tmp_path / "a" / "out0.npy"))
