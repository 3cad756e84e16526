"""IREE 3.12 as a peer in the benchmarks: nnstack's own linalg output compiled by
`iree-compile` for this CPU with the flags the issue of native speed names (data tiling,
im2col for convolutions) and run by IREE's runtime with a given number of threads.
Needs `pip install nnstack[upstream]`; `available()` says whether it is installed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

TARGET = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
)
"""iree-compile's flags for llvm-cpu code for this machine's CPU."""

TILING = ("--iree-opt-data-tiling", "--iree-global-opt-use-im2col-for-convs")
"""Data tiling and im2col for convolutions: IREE's fastest CPU code (about 2x ONNX
Runtime on ResNet-18, where its defaults give 7-8x)."""


def available() -> bool:
    try:
        import iree.compiler  # noqa: F401
        import iree.runtime  # noqa: F401
    except ImportError:
        return False
    return True


def compiled(
    linalg_text: str, symbol: str, threads: int
) -> tuple[Callable[[Sequence[np.ndarray]], list[np.ndarray]], str]:
    """`symbol` of the linalg-level module, compiled by IREE, as a function of numpy arrays
    run on `threads` threads (one: IREE's synchronous local driver; more: its task
    driver with that many workers), and the flags it was compiled with: with TILING,
    or where IREE fails to compile that (its error's first line), with its defaults."""
    import iree.compiler
    import iree.runtime

    try:
        vmfb = iree.compiler.compile_str(linalg_text, extra_args=[*TARGET, *TILING])
        flags = "data tiling, im2col"
    except iree.compiler.CompilerToolError as error:
        vmfb = iree.compiler.compile_str(linalg_text, extra_args=list(TARGET))
        failure = next((line for line in str(error).splitlines() if "error:" in line), "")
        flags = f"default flags: with data tiling it fails ({failure.split('error:')[-1].strip()[:80]})"
    if threads > 1:
        iree.runtime.flags.parse_flags(f"--task_topology_max_group_count={threads}")
    config = iree.runtime.Config("local-task" if threads > 1 else "local-sync")
    context = iree.runtime.SystemContext(config=config)
    context.add_vm_module(iree.runtime.VmModule.copy_buffer(context.instance, vmfb))
    function: Any = context.modules.module[symbol]

    def call(arrays: Sequence[np.ndarray]) -> list[np.ndarray]:
        results = function(*arrays)
        results = results if isinstance(results, tuple | list) else [results]
        return [np.asarray(r.to_host()) for r in results]

    return call, flags
