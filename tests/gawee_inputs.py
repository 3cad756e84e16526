"""Random arguments for a gawee function, drawn so that every op is in its domain,
and how far two runs of a float program may differ: shared by the lowering tests
(tests/transforms) and the differential fuzz test (tests/fuzz)."""

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import TensorType

from nnstack.dialects.values import numpy_dtype
from nnstack.interpreters.inputs import argument_domains, respect_domains


def random_arguments(function: func.FuncOp, rng: np.random.Generator) -> list[np.ndarray]:
    """Normal random tensors of the float types, random masks, small integers; then the
    arguments with a domain redrawn in it (`nnstack.interpreters.inputs`: positive
    batch-norm variances, in-range gather / gather_elements / scatter_nd indices, conv
    and linear weights scaled by 1/sqrt(fan-in))."""
    arrays = []
    for arg in function.body.block.args:
        assert isinstance(arg.type, TensorType)
        dtype, shape = numpy_dtype(arg.type), arg.type.get_shape()
        if dtype == np.bool_:
            arrays.append(rng.random(shape) < 0.5)
        elif np.issubdtype(dtype, np.integer):
            arrays.append(rng.integers(-5, 6, shape).astype(dtype))
        else:
            arrays.append(rng.standard_normal(shape).astype(dtype))
    respect_domains(arrays, argument_domains(function), rng)
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
