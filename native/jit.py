"""JIT compilation of llir functions with xDSL's LLVM backend (`xdsl.jit.llvm`, llvmlite's
MCJIT) and the calls into them.

A module is lowered with convert-llir-to-llvm (entry points on, its large loops
outlined into functions of their own, which LLVM optimizes in half the time of one
large function: `outline-ops`; Python's cycle collector paused, as nnstack-run pauses
it), translated to LLVM IR by
`xdsl.backend.llvm` (its data section declared, not compiled: `nnstack.native.backend`)
and compiled at -O3 for the host CPU (its vector units included). Compiled functions are
cached per process, keyed by a digest of the llir module, the symbol, the check mode,
the optimization level and the threads of parallel loops, so a second call of the same
program compiles nothing; and
on disk (`nnstack.native.cache`), so a second process loads the code instead of
compiling it. Neither the module's data section nor its weights file is in the code:
loading it links their symbols to a copy of the one and the mapped other
(`nnstack.native.weights`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import string
import struct
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import llvmlite.binding
import numpy as np
from cffi import FFI
from xdsl.context import Context
from xdsl.dialects import llvm
from xdsl.dialects.builtin import ArrayAttr, FunctionType, ModuleOp, StringAttr, TensorType, VectorType
from xdsl.interpreters.shaped_array import ShapedArray
from xdsl.ir import Attribute
from xdsl.jit.c_type_context import CFuncSignature
from xdsl.jit.llvm.backend import LLVMRawJITFunc
from xdsl.utils.exceptions import InterpretationError, JITException

from nnstack.dialects import llir
from nnstack.dialects.values import is_float
from nnstack.dialects.values import numpy_dtype as _dtype
from nnstack.dialects.weights import WeightsError, weights_path
from nnstack.interpreters.api import find_function
from nnstack.interpreters.llir.engine import shaped_array_bytes
from nnstack.native.backend import compile_object, load_object
from nnstack.native.cache import CacheEntry, DiskCache, cache_key, module_digest
from nnstack.native.weights import DataSection, WeightBinding, WeightGlobal, headed
from nnstack.transforms.convert_llir_to_llvm import ConvertLlirToLlvmPass
from nnstack.transforms.llir_to_llvm import (
    ERROR_GLOBALS,
    ERROR_SITES,
    MIN_CHUNK_WORK,
    OUTLINE_OPS,
    BufferState,
    weight_globals,
)
from nnstack.transforms.utils import cyclic_gc_paused

OPT_LEVEL = 3
"""LLVM's optimization level by default: -O3."""

_FFI = FFI()


class NativeError(InterpretationError):
    """A run-time check of compiled code failed (the llir interpreter's errors)."""


class _DetailFormatter(string.Formatter):
    """Formats a check's message: `{0}` an integer detail, `{0:float}` one holding the
    bits of an f64."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "float":
            return repr(struct.unpack("<d", struct.pack("<q", value))[0])
        return super().format_field(value, format_spec)


@dataclass
class CompiledFunction:
    """One llir function compiled to native code, and what calling it needs."""

    function: llir.FuncOp
    """The llir.func (of the module given to `compile_function`; not changed)."""
    entry: CacheEntry
    """The object code and its entry point (what the on-disk cache holds)."""
    opt_level: int
    check_bounds: bool
    threads: int = 1
    """The threads its parallel loops run on (convert-llir-to-llvm's `threads`)."""
    min_chunk_work: int = MIN_CHUNK_WORK
    """The least work a thread of a parallel loop gets (convert-llir-to-llvm's option)."""
    in_file: tuple[WeightGlobal, ...] = ()
    """The weights-file globals the code declares, which loading it links."""
    data: DataSection | None = None
    """The module's dense globals, which loading the code links (None: it has none)."""
    compile_seconds: float = 0.0
    lower_seconds: float = 0.0
    """Of `compile_seconds`, the time convert-llir-to-llvm took (the rest is LLVM's)."""
    from_cache: bool = False
    """Loaded from the on-disk cache (`compile_seconds` then the time that took), not
    compiled."""
    linked: dict[Path | None, tuple[WeightBinding | None, LLVMRawJITFunc]] = field(default_factory=dict)
    """The code loaded, by weights file (None: the code uses none), with the tensors it
    is linked to: modules of the same text share compiled code, each with its file."""

    @property
    def sites(self) -> tuple[str, ...]:
        return self.entry.sites

    def code(self, path: Path | None) -> LLVMRawJITFunc:
        """The code linked to the weights file at `path` (loaded once per file, and again
        if the file has been written since); `NativeError` naming the global, key and
        file where a tensor cannot be had."""
        key = path if self.in_file else None
        found = self.linked.get(key)
        if found is not None and (found[0] is None or found[0].current()):
            return found[1]
        binding = None
        if self.in_file:
            try:
                binding = WeightBinding.read(path, self.in_file, self.check_bounds)
            except WeightsError as error:
                raise NativeError(str(error)) from None
        entry = self.entry
        signature = CFuncSignature(entry.inputs, entry.output)
        symbols = {**(self.data.symbols if self.data else {}), **(binding.symbols if binding else {})}
        raw = load_object(entry.object_code, entry.entry, signature, self.opt_level, symbols)
        self.linked[key] = (binding, raw)
        return raw

    @staticmethod
    def error_values(raw: LLVMRawJITFunc) -> list[ctypes.c_int64]:
        engine = raw.engine
        return [ctypes.c_int64.from_address(engine.get_global_value_address(n)) for n in ERROR_GLOBALS]

    def invoke(self, raw: LLVMRawJITFunc, arguments: Sequence[Any], result_type: Attribute | None) -> Any:
        """Call `raw` (the code, `code`) with runtime values (arrays for pointers, numpy
        scalars otherwise) and return the result (or None); a failed check raises
        `NativeError`."""
        keep: list[Any] = []
        table = np.zeros(len(arguments) + (result_type is not None), np.uintp)
        for index, value in enumerate(arguments):
            array = value if isinstance(value, np.ndarray) else np.array(value)
            keep.append(array)
            table[index] = array.ctypes.data
        result = None
        if result_type is not None:
            shape = result_type.get_shape() if isinstance(result_type, VectorType) else ()
            result = np.zeros(shape, _dtype(result_type))
            keep.append(result)
            table[-1] = result.ctypes.data
        errors = self.error_values(raw)
        for error in errors:
            error.value = 0
        raw.c_func(_FFI.cast("void *", table.ctypes.data))
        site, *details = (error.value for error in errors)
        if site:
            for error in errors:
                error.value = 0
            raise NativeError(_DetailFormatter().format(self.sites[site - 1], *details))
        if result is None:
            return None
        if result.ndim or is_float(result.dtype):
            return result if result.ndim else result[()]
        return int(result)  # integers as Python ints, as the interpreter gives them


@dataclass
class JitCache:
    """Compiled functions by (digest of the llir module, symbol, check mode, opt level,
    threads, min chunk work), and by module object, so calling the same `ModuleOp`
    again does not even digest it (as with the interpreter, a module changed after a
    call is not compiled again)."""

    functions: dict[tuple[str, str, bool, int, int, int], CompiledFunction] = field(default_factory=dict)
    by_module: weakref.WeakKeyDictionary[
        ModuleOp, dict[tuple[str, bool, int, int, int], CompiledFunction]
    ] = field(default_factory=weakref.WeakKeyDictionary)

    def compile(
        self,
        module: ModuleOp,
        symbol: str,
        check_bounds: bool = False,
        opt_level: int = OPT_LEVEL,
        disk: DiskCache | None = None,
        progress: Callable[[str], None] | None = None,
        threads: int = 1,
        min_chunk_work: int = MIN_CHUNK_WORK,
    ) -> CompiledFunction:
        """`compile_function`, once per process; `disk`: the on-disk cache to load it
        from or store it in (None: compile, and store nothing); `progress`: told each
        stage of a compilation or load (nothing when the process has the function)."""
        seen = self.by_module.setdefault(module, {})
        options = (symbol, check_bounds, opt_level, threads, min_chunk_work)
        compiled = seen.get(options)
        if compiled is not None:
            return compiled
        digest = module_digest(module)
        key = (digest, *options)
        compiled = self.functions.get(key)
        if compiled is None:
            compiled = compile_function(
                module, symbol, check_bounds, opt_level, disk, digest, progress, threads, min_chunk_work
            )
            self.functions[key] = compiled
        seen[options] = compiled
        return compiled


CACHE = JitCache()
"""The process's compiled functions."""


def _load_runtime_libraries() -> None:
    """Make libgcc's soft-float helpers (f16 <-> f64 conversions, which LLVM calls on
    x86) visible to the JIT, which resolves external symbols in the process."""
    path = ctypes.util.find_library("gcc_s")
    if path is not None:
        llvmlite.binding.load_library_permanently(path)


def compile_function(
    module: ModuleOp,
    symbol: str,
    check_bounds: bool = False,
    opt_level: int = OPT_LEVEL,
    disk: DiskCache | None = None,
    digest: str | None = None,
    progress: Callable[[str], None] | None = None,
    threads: int = 1,
    min_chunk_work: int = MIN_CHUNK_WORK,
) -> CompiledFunction:
    """Compile llir.func `symbol` of `module` (and what it calls) to native code, at
    LLVM's `opt_level` (0..3), its parallel loops on up to `threads` threads (each
    given at least `min_chunk_work` ops, by the lowering's estimate), or load it
    from `disk` if it holds that code for this
    machine (a compiled one is stored there). `digest`: the module's `module_digest`,
    if known. `progress` is told each stage as it starts: "loading from the cache" for
    an entry found on `disk`; else (none, or one that does not load) lowering to the
    llvm dialect, translating to LLVM IR, parsing, optimising, machine code."""
    start = time.perf_counter()
    function = _llir_function(module, symbol)
    if opt_level not in (0, 1, 2, 3):
        raise ValueError(f"opt_level must be 0, 1, 2 or 3, got {opt_level}")
    if threads < 1 or min_chunk_work < 0:
        raise ValueError(f"threads must be >= 1 and min_chunk_work >= 0, got {threads}, {min_chunk_work}")
    _load_runtime_libraries()
    in_file = WeightGlobal.of(weight_globals(module))
    data = DataSection.of(list(module.ops), check_bounds)
    weights = weights_path(module)
    key = None
    if disk is not None:
        key = cache_key(
            digest or module_digest(module), symbol, check_bounds, opt_level, threads, min_chunk_work
        )
        entry = disk.load(key)
        if entry is not None:
            if progress is not None:
                progress("loading from the cache")
            compiled = CompiledFunction(
                function,
                entry,
                opt_level,
                check_bounds,
                threads,
                min_chunk_work,
                in_file,
                data,
                from_cache=True,
            )
            try:
                compiled.code(weights)
            except JITException:  # (its entry point does not link: compiled again)
                pass
            else:
                compiled.compile_seconds = time.perf_counter() - start
                return compiled
    if progress is not None:
        progress("lowering llir to the llvm dialect")
    entry_symbol = f"nnstack_entry_{symbol}"
    with cyclic_gc_paused():  # (the lowered copy is garbage after it)
        lowered = ModuleOp([op.clone() for op in module.ops if isinstance(op, llir.FuncOp | llir.GlobalOp)])
        ctx = Context()
        ctx.load_dialect(llvm.LLVM)
        ConvertLlirToLlvmPass(
            check_bounds=check_bounds,
            entry_points=True,
            threads=threads,
            min_chunk_work=min_chunk_work,
            outline_ops=OUTLINE_OPS,
        ).apply(ctx, lowered)
        sites = lowered.attributes.pop(ERROR_SITES)
        assert isinstance(sites, ArrayAttr)
        texts = tuple(s.data for s in sites.data if isinstance(s, StringAttr))
        lowered_at = time.perf_counter()
        object_code, c_func_type = compile_object(lowered, entry_symbol, opt_level, progress)
    entry = CacheEntry(object_code, entry_symbol, c_func_type.inputs, c_func_type.output, texts)
    compiled = CompiledFunction(
        function, entry, opt_level, check_bounds, threads, min_chunk_work, in_file, data
    )
    if disk is not None and key is not None:
        disk.store(key, entry)
    compiled.code(weights)
    compiled.compile_seconds = time.perf_counter() - start
    compiled.lower_seconds = lowered_at - start
    return compiled


def _llir_function(module: ModuleOp, symbol: str) -> llir.FuncOp:
    function = find_function(module, symbol)
    if not isinstance(function, llir.FuncOp):
        raise ValueError(
            f"@{symbol} is a {function.name}: the native backend runs llir functions (lower the "
            "program to llir first, e.g. -p convert-gawee-to-mir,convert-mir-to-llir)"
        )
    if function.body.blocks.first is None:
        raise ValueError(f"@{symbol} has no body")
    if any(isinstance(t, llir.PointerType) for t in function.function_type.outputs.data):
        raise ValueError(f"@{symbol} returns a pointer, which the native backend cannot give back")
    return function


def call_compiled(
    compiled: CompiledFunction, arrays: Sequence[Any], module: ModuleOp | None = None
) -> tuple[Any, ...]:
    """Call a compiled function the way the llir interpreter is called: an llir.func
    with `llir.tensor_signature` takes and returns the arrays of that signature, any
    other takes arrays for pointers (written in place) and scalars, and returns its
    result (if any). The weights are those of `module`'s weights file (by default of
    the module compiled): the same code serves modules of the same text."""
    function = compiled.function
    raw = compiled.code(weights_path(module if module is not None else function))
    signature = function.attributes.get(llir.TENSOR_SIGNATURE)
    order = "F" if function.memory_layout == llir.MemoryLayout.COLUMN_MAJOR else "C"
    inputs = function.function_type.inputs.data
    if isinstance(signature, FunctionType):
        arguments: list[Any] = [
            np.asarray(a, order=order) if isinstance(t, TensorType) else a
            for a, t in zip(arrays, signature.inputs.data)
        ]
        outputs = [
            np.zeros(t.get_shape() if isinstance(t, TensorType) else (), _dtype(t), order=order)
            for t in signature.outputs.data
        ]
        _call_checked(compiled, raw, [*arguments, *outputs], inputs, len(arguments))
        return tuple(o.copy(order="C") for o in outputs)
    if len(arrays) != len(inputs):
        raise ValueError(f"@{function.sym_name.data} takes {len(inputs)} arguments, {len(arrays)} given")
    values = [
        _pointer_argument(i, a, t) if isinstance(t, llir.PointerType) else np.asarray(a, _dtype(t))
        for i, (a, t) in enumerate(zip(arrays, inputs))
    ]
    outputs_types = function.function_type.outputs.data
    result = _call_checked(compiled, raw, values, inputs, 0, outputs_types[0] if outputs_types else None)
    return () if result is None else (result,)


def _pointer_argument(index: int, value: Any, typ: llir.PointerType) -> np.ndarray:
    """The array a pointer argument points into: a numpy array as it is, or a zero-copy
    view of an xDSL ShapedArray's memory (what xdsl-run passes), as the interpreter
    takes them; anything else is an error, not a pointer to garbage."""
    if isinstance(value, ShapedArray):
        return np.frombuffer(shaped_array_bytes(value, typ), np.uint8).view(_dtype(typ.element_type))
    if not isinstance(value, np.ndarray):
        raise ValueError(f"argument #{index}: expected a numpy array for {typ}, got {type(value).__name__}")
    return value


def _call_checked(
    compiled: CompiledFunction,
    raw: LLVMRawJITFunc,
    values: list[Any],
    types: Sequence[Attribute],
    read_only: int,
    result_type: Attribute | None = None,
) -> Any:
    """`invoke`, with check-bounds buffers around the pointer arguments: the first
    `read_only` ones read only, the others copied back after the call."""
    if not compiled.check_bounds:
        return compiled.invoke(raw, values, result_type)
    copies: list[tuple[np.ndarray, np.ndarray]] = []
    passed: list[Any] = []
    for index, (value, typ) in enumerate(zip(values, types)):
        if not isinstance(typ, llir.PointerType):
            passed.append(value)
            continue
        state = BufferState.READ_ONLY_ARGUMENT if index < read_only else BufferState.ARGUMENT
        holder, data = headed(np.asarray(value), state)
        passed.append(data)
        copies.append((value, holder))
    result = compiled.invoke(raw, passed, result_type)
    for original, holder in copies:
        if isinstance(original, np.ndarray) and original.flags.writeable:
            original.reshape(-1, order="A").view(np.uint8)[:] = holder[64:]
    return result
