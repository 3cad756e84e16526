"""nnstack-run: inputs, outputs, pipelines and one-line errors."""

import gc
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from llir_programs import PARALLEL_SQUARES

from nnstack.tools.nnstack_run import NnstackRunMain

ROOT = Path(__file__).parents[2]
NNSTACK_RUN = Path(sys.executable).parent / "nnstack-run"

ADD_F64 = """
func.func @"64_add"(%a: tensor<2x3xf64>, %b: tensor<3xf64>) -> (tensor<2x3xf64>, tensor<2x3xf64>) {
  %0 = gawee.add %a, %b : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xf64>
  %1 = gawee.relu %0 : (tensor<2x3xf64>) -> tensor<2x3xf64>
  func.return %0, %1 : tensor<2x3xf64>, tensor<2x3xf64>
}
"""

MEMREF_OUT = """
func.func @axpy(%x: memref<4xf32>, %y: memref<4xf32>, %out: memref<4xf32>) {
  linalg.add ins(%x, %y : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  func.return
}
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def save(tmp_path: Path, name: str, array: np.ndarray) -> str:
    path = tmp_path / name
    np.save(path, array)
    return str(path)


def nnstack_run(*args: str) -> int:
    return NnstackRunMain(args=list(args)).run_tool()


def test_inputs_and_outputs_keep_their_types(tmp_path: Path):
    a = np.arange(6, dtype=np.float64).reshape(2, 3) - 2.5
    b = np.array([1.0, -10.0, 0.125])
    program = write(tmp_path, "add.mlir", ADD_F64)
    out = tmp_path / "out"
    status = nnstack_run(
        str(program),
        "--symbol",
        "64_add",
        "--input",
        save(tmp_path, "a.npy", a),
        "--input",
        save(tmp_path, "b.npy", b),
        "--output-dir",
        str(out),
    )
    assert status == 0
    out0, out1 = np.load(out / "out0.npy"), np.load(out / "out1.npy")
    assert out0.dtype == np.float64 and out1.dtype == np.float64
    np.testing.assert_array_equal(out0, a + b)
    np.testing.assert_array_equal(out1, np.maximum(a + b, 0))


def test_prints_results_without_output_dir(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    program = write(tmp_path, "add.mlir", ADD_F64)
    a, b = np.ones((2, 3)), np.array([0.5, -3.0, 2.0])
    status = nnstack_run(
        str(program),
        "--symbol",
        "64_add",
        "--input",
        save(tmp_path, "a.npy", a),
        "--input",
        save(tmp_path, "b.npy", b),
    )
    assert status == 0
    text = capsys.readouterr().out
    assert "out0: float64[2, 3]" in text and "out1: float64[2, 3]" in text
    assert "[ 1.5, -2. ,  3. ]" in text


def test_memref_arguments_are_saved(tmp_path: Path):
    program = write(tmp_path, "axpy.mlir", MEMREF_OUT)
    x = np.array([1, 2, 3, 4], np.float32)
    y = np.array([0.5, 0.25, -1, 8], np.float32)
    inputs = [save(tmp_path, f"{n}.npy", v) for n, v in (("x", x), ("y", y), ("o", np.zeros(4, np.float32)))]
    status = nnstack_run(
        str(program),
        "--symbol",
        "axpy",
        *[f"--input={i}" for i in inputs],
        "--output-dir",
        str(tmp_path / "o"),
    )
    assert status == 0
    np.testing.assert_array_equal(np.load(tmp_path / "o" / "arg2.npy"), x + y)
    np.testing.assert_array_equal(np.load(tmp_path / "o" / "arg0.npy"), x)


def test_many_arguments(tmp_path: Path):
    count = 40
    args = ", ".join(f"%a{i}: tensor<3xf32>" for i in range(count))
    lines = [
        f"func.func @sum({args}) -> tensor<3xf32> {{",
        "  %s0 = gawee.relu %a0 : (tensor<3xf32>) -> tensor<3xf32>",
    ]
    for i in range(1, count):
        lines.append(
            f"  %s{i} = gawee.add %s{i - 1}, %a{i} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>"
        )
    lines += [f"  func.return %s{count - 1} : tensor<3xf32>", "}"]
    program = write(tmp_path, "sum.mlir", "\n".join(lines))
    arrays = [np.full(3, i, np.float32) for i in range(count)]
    inputs = [f"--input={save(tmp_path, f'a{i}.npy', a)}" for i, a in enumerate(arrays)]
    assert nnstack_run(str(program), "--symbol", "sum", *inputs, "--output-dir", str(tmp_path)) == 0
    np.testing.assert_array_equal(np.load(tmp_path / "out0.npy"), np.full(3, sum(range(count)), np.float32))


def test_pipeline_and_random_inputs_are_reproducible(tmp_path: Path):
    example = ROOT / "examples" / "resnet_small.mlir"
    for name, passes in (("gawee", []), ("linalg", ["-p", "convert-gawee-to-linalg"])):
        status = nnstack_run(
            str(example),
            "--symbol",
            "forward",
            "--random-inputs",
            "--seed",
            "7",
            *passes,
            "--output-dir",
            str(tmp_path / name),
        )
        assert status == 0
    gawee_out = np.load(tmp_path / "gawee" / "out0.npy")
    linalg_out = np.load(tmp_path / "linalg" / "out0.npy")
    assert gawee_out.shape == (1, 10)
    np.testing.assert_allclose(linalg_out, gawee_out, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(
    ("text", "args", "message"),
    [
        (ADD_F64, ["--symbol", "nope", "--random-inputs"], "nope"),
        (ADD_F64, ["--symbol", "64_add"], "2 arguments"),
        (ADD_F64, ["--symbol", "64_add", "--random-inputs", "-p", "no-such-pass"], "no-such-pass"),
        (
            ADD_F64,
            ["--symbol", "64_add", "--random-inputs", "-p", "convert-gawee-to-linalg{"],
            "Expected argument name here",
        ),
        (
            ADD_F64,
            ["--symbol", "64_add", "--random-inputs", "-p", "convert-gawee-to-linalg{nope=true}"],
            '["nope"] not found',
        ),
    ],
    ids=["symbol", "missing-inputs", "pass", "pipeline-syntax", "pass-option"],
)
def test_errors_are_one_line_without_traceback(tmp_path: Path, text: str, args: list[str], message: str):
    program = write(tmp_path, "bad.mlir", text)
    result = subprocess.run([str(NNSTACK_RUN), str(program), *args], capture_output=True, text=True)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("nnstack-run: error:") and message in lines[0]


@pytest.mark.parametrize(
    ("text", "args", "where", "message"),
    [
        (
            "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = gawee.relu %a : (tensor<2xf32>) -> tensor<3xf32>\n  func.return %0 : tensor<3xf32>\n}",
            ["--symbol", "f"],
            "2:3",
            "'gawee.relu' op result shape [3] does not match the expected shape [2]",
        ),
        (
            "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = gawee.relu %a : \n}",
            ["--symbol", "f"],
            "3:1",
            "gawee.relu: Expected '('",
        ),
        (
            "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = gawee.relu %1 : (tensor<2xf32>) -> tensor<2xf32>\n"
            "  %1 = gawee.relu %a : (tensor<2xf32>) -> tensor<2xf32>\n  func.return %0 : tensor<2xf32>\n}",
            ["--symbol", "f", "--random-inputs"],
            "2:3",
            "operand #0 does not dominate this use",
        ),
        (
            "func.func @f(%a: tensor<4xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {\n"
            "  %0 = mir.dynamic_reshape %a, %s : (tensor<4xf32>, tensor<1xi64>) -> tensor<?xf32>\n"
            "  func.return %0 : tensor<?xf32>\n}",
            ["--symbol", "f", "-p", "convert-mir-to-llir"],
            "1:1",
            "cannot lower func.func @f",
        ),
    ],
    ids=["verify", "parse", "dominance", "pass"],
)
def test_program_errors_are_located_diagnostics(
    tmp_path: Path, text: str, args: list[str], where: str, message: str
):
    """Parse, verifier and pass errors are nnstack-opt's located diagnostics."""
    program = write(tmp_path, "bad.mlir", text)
    result = subprocess.run([str(NNSTACK_RUN), str(program), *args], capture_output=True, text=True)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{program}:{where}: error: ") and message in first, result.stderr


def test_wrong_input_shape_names_the_argument(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    program = write(tmp_path, "add.mlir", ADD_F64)
    status = nnstack_run(
        str(program),
        "--symbol",
        "64_add",
        "--input",
        save(tmp_path, "a.npy", np.ones((3, 2))),
        "--input",
        save(tmp_path, "b.npy", np.ones(3)),
    )
    assert status == 1
    err = capsys.readouterr().err
    assert "argument #0" in err and "tensor<2x3xf64>" in err


def test_input_files_must_match_the_argument_types(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A wrong dtype is an error naming the file (a cast only with --cast-inputs); an
    unreadable file is named; too few inputs say how to give them; --version."""
    program = str(write(tmp_path, "add.mlir", ADD_F64))
    as_f32 = save(tmp_path, "a32.npy", np.zeros((2, 3), np.float32))
    b = save(tmp_path, "b.npy", np.ones(3))
    assert nnstack_run(program, "--symbol", "64_add", "--input", as_f32, "--input", b) == 1
    assert "a32.npy holds float32 values, argument #0 is tensor<2x3xf64>" in capsys.readouterr().err
    out = tmp_path / "out"
    args = ["--symbol", "64_add", "--input", as_f32, "--input", b, "--cast-inputs", "--output-dir", str(out)]
    assert nnstack_run(program, *args) == 0
    np.testing.assert_array_equal(np.load(out / "out0.npy"), np.ones((2, 3)))
    (tmp_path / "junk.npy").write_text("not an array")
    assert (
        nnstack_run(program, "--symbol", "64_add", "--input", str(tmp_path / "junk.npy"), "--input", b) == 1
    )
    assert "cannot read " + str(tmp_path / "junk.npy") in capsys.readouterr().err
    assert nnstack_run(program, "--symbol", "64_add", "--input", b) == 1
    assert (
        "takes 2 arguments, 1 --input files given: give one --input X.npy per argument"
        in capsys.readouterr().err
    )
    assert nnstack_run(program, "--symbol", "add") == 1
    assert "no function @add in the module; the module has @64_add" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        nnstack_run("--version")
    assert exit_.value.code == 0 and capsys.readouterr().out.startswith("nnstack-run ")


BN_GATHER = """
func.func @f(%x: tensor<1x3x2x2xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>,
             %v: tensor<3xf32>, %table: tensor<5x4xf32>, %ids: tensor<6xi64>, %n: tensor<64xi32>,
             %d: tensor<64xi32>)
    -> (tensor<1x3x2x2xf32>, tensor<6x4xf32>, tensor<64xi32>) {
  %0 = gawee.batch_norm %x, %w, %b, %m, %v affine = true eps = 1.0e-05 : (tensor<1x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x2x2xf32>
  %1 = gawee.gather %table, %ids axis = 0 : (tensor<5x4xf32>, tensor<6xi64>) -> tensor<6x4xf32>
  %2 = gawee.div %n, %d : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
  func.return %0, %1, %2 : tensor<1x3x2x2xf32>, tensor<6x4xf32>, tensor<64xi32>
}
"""


@pytest.mark.parametrize("passes", [[], ["-p", "convert-gawee-to-mir"], ["-p", "convert-gawee-to-linalg"]])
@pytest.mark.parametrize("seed", range(5))
def test_random_inputs_respect_the_ops_domains(tmp_path: Path, seed: int, passes: list[str]):
    """Batch-norm variances are drawn positive, gather indices within the table and
    integer divisors nonzero, also when a pipeline lowers the ops away first (a negative
    variance would give NaN, an index past the table or a zero divisor an error)."""
    program = str(write(tmp_path, "f.mlir", BN_GATHER))
    args = ["--symbol", "f", "--random-inputs", "--seed", str(seed), "--output-dir", str(tmp_path)]
    assert nnstack_run(program, *args, *passes) == 0
    assert np.isfinite(np.load(tmp_path / "out0.npy")).all()
    assert np.isfinite(np.load(tmp_path / "out1.npy")).all()


@pytest.mark.parametrize("enabled", [True, False])
def test_the_cycle_collector_is_paused_only_while_it_runs(tmp_path: Path, enabled: bool):
    """nnstack-run turns Python's cycle collector off while it parses, lowers and runs,
    and back to what it was afterwards, after an error too."""
    seen: list[bool] = []

    class Watching(NnstackRunMain):
        def parse_input(self):
            seen.append(gc.isenabled())
            return super().parse_input()

    program = str(write(tmp_path, "add.mlir", ADD_F64))
    try:
        gc.enable() if enabled else gc.disable()
        assert Watching([program, "--symbol", "64_add", "--random-inputs"]).run_tool() == 0
        assert gc.isenabled() == enabled
        assert Watching([program, "--symbol", "nope", "--random-inputs"]).run_tool() == 1
        assert gc.isenabled() == enabled
    finally:
        gc.enable()
    assert seen == [False, False]


# A loop whose phi takes the value computed at the end of the body (the back edge),
# and a diamond whose phi takes a value defined in one arm: valid as in LLVM.
PHI_LOOP = """
llir.func @count(i64) -> i64 {
^entry(%n: i64):
  %c0 = llir.constant 0 : i64
  %c3 = llir.constant 3 : i64
  llir.br ^header
^header:
  %i = llir.phi [%c0, ^entry], [%next, ^body] : i64
  %more = llir.cmp slt, %i, %n : i64
  llir.cond_br %more, ^body, ^exit
^body:
  %next = llir.add %i, %c3 : i64
  llir.br ^header
^exit:
  llir.return %i : i64
}
"""

PHI_DIAMOND = """
llir.func @pick(i1, i64) -> i64 {
^entry(%c: i1, %x: i64):
  llir.cond_br %c, ^then, ^else
^then:
  %ten = llir.constant 10 : i64
  %y = llir.mul %x, %ten : i64
  llir.br ^join
^else:
  llir.br ^join
^join:
  %r = llir.phi [%y, ^then], [%x, ^else] : i64
  llir.return %r : i64
}
"""

# A func.func of several blocks with block arguments and a dead block.
CF_BLOCKS = """
func.func @main(%c: i1, %x: tensor<2xf32>) -> tensor<2xf32> {
  cf.cond_br %c, ^double, ^done(%x : tensor<2xf32>)
^double:
  %y = arith.addf %x, %x : tensor<2xf32>
  cf.br ^done(%y : tensor<2xf32>)
^done(%r: tensor<2xf32>):
  func.return %r : tensor<2xf32>
^dead:
  func.return %x : tensor<2xf32>
}
"""


@pytest.mark.parametrize("backend", ["interpreter", "native"])
@pytest.mark.parametrize(
    ("text", "symbol", "args", "expected"),
    [
        (PHI_LOOP, "count", "7 : i64", 9),
        (PHI_LOOP, "count", "0 : i64", 0),
        (PHI_DIAMOND, "pick", "true, 4 : i64", 40),
        (PHI_DIAMOND, "pick", "false, 4 : i64", 4),
    ],
)
def test_phi_of_a_back_edge_or_a_branch_arm_verifies_and_runs(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    backend: str,
    text: str,
    symbol: str,
    args: str,
    expected: int,
):
    program = write(tmp_path, "cfg.mlir", text)
    status = nnstack_run(str(program), "--symbol", symbol, "--args", args, "--backend", backend)
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert captured.out.split() == ["out0:", "int64[]", str(expected)]


@pytest.mark.parametrize(("condition", "expected"), [(True, [2.0, -6.0]), (False, [1.0, -3.0])])
def test_a_function_of_several_blocks_runs(tmp_path: Path, condition: bool, expected: list[float]):
    program = write(tmp_path, "blocks.mlir", CF_BLOCKS)
    inputs = [
        save(tmp_path, "c.npy", np.bool_(condition)),
        save(tmp_path, "x.npy", np.array([1, -3], np.float32)),
    ]
    status = nnstack_run(str(program), *[f"--input={i}" for i in inputs], "--output-dir", str(tmp_path / "o"))
    assert status == 0
    np.testing.assert_array_equal(np.load(tmp_path / "o" / "out0.npy"), np.array(expected, np.float32))
    assert nnstack_run(str(program), "--random-inputs", "--output-dir", str(tmp_path / "r")) == 0


def add_to_llir(tmp_path: Path) -> list[str]:
    """nnstack-run's arguments for ADD_F64 on random inputs, lowered to llir."""
    program = write(tmp_path, "add.mlir", ADD_F64)
    return [
        str(program),
        "--symbol",
        "64_add",
        "--random-inputs",
        "-p",
        "convert-gawee-to-mir,convert-mir-to-llir",
    ]


LOWERED_PHASES = ["Input", "Parser", "Verifier", "Pipeline", "convert-gawee-to-mir", "convert-mir-to-llir"]
"""The phases of add_to_llir's run before its inputs are made, each pass under the pipeline."""


@pytest.mark.parametrize("backend", ["interpreter", "native"])
def test_timing_reports_each_phase(tmp_path: Path, capsys: pytest.CaptureFixture[str], backend: str):
    """--timing: mlir-opt's -mlir-timing report on stderr, from reading the file to
    writing the results, each pass under the pipeline; the results are unchanged."""
    args = add_to_llir(tmp_path)
    assert nnstack_run(*args, "--backend", backend) == 0
    plain = capsys.readouterr().out
    assert nnstack_run(*args, "--backend", backend, "--timing") == 0
    out, err = capsys.readouterr()
    assert out == plain and "Execution time report" in err
    names = [name for _, name in re.findall(r"^  +\d+\.\d{4} \( *\d+\.\d%\)  ( *)(\S.*)$", err, re.MULTILINE)]
    run_phases = ["Prepare", "Run"] if backend == "interpreter" else ["Native (compile and run)"]
    assert names == [*LOWERED_PHASES, "Inputs", *run_phases, "Output", "Rest", "Total"]


def test_program_from_stdin_text_inputs_and_a_closed_pipe(tmp_path: Path):
    """`-` reads the program from standard input; an --input that is not a .npy file says
    so (numpy's own message speaks of pickled data); a reader that leaves early
    (`| head -1`) ends the run quietly, with the status of a process ended by SIGPIPE."""
    text = tmp_path / "x.npy"
    text.write_text("1 2 3\n")
    piped = subprocess.run(
        [NNSTACK_RUN, "-", "--symbol", "64_add", "--random-inputs"],
        input=ADD_F64,
        capture_output=True,
        text=True,
    )
    assert piped.returncode == 0 and piped.stdout.startswith("out0: float64[2, 3]")
    program = write(tmp_path, "add.mlir", ADD_F64)
    bad = subprocess.run(
        [NNSTACK_RUN, program, "--symbol", "64_add", "--input", text, "--input", text],
        capture_output=True,
        text=True,
    )
    assert (
        bad.returncode == 1
        and bad.stderr
        == f"nnstack-run: error: cannot read {text}: not a .npy file (arrays are saved with numpy.save)\n"
    )
    results = ", ".join(["%x"] * 10)
    types = ", ".join(["tensor<1000xf32>"] * 10)
    many = write(
        tmp_path,
        "many.mlir",
        f"func.func @main(%x: tensor<1000xf32>) -> ({types}) {{\n  func.return {results} : {types}\n}}\n",
    )  # about 150 KB of printed results, more than a pipe holds
    head = subprocess.run(
        ["bash", "-c", f"'{NNSTACK_RUN}' '{many}' --random-inputs | head -1; echo status ${{PIPESTATUS[0]}}"],
        capture_output=True,
        text=True,
    )
    assert head.stdout == "out0: float32[1000]\nstatus 141\n" and head.stderr == ""


def test_an_onnx_model_runs_in_one_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """`nnstack-run model.onnx --input x.npy`: imported in process, its dynamic dims taken
    from the arrays given, at any level and on either backend; a file that is no model is
    a one-line error."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    weights = np.arange(12, dtype=np.float32).reshape(4, 3) / 8
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["y"])],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 3])],
        [numpy_helper.from_array(weights, "w")],
    )
    model = tmp_path / "model.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), model)
    x = np.arange(20, dtype=np.float32).reshape(5, 4)
    inputs = save(tmp_path, "x.npy", x)
    for extra in ([], ["-p", "convert-gawee-to-mir,convert-mir-to-llir", "--backend", "native"]):
        out = tmp_path / f"out{len(extra)}"
        assert nnstack_run(str(model), "--input", inputs, "--output-dir", str(out), *extra) == 0
        np.testing.assert_array_equal(np.load(out / "out0.npy"), x @ weights)  # exact: multiples of 1/8
    empty = tmp_path / "empty.onnx"
    empty.write_bytes(b"")
    capsys.readouterr()
    assert nnstack_run(str(empty)) == 1
    assert capsys.readouterr().err == "nnstack-run: error: not an ONNX model: it has no graph\n"


def test_an_onnx_model_is_specialised_on_the_inputs_it_needs_as_constants(tmp_path: Path):
    """`nnstack-run model.onnx` of a Reshape whose target is a graph input: the import
    takes the target's value from its --input file, and @main the data alone."""
    import onnx
    from onnx import TensorProto, helper

    graph = helper.make_graph(
        [helper.make_node("Reshape", ["x", "target"], ["y"])],
        "g",
        [
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3]),
            helper.make_tensor_value_info("target", TensorProto.INT64, [2]),
        ],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["a", "b"])],
    )
    model = tmp_path / "reshape.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), model)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    target = save(tmp_path, "t.npy", np.array([3, -1], np.int64))
    out = tmp_path / "out"
    args = ["--input", save(tmp_path, "x.npy", x), "--input", target, "--output-dir", str(out)]
    assert nnstack_run(str(model), *args) == 0
    np.testing.assert_array_equal(np.load(out / "out0.npy"), x.reshape(3, 2))


def test_onnx_model_on_stdin_and_the_input_dtype_rule(tmp_path: Path):
    """`nnstack-run -` takes an ONNX model's bytes on standard input as well as MLIR text
    (told apart by content) and runs it; an --input of another dtype than the graph
    input's is a one-line error unless --cast-inputs (as the ONNX backend's
    cast_inputs=True), even int32 for float32; bytes that are no model, or a model
    whose weights are in external files, are one-line errors too."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    from onnx.reference import ReferenceEvaluator

    weight = numpy_helper.from_array(np.array([0.5, -2.0, 3.0], np.float32), "w")
    graph = helper.make_graph(
        [helper.make_node("Mul", ["x", "w"], ["y"])],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])],
        [weight],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    x = np.array([1.0, 2.0, -4.0], np.float32)
    (expected,) = ReferenceEvaluator(model).run(None, {"x": x})
    out = tmp_path / "out"

    def piped(data: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([NNSTACK_RUN, "-", *args], input=data, capture_output=True)

    ran = piped(model.SerializeToString(), "--input", save(tmp_path, "x.npy", x), "--output-dir", str(out))
    assert ran.returncode == 0 and ran.stderr == b""
    np.testing.assert_array_equal(np.load(out / "out0.npy"), expected)
    as_int = save(tmp_path, "i.npy", np.array([1, 2, -4], np.int32))
    wrong = piped(model.SerializeToString(), "--input", as_int)
    assert wrong.returncode == 1 and wrong.stderr.decode() == (
        f"nnstack-run: error: {as_int} holds int32 values, argument #0 is tensor<3xf32>: "
        "save it as float32 or pass --cast-inputs\n"
    )
    cast = piped(model.SerializeToString(), "--input", as_int, "--cast-inputs", "--output-dir", str(out))
    assert cast.returncode == 0
    np.testing.assert_array_equal(np.load(out / "out0.npy"), expected)
    onnx.save(model, tmp_path / "ext.onnx", save_as_external_data=True, location="w.bin", size_threshold=0)
    for data, message in (
        (b"\x08\x07\xff not a model", "cannot read an ONNX model from standard input: "),
        ((tmp_path / "ext.onnx").read_bytes(), "the ONNX model on standard input keeps weights in external"),
    ):
        bad = piped(data, "--input", as_int)
        err = bad.stderr.decode()
        assert bad.returncode == 1 and err.startswith(f"nnstack-run: error: {message}"), err
        assert err.count("\n") == 1 and "Traceback" not in err


def test_progress_names_each_phase_and_pass_then_clears(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """--progress: one line on stderr, rewritten as each phase and pass starts and erased at
    the end, so nothing else is printed after it; not there with --no-progress (nor by
    default when stderr is not a terminal)."""
    args = add_to_llir(tmp_path)
    assert nnstack_run(*args, "--progress") == 0
    out, err = capsys.readouterr()
    shown = re.findall(r"\r\x1b\[Knnstack-run: ([^.\r]+)\.\.\.", err)
    assert shown[:6] == LOWERED_PHASES
    assert "Run" in shown and err.endswith("\r\x1b[K") and out.startswith("out0:")
    for flag in ("--no-progress", None):
        assert nnstack_run(*args, *([flag] if flag else [])) == 0
        assert capsys.readouterr().err == ""


def test_progress_names_each_stage_of_llvm_compilation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    """--backend native --progress: the line names each stage of the compilation as it
    starts, under its phase, with the seconds spent (a program not compiled before in
    this process, and an on-disk cache of its own: either cache would skip them). A new
    process (here: a new in-process cache) loads the code the first stored, and says so;
    with --no-cache it compiles again, stage by stage."""
    from nnstack import native  # (loads LLVM: only the native tests)

    monkeypatch.setenv("NNSTACK_CACHE_DIR", str(tmp_path / "cache"))
    args = add_to_llir(tmp_path)
    args[args.index("convert-gawee-to-mir,convert-mir-to-llir")] += "{vector-width=2}"
    compile_stages = [
        "lowering llir to the llvm dialect",
        "translating to LLVM IR",
        "parsing LLVM IR",
        "optimising LLVM IR (-O3)",
        "generating machine code",
    ]
    for extra, expected in (
        ((), compile_stages),
        ((), ["loading from the cache"]),
        (("--no-cache",), compile_stages),
    ):
        monkeypatch.setattr(native, "CACHE", native.JitCache())
        assert nnstack_run(*args, "--backend", "native", "--progress", *extra) == 0
        err = capsys.readouterr().err
        stages = re.findall(r"\r\x1b\[Knnstack-run: Native \(compile and run\): ([^,\r]+), \d+\.\d s", err)
        assert stages == expected
        assert err.endswith("\r\x1b[K")


def test_native_threads(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """--threads N: the parallel loops on N threads, the results those of numpy; N < 1
    is a usage error."""
    program = write(tmp_path, "squares.mlir", PARALLEL_SQUARES.format(rows=5))
    x = np.random.default_rng(0).standard_normal((5, 3)).astype(np.float32)
    common = [
        str(program),
        "--symbol",
        "squares",
        "--input",
        str(save(tmp_path, "x.npy", x)),
        "-p",
        "convert-mir-to-llir",
    ]
    status = nnstack_run(
        *common, "--backend", "native", "--threads", "3", "--output-dir", str(tmp_path / "o")
    )
    assert status == 0
    np.testing.assert_array_equal(np.load(tmp_path / "o" / "out0.npy"), x * x)
    with pytest.raises(SystemExit):
        nnstack_run(*common, "--backend", "native", "--threads", "0")
    assert "--threads: must be >= 1, got 0" in capsys.readouterr().err
