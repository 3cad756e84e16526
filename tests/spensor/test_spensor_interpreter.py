"""The spensor / ndspensor interpreter against numpy, op by op; the memory profile;
spensor arguments through `run` and `nnstack-run`; runtime errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from spensor_helpers import declarations
from xdsl.interpreter import Interpreter
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import random_inputs, run
from nnstack.interpreters.spensor import memory_profile, to_array
from nnstack.tools.nnstack_run import NnstackRunMain

ALIASES = """
!L1 = !spensor.memory<"L1", [4, 4]>
!L2 = !spensor.memory<"L2", []>
!L3 = !spensor.memory<"L3", []>
"""


def program(body: str) -> str:
    return declarations([4, 4]) + ALIASES + body


def s(shape: str, memory: str = "!L3", element: str = "f32") -> str:
    return f"!spensor.spensor<tensor<{shape}x{element}>, {memory}>"


def nd(grid: str, shape: str, memory: str = "!L3") -> str:
    return f"!spensor.ndspensor<tensor<{grid}x{s(shape, memory)}>>"


RNG = np.random.default_rng(7)


def rand(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


def test_split_and_split_all_give_the_blocks():
    text = program(f"""
    func.func @f(%a: {s("16x32")}) -> ({nd(4, "16x8")}, {nd("2x4", "8x8")}, {nd(4, "4x32")}) {{
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %x = "spensor.split"(%a, %c4, %c1) : ({s("16x32")}, index, index) -> {nd(4, "16x8")}
      %y = "spensor.split_all"(%a) <{{num_partitions = [2, 4]}}> : ({s("16x32")}) -> {nd("2x4", "8x8")}
      %z = "spensor.split_all"(%a) <{{num_partitions = [4, 1]}}> : ({s("16x32")}) -> {nd(4, "4x32")}
      func.return %x, %y, %z : {nd(4, "16x8")}, {nd("2x4", "8x8")}, {nd(4, "4x32")}
    }}""")
    a = rand(16, 32)
    x, y, z = run(text, "f", a)
    np.testing.assert_array_equal(x, np.stack(np.split(a, 4, axis=1)))
    np.testing.assert_array_equal(y, a.reshape(2, 8, 4, 8).transpose(0, 2, 1, 3))
    np.testing.assert_array_equal(z, a.reshape(4, 4, 32))


def test_elementwise_ops_per_tile():
    g = nd(2, "4x4", "!L1")
    text = program(f"""
    func.func @f(%a: {g}, %b: {g}) -> ({g}, {g}, {nd(2, "4x1", "!L1")}, {nd(2, "4x4")}) {{
      %sum = "spensor.add"(%a, %b) : ({g}, {g}) -> {g}
      %prod = "spensor.matmul"(%a, %b) : ({g}, {g}) -> {g}
      %red = "spensor.reduce_sum"(%a) : ({g}) -> {nd(2, "4x1", "!L1")}
      %m = "spensor.move"(%b) <{{memory_name = "L3"}}> : ({g}) -> {nd(2, "4x4")}
      func.return %sum, %prod, %red, %m : {g}, {g}, {nd(2, "4x1", "!L1")}, {nd(2, "4x4")}
    }}""")
    a, b = rand(2, 4, 4), rand(2, 4, 4)
    total, product, reduced, moved = run(text, "f", a, b)
    np.testing.assert_allclose(total, a + b)
    np.testing.assert_allclose(product, np.matmul(a, b), rtol=1e-5)
    np.testing.assert_allclose(reduced, a.sum(axis=-1, keepdims=True), rtol=1e-5)
    np.testing.assert_array_equal(moved, b)


def test_integer_tiles():
    t = s("3x5", element="i32")
    text = program(f"""
    func.func @f(%a: {t}, %b: !spensor.spensor<tensor<5x2xi32>, !L3>) -> (!spensor.spensor<tensor<3x1xi32>, !L3>, !spensor.spensor<tensor<3x2xi32>, !L3>) {{
      %r = "spensor.reduce_sum"(%a) : ({t}) -> !spensor.spensor<tensor<3x1xi32>, !L3>
      %m = "spensor.matmul"(%a, %b) : ({t}, !spensor.spensor<tensor<5x2xi32>, !L3>) -> !spensor.spensor<tensor<3x2xi32>, !L3>
      func.return %r, %m : !spensor.spensor<tensor<3x1xi32>, !L3>, !spensor.spensor<tensor<3x2xi32>, !L3>
    }}""")
    a = np.arange(15, dtype=np.int32).reshape(3, 5) - 7
    b = np.arange(10, dtype=np.int32).reshape(5, 2)
    r, m = run(text, "f", a, b)
    assert r.dtype == np.int32
    np.testing.assert_array_equal(r, a.sum(axis=1, keepdims=True))
    np.testing.assert_array_equal(m, a @ b)


def test_in_place_ops_write_their_destination():
    """add {self_assign} writes into lhs, fill into its output, move_to into a view
    of a buffer; the buffer sees all of it."""
    t = s("4x4", "!L2")
    text = program(f"""
    func.func @f(%a: {t}, %b: {t}, %x: f32) -> ({t}, {t}, !spensor.spensor<tensor<8x4xf32>, !L2>) {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %sum = "spensor.add"(%a, %b) {{self_assign = true}} : ({t}, {t}) -> {t}
      %mem = "spensor.get_memory"() <{{memory_name = "L2"}}> : () -> !L2
      %buf = "spensor.alloc_spensor"(%mem) : (!L2) -> !spensor.spensor<tensor<8x4xf32>, !L2>
      %top = "spensor.subview"(%buf, %c0, %c0, %c4, %c4, %c1, %c1) <{{operandSegmentSizes = array<i32: 1, 2, 2, 2>}}> : (!spensor.spensor<tensor<8x4xf32>, !L2>, index, index, index, index, index, index) -> {t}
      %bottom = "spensor.subview"(%buf, %c4, %c0, %c4, %c4, %c1, %c1) <{{operandSegmentSizes = array<i32: 1, 2, 2, 2>}}> : (!spensor.spensor<tensor<8x4xf32>, !L2>, index, index, index, index, index, index) -> {t}
      "spensor.move_to"(%a, %top) : ({t}, {t}) -> ()
      %f = "spensor.fill"(%x, %bottom) : (f32, {t}) -> {t}
      func.return %sum, %a, %buf : {t}, {t}, !spensor.spensor<tensor<8x4xf32>, !L2>
    }}""")
    a, b = rand(4, 4), rand(4, 4)
    total, lhs, buffer = run(text, "f", a.copy(), b, np.float32(2.5))
    np.testing.assert_allclose(total, a + b)
    np.testing.assert_allclose(lhs, a + b)
    np.testing.assert_allclose(buffer[:4], a + b)
    np.testing.assert_array_equal(buffer[4:], np.full((4, 4), 2.5, np.float32))


def test_subview_strides_and_rank_reduction():
    text = program(f"""
    func.func @f(%a: {s("8x8")}, %i: index) -> ({s("3x2")}, {s("8")}) {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c8 = arith.constant 8 : index
      %v = "spensor.subview"(%a, %c1, %i, %c3, %c2, %c2, %c3) <{{operandSegmentSizes = array<i32: 1, 2, 2, 2>}}> : ({s("8x8")}, index, index, index, index, index, index) -> {s("3x2")}
      %row = "spensor.subview"(%a, %i, %c0, %c1, %c8, %c1, %c1) <{{operandSegmentSizes = array<i32: 1, 2, 2, 2>}}> : ({s("8x8")}, index, index, index, index, index, index) -> {s("8")}
      func.return %v, %row : {s("3x2")}, {s("8")}
    }}""")
    a = rand(8, 8)
    view, row = run(text, "f", a, 2)
    np.testing.assert_array_equal(view, a[1:7:2, 2:6:3])
    np.testing.assert_array_equal(row, a[2])


def test_alloc_spensor_is_poisoned():
    text = program(f"""
    func.func @f() -> {s("2x2", "!L1")} {{
      %mem = "spensor.get_memory"() <{{memory_name = "L1"}}> : () -> !L1
      %b = "spensor.alloc_spensor"(%mem) : (!L1) -> {s("2x2", "!L1")}
      func.return %b : {s("2x2", "!L1")}
    }}""")
    (buffer,) = run(text, "f")
    assert np.isnan(buffer).all()


def test_combine_reduce_and_combine_to_spensor():
    g = nd("2x3", "4x5")
    text = program(f"""
    func.func @f(%a: {g}) -> ({nd(2, "12x5", "!L2")}, {nd(1, "4x5", "!L2")}, {s("12x10")}, {nd(3, "4x5", "!L2")}) {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %comb = "ndspensor.combine"(%a, %c1, %c0) <{{memory_name = "L2"}}> : ({g}, index, index) -> {nd(2, "12x5", "!L2")}
      %red = "ndspensor.reduce"(%a) <{{reduce_dim = [1, 0], memory_name = "L2", op_name = "add"}}> : ({g}) -> {nd(1, "4x5", "!L2")}
      %whole = "ndspensor.combine_to_spensor"(%a) <{{combine_index = [1, 0]}}> : ({g}) -> {s("12x10")}
      %part = "ndspensor.reduce"(%a) <{{reduce_dim = [0], memory_name = "L2", op_name = "add"}}> : ({g}) -> {nd(3, "4x5", "!L2")}
      func.return %comb, %red, %whole, %part : {nd(2, "12x5", "!L2")}, {nd(1, "4x5", "!L2")}, {s("12x10")}, {nd(3, "4x5", "!L2")}
    }}""")
    a = rand(2, 3, 4, 5)
    comb, red, whole, part = run(text, "f", a)
    np.testing.assert_array_equal(comb, np.stack([np.concatenate(list(a[i]), axis=0) for i in range(2)]))
    np.testing.assert_allclose(red[0], a.sum(axis=(0, 1)), rtol=1e-5)
    np.testing.assert_allclose(part, a.sum(axis=0), rtol=1e-6)
    # grid dim 0 (size 2) tiles tensor dim 1, grid dim 1 (size 3) tiles tensor dim 0
    expected = np.block([[a[i, j] for i in range(2)] for j in range(3)])
    np.testing.assert_array_equal(whole, expected)


def test_repeat_and_broadcast():
    g = nd(2, "3")
    text = program(f"""
    func.func @f(%a: {g}, %t: {s("3")}) -> ({nd(6, "3")}, {nd(2, "3")}, {nd("4x2", "3")}, {nd(3, "3")}) {{
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %c2 = arith.constant 2 : index
      %r = "ndspensor.repeat"(%a, %c3, %c0) : ({g}, index, index) -> {nd(6, "3")}
      %rs = "ndspensor.repeat"(%t, %c2, %c0) : ({s("3")}, index, index) -> {nd(2, "3")}
      %b = "ndspensor.broadcast"(%a) <{{dimensions = [4, 2]}}> : ({g}) -> {nd("4x2", "3")}
      %bs = "ndspensor.broadcast"(%t) <{{dimensions = [3]}}> : ({s("3")}) -> {nd(3, "3")}
      func.return %r, %rs, %b, %bs : {nd(6, "3")}, {nd(2, "3")}, {nd("4x2", "3")}, {nd(3, "3")}
    }}""")
    a, t = rand(2, 3), rand(3)
    r, rs, b, bs = run(text, "f", a, t)
    np.testing.assert_array_equal(r, np.repeat(a, 3, axis=0))
    np.testing.assert_array_equal(rs, np.stack([t, t]))
    np.testing.assert_array_equal(b, np.broadcast_to(a, (4, 2, 3)))
    np.testing.assert_array_equal(bs, np.stack([t, t, t]))


def test_profile_counts_transfers_and_peak_residency():
    """A [4] grid of 16x8 f32 tiles (512 B each) moved L3 -> L2 -> L1 and back up."""
    text = program(f"""
    func.func @f(%a: {s("16x32")}) -> {s("16x32")} {{
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %x = "spensor.split"(%a, %c4, %c1) : ({s("16x32")}, index, index) -> {nd(4, "16x8")}
      %x2 = "spensor.move"(%x) <{{memory_name = "L2"}}> : ({nd(4, "16x8")}) -> {nd(4, "16x8", "!L2")}
      %x1 = "spensor.move"(%x2) <{{memory_name = "L1"}}> : ({nd(4, "16x8", "!L2")}) -> {nd(4, "16x8", "!L1")}
      %y = "spensor.add"(%x1, %x1) : ({nd(4, "16x8", "!L1")}, {nd(4, "16x8", "!L1")}) -> {nd(4, "16x8", "!L1")}
      %y3 = "spensor.move"(%y) <{{memory_name = "L3"}}> : ({nd(4, "16x8", "!L1")}) -> {nd(4, "16x8")}
      %r = "ndspensor.combine_to_spensor"(%y3) <{{combine_index = [1]}}> : ({nd(4, "16x8")}) -> {s("16x32")}
      func.return %r : {s("16x32")}
    }}""")
    profiles = []

    def keep(interpreter: Interpreter) -> None:
        profiles.append(memory_profile(interpreter))

    a = rand(16, 32)
    (out,) = run(text, "f", a, on_finish=keep)
    np.testing.assert_allclose(out, 2 * a)
    (profile,) = profiles
    assert profile.transfers == {
        ("L3", "L2"): [2048, 4],
        ("L2", "L1"): [2048, 4],
        ("L1", "L3"): [2048, 4],
    }
    # L1 holds x1 and y at once; L2 only x2 (freed once x1 is made); L3 holds the
    # argument and the moved-up tiles, then those and the combined result.
    assert profile.peak == {"L1": 4096, "L2": 2048, "L3": 4096}
    assert "L3     L2             2048        4" in profile.table()


def test_run_takes_stacked_arrays_for_ndspensor_arguments():
    g = nd(3, "2x2")
    text = program(f"""
    func.func @f(%a: {g}) -> {g} {{
      %b = "spensor.add"(%a, %a) : ({g}, {g}) -> {g}
      func.return %b : {g}
    }}""")
    a = rand(3, 2, 2)
    (out,) = run(text, "f", a)
    np.testing.assert_allclose(out, 2 * a)
    with pytest.raises(ValueError, match=r"argument #0: expected an array of shape \[3, 2, 2\]"):
        run(text, "f", rand(2, 2))
    (random,) = random_inputs([_arg_type(text)], seed=1)
    assert random.shape == (3, 2, 2) and random.dtype == np.float32


def _arg_type(text: str):
    from nnstack.interpreters import find_function, parse_module

    return find_function(parse_module(text), "f").function_type.inputs.data[0]


@pytest.mark.parametrize(
    "offset, size, stride, reads",
    [(5, 3, 1, [5, 6, 7]), (6, 3, 1, None), (1, 3, 3, [1, 4, 7]), (2, 3, 3, None), (-1, 3, 1, None)],
)
def test_subview_bounds_at_the_edge(offset: int, size: int, stride: int, reads: list[int] | None):
    """The last subview that fits works; one element further, or before 0, is an error
    naming the op."""
    text = program(f"""
    func.func @f(%a: {s("8")}, %i: index) -> {s("3")} {{
      %n = arith.constant {size} : index
      %k = arith.constant {stride} : index
      %v = "spensor.subview"(%a, %i, %n, %k) <{{operandSegmentSizes = array<i32: 1, 1, 1, 1>}}> : ({s("8")}, index, index, index) -> {s("3")}
      func.return %v : {s("3")}
    }}""")
    a = rand(8)
    if reads is not None:
        (view,) = run(text, "f", a, offset)
        np.testing.assert_array_equal(view, a[reads])
    else:
        message = rf"spensor.subview: slice offsets \[{offset}\] sizes \[{size}\] strides \[{stride}\] run out of shape \[8\]"
        with pytest.raises(InterpretationError, match=message):
            run(text, "f", a, offset)


def test_nnstack_run_profile_on_an_original_program(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    from spensor_helpers import ORIGINAL_PROGRAMS

    reduce = ORIGINAL_PROGRAMS[2]
    path = tmp_path / "a.npy"
    np.save(path, reduce.inputs()[0])
    source = tmp_path / "p.mlir"
    source.write_text(reduce.text())
    status = NnstackRunMain(
        args=[
            str(source),
            "--symbol",
            "reduce",
            "--input",
            str(path),
            "--profile",
            "--output-dir",
            str(tmp_path),
        ]
    ).run_tool()
    assert status == 0
    printed = capsys.readouterr().out
    assert "memory transfers:" in printed and "peak resident bytes:" in printed
    assert "L3     L2             4096        8" in printed
    out = np.load(tmp_path / "out0.npy")
    assert reduce.checksum(out) == reduce.expected


def test_profile_of_a_self_assign_add_allocates_nothing():
    """add {self_assign} writes into its lhs: into a view of an L2 buffer here, so the
    result is that buffer's memory, not a new one, and L2's peak is the buffer alone."""
    t = s("4x4", "!L2")
    buffer = "!spensor.spensor<tensor<8x4xf32>, !L2>"
    text = program(f"""
    func.func @f(%b: {t}) -> {buffer} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %mem = "spensor.get_memory"() <{{memory_name = "L2"}}> : () -> !L2
      %buf = "spensor.alloc_spensor"(%mem) : (!L2) -> {buffer}
      %top = "spensor.subview"(%buf, %c0, %c0, %c4, %c4, %c1, %c1) <{{operandSegmentSizes = array<i32: 1, 2, 2, 2>}}> : ({buffer}, index, index, index, index, index, index) -> {t}
      %bottom = "spensor.subview"(%buf, %c4, %c0, %c4, %c4, %c1, %c1) <{{operandSegmentSizes = array<i32: 1, 2, 2, 2>}}> : ({buffer}, index, index, index, index, index, index) -> {t}
      "spensor.move_to"(%b, %top) : ({t}, {t}) -> ()
      "spensor.move_to"(%b, %bottom) : ({t}, {t}) -> ()
      %sum = "spensor.add"(%top, %b) {{self_assign = true}} : ({t}, {t}) -> {t}
      func.return %buf : {buffer}
    }}""")
    profiles = []

    def keep(interpreter: Interpreter) -> None:
        profiles.append(memory_profile(interpreter))

    b = rand(4, 4)
    (out,) = run(text, "f", b, on_finish=keep)
    np.testing.assert_allclose(out, np.concatenate([2 * b, b]))
    (profile,) = profiles
    assert profile.peak["L2"] == 128 + 64  # the buffer and the argument b


def test_to_array_of_plain_runtime_values():
    """`to_array` stacks an ndspensor's tiles; any other runtime value (a tile, an
    index) is already one array's worth and comes back as `np.asarray` of it."""
    tile = rand(2, 2)
    assert to_array(tile) is tile
    assert to_array(3) == np.asarray(3)
