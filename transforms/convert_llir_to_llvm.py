"""convert-llir-to-llvm: lowers every llir.func to an llvm.func of xDSL's `llvm` dialect,
which `xdsl.backend.llvm` translates to LLVM IR (and `nnstack.native` JIT-compiles).

- Pointers become opaque `!llvm.ptr`s; `llir.alloc_buffer` calls C's calloc (or
  aligned_alloc and a memset: buffers start zeroed), `llir.free_buffer` free;
  `llir.load` / `llir.store` (and their vector forms) become a getelementptr and a typed
  llvm.load / llvm.store aligned to the element size (i1 is held as a byte).
- Scalar and vector arithmetic become llvm instructions and intrinsics with the
  interpreter's results (see `llir_to_llvm.scalar`).
- Blocks stay blocks, their phis become block arguments; an `llir.for` becomes a header
  block (comparing the induction variable with the bound), its body, and an exit block
  whose arguments are the loop's results. A loop with the `unroll` hint and a constant
  trip count of at most 16 is unrolled completely; other hints are left to LLVM's
  unroller.
- What llir makes a run-time error (integer division by zero, shifts out of range,
  float-to-integer overflow, a non-positive loop step, memory exhaustion) is checked:
  the function records the check's site (`nnstack_error_site`, one-based, and two
  details in `nnstack_error_detail0/1`) and returns at once; a caller of a failing
  llir.call returns too. The module attribute `nnstack.error_sites` holds each site's
  message (the details shown where it says `{0}` and `{1}`).
- The data section: each `llir.global` with a dense initializer becomes an
  `llvm.mlir.global internal constant` holding it (flattened to an `!llvm.array`),
  `llir.addressof` `llvm.mlir.addressof`. A global whose data is in the module's
  weights file (`dense_resource`) becomes an `external constant` declaration of the
  same name, without its data: whoever runs the code links the symbol to the tensor
  (`nnstack.native` maps the file), so LLVM compiles no weights.
- `check-bounds=true` compiles in the llir interpreter's memory checks: bounds, use
  after free, double free, writes into read-only inputs and globals (see
  `llir_to_llvm.memory`).
- `threads=N` (N > 1) runs each outermost loop marked `llir.parallel` (whose
  iterations are independent, see `nnstack.transforms.parallel_loops`) on up to N
  threads: its body is outlined into a function over a range of iterations, which a
  call of the runtime function `nnstack_parallel_for` runs in chunks on threads (see
  `llir_to_llvm.parallel`; `nnstack.native` links the runtime in), each thread
  getting at least `min-chunk-work` ops by the lowering's estimate (fewer threads for
  a small loop). The default, 1, runs every loop on the calling thread.
- `outline-ops=N` (N > 0) outlines every other outermost loop of at least N ops
  (without loop-carried values) the same way, called directly on the calling thread,
  each distinct body once: LLVM optimizes many small functions faster than one large
  one (`nnstack.native` sets `llir_to_llvm.OUTLINE_OPS`).
- `entry-points=true` adds `@nnstack_entry_<f>(!llvm.ptr)` per function, which takes its
  arguments from an array of pointers (see `llir_to_llvm.entry_point`): what the JIT
  calls.

An op the pass cannot lower (anything but llir inside an llir.func) fails the pass with
a diagnostic at that op, before anything changes; so does an llir.func or llir.global
named like a symbol the native code uses (`RESERVED_SYMBOLS`, and the names of outlined
loops, `nnstack_parallel_...`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import PassFailedException

from nnstack.dialects import llir
from nnstack.transforms.llir_to_llvm import (
    ERROR_SITES,
    LOWERINGS,
    MIN_CHUNK_WORK,
    OUTLINED_PREFIX,
    RESERVED_SYMBOLS,
    ModuleLowering,
    entry_point,
    lower_function,
    lower_global,
)
from nnstack.transforms.utils import Problem, fail_at_ops, locate

_LOWERED_WITH_PARENT = (llir.PhiOp, llir.YieldOp)


def problems(module: ModuleOp) -> list[Problem]:
    """Every op inside an llir.func that the pass cannot lower."""
    found: list[Problem] = []
    for symbol in module.walk():
        if isinstance(symbol, llir.FuncOp | llir.GlobalOp) and (
            symbol.sym_name.data in RESERVED_SYMBOLS or symbol.sym_name.data.startswith(OUTLINED_PREFIX)
        ):
            what = "function" if isinstance(symbol, llir.FuncOp) else "global"
            found.append(
                (
                    symbol,
                    f"@{symbol.sym_name.data} is the name of a C library function or global the "
                    f"native code uses; rename the {what}",
                )
            )
    for function in module.walk():
        if not isinstance(function, llir.FuncOp):
            continue
        for op in function.body.walk():
            if type(op) not in LOWERINGS and not isinstance(op, _LOWERED_WITH_PARENT):
                found.append((op, f"cannot lower {op.name}: no lowering to the llvm dialect"))
    return found


@dataclass(frozen=True)
class ConvertLlirToLlvmPass(ModulePass):
    """Lowers every llir.func to an llvm.func (see the module docstring)."""

    name = "convert-llir-to-llvm"

    check_bounds: bool = False
    """Compile in bounds, use-after-free and double-free checks."""

    entry_points: bool = False
    """Add an `@nnstack_entry_<f>(!llvm.ptr)` per function for JIT callers."""

    threads: int = 1
    """Run each outermost loop marked `llir.parallel` on up to this many threads."""

    min_chunk_work: int = MIN_CHUNK_WORK
    """A thread of a parallel loop gets at least this much work (ops, estimated)."""

    outline_ops: int = 0
    """Outline each outermost loop of at least this many ops into a function of its
    own (0: none; for LLVM's compile time: see `llir_to_llvm.parallel`)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.threads < 1:
            raise PassFailedException(f"{self.name}: threads must be >= 1, got {self.threads}")
        if self.outline_ops < 0:
            raise PassFailedException(f"{self.name}: outline-ops must be >= 0, got {self.outline_ops}")
        if self.min_chunk_work < 0:
            raise PassFailedException(f"{self.name}: min-chunk-work must be >= 0, got {self.min_chunk_work}")
        fail_at_ops(self.name, problems(op))
        functions = [f for f in op.walk() if isinstance(f, llir.FuncOp)]
        lowering = ModuleLowering(
            self.check_bounds, LOWERINGS, self.threads, self.min_chunk_work, self.outline_ops
        )
        for function in functions:
            lowered: list[Operation] = [lower_function(lowering, function)]
            if self.entry_points and function.body.blocks:
                lowered.append(entry_point(lowering, function))
            Rewriter.replace_op(function, lowered, [])
        Rewriter.insert_op(lowering.outlined, InsertPoint.at_end(op.body.block))
        # after the functions: lowering an llir.addressof looks its llir.global up
        for global_op in [g for g in op.walk() if isinstance(g, llir.GlobalOp)]:
            lowered_global = lower_global(lowering, global_op)
            lowered_global.location = global_op.location
            Rewriter.replace_op(global_op, lowered_global, [])
        assert set(lowering.externals) <= RESERVED_SYMBOLS, "an external missing from RESERVED_SYMBOLS"
        declarations = lowering.declarations()
        if functions:  # the module-level symbols are located at the first function
            locate(declarations, functions[0].location)
        Rewriter.insert_op(declarations, InsertPoint.at_start(op.body.block))
        op.attributes[ERROR_SITES] = lowering.sites_attribute()
