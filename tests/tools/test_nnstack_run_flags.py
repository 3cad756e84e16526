"""nnstack-run's command line: every flag --help lists does what it says (xdsl-run's
flags that nnstack's interpreters cannot honour are not offered), the IR can be
printed between passes and saved, and a pass that changes nothing is warned about."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from nnstack.tools.nnstack_opt import main as nnstack_opt
from nnstack.tools.nnstack_run import NnstackRunMain

ADD = """
func.func @f(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %d = gawee.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %d : tensor<3xf32>
}
"""

RECURSIVE = """
llir.func @forever(%n: i64) -> i64 {
  %r = llir.call @forever(%n) : (i64) -> i64
  llir.return %r : i64
}
llir.func @alloc() {
  %t = llir.alloc_buffer 64 : !llir.ptr<f32>
  llir.free_buffer %t : !llir.ptr<f32>
  llir.return
}
"""

ARGS = "dense<[1.0, 2.0, 3.0]> : tensor<3xf32>, dense<0.5> : tensor<3xf32>"


def nnstack_run(*args: str | Path) -> int:
    return NnstackRunMain(args=[str(a) for a in args]).run_tool()


@pytest.fixture
def add(tmp_path: Path) -> Path:
    path = tmp_path / "add.mlir"
    path.write_text(ADD)
    return path


def test_help_offers_only_flags_that_work(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit):
        nnstack_run("--help")
    usage = capsys.readouterr().out
    for gone in ("--verbose", "--index-bitwidth"):
        assert gone not in usage
    for kept in (
        "--args",
        "--disable-verify",
        "--no-implicit-module",
        "--allow-unregistered-dialect",
        "-o FILE",
    ):
        assert kept in usage


def test_args_gives_the_arguments_as_attributes(add: Path, capsys: pytest.CaptureFixture[str]):
    assert nnstack_run(add, "--symbol", "f", "--args", ARGS) == 0
    assert "[1.5, 2.5, 3.5]" in capsys.readouterr().out
    wrong_type = ARGS.replace("dense<0.5> : tensor<3xf32>", "dense<0.5> : tensor<3xf64>")
    assert nnstack_run(add, "--symbol", "f", "--args", wrong_type) == 1
    assert "--args value #1 is dense<5.000000e-01> : tensor<3xf64>, argument #1 is tensor<3xf32>" in (
        capsys.readouterr().err
    )
    assert nnstack_run(add, "--symbol", "f", "--args", "dense<1.0> : tensor<3xf32>") == 1
    assert "@f takes 2 arguments, --args gives 1" in capsys.readouterr().err
    assert nnstack_run(add, "--symbol", "f", "--args", ARGS, "--random-inputs") == 1
    assert "give the arguments one way" in capsys.readouterr().err


def test_disable_verify_runs_a_module_that_does_not_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """The result type says 2 elements, the op computes 3: only the verifier knows."""
    path = tmp_path / "bad.mlir"
    path.write_text(ADD.replace(") -> tensor<3xf32> {", ") -> tensor<2xf32> {"))
    assert nnstack_run(path, "--symbol", "f", "--args", ARGS) == 1
    assert "'func.return' op" in capsys.readouterr().err
    assert nnstack_run(path, "--symbol", "f", "--args", ARGS, "--disable-verify") == 0
    assert "[1.5, 2.5, 3.5]" in capsys.readouterr().out


def test_no_implicit_module(add: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert nnstack_run(add, "--symbol", "f", "--args", ARGS, "--no-implicit-module") == 1
    assert f"{add}:1:1: error: builtin.module operation expected" in capsys.readouterr().err
    wrapped = tmp_path / "module.mlir"
    wrapped.write_text(f"builtin.module {{{ADD}}}")
    assert nnstack_run(wrapped, "--symbol", "f", "--args", ARGS, "--no-implicit-module") == 0


def test_allow_unregistered_dialect(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = tmp_path / "unregistered.mlir"
    path.write_text(ADD + '"foo.bar"() : () -> ()\n')
    assert nnstack_run(path, "--symbol", "f", "--args", ARGS) == 1
    assert "foo.bar" in capsys.readouterr().err
    assert nnstack_run(path, "--symbol", "f", "--args", ARGS, "--allow-unregistered-dialect") == 0


def test_output_saves_the_module_that_runs(add: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    lowered = tmp_path / "lowered.mlir"
    common = ["--symbol", "f", "--args", ARGS]
    assert nnstack_run(add, *common, "-p", "convert-gawee-to-mir,convert-mir-to-llir", "-o", lowered) == 0
    first = capsys.readouterr().out
    assert "llir.func @f" in lowered.read_text() and "gawee." not in lowered.read_text()
    assert nnstack_run(lowered, *common) == 0
    assert capsys.readouterr().out == first


def test_print_ir_after(add: Path, capsys: pytest.CaptureFixture[str]):
    common = [add, "--symbol", "f", "--args", ARGS, "-p", "convert-gawee-to-mir,convert-mir-to-llir"]
    assert nnstack_run(*common, "--print-ir-after-all") == 0
    err = capsys.readouterr().err
    mir_dump = err.index("// -----// IR Dump After convert-gawee-to-mir //----- //")
    llir_dump = err.index("// -----// IR Dump After convert-mir-to-llir //----- //")
    assert "mir.broadcast_add" in err[mir_dump:llir_dump] and "llir.add" in err[llir_dump:]
    assert nnstack_run(*common, "--print-ir-after", "convert-mir-to-llir") == 0
    err = capsys.readouterr().err
    assert err.count("IR Dump After") == 1 and "IR Dump After convert-mir-to-llir" in err
    assert nnstack_run(*common, "--print-ir-after", "canonicalize") == 1
    assert "--print-ir-after canonicalize: the pipeline has no pass of that name" in capsys.readouterr().err


def test_a_pass_that_changed_nothing_is_warned_about(add: Path, capsys: pytest.CaptureFixture[str]):
    assert (
        nnstack_run(add, "--symbol", "f", "--args", ARGS, "-p", "convert-mir-to-llir,convert-gawee-to-mir")
        == 0
    )
    err = capsys.readouterr().err
    assert err == "nnstack-run: warning: pass 'convert-mir-to-llir' changed nothing\n"
    assert nnstack_opt([str(add), "-p", "convert-mir-to-llir"]) == 0
    assert "nnstack-opt: warning: pass 'convert-mir-to-llir' changed nothing" in capsys.readouterr().err
    assert nnstack_opt([str(add), "-p", "convert-gawee-to-mir"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_llir_limits(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = tmp_path / "limits.mlir"
    path.write_text(RECURSIVE)
    assert nnstack_run(path, "--symbol", "forever", "--args", "0 : i64", "--max-call-depth", "7") == 1
    assert "llir.call: calling @forever exceeds the call depth limit of 7" in capsys.readouterr().err
    assert nnstack_run(path, "--symbol", "alloc", "--max-allocation", "64") == 0
    assert nnstack_run(path, "--symbol", "alloc", "--max-allocation", "63") == 1
    assert "allocation of 64 bytes exceeds the limit of 63 bytes" in capsys.readouterr().err


def test_args_and_input_files_give_the_same_results(add: Path, tmp_path: Path):
    """--args and --input are two ways to give the same arguments: same results."""
    for name, array in (("a", [1.0, 2.0, 3.0]), ("b", [0.5, 0.5, 0.5])):
        np.save(tmp_path / f"{name}.npy", np.array(array, np.float32))
    out_args, out_files = tmp_path / "args", tmp_path / "files"
    assert nnstack_run(add, "--symbol", "f", "--args", ARGS, "--output-dir", out_args) == 0
    inputs = ["--input", tmp_path / "a.npy", "--input", tmp_path / "b.npy"]
    assert nnstack_run(add, "--symbol", "f", *inputs, "--output-dir", out_files) == 0
    np.testing.assert_array_equal(np.load(out_args / "out0.npy"), np.load(out_files / "out0.npy"))
