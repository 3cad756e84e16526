"""gawee's arithmetic on integer tensors (i8, i16, i32, i64: ONNX Add, Sub, Mul, Div, Neg,
Abs, Max, Min, Sum as exporters leave them in index computations) at every level of
the stack: the gawee interpreter, linalg, mir, llir (both layouts, scalar and vector
code) and native code, against a reference in Python's unbounded integers reduced to
the type's width (two's-complement wrap-around, as numpy and ONNX Runtime compute;
division truncates toward zero, as ONNX Runtime's C++ `/` and onnx's reference
evaluator do)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import numpy as np
import pytest
from levels import lower
from llir_programs import lower_to_llir

from nnstack import native
from nnstack.interpreters import call, parse_module, run

DTYPES = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64}


def wrap(value: int, dtype: type) -> int:
    """`value` reduced to the width of `dtype`, two's complement."""
    bits = np.iinfo(dtype).bits
    return (value + 2 ** (bits - 1)) % 2**bits - 2 ** (bits - 1)


def truncated_quotient(a: int, b: int) -> int:
    """a / b rounded toward zero (C's division; Python's // floors)."""
    quotient = abs(a) // abs(b)
    return quotient if (a < 0) == (b < 0) else -quotient


REFERENCES: dict[str, Callable[..., int]] = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": truncated_quotient,
    "neg": lambda a: -a,
    "abs": abs,
    "sum": lambda a, b, c: a + b + c,
    "max": max,
    "min": min,
}
"""Each op on Python ints (exact), before the reduction to the type's width."""

OPERANDS = {
    "add": "ab",
    "sub": "ab",
    "mul": "ab",
    "div": "ad",
    "neg": "a",
    "abs": "a",
    "sum": "abc",
    "max": "ab",
    "min": "ab",
}
"""The arguments of each op, by name."""


def operands(dtype: type) -> dict[str, np.ndarray]:
    """Four [9, 9] operands: `a` and `b` meet in every pair of the type's extremes,
    -2, -1, 0, 1 and 2 (the overflows: min - 1, max + 1, min * -1, max * max, -min,
    |min|); `c` is random over the whole range; `d` is `b` with -1 for 0 (divisors:
    min / -1 overflows)."""
    info = np.iinfo(dtype)
    special = np.array([info.min, info.min + 1, -2, -1, 0, 1, 2, info.max - 1, info.max], dtype)
    a, b = np.meshgrid(special, special, indexing="ij")
    c = np.random.default_rng(7).integers(info.min, info.max, a.shape, dtype=dtype, endpoint=True)
    return {"a": a.copy(), "b": b.copy(), "c": c, "d": np.where(b == 0, -1, b).astype(dtype)}


def expected(op: str, dtype: type, arrays: list[np.ndarray]) -> np.ndarray:
    reference = REFERENCES[op]
    values = [
        wrap(reference(*(int(x) for x in elements)), dtype)
        for elements in zip(*(a.reshape(-1) for a in arrays), strict=True)
    ]
    return np.array(values, dtype).reshape(arrays[0].shape)


def program(element: str) -> str:
    """Every op on [9, 9] tensors of `element`: results in the order of `REFERENCES`."""
    t = f"tensor<9x9x{element}>"
    lines = [
        f"%add = gawee.add %a, %b : ({t}, {t}) -> {t}",
        f"%sub = gawee.sub %a, %b : ({t}, {t}) -> {t}",
        f"%mul = gawee.mul %a, %b : ({t}, {t}) -> {t}",
        f"%div = gawee.div %a, %d : ({t}, {t}) -> {t}",
        f"%neg = gawee.neg %a : ({t}) -> {t}",
        f"%abs = gawee.abs %a : ({t}) -> {t}",
        f"%sum = gawee.sum %a, %b, %c : ({t}, {t}, {t}) -> {t}",
        f"%max = gawee.max %a, %b : ({t}, {t}) -> {t}",
        f"%min = gawee.min %a, %b : ({t}, {t}) -> {t}",
    ]
    names = ", ".join(f"%{op}" for op in REFERENCES)
    types = ", ".join([t] * len(REFERENCES))
    body = "\n  ".join(lines)
    return (
        f"func.func @main(%a: {t}, %b: {t}, %c: {t}, %d: {t}) -> ({types}) {{\n  {body}\n"
        f"  func.return {names} : {types}\n}}\n"
    )


@functools.cache
def lowered(element: str, level: str):
    module = parse_module(program(element))
    if level == "gawee":
        return module
    if level in ("linalg", "mir"):
        return lower(module, level)
    layout, width = level.removeprefix("llir-").rsplit("-", 1)
    return lower_to_llir(lower(module, "mir"), layout, int(width))


LEVELS = ["gawee", "linalg", "mir", "llir-row-major-1", "llir-row-major-4", "llir-column-major-8"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("element", sorted(DTYPES))
def test_integer_arithmetic_wraps_at_every_level(element: str, level: str):
    dtype = DTYPES[element]
    arrays = operands(dtype)
    module = lowered(element, level)
    if level.startswith("llir"):
        results = call(module, "main", list(arrays.values()), strict_memory=True).results
    else:
        results = run(module, "main", *arrays.values())
    for op, got in zip(REFERENCES, results, strict=True):
        want = expected(op, dtype, [arrays[name] for name in OPERANDS[op]])
        assert got.dtype == want.dtype, op
        np.testing.assert_array_equal(got, want, err_msg=f"{op} on {element} at {level}")


@pytest.mark.parametrize("element", sorted(DTYPES))
def test_integer_arithmetic_wraps_in_native_code(element: str):
    dtype = DTYPES[element]
    arrays = operands(dtype)
    results = native.run(lowered(element, "llir-row-major-4"), "main", *arrays.values())
    for op, got in zip(REFERENCES, results, strict=True):
        want = expected(op, dtype, [arrays[name] for name in OPERANDS[op]])
        np.testing.assert_array_equal(got, want, err_msg=op)


def test_the_operands_meet_the_overflows():
    """The operands hold what the test is about: min - 1, max + 1, min * -1, -min and
    min / -1, and no zero divisor."""
    for dtype in DTYPES.values():
        info = np.iinfo(dtype)
        arrays = operands(dtype)
        pairs = set(zip(arrays["a"].reshape(-1).tolist(), arrays["b"].reshape(-1).tolist(), strict=True))
        assert {(info.min, 1), (info.max, 1), (info.min, -1), (info.max, info.max)} <= pairs
        assert (info.min, -1) in set(zip(arrays["a"].reshape(-1).tolist(), arrays["d"].reshape(-1).tolist()))
        assert arrays["d"].all()


KINDS = ("sum", "prod", "max", "min")


def reductions_program(element: str) -> str:
    """reduce_sum, reduce_prod, reduce_max and reduce_min of a [9, 9] tensor of `element`
    along its rows."""
    t, r = f"tensor<9x9x{element}>", f"tensor<9x{element}>"
    lines = [f"%{kind} = gawee.reduce_{kind} %a axes = [1] keepDims = false : ({t}) -> {r}" for kind in KINDS]
    body = "\n  ".join(lines)
    results = ", ".join(f"%{kind}" for kind in KINDS)
    types = ", ".join([r] * len(KINDS))
    return f"func.func @main(%a: {t}) -> ({types}) {{\n  {body}\n  func.return {results} : {types}\n}}\n"


@pytest.mark.parametrize("level", ["gawee", "linalg", "mir", "llir-row-major-4", "native"])
@pytest.mark.parametrize("element", sorted(DTYPES))
def test_integer_reductions_wrap_at_every_level(element: str, level: str):
    """Sums and products of rows that overflow (the extremes and random values) wrap
    around; max and min start from the type's bounds, not from a float's."""
    dtype = DTYPES[element]
    arrays = operands(dtype)
    a = np.concatenate([arrays["a"][:, :4], arrays["c"][:, 4:]], axis=1)
    a[0], a[1] = -1, 1  # a max (min) that started from 0 instead of the type's bound shows
    module = parse_module(reductions_program(element))
    if level in ("linalg", "mir"):
        module = lower(module, level)
    elif level != "gawee":
        module = lower_to_llir(lower(module, "mir"), "row-major", 4)
    results = native.run(module, "main", a) if level == "native" else None
    if level.startswith("llir"):
        results = call(module, "main", [a], strict_memory=True).results
    elif results is None:
        results = run(module, "main", a)
    rows = [[int(x) for x in row] for row in a]
    want = [
        np.array([wrap(sum(row), dtype) for row in rows], dtype),
        np.array([wrap(math.prod(row), dtype) for row in rows], dtype),
        np.array([max(row) for row in rows], dtype),
        np.array([min(row) for row in rows], dtype),
    ]
    for kind, got, expect in zip(KINDS, results, want, strict=True):
        assert got.dtype == expect.dtype, kind
        np.testing.assert_array_equal(got, expect, err_msg=f"reduce_{kind} on {element} at {level}")


def casts_program(element: str) -> str:
    """gawee.cast of a [9, 9] tensor of `element` to every integer type and to f32, and of
    a [9, 9] f32 tensor to `element`."""
    t, f = f"tensor<9x9x{element}>", "tensor<9x9xf32>"
    targets = [*sorted(DTYPES), "f32"]
    lines = [f"%{target} = gawee.cast %a : ({t}) -> tensor<9x9x{target}>" for target in targets]
    lines.append(f"%back = gawee.cast %x : ({f}) -> {t}")
    types = ", ".join([f"tensor<9x9x{target}>" for target in targets] + [t])
    names = ", ".join([f"%{target}" for target in targets] + ["%back"])
    body = "\n  ".join(lines)
    return (
        f"func.func @main(%a: {t}, %x: {f}) -> ({types}) {{\n  {body}\n  func.return {names} : {types}\n}}\n"
    )


@pytest.mark.parametrize("level", ["gawee", "linalg", "mir", "llir-row-major-4", "native"])
@pytest.mark.parametrize("element", sorted(DTYPES))
def test_integer_casts_at_every_level(element: str, level: str):
    """Casts between the integer types wrap (keep the low bits), as numpy's astype and
    ONNX Cast do; to f32 rounds; from f32 truncates toward zero (values in range)."""
    dtype = DTYPES[element]
    a = operands(dtype)["c"]
    x = (np.random.default_rng(3).uniform(-100.0, 100.0, (9, 9))).astype(np.float32)
    module = parse_module(casts_program(element))
    if level in ("linalg", "mir"):
        module = lower(module, level)
    elif level != "gawee":
        module = lower_to_llir(lower(module, "mir"), "row-major", 4)
    if level == "native":
        results = native.run(module, "main", a, x)
    elif level.startswith("llir"):
        results = call(module, "main", [a, x], strict_memory=True).results
    else:
        results = run(module, "main", a, x)
    targets = [DTYPES[name] for name in sorted(DTYPES)] + [np.float32]
    want = [a.astype(target) for target in targets] + [np.trunc(x).astype(dtype)]
    for got, expect in zip(results, want, strict=True):
        assert got.dtype == expect.dtype
        np.testing.assert_array_equal(got, expect, err_msg=f"cast to {expect.dtype} at {level}")
