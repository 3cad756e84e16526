"""gawee on unsigned integers (ui8, ui16, ui32, ui64: ONNX's UINT8 ... UINT64) at gawee
level and after convert-gawee-to-linalg, which makes them signless and picks the unsigned
arith ops; against Python's unbounded integers reduced to the type's width and numpy's
casts. The linalg-level function takes and gives signless arrays: an unsigned argument
is viewed, and a result is viewed back as unsigned (docs/unsigned-integers.md). mir is
signless: convert-gawee-to-mir fails at the op."""

from __future__ import annotations

import numpy as np
import pytest
from levels import lower
from xdsl.context import Context
from xdsl.utils.exceptions import PassFailedException

from nnstack.interpreters import parse_module, run
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass

DTYPES = {"ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64}

REFERENCES = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": lambda a, b: a // b,
    "neg": lambda a, b: -a,
    "abs": lambda a, b: a,
    "max": max,
    "min": min,
    "less": lambda a, b: a < b,
    "greater_equal": lambda a, b: a >= b,
}
"""Each op on Python ints (exact), before the reduction to the type's width."""


def program(element: str) -> str:
    t, m = f"tensor<9x9x{element}>", "tensor<9x9xi1>"
    binary = ("add", "sub", "mul", "div", "max", "min")
    lines = [f"%{op} = gawee.{op} %a, %b : ({t}, {t}) -> {t}" for op in binary]
    lines += [f"%{op} = gawee.{op} %a : ({t}) -> {t}" for op in ("neg", "abs")]
    lines += [f"%{op} = gawee.{op} %a, %b : ({t}, {t}) -> {m}" for op in ("less", "greater_equal")]
    types = ", ".join([t] * 8 + [m] * 2)
    names = ", ".join(f"%{op}" for op in (*binary, "neg", "abs", "less", "greater_equal"))
    body = "\n  ".join(lines)
    return (
        f"func.func @main(%a: {t}, %b: {t}) -> ({types}) {{\n  {body}\n  func.return {names} : {types}\n}}\n"
    )


def operands(dtype: type) -> tuple[np.ndarray, np.ndarray]:
    """[9, 9] operands meeting in every pair of 0, 1, 2, the middle of the range (where a
    signed reading changes sign) and the top (the wrap-arounds); b has no zero (divisors)."""
    top = int(np.iinfo(dtype).max)
    special = np.array([0, 1, 2, 3, top // 2, top // 2 + 1, top // 2 + 2, top - 1, top], dtype)
    a, b = np.meshgrid(special, special, indexing="ij")
    return a.copy(), np.where(b == 0, 7, b).astype(dtype)


@pytest.mark.parametrize("level", ["gawee", "linalg"])
@pytest.mark.parametrize("element", sorted(DTYPES))
def test_unsigned_arithmetic_and_comparisons(element: str, level: str):
    dtype = DTYPES[element]
    module = parse_module(program(element))
    if level == "linalg":
        module = lower(module, "linalg")
    a, b = operands(dtype)
    results = run(module, "main", a, b)
    bits = np.iinfo(dtype).bits
    names = ("add", "sub", "mul", "div", "max", "min", "neg", "abs", "less", "greater_equal")
    for name, got in zip(names, results, strict=True):
        values = [REFERENCES[name](int(x), int(y)) for x, y in zip(a.reshape(-1), b.reshape(-1), strict=True)]
        if name in ("less", "greater_equal"):
            want = np.array(values, np.bool_).reshape(a.shape)
        else:
            want = np.array([v % 2**bits for v in values], dtype).reshape(a.shape)
            got = got.view(dtype)  # (signless at linalg level: the same bits)
        np.testing.assert_array_equal(got, want, err_msg=f"{name} on {element} at {level}")


@pytest.mark.parametrize("level", ["gawee", "linalg"])
def test_unsigned_casts_and_reductions(level: str):
    """ui16 to f32, i64 and i16 (the same bits), f32 to ui32, ui8 to i64, and max / min
    of ui64 rows whose values read as negative when signed (starts from 0 and 2^64 - 1)."""
    text = """
    func.func @main(%a: tensor<5xui16>, %x: tensor<5xf32>, %c: tensor<5xui8>, %r: tensor<2x3xui64>) -> (tensor<5xf32>, tensor<5xi64>, tensor<5xi16>, tensor<5xui32>, tensor<5xi64>, tensor<2xui64>, tensor<2xui64>) {
      %0 = gawee.cast %a : (tensor<5xui16>) -> tensor<5xf32>
      %1 = gawee.cast %a : (tensor<5xui16>) -> tensor<5xi64>
      %2 = gawee.cast %a : (tensor<5xui16>) -> tensor<5xi16>
      %3 = gawee.cast %x : (tensor<5xf32>) -> tensor<5xui32>
      %4 = gawee.cast %c : (tensor<5xui8>) -> tensor<5xi64>
      %5 = gawee.reduce_max %r axes = [1] keepDims = false : (tensor<2x3xui64>) -> tensor<2xui64>
      %6 = gawee.reduce_min %r axes = [1] keepDims = false : (tensor<2x3xui64>) -> tensor<2xui64>
      func.return %0, %1, %2, %3, %4, %5, %6 : tensor<5xf32>, tensor<5xi64>, tensor<5xi16>, tensor<5xui32>, tensor<5xi64>, tensor<2xui64>, tensor<2xui64>
    }
    """
    module = parse_module(text)
    if level == "linalg":
        module = lower(module, "linalg")
    a = np.array([0, 1, 32767, 32768, 65535], np.uint16)
    x = np.array([0.0, 1.9, 3e9, 4e9, 65536.5], np.float32)
    c = np.array([0, 1, 127, 128, 255], np.uint8)
    big = 2**64 - 1
    r = np.array([[big, 2**63, 5], [1, 2**63 - 1, 0]], np.uint64)
    got = run(module, "main", a, x, c, r)
    want = [
        a.astype(np.float32),
        a.astype(np.int64),
        a.astype(np.int16),
        x.astype(np.uint32),
        c.astype(np.int64),
        np.array([big, 2**63 - 1], np.uint64),
        np.array([5, 0], np.uint64),
    ]
    for g, w in zip(got, want, strict=True):
        g = g.view(w.dtype) if g.dtype.kind in "iu" and g.dtype.itemsize == w.itemsize else g
        assert g.dtype == w.dtype
        np.testing.assert_array_equal(g, w)


def test_mir_is_signless_and_rejects_unsigned_at_the_op():
    t = "tensor<4xui8>"
    module = parse_module(
        f"func.func @main(%a: {t}) -> {t} {{\n  %0 = gawee.add %a, %a : ({t}, {t}) -> {t}\n  func.return %0 : {t}\n}}\n"
    )
    with pytest.raises(
        PassFailedException, match="gawee.add: unsigned element type ui8 is not lowered to mir"
    ):
        ConvertGaweeToMirPass().apply(Context(), module)
