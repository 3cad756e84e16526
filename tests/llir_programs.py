"""The llir programs the differential tests run (the llir interpreter against mir, the
native backend against the llir interpreter): the convert-mir-to-llir and
convert-gawee-to-mir FileCheck inputs chunk by chunk, two ResNet-style networks, and
the lowering to llir in a given layout and vector width."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType

from nnstack.frontend.resnet import basic_block_module, resnet_small_module
from nnstack.interpreters import make_context
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass

FILECHECK = Path(__file__).parent / "filecheck"

VECTOR_ACCESS = """
llir.func @vload(%p: !llir.ptr<{t}>, %k: i64) -> vector<4x{t}> {{
  %v = llir.vload %p[%k : i64] : !llir.ptr<{t}> -> vector<4x{t}>
  llir.return %v : vector<4x{t}>
}}
llir.func @vstore(%p: !llir.ptr<{t}>, %k: i64, %v: vector<4x{t}>) {{
  llir.vstore %v, %p[%k : i64] : vector<4x{t}>, !llir.ptr<{t}>
  llir.return
}}
"""
"""A 4-lane vector load and store at an element offset, of element type `{t}` (the
bounds tests of the interpreter and of native code)."""

PARALLEL_SQUARES = """
func.func @squares(%x: tensor<{rows}x3xf32>) -> tensor<{rows}x3xf32> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant {rows} : index
  %init = mir.alloc_tensor : tensor<{rows}x3xf32>
  %r = mir.parallel_for %i = %c0 to %n step %c1 num_threads = 4 iter_args(%out = %init) -> (tensor<{rows}x3xf32>) {{
    %idx = mir.from_elements %i : (index) -> tensor<1xi64>
    %row = mir.gather %x, %idx axis = 0 : (tensor<{rows}x3xf32>, tensor<1xi64>) -> tensor<1x3xf32>
    %sq = mir.broadcast_mul %row, %row broadcast_shape = [1, 3] : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
    %next = mir.scatter %out, %sq, %idx axis = 0 : (tensor<{rows}x3xf32>, tensor<1x3xf32>, tensor<1xi64>) -> tensor<{rows}x3xf32>
    mir.yield %next : tensor<{rows}x3xf32>
  }}
  func.return %r : tensor<{rows}x3xf32>
}}
"""
"""@squares: x * x row by row in a mir.parallel_for, each iteration scattering its own
row of the loop-carried tensor (`{rows}` rows): the suite's parallel loop."""

MIR_TO_LLIR_ERROR_FILES = ("errors", "errors_column_major")
"""The convert-mir-to-llir tests of inputs the pass rejects."""

NETWORKS = {
    "resnet": lambda: resnet_small_module(input_shape=(1, 3, 16, 16), widths=(4, 8), batch_norm=True),
    "basic-block": lambda: basic_block_module(input_shape=(1, 4, 8, 8), out_channels=8),
}


def chunks(folder: str, exclude: tuple[str, ...] = ()) -> list:
    """Each `// -----` chunk of the FileCheck tests in `folder` (but the files
    `exclude` names), as pytest parameters (path, chunk)."""
    return [
        pytest.param(path, chunk, id=f"{path.stem}-{index}")
        for path in sorted((FILECHECK / folder).glob("*.mlir"))
        if path.stem not in exclude
        for index, chunk in enumerate(path.read_text().split("// -----"))
    ]


def functions(module: ModuleOp) -> list[func.FuncOp]:
    return [op for op in module.walk() if isinstance(op, func.FuncOp)]


def dynamic_shapes(module: ModuleOp) -> bool:
    """Whether a value has a dynamic shape (which only row-major layout can lower)."""
    return any(
        isinstance(r.type, TensorType) and not r.type.has_static_shape()
        for op in module.walk()
        for r in op.results
    )


def lower_to_llir(module: ModuleOp, layout: str, width: int) -> ModuleOp:
    """A verified copy of `module` lowered by convert-mir-to-llir, no mir op left."""
    lowered = module.clone()
    ConvertMirToLlirPass(layout=layout, vector_width=width).apply(make_context(), lowered)
    lowered.verify()
    assert not any(op.dialect_name() == "mir" for op in lowered.walk())
    return lowered
