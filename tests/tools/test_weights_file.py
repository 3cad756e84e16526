"""Weights beside the program: `nnstack-import-onnx -o m.mlir` writes `m.safetensors`
and a module of `dense_resource` constants, which every level runs (the same numbers as
the module with the weights in its text, and ONNX Runtime's); the tools keep the
path right wherever they write; `nnstack-inline-weights` gives upstream MLIR a
self-contained module; a missing file is a one-line error."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import onnx
import onnxruntime
import pytest
from onnx import TensorProto, helper, numpy_helper

from nnstack.dialects.weights import WeightCollector
from nnstack.frontend.onnx import import_onnx
from nnstack.frontend.onnx.importer import load_model
from nnstack.tools.nnstack_import_onnx import main as import_main
from nnstack.tools.nnstack_opt import main as nnstack_opt
from nnstack.tools.nnstack_run import NnstackRunMain

RNG = np.random.default_rng(0)
LEVELS = {
    "gawee": [],
    "linalg": ["-p", "convert-gawee-to-linalg"],
    "mir": ["-p", "convert-gawee-to-mir"],
    "llir": ["-p", "convert-gawee-to-mir,convert-mir-to-llir"],
    "native": ["-p", "convert-gawee-to-mir,convert-mir-to-llir", "--backend", "native"],
}


def _model() -> onnx.ModelProto:
    """Conv (64x3x3x3) -> Relu -> Flatten -> MatMul (1024x16) + bias: two weights over
    the 4 KiB threshold, two small ones that stay in the text."""
    initializers = {
        "conv.weight": RNG.standard_normal((64, 3, 3, 3)).astype(np.float32) * 0.3,
        "conv.bias": RNG.standard_normal(64).astype(np.float32),
        "fc.weight": RNG.standard_normal((1024, 16)).astype(np.float32) * 0.05,
        "fc.bias": RNG.standard_normal(16).astype(np.float32),
    }
    nodes = [
        helper.make_node("Conv", ["x", "conv.weight", "conv.bias"], ["c"], pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c"], ["r"]),
        helper.make_node("Flatten", ["r"], ["f"]),
        helper.make_node("MatMul", ["f", "fc.weight"], ["m"]),
        helper.make_node("Add", ["m", "fc.bias"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes,
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 4, 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 16])],
        [numpy_helper.from_array(v, k) for k, v in initializers.items()],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The model (external data), its import with a weights file and inline, an input."""
    root = tmp_path_factory.mktemp("weights")
    model = root / "model.onnx"
    onnx.save(_model(), model, save_as_external_data=True, location="model.data", size_threshold=0)
    np.save(root / "x.npy", RNG.standard_normal((2, 3, 4, 4)).astype(np.float32))
    (root / "out").mkdir()
    assert import_main([str(model), "-o", str(root / "out" / "m.mlir")]) == 0
    assert import_main([str(model), "-o", str(root / "inline.mlir"), "--inline-weights"]) == 0
    return {"root": root, "model": model, "mlir": root / "out" / "m.mlir", "inline": root / "inline.mlir"}


def _run(program: Path, inputs: Path, out: Path, *args: str) -> np.ndarray:
    assert (
        NnstackRunMain(
            args=[str(program), "--input", str(inputs), "--output-dir", str(out), *args]
        ).run_tool()
        == 0
    )
    return np.load(out / "out0.npy")


def test_the_module_names_a_weights_file_and_keeps_its_text_small(imported: dict[str, Path]):
    text = imported["mlir"].read_text()
    assert (
        'nnstack.weights = "m.safetensors"' in text and (imported["root"] / "out" / "m.safetensors").is_file()
    )
    assert "dense_resource<conv.weight> : tensor<64x3x3x3xf32>" in text
    assert "dense_resource<fc.weight> : tensor<1024x16xf32>" in text
    assert "dense_resource<conv.bias>" not in text  # 256 bytes: in the text
    assert len(text) < 3000 < len(imported["inline"].read_text()) / 10
    assert not list((imported["root"]).glob("*.safetensors"))  # --inline-weights writes none


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_runs_the_weights_file(imported: dict[str, Path], level: str, tmp_path: Path):
    """Bit for bit the numbers of the module with the weights in its text, and within
    the tolerance of ONNX Runtime's."""
    x = imported["root"] / "x.npy"
    got = _run(imported["mlir"], x, tmp_path / "file", *LEVELS[level])
    inline = _run(imported["inline"], x, tmp_path / "inline", *LEVELS[level])
    np.testing.assert_array_equal(got, inline)
    session = onnxruntime.InferenceSession(str(imported["model"]), providers=["CPUExecutionProvider"])
    (expected,) = session.run(None, {"x": np.load(x)})
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-5)


def test_llir_globals_keep_the_weights_in_the_file(imported: dict[str, Path], tmp_path: Path):
    """convert-mir-to-llir makes a `dense_resource` constant a global of the same
    resource (row-major: the file's order); in column-major layout it reads and reorders
    the elements, with the same results."""
    lowered = tmp_path / "llir.mlir"
    assert (
        nnstack_opt(
            [str(imported["mlir"]), "-p", "convert-gawee-to-mir,convert-mir-to-llir", "-o", str(lowered)]
        )
        == 0
    )
    text = lowered.read_text()
    assert "= dense_resource<fc.weight> : tensor<1024x16xf32>" in text and "llir.global" in text
    x = imported["root"] / "x.npy"
    row = _run(imported["mlir"], x, tmp_path / "row", *LEVELS["llir"])
    column = ["-p", 'convert-gawee-to-mir,convert-mir-to-llir{layout="column-major"}']
    np.testing.assert_array_equal(_run(imported["mlir"], x, tmp_path / "column", *column), row)


def test_an_onnx_model_run_in_one_command_maps_its_weights(imported: dict[str, Path], tmp_path: Path):
    """`nnstack-run model.onnx -o ran.mlir`: the module that ran is saved with its
    weights beside it (`ran.safetensors`), its text small; without -o the weights go to
    a scratch file for the run. The same numbers either way."""
    x = imported["root"] / "x.npy"
    saved = tmp_path / "ran.mlir"
    got = _run(imported["model"], x, tmp_path / "a", "-o", str(saved))
    text = saved.read_text()
    assert 'nnstack.weights = "ran.safetensors"' in text and "dense_resource<fc.weight>" in text
    assert (tmp_path / "ran.safetensors").is_file()
    np.testing.assert_array_equal(got, _run(imported["mlir"], x, tmp_path / "b"))
    np.testing.assert_array_equal(_run(saved, x, tmp_path / "c"), got)
    np.testing.assert_array_equal(_run(imported["model"], x, tmp_path / "d"), got)


def test_external_data_is_mapped_not_copied(imported: dict[str, Path]):
    """Imported from a model with external data, the weights bound for the file are maps
    of the model's data file: no copy is made before they are written."""
    weights = WeightCollector()
    model = load_model(imported["model"], external_data=False)
    import_onnx(model, weights=weights, directory=imported["model"].parent)
    assert {name for name, _ in weights.tensors} == {"conv.weight", "fc.weight"}
    for _, array in weights.tensors:
        assert not array.flags.writeable and not array.flags.owndata  # a read-only view of the map


def test_paths_stay_right_wherever_the_output_goes(
    imported: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """nnstack-opt writes the weights path relative to its output; the output runs from
    any directory."""
    lowered = tmp_path / "deep" / "lowered.mlir"
    lowered.parent.mkdir()
    assert nnstack_opt([str(imported["mlir"]), "-p", "convert-gawee-to-linalg", "-o", str(lowered)]) == 0
    assert f'nnstack.weights = "../../{imported["root"].name}/out/m.safetensors"' in lowered.read_text()
    monkeypatch.chdir(imported["root"])
    expected = _run(imported["mlir"], imported["root"] / "x.npy", tmp_path / "a")
    np.testing.assert_array_equal(_run(lowered, imported["root"] / "x.npy", tmp_path / "b"), expected)


def test_inlined_for_upstream_mlir(
    imported: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """`nnstack-inline-weights` reads every resource into a dense constant and drops the
    module's weights file: the same numbers, and mlir-opt-19 parses it (where installed)."""
    inlined = tmp_path / "inlined.mlir"
    args = [str(imported["mlir"]), "-p", "convert-gawee-to-linalg,nnstack-inline-weights", "-o", str(inlined)]
    assert nnstack_opt(args) == 0
    text = inlined.read_text()
    assert "dense_resource" not in text and "nnstack.weights" not in text
    x = imported["root"] / "x.npy"
    np.testing.assert_array_equal(_run(inlined, x, tmp_path / "a"), _run(imported["mlir"], x, tmp_path / "b"))
    if shutil.which("mlir-opt-19"):
        subprocess.run(["mlir-opt-19", str(inlined)], check=True, capture_output=True)


def test_a_missing_weights_file_is_one_line(
    imported: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    moved = tmp_path / "m.mlir"
    shutil.copy(imported["mlir"], moved)  # without its m.safetensors
    capsys.readouterr()
    assert NnstackRunMain(args=[str(moved), "--input", str(imported["root"] / "x.npy")]).run_tool() == 1
    err = capsys.readouterr().err
    assert "cannot read weights file" in err and "m.safetensors" in err and "Traceback" not in err, err
    assert nnstack_opt([str(moved), "-p", "nnstack-inline-weights"]) == 1
    err = capsys.readouterr().err
    assert err.count("error: cannot read weights file") == 2 and "dense_resource<fc.weight>" in err, err
    assert f"'{tmp_path / 'm.safetensors'}': No such file or directory" in err
