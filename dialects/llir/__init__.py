"""The llir dialect: nnstack's low-level IR, close to LLVM IR.

LLIR is in SSA form (values are the registers) and makes memory explicit: a value of
type `!llir.ptr<T>` is the address of an element of a buffer, buffers are allocated
and freed by ops, and every access is a typed load or store at `pointer + element
offset`. Functions are multi-block CFGs with `llir.br` / `llir.cond_br` terminators
and real phi nodes, plus a structured `llir.for` loop for the loops the mid-level
lowering emits.

- Types: signless integers (`i1`..`i64`), `f16` / `f32` / `f64`, `!llir.ptr<T>` and
  1-D fixed-width `vector<WxT>`. There is no `index` type: offsets, sizes and loop
  bounds are signless integers, interpreted as signed.
- `llir.func` carries an `is_kernel` flag and the memory `layout` (row- or
  column-major) its address computations follow (`element_strides` and `linearize` in
  `nnstack.transforms.mir_to_llir.layout` compute them).
- A function lowered from a tensor function records its type in the discardable
  attribute `llir.tensor_signature` (`TENSOR_SIGNATURE`); `lowered_signature` says how
  such a function is passed its arrays, and the verifier checks the two agree.
- `llir.phi [%v, ^pred], ...` lists its incoming blocks as block references (xDSL
  successors). It is the only non-terminator that does, so `Block.predecessors()`
  also counts phis: use `cfg_predecessors` for the control-flow graph.
- `llir.for` has loop-carried values (`iter_args`, yielded by `llir.yield`), so a
  reduction needs no memory; its `unroll` hint does not change its meaning.
- `llir.func` checks SSA dominance over its CFG (xDSL does not): a use must be
  dominated by its definition, and a phi's incoming value must dominate the end of
  its incoming block.

Ops, by family (seed names in parentheses):

- functions: `llir.func` (LLIRFunction), `llir.return` (ReturnOp), `llir.call`
- control flow: `llir.br` (BranchOp), `llir.cond_br` (ConditionalBranchOp),
  `llir.phi` (PhiNode), `llir.for` (LLIRForLoopOp) and its `llir.yield`
- memory: `llir.alloc_buffer`, `llir.free_buffer`, `llir.load`, `llir.store`,
  `llir.memcpy` (the seed's memory ops), `llir.vload`, `llir.vstore`,
  `llir.ptradd` (address arithmetic), `llir.ptrcast`
- data section: `llir.global` (a read-only module-level buffer with a dense
  initializer) and `llir.addressof` (its address)
- scalars: `llir.constant`, `llir.add` `sub` `mul` `div` (Add/Sub/Mul/DivScalarOp),
  `rem` `min` `max` `pow`, `and` `or` `xor` `shl` `shr`, the unsigned `udiv` `urem`
  `umin` `umax` `ushr` (LLVM's udiv, urem, llvm.umin, llvm.umax, lshr), `neg` `abs` `sqrt` `exp` `log`
  `sin` `cos` `tan` `asin` `acos` `atan` `sinh` `cosh` `tanh` `asinh` `acosh` `atanh`
  `erf` (the math functions as LLVM's intrinsics or libm compute them),
  `floor` `ceil` `roundeven` (exact),
  `llir.cmp`, `llir.select`, conversions `sitofp` `uitofp` `fptosi` `fptoui`
  `sext` `zext` `trunc` `fpext` `fptrunc`
- vectors: `llir.vadd` `vmul` (VectorAdd/MulOp), `llir.vfma` (f32 fused multiply-add),
  `llir.splat`, `llir.vreduce_add`

Memory safety (bounds, use after free, double free, alignment, reads of
never-written memory) is checked at run time by `nnstack.interpreters.llir`.

One module per op family: `memory`, `globals`, `arithmetic`, `casts`, `vector`, `loops`,
`control_flow` (functions, branches, phi); `types` holds the types and attributes and
`dominance` the CFG helpers and the SSA dominance the functions verify. The dialect's op
list is derived from the family modules (`FAMILIES`), as gawee's is.
"""

from types import ModuleType

from xdsl.ir import Dialect

from nnstack.dialects.llir import arithmetic, casts, control_flow, globals, loops, memory, vector
from nnstack.dialects.llir.arithmetic import (
    AbsOp,
    AcoshOp,
    AcosOp,
    AddOp,
    AndOp,
    AsinhOp,
    AsinOp,
    AtanhOp,
    AtanOp,
    BinaryOp,
    CeilOp,
    CmpOp,
    ConstantOp,
    CoshOp,
    CosOp,
    DivOp,
    ErfOp,
    ExpOp,
    FloatBinaryOp,
    FloatUnaryOp,
    FloorOp,
    IntegerBinaryOp,
    LogOp,
    MaxOp,
    MinOp,
    MulOp,
    NegOp,
    OrOp,
    PowOp,
    RemOp,
    RoundEvenOp,
    SelectOp,
    ShlOp,
    ShrOp,
    SinhOp,
    SinOp,
    SqrtOp,
    SubOp,
    TanhOp,
    TanOp,
    UDivOp,
    UMaxOp,
    UMinOp,
    UnaryOp,
    URemOp,
    UShrOp,
    XorOp,
)
from nnstack.dialects.llir.casts import (
    CastOp,
    ConversionOp,
    FloatResizeOp,
    FloatToIntOp,
    FPExtOp,
    FPToSIOp,
    FPToUIOp,
    FPTruncOp,
    IntResizeOp,
    IntToFloatOp,
    SExtOp,
    SIToFPOp,
    TruncOp,
    UIToFPOp,
    ZExtOp,
)
from nnstack.dialects.llir.control_flow import BranchOp, CallOp, CondBranchOp, FuncOp, JumpOp, PhiOp, ReturnOp
from nnstack.dialects.llir.dominance import SSADominance, block_index, cfg_predecessors, cfg_successors
from nnstack.dialects.llir.globals import AddressOfOp, GlobalOp
from nnstack.dialects.llir.loops import ForOp, YieldOp
from nnstack.dialects.llir.memory import (
    AccessOp,
    AllocBufferOp,
    FreeBufferOp,
    LoadLikeOp,
    LoadOp,
    MemcpyOp,
    PtrAddOp,
    PtrCastOp,
    StoreLikeOp,
    StoreOp,
    VectorLoadOp,
    VectorStoreOp,
    global_origin,
)
from nnstack.dialects.llir.types import (
    FLOAT_PREDICATES,
    INTEGER_PREDICATES,
    TENSOR_SIGNATURE,
    CmpPredicate,
    CmpPredicateAttr,
    FloatConstr,
    LayoutAttr,
    MemoryLayout,
    PointerType,
    ScalarConstr,
    UnrollHint,
    UnrollHintAttr,
    bit_width,
    element_size,
    is_float,
    is_integer,
    is_value_type,
    is_vector_type,
    lowered_signature,
    lowered_type,
    vector_element,
)
from nnstack.dialects.llir.vector import (
    SplatOp,
    VectorAddOp,
    VectorBinaryOp,
    VectorFMAOp,
    VectorMaxOp,
    VectorMulOp,
    VectorReduceAddOp,
)
from nnstack.dialects.utils import defined_ops

FAMILIES: tuple[ModuleType, ...] = (control_flow, loops, memory, globals, arithmetic, casts, vector)
"""The modules that define the llir ops."""

LLIR = Dialect(
    "llir",
    [op for family in FAMILIES for op in defined_ops(family)],
    [PointerType, LayoutAttr, UnrollHintAttr, CmpPredicateAttr],
)

__all__ = [
    "AbsOp",
    "AccessOp",
    "AddOp",
    "AddressOfOp",
    "AllocBufferOp",
    "AndOp",
    "BinaryOp",
    "BranchOp",
    "CallOp",
    "CastOp",
    "CeilOp",
    "CmpOp",
    "CmpPredicate",
    "CmpPredicateAttr",
    "CondBranchOp",
    "ConstantOp",
    "ConversionOp",
    "CosOp",
    "TanOp",
    "AsinOp",
    "AcosOp",
    "AtanOp",
    "SinhOp",
    "CoshOp",
    "AsinhOp",
    "AcoshOp",
    "AtanhOp",
    "DivOp",
    "ErfOp",
    "ExpOp",
    "FLOAT_PREDICATES",
    "FPExtOp",
    "FPToSIOp",
    "FPToUIOp",
    "FPTruncOp",
    "FloatBinaryOp",
    "FloatConstr",
    "FloatResizeOp",
    "FloatToIntOp",
    "FloatUnaryOp",
    "FloorOp",
    "ForOp",
    "FreeBufferOp",
    "FuncOp",
    "GlobalOp",
    "INTEGER_PREDICATES",
    "JumpOp",
    "IntResizeOp",
    "IntToFloatOp",
    "IntegerBinaryOp",
    "LLIR",
    "LayoutAttr",
    "LoadLikeOp",
    "LoadOp",
    "LogOp",
    "MaxOp",
    "MemcpyOp",
    "MemoryLayout",
    "MinOp",
    "MulOp",
    "NegOp",
    "OrOp",
    "PhiOp",
    "PointerType",
    "PowOp",
    "PtrAddOp",
    "PtrCastOp",
    "RemOp",
    "ReturnOp",
    "RoundEvenOp",
    "SExtOp",
    "SIToFPOp",
    "SSADominance",
    "ScalarConstr",
    "SelectOp",
    "ShlOp",
    "ShrOp",
    "UDivOp",
    "UMaxOp",
    "UMinOp",
    "URemOp",
    "UShrOp",
    "SinOp",
    "SplatOp",
    "SqrtOp",
    "StoreLikeOp",
    "StoreOp",
    "SubOp",
    "TENSOR_SIGNATURE",
    "TanhOp",
    "TruncOp",
    "UIToFPOp",
    "UnaryOp",
    "UnrollHint",
    "UnrollHintAttr",
    "VectorAddOp",
    "VectorBinaryOp",
    "VectorFMAOp",
    "VectorLoadOp",
    "VectorMaxOp",
    "VectorMulOp",
    "VectorReduceAddOp",
    "VectorStoreOp",
    "XorOp",
    "YieldOp",
    "ZExtOp",
    "bit_width",
    "block_index",
    "cfg_predecessors",
    "cfg_successors",
    "element_size",
    "global_origin",
    "is_float",
    "is_integer",
    "is_value_type",
    "is_vector_type",
    "lowered_signature",
    "lowered_type",
    "vector_element",
]
