"""gawee.arg_max, gawee.arg_min, gawee.cumsum, gawee.cumprod and gawee.gather_nd against
ONNX's reference evaluator (ArgMax, ArgMin, CumSum, CumProd, GatherND), at gawee, linalg
and mir level."""

from __future__ import annotations

import numpy as np
import pytest
from onnx_checks import check, onnx_reference

DTYPES = [np.float32, np.float16, np.float64, np.int64, np.int32, np.int8]


def few_values(shape: tuple[int, ...], dtype: type, seed: int = 0) -> np.ndarray:
    """Few distinct values, so ties are common."""
    return np.random.default_rng(seed).integers(-3, 4, shape).astype(dtype)


# ---------------------------------------------------------------------------
# arg_max, arg_min
# ---------------------------------------------------------------------------


def arg_text(name: str, axis: int, keep: bool, last: bool) -> str:
    text = f"{name} {{operands}} axis = {axis}"
    text += "" if keep else " keepDims = false"
    return text + (" selectLastIndex = true" if last else "")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("last", [False, True])
@pytest.mark.parametrize("keep", [True, False])
@pytest.mark.parametrize(("shape", "axis"), [((3, 7), -1), ((5, 2, 3), 0), ((2, 6, 3), 1), ((9,), 0)])
@pytest.mark.parametrize(("name", "operator"), [("arg_max", "ArgMax"), ("arg_min", "ArgMin")])
def test_arg_reductions_match_onnx_with_ties(name, operator, shape, axis, keep, last, dtype):
    """The first index among equal extrema, the last with selectLastIndex."""
    x = few_values(shape, dtype)
    expected = onnx_reference(operator, [x], {}, axis=axis, keepdims=int(keep), select_last_index=int(last))
    check(arg_text(name, axis, keep, last), [x], expected)


@pytest.mark.parametrize("last", [False, True])
@pytest.mark.parametrize(("name", "operator"), [("arg_max", "ArgMax"), ("arg_min", "ArgMin")])
def test_arg_reductions_take_nan_as_the_extremum(name, operator, last):
    """A NaN wins over every number (the first or last NaN), as in onnx's reference;
    infinities and signed zeros compare as numbers (-0.0 ties 0.0)."""
    nan, inf = np.nan, np.inf
    x = np.array(
        [
            [1.0, nan, 3.0, nan, -inf],
            [-inf, -inf, -inf, -inf, -inf],
            [inf, inf, 2.0, -0.0, 0.0],
            [-0.0, 0.0, 0.0, -0.0, 5.0],
            [nan, nan, nan, nan, nan],
        ],
        np.float32,
    )
    for axis in (0, 1):
        expected = onnx_reference(operator, [x], {}, axis=axis, keepdims=0, select_last_index=int(last))
        check(arg_text(name, axis, False, last), [x], expected)
    assert onnx_reference("ArgMax", [x], {}, axis=1, keepdims=0).tolist() == [1, 0, 0, 4, 0]


# ---------------------------------------------------------------------------
# cumsum, cumprod
# ---------------------------------------------------------------------------

SCANS = pytest.mark.parametrize(("name", "operator"), [("cumsum", "CumSum"), ("cumprod", "CumProd")])


@SCANS
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    ("exclusive", "reverse"), [(False, False), (True, False), (False, True), (True, True)]
)
@pytest.mark.parametrize(
    ("shape", "axis"), [((3, 7), -1), ((5, 2, 3), 0), ((2, 6, 3), 1), ((9,), 0), ((2, 1), 1)]
)
def test_scans_match_onnx(name, operator, shape, axis, exclusive, reverse, dtype):
    """Every level sums (multiplies) in numpy's order (from the far end in reverse), so
    floats agree exactly too; exclusive scans start with 0 (1)."""
    rng = np.random.default_rng(1)
    if np.issubdtype(dtype, np.floating):
        x = rng.standard_normal(shape).astype(dtype)
    else:
        x = few_values(shape, dtype)
    expected = onnx_reference(
        operator, [x], {"axis": np.array(axis, np.int64)}, exclusive=int(exclusive), reverse=int(reverse)
    )
    text = f"{name} {{operands}} axis = {axis}"
    text += " exclusive = true" if exclusive else ""
    check(text + (" reverse = true" if reverse else ""), [x], expected)


def test_cumsum_of_integers_wraps_as_numpy():
    x = np.array([100, 100, -128, 27], np.int8)
    expected = onnx_reference("CumSum", [x], {"axis": np.array(0, np.int32)})
    assert expected.tolist() == [100, -56, 72, 99]
    check("cumsum {operands} axis = 0", [x], expected)


def test_cumprod_of_integers_wraps_as_numpy():
    x = np.array([100, 3, -2, 5], np.int8)
    expected = onnx_reference("CumProd", [x], {"axis": np.array(0, np.int32)})
    assert expected.tolist() == [100, 44, -88, 72]
    check("cumprod {operands} axis = 0", [x], expected)


def test_cumprod_carries_nan_infinities_and_zeros():
    """inf * 0 is NaN from where it meets on; a skipped element (exclusive) changes nothing."""
    x = np.array([[2.0, np.inf, 0.0, -3.0], [np.nan, 1.0, -0.0, 3.0], [0.5, -np.inf, 4.0, 1e30]], np.float32)
    for reverse in (0, 1):
        for exclusive in (0, 1):
            with np.errstate(invalid="ignore", over="ignore"):
                expected = onnx_reference(
                    "CumProd", [x], {"axis": np.array(1, np.int64)}, reverse=reverse, exclusive=exclusive
                )
            text = "cumprod {operands} axis = 1" + (" exclusive = true" if exclusive else "")
            check(text + (" reverse = true" if reverse else ""), [x], expected)


def test_cumsum_carries_nan_and_infinities():
    x = np.array([[1.0, np.inf, -np.inf, 2.0], [np.nan, 1.0, 2.0, 3.0]], np.float32)
    for reverse in (0, 1):
        with np.errstate(invalid="ignore"):  # (inf + -inf in the reference)
            expected = onnx_reference("CumSum", [x], {"axis": np.array(1, np.int64)}, reverse=reverse)
        check("cumsum {operands} axis = 1" + (" reverse = true" if reverse else ""), [x], expected)


# ---------------------------------------------------------------------------
# gather_nd
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32, np.int64, np.bool_])
@pytest.mark.parametrize(
    ("data_shape", "index_shape", "batch_dims"),
    [
        ((2, 3, 4), (5, 2), 0),
        ((2, 3, 4), (5, 3), 0),
        ((4,), (2, 3, 1), 0),
        ((2, 3, 4), (2, 5, 1), 1),
        ((2, 3, 4, 2), (2, 3, 2, 1), 2),
        ((2, 3, 4), (2, 3, 4, 1), 2),
        ((3, 2), (1,), 0),
    ],
)
def test_gather_nd_matches_onnx(data_shape, index_shape, batch_dims, dtype):
    """Negative entries count from the end of their dim (each its own size)."""
    rng = np.random.default_rng(2)
    data = (
        rng.integers(0, 2, data_shape) if dtype == np.bool_ else rng.integers(-50, 50, data_shape)
    ).astype(dtype)
    sizes = np.array(data_shape[batch_dims : batch_dims + index_shape[-1]])
    indices = rng.integers(-sizes, sizes, index_shape).astype(np.int64)
    expected = onnx_reference("GatherND", [data, indices], {}, batch_dims=batch_dims)
    text = "gather_nd {operands}" + (f" batchDims = {batch_dims}" if batch_dims else "")
    check(text, [data, indices], expected)


def test_gather_nd_index_out_of_range_is_a_runtime_error():
    """An index outside its dim fails at gawee and mir level (as gather does), naming
    the op: one that would still land inside the data as a row number too."""
    from levels import lower
    from onnx_checks import one_op_program
    from xdsl.utils.exceptions import InterpretationError

    from nnstack.interpreters import parse_module, run

    data = np.arange(12, dtype=np.float32).reshape(3, 4)
    indices = np.array([[0, 4]], np.int64)  # row 1, column 0 if flattened
    text = one_op_program("gather_nd {operands}", [data, indices], [np.zeros(1, np.float32)])
    with pytest.raises(InterpretationError, match="gawee.gather_nd: index 4 is out of range"):
        run(parse_module(text), "main", data, indices)
    with pytest.raises(InterpretationError, match="mir.gather"):
        run(lower(parse_module(text), "mir"), "main", data, indices)
