"""Interpreter for the llir dialect: each llir.func is compiled to Python, then run.

xDSL's generic interpreter costs ~30 us per op, too slow for scalar loops, so an llir.func
is compiled once per interpreter into the source of one Python function
(`generated_source` shows it). The package is split by job:

- `memory`: the flat memory model (buffers, pointers, checked accesses);
- `semantics`: the scalar semantics of the ops (wrapping, rounding, IEEE corner cases);
- `codegen`: the code generator, one method per op family, chosen by op class;
- `engine`: the compiled functions, memory and settings of one interpreter;
- `registration`: the xDSL `InterpreterFunctions` and the public API below.

Memory model. Every load, store and memcpy is bounds-checked; use after free, double
free, freeing a pointer that does not start a buffer, misaligned access and writes to
read-only arrays and to `llir.global`s (a read-only view of the initializer's bytes,
made once per interpreter) are `InterpretationError`s naming the op and the address
(`llir.load: out-of-bounds read of 4 bytes at buffer #2 + 64 (size 64)`). With
`set_strict_memory(interpreter)`, reading bytes never written is an error too (buffers
from `llir.alloc_buffer` start zeroed but unwritten, and so do the output buffers
`output_pointer` gives). `leaked_buffers` lists the buffers
still allocated. `set_limits` bounds the size of one allocation (1 GiB by default)
and the depth of llir calls (200); going past either is an error naming the op.
`set_op_counting` / `executed_op_count` count executed ops; `set_progress` tells a
callback how many have run, for a progress line.
"""

from nnstack.interpreters.llir.memory import Buffer, Memory, Pointer
from nnstack.interpreters.llir.registration import (
    LlirFunctions,
    executed_op_count,
    generated_source,
    leaked_buffers,
    llir_memory,
    output_pointer,
    set_limits,
    set_op_counting,
    set_progress,
    set_strict_memory,
)

__all__ = [
    "Buffer",
    "LlirFunctions",
    "Memory",
    "Pointer",
    "executed_op_count",
    "generated_source",
    "leaked_buffers",
    "llir_memory",
    "output_pointer",
    "set_limits",
    "set_op_counting",
    "set_progress",
    "set_strict_memory",
]
