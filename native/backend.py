"""The translation of an llvm-dialect module to native code: xDSL's LLVM JIT backend
(`xdsl.jit.llvm`), without the data section.

A global with a dense initializer is not compiled with its bytes: it becomes an
external declaration of a byte array of its size and alignment (`declare_data`), which
`load_object` links to the bytes (`nnstack.native.weights.DataSection`), as a global of
the weights file is linked to its mapped tensor. LLVM still knows it constant and
apart from every other buffer; it no longer prints, parses and emits megabytes of
weights as text (xDSL's `convert_module` would even make one llvmlite constant per
element: minutes and gigabytes for the 15 M weights of a small language model).

LLVM emits an object file (`compile_object`), which MCJIT loads and links into the
process (`load_object`): the same code as MCJIT compiling the module itself, and an
object the on-disk code cache (`nnstack.native.cache`) can keep.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import cast

import llvmlite.binding
import llvmlite.ir as llvm_ir
from cffi import FFI
from xdsl.backend.llvm.convert import convert_module
from xdsl.dialects import llvm
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, i8
from xdsl.jit.c_type_context import CFuncSignature
from xdsl.jit.function import CFunc
from xdsl.jit.llvm.backend import LLVMJITBackend, LLVMRawJITFunc
from xdsl.jit.llvm.c_type_context import to_c_func_type
from xdsl.traits import SymbolTable
from xdsl.utils.exceptions import JITException

from nnstack.dialects.xdsl_compat import create_target_machine
from nnstack.native.threads import link_runtime, uses_runtime

_FFI = FFI()


def declare_data(module: ModuleOp) -> None:
    """Make each global of `module` (which must be a private copy) with a dense
    initializer an external declaration of a byte array of its size and alignment, its
    bytes left out of the code (`load_object` links the symbol to them)."""
    for op in list(module.ops):
        if not isinstance(op, llvm.GlobalOp) or not isinstance(op.value, DenseIntOrFPElementsAttr):
            continue
        declaration = llvm.GlobalOp(
            llvm.LLVMArrayType(len(op.value.data.data), i8),
            op.sym_name,
            "external",
            constant=op.constant is not None,
            alignment=op.alignment.value.data if op.alignment is not None else 1,
        )
        module.body.block.insert_op_before(declaration, op)
        op.detach()
        op.erase()


def compile_object(
    module: ModuleOp, symbol: str, opt_level: int, progress: Callable[[str], None] | None = None
) -> tuple[bytes, CFuncSignature]:
    """The object code of an llvm-dialect `module` (a private copy: its data section is
    declared, `declare_data`) optimized at `opt_level` for the host CPU as xDSL's `LLVMJITBackend.jit`
    does, but emitted as an object file rather than loaded: the code cache stores it,
    and `load_object` loads it either way. Also the C signature of `symbol`. `progress`
    is told each stage as it starts (translating, parsing, optimising, making machine
    code: a large model spends seconds in each)."""

    def tell(stage: str) -> None:
        if progress is not None:
            progress(stage)

    backend = LLVMJITBackend(lowering=(), opt_level=opt_level)  # pyright: ignore[reportArgumentType]
    declare_data(module)
    declared = {
        op.sym_name.data: op.alignment.value.data
        for op in module.ops
        if isinstance(op, llvm.GlobalOp) and op.value is None and op.alignment is not None
    }
    func_op = SymbolTable.lookup_symbol(module, symbol)
    if not isinstance(func_op, llvm.FuncOp):
        raise JITException(f"No llvm.func to JIT compile: {symbol}")
    c_func_type = to_c_func_type(backend.c_type_context, func_op.function_type)
    _, target_machine = create_target_machine(opt_level)
    tell("translating to LLVM IR")
    llvm_module = convert_module(
        module, fallback_target_triple=target_machine.triple, data_layout=str(target_machine.target_data)
    )
    for op in module.ops:  # (xDSL's translation drops `no_inline`)
        if isinstance(op, llvm.FuncOp) and op.no_inline is not None:
            function = llvm_module.get_global(op.sym_name.data)
            assert isinstance(function, llvm_ir.Function)
            function.attributes.add("noinline")
    for name, alignment in declared.items():  # (xDSL's translation drops their alignment)
        variable = llvm_module.get_global(name)
        # (llvmlite's stubs have it read only; llvmlite documents it writable)
        variable.align = alignment  # pyright: ignore[reportAttributeAccessIssue]
    tell("parsing LLVM IR")
    parsed = llvmlite.binding.parse_assembly(str(llvm_module))
    parsed.triple = target_machine.triple
    parsed.data_layout = str(target_machine.target_data)
    if uses_runtime(parsed):  # (parallel loops: the threads runtime, compiled with the code)
        link_runtime(parsed)
    tell(f"optimising LLVM IR (-O{opt_level})")
    options = llvmlite.binding.PipelineTuningOptions(speed_level=opt_level)
    options.slp_vectorization = True
    # nnstack's lowering already unrolls and vectorizes what pays (register tiles of
    # vector accumulators, vector loops): LLVM unrolling those loops again multiplied
    # the code about 5 times (ResNet-18: 12.8 k instructions became 58 k) for no speed
    options.loop_unrolling = False
    with (
        options,
        llvmlite.binding.create_pass_builder(target_machine, options) as pass_builder,
        pass_builder.getModulePassManager() as module_pass_manager,
    ):
        module_pass_manager.run(parsed, pass_builder)
    tell("generating machine code")
    return target_machine.emit_object(parsed), c_func_type


def load_object(
    object_code: bytes,
    symbol: str,
    c_func_type: CFuncSignature,
    opt_level: int,
    symbols: Mapping[str, int] | None = None,
) -> LLVMRawJITFunc:
    """`symbol` of `object_code` (an object file for the host, from `compile_object`)
    loaded by MCJIT into an engine of its own and linked against the process (libc,
    libm) and `symbols` (name: address; the weights-file globals the code declares), as
    a callable function. The object must be whole: LLVM does not check it."""
    for name, address in (symbols or {}).items():
        # LLVM's table of explicit symbols is the process's, searched first: set just
        # before this object is linked (relocated at finalize_object), so an earlier
        # object's addresses for the same names do not matter
        llvmlite.binding.add_symbol(name, address)
    target, target_machine = create_target_machine(opt_level)
    empty = llvmlite.binding.parse_assembly("")
    empty.triple = target_machine.triple
    empty.data_layout = str(target_machine.target_data)
    engine = llvmlite.binding.create_mcjit_compiler(empty, target_machine)
    engine.add_object_file(llvmlite.binding.ObjectFileRef.from_data(object_code))
    engine.finalize_object()
    address = engine.get_function_address(symbol)
    if not address:  # (MCJIT reports an unresolved symbol as a null address)
        raise JITException(f"No address for symbol after compilation: {symbol}")
    params = ", ".join(c_func_type.inputs) or "void"
    c_func = cast(CFunc, _FFI.cast(f"{c_func_type.output}(*)({params})", address))
    return LLVMRawJITFunc(
        c_func_type, c_func, target=target, target_machine=target_machine, backing_mod=empty, engine=engine
    )
