"""Programs and helpers shared by the tests of the gawee lowerings (to linalg and to mir)."""

from pathlib import Path

import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.parser import Parser
from xdsl.passes import ModulePass

from nnstack.dialects import gawee
from nnstack.interpreters import make_context, run
from nnstack.interpreters.arith import numpy_dtype
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass

FILECHECK_INPUTS = Path(__file__).parents[1] / "filecheck" / "convert-gawee-to-linalg"


def context() -> Context:
    """A context with every dialect xdsl-opt knows, nnstack's included."""
    return make_context()


LOWERINGS: dict[str, type[ModulePass]] = {"linalg": ConvertGaweeToLinalgPass, "mir": ConvertGaweeToMirPass}


def lower(module: ModuleOp, level: str = "linalg") -> ModuleOp:
    """A verified copy of `module` lowered to `level` ("linalg" or "mir"), no gawee op left."""
    lowered = module.clone()
    LOWERINGS[level]().apply(context(), lowered)
    lowered.verify()
    assert not any(isinstance(op, gawee.GaweeOperation) for op in lowered.walk())
    return lowered


def random_arguments(function: func.FuncOp, rng: np.random.Generator) -> list[np.ndarray]:
    """Normal random tensors of the float types, with batch_norm's running variances
    positive and conv / linear weights scaled by 1/sqrt(fan-in) (as real
    initializations are, so activations stay O(1)); random masks; small integers,
    gather, gather_elements and scatter_nd indices within [-size, size) of the dim
    they address."""
    variances = {op.running_var for op in function.walk() if isinstance(op, gawee.BatchNormOp)}
    weights = {op.weight for op in function.walk() if isinstance(op, gawee.ConvOp | gawee.LinearOp)}
    index_bounds = {
        op.indices: op.data.type.get_shape()[op.normalized_axis]
        for op in function.walk()
        if isinstance(op, gawee.GatherOp | gawee.GatherElementsOp)
    }
    # scatter_nd: each entry of an index addresses its own dim of the data
    index_bounds.update(
        {
            op.indices: np.array(op.data.type.get_shape()[: op.index_depth])
            for op in function.walk()
            if isinstance(op, gawee.ScatterNDOp)
        }
    )
    arrays = []
    for arg in function.body.block.args:
        assert isinstance(arg.type, TensorType)
        dtype, shape = numpy_dtype(arg.type), arg.type.get_shape()
        if arg in index_bounds:
            array = rng.integers(-index_bounds[arg], index_bounds[arg], shape).astype(dtype)
        elif dtype == np.bool_:
            array = rng.random(shape) < 0.5
        elif np.issubdtype(dtype, np.integer):
            array = rng.integers(-5, 6, shape).astype(dtype)
        else:
            array = rng.standard_normal(shape).astype(dtype)
            if arg in variances:
                array = np.abs(array) + dtype.type(0.1)
            elif arg in weights:
                array = (array / np.sqrt(np.prod(shape[1:]))).astype(dtype)
        arrays.append(array)
    return arrays


TOLERANCES = {np.dtype(np.float16): 1e-2, np.dtype(np.float32): 1e-5, np.dtype(np.float64): 1e-9}
"""How far two runs of the same float program may differ; integers and masks agree exactly."""


def filecheck_cases() -> list:
    """Each `// -----` chunk of the lowering's FileCheck inputs that should lower."""
    return [
        pytest.param(path.name, index, chunk, id=f"{path.stem}-{index}")
        for path in sorted(FILECHECK_INPUTS.glob("*.mlir"))
        for index, chunk in enumerate(path.read_text().split("// -----"))
        if "gawee." in chunk and "expected-error" not in chunk and "CHECK-ERR" not in chunk
    ]


def parse(text: str, name: str = "input") -> ModuleOp:
    return Parser(context(), text, name).parse_module()


def find_function(module: ModuleOp, symbol: str) -> func.FuncOp:
    return next(
        op for op in module.walk() if isinstance(op, func.FuncOp) and op.sym_name.data == symbol
    )


def function_names(module: ModuleOp) -> list[str]:
    return [op.sym_name.data for op in module.walk() if isinstance(op, func.FuncOp) and op.body.blocks]


def assert_same_numbers(module: ModuleOp, symbol: str, seed: int = 0, level: str = "linalg") -> float:
    """Runs `symbol` on random arguments before and after lowering to `level`; the results
    agree (floats within `TOLERANCES`, relative to their magnitude where it exceeds 1).
    Returns the max abs error."""
    arrays = random_arguments(find_function(module, symbol), np.random.default_rng(seed))
    expected = run(module, symbol, *arrays)
    got = run(lower(module, level), symbol, *arrays)
    assert len(expected) == len(got)
    error = 0.0
    for e, g in zip(expected, got):
        assert e.shape == g.shape and e.dtype == g.dtype
        tolerance = TOLERANCES.get(e.dtype, 0.0)
        scale = max(1.0, float(np.max(np.abs(e), initial=0)))
        error = max(error, float(np.max(np.abs(e.astype(np.float64) - g), initial=0)))
        assert error <= tolerance * scale, f"@{symbol}: max abs error {error}"
    return error
