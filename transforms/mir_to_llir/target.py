"""The vector width and register tile of products and convs that fit a CPU, for
`convert-mir-to-llir{target-cpu=host}` (as IREE's `--iree-llvmcpu-target-cpu=host`).

The micro-kernel (`matmul_tiles`) keeps `tile-rows` x `tile-vectors` vector accumulators
in registers, plus `tile-vectors` columns of B and one broadcast element of A. A tile
that needs more vector registers than the CPU has spills accumulators to the stack in
its innermost loop: on an AVX2 machine (16 registers of 8 f32), the 12 x 2 tile of
16-lane vectors sized for AVX-512 (32 registers of 16 f32) needs 48 registers, and a
512^3 product ran at 2.7x numpy's time instead of 1.07x with 6 x 2 tiles of 8 lanes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import llvmlite.binding


class TileShape(NamedTuple):
    """f32 lanes of a vector register, and the register tile: rows x vectors."""

    vector_width: int
    tile_rows: int
    tile_vectors: int


AVX512 = TileShape(16, 12, 2)
"""32 registers of 16 f32: 24 accumulators (the BLIS/OpenBLAS shapes are 12-14 x 2-3)."""

AVX = TileShape(8, 6, 2)
"""16 registers of 8 f32: 12 accumulators, 2 columns and a broadcast (BLIS's Haswell 6 x 16)."""

BASELINE = TileShape(4, 6, 2)
"""128-bit vectors (SSE, NEON): 4 f32 lanes, 12 accumulators of at least 16 registers."""


def tile_shape(features: Mapping[str, bool]) -> TileShape:
    """The shape for a CPU with these LLVM target features (as `host_features` gives)."""
    if features.get("avx512f"):
        return AVX512
    if features.get("avx"):
        return AVX
    return BASELINE


def host_features() -> dict[str, bool]:
    """LLVM's target features of the CPU this process runs on."""
    return dict(llvmlite.binding.get_host_cpu_features())
