"""Parallel loops (convert-llir-to-llvm with `threads` > 1): an `llir.for` marked
`llir.parallel` (`nnstack.transforms.parallel_loops`), not inside another such loop,
without loop-carried values and with an i64 induction variable, is outlined into

    llvm.func internal @nnstack_parallel_<f>_<k>(%context: !llvm.ptr, %begin: i64, %end: i64)

which runs the iterations [begin, end) of the loop (counted from 0: the induction
variable is lb + t * step), reading the values from outside the loop that its body uses
(constants excepted: they are made again inside, so LLVM still sees them) from the
bytes at %context, one after the other (read and written unaligned; a pointer as an
i64). The loop itself becomes: the context filled (on the stack, allocated in the
entry block), the trip count, and a call of the runtime

    nnstack_parallel_for(ptr @outlined, ptr %context, i64 trips, i64 threads, i64 min_trips)

which runs contiguous chunks of [0, trips) on up to `threads` threads (one per chunk;
fewer for little work: a thread gets at least `min_trips` iterations, those that make
`min-chunk-work` ops by the lowering's estimate of one iteration's) and returns when
all are done (`nnstack.native.threads` links it into the native code). Each iteration runs exactly once, on one thread, so the results are those of
the sequential loop bit for bit. A run-time check failing inside records its error as
anywhere else (which thread's, if several fail, is not defined) and the caller returns
after the loop, as after a failed llir.call.

With `outline-ops=N` (N > 0; the native backend sets `OUTLINE_OPS`), an outermost
loop of at least N ops (nested ones included), without loop-carried values and with an
i64 induction variable, is outlined the same way, parallel or not, and run on the
calling thread by a direct call of the outlined function over [0, trips), which is
marked `no_inline`. LLVM's
optimizer takes more than linear time in a function's size: ResNet-18 as one function
of 12.8 k instructions took 2.3 s to optimise, its large loops outlined 1.3 s, for the
same speed. Outlined bodies that lower to the same function (two convs of the same
shape: their weights come through the context) are one function, called from both.
"""

from __future__ import annotations

from xdsl.dialects import llvm
from xdsl.dialects.builtin import AnyFloat, IntegerType, UnitAttr, VectorType, i8, i64
from xdsl.ir import Attribute, Block, SSAValue

from nnstack.dialects import llir
from nnstack.transforms.llir_to_llvm.builder import PTR, FunctionLowering, ModuleLowering
from nnstack.transforms.llir_unroll_hints import constant_trip_count
from nnstack.transforms.parallel_loops import defined_inside, is_parallel, max_threads

RUNTIME_FUNCTION = "nnstack_parallel_for"
"""The runtime function that runs an outlined loop's chunks on threads."""

OUTLINED_PREFIX = "nnstack_parallel_"
"""The name of an outlined loop: this, its function's name and its number."""

UNKNOWN_TRIPS = 8
"""The trip count the work estimate assumes for a loop whose count is not constant."""

MAX_WORK = 1 << 40
"""The work estimate is capped (deep nests of unknown trip counts)."""

OUTLINE_OPS = 64
"""The `outline-ops` of the native backend: a conv's or a product's loop nest is
outlined, not a copy or a fill loop."""

MIN_CHUNK_WORK = 1 << 15
"""The least work (in the lowering's estimate of ops) worth a thread by default:
creating and joining one costs some tens of microseconds."""


def _work(block: Block) -> int:
    """Roughly the ops one run of `block` executes: nested loops count their trips."""
    total = 0
    for op in block.ops:
        total += 1
        if isinstance(op, llir.ForOp):
            trips = constant_trip_count(op)
            total += (UNKNOWN_TRIPS if trips is None else trips) * _work(op.body.block)
    return min(total, MAX_WORK)


def _captured(loop: llir.ForOp) -> list[SSAValue]:
    """The values from outside `loop` that its body (or its iv: lb, step) uses, in the
    order of first use."""
    seen: dict[SSAValue, None] = {loop.lb: None, loop.step: None}
    for op in loop.body.walk():
        for operand in op.operands:
            if not defined_inside(operand, loop):
                seen.setdefault(operand, None)
    return list(seen)


def _bytes(typ: Attribute) -> int:
    """The bytes a value of the lowered type `typ` takes in the context (as stored)."""
    if isinstance(typ, llvm.LLVMPointerType):
        return 8
    if isinstance(typ, llvm.LLVMStructType):
        return sum(_bytes(t) for t in typ.types.data)
    if isinstance(typ, VectorType):
        return typ.element_count() * _bytes(typ.element_type)
    assert isinstance(typ, IntegerType | AnyFloat)
    return max(1, typ.bitwidth // 8)


def _field(lowering: FunctionLowering, context: SSAValue, offset: int, typ: Attribute) -> SSAValue:
    """The address of the field of type `typ` at byte `offset` of the context."""
    at = lowering.emit(llvm.GEPOp(context, [offset], i8)) if offset else context
    return lowering.emit(llvm.GEPOp(at, [0], FunctionLowering.memory_type(typ)))


def _store(lowering: FunctionLowering, value: SSAValue, context: SSAValue, offset: int) -> None:
    """Store `value` at byte `offset` of the context: a pointer as an i64 (xDSL's
    translation cannot store a pointer), a checked pointer as its two."""
    typ = value.type
    if isinstance(typ, llvm.LLVMStructType):
        for index, part in enumerate(typ.types.data):
            _store(lowering, lowering.extract(value, index, part), context, offset + 8 * index)
    elif isinstance(typ, llvm.LLVMPointerType):
        integer = lowering.emit(llvm.PtrToIntOp(value, i64))
        lowering.store(integer, _field(lowering, context, offset, i64), 1)
    else:
        lowering.store(value, _field(lowering, context, offset, typ), 1)


def _load(lowering: FunctionLowering, typ: Attribute, context: SSAValue, offset: int) -> SSAValue:
    """The value of type `typ` `_store` stored at byte `offset` of the context."""
    if isinstance(typ, llvm.LLVMStructType):
        value = lowering.emit(llvm.UndefOp(typ))
        for index, part in enumerate(typ.types.data):
            value = lowering.insert(value, index, _load(lowering, part, context, offset + 8 * index))
        return value
    if isinstance(typ, llvm.LLVMPointerType):
        integer = lowering.load(_field(lowering, context, offset, i64), i64, 1)
        return lowering.emit(llvm.IntToPtrOp(integer))
    return lowering.load(_field(lowering, context, offset, typ), typ, 1)


def thread_count(lowering: FunctionLowering, loop: llir.ForOp) -> int:
    """The threads `loop` runs on: 1 unless it is lowered to a parallel call."""
    threads = lowering.module.threads
    limit = max_threads(loop)
    if limit is not None:
        threads = min(threads, limit)
    if (
        threads <= 1
        or not lowering.outlining
        or not is_parallel(loop)
        or loop.iter_args
        or loop.lb.type != i64
    ):
        return 1
    return threads


def outlines(lowering: FunctionLowering, loop: llir.ForOp) -> bool:
    """Whether `loop`, run on the calling thread, is outlined (`outline-ops`)."""
    least = lowering.module.outline_ops
    return (
        least > 0
        and lowering.outlining
        and not loop.iter_args
        and loop.lb.type == i64
        and sum(1 for _ in loop.walk()) >= least
    )


def _outline(module: ModuleLowering, function: llvm.FuncOp) -> llvm.FuncOp:
    """The outlined function of the same type and body as `function`: `function`,
    kept, if there is none yet."""
    key = (function.function_type, tuple(op.name for op in function.body.walk()))
    same = module.outlined_by_ops.setdefault(key, [])
    for other in same:
        if other.body.is_structurally_equivalent(function.body):
            return other
    same.append(function)
    module.outlined.append(function)
    return function


def lower_outlined(lowering: FunctionLowering, loop: llir.ForOp, threads: int) -> None:
    """`loop` as a call with its body outlined (see the module docstring): of the
    runtime on `threads` > 1, else of the outlined function itself; its step is known
    positive."""
    module = lowering.module
    captured = _captured(loop)
    constants = [v for v in captured if isinstance(v.owner, llir.ConstantOp)]
    passed = [v for v in captured if not isinstance(v.owner, llir.ConstantOp)]
    types = [module.lowered_type(v.type) for v in passed]
    offsets = [sum(_bytes(FunctionLowering.memory_type(t)) for t in types[:k]) for k in range(len(types) + 1)]
    name = f"{OUTLINED_PREFIX}{lowering.func.sym_name.data}_{len(module.outlined)}"

    inner = FunctionLowering(module, lowering.func, llvm.LLVMFunctionType([PTR, i64, i64], None))
    inner.outlining = False
    inner.location = loop.location
    context, begin, end = inner.block.args
    for value, typ, offset in zip(passed, types, offsets):
        inner.values[value] = _load(inner, typ, context, offset)
    inner.lower_ops([v.owner for v in constants])  # pyright: ignore[reportArgumentType]
    header = inner.new_block([i64])
    body = inner.new_block()
    exit_ = inner.new_block()
    inner.emit(llvm.BrOp(header, begin))
    inner.block = header
    trip = header.args[0]
    inner.emit(llvm.CondBrOp(inner.icmp("slt", trip, end), body, [], exit_, []))
    inner.block = body
    offset = inner.emit(llvm.MulOp(trip, inner.value(loop.step)))
    inner.lower_body(loop.body.block, [inner.emit(llvm.AddOp(inner.value(loop.lb), offset))])
    inner.emit(llvm.BrOp(header, inner.emit(llvm.AddOp(trip, inner.constant(1)))))
    inner.block = exit_
    inner.emit(llvm.ReturnOp())
    outlined = llvm.FuncOp(
        name, inner.function_type, linkage=llvm.LinkageAttr("internal"), body=inner.finish()
    )
    outlined.location = loop.location
    outlined = _outline(module, outlined)
    name = outlined.sym_name.data

    context_pointer = lowering.entry_alloca(max(offsets[-1], 1))
    for value, offset in zip(passed, offsets):
        _store(lowering, lowering.value(value), context_pointer, offset)
    lb, ub, step = (lowering.value(v) for v in (loop.lb, loop.ub, loop.step))
    span = lowering.emit(llvm.SubOp(ub, lb))
    rounded = lowering.emit(llvm.AddOp(span, lowering.emit(llvm.SubOp(step, lowering.constant(1)))))
    trips = lowering.emit(llvm.SDivOp(rounded, step))
    some = lowering.icmp("sgt", ub, lb)
    trips = lowering.emit(llvm.SelectOp(some, trips, lowering.constant(0)))
    if threads == 1:
        outlined.no_inline = UnitAttr()  # (inlined, the caller would be as large again)
        lowering.emit(llvm.CallOp(name, context_pointer, lowering.constant(0), trips))
        lowering.propagate_errors()
        return
    function = lowering.emit(llvm.AddressOfOp(name, PTR))
    min_trips = lowering.constant(max(1, -(-module.min_chunk_work // _work(loop.body.block))))
    arguments = [function, context_pointer, trips, lowering.constant(threads), min_trips]
    lowering.call(RUNTIME_FUNCTION, arguments, None)
    lowering.propagate_errors()
