"""The `llir.parallel` mark of an llir.for whose iterations may run on several threads.

convert-mir-to-llir marks the loops it knows independent: those of mir.parallel_for
(when their lowered body writes no buffer outside the loop as a whole, see
`writes_outer_buffers`), and the outer loops of its GEMM micro-kernel and direct
convolution (each iteration writes its own rows of the output). convert-llir-to-llvm
with `threads` > 1 outlines an outermost marked loop and runs contiguous chunks of its
iterations on threads (`llir_to_llvm.parallel`); with one thread the mark changes
nothing.

A marked loop's iterations must write disjoint memory and read nothing another
iteration writes, so that any split of the range gives the results of the sequential
loop bit for bit.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, UnitAttr, i64
from xdsl.ir import Operation, SSAValue

from nnstack.dialects import llir

PARALLEL = "llir.parallel"
"""Unit attribute of an llir.for whose iterations are independent."""
NUM_THREADS = "llir.num_threads"
"""The `num_threads` of the mir.parallel_for an llir.for was lowered from: at most this
many threads run it."""


def mark_parallel(loop: llir.ForOp, num_threads: int | None = None) -> None:
    loop.attributes[PARALLEL] = UnitAttr()
    if num_threads is not None:
        loop.attributes[NUM_THREADS] = IntegerAttr(num_threads, i64)


def is_parallel(loop: llir.ForOp) -> bool:
    return PARALLEL in loop.attributes


def max_threads(loop: llir.ForOp) -> int | None:
    """The loop's `llir.num_threads`, if it has one."""
    attr = loop.attributes.get(NUM_THREADS)
    return attr.value.data if isinstance(attr, IntegerAttr) else None


def _base(pointer: SSAValue) -> SSAValue:
    """The pointer `pointer` is derived from by llir.ptradd / llir.ptrcast."""
    while isinstance(owner := pointer.owner, llir.PtrAddOp | llir.PtrCastOp):
        pointer = owner.operands[0]
    return pointer


def defined_inside(value: SSAValue, loop: Operation) -> bool:
    """Whether `value` is defined in `loop`'s body (a result or block argument there)."""
    owner = value.owner
    op = owner if isinstance(owner, Operation) else owner.parent_op()
    return op is not None and loop.is_ancestor(op)


def writes_outer_buffers(loop: llir.ForOp) -> bool:
    """Whether the body copies a whole buffer (llir.memcpy) into one allocated outside
    the loop: what a loop-carried tensor updated out of place becomes (a copy of the
    tensor, changed, copied back at the yield), which iterations on several threads
    would overwrite each other's rows with."""
    return any(
        isinstance(op, llir.MemcpyOp) and not defined_inside(_base(op.dst), loop) for op in loop.body.walk()
    )
