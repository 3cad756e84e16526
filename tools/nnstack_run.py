"""`nnstack-run`: run a function of an MLIR file with every nnstack interpreter.

An `xdsl-run`-compatible runner: it takes the same input file and `--symbol`, and
adds what a user of a numpy-level compiler needs: inputs from `.npy` files (or random
ones), an optional pass pipeline applied first, and results printed or saved as
`out<k>.npy` (plus `arg<k>.npy` for memref arguments the function writes into).
Errors print one line and exit non-zero, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.passes import PassPipeline
from xdsl.tools.xdsl_run import xDSLRunMain
from xdsl.universe import Universe
from xdsl.utils.exceptions import (
    DiagnosticException,
    InterpretationError,
    ParseError,
    PassFailedException,
    VerifyException,
)

from nnstack.interpreters import argument_types, find_function, random_inputs, run

USER_ERRORS = (
    DiagnosticException,
    InterpretationError,
    ParseError,
    PassFailedException,
    VerifyException,
    ValueError,
    OSError,
)
"""What a bad program, a bad input file or a bad command line raises."""


class NnstackRunMain(xDSLRunMain):
    """xDSL's runner with nnstack's interpreters, .npy inputs and outputs and pipelines."""

    def __init__(self, args: Sequence[str] | None = None):
        super().__init__(description="Run a function with the nnstack interpreters", args=args)

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser):
        super().register_all_arguments(arg_parser)
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
            "--output-dir",
            type=Path,
            help="save results as out<k>.npy and written memref arguments as arg<k>.npy",
        )
        arg_parser.add_argument(
            "-p",
            "--passes",
            default="",
            metavar="PIPELINE",
            help="pass pipeline applied before running, as for xdsl-opt",
        )

    def run(self) -> int:
        try:
            self.run_or_raise()
        except USER_ERRORS as error:
            print(f"nnstack-run: error: {one_line(error)}", file=sys.stderr)
            return 1
        return 0

    def run_or_raise(self) -> None:
        module = self.parse_input()
        if self.args.passes:
            self.apply_pipeline(module)
            module.verify()
        function = find_function(module, self.args.symbol)
        types = argument_types(function)
        if self.args.input and self.args.random_inputs:
            raise ValueError("give either --input files or --random-inputs, not both")
        if self.args.random_inputs:
            arrays = random_inputs(types, self.args.seed)
        else:
            arrays = [np.load(path, allow_pickle=False) for path in self.args.input]
        results, arguments = run(module, self.args.symbol, *arrays, return_arguments=True)
        written = {f"arg{k}": a for k, (a, t) in enumerate(zip(arguments, types)) if isinstance(t, MemRefType)}
        outputs = {f"out{k}": r for k, r in enumerate(results)} | written
        if self.args.output_dir is None:
            for name, value in outputs.items():
                print(f"{name}: {value.dtype}{list(value.shape)}")
                print(np.array2string(np.asarray(value), separator=", "))
            return
        self.args.output_dir.mkdir(parents=True, exist_ok=True)
        for name, value in outputs.items():
            np.save(self.args.output_dir / f"{name}.npy", np.asarray(value))

    def parse_input(self) -> ModuleOp:
        stream, extension = self.get_input_stream()
        try:
            module = self.parse_chunk(stream, extension)
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
        if module is None:
            raise ValueError("the input holds no module")
        module.verify()
        return module

    def apply_pipeline(self, module: ModuleOp) -> None:
        passes = Universe.get_multiverse().all_passes
        pipeline = PassPipeline.parse_spec(passes, self.args.passes)
        pipeline.apply(self.ctx, module)


def one_line(error: BaseException) -> str:
    """The error's message on one line: parse errors carry a source excerpt."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return " | ".join(lines) if lines else type(error).__name__


def main() -> None:
    sys.exit(NnstackRunMain().run())


if __name__ == "__main__":
    main()
