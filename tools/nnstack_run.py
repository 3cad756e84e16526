"""`nnstack-run`: run a function of an MLIR file with every nnstack interpreter.

An `xdsl-run`-compatible runner: it takes the same input file and `--symbol`, and
adds what a user of a numpy-level compiler needs: inputs from `.npy` files (or random
ones), an optional pass pipeline applied first, and results printed or saved as
`out<k>.npy` (plus `arg<k>.npy` for memref arguments the function writes into).
`--profile` prints the spensor memory profile: bytes moved between memory levels
and the peak bytes resident per level. `--print-ir-after-all` / `--print-ir-after PASS`
show the IR between passes (on stderr), `-o FILE` saves the module that runs, and a
pass that changed nothing is warned about (a pipeline meant for another level). The
function runs prepared (`nnstack.interpreters.prepare`); on a terminal (or with
`--progress`) a progress line on stderr shows the phase and the ops done, and `--check-finite` warns at the first op that made NaN or Inf out of
finite values when such values reach the results.
An llir.func lowered by convert-mir-to-llir takes and gives the same arrays as the
function it was lowered from; `--strict-memory` and `--check-leaks` (exit 1 if llir
buffers are still allocated after the call) add the llir interpreter's memory checks;
`--max-allocation` and `--max-call-depth` bound what an llir program may allocate and
how deep it may call.
Parse, verifier and pass errors are located diagnostics, as in nnstack-opt
(`FILE:LINE:COL: error: ...`); other errors print one line; both exit 1. An exception
that is a bug is reported as an internal error (exit 2; `--traceback` shows it).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects.builtin import MemRefType, ModuleOp, StringAttr, TensorType
from xdsl.interpreter import Interpreter
from xdsl.ir import Attribute
from xdsl.parser import Parser
from xdsl.passes import ModulePass, PassPipeline
from xdsl.tools.command_line_tool import CommandLineTool
from xdsl.tools.xdsl_run import xDSLRunMain
from xdsl.traits import SymbolTable
from xdsl.universe import Universe
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    InterpretationError,
    ParseError,
    PassFailedException,
    VerifyException,
)

from nnstack.dialects.values import attribute_value, numpy_dtype
from nnstack.dialects.weights import (
    WEIGHTS,
    WeightCollector,
    WeightsError,
    relocated,
    save_weights,
    write_weights,
)
from nnstack.frontend.errors import NotConstantError, OnnxImportError
from nnstack.interpreters import Call, argument_types, find_function, prepare, random_inputs
from nnstack.interpreters.inputs import ArgumentDomains, argument_domains
from nnstack.interpreters.llir import leaked_buffers
from nnstack.interpreters.llir.engine import DEFAULT_MAX_CALL_DEPTH
from nnstack.interpreters.llir.memory import DEFAULT_MAX_ALLOCATION
from nnstack.tools.diagnostics import DiagnosticError, render
from nnstack.tools.driver import Chunk, PassRunner, parse, read_input, read_source_text, report_internal_error
from nnstack.tools.run_monitors import FiniteCheck, Progress, observing
from nnstack.tools.source_text import SourceText
from nnstack.tools.timing import Timing, add_progress_argument
from nnstack.tools.verifier import verify_module
from nnstack.transforms.utils import cyclic_gc_paused

USER_ERRORS = (
    ArgSpecParseError,  # a BaseException, not an Exception
    OnnxImportError,
    DiagnosticException,
    InterpretationError,
    ParseError,
    PassFailedException,
    VerifyException,
    ValueError,
    OSError,
    WeightsError,
)
"""What a bad program, a bad input file or a bad command line raises."""


class NnstackRunMain(xDSLRunMain):
    """xDSL's runner with nnstack's interpreters, .npy inputs and outputs and pipelines."""

    scratch: tempfile.TemporaryDirectory[str] | None = None
    """Where an ONNX model imported in process keeps its weights while it runs."""

    multiverse: Universe
    """Every dialect and pass installed (xDSL's plugins, nnstack's among them): found
    once per run, for the dialects and for the pipeline (a scan of every installed
    package's entry points, milliseconds each time)."""

    def __init__(self, args: Sequence[str] | None = None):
        super().__init__(description="Run a function with the nnstack interpreters", args=args)

    def register_all_dialects(self) -> None:
        self.multiverse = Universe.get_multiverse()
        for name, factory in self.multiverse.all_dialects.items():
            self.ctx.register_dialect(name, factory)

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser):
        # xdsl-run's own flags (--verbose, --index-bitwidth) mean nothing to nnstack's
        # interpreters: only the input-file flags of every xDSL tool are taken
        CommandLineTool.register_all_arguments(self, arg_parser)
        for action in arg_parser._actions:  # argparse keeps no public list
            if action.dest == "disable_verify":
                action.help = "do not verify the input or the IR after each pass"
        arg_parser.add_argument("--symbol", default="main", help="the function to call (default: main)")
        arg_parser.add_argument(
            "--args",
            metavar="ATTRS",
            help="the arguments as comma-separated MLIR attributes of the arguments' types, "
            "instead of --input files: 'dense<[1.0, 2.0]> : tensor<2xf32>, 3 : i64'",
        )
        arg_parser.add_argument(
            "--input",
            action="append",
            default=[],
            metavar="X.npy",
            help="a .npy file for the next function argument (repeat, in argument order)",
        )
        arg_parser.add_argument(
            "--random-inputs",
            action="store_true",
            help="feed every argument a seeded random array of its type",
        )
        arg_parser.add_argument("--seed", type=int, default=0, help="seed of --random-inputs")
        arg_parser.add_argument(
            "--cast-inputs",
            action="store_true",
            help="convert --input arrays to the arguments' element types (else a mismatch is an error)",
        )
        arg_parser.add_argument("--version", action=_VersionAction, help="show the version and exit")
        arg_parser.add_argument(
            "--output-dir",
            type=Path,
            help="save results as out<k>.npy and written memref arguments as arg<k>.npy",
        )
        arg_parser.add_argument(
            "--profile",
            action="store_true",
            help="print the bytes moved between memory levels and the peak bytes resident "
            "per level (spensor programs)",
        )
        arg_parser.add_argument(
            "-p",
            "--passes",
            default="",
            metavar="PIPELINE",
            help="pass pipeline applied before running, as for xdsl-opt",
        )
        arg_parser.add_argument(
            "-o",
            "--output",
            type=Path,
            metavar="FILE",
            help="save the module the pipeline produced (the one that runs) to FILE",
        )
        arg_parser.add_argument(
            "--print-ir-after-all",
            action="store_true",
            help="print the IR after each pass of the pipeline to stderr",
        )
        arg_parser.add_argument(
            "--print-ir-after",
            action="append",
            default=[],
            metavar="PASS",
            help="print the IR after each run of PASS to stderr (repeatable)",
        )
        arg_parser.add_argument(
            "--max-allocation",
            type=int,
            default=DEFAULT_MAX_ALLOCATION,
            metavar="BYTES",
            help=f"the largest llir.alloc_buffer allowed, in bytes (default {DEFAULT_MAX_ALLOCATION})",
        )
        arg_parser.add_argument(
            "--max-call-depth",
            type=int,
            default=DEFAULT_MAX_CALL_DEPTH,
            metavar="N",
            help=f"how many llir functions may be active at once (default {DEFAULT_MAX_CALL_DEPTH})",
        )
        arg_parser.add_argument(
            "--check-leaks",
            action="store_true",
            help="list the llir buffers still allocated after the call; exit 1 if there are any",
        )
        arg_parser.add_argument(
            "--strict-memory",
            action="store_true",
            help="make reading llir memory that was never written an error",
        )
        arg_parser.add_argument(
            "--check-finite",
            action="store_true",
            help="warn, naming the first op that produced them, when NaN or Inf reach the results "
            "from inputs that have none",
        )
        arg_parser.add_argument(
            "--backend",
            choices=("interpreter", "native"),
            default="interpreter",
            help="run with the interpreters, or JIT-compile the llir function to native code "
            "(LLVM -O3 for this CPU; lower to llir first with -p)",
        )
        arg_parser.add_argument(
            "--check-bounds",
            action="store_true",
            help="with --backend native: compile in bounds, use-after-free and double-free checks",
        )
        arg_parser.add_argument(
            "--threads",
            type=_positive,
            default=1,
            metavar="N",
            help="with --backend native: run the parallel loops (mir.parallel_for, the row tiles of "
            "matmuls, the output rows of convs) on up to N threads (the results are those of one)",
        )
        arg_parser.add_argument(
            "--no-cache",
            action="store_true",
            help="with --backend native: compile, neither loading the code from nor storing it in the "
            "on-disk cache ($NNSTACK_CACHE_DIR, else $XDG_CACHE_HOME/nnstack or ~/.cache/nnstack)",
        )
        add_progress_argument(arg_parser)
        arg_parser.add_argument(
            "--timing",
            action="store_true",
            help="report the wall time of parsing, verifying, each pass, preparing and running on stderr "
            "(as mlir-opt's -mlir-timing)",
        )
        arg_parser.add_argument(
            "--traceback",
            action="store_true",
            help="show the Python traceback of an internal error (a bug, not a problem in the input)",
        )

    stage: str = "parse"
    """The step that is running (parse, verify, passes, run): which one failed, for
    tools that sort failures (the mutation fuzz test)."""
    timing: Timing
    """The wall time of each phase of this run (`--timing`)."""

    def run(self) -> None:
        """xDSL's entry point: runs the tool and exits with its status."""
        sys.exit(self.run_tool())

    def run_tool(self) -> int:
        """Parses, lowers and runs; the exit status (0, 1: errors, 2: a bug)."""
        self.source = ""
        self.timing = Timing.of_tool("nnstack-run", self.args.progress)
        try:
            with cyclic_gc_paused():
                try:
                    self.run_or_raise()
                finally:
                    self.timing.clear()  # the progress line, before any message
        except BrokenPipeError:
            raise  # (`main` ends quietly)
        except DiagnosticError as error:
            name = self.get_input_name()
            for diagnostic in error.diagnostics:
                print(render(diagnostic, {name: self.source}, name), file=sys.stderr)
            return 1
        except USER_ERRORS as error:
            print(f"nnstack-run: error: {one_line(error)}", file=sys.stderr)
            return 1
        except Exception as error:  # noqa: BLE001 (a bug, reported as one)
            report_internal_error("nnstack-run", error, None, self.args.traceback)
            return 2
        if self.args.timing:
            print(self.timing.report(), file=sys.stderr)
        return 0

    def run_or_raise(self) -> None:
        module = self.parse_input()
        # the domains gawee ops give the arguments (positive variances, in-range
        # indices), read before a pipeline lowers them away
        source = SymbolTable.lookup_symbol(module, self.args.symbol)
        domains = argument_domains(source) if source is not None else None
        if self.args.passes:
            self.stage = "passes"
            with self.timing.phase("Pipeline"):
                self.apply_pipeline(module)
        self.stage = "run"
        if self.args.output is not None:
            self.save(module, self.args.output)
        function = find_function(module, self.args.symbol)
        types = argument_types(function)
        given = [self.args.input, self.args.random_inputs, self.args.args is not None]
        if sum(map(bool, given)) > 1:
            raise ValueError("give the arguments one way: --input files, --args or --random-inputs")
        with self.timing.phase("Inputs"):
            arrays = self.arguments(types, domains)
        if self.args.backend == "native":
            with self.timing.phase("Native (compile and run)"):
                results, arguments = self.run_native(module, arrays)
            interpreter = None
        else:
            results, arguments, interpreter = self.call(module, arrays)
        written = {
            f"arg{k}": a for k, (a, t) in enumerate(zip(arguments, types)) if isinstance(t, MemRefType)
        }
        outputs = {f"out{k}": r for k, r in enumerate(results)} | written
        with self.timing.phase("Output", shown=False):
            self.write_outputs(outputs)
        if interpreter is not None and self.args.profile:
            from nnstack.interpreters.spensor import memory_profile

            print(memory_profile(interpreter).table())
        if interpreter is not None and self.args.check_leaks:
            check_leaks(interpreter)

    def arguments(self, types: Sequence[Attribute], domains: ArgumentDomains | None) -> list[Any]:
        """The arguments, from --random-inputs, --args or the --input files."""
        if self.args.random_inputs:
            return random_inputs(types, self.args.seed, domains)
        if self.args.args is not None:
            return self.parse_args_attributes(types)
        if len(self.args.input) != len(types):
            raise ValueError(
                f"@{self.args.symbol} takes {len(types)} arguments, {len(self.args.input)} --input files "
                "given: give one --input X.npy per argument, in order, or --random-inputs"
            )
        return [
            self.load_input(path, index, typ) for index, (path, typ) in enumerate(zip(self.args.input, types))
        ]

    def write_outputs(self, outputs: dict[str, Any]) -> None:
        """Prints the results, or saves each as NAME.npy in --output-dir."""
        if self.args.output_dir is None:
            for name, value in outputs.items():
                print(f"{name}: {value.dtype}{list(value.shape)}")
                print(np.array2string(np.asarray(value), separator=", "))
            return
        self.args.output_dir.mkdir(parents=True, exist_ok=True)
        for name, value in outputs.items():
            np.save(self.args.output_dir / f"{name}.npy", np.asarray(value))

    def call(self, module: ModuleOp, arrays: Sequence[np.ndarray]) -> Call:
        """The function prepared and called, with a progress line on a terminal and
        `--check-finite`'s warning."""
        with self.timing.phase("Prepare"):
            program = prepare(module, self.args.symbol)
        report = self.timing.reporter()
        steps = None
        if program.plan is not None and report is not None:
            steps = Progress(self.args.symbol, len(program.plan.steps), report)
        finite = FiniteCheck() if self.args.check_finite else None
        with self.timing.phase("Run"):
            called = program.call(
                arrays,
                strict_memory=self.args.strict_memory,
                max_allocation=self.args.max_allocation,
                max_call_depth=self.args.max_call_depth,
                observer=observing(steps, finite),
                progress=report,
            )
        if finite is not None:
            warning = finite.warning(self.args.symbol, arrays, called.results)
            if warning is not None:
                self.timing.clear()
                name = self.get_input_name()
                print(render(warning, {name: self.source}, name), file=sys.stderr)
        return called

    def run_native(self, module: ModuleOp, arrays: list[np.ndarray]) -> tuple[tuple[np.ndarray, ...], tuple]:
        """The results and arguments of the call, JIT-compiled (`nnstack.native`)."""
        interpreter_only = [
            f"--{n}"
            for n in ("profile", "check-leaks", "strict-memory", "check-finite")
            if getattr(self.args, n.replace("-", "_"))
        ]
        if interpreter_only:
            raise ValueError(
                f"{', '.join(interpreter_only)}: interpreter checks; with --backend native use --check-bounds"
            )
        # imported on first use: it loads LLVM (llvmlite)
        from nnstack.native import call as call_native

        called = call_native(
            module,
            self.args.symbol,
            arrays,
            check_bounds=self.args.check_bounds,
            cache=not self.args.no_cache,
            threads=self.args.threads,
            progress=self.timing.reporter(),
        )
        return called.results, called.arguments

    def load_input(self, path: str, index: int, typ: Attribute) -> np.ndarray:
        """The array of `path` for argument `index`: of the argument's element type, or
        cast to it with --cast-inputs (never silently)."""
        try:
            with open(path, "rb") as file:
                is_npy = file.read(len(NPY_MAGIC)) == NPY_MAGIC
            array = np.load(path, allow_pickle=False) if is_npy else None
        except (OSError, ValueError) as error:
            raise ValueError(f"cannot read {path}: {one_line(error)}") from None
        if array is None:
            raise ValueError(f"cannot read {path}: not a .npy file (arrays are saved with numpy.save)")
        if isinstance(typ, TensorType | MemRefType):
            expected = numpy_dtype(typ)
            if array.dtype != expected:
                if not self.args.cast_inputs:
                    raise ValueError(
                        f"{path} holds {array.dtype} values, argument #{index} is {typ}: save it as "
                        f"{expected} or pass --cast-inputs"
                    )
                array = array.astype(expected)
        return array

    def parse_input(self) -> ModuleOp:
        """The verified input module, its ops located (`DiagnosticError` if it is not valid);
        an ONNX model (a `.onnx` file, or its bytes on standard input) imported in process."""
        path = self.args.input_file
        if path is not None and path.endswith(".onnx"):
            return self.import_model(path)
        with self.timing.phase("Input"):
            if path is None or path == "-":
                from nnstack.frontend.onnx.importer import looks_like_onnx

                data = sys.stdin.buffer.read()
                model = data if looks_like_onnx(data) else None  # (a model's bytes, not MLIR text)
                source = SourceText(data.decode("utf-8") if model is None else "")
            else:
                model, source = None, read_source_text(path)
        if model is not None:
            return self.import_model(model)
        self.source = source.text
        name, implicit = self.get_input_name(), not self.args.no_implicit_module
        try:
            with self.timing.phase("Parser"):
                module = parse(self.ctx, Chunk(source.text, 1, None, source), name, implicit)
        except DiagnosticError:
            if not source.hex_literals:
                raise
            # reported on the file's own text: its lines and columns as they are
            self.source = read_input(self.args.input_file)
            module = parse(self.ctx, Chunk(self.source, 1, None), name, implicit)
        self.stage = "verify"
        if not self.args.disable_verify:
            with self.timing.phase("Verifier"):
                verify_module(module)
        return module

    def import_model(self, source: str | bytes) -> ModuleOp:
        """The gawee module of the ONNX model in file `source` (or serialized in it, from
        standard input), as nnstack-import-onnx makes it; the dims the model leaves
        dynamic take the shapes of the --input arrays, and the inputs the import needs as
        constants (a Reshape target, ...) their values."""
        # (onnx and the importer load only here: a module's run does not pay for them)
        from nnstack.frontend.onnx.importer import (
            graph_inputs,
            import_onnx,
            import_specialised,
            load_model,
            model_from_bytes,
        )

        with self.timing.phase("Import"):
            if isinstance(source, str):
                model, directory = load_model(source, external_data=False), Path(source).parent
            else:
                model, directory = model_from_bytes(source), None
            names = [value.name for value in graph_inputs(model)]
            files = dict(zip(names, self.args.input))
            shapes = {name: np.load(file, mmap_mode="r").shape for name, file in files.items()}
            weights = WeightCollector()
            try:
                module = import_onnx(model, shapes, None, weights, directory, self.timing.reporter())
            except NotConstantError:
                # inputs the import needs as constants (a Reshape target, ...): specialised
                # on their values, and no longer arguments of @main
                arrays = {name: np.load(file) for name, file in files.items()}
                module, bound = import_specialised(
                    model, arrays, shapes, self.timing.reporter(), weights, directory
                )
                self.args.input = [file for name, file in files.items() if name not in bound]
            if weights.tensors:
                self.write_weights(module, weights)
        self.source = str(module)
        return module

    def write_weights(self, module: ModuleOp, weights: WeightCollector) -> None:
        """Writes the imported weights to a file the module names, as nnstack-import-onnx
        does: beside `-o`, where the saved module goes, else a scratch file for the run
        (the module's text, which diagnostics show, stays small; the weights are mapped)."""
        if self.args.output is not None:
            path = self.args.output.with_suffix(".safetensors")
        else:
            self.scratch = tempfile.TemporaryDirectory(prefix="nnstack-run-")
            path = Path(self.scratch.name) / "weights.safetensors"
        write_weights(path, weights.tensors)
        module.attributes[WEIGHTS] = StringAttr(str(path))

    @staticmethod
    def save(module: ModuleOp, path: Path) -> None:
        """Writes `module` to `path`, its weights path relative to it (as the module
        runs here, with the path as it was); the large constants a pass computed go to
        the weights file beside it (`save_weights`)."""
        save_weights(module, path.with_suffix(".safetensors"))
        named = module.attributes.get(WEIGHTS)
        relocated(module, path.parent)
        path.write_text(str(module) + "\n")
        if named is not None:
            module.attributes[WEIGHTS] = named

    def parse_args_attributes(self, types: Sequence[Attribute]) -> list[Any]:
        """The --args attributes as arrays, each of its argument's type."""
        parser = Parser(self.ctx, self.args.args, "--args")
        attributes = parser.parse_optional_undelimited_comma_separated_list(
            parser.parse_optional_attribute, parser.parse_attribute
        )
        if parser.pos < len(self.args.args):
            parser.raise_error("expected a comma-separated list of attributes")
        attributes = attributes or []
        if len(attributes) != len(types):
            raise ValueError(
                f"@{self.args.symbol} takes {len(types)} arguments, --args gives {len(attributes)}"
            )
        arrays: list[Any] = []
        for index, (attribute, typ) in enumerate(zip(attributes, types)):
            given = getattr(attribute, "type", None)
            expected = TensorType(typ.element_type, typ.get_shape()) if isinstance(typ, MemRefType) else typ
            if given != expected:
                raise ValueError(f"--args value #{index} is {attribute}, argument #{index} is {typ}")
            arrays.append(np.asarray(attribute_value(attribute, expected)))
        return arrays

    def apply_pipeline(self, module: ModuleOp) -> None:
        pipeline = PassPipeline.parse_spec(self.multiverse.all_passes, self.args.passes)
        names = {each.name for each in pipeline.passes}
        if unknown := [name for name in self.args.print_ir_after if name not in names]:
            raise ValueError(f"--print-ir-after {unknown[0]}: the pipeline has no pass of that name")
        runner = PassRunner(
            pipeline.passes,
            not self.args.disable_verify,
            after_each=self.print_ir,
            before_each=lambda each, _: self.timing.show(each.name),
            unchanged=self.warn_unchanged,
            input_verified=not self.args.disable_verify,  # (`parse_input` verified it)
        )
        runner.apply(self.ctx, module)

    def warn_unchanged(self, done: ModulePass) -> None:
        self.timing.clear()
        print(f"nnstack-run: warning: pass '{done.name}' changed nothing", file=sys.stderr)

    def print_ir(self, done: ModulePass, module: ModuleOp, seconds: float) -> None:
        """--print-ir-after(-all): the IR after a pass, to stderr, as mlir-opt prints it."""
        self.timing.add(done.name, seconds, depth=1)
        if self.args.print_ir_after_all or done.name in self.args.print_ir_after:
            self.timing.clear()
            print(f"// -----// IR Dump After {done.name} //----- //", file=sys.stderr)
            print(module, file=sys.stderr)


NPY_MAGIC = b"\x93NUMPY"
"""How a .npy file starts (numpy's format)."""


def _positive(text: str) -> int:
    """An argparse type: an integer >= 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {value}")
    return value


class _VersionAction(argparse.Action):
    """`--version`: the installed version, looked up only when asked (reading the
    package metadata is milliseconds of every run's start otherwise)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"nnstack-run {nnstack_version()}")
        parser.exit()


def nnstack_version() -> str:
    try:
        return version("nnstack")
    except PackageNotFoundError:  # run from a checkout that is not installed
        return "unknown (not installed)"


def check_leaks(interpreter: Interpreter) -> None:
    """Print each llir buffer still allocated; raise if there is any."""
    leaked = leaked_buffers(interpreter)
    for buffer in leaked:
        print(f"nnstack-run: leaked {buffer.describe()}", file=sys.stderr)
    if leaked:
        raise ValueError(f"{len(leaked)} llir buffer(s) still allocated after the call")


def one_line(error: BaseException) -> str:
    """The error's message on one line: parse errors carry a source excerpt."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return " | ".join(lines) if lines else type(error).__name__


def main() -> None:
    try:
        status = NnstackRunMain().run_tool()
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader of the output left (`nnstack-run ... | head`): end quietly, with the
        # status of a process that SIGPIPE ended, as other command-line tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 128 + signal.SIGPIPE
    sys.exit(status)


if __name__ == "__main__":
    main()
