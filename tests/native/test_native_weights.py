"""Native code with its weights in a file (`nnstack.native.weights`): the globals of the
module's safetensors file are compiled without their data and read at run time, so the
results are the llir interpreter's bit for bit, the compiled object holds none of the
weights, the same module with other weights (another file, or the file written again)
reuses the code and computes with the new ones, a tensor the file holds misaligned is
read right, and a missing file or tensor is a one-line error naming the key and the
file."""

from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper
from xdsl.dialects.builtin import ModuleOp, StringAttr

from nnstack import native
from nnstack.dialects.weights import WEIGHTS, WeightFile, anchored, write_weights
from nnstack.interpreters import parse_module, run
from nnstack.native.cache import DiskCache
from nnstack.native.jit import JitCache
from nnstack.tools.nnstack_import_onnx import main as import_main
from nnstack.tools.nnstack_opt import main as nnstack_opt
from nnstack.tools.nnstack_run import NnstackRunMain

RNG = np.random.default_rng(7)
HIDDEN = 1024
WEIGHT_BYTES = 4 * (HIDDEN * HIDDEN + HIDDEN + HIDDEN * 16)
"""fc1 (4 MiB), its bias and fc2: all in the file (each at least 4 KiB)."""


def _model() -> onnx.ModelProto:
    """x[2, 1024] -> MatMul fc1 + bias -> Relu -> MatMul fc2 -> y[2, 16]."""
    initializers = {
        "fc1.weight": RNG.standard_normal((HIDDEN, HIDDEN)).astype(np.float32) * 0.03,
        "fc1.bias": RNG.standard_normal(HIDDEN).astype(np.float32),
        "fc2.weight": RNG.standard_normal((HIDDEN, 16)).astype(np.float32) * 0.03,
    }
    nodes = [
        helper.make_node("MatMul", ["x", "fc1.weight"], ["m"]),
        helper.make_node("Add", ["m", "fc1.bias"], ["a"]),
        helper.make_node("Relu", ["a"], ["r"]),
        helper.make_node("MatMul", ["r", "fc2.weight"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes,
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, HIDDEN])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 16])],
        [numpy_helper.from_array(v, k) for k, v in initializers.items()],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


@pytest.fixture(scope="module")
def lowered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The model imported with its weights in `m.safetensors` and lowered to llir
    (`llir.mlir`, beside it)."""
    root = tmp_path_factory.mktemp("native_weights")
    onnx.save(_model(), root / "model.onnx")
    assert import_main([str(root / "model.onnx"), "-o", str(root / "m.mlir")]) == 0
    pipeline = "convert-gawee-to-mir,convert-mir-to-llir"
    assert nnstack_opt([str(root / "m.mlir"), "-p", pipeline, "-o", str(root / "llir.mlir")]) == 0
    np.save(root / "x.npy", RNG.standard_normal((2, HIDDEN)).astype(np.float32))
    return root / "llir.mlir"


def _module(path: Path, weights: Path | None = None) -> ModuleOp:
    """The llir module of `path`, with `weights` as its weights file if given."""
    module = parse_module(path.read_text())
    anchored(module, path.parent)
    if weights is not None:
        module.attributes[WEIGHTS] = StringAttr(str(weights))
    return module


def _other_weights(source: Path, target: Path, seed: int) -> None:
    """A file of `source`'s tensors (keys, dtypes, shapes) with other values."""
    rng = np.random.default_rng(seed)
    tensors = WeightFile(source)
    write_weights(
        target,
        [
            (k, rng.standard_normal(a.shape).astype(a.dtype))
            for k in tensors.keys()
            for a in [tensors.array(k)]
        ],
    )


def test_native_computes_the_interpreters_numbers(lowered: Path):
    module = _module(lowered)
    text = lowered.read_text()
    assert "dense_resource<fc1.weight> : tensor<1024x1024xf32>" in text
    x = np.load(lowered.parent / "x.npy")
    (expected,) = run(module, "main", x)
    for check_bounds in (False, True):
        (got,) = native.run(module, "main", x, check_bounds=check_bounds, cache=False)
        np.testing.assert_array_equal(got, expected)


def test_the_compiled_object_holds_no_weights(lowered: Path, tmp_path: Path):
    """The code cache's entry is the object code: much smaller than the weights."""
    JitCache().compile(_module(lowered), "main", disk=DiskCache(tmp_path))  # (as a new process)
    (entry,) = (tmp_path / "native").iterdir()
    assert entry.stat().st_size < WEIGHT_BYTES / 20, entry.stat().st_size


def test_other_weights_reuse_the_code(lowered: Path, tmp_path: Path):
    """Another weights file for the same module text: a new process (a new JitCache)
    loads the cached code, and computes with the other file's weights."""
    x = np.load(lowered.parent / "x.npy")
    first = _module(lowered)
    JitCache().compile(first, "main", disk=DiskCache(tmp_path))
    other_file = tmp_path / "other.safetensors"
    _other_weights(lowered.parent / "m.safetensors", other_file, seed=1)
    other = _module(lowered, other_file)
    compiled = JitCache().compile(other, "main", disk=DiskCache(tmp_path))
    assert compiled.from_cache
    (got,) = native.call_compiled(compiled, [x], other)
    np.testing.assert_array_equal(got, run(other, "main", x)[0])
    assert not np.array_equal(got, run(first, "main", x)[0])
    (again,) = native.call_compiled(compiled, [x], first)  # the same code, the first file
    np.testing.assert_array_equal(again, run(first, "main", x)[0])


def test_a_file_written_again_is_read_again(lowered: Path, tmp_path: Path):
    """The weights used are the file's current ones: after the file is written again,
    the next call of the same module reads the new tensors."""
    x = np.load(lowered.parent / "x.npy")
    weights = tmp_path / "w.safetensors"
    shutil.copy(lowered.parent / "m.safetensors", weights)
    module = _module(lowered, weights)
    (before,) = native.run(module, "main", x, cache=tmp_path)
    np.testing.assert_array_equal(before, run(module, "main", x)[0])
    _other_weights(weights, weights, seed=2)
    (after,) = native.run(module, "main", x, cache=tmp_path)
    np.testing.assert_array_equal(after, run(_module(lowered, weights), "main", x)[0])
    assert not np.array_equal(after, before)


MISALIGNED = """
builtin.module attributes {{nnstack.weights = "{path}"}} {{
  llir.global @w align 64 = dense_resource<w> : tensor<8xf32>
  llir.func @f(%out: !llir.ptr<f32>, %i: i64) -> f32 {{
    %c0 = llir.constant 0 : i64
    %g = llir.addressof @w : !llir.ptr<f32>
    %v = llir.vload %g[%c0 : i64] : !llir.ptr<f32> -> vector<8xf32>
    llir.vstore %v, %out[%c0 : i64] : vector<8xf32>, !llir.ptr<f32>
    %x = llir.load %g[%i : i64] : !llir.ptr<f32> -> f32
    llir.return %x : f32
  }}
}}
"""


def test_a_misaligned_tensor_is_read_right(tmp_path: Path):
    """A safetensors file may hold an f32 tensor at an odd offset (the format does not
    align): it is copied to an aligned buffer, and read as the interpreter reads it."""
    values = np.arange(8, dtype=np.float32) * 1.5 - 3
    header = {
        "pad": {"dtype": "U8", "shape": [1], "data_offsets": [0, 1]},
        "w": {"dtype": "F32", "shape": [8], "data_offsets": [1, 33]},
    }
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    path = tmp_path / "odd.safetensors"
    path.write_bytes(struct.pack("<Q", len(text)) + text + b"\x07" + values.tobytes())
    assert WeightFile(path).array("w").ctypes.data % 4  # (misaligned in the map)
    module = parse_module(MISALIGNED.format(path=path))
    for check_bounds in (False, True):
        out = np.zeros(8, np.float32)
        called = native.call(module, "f", [out, np.int64(5)], check_bounds=check_bounds, cache=False)
        assert called.results[0] == values[5]
        np.testing.assert_array_equal(out, values)
        ((binding, _),) = called.compiled.linked.values()
        assert binding is not None and binding.symbols["w"] % 4 == 0


def _run_native(program: Path, x: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    status = NnstackRunMain(args=[str(program), "--input", str(x), "--backend", "native"]).run_tool()
    return status, capsys.readouterr().err


def test_a_missing_file_or_tensor_is_one_line(
    lowered: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    moved = tmp_path / "llir.mlir"
    shutil.copy(lowered, moved)  # without its m.safetensors
    x = lowered.parent / "x.npy"
    status, err = _run_native(moved, x, capsys)
    missing = tmp_path / "m.safetensors"
    assert status == 1 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "dense_resource<" in err and f"cannot read weights file '{missing}'" in err, err
    tensors = WeightFile(lowered.parent / "m.safetensors")
    write_weights(missing, [(k, tensors.array(k)) for k in tensors.keys() if k != "fc2.weight"])
    status, err = _run_native(moved, x, capsys)
    assert status == 1 and err.count("\n") == 1 and "Traceback" not in err, err
    assert f"weights file '{missing}' has no tensor 'fc2.weight'" in err, err
