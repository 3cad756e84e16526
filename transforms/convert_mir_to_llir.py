"""convert-mir-to-llir: lowers mir tensor programs to llir loops over explicit buffers.

Every `func.func` holding mir ops becomes an `llir.func` of the same name. Tensors become
buffers (`!llir.ptr<T>` to their first element): tensor arguments are pointers the
caller owns, each result gets an output pointer appended to the arguments (the caller
allocates it), and the original type is kept as `llir.tensor_signature` so runners can
take and give the same arrays as for the mir function. Every tensor an op produces is an
`llir.alloc_buffer` (elements x element bytes, aligned to max(element bytes, 16)) freed
after its last use; a result is computed in its output buffer directly where it can be.
A large non-splat `mir.constant` goes to the data section: an `llir.global` before the
function, read through `llir.addressof` (see `mir_to_llir.memory.ConstantLowering`).
Dynamic shapes have no size, so only `mir.dynamic_reshape` (aliasing its input, in
row-major layout) and `mir.dealloc_tensor` accept them; anything else fails the pass at
that op, as does any op without a lowering.

Addresses follow the `layout` option (`row-major` or `column-major`: the strides of
`mir_to_llir.layout.element_strides`); loop nests put the contiguous dim innermost. With
`vector-width=N` (N > 1), element-wise nests whose innermost loop is contiguous for every
operand (or broadcast: splatted) use `llir.vload`, `llir.vadd` / `llir.vmul` and
`llir.vstore` over N lanes, with a scalar tail loop for the remainder; products
(mir.matmul) are blocked over N and K, their B packed and multiplied by a micro-kernel
of `tile-rows` x `tile-vectors` vector accumulators (llir.vfma for f32), and convs feed
tiles of output pixels x channel vectors over the kernel taps to the same kind of
micro-kernel (`mir_to_llir.matmul_tiles`, `mir_to_llir.conv`). `target-cpu=host` picks
the vector width and the register tile for the CPU the pass runs on
(`mir_to_llir.target`), in place of those three options.

Unroll hints (`llir.for` `unroll` property, which never changes what a loop computes):
an innermost loop with a constant trip count of at most 4 gets `unroll`; a loop with a
constant trip count whose body holds exactly one llir.for, itself such a loop, gets
`unroll_and_jam`; other loops get no hint.

The pass checks every function first and fails, before changing anything, at each op it
cannot lower. Then one pattern per op family (see `nnstack.transforms.mir_to_llir`)
lowers the ops of a region before the op owning it, with
`builtin.unrealized_conversion_cast` standing between a lowered value and its not yet
lowered users until the casts are reconciled; then `CLEANUP`, a pipeline of passes of
their own, runs on each lowered function: `llir-drop-foreign-frees`,
`llir-forward-outputs`, `llir-insert-frees` (`nnstack.transforms.llir_buffers`),
`hoist-constants` and `llir-annotate-unroll-hints`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType, UnrealizedConversionCastOp, bf16
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, RewritePattern
from xdsl.transforms.reconcile_unrealized_casts import reconcile_unrealized_casts
from xdsl.utils.exceptions import PassFailedException

from nnstack.dialects import llir, mir
from nnstack.transforms import mir_to_llir as patterns
from nnstack.transforms.hoist_constants import HoistConstantsPass
from nnstack.transforms.llir_buffers import (
    LlirDropForeignFreesPass,
    LlirForwardOutputsPass,
    LlirInsertFreesPass,
)
from nnstack.transforms.llir_unroll_hints import LlirAnnotateUnrollHintsPass
from nnstack.transforms.mir_to_llir.builder import LoweringOptions, value_type
from nnstack.transforms.mir_to_llir.scalar import LOWERED_ARITH_OPS
from nnstack.transforms.mir_to_llir.target import TileShape, host_features, tile_shape
from nnstack.transforms.utils import FunctionPass, LocatedRewriteWalker, Problem, fail_at_ops

LAYOUTS = {"row-major": llir.MemoryLayout.ROW_MAJOR, "column-major": llir.MemoryLayout.COLUMN_MAJOR}

CLEANUP: tuple[FunctionPass[llir.FuncOp] | FunctionPass[Operation], ...] = (
    LlirDropForeignFreesPass(),
    LlirForwardOutputsPass(),
    LlirInsertFreesPass(),
    HoistConstantsPass(),
    LlirAnnotateUnrollHintsPass(),
)
"""The passes that settle each lowered function, in order."""


MIR_OPS = (mir.MirOperation, mir.LoopOp, mir.IfOp, mir.YieldOp)
"""The base classes of every mir op."""


def _why_not_lowered(op: Operation, layout: llir.MemoryLayout) -> str | None:
    """Why `op`, inside a function being converted, cannot be lowered (None if it can)."""
    if isinstance(op, func.ReturnOp):
        return None
    is_mir = isinstance(op, MIR_OPS)
    if not is_mir and type(op) not in LOWERED_ARITH_OPS:
        return "no lowering pattern for this op"
    values = [*op.operands, *op.results, *(a for r in op.regions for b in r.blocks for a in b.args)]
    for value in values:
        typ = value.type
        if value_type(typ) is None:
            element = typ.element_type if isinstance(typ, TensorType) else typ
            why = (
                " (llir has no bf16: a bf16 program runs at gawee, linalg and mir level)"
                if element == bf16
                else ""
            )
            return f"type {typ} has no llir equivalent{why}"
        if not is_mir and isinstance(typ, TensorType):
            return f"only scalar arith ops are lowered, got a value of type {typ}"
        if isinstance(typ, TensorType) and not typ.has_static_shape():
            aliasing = isinstance(op, mir.DynamicReshapeOp) and layout == llir.MemoryLayout.ROW_MAJOR
            if not aliasing and not isinstance(op, mir.DeallocTensorOp):
                where = " in column-major layout" if isinstance(op, mir.DynamicReshapeOp) else ""
                return f"dynamic shape {typ}{where} (sizes must be static)"
    return None


def problems(module: ModuleOp, functions: list[func.FuncOp], layout: llir.MemoryLayout) -> list[Problem]:
    """Every op of `functions` (and every mir op outside them) the pass cannot lower."""
    problems: list[Problem] = []
    for function in functions:
        if llir.lowered_signature(function.function_type) is None:
            why = (
                f"cannot lower func.func @{function.sym_name.data}: its type {function.function_type} "
                "has a type an llir.func cannot take (tensors need a static shape and an element type llir "
                "carries: no bf16)"
            )
            problems.append((function, why))
        for op in function.body.walk():
            if (why := _why_not_lowered(op, layout)) is not None:
                problems.append((op, f"cannot lower {op.name}: {why}"))
    converted = {op for function in functions for op in function.walk()}
    for op in module.walk():
        if isinstance(op, MIR_OPS) and op not in converted:
            problems.append((op, f"cannot lower {op.name}: mir ops must be inside a func.func"))
    return problems


def _patterns(options: LoweringOptions, data_section: patterns.DataSection) -> list[RewritePattern]:
    return [
        patterns.BroadcastBinaryLowering(options),
        patterns.CompareLowering(options),
        patterns.SelectLowering(options),
        patterns.BroadcastToLowering(options),
        patterns.UnaryLowering(options),
        patterns.CastLowering(options),
        patterns.ConvLowering(options),
        patterns.PoolLowering(options),
        patterns.MatmulLowering(options),
        patterns.ReduceLowering(options),
        patterns.ReadLowering(options),
        patterns.ScatterLowering(options),
        patterns.ConcatLowering(options),
        patterns.ReshapeLowering(options),
        patterns.ConstantLowering(options, data_section),
        patterns.FromElementsLowering(options),
        patterns.AllocTensorLowering(options),
        patterns.DeallocTensorLowering(options),
        patterns.LoopLowering(options),
        patterns.IfLowering(options),
        patterns.FuncLowering(options),
        patterns.ArithLowering(options),
    ]


@dataclass(frozen=True)
class ConvertMirToLlirPass(ModulePass):
    """Lowers every function holding mir ops to an llir.func (see the module docstring)."""

    name = "convert-mir-to-llir"

    layout: Literal["row-major", "column-major"] = "row-major"
    """How tensors are laid out in their buffers."""

    vector_width: int = 1
    """Lanes of the vector ops of element-wise loops; 1 keeps them scalar."""

    tile_rows: int = LoweringOptions.tile_rows
    """Rows of the register tiles of vectorized products and convs (`mir_to_llir.matmul_tiles`)."""

    tile_vectors: int = LoweringOptions.tile_vectors
    """Vectors per row of those register tiles."""

    k_block: int = LoweringOptions.k_block
    """The reduction's cache block of vectorized products."""

    in_place_k_block: int = LoweringOptions.in_place_k_block
    """The reduction's block of vectorized products that read B in place."""

    n_block: int = LoweringOptions.n_block
    """The columns' cache block of vectorized products."""

    target_cpu: Literal["generic", "host"] = "generic"
    """`host`: vector-width, tile-rows and tile-vectors chosen for the CPU this runs on
    (`mir_to_llir.target`: its vector registers), in place of those three options."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        lowered = self.lower(op)
        for step in CLEANUP:
            for function in lowered:
                step.apply_to(function)

    def lower(self, op: ModuleOp) -> list[llir.FuncOp]:
        """The conversion without `CLEANUP`: checks, then runs the patterns; returns the
        lowered functions."""
        shape = TileShape(self.vector_width, self.tile_rows, self.tile_vectors)
        if self.target_cpu == "host":
            shape = tile_shape(host_features())
        sizes = {
            "vector-width": shape.vector_width,
            "tile-rows": shape.tile_rows,
            "tile-vectors": shape.tile_vectors,
            "k-block": self.k_block,
            "in-place-k-block": self.in_place_k_block,
            "n-block": self.n_block,
        }
        for option, value in sizes.items():
            if value < 1:
                raise PassFailedException(f"{self.name}: {option} must be >= 1, got {value}")
        functions = [
            f
            for f in op.walk()
            if isinstance(f, func.FuncOp) and any(isinstance(o, MIR_OPS) for o in f.walk())
        ]
        layout = LAYOUTS[self.layout]
        fail_at_ops(self.name, problems(op, functions, layout))
        options = LoweringOptions(
            layout,
            shape.vector_width,
            frozenset(f.sym_name.data for f in functions),
            shape.tile_rows,
            shape.tile_vectors,
            self.k_block,
            self.n_block,
            self.in_place_k_block,
        )
        LocatedRewriteWalker(
            GreedyRewritePatternApplier(_patterns(options, patterns.DataSection(op)), dce_enabled=False),
            walk_regions_first=True,
            apply_recursively=False,
        ).rewrite_module(op)
        reconcile_unrealized_casts(op, warn_on_failure=False)
        leftovers = [o for o in op.walk() if isinstance(o, UnrealizedConversionCastOp)]
        fail_at_ops(self.name, [(o, "internal error: a value is left unconverted") for o in leftovers])
        return [f for f in op.walk() if isinstance(f, llir.FuncOp) and f.sym_name.data in options.functions]
