"""The translation of an llvm-dialect module to native code: xDSL's LLVM JIT backend
(`xdsl.jit.llvm`), with the data section given to LLVM as bytes.

xDSL's `convert_module` turns a dense global initializer into one llvmlite constant per
element, printed as text and parsed back by LLVM: minutes and gigabytes for the 15 M
weights of a small language model. Here each `llvm.mlir.global` with a dense
initializer is translated as a byte array instead: its initializer the raw bytes (as a
`c"\\XX..."` string, which LLVM parses into one ConstantDataArray), its alignment kept.
Loads through `llvm.mlir.addressof` read the same bytes (pointers are opaque), so the
llvm-dialect IR the pass produces is unchanged: only its translation is faster.
"""

from __future__ import annotations

from collections.abc import Callable

import llvmlite.ir as llvm_ir
import numpy as np
from xdsl.backend.llvm.convert import convert_module
from xdsl.context import Context
from xdsl.dialects import llvm
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, i8
from xdsl.jit.llvm.backend import LLVMJITBackend, LLVMRawJITFunc
from xdsl.jit.llvm.c_type_context import to_c_func_type
from xdsl.traits import SymbolTable
from xdsl.utils.exceptions import JITException

from nnstack.dialects.xdsl_compat import compile_llvm_module, create_target_machine

_HEX = np.frombuffer(b"0123456789ABCDEF", np.uint8)


def c_string(data: bytes) -> str:
    """LLVM's `c"..."` literal of `data`, every byte escaped as `\\XX` (vectorized)."""
    raw = np.frombuffer(data, np.uint8)
    text = np.empty((raw.size, 3), np.uint8)
    text[:, 0] = ord("\\")
    text[:, 1] = _HEX[raw >> 4]
    text[:, 2] = _HEX[raw & 15]
    return 'c"' + text.tobytes().decode("ascii") + '"'


def take_initializers(module: ModuleOp) -> dict[str, tuple[bytes, int]]:
    """Strip the dense initializer of each global of `module` (which must be a private
    copy), leaving a byte array of its size; returns each one's (bytes, alignment)."""
    taken: dict[str, tuple[bytes, int]] = {}
    for op in list(module.ops):
        if not isinstance(op, llvm.GlobalOp) or not isinstance(op.value, DenseIntOrFPElementsAttr):
            continue
        data = op.value.data.data
        alignment = op.alignment.value.data if op.alignment is not None else 1
        bare = llvm.GlobalOp(
            llvm.LLVMArrayType(len(data), i8), op.sym_name, op.linkage, constant=op.constant is not None
        )
        module.body.block.insert_op_before(bare, op)
        op.detach()
        op.erase()
        taken[op.sym_name.data] = (data, alignment)
    return taken


def jit(
    module: ModuleOp,
    symbol: str,
    ctx: Context,
    opt_level: int,
    progress: Callable[[str], None] | None = None,
) -> LLVMRawJITFunc:
    """`LLVMJITBackend(lowering=()).jit`, with the data section given as bytes;
    `progress` is told each stage as it starts."""
    backend = LLVMJITBackend(lowering=(), opt_level=opt_level)  # pyright: ignore[reportArgumentType]
    initializers = take_initializers(module)
    func_op = SymbolTable.lookup_symbol(module, symbol)
    if not isinstance(func_op, llvm.FuncOp):
        raise JITException(f"No llvm.func to JIT compile: {symbol}")
    c_func_type = to_c_func_type(backend.c_type_context, func_op.function_type)
    target, target_machine = create_target_machine(opt_level)
    if progress is not None:
        progress("translating to LLVM IR")
    llvm_module = convert_module(
        module, fallback_target_triple=target_machine.triple, data_layout=str(target_machine.target_data)
    )
    for name, (data, alignment) in initializers.items():
        variable = llvm_module.get_global(name)
        assert isinstance(variable, llvm_ir.GlobalVariable)
        # (llvmlite's stubs have these attributes read only; llvmlite documents them writable)
        variable.initializer = llvm_ir.FormattedConstant(variable.value_type, c_string(data))  # pyright: ignore[reportAttributeAccessIssue]
        variable.align = alignment  # pyright: ignore[reportAttributeAccessIssue]
    return compile_llvm_module(llvm_module, symbol, c_func_type, target, target_machine, opt_level, progress)
