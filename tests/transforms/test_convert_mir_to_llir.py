"""Unit tests of convert-mir-to-llir's pieces: the unroll hint rule, calling a lowered
function like the tensor function it came from, and what its memory checks catch."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import llir
from nnstack.interpreters import argument_types, call, find_function, make_context, parse_module, run
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass
from nnstack.transforms.llir_unroll_hints import LlirAnnotateUnrollHintsPass, constant_trip_count
from nnstack.transforms.mir_to_llir.target import host_features, tile_shape

LOOPS = """
llir.func @f(%n: i64) {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %c3 = llir.constant 3 : i64
  %c4 = llir.constant 4 : i64
  %c5 = llir.constant 5 : i64
  %c8 = llir.constant 8 : i64
  llir.for %a = %c0 to %c4 step %c1 : i64 {
  }
  llir.for %b = %c0 to %c5 step %c1 : i64 {
  }
  llir.for %c = %c0 to %c8 step %c3 : i64 {
  }
  llir.for %d = %c0 to %n step %c1 : i64 {
  }
  llir.for %e = %c0 to %c8 step %c1 : i64 {
    llir.for %f = %c0 to %c3 step %c1 : i64 {
    }
  }
  llir.for %g = %c0 to %n step %c1 : i64 {
    llir.for %h = %c0 to %c3 step %c1 : i64 {
    }
  }
  llir.for %i = %c0 to %c8 step %c1 : i64 {
    llir.for %j = %c0 to %c3 step %c1 : i64 {
    }
    llir.for %k = %c0 to %c3 step %c1 : i64 {
    }
  }
  llir.for %l = %c0 to %c8 step %c1 : i64 {
    llir.for %m = %c0 to %c5 step %c1 : i64 {
    }
  }
  llir.return
}
"""


def test_unroll_hint_rule():
    module = parse_module(LOOPS)
    (function,) = module.body.block.ops
    assert isinstance(function, llir.FuncOp)
    LlirAnnotateUnrollHintsPass().apply_to(function)
    loops = [op for op in function.walk() if isinstance(op, llir.ForOp)]
    hints = {loop.induction_variable.name_hint: loop.unroll.data.value for loop in loops}
    assert hints == {
        "a": "unroll",  # innermost, 4 trips
        "b": "none",  # 5 trips
        "c": "unroll",  # 0, 3, 6: 3 trips
        "d": "none",  # run-time trip count
        "e": "unroll_and_jam",  # constant, one small innermost loop inside
        "f": "unroll",
        "g": "none",  # run-time trip count around a small loop
        "h": "unroll",
        "i": "none",  # two loops inside
        "j": "unroll",
        "k": "unroll",
        "l": "none",  # the inner loop is not small
        "m": "none",
    }
    assert constant_trip_count(loops[2]) == 3


ADD = """
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %n: index) -> (tensor<2x3xf32>, index) {
  %r = mir.broadcast_add %a, %b broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %r, %n : tensor<2x3xf32>, index
}
"""


def lowered(text: str, layout: str = "row-major", width: int = 1):
    module = parse_module(text)
    ConvertMirToLlirPass(layout=layout, vector_width=width).apply(make_context(), module)
    module.verify()
    return module


@pytest.mark.parametrize("layout", ["row-major", "column-major"])
def test_run_takes_the_tensor_functions_arrays(layout: str):
    module = lowered(ADD, layout)
    function = find_function(module, "main")
    assert isinstance(function, llir.FuncOp)
    assert [str(t) for t in argument_types(function)] == ["tensor<2x3xf32>", "tensor<3xf32>", "index"]
    a = np.arange(6, dtype=np.float32).reshape(3, 2).T  # neither C- nor F-contiguous
    b = np.array([10.0, 20.0, 30.0], np.float32)
    result, n = run(module, "main", a, b, 7)
    np.testing.assert_array_equal(result, a + b)
    assert result.flags.c_contiguous and result.dtype == np.float32
    assert n.shape == () and n == 7
    np.testing.assert_array_equal(a, np.arange(6, dtype=np.float32).reshape(3, 2).T)


def test_inputs_are_read_only():
    """A lowered function writing into an input array is caught, not silently allowed."""
    module = parse_module(
        """
        llir.func @main(%x: !llir.ptr<f32>, %out: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<f32>) -> tensor<f32>} {
          %v = llir.load %x : !llir.ptr<f32> -> f32
          llir.store %v, %x : f32, !llir.ptr<f32>
          llir.store %v, %out : f32, !llir.ptr<f32>
          llir.return
        }
        """
    )
    with pytest.raises(InterpretationError, match="llir.store"):
        run(module, "main", np.float32(1.0))


def test_call_gives_the_interpreter_with_strict_memory():
    from nnstack.interpreters.llir import leaked_buffers

    result = call(
        lowered(ADD, "column-major", 4),
        "main",
        [np.ones((2, 3), np.float32), np.ones(3, np.float32), 1],
        strict_memory=True,
    )
    assert leaked_buffers(result.interpreter) == []
    np.testing.assert_array_equal(result.results[0], np.full((2, 3), 2.0, np.float32))


@pytest.mark.parametrize(
    ("features", "expected"),
    [
        # 32 registers of 16 f32 lanes: 12 x 2 accumulators
        ({"avx512f": True, "avx2": True, "avx": True}, (16, 12, 2)),
        # 16 registers of 8 lanes: 6 x 2 accumulators, 2 columns and a broadcast
        ({"avx512f": False, "avx2": True, "avx": True}, (8, 6, 2)),
        ({"avx": True}, (8, 6, 2)),
        # 128-bit vectors only
        ({"sse4.2": True}, (4, 6, 2)),
        ({"neon": True}, (4, 6, 2)),
    ],
    ids=["avx512", "avx2", "avx", "sse", "neon"],
)
def test_tile_shape_fits_the_vector_registers(features: dict[str, bool], expected: tuple[int, int, int]):
    shape = tile_shape(features)
    assert tuple(shape) == expected
    # the accumulators, the tile's columns of B and one broadcast fit the registers
    registers = 32 if features.get("avx512f") else 16
    assert shape.tile_rows * shape.tile_vectors + shape.tile_vectors + 1 <= registers


def test_target_cpu_host_sizes_the_tiles_for_this_cpu():
    """`target-cpu=host` replaces vector-width, tile-rows and tile-vectors by the host's
    shape: a product's vectors have the host's lanes and its tiles its rows."""
    t = "tensor<64x64xf32>"
    source = (
        f"func.func @mm(%a: {t}, %b: {t}) -> {t} {{\n"
        f"  %c = mir.matmul %a, %b : ({t}, {t}) -> {t}\n  func.return %c : {t}\n}}"
    )
    module = parse_module(source)
    ConvertMirToLlirPass(vector_width=2, tile_rows=1, tile_vectors=1, target_cpu="host").apply(
        make_context(), module
    )
    shape = tile_shape(host_features())
    widths = {op.result.type.get_shape()[0] for op in module.walk() if isinstance(op, llir.VectorFMAOp)}
    assert widths == {shape.vector_width}
    accumulators = max(len(op.results) for op in module.walk() if isinstance(op, llir.ForOp))
    assert accumulators == shape.tile_rows * shape.tile_vectors
