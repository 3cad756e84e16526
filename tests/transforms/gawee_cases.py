"""Programs and helpers shared by the convert-gawee-to-linalg tests."""

from pathlib import Path

import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.parser import Parser

from nnstack.dialects import gawee
from nnstack.interpreters import make_context
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass

FILECHECK_INPUTS = Path(__file__).parents[1] / "filecheck" / "convert-gawee-to-linalg"


def context() -> Context:
    """A context with every dialect xdsl-opt knows, nnstack's included."""
    return make_context()


def lower(module: ModuleOp) -> ModuleOp:
    lowered = module.clone()
    ConvertGaweeToLinalgPass().apply(context(), lowered)
    lowered.verify()
    assert not any(isinstance(op, gawee.GaweeOperation) for op in lowered.walk())
    return lowered


def random_arguments(function: func.FuncOp, rng: np.random.Generator) -> list[np.ndarray]:
    """Normal random tensors; running variances of batch_norm made positive."""
    variances = {
        op.running_var for op in function.walk() if isinstance(op, gawee.BatchNormOp)
    }
    arrays = []
    for arg in function.body.block.args:
        assert isinstance(arg.type, TensorType)
        dtype = {16: np.float16, 32: np.float32, 64: np.float64}[arg.type.element_type.bitwidth]
        array = rng.standard_normal(arg.type.get_shape()).astype(dtype)
        arrays.append(np.abs(array) + dtype(0.1) if arg in variances else array)
    return arrays


def filecheck_cases() -> list:
    """Each `// -----` chunk of the lowering's FileCheck inputs that should lower."""
    return [
        pytest.param(path.name, index, chunk, id=f"{path.stem}-{index}")
        for path in sorted(FILECHECK_INPUTS.glob("*.mlir"))
        for index, chunk in enumerate(path.read_text().split("// -----"))
        if "gawee." in chunk and "expected-error" not in chunk and "CHECK-ERR" not in chunk
    ]


def parse(text: str, name: str = "input") -> ModuleOp:
    return Parser(context(), text, name).parse_module()


def find_function(module: ModuleOp, symbol: str) -> func.FuncOp:
    return next(
        op for op in module.walk() if isinstance(op, func.FuncOp) and op.sym_name.data == symbol
    )


def function_names(module: ModuleOp) -> list[str]:
    return [op.sym_name.data for op in module.walk() if isinstance(op, func.FuncOp) and op.body.blocks]
