"""gawee on unsigned integers (ui8, ui16, ui32, ui64: ONNX's UINT8 ... UINT64) at gawee
level, after convert-gawee-to-linalg (the unsigned arith ops) and after
convert-gawee-to-mir (the unsigned mir ops), on to llir (scalar and vector layouts) and
native code; against Python's unbounded integers reduced to the type's width and numpy's
casts. Below gawee a function takes and gives signless arrays: an unsigned argument is
viewed, and a result is viewed back as unsigned (docs/unsigned-integers.md). The values
include 0, the top of the range and those from 2^(N-1) up, which a signed reading gets
wrong."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from levels import lower
from llir_programs import lower_to_llir
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from nnstack import native
from nnstack.dialects import gawee
from nnstack.interpreters import parse_module, run
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.gawee_to_mir import UNSIGNED_OPS
from nnstack.transforms.utils import PassFailedAtOps

LEVELS = ["gawee", "linalg", "mir", "llir-row-major-1", "llir-column-major-8", "native"]

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
    "mod": lambda a, b: a % b,
    "shr": lambda a, b: a >> (b % 8),
    "less": lambda a, b: a < b,
    "greater_equal": lambda a, b: a >= b,
}
"""Each op on Python ints (exact), before the reduction to the type's width."""


NAMES = ("add", "sub", "mul", "div", "max", "min", "mod", "neg", "abs", "shr", "less", "greater_equal")


def program(element: str) -> str:
    t, m = f"tensor<9x9x{element}>", "tensor<9x9xi1>"
    binary = ("add", "sub", "mul", "div", "max", "min", "mod")
    lines = [f"%{op} = gawee.{op} %a, %b : ({t}, {t}) -> {t}" for op in binary]
    lines += [f"%{op} = gawee.{op} %a : ({t}) -> {t}" for op in ("neg", "abs")]
    # (shifted by b mod 8: amounts below every width)
    lines += [
        f"%eight = gawee.constant dense<8> : {t}",
        f"%amount = gawee.mod %b, %eight : ({t}, {t}) -> {t}",
        f'%shr = gawee.bit_shift %a, %amount direction = "RIGHT" : ({t}, {t}) -> {t}',
    ]
    lines += [f"%{op} = gawee.{op} %a, %b : ({t}, {t}) -> {m}" for op in ("less", "greater_equal")]
    types = ", ".join([t] * 10 + [m] * 2)
    names = ", ".join(f"%{op}" for op in NAMES)
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


@functools.cache
def lowered(text: str, level: str) -> ModuleOp:
    module = parse_module(text)
    if level in ("gawee", "linalg", "mir"):
        return module if level == "gawee" else lower(module, level)
    layout, width = ("row-major", 4) if level == "native" else level.removeprefix("llir-").rsplit("-", 1)
    return lower_to_llir(lower(module, "mir"), layout, int(width))


def run_at(text: str, level: str, *arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    return tuple((native.run if level == "native" else run)(lowered(text, level), "main", *arrays))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("element", sorted(DTYPES))
def test_unsigned_arithmetic_and_comparisons(element: str, level: str):
    dtype = DTYPES[element]
    a, b = operands(dtype)
    results = run_at(program(element), level, a, b)
    bits = np.iinfo(dtype).bits
    for name, got in zip(NAMES, results, strict=True):
        values = [REFERENCES[name](int(x), int(y)) for x, y in zip(a.reshape(-1), b.reshape(-1), strict=True)]
        if name in ("less", "greater_equal"):
            want = np.array(values, np.bool_).reshape(a.shape)
        else:
            want = np.array([v % 2**bits for v in values], dtype).reshape(a.shape)
            got = got.view(dtype)  # (signless at linalg level: the same bits)
        np.testing.assert_array_equal(got, want, err_msg=f"{name} on {element} at {level}")


@pytest.mark.parametrize("level", LEVELS)
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
    a = np.array([0, 1, 32767, 32768, 65535], np.uint16)
    x = np.array([0.0, 1.9, 3e9, 4e9, 65536.5], np.float32)
    c = np.array([0, 1, 127, 128, 255], np.uint8)
    big = 2**64 - 1
    r = np.array([[big, 2**63, 5], [1, 2**63 - 1, 0]], np.uint64)
    got = run_at(text, level, a, x, c, r)
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


def test_unsigned_ops_cover_every_op_that_takes_them():
    """Every gawee op that accepts an unsigned integer is lowered to mir with the
    unsigned ops where its meaning depends on signedness (`UNSIGNED_OPS`): a new one
    must be added there (with a test here) or convert-gawee-to-mir fails at it."""
    takes_unsigned = {
        op
        for op in gawee.Gawee.operations
        if any(
            "UNSIGNED" in repr(d)
            for _, d in [*op.get_irdl_definition().operands, *op.get_irdl_definition().results]
        )
    }
    assert takes_unsigned == UNSIGNED_OPS, sorted(op.name for op in takes_unsigned ^ UNSIGNED_OPS)


def test_an_op_not_lowered_for_unsigned_fails_at_the_op(monkeypatch: pytest.MonkeyPatch):
    """An op with an unsigned operand whose lowering does not handle it fails the pass
    with a diagnostic at the op (never computes with signed semantics)."""
    import nnstack.transforms.convert_gawee_to_mir as conversion

    monkeypatch.setattr(conversion, "UNSIGNED_OPS", UNSIGNED_OPS - {gawee.DivOp})
    t = "tensor<4xui8>"
    module = parse_module(
        f"func.func @main(%a: {t}) -> {t} {{\n  %0 = gawee.div %a, %a : ({t}, {t}) -> {t}\n  func.return %0 : {t}\n}}\n"
    )
    with pytest.raises(PassFailedAtOps, match="gawee.div: unsigned element type ui8"):
        ConvertGaweeToMirPass().apply(Context(), module)
