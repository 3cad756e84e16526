"""`nnstack-import-onnx MODEL.onnx -o MODEL.mlir [--input-shape NAME=1x3x224x224 ...]`:
writes the gawee module of an ONNX model; a model it cannot import exactly is a
one-line error and exit status 1."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path

from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer

from nnstack.frontend.onnx import OnnxImportError, import_onnx
from nnstack.frontend.onnx.importer import load_model
from nnstack.tools.timing import Timing, add_progress_argument


def input_shape(text: str) -> tuple[str, tuple[int, ...]]:
    """`NAME=1x3x224x224` (a scalar input: `NAME=`)."""
    name, sep, dims = text.rpartition("=")
    try:
        if not sep or not name:
            raise ValueError
        shape = tuple(int(d) for d in dims.split("x")) if dims else ()
        if any(d < 0 for d in shape):
            raise ValueError
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not NAME=DxDx...D with sizes >= 0") from None
    return name, shape


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="nnstack-import-onnx", description=__doc__)
    parser.add_argument("model", help="the ONNX model file")
    parser.add_argument("-o", "--output", help="where to write the module (default: standard output)")
    parser.add_argument(
        "--input-shape",
        type=input_shape,
        action="append",
        default=[],
        metavar="NAME=DxD...",
        help="the static shape of a graph input whose shape is dynamic in the model",
    )
    parser.add_argument(
        "--timing",
        action="store_true",
        help="report the wall time of reading the model, importing it and writing the module on stderr "
        "(as mlir-opt's -mlir-timing)",
    )
    add_progress_argument(parser)
    parser.add_argument("--version", action="version", version=f"%(prog)s (nnstack {version('nnstack')})")
    args = parser.parse_args(argv)
    if args.output and not Path(args.output).parent.is_dir():  # before the import, not after it
        return _error(f"cannot write '{args.output}': no directory '{Path(args.output).parent}'")
    timing = Timing.of_tool("nnstack-import-onnx", args.progress)
    try:
        with timing.phase("Read"):
            model = load_model(args.model)
        with timing.phase("Import"):
            module = import_onnx(model, dict(args.input_shape))
    except OnnxImportError as error:
        timing.clear()
        return _error(str(error))
    with timing.phase("Output", shown=False):
        status = _write(module, args.output)
    if args.timing and status == 0:
        print(timing.report(), file=sys.stderr)
    return status


def _write(module: ModuleOp, output: str | None) -> int:
    """Prints `module` to file `output` (standard output for None); a file is left only
    when it was written whole."""
    if output is None:
        Printer(stream=sys.stdout).print_op(module)
        sys.stdout.write("\n")
        return 0
    try:
        file = open(output, "w")  # noqa: SIM115 (closed below, removed if a write fails)
    except OSError as error:
        return _error(f"cannot write '{output}': {error.strerror}")
    try:
        with file:
            Printer(stream=file).print_op(module)
            file.write("\n")
    except OSError as error:
        Path(output).unlink()  # no partial output
        return _error(f"cannot write '{output}': {error.strerror}")
    return 0


def _error(message: str) -> int:
    print(f"nnstack-import-onnx: error: {message}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
