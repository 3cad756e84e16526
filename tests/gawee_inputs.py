"""Random arguments for a gawee function, drawn so that every op is in its domain,
and how far two runs of a float program may differ: shared by the lowering tests
(tests/transforms) and the differential fuzz test (tests/fuzz)."""

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import TensorType

from nnstack.dialects import gawee
from nnstack.interpreters.arith import numpy_dtype


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


def max_error(expected: np.ndarray, got: np.ndarray) -> float:
    """Max abs error; NaNs must sit at the same places, integers and booleans match exactly."""
    assert got.shape == expected.shape and got.dtype == expected.dtype
    if expected.dtype.kind != "f":
        np.testing.assert_array_equal(got, expected)
        return 0.0
    np.testing.assert_array_equal(np.isnan(got), np.isnan(expected))
    finite = ~np.isnan(expected)
    np.testing.assert_array_equal(np.isinf(got[finite]), np.isinf(expected[finite]))
    both = finite & ~np.isinf(expected)
    if not both.any():
        return 0.0
    return float(np.max(np.abs(got[both].astype(np.float64) - expected[both])))
