"""A composite gawee op's meaning is its decomposition; a kernel of its own in the gawee
interpreter (relu, sigmoid, gelu, clip, ...: faster on models) is an optimisation, and
must agree with it. Each composite op's docs example runs as written (the op's kernel)
and after `gawee-decompose` (the primitive ops' kernels), on inputs that include the
special values: +-0, +-inf, NaN, and values far out in both directions."""

from __future__ import annotations

import numpy as np
import pytest
from gawee_examples import EXAMPLE, sections
from xdsl.context import Context
from xdsl.dialects import func

from nnstack.dialects.gawee import Gawee
from nnstack.dialects.gawee.composite import is_composite
from nnstack.dialects.values import numpy_dtype
from nnstack.interpreters import parse_module, run
from nnstack.interpreters.inputs import argument_domains
from nnstack.transforms.gawee_decompose import GaweeDecomposePass

COMPOSITES = sorted(op.name for op in Gawee.operations if is_composite(op))
SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e4, -1e4, 0.5, -0.5, 3.0, -3.0]


def _inputs(function: func.FuncOp, rng: np.random.Generator, special: bool) -> list[np.ndarray]:
    """Uniform values in [-8, 8), or (`special`) the special values over and over;
    integers over their type's range, or its ends; an index tensor (max_unpool's) and
    an operand its op draws (max_roi_pool's boxes) in its domain."""
    arrays = []
    domains = argument_domains(function)
    bounds = domains.index_bounds
    for position, typ in enumerate(function.function_type.inputs.data):
        shape = tuple(typ.get_shape())  # pyright: ignore[reportAttributeAccessIssue]
        element = str(typ.element_type)  # pyright: ignore[reportAttributeAccessIssue]
        if position in domains.drawn:
            arrays.append(domains.drawn[position](rng).astype(numpy_dtype(typ)))
            continue
        if element == "i1":
            arrays.append(rng.random(shape) < 0.5)
            continue
        if position in bounds:
            bound = int(bounds[position])
            arrays.append(rng.integers(-bound, bound, shape).astype(np.int64))
            continue
        size = int(np.prod(shape))
        dtype = numpy_dtype(typ)
        if np.issubdtype(dtype, np.integer):  # the whole range; (`special`) its ends, 0 and 1
            info = np.iinfo(dtype)
            ends = np.array([info.min, info.max, 0, 1, info.max // 2], dtype)
            drawn = np.resize(ends, size) if special else rng.integers(info.min, info.max, size, dtype, True)
            arrays.append(rng.permutation(drawn).reshape(shape))
            continue
        values = np.resize(np.array(SPECIAL), size) if special else rng.uniform(-8, 8, size)
        dtype = {"f16": np.float16, "f64": np.float64}.get(element, np.float32)
        arrays.append(rng.permutation(values).reshape(shape).astype(dtype))
    return arrays


def test_there_are_composite_ops():
    assert {"gawee.relu", "gawee.gelu", "gawee.softplus"} <= set(COMPOSITES)


@pytest.mark.parametrize("name", COMPOSITES)
def test_the_kernel_agrees_with_the_decomposition(name: str):
    (example,) = EXAMPLE.findall(sections()[name])
    module = parse_module(example)
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    symbol = function.sym_name.data
    decomposed = module.clone()
    GaweeDecomposePass().apply(Context(), decomposed)
    assert name not in {op.name for op in decomposed.walk()}
    rng = np.random.default_rng(0)
    for special in (False, True, True):
        arrays = _inputs(function, rng, special)
        got, expected = run(module, symbol, *arrays), run(decomposed, symbol, *arrays)
        for kernel, reference in zip(got, expected, strict=True):
            assert kernel.dtype == reference.dtype and kernel.shape == reference.shape
            tolerance = 1e-2 if kernel.dtype == np.float16 else 1e-5
            np.testing.assert_allclose(kernel, reference, rtol=tolerance, atol=tolerance, equal_nan=True)
