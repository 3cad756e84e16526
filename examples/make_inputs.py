"""Writes seeded inputs for an example network: an input image, He-initialised weights and
positive batch-norm variances.

Usage: python examples/make_inputs.py PROGRAM.mlir SYMBOL OUT_DIR
Writes OUT_DIR/arg00.npy, arg01.npy, ... in argument order, so that
`nnstack-run PROGRAM.mlir --symbol SYMBOL --input OUT_DIR/arg00.npy ...` runs it.
"""

import sys
from pathlib import Path

import numpy as np

from nnstack.interpreters import find_function, parse_module
from nnstack.interpreters.inputs import argument_domains


def main(program: str, symbol: str, out_dir: str) -> None:
    function = find_function(parse_module(Path(program).read_text()), symbol)
    variances = argument_domains(function).positive
    rng = np.random.default_rng(0)
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    for index, arg in enumerate(function.body.block.args):
        shape = tuple(arg.type.get_shape())
        name = arg.name_hint or ""
        if name.endswith("_weight"):
            fan_in = int(np.prod(shape[1:]))
            array = rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)
        elif name.endswith("_bias"):
            array = rng.standard_normal(shape) * 0.01
        else:
            array = rng.standard_normal(shape)
        if index in variances:
            array = np.abs(array) + 0.1
        np.save(Path(out_dir) / f"arg{index:02d}.npy", array.astype(np.float32))


if __name__ == "__main__":
    main(*sys.argv[1:])
