"""Giving the memory a large parse freed back to the system.

Parsing a model's text makes several short-lived copies of its weights (the hex string
literals, their decoded bytes). glibc's allocator keeps such freed memory in its heap,
so a process that parsed a 35 MB BERT text holds 60 MB more than its module needs;
`malloc_trim` returns it.
"""

from __future__ import annotations

import ctypes

LARGE_INPUT = 1 << 20
"""Inputs from this many characters on are worth trimming after (it walks the heap)."""


def trim_heap() -> None:
    """Return the heap's free memory to the system (glibc; nothing elsewhere)."""
    trim = getattr(ctypes.CDLL(None), "malloc_trim", None)
    if trim is not None:
        trim(0)
