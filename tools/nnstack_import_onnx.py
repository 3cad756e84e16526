"""`nnstack-import-onnx MODEL.onnx -o MODEL.mlir [--input-shape NAME=1x3x224x224 ...]`:
writes the gawee module of an ONNX model and, beside it, its weights
(`MODEL.safetensors`, which the module names; `--inline-weights` keeps them in the
text); a model it cannot import exactly is a one-line error and exit status 1."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path

from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.printer import Printer

from nnstack.dialects.weights import WEIGHTS, WeightCollector, relocated, write_weights
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
    parser.add_argument(
        "--weights",
        metavar="FILE",
        help="the safetensors file for the constants of at least 4 KiB, which the module names "
        "(default: beside -o, with the suffix .safetensors; without -o, in the text)",
    )
    parser.add_argument(
        "--inline-weights", action="store_true", help="keep every constant in the module's text (hex)"
    )
    add_progress_argument(parser)
    parser.add_argument("--version", action="version", version=f"%(prog)s (nnstack {version('nnstack')})")
    args = parser.parse_args(argv)
    if args.output and not Path(args.output).parent.is_dir():  # before the import, not after it
        return _error(f"cannot write '{args.output}': no directory '{Path(args.output).parent}'")
    weights_file = _weights_file(args)
    if weights_file is not None and not weights_file.parent.is_dir():
        return _error(f"cannot write '{weights_file}': no directory '{weights_file.parent}'")
    timing = Timing.of_tool("nnstack-import-onnx", args.progress)
    weights = WeightCollector() if weights_file is not None else None
    try:
        with timing.phase("Read"):
            model = load_model(args.model, external_data=False)
        with timing.phase("Import"):
            module = import_onnx(
                model,
                dict(args.input_shape),
                weights=weights,
                directory=Path(args.model).parent,
                progress=timing.reporter(),
            )
    except OnnxImportError as error:
        timing.clear()
        return _error(str(error))
    with timing.phase("Output", shown=False):
        status = 0
        if weights is not None and weights.tensors:
            assert weights_file is not None
            status = _write_weights(weights_file, weights, module)
        if status == 0:
            status = _write(module, args.output)
            if status and weights is not None and weights.tensors:
                assert weights_file is not None
                weights_file.unlink()
    if args.timing and status == 0:
        print(timing.report(), file=sys.stderr)
    return status


def _weights_file(args: argparse.Namespace) -> Path | None:
    """Where the weights go: `--weights`, else beside `-o`; None: in the text."""
    if args.inline_weights:
        return None
    if args.weights is not None:
        return Path(args.weights)
    return Path(args.output).with_suffix(".safetensors") if args.output else None


def _write_weights(path: Path, weights: WeightCollector, module: ModuleOp) -> int:
    """Writes the weights file and names it in `module`, relative to where it is written."""
    try:
        write_weights(path, weights.tensors)
    except OSError as error:
        return _error(f"cannot write '{path}': {error.strerror}")
    module.attributes[WEIGHTS] = StringAttr(str(path))
    return 0


def _write(module: ModuleOp, output: str | None) -> int:
    """Prints `module` to file `output` (standard output for None); a file is left only
    when it was written whole."""
    relocated(module, Path(output).parent if output is not None else Path.cwd())
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
