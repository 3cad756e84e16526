"""nnstack.native: llir functions compiled to native code.

`convert-llir-to-llvm` lowers llir to xDSL's `llvm` dialect; xDSL's LLVM backend and JIT
(`xdsl.backend.llvm`, `xdsl.jit.llvm`, on llvmlite) compile it at -O3 for the host CPU.
`run(module, "main", *arrays)` takes and returns what the llir interpreter's `run` does
(an llir.func with `llir.tensor_signature` takes and gives the arrays of that
signature); compiled functions are cached per process and on disk (`cache.py`: in
`$NNSTACK_CACHE_DIR`, `$XDG_CACHE_HOME/nnstack` or `~/.cache/nnstack`; `cache=False`
neither reads nor writes it). The tensors of the module's weights file are mapped at run
time, not compiled in (`weights.py`). With `threads=N` the loops marked
`llir.parallel` run on up to N threads (`threads.py`: the runtime; the results are
those of one thread bit for bit). With `check_bounds=True`
bounds, use-after-free, double-free and read-only checks are compiled in; a failed
check, like every run-time error llir defines, raises `NativeError` naming the op.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from xdsl.dialects.builtin import ModuleOp

from nnstack.interpreters.api import convert_arguments, find_function, parse_module
from nnstack.native.cache import DiskCache, cache_directory
from nnstack.native.jit import (
    CACHE,
    OPT_LEVEL,
    CompiledFunction,
    JitCache,
    NativeError,
    call_compiled,
    compile_function,
)
from nnstack.transforms.llir_to_llvm import MIN_CHUNK_WORK


class NativeCall(NamedTuple):
    """The results, the converted arguments and the compiled function of a call."""

    results: tuple[np.ndarray, ...]
    arguments: tuple[Any, ...]
    compiled: CompiledFunction


def disk_cache(cache: bool | Path) -> DiskCache | None:
    """The on-disk cache `cache` asks for: True the default directory (read from the
    environment now: `cache_directory`), a path that directory, False none."""
    if cache is False:
        return None
    return DiskCache(cache_directory() if cache is True else Path(cache))


def call(
    module_or_text: ModuleOp | str,
    symbol: str,
    arrays: Sequence[Any],
    *,
    check_bounds: bool = False,
    opt_level: int = OPT_LEVEL,
    cache: bool | Path = True,
    progress: Callable[[str], None] | None = None,
    threads: int = 1,
    min_chunk_work: int = MIN_CHUNK_WORK,
) -> NativeCall:
    """Compile (or take from the caches) llir function `symbol` and call it on `arrays`;
    `threads`: the threads its parallel loops run on (each given at least
    `min_chunk_work` ops, by the lowering's estimate); `cache`: the on-disk cache
    (`disk_cache`); `progress` is told each stage of a
    compilation as it starts, or the load from the on-disk cache (for a progress line)."""
    module = parse_module(module_or_text) if isinstance(module_or_text, str) else module_or_text
    arguments = convert_arguments(find_function(module, symbol), arrays)
    compiled = CACHE.compile(
        module, symbol, check_bounds, opt_level, disk_cache(cache), progress, threads, min_chunk_work
    )
    results = tuple(np.asarray(r) for r in call_compiled(compiled, arguments, module))
    return NativeCall(results, arguments, compiled)


def run(
    module_or_text: ModuleOp | str,
    symbol: str,
    *arrays: Any,
    check_bounds: bool = False,
    opt_level: int = OPT_LEVEL,
    cache: bool | Path = True,
    threads: int = 1,
    min_chunk_work: int = MIN_CHUNK_WORK,
) -> tuple[np.ndarray, ...]:
    """`nnstack.interpreters.run` for llir functions, natively."""
    return call(
        module_or_text,
        symbol,
        arrays,
        check_bounds=check_bounds,
        opt_level=opt_level,
        cache=cache,
        threads=threads,
        min_chunk_work=min_chunk_work,
    ).results


__all__ = [
    "CACHE",
    "CompiledFunction",
    "DiskCache",
    "JitCache",
    "NativeCall",
    "NativeError",
    "OPT_LEVEL",
    "call",
    "cache_directory",
    "call_compiled",
    "compile_function",
    "disk_cache",
    "run",
]
