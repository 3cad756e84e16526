"""gawee.mod (ONNX Mod) and gawee.bit_shift (ONNX BitShift) at every level that carries
them: the gawee interpreter, linalg, mir, llir (scalar and vector layouts) and native
code for signed and unsigned integers (mir.broadcast_urem, mir.broadcast_ushr); gawee,
mir, llir and native code for a float mod (linalg has no remf). The references are
independent: Python's unbounded integers (`%` floors, C's remainder truncates; shifts
of the mathematical value, reduced to the type's width) and onnx's reference evaluator
for floats (np.mod / np.fmod)."""

from __future__ import annotations

import functools
import re

import numpy as np
import pytest
from levels import lower
from llir_programs import lower_to_llir
from onnx_checks import onnx_model, onnx_outputs
from xdsl.utils.exceptions import InterpretationError

from nnstack import native
from nnstack.frontend.onnx import OnnxImportError, import_onnx
from nnstack.interpreters import parse_module, run
from nnstack.transforms.utils import PassFailedAtOps

SIGNED = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64}
UNSIGNED = {"ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64}
FLOATS = {"f16": np.float16, "f32": np.float32, "f64": np.float64}
INTEGER_LEVELS = ["gawee", "linalg", "mir", "llir-row-major-1", "llir-column-major-8", "native"]
FLOAT_LEVELS = ["gawee", "mir", "llir-row-major-4", "native"]


def wrap(value: int, dtype: type) -> int:
    """`value` reduced to the width of `dtype` (two's complement for a signed one)."""
    info = np.iinfo(dtype)
    return (value - int(info.min)) % 2**info.bits + int(info.min)


def truncated_remainder(a: int, b: int) -> int:
    """C's a % b: the quotient rounded toward zero (Python's % floors)."""
    quotient = abs(a) // abs(b)
    return a - b * (quotient if (a < 0) == (b < 0) else -quotient)


def shifted(a: int, amount: int, left: bool, dtype: type) -> int:
    """a shifted by `amount` read as unsigned; 0 (or -1 for a negative a shifted right)
    for an amount of the width or more."""
    bits = np.iinfo(dtype).bits
    amount %= 2**bits
    if amount >= bits:
        return -1 if a < 0 and not left else 0
    return wrap(a << amount, dtype) if left else a >> amount


def program(element: str, ops: list[str]) -> str:
    """`@main(%a, %b)` on [9, 9] tensors of `element` returning `gawee.<op> %a, %b` for each op."""
    t = f"tensor<9x9x{element}>"
    lines = [f"%r{i} = gawee.{op.replace('%%', '%a, %b')} : ({t}, {t}) -> {t}" for i, op in enumerate(ops)]
    results = ", ".join(f"%r{i}" for i in range(len(ops)))
    types = ", ".join([t] * len(ops))
    body = "\n  ".join(lines)
    return f"func.func @main(%a: {t}, %b: {t}) -> ({types}) {{\n  {body}\n  func.return {results} : {types}\n}}\n"


MOD_OPS = ["mod %%", "mod %% fmod = true"]
SHIFT_OPS = ['bit_shift %% direction = "LEFT"', 'bit_shift %% direction = "RIGHT"']


@functools.cache
def lowered(text: str, level: str):
    module = parse_module(text)
    if level in ("gawee", "linalg", "mir"):
        return module if level == "gawee" else lower(module, level)
    layout, width = ("row-major", 4) if level == "native" else level.removeprefix("llir-").rsplit("-", 1)
    return lower_to_llir(lower(module, "mir"), layout, int(width))


def run_at(text: str, level: str, *arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    return (native.run if level == "native" else run)(lowered(text, level), "main", *arrays)


def grid(dtype: type, values: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """[9, 9] operands meeting in every pair of `values` (nine of them)."""
    a, b = np.meshgrid(np.array(values, dtype), np.array(values, dtype), indexing="ij")
    return a.copy(), b.copy()


def extremes(dtype: type) -> list[int]:
    info = np.iinfo(dtype)
    return [int(info.min), int(info.min) + 1, -7, -3, -1, 1, 3, 7, int(info.max)]


def reference(function, dtype: type, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    values = [function(int(x), int(y)) for x, y in zip(a.reshape(-1), b.reshape(-1), strict=True)]
    return np.array(values, dtype).reshape(a.shape)


@pytest.mark.parametrize("level", INTEGER_LEVELS)
@pytest.mark.parametrize("element", SIGNED)
def test_signed_mod_at_every_level(element: str, level: str):
    dtype = SIGNED[element]
    a, b = grid(dtype, extremes(dtype))  # (no zero divisor; min % -1 is 0)
    floored, truncated = run_at(program(element, MOD_OPS), level, a, b)
    np.testing.assert_array_equal(floored, reference(lambda x, y: x % y, dtype, a, b))
    np.testing.assert_array_equal(truncated, reference(truncated_remainder, dtype, a, b))


@pytest.mark.parametrize("level", INTEGER_LEVELS)
@pytest.mark.parametrize("element", UNSIGNED)
def test_unsigned_mod(element: str, level: str):
    dtype = UNSIGNED[element]
    top = int(np.iinfo(dtype).max)
    a, b = grid(dtype, [1, 2, 3, 7, 100, top // 2, top // 2 + 1, top - 1, top])
    expected = reference(lambda x, y: x % y, dtype, a, b)
    for result in run_at(program(element, MOD_OPS), level, a, b):
        np.testing.assert_array_equal(result.view(dtype), expected)


FLOAT_VALUES = [-np.inf, -7.5, -3.0, -0.0, 0.0, 2.25, 3.0, np.inf, np.nan]


@pytest.mark.parametrize("level", FLOAT_LEVELS)
@pytest.mark.parametrize("element", FLOATS)
def test_float_mod_against_onnx(element: str, level: str):
    """Mixed signs, signed zeros (a zero remainder of fmod = 0 takes the divisor's sign),
    infinities and NaN against onnx's reference evaluator (np.mod, np.fmod)."""
    dtype = FLOATS[element]
    a, b = np.meshgrid(np.array(FLOAT_VALUES, dtype), np.array(FLOAT_VALUES, dtype), indexing="ij")
    a, b = a.copy(), b.copy()
    results = run_at(program(element, MOD_OPS), level, a, b)
    for fmod, result in enumerate(results):
        with np.errstate(all="ignore"):
            (expected,) = onnx_outputs("Mod", [a, b], {}, fmod=fmod)
        np.testing.assert_array_equal(result, expected)
        numbers = ~np.isnan(expected)
        np.testing.assert_array_equal(np.signbit(result[numbers]), np.signbit(expected[numbers]))


def test_float_mod_is_not_lowered_to_linalg():
    with pytest.raises(PassFailedAtOps, match="cannot lower gawee.mod: a float remainder has no arith op"):
        lower(parse_module(program("f32", MOD_OPS)), "linalg")


@pytest.mark.parametrize(
    ("level", "op"),
    [
        ("gawee", "gawee.mod"),
        ("linalg", "arith.remsi"),
        ("mir", "mir.broadcast_(mod|rem)"),
        ("llir-row-major-1", "llir.rem"),
    ],
)
@pytest.mark.parametrize("ops", [MOD_OPS[:1], MOD_OPS[1:]], ids=["floored", "truncated"])
def test_integer_division_by_zero_is_a_runtime_error(level: str, op: str, ops: list[str]):
    a, b = grid(np.int32, [5] * 9)
    b[4, 4] = 0
    with pytest.raises(InterpretationError, match=rf"\A{op}: integer division by zero"):
        run_at(program("i32", ops), level, a, b)


@pytest.mark.parametrize(
    ("level", "op"),
    [("mir", "mir.broadcast_urem"), ("llir-row-major-1", "llir.urem"), ("native", "llir.urem")],
)
def test_unsigned_division_by_zero_is_a_runtime_error(level: str, op: str):
    a, b = grid(np.uint32, [5] * 9)
    b[4, 4] = 0
    with pytest.raises(InterpretationError, match=rf"{op}: integer division by zero"):
        run_at(program("ui32", MOD_OPS[:1]), level, a, b)


def amounts(dtype: type) -> list[int]:
    """Shift amounts in range, at the width and past it, negative, and the extremes."""
    bits = np.iinfo(dtype).bits
    return [0, 1, bits - 1, bits, bits + 1, -1, -bits, int(np.iinfo(dtype).min), int(np.iinfo(dtype).max)]


@pytest.mark.parametrize("level", INTEGER_LEVELS)
@pytest.mark.parametrize("element", SIGNED)
def test_signed_bit_shift_at_every_level(element: str, level: str):
    dtype = SIGNED[element]
    a, _ = grid(dtype, extremes(dtype))
    _, b = grid(dtype, amounts(dtype))
    left, right = run_at(program(element, SHIFT_OPS), level, a, b)
    np.testing.assert_array_equal(left, reference(lambda x, s: shifted(x, s, True, dtype), dtype, a, b))
    np.testing.assert_array_equal(right, reference(lambda x, s: shifted(x, s, False, dtype), dtype, a, b))


@pytest.mark.parametrize("level", INTEGER_LEVELS)
@pytest.mark.parametrize("element", UNSIGNED)
def test_unsigned_bit_shift(element: str, level: str):
    """A logical right shift; amounts of the width or more give 0."""
    dtype = UNSIGNED[element]
    top = int(np.iinfo(dtype).max)
    bits = np.iinfo(dtype).bits
    a, _ = grid(dtype, [0, 1, 2, 5, 100, top // 2, top // 2 + 1, top - 1, top])
    _, b = grid(dtype, [0, 1, 3, bits - 1, bits, bits + 1, 2 * bits, top - 1, top])
    left, right = run_at(program(element, SHIFT_OPS), level, a, b)
    np.testing.assert_array_equal(
        left.view(dtype), reference(lambda x, s: shifted(x, s, True, dtype), dtype, a, b)
    )
    np.testing.assert_array_equal(
        right.view(dtype), reference(lambda x, s: x >> s if s < bits else 0, dtype, a, b)
    )


@pytest.mark.parametrize("direction", ["LEFT", "RIGHT"])
@pytest.mark.parametrize("dtype", [np.uint8, np.uint64, np.int8, np.int32])
def test_onnx_bit_shift_imports_as_onnx_computes_it(dtype: type, direction: str):
    """The imported node at gawee level against onnx's reference evaluator, amounts past
    the width and negative ones included."""
    rng = np.random.default_rng(3)
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, (3, 4), dtype=dtype, endpoint=True)
    s = rng.integers(0 if info.min == 0 else -3, info.bits + 3, (4,), dtype=dtype)
    (expected,) = onnx_outputs("BitShift", [x, s], {}, direction=direction)
    model = onnx_model("BitShift", [x, s], {}, opset=11, direction=direction)
    (result,) = run(import_onnx(model), "main", x, s)
    np.testing.assert_array_equal(result.view(dtype), expected)


@pytest.mark.parametrize(
    ("op_type", "attributes", "message"),
    [
        ("Mod", {"fmod": 2}, "fmod = 2 is not supported (0 or 1)"),
        ("BitShift", {"direction": "UP"}, 'direction = "UP" is not supported (LEFT or RIGHT)'),
        ("BitShift", {}, 'direction = "" is not supported (LEFT or RIGHT)'),
    ],
)
def test_onnx_rejections(op_type: str, attributes: dict, message: str):
    x = np.zeros((2, 3), np.int32)
    with pytest.raises(OnnxImportError, match=re.escape(message)):
        import_onnx(onnx_model(op_type, [x, x], {}, opset=13, **attributes))


def test_onnx_bit_shift_of_floats_is_a_one_line_error():
    x = np.zeros((2, 3), np.float32)
    with pytest.raises(OnnxImportError, match=r"gawee.bit_shift: .*f32"):
        import_onnx(onnx_model("BitShift", [x, x], {}, opset=11, direction="LEFT"))
