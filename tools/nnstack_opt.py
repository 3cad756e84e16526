"""`nnstack-opt`: nnstack's modular optimizer driver, as mlir-opt / iree-opt are for theirs.

xDSL's `xdsl-opt` (`xDSLOptMain`) with every nnstack and xDSL dialect and pass (the
`xdsl.universe` entry points), and MLIR's error handling:

- every parse, verifier and pass error is one diagnostic, `FILE:LINE:COL: error: ...`
  at the op (each parsed op records its location; passes give the ops they create the
  location of the op they lower), and the exit status is 1;
- the verifier checks every op and SSA dominance in every region;
- `--verify-diagnostics` matches the diagnostics against the input's
  `// expected-error @+1 {{...}}` comments (per `// -----` chunk with
  `--split-input-file`) and fails on any unexpected or missing one;
- a pass that leaves the IR as it was is warned about on stderr (a pipeline meant
  for another level);
- an exception that is not a diagnostic is a bug: it is reported as an internal error
  (exit status 2), with the Python traceback only under `--traceback`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.metadata import version
from io import StringIO
from pathlib import Path
from typing import IO, ClassVar

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute
from xdsl.passes import ModulePass, PassPipeline
from xdsl.printer import Printer
from xdsl.utils.exceptions import ArgSpecParseError, ShrinkException
from xdsl.xdsl_opt_main import xDSLOptMain

from nnstack.dialects.weights import WeightsError, relocated, save_weights
from nnstack.tools.diagnostics import Diagnostic, DiagnosticError, one_line, render
from nnstack.tools.driver import (
    Chunk,
    PassRunner,
    describe_passes,
    module_pipeline,
    parse,
    read_input,
    report_internal_error,
    split_chunks,
)
from nnstack.tools.expected_diagnostics import check, expectations
from nnstack.tools.timing import Timing, add_progress_argument
from nnstack.tools.verifier import verify_module

TOOL = "nnstack-opt"


class NnstackOptMain(xDSLOptMain):
    """xdsl-opt with located diagnostics, a full verifier and MLIR's `--verify-diagnostics`."""

    version_format: ClassVar[str] = (
        f"{TOOL} (nnstack {version('nnstack')}) built from xdsl version {{xdsl_version}}"
    )

    runner: PassRunner
    timing: Timing

    def __init__(self, args: Sequence[str] | None = None):
        # xDSL's driver makes --disable-verify a process-wide patch of
        # `Attribute.__post_init__`: no attribute would verify again in this process (a
        # library or a test that runs the driver in process kept it). nnstack-opt skips
        # the verification of the IR only; attributes verify as they are made, as in MLIR.
        post_init = Attribute.__post_init__
        try:
            super().__init__(
                description="nnstack's optimizer driver: every nnstack and xDSL dialect and pass", args=args
            )
        finally:
            Attribute.__post_init__ = post_init

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser):
        super().register_all_arguments(arg_parser)
        arg_parser.add_argument(
            "--timing",
            "--mlir-timing",
            action="store_true",
            help="report the wall time of parsing, verifying, each pass and printing on stderr "
            "(as mlir-opt's -mlir-timing)",
        )
        add_progress_argument(arg_parser)
        arg_parser.add_argument(
            "--pass-pipeline",
            metavar="'builtin.module(PASS,...)'",
            help="the pipeline in MLIR's textual form (instead of -p)",
        )
        arg_parser.add_argument(
            "--mlir-print-ir-before-all",
            action="store_true",
            help="print the IR before each pass on stderr",
        )
        arg_parser.add_argument(
            "--mlir-print-ir-after-all",
            action="store_true",
            help="print the IR after each pass on stderr",
        )
        passes = self.available_passes

        class ListPasses(argparse.Action):
            def __call__(self, *_: object) -> None:
                print(describe_passes(passes))
                sys.exit(0)

        arg_parser.add_argument(
            "--list-passes",
            nargs=0,
            action=ListPasses,
            help="list the passes with what each does and its options",
        )
        arg_parser.add_argument(
            "--traceback",
            action="store_true",
            help="show the Python traceback of an internal error (a bug, not a problem in the input)",
        )
        helps = {
            "verify_diagnostics": "check the diagnostics against the input's `// expected-error @+1 {{...}}` "
            "comments (also expected-note/-warning/-remark, @-1, @above, @below, @unknown); "
            "exit 1 on an unexpected or a missing one",
            "parsing_diagnostics": argparse.SUPPRESS,  # parse errors are diagnostics like any other
            "disable_verify": "do not verify the input or the IR after each pass",
            "passes": "the passes to run, comma-separated, each with its options in braces: "
            "'a,b{option=value}' (see --list-passes)",
            "print_between_passes": "print the IR between passes on stderr",
            "time_passes": "print each pass's wall time on stderr (--timing reports every phase)",
        }
        for action in arg_parser._actions:  # argparse keeps no public list
            action.help = helps.get(action.dest, action.help)

    def setup_pipeline(self):
        spec = self.args.passes
        if self.args.pass_pipeline is not None:
            if spec:
                raise ValueError("give the passes either with -p or with --pass-pipeline, not both")
            spec = module_pipeline(self.args.pass_pipeline)
        self.pipeline = PassPipeline.parse_spec(self.available_passes, spec)
        self.runner = PassRunner(
            self.pipeline.passes,
            not self.args.disable_verify,
            self._after_pass,
            unchanged=self._unchanged,
            input_verified=not self.args.disable_verify,  # (`_process` verifies each input)
            before_each=self._before_pass,
        )

    def _before_pass(self, next_pass: ModulePass, module: ModuleOp) -> None:
        self.timing.show(next_pass.name)
        if self.args.mlir_print_ir_before_all:
            self._dump(f"Before {next_pass.name}", module)

    def _after_pass(self, done: ModulePass, module: ModuleOp, seconds: float) -> None:
        """Reports and dumps go to stderr, as mlir-opt's: stdout is the output IR."""
        self.timing.add(done.name, seconds, depth=1)
        if self.args.time_passes:
            self.timing.clear()
            print(f"Pass {done.name} took {seconds} seconds", file=sys.stderr)
        last = done is self.runner.passes[-1]
        if self.args.mlir_print_ir_after_all or (self.args.print_between_passes and not last):
            self._dump(f"After {done.name}", module)

    def _dump(self, when: str, module: ModuleOp) -> None:
        self.timing.clear()
        print(f"// -----// IR Dump {when} //----- //", file=sys.stderr)
        Printer(stream=sys.stderr).print_op(module)
        print("\n", file=sys.stderr)

    def _unchanged(self, done: ModulePass) -> None:
        self.timing.clear()
        print(f"{TOOL}: warning: pass '{done.name}' changed nothing", file=sys.stderr)

    def run(self) -> None:
        """xDSL's entry point: runs the tool and exits with its status."""
        sys.exit(self.run_tool())

    def run_tool(self) -> int:
        """Processes each chunk of the input; the exit status (0, 1: errors, 2: a bug)."""
        try:
            return self._run()
        except ShrinkException:
            print("Success, can shrink")
            return 0
        except (InputError, OSError, WeightsError) as error:
            print(f"{TOOL}: error: {one_line(str(error))}", file=sys.stderr)
            return 1
        except Exception as error:  # noqa: BLE001 (a bug, reported as one)
            where = f"while running pass '{self.runner.running}'" if self.runner.running else None
            report_internal_error(TOOL, error, where, self.args.traceback)
            return 2

    def _run(self) -> int:
        name = self.get_input_name()
        self.timing = Timing.of_tool(TOOL, self.args.progress)
        with self.timing.phase("Input"):
            text = self._read_input()
        # With -o, the output is written once all of it is made and nothing failed, as
        # mlir-opt does: a failed run leaves no partial (or empty) file.
        target = self.args.output_file
        if target is not None and not Path(target).parent.is_dir():
            raise InputError(f"cannot write '{target}': no directory '{Path(target).parent}'")
        output = StringIO() if target is not None else sys.stdout
        failed = False
        for index, chunk in enumerate(split_chunks(text, self.args.split_input_file)):
            if index > 0:
                output.write("// -----\n")
            diagnostics = self._process(chunk, name, output)
            if self.args.verify_diagnostics:
                try:
                    diagnostics = check(
                        diagnostics, expectations(text, name, chunk.first_line, chunk.last_line)
                    )
                except DiagnosticError as error:
                    diagnostics = error.diagnostics
            if diagnostics:
                self.timing.clear()
            self._print(diagnostics, {name: text}, name)
            failed |= bool(diagnostics)
        if target is not None and not failed:
            assert isinstance(output, StringIO)
            Path(target).write_text(output.getvalue())
        self.timing.clear()
        if self.args.timing:
            print(self.timing.report(), file=sys.stderr)
        if self.args.shrink:
            print("Failure, can't shrink")
        return 1 if failed or self.args.shrink else 0

    def _read_input(self) -> str:
        try:
            return read_input(self.args.input_file)
        except UnicodeDecodeError as error:
            raise InputError(f"{self.get_input_name()}: the input is not UTF-8 text ({error})") from error

    def _process(self, chunk: Chunk, name: str, output: IO[str]) -> list[Diagnostic]:
        """Parses, verifies, transforms and prints one chunk; its diagnostics."""
        try:
            with self.timing.phase("Parser"):
                module = parse(self.ctx, chunk, name, not self.args.no_implicit_module)
            if not self.args.disable_verify:
                with self.timing.phase("Verifier"):
                    verify_module(module)
            with self.timing.phase("Pipeline"):
                self.runner.apply(self.ctx, module)
        except DiagnosticError as error:
            return error.diagnostics
        with self.timing.phase("Output", shown=False):
            target = self.args.output_file
            if target is not None and not self.args.split_input_file:
                # the constants a pass computed go beside the output, as the importer's do
                save_weights(module, Path(target).with_suffix(".safetensors"))
            relocated(module, Path(target).parent if target is not None else Path.cwd())
            output.write(self.output_resulting_program(module))
            output.flush()
        return []

    @staticmethod
    def _print(diagnostics: Sequence[Diagnostic], sources: dict[str, str], name: str) -> None:
        for diagnostic in diagnostics:
            print(render(diagnostic, sources, name), file=sys.stderr)


class InputError(Exception):
    """An input file the tool cannot read."""


def main(args: Sequence[str] | None = None) -> int:
    """Runs nnstack-opt; returns its exit status."""
    try:
        tool = NnstackOptMain(args)
    except (ArgSpecParseError, ValueError, TypeError) as error:  # a bad pass pipeline
        print(f"{TOOL}: error: {one_line(str(error))}", file=sys.stderr)
        return 1
    return tool.run_tool()


def console_main() -> None:
    """The `nnstack-opt` console script."""
    sys.exit(main())


if __name__ == "__main__":
    console_main()
