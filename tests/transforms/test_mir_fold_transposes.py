"""`mir-fold-transposes` is checked by execution: every program gives the same values,
bit for bit, before and after the pass (in the interpreter, and for a conv block also
lowered to llir), and ResNet's activations are no longer transposed between its convs."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
import torch
from xdsl.context import Context
from xdsl.dialects import func

from nnstack.dialects import mir
from nnstack.frontend.onnx import import_onnx
from nnstack.interpreters import make_context, parse_module, run
from nnstack.tools.driver import split_chunks
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass
from nnstack.transforms.mir_fold_transposes import MirFoldTransposesPass

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "frontend"))
from onnx_models import ResNet, export, randomize_batch_norm  # noqa: E402

FILECHECK = Path(__file__).resolve().parents[1] / "filecheck" / "mir-fold-transposes" / "fold_transposes.mlir"


def folded(module):
    result = module.clone()
    MirFoldTransposesPass().apply(Context(), result)
    result.verify()
    return result


def activation_transposes(module) -> int:
    """The transposes of values that are not constants (weights are transposed once, when
    a program is prepared)."""
    return sum(
        isinstance(op, mir.TransposeOp) and not isinstance(op.input.owner, mir.ConstantOp)
        for op in module.walk()
    )


def random_arguments(function: func.FuncOp, rng: np.random.Generator) -> list[np.ndarray]:
    return [
        rng.standard_normal(tuple(t.get_shape())).astype(np.float32) + np.float32(2)
        for t in function.function_type.inputs.data
    ]


@pytest.mark.parametrize(
    "chunk", split_chunks(FILECHECK.read_text(), True), ids=lambda c: f"line{c.first_line}"
)
def test_filecheck_programs_give_the_same_values(chunk) -> None:
    module = parse_module(chunk.text)
    (function,) = [op for op in module.walk() if isinstance(op, func.FuncOp)]
    arguments = random_arguments(function, np.random.default_rng(chunk.first_line))
    before = run(module, function.sym_name.data, *arguments)
    after = run(folded(module), function.sym_name.data, *arguments)
    for a, b in zip(before, after, strict=True):
        np.testing.assert_array_equal(a, b)


def test_resnet_activations_stay_channels_last() -> None:
    """ResNet-18's layout (narrow): of the transposes around its 20 convs and its pool,
    only the input's and the one before the flatten stay; the values are the same."""
    torch.manual_seed(0)
    example = torch.randn(1, 3, 32, 32)
    model = export(randomize_batch_norm(ResNet(), seed=3), example, fold=False)
    module = import_onnx(model)
    ConvertGaweeToMirPass().apply(Context(), module)
    after = folded(module)
    assert activation_transposes(module) > 40 and activation_transposes(after) == 2
    (expected,) = run(module, "main", example.numpy())
    (got,) = run(after, "main", example.numpy())
    np.testing.assert_array_equal(got, expected)


BLOCK = """
func.func @main(%x: tensor<1x4x6x6xf32>, %w: tensor<4x4x3x3xf32>, %m: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  %s = arith.constant dense<[0.5, 1.0, 2.0, 4.0]> : tensor<4xf32>
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  %1 = gawee.batch_norm %0, %s, %m, %m, %s affine = true eps = 1.0e-05 : (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %2 = gawee.relu %1 : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %3 = gawee.conv %2, %w strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  %4 = gawee.add %3, %2 : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  func.return %4 : tensor<1x4x6x6xf32>
}
"""


def test_a_folded_conv_block_lowers_to_llir_and_runs() -> None:
    """A batch norm whose statistics are an argument (not constants) and a residual add:
    the folded mir lowers to llir and gives the values the unfolded mir gives there
    (and those of the mir interpreter, up to the order of the conv's sums)."""
    module = parse_module(BLOCK)
    ConvertGaweeToMirPass().apply(Context(), module)
    after = folded(module)
    assert activation_transposes(after) < activation_transposes(module)
    rng = np.random.default_rng(1)
    arguments = [
        rng.standard_normal((1, 4, 6, 6)).astype(np.float32),
        rng.standard_normal((4, 4, 3, 3)).astype(np.float32),
        rng.standard_normal(4).astype(np.float32),
    ]
    (interpreted,) = run(module, "main", *arguments)
    values = []
    for program in (module, after):
        ConvertMirToLlirPass().apply(make_context(), program)
        program.verify()
        values += run(program, "main", *arguments)
    np.testing.assert_array_equal(values[1], values[0])  # (the same loops sum the products)
    np.testing.assert_allclose(values[1], interpreted, rtol=1e-5, atol=1e-5)
