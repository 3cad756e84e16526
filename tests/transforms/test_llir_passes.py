"""The passes convert-mir-to-llir runs after its patterns, each run on its own: the program
before and after each step computes the mir program's numbers.

The input of the steps is what the patterns leave (`ConvertMirToLlirPass.lower`), for
every FileCheck program of the conversion, in two configurations. Each step's
semantic effect is checked where it has one: before `llir-drop-foreign-frees`, a
program that frees an argument fails at run time (freeing memory its caller owns);
before `llir-insert-frees` buffers leak, after it none does. The llir interpreter
runs with its memory checks on (bounds, use after free, reads of unwritten memory).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import numpy as np
import pytest
from gawee_inputs import max_error
from llir_programs import MIR_TO_LLIR_ERROR_FILES, chunks
from test_mir_to_llir_differential import TOLERANCE
from xdsl.ir import BlockArgument, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import llir
from nnstack.interpreters import argument_types, call, parse_module, random_inputs, run
from nnstack.interpreters.llir import leaked_buffers
from nnstack.transforms.convert_mir_to_llir import CLEANUP, ConvertMirToLlirPass
from nnstack.transforms.llir_buffers import LlirInsertFreesPass

Layout = Literal["row-major", "column-major"]
CONFIGS: list[tuple[Layout, int]] = [("row-major", 1), ("column-major", 4)]


def _is_argument(value: SSAValue) -> bool:
    return isinstance(value, BlockArgument) and isinstance(value.block.parent_op(), llir.FuncOp)


def _assert_same(expected: tuple[np.ndarray, ...], got: tuple[np.ndarray, ...], where: str) -> None:
    for e, g in zip(expected, got, strict=True):
        error = max_error(np.asarray(e), g)
        assert error <= TOLERANCE.get(np.asarray(e).dtype.type, 0.0), f"{where}: max abs error {error}"


@pytest.mark.parametrize(("path", "chunk"), chunks("convert-mir-to-llir", exclude=MIR_TO_LLIR_ERROR_FILES))
@pytest.mark.parametrize(("layout", "width"), CONFIGS, ids=[f"{layout}-{width}" for layout, width in CONFIGS])
def test_each_step_keeps_the_numbers(path: Path, chunk: str, layout: Layout, width: int):
    source = parse_module(chunk)
    if layout != "row-major" and "?" in chunk:
        pytest.skip("dynamic shapes lower in row-major layout only")
    module = source.clone()
    lowered = ConvertMirToLlirPass(layout=layout, vector_width=width).lower(module)
    for function in lowered:
        symbol = function.sym_name.data
        arrays = random_inputs(argument_types(function), seed=3)
        expected = run(source, symbol, *arrays)
        freed_arguments = [
            op for op in function.walk() if isinstance(op, llir.FreeBufferOp) and _is_argument(op.ptr)
        ]
        freed = False
        for step in [None, *CLEANUP]:
            where = f"@{symbol} after {step.name if step else 'the patterns'}"
            if step is not None:
                step.apply_to(function)
                module.verify()
                freed |= isinstance(step, LlirInsertFreesPass)
            if step is None and freed_arguments:
                with pytest.raises(
                    InterpretationError, match="llir.free_buffer: buffer #.* was not allocated"
                ):
                    call(module, symbol, arrays, strict_memory=True)
                continue
            result = call(module, symbol, arrays, strict_memory=True)
            _assert_same(expected, result.results, where)
            if freed:
                assert leaked_buffers(result.interpreter) == [], f"{where}: leaked buffers"


def test_steps_have_something_to_do():
    """The programs above exercise every step that changes the IR's meaning or cost:
    the patterns leave foreign frees, leaks, copies into outputs and duplicated
    constants."""
    found = {"foreign free": False, "leak": False, "output copy": False, "duplicate constant": False}
    for _, chunk in (p.values for p in chunks("convert-mir-to-llir", exclude=MIR_TO_LLIR_ERROR_FILES)):
        module = parse_module(chunk)
        for function in ConvertMirToLlirPass().lower(module):
            ops = list(function.walk())
            found["foreign free"] |= any(
                isinstance(op, llir.FreeBufferOp) and _is_argument(op.ptr) for op in ops
            )
            frees = [op for op in ops if isinstance(op, llir.FreeBufferOp)]
            found["leak"] |= len(frees) < sum(isinstance(op, llir.AllocBufferOp) for op in ops)
            found["output copy"] |= any(isinstance(op, llir.MemcpyOp) and _is_argument(op.dst) for op in ops)
            constants = [
                (str(op.value), str(op.result.type)) for op in ops if isinstance(op, llir.ConstantOp)
            ]
            found["duplicate constant"] |= len(constants) > len(set(constants))
    assert all(found.values()), found
