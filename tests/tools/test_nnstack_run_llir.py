"""nnstack-run on llir lowered by convert-mir-to-llir: the same .npy inputs and outputs
as the gawee or mir program it came from, and the llir memory checks."""

import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from nnstack.frontend.resnet import basic_block_module
from nnstack.tools.nnstack_run import NnstackRunMain

NNSTACK_RUN = Path(sys.executable).parent / "nnstack-run"

PIPELINES = [
    "convert-gawee-to-mir,convert-mir-to-llir",
    'convert-gawee-to-mir,convert-mir-to-llir{layout="column-major" vector-width=4}',
]

LEAKY = """
llir.func @leaky(%x: !llir.ptr<f32>, %out: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2xf32>) -> tensor<2xf32>} {
  %n = llir.constant 8 : i64
  %t = llir.alloc_buffer 8 : !llir.ptr<f32>
  llir.memcpy %t, %x, %n : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.memcpy %out, %t, %n : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.return
}
"""

UNWRITTEN = """
llir.func @unwritten(%x: !llir.ptr<f32>, %out: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<f32>) -> tensor<f32>} {
  %t = llir.alloc_buffer 4 : !llir.ptr<f32>
  %v = llir.load %t : !llir.ptr<f32> -> f32
  llir.store %v, %out : f32, !llir.ptr<f32>
  llir.free_buffer %t : !llir.ptr<f32>
  llir.return
}
"""


def nnstack_run(*args: str) -> int:
    return NnstackRunMain(args=list(args)).run_tool()


@pytest.fixture
def block(tmp_path: Path) -> tuple[Path, list[str]]:
    """A ResNet basic block as a gawee file and .npy inputs for it (weights scaled by
    1/sqrt(fan-in), variances positive, so activations stay O(1))."""
    module = basic_block_module(input_shape=(1, 4, 6, 6), out_channels=8, stride=2)
    program = tmp_path / "block.mlir"
    program.write_text(str(module))
    rng = np.random.default_rng(0)
    (function,) = module.body.block.ops
    inputs: list[str] = []
    for k, arg in enumerate(function.body.block.args):
        shape = arg.type.get_shape()
        array = rng.standard_normal(shape).astype(np.float32)
        name = arg.name_hint or ""
        if "var" in name:
            array = np.abs(array) + 0.5
        elif "weight" in name:
            array /= math.sqrt(math.prod(shape[1:]))
        path = tmp_path / f"in{k}.npy"
        np.save(path, array)
        inputs.append(f"--input={path}")
    return program, inputs


@pytest.mark.parametrize("pipeline", PIPELINES, ids=["row-major", "column-major-vector"])
def test_lowered_program_takes_and_gives_the_same_arrays(tmp_path: Path, block, pipeline: str):
    program, inputs = block
    common = [str(program), "--symbol", "basic_block", *inputs]
    assert nnstack_run(*common, "--output-dir", str(tmp_path / "gawee")) == 0
    lowered = [*common, "-p", pipeline, "--check-leaks", "--strict-memory"]
    assert nnstack_run(*lowered, "--output-dir", str(tmp_path / "llir")) == 0
    expected, got = np.load(tmp_path / "gawee" / "out0.npy"), np.load(tmp_path / "llir" / "out0.npy")
    assert got.shape == expected.shape == (1, 8, 3, 3) and got.dtype == np.float32
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-5)


def test_random_inputs_follow_the_tensor_signature(tmp_path: Path):
    program = tmp_path / "block.mlir"
    program.write_text(str(basic_block_module(input_shape=(1, 4, 6, 6), out_channels=8, batch_norm=False)))
    for name, passes in (("gawee", []), ("llir", ["-p", PIPELINES[0]])):
        args = [str(program), "--symbol", "basic_block", "--random-inputs", "--seed", "3", *passes]
        assert nnstack_run(*args, "--output-dir", str(tmp_path / name)) == 0
    np.testing.assert_allclose(
        np.load(tmp_path / "llir" / "out0.npy"),
        np.load(tmp_path / "gawee" / "out0.npy"),
        rtol=1e-5,
        atol=1e-5,
    )


def test_check_leaks_names_the_buffer(tmp_path: Path):
    program = tmp_path / "leaky.mlir"
    program.write_text(LEAKY)
    x = tmp_path / "x.npy"
    np.save(x, np.array([1.0, 2.0], np.float32))
    args = [str(NNSTACK_RUN), str(program), "--symbol", "leaky", "--input", str(x)]
    assert subprocess.run(args, capture_output=True, text=True).returncode == 0
    result = subprocess.run([*args, "--check-leaks"], capture_output=True, text=True)
    assert result.returncode == 1
    assert "out0: float32[2]" in result.stdout
    assert "leaked buffer #" in result.stderr and "8 bytes" in result.stderr
    assert "1 llir buffer(s) still allocated" in result.stderr and "Traceback" not in result.stderr


def test_strict_memory_rejects_unwritten_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    program = tmp_path / "unwritten.mlir"
    program.write_text(UNWRITTEN)
    x = tmp_path / "x.npy"
    np.save(x, np.zeros((), np.float32))
    args = [str(program), "--symbol", "unwritten", "--input", str(x)]
    assert nnstack_run(*args) == 0
    assert nnstack_run(*args, "--strict-memory") == 1
    assert "read of never-written memory" in capsys.readouterr().err


def test_a_saved_llir_file_runs_on_its_own(tmp_path: Path, block):
    """`xdsl-opt net.mlir -p ... > low.mlir`, then `nnstack-run low.mlir` with the same inputs."""
    program, inputs = block
    low = tmp_path / "low.mlir"
    xdsl_opt = Path(sys.executable).parent / "xdsl-opt"
    lowered = subprocess.run(
        [str(xdsl_opt), str(program), "-p", PIPELINES[1]], capture_output=True, text=True, check=True
    ).stdout
    assert "llir.func column_major @basic_block" in lowered and "mir." not in lowered
    low.write_text(lowered)
    assert (
        nnstack_run(str(program), "--symbol", "basic_block", *inputs, "--output-dir", str(tmp_path / "a"))
        == 0
    )
    assert (
        nnstack_run(
            str(low), "--symbol", "basic_block", *inputs, "--output-dir", str(tmp_path / "b"), "--check-leaks"
        )
        == 0
    )
    np.testing.assert_allclose(
        np.load(tmp_path / "b" / "out0.npy"), np.load(tmp_path / "a" / "out0.npy"), rtol=0, atol=1e-5
    )
