"""The state of convert-llir-to-llvm: one `ModuleLowering` per run (external functions,
run-time check sites) and one `FunctionLowering` per llir.func (the value map, the llvm
block being filled, the shared failure exit).

A function's body becomes one llvm.func CFG: every llir block becomes an llvm block whose
arguments are the block's phis, and structured `llir.for` loops are cut into header, body
and exit blocks as the ops are lowered, so a lowering emits into `FunctionLowering.block`
and may move it on (`split`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    DenseArrayBase,
    DenseResourceAttr,
    FileLineColLoc,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    LocationAttr,
    StringAttr,
    VectorType,
    i1,
    i8,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from nnstack.dialects import llir
from nnstack.transforms.utils import locate

PTR = llvm.LLVMPointerType()
"""The opaque pointer every unchecked `!llir.ptr<T>` becomes."""

CHECKED_PTR = llvm.LLVMStructType.from_type_list([PTR, PTR])
"""A `!llir.ptr<T>` with `check-bounds`: (address, start of its buffer). The buffer's
header sits just before its start: its size in bytes at -16, its state at -8."""

HEADER_BYTES = 16

ERROR_GLOBALS = ("nnstack_error_site", "nnstack_error_detail0", "nnstack_error_detail1")
"""The i64 globals a failing run-time check sets (site + 1, and two numbers its message
shows) before the function returns; 0 in the first means no error."""

ERROR_SITES = "nnstack.error_sites"
"""The module attribute listing each check site's message (`{0}`, `{1}`: the details)."""


def weight_globals(module: Operation) -> list[llir.GlobalOp]:
    """The llir.globals of `module` whose data is in its weights file."""
    return [
        op
        for op in module.walk()
        if isinstance(op, llir.GlobalOp) and isinstance(op.value, DenseResourceAttr)
    ]


def _reverse_post_order(entry: Block) -> list[Block]:
    """The llvm blocks reachable from `entry`, each after its dominators (continuation
    blocks of checks and loops are appended where they are made, not in this order)."""
    seen = {entry}
    order: list[Block] = []
    stack: list[tuple[Block, int]] = [(entry, 0)]
    while stack:
        block, index = stack.pop()
        terminator = block.last_op
        # last to first, so a branch's first target (a loop body, the code after a
        # passed check) comes right after it, as it was made
        successors = list(terminator.successors)[::-1] if terminator is not None else []
        if index < len(successors):
            stack.append((block, index + 1))
            if successors[index] not in seen:
                seen.add(successors[index])
                stack.append((successors[index], 0))
        else:
            order.append(block)
    return order[::-1]


class BufferState:
    """The state word of a buffer header (check-bounds)."""

    FREED = 0
    ALLOCATED = 1
    READ_ONLY_ARGUMENT = 2
    ARGUMENT = 3
    GLOBAL = 4
    """An llir.global (read only)."""


Lowering = Callable[["FunctionLowering", Operation], None]
"""Lowers one llir op at the end of `FunctionLowering.block`."""


@dataclass
class ModuleLowering:
    """What the functions of one module share: the externals and the check sites."""

    check_bounds: bool
    lowerings: dict[type[Operation], Lowering]
    threads: int = 1
    """Threads a parallel loop may run on (1: every loop runs on the calling thread)."""
    min_chunk_work: int = 1
    """The least work (ops, by the lowering's estimate) a thread is started for."""
    outline_ops: int = 0
    """Outline each outermost loop of at least this many ops into a function of its
    own (0: none; `llir_to_llvm.parallel.outlines`)."""
    externals: dict[str, llvm.LLVMFunctionType] = field(default_factory=dict)
    sites: list[str] = field(default_factory=list)
    outlined: list[llvm.FuncOp] = field(default_factory=list)
    """The functions outlined from loops (`llir_to_llvm.parallel`), each body once."""
    outlined_by_ops: dict[tuple[Attribute, tuple[str, ...]], list[llvm.FuncOp]] = field(default_factory=dict)
    """The outlined functions by type and op names, where a new one's equal is sought."""

    def external(self, name: str, inputs: Sequence[Attribute], output: Attribute | None) -> str:
        """Declare the C function `name` (malloc, exp, ...) once; returns its name."""
        self.externals.setdefault(name, llvm.LLVMFunctionType(inputs, output))
        return name

    def site(self, op: Operation, message: str) -> int:
        """A new check site for `op`; `message` may use `{0}` and `{1}` (its details)."""
        where = ""
        if isinstance(op.location, FileLineColLoc):
            loc = op.location
            where = f" at {loc.filename.data}:{loc.line.data}:{loc.column.data}"
        self.sites.append(f"{op.name}{where}: {message}")
        return len(self.sites) - 1

    def pointer_type(self) -> Attribute:
        return CHECKED_PTR if self.check_bounds else PTR

    def lowered_type(self, typ: Attribute) -> Attribute:
        """The llvm type of an llir register type."""
        return self.pointer_type() if isinstance(typ, llir.PointerType) else typ

    def function_type(self, func: llir.FuncOp) -> llvm.LLVMFunctionType:
        outputs = func.function_type.outputs.data
        return llvm.LLVMFunctionType(
            [self.lowered_type(t) for t in func.function_type.inputs.data],
            self.lowered_type(outputs[0]) if outputs else None,
        )

    def declarations(self) -> list[Operation]:
        """The llvm.func declarations of the externals and the error globals."""
        ops: list[Operation] = [
            llvm.GlobalOp(i64, name, "common", value=IntegerAttr(0, i64)) for name in ERROR_GLOBALS
        ]
        for name, typ in sorted(self.externals.items()):
            ops.append(llvm.FuncOp(name, typ, linkage=llvm.LinkageAttr("external")))
        return ops

    def sites_attribute(self) -> ArrayAttr[StringAttr]:
        return ArrayAttr(StringAttr(s) for s in self.sites)


class FunctionLowering:
    """Lowers one llir.func into the body of an llvm.func."""

    def __init__(
        self,
        module: ModuleLowering,
        func: llir.FuncOp,
        function_type: llvm.LLVMFunctionType | None = None,
    ):
        self.module = module
        self.func = func
        self.values: dict[SSAValue, SSAValue] = {}
        self.block_map: dict[Block, Block] = {}
        """Each lowered llir block of the function to its (first) llvm block."""
        self.function_type = function_type if function_type is not None else module.function_type(func)
        self.region = Region()
        self.block = Block(arg_types=self.function_type.inputs)
        self.region.add_block(self.block)
        self._fail: Block | None = None
        self._exit: Block | None = None
        self._constants: dict[tuple[str, str], llvm.ConstantOp] = {}
        self._allocas: list[Operation] = []
        self.outlining = True
        """Whether a parallel loop met here is outlined (not inside an outlined loop)."""
        self.location: LocationAttr = func.location
        """The location of the llir op being lowered, which the ops it becomes get."""

    # -- values and emission -------------------------------------------------

    def emit(self, op: Operation) -> SSAValue:
        """Append `op` to the current block; its (first) result, if any."""
        op.location = self.location
        self.block.add_op(op)
        return op.results[0] if op.results else None  # pyright: ignore[reportReturnType]

    def value(self, value: SSAValue) -> SSAValue:
        return self.values[value]

    def bind(self, llir_values: Sequence[SSAValue], llvm_values: Sequence[SSAValue]) -> None:
        for old, new in zip(llir_values, llvm_values, strict=True):
            self.values[old] = new

    def constant(self, value: int | float, typ: Attribute = i64) -> SSAValue:
        """A scalar constant, one per value and type in the function (at the top of its
        entry block, see `finish`)."""
        key = (repr(value), str(typ))
        cached = self._constants.get(key)
        if cached is None:
            if isinstance(typ, IntegerType):
                attr: IntegerAttr | FloatAttr = IntegerAttr(int(value), typ)
            else:
                assert isinstance(typ, AnyFloat)
                attr = FloatAttr(value, typ)
            cached = llvm.ConstantOp(attr, typ)
            cached.location = self.location
            self._constants[key] = cached
        return cached.results[0]

    def to_i64(self, value: SSAValue) -> SSAValue:
        """A signed integer (an offset, a size) sign-extended to i64."""
        typ = value.type
        assert isinstance(typ, IntegerType)
        if typ.width.data == 64:
            return value
        if typ.width.data > 64:
            return self.emit(llvm.TruncOp(value, i64))
        return self.emit(llvm.SExtOp(value, i64))

    def icmp(self, predicate: str, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        flag = llvm.ICmpPredicateFlag(predicate)
        index = list(llvm.ICmpPredicateFlag).index(flag)
        return self.emit(llvm.ICmpOp(lhs, rhs, IntegerAttr(index, i64)))

    def call(self, name: str, args: Sequence[SSAValue], output: Attribute | None) -> SSAValue:
        """Call the external C function `name` (declared on first use)."""
        self.module.external(name, [a.type for a in args], output)
        return self.emit(llvm.CallOp(name, *args, return_type=output))

    def intrinsic(self, name: str, args: Sequence[SSAValue], output: Attribute | None) -> SSAValue:
        return self.emit(llvm.CallIntrinsicOp(name, args, [] if output is None else [output]))

    def extract(self, aggregate: SSAValue, index: int, typ: Attribute) -> SSAValue:
        return self.emit(llvm.ExtractValueOp(DenseArrayBase.from_list(i64, [index]), aggregate, typ))

    def insert(self, aggregate: SSAValue, index: int, value: SSAValue) -> SSAValue:
        return self.emit(llvm.InsertValueOp(DenseArrayBase.from_list(i64, [index]), aggregate, value))

    def splat(self, scalar: SSAValue, width: int) -> SSAValue:
        """`vector<width x T>` with `scalar` in every lane."""
        vector_type = VectorType(scalar.type, [width])
        undef = self.emit(llvm.UndefOp(vector_type))
        first = self.emit(llvm.InsertElementOp(undef, scalar, self.constant(0, i32)))
        mask = DenseArrayBase.from_list(i32, [0] * width)
        return self.emit(llvm.ShuffleVectorOp(first, first, mask, vector_type))

    def entry_alloca(self, size: int) -> SSAValue:
        """`size` bytes of stack memory, allocated in the entry block (see `finish`), so
        code in a loop does not grow the stack at each iteration."""
        alloca = llvm.AllocaOp(self.constant(size), i8, alignment=16)
        alloca.location = self.location
        self._allocas.append(alloca)
        return alloca.results[0]

    # -- memory types ----------------------------------------------------------

    @staticmethod
    def memory_type(typ: Attribute) -> Attribute:
        """How a value of `typ` is held in memory: i1 (and vectors of it) as bytes."""
        if typ == i1:
            return i8
        if isinstance(typ, VectorType) and typ.element_type == i1:
            return VectorType(i8, typ.get_shape())
        return typ

    def load(self, address: SSAValue, typ: Attribute, alignment: int) -> SSAValue:
        stored = self.memory_type(typ)
        value = self.emit(llvm.LoadOp(address, stored, alignment=alignment))
        return value if stored == typ else self.emit(llvm.TruncOp(value, typ))

    def store(self, value: SSAValue, address: SSAValue, alignment: int) -> None:
        stored = self.memory_type(value.type)
        if stored != value.type:
            value = self.emit(llvm.ZExtOp(value, stored))
        self.emit(llvm.StoreOp(value, address, alignment=alignment))

    def gep(self, address: SSAValue, offset: SSAValue, element: Attribute) -> SSAValue:
        """`address + offset` elements of `element` (an i64 offset)."""
        return self.emit(
            llvm.GEPOp(address, [llvm.GEP_USE_SSA_VAL], self.memory_type(element), ssa_indices=[offset])
        )

    def byte_address(self, address: SSAValue, bytes_: int) -> SSAValue:
        return self.emit(llvm.GEPOp(address, [bytes_], i8))

    # -- control flow ------------------------------------------------------------

    def new_block(self, arg_types: Sequence[Attribute] = ()) -> Block:
        block = Block(arg_types=arg_types)
        self.region.add_block(block)
        return block

    def split(self, ok: SSAValue, site: int, details: Sequence[SSAValue] = ()) -> None:
        """Continue in a new block if `ok`; else report `site` (with up to two i64
        details) and return from the function."""
        details = [*details, *(self.constant(0) for _ in range(2 - len(details)))]
        cont = self.new_block()
        self.emit(llvm.CondBrOp(ok, cont, [], self.fail_block(), [self.constant(site + 1), *details]))
        self.block = cont

    def finish(self) -> Region:
        """The body: the constants first, the failure and exit blocks (if a check needs
        them) last."""
        entry = self.region.blocks.first
        assert entry is not None
        constants: list[Operation] = [*self._constants.values(), *self._allocas]
        if constants:
            if entry.first_op is None:
                entry.add_ops(constants)
            else:
                entry.insert_ops_before(constants, entry.first_op)
        for block in (self._fail, self._exit):
            if block is not None:
                locate(block.ops, self.func.location)
                self.region.add_block(block)
        order = _reverse_post_order(entry)
        reachable = set(order)
        order += [block for block in self.region.blocks if block not in reachable]
        for block in order:  # xDSL's translation needs each value defined in an earlier block
            self.region.detach_block(block)
            self.region.add_block(block)
        return self.region

    def exit_block(self) -> Block:
        """The block that returns (an undefined result) after a failed check."""
        if self._exit is None:
            self._exit = Block()
            output = self.function_type.output
            if isinstance(output, llvm.LLVMVoidType):
                self._exit.add_op(llvm.ReturnOp())
            else:
                undef = llvm.UndefOp(output)  # no result: the caller sees the error first
                self._exit.add_ops([undef, llvm.ReturnOp(undef.results[0])])
        return self._exit

    def fail_block(self) -> Block:
        """The block a failed check branches to: records the site and its details."""
        if self._fail is None:
            self._fail = Block(arg_types=[i64, i64, i64])
            for name, value in zip(ERROR_GLOBALS, self._fail.args):
                address = llvm.AddressOfOp(name, PTR)
                self._fail.add_ops([address, llvm.StoreOp(value, address.results[0], alignment=8)])
            self._fail.add_op(llvm.BrOp(self.exit_block()))
        return self._fail

    def propagate_errors(self) -> None:
        """After a call: return at once if the callee failed a check."""
        address = self.emit(llvm.AddressOfOp(ERROR_GLOBALS[0], PTR))
        site = self.emit(llvm.LoadOp(address, i64, alignment=8))
        ok = self.icmp("eq", site, self.constant(0))
        cont = self.new_block()
        self.emit(llvm.CondBrOp(ok, cont, [], self.exit_block(), []))
        self.block = cont

    # -- ops ---------------------------------------------------------------------

    def lower_ops(self, ops: Sequence[Operation]) -> None:
        outer = self.location
        for op in ops:
            if isinstance(op, llir.PhiOp):
                continue
            self.location = op.location
            self.module.lowerings[type(op)](self, op)
        self.location = outer

    def lower_body(self, block: Block, args: Sequence[SSAValue]) -> list[SSAValue]:
        """Lower the ops of a loop body with its arguments bound to `args`; the values
        its llir.yield passes on."""
        self.bind(block.args, args)
        terminator = block.last_op
        assert isinstance(terminator, llir.YieldOp)
        self.lower_ops([op for op in block.ops if op is not terminator])
        return [self.value(v) for v in terminator.values]
