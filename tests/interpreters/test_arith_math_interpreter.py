"""Numeric tests of the numpy-backed arith and math interpreters.

Each op runs from MLIR text through `nnstack.interpreters.run`, on scalars and on whole
arrays inside a linalg.generic, against references written here with numpy and Python's
`math`. The tensor interpreter and `run`'s argument checks are in test_tensor_interpreter.py.
"""

import math

import numpy as np
import pytest
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import parse_module, run


def scalar_and_elementwise(body: str, arg_types: list[str], result_type: str, n: int = 6) -> str:
    """A scalar function `@s` and the same body as a rank-1 linalg.generic `@v`.

    `body` uses %a, %b, ... and defines %r.
    """
    names = [f"%{chr(ord('a') + i)}" for i in range(len(arg_types))]
    scalar_args = ", ".join(f"{v}: {t}" for v, t in zip(names, arg_types))
    tensor_types = [f"tensor<{n}x{t}>" for t in arg_types]
    vector_args = ", ".join(f"{v}_t: {t}" for v, t in zip(names, tensor_types))
    maps = ", ".join(["affine_map<(d0) -> (d0)>"] * (len(arg_types) + 1))
    out = f"tensor<{n}x{result_type}>"
    block_args = ", ".join(f"{v}: {t}" for v, t in zip(names, arg_types))
    return f"""
func.func @s({scalar_args}) -> {result_type} {{
{body}
  func.return %r : {result_type}
}}
func.func @v({vector_args}) -> {out} {{
  %e = tensor.empty() : {out}
  %res = linalg.generic {{indexing_maps = [{maps}], iterator_types = ["parallel"]}}
       ins({", ".join(f"{v}_t" for v in names)} : {", ".join(tensor_types)}) outs(%e : {out}) {{
  ^bb0({block_args}, %o: {result_type}):
{body}
    linalg.yield %r : {result_type}
  }} -> {out}
  func.return %res : {out}
}}
"""


def check_both(body, arg_types, result_type, inputs, expected, exact=True, rtol=2e-6, atol=1e-7):
    """Run `body` on each element as scalars, then on the arrays; compare both
    (within `rtol` and `atol` unless `exact`)."""
    module = parse_module(scalar_and_elementwise(body, arg_types, result_type, len(expected)))
    (vector,) = run(module, "v", *inputs)
    scalars = [run(module, "s", *(x[i] for x in inputs))[0] for i in range(len(expected))]
    expected = np.asarray(expected)
    assert vector.dtype == expected.dtype, (vector.dtype, expected.dtype)
    assert all(s.dtype == expected.dtype for s in scalars)
    if exact:
        np.testing.assert_array_equal(vector, expected)
        np.testing.assert_array_equal(np.array(scalars), expected)
    else:
        np.testing.assert_allclose(vector, expected, rtol=rtol, atol=atol)
        np.testing.assert_allclose(np.array(scalars), expected, rtol=rtol, atol=atol)


# ---------------------------------------------------------------------------
# arith: floating point
# ---------------------------------------------------------------------------

F32_A = np.array([0.1, -2.5, 3.0, np.nan, -0.0, 0.0], np.float32)
F32_B = np.array([0.2, 4.0, -3.0, 1.0, 0.0, -0.0], np.float32)


@pytest.mark.parametrize(
    "op, reference",
    [
        ("addf", lambda a, b: a + b),
        ("subf", lambda a, b: a - b),
        ("mulf", lambda a, b: a * b),
        ("divf", lambda a, b: a / b),
    ],
)
def test_float_binary_in_f32(op, reference):
    with np.errstate(all="ignore"):
        expected = reference(F32_A, F32_B)  # float32 arithmetic, not doubles
    check_both(f"  %r = arith.{op} %a, %b : f32", ["f32", "f32"], "f32", [F32_A, F32_B], expected)


def test_f32_rounding_is_single_precision():
    (r,) = run(
        "func.func @f(%a: f32, %b: f32) -> f32 {\n %r = arith.addf %a, %b : f32\n func.return %r : f32\n}",
        "f",
        0.1,
        0.2,
    )
    assert r.dtype == np.float32 and r == np.float32(0.1) + np.float32(0.2)
    assert float(r) != 0.1 + 0.2


def test_maximumf_minimumf_nan_and_signed_zero():
    a = np.array([1.0, np.nan, -0.0, 0.0, -0.0, 2.0], np.float32)
    b = np.array([np.nan, 3.0, 0.0, -0.0, -0.0, 1.0], np.float32)
    maximum = np.array([np.nan, np.nan, 0.0, 0.0, -0.0, 2.0], np.float32)
    minimum = np.array([np.nan, np.nan, -0.0, -0.0, -0.0, 1.0], np.float32)
    for op, expected in (("maximumf", maximum), ("minimumf", minimum)):
        module = parse_module(
            scalar_and_elementwise(f"  %r = arith.{op} %a, %b : f32", ["f32", "f32"], "f32")
        )
        (vector,) = run(module, "v", a, b)
        np.testing.assert_array_equal(vector, expected)
        np.testing.assert_array_equal(np.signbit(vector), np.signbit(expected))
        for i in range(6):
            (s,) = run(module, "s", a[i], b[i])
            assert np.signbit(s) == np.signbit(expected[i]) and (s == expected[i] or np.isnan(s))


def test_maxnumf_minnumf_ignore_nan_and_negf():
    a = np.array([1.0, np.nan, -2.0, 5.0, np.nan, 0.5], np.float32)
    b = np.array([np.nan, 3.0, 1.0, -5.0, np.nan, 0.25], np.float32)
    check_both("  %r = arith.maxnumf %a, %b : f32", ["f32", "f32"], "f32", [a, b], np.fmax(a, b))
    check_both("  %r = arith.minnumf %a, %b : f32", ["f32", "f32"], "f32", [a, b], np.fmin(a, b))
    check_both("  %r = arith.negf %a : f32", ["f32"], "f32", [a], -a)


CMPF_PREDICATES = {
    "false": lambda x, y: False,
    "oeq": lambda x, y: x == y,
    "ogt": lambda x, y: x > y,
    "oge": lambda x, y: x >= y,
    "olt": lambda x, y: x < y,
    "ole": lambda x, y: x <= y,
    "one": lambda x, y: not math.isnan(x) and not math.isnan(y) and x != y,
    "ord": lambda x, y: not math.isnan(x) and not math.isnan(y),
    "ueq": lambda x, y: math.isnan(x) or math.isnan(y) or x == y,
    "ugt": lambda x, y: math.isnan(x) or math.isnan(y) or x > y,
    "uge": lambda x, y: math.isnan(x) or math.isnan(y) or x >= y,
    "ult": lambda x, y: math.isnan(x) or math.isnan(y) or x < y,
    "ule": lambda x, y: math.isnan(x) or math.isnan(y) or x <= y,
    "une": lambda x, y: math.isnan(x) or math.isnan(y) or x != y,
    "uno": lambda x, y: math.isnan(x) or math.isnan(y),
    "true": lambda x, y: True,
}


@pytest.mark.parametrize("predicate", CMPF_PREDICATES)
def test_cmpf_all_predicates(predicate):
    a = np.array([1.0, np.nan, 2.0, 3.0, np.nan, -1.0], np.float32)
    b = np.array([1.0, 1.0, 3.0, 2.0, np.nan, -1.5], np.float32)
    expected = np.array([CMPF_PREDICATES[predicate](float(x), float(y)) for x, y in zip(a, b)])
    check_both(f"  %r = arith.cmpf {predicate}, %a, %b : f32", ["f32", "f32"], "i1", [a, b], expected)


# ---------------------------------------------------------------------------
# arith: integers
# ---------------------------------------------------------------------------

I32_A = np.array([7, -7, 7, -7, 2**31 - 1, -(2**31)], np.int32)
I32_B = np.array([2, 2, -2, -2, 1, 3], np.int32)


def trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def wrap32(values) -> np.ndarray:
    return np.array([(v + 2**31) % 2**32 - 2**31 for v in values], np.int64).astype(np.int32)


def unsigned(v: int) -> int:
    return v % 2**32


@pytest.mark.parametrize(
    "op, reference",
    [
        ("addi", lambda a, b: a + b),
        ("subi", lambda a, b: a - b),
        ("muli", lambda a, b: a * b),
        ("divsi", trunc_div),
        ("remsi", lambda a, b: a - b * trunc_div(a, b)),
        ("floordivsi", lambda a, b: a // b),
        ("ceildivsi", lambda a, b: -(-a // b)),
        ("divui", lambda a, b: unsigned(a) // unsigned(b)),
        ("remui", lambda a, b: unsigned(a) % unsigned(b)),
        ("maxsi", max),
        ("minsi", min),
        ("maxui", lambda a, b: a if unsigned(a) >= unsigned(b) else b),
        ("minui", lambda a, b: a if unsigned(a) <= unsigned(b) else b),
        ("andi", lambda a, b: a & b),
        ("ori", lambda a, b: a | b),
        ("xori", lambda a, b: a ^ b),
    ],
)
def test_integer_binary_i32(op, reference):
    expected = wrap32(reference(int(a), int(b)) for a, b in zip(I32_A, I32_B))
    check_both(f"  %r = arith.{op} %a, %b : i32", ["i32", "i32"], "i32", [I32_A, I32_B], expected)


@pytest.mark.parametrize("op", ["divsi", "remsi", "floordivsi", "ceildivsi", "divui", "remui", "ceildivui"])
def test_integer_division_by_zero_is_an_error(op):
    """Undefined in MLIR: an error naming the op and the divisor, on scalars and arrays."""
    module = parse_module(scalar_and_elementwise(f"  %r = arith.{op} %a, %b : i32", ["i32", "i32"], "i32"))
    message = rf"^arith\.{op}: integer division by zero \(%b"
    with pytest.raises(InterpretationError, match=message + r" is 0\)"):
        run(module, "s", np.int32(7), np.int32(0))
    with pytest.raises(InterpretationError, match=message + r" has a zero element\)"):
        run(module, "v", I32_A, np.array([1, 2, 3, 0, 5, 6], np.int32))


@pytest.mark.parametrize(
    "op, reference",
    [
        ("shli", lambda a, b: a << b),
        ("shrsi", lambda a, b: a >> b),
        ("shrui", lambda a, b: unsigned(a) >> b),
    ],
)
def test_integer_shifts_i32(op, reference):
    amounts = np.array([1, 4, 0, 31, 3, 8], np.int32)
    expected = wrap32(reference(int(a), int(b)) for a, b in zip(I32_A, amounts))
    check_both(f"  %r = arith.{op} %a, %b : i32", ["i32", "i32"], "i32", [I32_A, amounts], expected)


def test_i8_wraps_and_index_arithmetic():
    a = np.array([100, -128, 127, 5, 0, -1], np.int8)
    b = np.array([100, -1, 1, -10, 0, -1], np.int8)
    expected = np.array([-56, 127, -128, -5, 0, -2], np.int8)
    check_both("  %r = arith.addi %a, %b : i8", ["i8", "i8"], "i8", [a, b], expected)
    i = np.array([3, -4, 10, 0, 1, 7], np.int64)
    check_both("  %r = arith.muli %a, %b : index", ["index", "index"], "index", [i, i], i * i)


@pytest.mark.parametrize(
    "predicate, reference",
    [
        ("eq", lambda a, b: a == b),
        ("ne", lambda a, b: a != b),
        ("slt", lambda a, b: a < b),
        ("sle", lambda a, b: a <= b),
        ("sgt", lambda a, b: a > b),
        ("sge", lambda a, b: a >= b),
        ("ult", lambda a, b: unsigned(a) < unsigned(b)),
        ("ule", lambda a, b: unsigned(a) <= unsigned(b)),
        ("ugt", lambda a, b: unsigned(a) > unsigned(b)),
        ("uge", lambda a, b: unsigned(a) >= unsigned(b)),
    ],
)
def test_cmpi_all_predicates(predicate, reference):
    expected = np.array([reference(int(a), int(b)) for a, b in zip(I32_A, I32_B)])
    check_both(f"  %r = arith.cmpi {predicate}, %a, %b : i32", ["i32", "i32"], "i1", [I32_A, I32_B], expected)


@pytest.mark.parametrize(
    "predicate, reference",
    [
        ("eq", lambda a, b: a == b),
        ("ne", lambda a, b: a != b),
        ("slt", lambda a, b: a & ~b),  # signed: true is -1, below false (0)
        ("sle", lambda a, b: a | ~b),
        ("sgt", lambda a, b: ~a & b),
        ("ult", lambda a, b: ~a & b),
    ],
)
def test_cmpi_on_i1(predicate, reference):
    """cmpi on i1 in a linalg body, all four pairs: the signed predicates order true
    (-1) below false, unlike numpy's comparisons of booleans."""
    a = np.array([False, False, True, True])
    b = np.array([False, True, False, True])
    check_both(f"  %r = arith.cmpi {predicate}, %a, %b : i1", ["i1", "i1"], "i1", [a, b], reference(a, b))


def test_i1_arithmetic_and_select():
    a = np.array([True, True, False, False, True, False])
    b = np.array([True, False, True, False, True, True])
    check_both("  %r = arith.addi %a, %b : i1", ["i1", "i1"], "i1", [a, b], a ^ b)
    x = np.arange(6, dtype=np.float32)
    y = -x
    check_both(
        "  %r = arith.select %a, %b, %c : f32", ["i1", "f32", "f32"], "f32", [a, x, y], np.where(a, x, y)
    )


# ---------------------------------------------------------------------------
# arith: casts and constants
# ---------------------------------------------------------------------------


def test_int_float_casts():
    i8 = np.array([-1, 127, -128, 0, 5, -6], np.int8)
    check_both("  %r = arith.sitofp %a : i8 to f32", ["i8"], "f32", [i8], i8.astype(np.float32))
    check_both(
        "  %r = arith.uitofp %a : i8 to f32", ["i8"], "f32", [i8], i8.view(np.uint8).astype(np.float32)
    )
    f = np.array([2.9, -2.9, 0.5, -0.5, 100.0, -7.0], np.float32)
    check_both(
        "  %r = arith.fptosi %a : f32 to i32", ["f32"], "i32", [f], np.array([2, -2, 0, 0, 100, -7], np.int32)
    )
    positive = np.abs(f)
    check_both(
        "  %r = arith.fptoui %a : f32 to i8",
        ["f32"],
        "i8",
        [positive],
        np.array([2, 2, 0, 0, 100, 7], np.int8),
    )
    i1 = np.array([True, False, True, False, True, False])
    check_both(
        "  %r = arith.sitofp %a : i1 to f32", ["i1"], "f32", [i1], np.where(i1, -1.0, 0.0).astype(np.float32)
    )


def test_integer_width_casts():
    i8 = np.array([-1, 127, -128, 0, 5, -6], np.int8)
    check_both("  %r = arith.extsi %a : i8 to i32", ["i8"], "i32", [i8], i8.astype(np.int32))
    check_both("  %r = arith.extui %a : i8 to i32", ["i8"], "i32", [i8], i8.view(np.uint8).astype(np.int32))
    i32 = np.array([300, -1, 255, 128, -129, 7], np.int32)
    check_both("  %r = arith.trunci %a : i32 to i8", ["i32"], "i8", [i32], i32.astype(np.int8))
    check_both("  %r = arith.index_cast %a : i32 to index", ["i32"], "index", [i32], i32.astype(np.int64))
    big = np.array([2**40 + 3, -1, 5, -(2**33), 0, 2**31], np.int64)
    check_both("  %r = arith.index_cast %a : index to i32", ["index"], "i32", [big], big.astype(np.int32))


def test_float_width_casts_and_bitcast():
    f = np.array([0.1, 1e-8, 65504.0, 1e6, -2.5, np.nan], np.float32)
    check_both("  %r = arith.extf %a : f32 to f64", ["f32"], "f64", [f], f.astype(np.float64))
    with np.errstate(over="ignore"):
        check_both("  %r = arith.truncf %a : f32 to f16", ["f32"], "f16", [f], f.astype(np.float16))
    check_both("  %r = arith.bitcast %a : f32 to i32", ["f32"], "i32", [f], f.view(np.int32))


def test_constants_scalar_and_dense():
    ir = """
func.func @f() -> (f16, f64, i8, i1, index, tensor<2x3xf32>, tensor<2x2xi32>, tensor<3xi1>, tensor<2xf64>) {
  %a = arith.constant 1.5 : f16
  %b = arith.constant 0.1 : f64
  %c = arith.constant -3 : i8
  %d = arith.constant true
  %e = arith.constant 42 : index
  %f = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]> : tensor<2x3xf32>
  %g = arith.constant dense<7> : tensor<2x2xi32>
  %h = arith.constant dense<[true, false, true]> : tensor<3xi1>
  %i = arith.constant dense<-1.5e+300> : tensor<2xf64>
  func.return %a, %b, %c, %d, %e, %f, %g, %h, %i
    : f16, f64, i8, i1, index, tensor<2x3xf32>, tensor<2x2xi32>, tensor<3xi1>, tensor<2xf64>
}
"""
    a, b, c, d, e, f, g, h, i = run(ir, "f")
    assert a.dtype == np.float16 and a == 1.5
    assert b.dtype == np.float64 and b == 0.1
    assert c.dtype == np.int8 and c == -3
    assert d.dtype == np.bool_ and d
    assert e.dtype == np.int64 and e == 42
    np.testing.assert_array_equal(f, np.array([[1, 2, 3], [4, 5, 6.5]], np.float32))
    assert f.dtype == np.float32
    np.testing.assert_array_equal(g, np.full((2, 2), 7, np.int32))
    np.testing.assert_array_equal(h, [True, False, True])
    np.testing.assert_array_equal(i, [-1.5e300, -1.5e300])


def test_attribute_values_for_the_interpreter_are_numpy_scalars():
    """The values xDSL asks for an attribute of a scalar type (`xdsl-run --args`, ...):
    numpy scalars of that type, f16 included."""
    from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, IntegerType, f16, f32, f64
    from xdsl.interpreter import Interpreter

    from nnstack.interpreters import register_nnstack_implementations

    interpreter = Interpreter(parse_module("builtin.module {}"))
    register_nnstack_implementations(interpreter)
    for typ, attr, expected in [
        (f16, FloatAttr(1.5, f16), np.float16(1.5)),
        (f32, FloatAttr(0.1, f32), np.float32(0.1)),
        (f64, FloatAttr(0.1, f64), np.float64(0.1)),
        (IntegerType(8), IntegerAttr(-3, IntegerType(8)), np.int8(-3)),
        (IndexType(), IntegerAttr(42, IndexType()), 42),
    ]:
        value = interpreter.value_for_attribute(attr, typ)
        assert value == expected and np.asarray(value).dtype == np.asarray(expected).dtype, (typ, value)


def test_the_width_of_a_non_integer_type_is_an_error_naming_it():
    from xdsl.dialects.builtin import f32

    from nnstack.dialects.values import int_bitwidth

    with pytest.raises(InterpretationError, match="^expected an integer or index type, got f32$"):
        int_bitwidth(f32)


# ---------------------------------------------------------------------------
# math
# ---------------------------------------------------------------------------

X = np.array([0.3, 1.7, 2.5, -0.5, 4.0, -3.5], np.float32)
POSITIVE = np.array([0.3, 1.7, 2.5, 0.5, 4.0, 100.0], np.float32)
UNIT = np.array([0.3, -0.7, 1.0, -0.5, 0.0, -1.0], np.float32)
INSIDE_UNIT = np.array([0.3, -0.7, 0.9, -0.5, 0.0, 0.1], np.float32)
AT_LEAST_ONE = np.array([1.0, 1.7, 2.5, 3.0, 4.0, 100.0], np.float32)


@pytest.mark.parametrize(
    "op, inputs, reference",
    [
        ("sqrt", POSITIVE, math.sqrt),
        ("rsqrt", POSITIVE, lambda x: 1 / math.sqrt(x)),
        ("exp", X, math.exp),
        ("log", POSITIVE, math.log),
        ("tanh", X, math.tanh),
        ("erf", X, math.erf),
        ("absf", X, abs),
        ("floor", X, math.floor),
        ("ceil", X, math.ceil),
        ("round", X, lambda x: math.copysign(math.floor(abs(x) + 0.5), x)),
        ("roundeven", X, round),
        ("sin", X, math.sin),
        ("cos", X, math.cos),
        ("tan", X, math.tan),
        ("sinh", X, math.sinh),
        ("cosh", X, math.cosh),
        ("asin", UNIT, math.asin),
        ("acos", UNIT, math.acos),
        ("atan", X, math.atan),
        ("asinh", X, math.asinh),
        ("acosh", AT_LEAST_ONE, math.acosh),
        ("atanh", INSIDE_UNIT, math.atanh),
        ("cbrt", X, lambda x: math.copysign(abs(x) ** (1 / 3), x)),
        ("exp2", X, lambda x: 2.0**x),
        ("expm1", X, math.expm1),
        ("log2", POSITIVE, math.log2),
        ("log10", POSITIVE, math.log10),
        ("log1p", POSITIVE, math.log1p),
        ("trunc", X, math.trunc),
    ],
)
def test_math_unary(op, inputs, reference):
    expected = np.array([reference(float(x)) for x in inputs]).astype(np.float32)
    check_both(f"  %r = math.{op} %a : f32", ["f32"], "f32", [inputs], expected, exact=False)


I32 = np.array([0, 1, -1, 8, 2**30, -(2**31), 12, 7], np.int32)


def bits_of(x: int) -> str:
    return format(int(x) & 0xFFFFFFFF, "032b")


@pytest.mark.parametrize(
    "op, reference",
    [
        ("ctlz", lambda x: len(bits_of(x)) - len(bits_of(x).lstrip("0"))),
        ("cttz", lambda x: len(bits_of(x)) - len(bits_of(x).rstrip("0"))),
        ("ctpop", lambda x: bits_of(x).count("1")),
        ("absi", lambda x: np.int32(abs(int(x)) if x != -(2**31) else x)),
    ],
)
def test_math_integer_bit_ops(op, reference):
    """Counted on the 32-bit pattern (0 has 32 leading and trailing zeros); absi wraps."""
    expected = np.array([reference(x) for x in I32], np.int32)
    check_both(f"  %r = math.{op} %a : i32", ["i32"], "i32", [I32], expected)


def test_math_ipowi():
    """Integer powers wrap; a negative exponent gives 0 unless the base is 1 or -1."""
    base = np.array([2, -3, 1, -1, 0, 5, 2, -2, 2], np.int32)
    exponent = np.array([3, 3, -2, -3, 0, 2, 31, 31, -1], np.int32)
    expected = np.array([8, -27, 1, -1, 1, 25, -(2**31), -(2**31), 0], np.int32)
    check_both("  %r = math.ipowi %a, %b : i32", ["i32", "i32"], "i32", [base, exponent], expected)


def test_math_powf_fma_and_f64_erf():
    b = np.array([2.0, 0.5, 3.0, 2.0, 0.0, 1.0], np.float32)
    expected = np.array([math.pow(x, y) for x, y in zip(POSITIVE.tolist(), b.tolist())], np.float32)
    check_both("  %r = math.powf %a, %b : f32", ["f32", "f32"], "f32", [POSITIVE, b], expected, exact=False)
    c = np.ones(6, np.float32)
    check_both(
        "  %r = math.fma %a, %b, %c : f32", ["f32", "f32", "f32"], "f32", [X, b, c], X * b + c, exact=False
    )
    x64 = X.astype(np.float64)
    # Cody's rational approximations: within a few ulp of libm's erf (see test_erf.py)
    erf64 = np.array([math.erf(v) for v in x64])
    check_both("  %r = math.erf %a : f64", ["f64"], "f64", [x64], erf64, exact=False, rtol=2e-15, atol=0)


def test_math_atan2():
    """math.atan2 (two operands, the quadrant from both signs) against `math.atan2`."""
    y = np.array([1.0, -1.0, 0.5, -2.0, 0.0, 3.0], np.float32)
    x = np.array([1.0, 1.0, -0.5, -1.0, -1.0, 0.0], np.float32)
    expected = np.array([math.atan2(float(a), float(b)) for a, b in zip(y, x)]).astype(np.float32)
    check_both("  %r = math.atan2 %a, %b : f32", ["f32", "f32"], "f32", [y, x], expected, exact=False)
