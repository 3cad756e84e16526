"""The blocked, packed, register-tiled products of convert-mir-to-llir
(`mir_to_llir.matmul_tiles`) on shapes that reach every part of it: several N and K
blocks with partial last blocks, packed and in-place B, rows and columns left over,
batch dims (one broadcast), f32 (llir.vfma) and i32 (vmul + vadd). Small tile and
block options make small programs take every path.

Native code must equal the llir interpreter bit for bit (the same llir program); both
against numpy: integers exactly, f32 within 1e-5 relative to the sum of |products|
(each output is a K-term sum rounded once per step; blocking keeps the order of k,
the fused multiply-add changes only the rounding of each step).
"""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from nnstack import native
from nnstack.dialects import llir
from nnstack.interpreters import call, make_context, parse_module
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass

SMALL = {
    "vector_width": 4,
    "tile_rows": 3,
    "tile_vectors": 2,
    "k_block": 8,
    "n_block": 16,
    "in_place_k_block": 6,
}
"""Blocks small enough that a few dozen rows and columns make several of each."""

CASES = [
    # (lhs shape, rhs shape, element, options)
    ((30, 20), (20, 40), "f32", SMALL),  # 2 full N blocks + a partial one (40 = 16+16+8), K 8+8+4, packed
    (
        (7, 19),
        (19, 37),
        "f32",
        SMALL,
    ),  # in place (2 row tiles), K 6+6+6+1, 32 panel columns + 4 vector + 1 scalar
    ((2, 13, 9), (9, 24), "f32", SMALL),  # batch, rhs broadcast, 13 rows: 4 tiles of 3 + 1
    ((2, 12, 17), (2, 17, 16), "f32", SMALL),  # batch of both, packed per batch
    ((13, 11), (11, 40), "i32", SMALL),  # integers: vmul + vadd
    ((24, 50), (50, 48), "f32", {"vector_width": 16}),  # the default tile and blocks, one K block
]


def product_program(lhs: tuple[int, ...], rhs: tuple[int, ...], element: str = "f32") -> str:
    """@product: one mir.matmul of the two shapes (batch dims broadcast)."""
    out = (*np.broadcast_shapes(lhs[:-2], rhs[:-2]), lhs[-2], rhs[-1])
    types = [f"tensor<{'x'.join(map(str, s))}x{element}>" for s in (lhs, rhs, out)]
    return (
        f"func.func @product(%a: {types[0]}, %b: {types[1]}) -> {types[2]} {{\n"
        f"  %c = mir.matmul %a, %b : ({types[0]}, {types[1]}) -> {types[2]}\n"
        f"  func.return %c : {types[2]}\n}}"
    )


@pytest.mark.parametrize(("lhs", "rhs", "element", "options"), CASES)
def test_tiled_products(lhs: tuple[int, ...], rhs: tuple[int, ...], element: str, options: dict[str, int]):
    module = parse_module(product_program(lhs, rhs, element))
    ConvertMirToLlirPass(**options).apply(make_context(), module)
    module.verify()
    ops = {type(op) for op in module.walk()}
    assert (llir.VectorFMAOp in ops) == (element == "f32")
    rng = np.random.default_rng(len(lhs) + lhs[-1])
    if element == "f32":
        a, b = rng.standard_normal(lhs).astype(np.float32), rng.standard_normal(rhs).astype(np.float32)
    else:
        a, b = rng.integers(-50, 50, lhs, dtype=np.int32), rng.integers(-50, 50, rhs, dtype=np.int32)
    (interpreted,) = call(module, "product", [a, b]).results
    (compiled,) = native.run(module, "product", a, b, opt_level=1)
    np.testing.assert_array_equal(compiled, interpreted)
    (checked,) = native.run(module, "product", a, b, opt_level=1, check_bounds=True)
    np.testing.assert_array_equal(checked, interpreted)
    if element == "f32":
        exact = a.astype(np.float64) @ b.astype(np.float64)
        scale = np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)
        assert np.all(np.abs(compiled - exact) <= 1e-5 * scale)
    else:
        np.testing.assert_array_equal(compiled, a @ b)


def test_options_must_be_positive():
    module = parse_module(product_program((4, 4), (4, 4), "f32"))
    with pytest.raises(Exception, match="k-block must be >= 1, got 0"):
        ConvertMirToLlirPass(vector_width=4, k_block=0).apply(Context(), module)


TRANSPOSED = [
    # (lhs shape, shape of the transpose's input, its permutation, whether it is read in place)
    ((30, 20), (40, 20), (1, 0), True),  # packed element by element, several N and K blocks
    ((2, 13, 9), (2, 24, 9), (0, 2, 1), True),  # batch of both, 24 = 3 panels, a row tile left over
    ((2, 3, 12, 2), (2, 16, 3, 2), (0, 2, 3, 1), True),  # attention's keys: not a swap of the last two
    ((2, 12, 17), (17, 2, 16), (1, 0, 2), True),  # the columns stay contiguous: as a plain rhs
    ((2, 7, 17), (17, 2, 21), (1, 0, 2), True),  # the same, B read in place, columns left over
    ((7, 19), (37, 19), (1, 0), False),  # few rows, B not packed: copied
    ((30, 20), (36, 20), (1, 0), False),  # 36 columns are not whole panels: copied
]


def transposed_program(lhs: tuple[int, ...], source: tuple[int, ...], permutation: tuple[int, ...]) -> str:
    """@product: a mir.matmul of %a and a mir.transpose of %b."""
    rhs = tuple(source[p] for p in permutation)
    out = (*np.broadcast_shapes(lhs[:-2], rhs[:-2]), lhs[-2], rhs[-1])
    a, s, r, o = (f"tensor<{'x'.join(map(str, shape))}xf32>" for shape in (lhs, source, rhs, out))
    return (
        f"func.func @product(%a: {a}, %b: {s}) -> {o} {{\n"
        f"  %t = mir.transpose %b permutation = {list(permutation)} : ({s}) -> {r}\n"
        f"  %c = mir.matmul %a, %t : ({a}, {r}) -> {o}\n"
        f"  func.return %c : {o}\n}}"
    )


def copies_of(module: ModuleOp, shape: tuple[int, ...]) -> int:
    """The buffers of the lowered `module` the size of an f32 tensor of `shape`."""
    size = 4 * int(np.prod(shape))
    return sum(isinstance(op, llir.AllocBufferOp) and op.size.value.data == size for op in module.walk())


@pytest.mark.parametrize(("lhs", "source", "permutation", "in_place"), TRANSPOSED)
def test_transposed_rhs_read_in_place(
    lhs: tuple[int, ...], source: tuple[int, ...], permutation: tuple[int, ...], in_place: bool
):
    """A product whose rhs is a mir.transpose reads the transpose's input in place (no
    copy) where its columns are contiguous or all packed; the results as numpy's."""
    module = parse_module(transposed_program(lhs, source, permutation))
    ConvertMirToLlirPass(**SMALL).apply(make_context(), module)
    module.verify()
    assert copies_of(module, source) == (0 if in_place else 1)
    rng = np.random.default_rng(len(lhs) + source[-1])
    a, b = rng.standard_normal(lhs).astype(np.float32), rng.standard_normal(source).astype(np.float32)
    (interpreted,) = call(module, "product", [a, b]).results
    (compiled,) = native.run(module, "product", a, b, opt_level=1)
    np.testing.assert_array_equal(compiled, interpreted)
    (checked,) = native.run(module, "product", a, b, opt_level=1, check_bounds=True)
    np.testing.assert_array_equal(checked, interpreted)
    rhs = np.transpose(b, permutation).astype(np.float64)
    exact = a.astype(np.float64) @ rhs
    assert np.all(np.abs(compiled - exact) <= 1e-5 * (np.abs(a).astype(np.float64) @ np.abs(rhs)))


def test_transpose_with_other_uses_is_copied():
    """A transpose that something besides products reads is copied once, and the
    product reads the copy."""
    t, s = "tensor<40x20xf32>", "tensor<20x40xf32>"
    module = parse_module(
        f"func.func @product(%a: tensor<30x20xf32>, %b: {t}) -> (tensor<30x40xf32>, {s}) {{\n"
        f"  %t = mir.transpose %b permutation = [1, 0] : ({t}) -> {s}\n"
        f"  %c = mir.matmul %a, %t : (tensor<30x20xf32>, {s}) -> tensor<30x40xf32>\n"
        f"  func.return %c, %t : tensor<30x40xf32>, {s}\n}}"
    )
    ConvertMirToLlirPass(**SMALL).apply(make_context(), module)
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((30, 20)).astype(np.float32), rng.standard_normal((40, 20)).astype(np.float32)
    product, transposed = native.run(module, "product", a, b, opt_level=1)
    np.testing.assert_array_equal(transposed, b.T)
    np.testing.assert_allclose(product, a @ b.T, rtol=1e-5, atol=1e-5)
