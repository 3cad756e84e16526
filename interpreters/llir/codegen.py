"""The llir code generator: one llir.func becomes the source of one Python function.

SSA values become local variables, blocks become segments of a dispatch loop on a block
number, phis become parallel assignments on the CFG edges, `llir.for` becomes a Python
`for` over `range`, and memory checks are cheap inline comparisons, with the diagnosis
done (in `memory`) only when an access fails. `HANDLERS` maps each op class to the
method that generates its code.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr, VectorType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import llir
from nnstack.interpreters.arith import describe_value
from nnstack.interpreters.llir import memory, semantics
from nnstack.interpreters.llir.semantics import MANTISSA_BITS, Scalar, memory_format, round_float, wrap

if TYPE_CHECKING:
    from nnstack.interpreters.llir.engine import Engine, OpProgress


def _py_float_literal(value: float) -> str:
    if math.isnan(value):
        return "_NAN"
    if math.isinf(value):
        return "_INF" if value > 0 else "(-_INF)"
    return repr(value)


def _reverse_postorder(entry: Block) -> list[Block]:
    """The blocks reachable from `entry`, in reverse postorder of the CFG."""
    order: list[Block] = []
    seen = {entry}
    # Successors are visited last to first, so a branch's first target (typically a
    # loop body) comes right after the branch in the order.
    stack: list[tuple[Block, Iterator[Block]]] = [(entry, reversed(llir.cfg_successors(entry)))]
    while stack:
        block, successors = stack[-1]
        for successor in successors:
            if successor not in seen:
                seen.add(successor)
                stack.append((successor, reversed(llir.cfg_successors(successor))))
                break
        else:
            order.append(block)
            stack.pop()
    return order[::-1]


class _Ptr(NamedTuple):
    """The three locals (or expressions) holding a pointer: buffer, element index, view."""

    buffer: str
    element: str
    view: str


class FunctionCompiler:
    """Generates the Python source of one llir.func.

    One instance per compiled function; `compile()` returns the source, which defines
    FUNCTION_NAME in `namespace`.
    """

    FUNCTION_NAME = "_llir_function"

    def __init__(
        self,
        engine: Engine,
        func: llir.FuncOp,
        strict: bool,
        counting: bool,
        progress: OpProgress | None = None,
    ):
        self.engine = engine
        self.func = func
        self.strict = strict
        self.counting = counting
        self.progress = progress
        self.lines: list[str] = []
        self.depth = 1
        self.names: dict[SSAValue, str] = {}
        self.ptrs: dict[SSAValue, _Ptr] = {}
        self.namespace: dict[str, Any] = {
            "_array": array,
            "_INF": math.inf,
            "_NAN": math.nan,
            "_T32": array("f", (0.0,)),
            "_ACCESS_ERRORS": memory.ACCESS_ERRORS,
            "_MEM": engine.memory,
            "_COUNTER": engine.counter,
        }
        if progress is not None:
            self.namespace["_PROGRESS_COUNTS"] = progress.counts
            self.namespace["_progress_tick"] = progress.tick
        for helper in (*memory.GENERATED_CODE_HELPERS, *semantics.GENERATED_CODE_HELPERS):
            self.namespace["_" + helper.__name__] = helper
        self._counter = 0
        self.block_ids: dict[Block, int] = {}
        self.current_block: Block | None = None
        self.loop_stack: list[llir.ForOp] = []

    # -- emission helpers ---------------------------------------------------

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def fresh(self, prefix: str = "v") -> str:
        self._counter += 1
        return f"{prefix}{self._counter}"

    def bind(self, obj: object, prefix: str) -> str:
        """A name for `obj` in the generated code's globals (used for callees)."""
        name = self.fresh(prefix)
        self.namespace[name] = obj
        return name

    def op_name(self, op: Operation) -> str:
        """The op's name as a literal, for the messages of runtime errors."""
        return repr(op.name)

    def value(self, ssa: SSAValue) -> str:
        return self.names[ssa]

    def ptr(self, ssa: SSAValue) -> _Ptr:
        return self.ptrs[ssa]

    def define(self, ssa: SSAValue) -> str:
        """Fresh locals for `ssa`; returns the scalar/vector name (pointers: see ptrs)."""
        if isinstance(ssa.type, llir.PointerType):
            name = self.fresh()
            self.ptrs[ssa] = _Ptr(name + "b", name + "e", name + "v")
            return name
        name = self.fresh()
        self.names[ssa] = name
        return name

    def parts(self, ssa: SSAValue) -> list[str]:
        """The locals (or expressions) holding `ssa`: three for a pointer, else one."""
        if isinstance(ssa.type, llir.PointerType):
            return list(self.ptrs[ssa])
        return [self.names[ssa]]

    def assign(self, targets: Sequence[str], sources: Sequence[str]) -> bool:
        """A parallel assignment (phis, loop-carried values); False if nothing changes."""
        pairs = [(t, s) for t, s in zip(targets, sources, strict=True) if t != s]
        if not pairs:
            return False
        if len(pairs) == 1:
            self.emit(f"{pairs[0][0]} = {pairs[0][1]}")
        else:
            self.emit(f"{', '.join(t for t, _ in pairs)} = {', '.join(s for _, s in pairs)}")
        return True

    def round(self, name: str, fmt: str) -> None:
        if fmt == "f":
            self.emit(f"_t32[0] = {name}")
            self.emit(f"{name} = _t32[0]")
        elif fmt == "e":
            self.emit(f"{name} = _round16({name})")

    def wrap(self, name: str, bits: int) -> None:
        if bits == 1:
            self.emit(f"{name} = {name} & 1")
        else:
            half = 1 << (bits - 1)
            overflow = f"{name} > {half - 1} or {name} < {-half}"
            self.emit(f"if {overflow}: {name} = _wrap({name}, {bits})")

    def count(self, n: int) -> None:
        """Count the `n` ops of a block or loop body about to run (`set_op_counting`,
        `OpProgress`)."""
        if self.counting:
            self.emit(f"_n += {n}")
        if self.progress is not None:
            self.emit(f"_pc[0] += {n}")
            self.emit("if _pc[0] >= _pc[1]: _progress_tick()")

    # -- functions and blocks -------------------------------------------------

    def compile(self) -> str:
        func = self.func
        entry = func.body.blocks.first
        assert entry is not None
        params: list[str] = []
        for arg in entry.args:
            name = self.define(arg)
            params.append(name)
            if isinstance(arg.type, llir.PointerType):
                b, e, v = self.ptr(arg)
                elem = arg.type.element_type
                self.emit(
                    f"{b}, {e}, {v} = _unpack({name}, {memory_format(elem)!r}, {arg.type.element_size})"
                )
        self.emit("_t32 = _T32")
        if self.counting:
            self.emit("_n = 0")
        if self.progress is not None:
            self.emit("_pc = _PROGRESS_COUNTS")
        # Reverse postorder puts every block after its dominators, so a value is
        # named before any use; unreachable blocks never run and are left out.
        blocks = _reverse_postorder(entry)
        self.block_ids = {block: index for index, block in enumerate(blocks)}
        for block in blocks[1:]:
            for op in block.ops:
                if isinstance(op, llir.PhiOp):
                    self.define(op.result)
        self.emit_block(entry)
        if len(blocks) > 1:
            self.emit("while True:")
            self.depth += 1
            for block in blocks[1:]:
                self.emit(f"if _blk == {self.block_ids[block]}:")
                self.depth += 1
                self.emit_block(block)
                self.depth -= 1
            self.depth -= 1
        name = repr(func.sym_name.data)[1:-1]
        header = f"def {self.FUNCTION_NAME}({', '.join(params)}):  # llir.func @{name}"
        return "\n".join([header, *self.lines]) + "\n"

    def emit_block(self, block: Block) -> None:
        self.current_block = block
        self.count(len(block.ops))
        for op in block.ops:
            self.emit_op(op)

    def emit_op(self, op: Operation) -> None:
        handler = HANDLERS.get(type(op))
        if handler is None:
            raise InterpretationError(
                f"llir interpreter: cannot run {op.name} inside llir.func "
                f"@{self.func.sym_name.data} (only llir ops run in llir functions)"
            )
        handler(self, op)

    def jump(self, target: Block) -> None:
        """Phi assignments of the edge from the current block, then the jump."""
        assert self.current_block is not None
        targets: list[str] = []
        sources: list[str] = []
        for op in target.ops:
            if not isinstance(op, llir.PhiOp):
                break
            value = op.value_for(self.current_block)
            targets += self.parts(op.result)
            sources += self.parts(value)
        self.assign(targets, sources)
        target_id = self.block_ids[target]
        self.emit(f"_blk = {target_id}")
        if target_id <= self.block_ids[self.current_block]:
            self.emit("continue")

    # -- memory ---------------------------------------------------------------

    def element_index(self, pointer: _Ptr, offset: SSAValue | None) -> str:
        index = self.fresh("j")
        if offset is None:
            self.emit(f"{index} = {pointer.element}")
        elif pointer.element == "0":
            self.emit(f"{index} = {self.value(offset)}")
        else:
            self.emit(f"{index} = {pointer.element} + {self.value(offset)}")
        self.emit(f"if {index} < 0: raise IndexError")
        return index

    def access(self, op: llir.AccessOp, kind: str, body: Callable[[str], list[str]], lanes: int) -> None:
        """A bounds-checked access: `body(index)` gives the statements of the access."""
        ptr_type = op.ptr.type
        assert isinstance(ptr_type, llir.PointerType)
        size = ptr_type.element_size
        pointer = self.ptr(op.ptr)
        self.emit("try:")
        self.depth += 1
        index = self.element_index(pointer, op.offset)
        for line in body(index):
            self.emit(line)
        self.depth -= 1
        self.emit("except _ACCESS_ERRORS:")
        self.emit(
            f"    _access_failed({self.op_name(op)}, {kind!r}, {pointer.buffer}, {index}, "
            f"{size}, {size * lanes}, {pointer.view})"
        )
        if self.strict:
            call = "_check_written" if kind == "read" else "_mark_written"
            prefix = f"{self.op_name(op)}, " if kind == "read" else ""
            self.emit(f"{call}({prefix}{pointer.buffer}, {index} * {size}, {size * lanes})")

    # -- code for each op -------------------------------------------------------

    def op_alloc(self, op: llir.AllocBufferOp) -> None:
        self.define(op.result)
        b, _, v = self.ptr(op.result)
        ptr_type = op.result.type
        assert isinstance(ptr_type, llir.PointerType)
        origin = f"allocated by llir.alloc_buffer in @{self.func.sym_name.data}"
        self.emit(
            f"{b} = _alloc(_MEM, {self.op_name(op)}, {op.size.value.data}, {op.alignment.value.data}, {origin!r})"
        )
        self.emit(f"{v} = {b}.view({memory_format(ptr_type.element_type)!r})")
        self.ptrs[op.result] = _Ptr(b, "0", v)

    def op_free(self, op: llir.FreeBufferOp) -> None:
        b, e, v = self.ptr(op.ptr)
        assert isinstance(op.ptr.type, llir.PointerType)
        self.emit(f"_free(_MEM, {self.op_name(op)}, {b}, {e}, {v}, {op.ptr.type.element_size})")

    def op_load(self, op: llir.LoadOp) -> None:
        result = self.define(op.result)
        view = self.ptr(op.ptr).view
        mask = " & 1" if Scalar.of(op.result.type).bits == 1 else ""
        self.access(op, "read", lambda j: [f"{result} = {view}[{j}]{mask}"], 1)

    def op_store(self, op: llir.StoreOp) -> None:
        value, view = self.value(op.value), self.ptr(op.ptr).view
        self.access(op, "write", lambda j: [f"{view}[{j}] = {value}"], 1)

    def op_vload(self, op: llir.VectorLoadOp) -> None:
        result = self.define(op.result)
        view = self.ptr(op.ptr).view
        assert isinstance(op.result.type, VectorType)
        width = op.result.type.get_shape()[0]
        self.access(
            op,
            "read",
            lambda j: [
                f"{result} = tuple({view}[{j}:{j} + {width}])",
                f"if len({result}) != {width}: raise IndexError",
            ],
            width,
        )

    def op_vstore(self, op: llir.VectorStoreOp) -> None:
        value, view = self.value(op.value), self.ptr(op.ptr).view
        assert isinstance(op.value.type, VectorType)
        width = op.value.type.get_shape()[0]
        fmt = memory_format(op.value.type.element_type)
        data = value if fmt == "e" else f"_array({fmt!r}, {value})"
        self.access(op, "write", lambda j: [f"{view}[{j}:{j} + {width}] = {data}"], width)

    def op_memcpy(self, op: llir.MemcpyOp) -> None:
        dst, src = self.ptr(op.dst), self.ptr(op.src)
        assert isinstance(op.dst.type, llir.PointerType)
        assert isinstance(op.src.type, llir.PointerType)
        dst_size, src_size = op.dst.type.element_size, op.src.type.element_size
        self.emit(
            f"_memcpy({self.op_name(op)}, "
            f"{dst.buffer}, _byte_offset({dst.element}, {dst_size}, {dst.view}), "
            f"{src.buffer}, _byte_offset({src.element}, {src_size}, {src.view}), "
            f"{self.value(op.size)})"
        )

    def op_addressof(self, op: llir.AddressOfOp) -> None:
        """The global's buffer and view, bound once when the function is compiled."""
        global_op = op.global_op()
        if global_op is None:
            raise InterpretationError(f"{op.name}: no llir.global named {op.global_name}")
        buffer = self.engine.global_buffer(global_op)
        view = buffer.view(memory_format(global_op.element_type))
        self.ptrs[op.result] = _Ptr(self.bind(buffer, "_g"), "0", self.bind(view, "_gv"))

    def op_ptradd(self, op: llir.PtrAddOp) -> None:
        pointer = self.ptr(op.ptr)
        index = self.fresh("e")
        self.emit(f"{index} = {pointer.element} + {self.value(op.offset)}")
        self.ptrs[op.result] = _Ptr(pointer.buffer, index, pointer.view)

    def op_ptrcast(self, op: llir.PtrCastOp) -> None:
        source, target = op.ptr.type, op.result.type
        assert isinstance(source, llir.PointerType) and isinstance(target, llir.PointerType)
        pointer = self.ptr(op.ptr)
        if source == target:
            self.ptrs[op.result] = pointer
            return
        self.define(op.result)
        b, e, v = self.ptr(op.result)
        self.emit(
            f"{b}, {e}, {v} = _recast({pointer.buffer}, {pointer.element}, {pointer.view}, "
            f"{source.element_size}, {memory_format(target.element_type)!r}, {target.element_size})"
        )

    # -- arithmetic -----------------------------------------------------------

    def op_constant(self, op: llir.ConstantOp) -> None:
        value = op.value
        typ = op.result.type
        if isinstance(value, DenseIntOrFPElementsAttr):
            assert isinstance(typ, VectorType)
            scalar = Scalar.of(typ.element_type)
            lanes = cast(list[float], list(value.get_values()))  # llir vectors: int or float
            if len(lanes) == 1:
                lanes *= typ.get_shape()[0]
            literals = [self.scalar_literal(lane, scalar) for lane in lanes]
            self.names[op.result] = "(" + ", ".join(literals) + ",)"
            return
        assert isinstance(value, IntegerAttr | FloatAttr)
        self.names[op.result] = self.scalar_literal(value.value.data, Scalar.of(typ))

    @staticmethod
    def scalar_literal(value: float, scalar: Scalar) -> str:
        if scalar.is_float:
            return _py_float_literal(round_float(float(value), scalar.fmt))
        literal = repr(wrap(int(value), scalar.bits))
        return f"({literal})" if literal.startswith("-") else literal

    _INLINE_INT = {"add": "+", "sub": "-", "mul": "*", "and": "&", "or": "|", "xor": "^"}
    _WRAPPING = frozenset(("add", "sub", "mul"))

    def op_binary(self, op: llir.BinaryOp, kind: str) -> None:
        """`kind` names the operation, as `int_binary` knows it (add, div, shl, ...)."""
        a, b = self.value(op.lhs), self.value(op.rhs)
        r = self.define(op.result)
        scalar = Scalar.of(op.result.type)
        if not scalar.is_float:
            if scalar.bits == 1 or kind not in (*self._INLINE_INT, "min", "max"):
                divisor = describe_value(op.rhs)
                self.emit(
                    f"{r} = _int_binary({self.op_name(op)}, {kind!r}, {a}, {b}, {scalar.bits}, {divisor!r})"
                )
            elif kind == "min":
                self.emit(f"{r} = {a} if {a} <= {b} else {b}")
            elif kind == "max":
                self.emit(f"{r} = {a} if {a} >= {b} else {b}")
            else:
                self.emit(f"{r} = {a} {self._INLINE_INT[kind]} {b}")
                if kind in self._WRAPPING:
                    self.wrap(r, scalar.bits)
            return
        match kind:
            case "add" | "sub" | "mul":
                symbol = {"add": "+", "sub": "-", "mul": "*"}[kind]
                self.emit(f"{r} = {a} {symbol} {b}")
            case "div":
                self.emit("try:")
                self.emit(f"    {r} = {a} / {b}")
                self.emit("except ZeroDivisionError:")
                self.emit(f"    {r} = _fdiv_by_zero({a}, {b})")
            case "rem":
                self.emit(f"{r} = _frem({a}, {b})")
                return  # fmod is exact
            case "pow":
                self.emit(f"{r} = _fpow({a}, {b})")
            case "min" | "max":
                beats = "<" if kind == "min" else ">"
                tie = f"_fminmax_tie({a}, {b}, {kind == 'min'})"
                self.emit(f"{r} = {a} if {a} {beats} {b} else ({b} if {b} {beats} {a} else {tie})")
                return
            case _:
                raise AssertionError(kind)
        self.round(r, scalar.fmt)

    def op_unary(self, op: llir.UnaryOp, kind: str) -> None:
        """`kind` is neg, abs, or the name of a float helper of `semantics` (sqrt, ...)."""
        a = self.value(op.operand)
        r = self.define(op.result)
        scalar = Scalar.of(op.result.type)
        if not scalar.is_float:
            if scalar.bits == 1:  # -x and |x| of 0 and -1 wrap back to themselves
                self.emit(f"{r} = {a}")
            else:
                self.emit(f"{r} = -{a}" if kind == "neg" else f"{r} = abs({a})")
                self.wrap(r, scalar.bits)
            return
        if kind in ("neg", "abs"):
            self.emit(f"{r} = -{a}" if kind == "neg" else f"{r} = abs({a})")
            return
        self.emit(f"{r} = _{kind}({a})")
        self.round(r, scalar.fmt)

    _FLOAT_CMP = {
        "false": "False",
        "true": "True",
        "oeq": "{a} == {b}",
        "ogt": "{a} > {b}",
        "oge": "{a} >= {b}",
        "olt": "{a} < {b}",
        "ole": "{a} <= {b}",
        "one": "({a} < {b} or {a} > {b})",
        "ord": "({a} == {a} and {b} == {b})",
        "ueq": "not ({a} < {b} or {a} > {b})",
        "ugt": "not ({a} <= {b})",
        "uge": "not ({a} < {b})",
        "ult": "not ({a} >= {b})",
        "ule": "not ({a} > {b})",
        "une": "{a} != {b}",
        "uno": "({a} != {a} or {b} != {b})",
    }
    _INT_CMP = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=",
                "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}  # fmt: skip

    def op_cmp(self, op: llir.CmpOp) -> None:
        a, b = self.value(op.lhs), self.value(op.rhs)
        r = self.define(op.result)
        predicate = op.predicate.data.value
        scalar = Scalar.of(op.lhs.type)
        if scalar.is_float:
            self.emit(f"{r} = " + self._FLOAT_CMP[predicate].format(a=a, b=b))
            return
        symbol = self._INT_CMP[predicate]
        if predicate.startswith("u") and scalar.bits > 1:
            mask = (1 << scalar.bits) - 1
            self.emit(f"{r} = ({a} & {mask}) {symbol} ({b} & {mask})")
        elif predicate.startswith("s") and scalar.bits == 1:  # signed i1: true is -1
            self.emit(f"{r} = {b} {symbol} {a}")
        else:
            self.emit(f"{r} = {a} {symbol} {b}")

    def op_select(self, op: llir.SelectOp) -> None:
        cond = self.value(op.cond)
        self.define(op.result)
        targets = self.parts(op.result)
        yes, no = self.parts(op.true_value), self.parts(op.false_value)
        if len(targets) == 1:
            self.emit(f"{targets[0]} = {yes[0]} if {cond} else {no[0]}")
        else:
            self.emit(f"{', '.join(targets)} = ({', '.join(yes)}) if {cond} else ({', '.join(no)})")

    def cast_operands(self, op: llir.CastOp) -> tuple[str, str, Scalar, Scalar]:
        """The input's name, the result's new name, and the two scalar types."""
        a = self.value(op.input)
        r = self.define(op.result)
        return a, r, Scalar.of(op.input.type), Scalar.of(op.result.type)

    def op_int_to_float(self, op: llir.CastOp, signed: bool) -> None:
        a, r, source, target = self.cast_operands(op)
        value = a
        if source.bits == 1:
            value = f"(-{a})" if signed else a
        elif not signed:
            value = f"({a} & {(1 << source.bits) - 1})"
        exact = 1 << MANTISSA_BITS[target.fmt]  # float() is exact below this
        if source.bits <= MANTISSA_BITS[target.fmt]:
            self.emit(f"{r} = float({value})")
        else:
            self.emit(
                f"{r} = float({value}) if -{exact} <= {value} <= {exact} "
                f"else _int_to_float({value}, {target.fmt!r})"
            )

    def op_float_to_int(self, op: llir.CastOp, signed: bool) -> None:
        a, r, _, target = self.cast_operands(op)
        self.emit(f"{r} = _float_to_int({self.op_name(op)}, {a}, {target.bits}, {signed})")

    def op_sext(self, op: llir.SExtOp) -> None:
        a, r, source, _ = self.cast_operands(op)
        self.emit(f"{r} = -{a}" if source.bits == 1 else f"{r} = {a}")

    def op_zext(self, op: llir.ZExtOp) -> None:
        a, r, source, _ = self.cast_operands(op)
        self.emit(f"{r} = {a} & {(1 << source.bits) - 1}")

    def op_trunc(self, op: llir.TruncOp) -> None:
        a, r, _, target = self.cast_operands(op)
        self.emit(f"{r} = {a}")
        self.wrap(r, target.bits)

    def op_fpext(self, op: llir.FPExtOp) -> None:
        a, r, _, _ = self.cast_operands(op)
        self.emit(f"{r} = {a}")

    def op_fptrunc(self, op: llir.FPTruncOp) -> None:
        a, r, _, target = self.cast_operands(op)
        self.emit(f"{r} = {a}")
        self.round(r, target.fmt)

    # -- vectors ----------------------------------------------------------------

    def op_vector_binary(self, op: llir.VectorBinaryOp, symbol: str) -> None:
        a, b = self.value(op.lhs), self.value(op.rhs)
        r = self.define(op.result)
        typ = op.result.type
        assert isinstance(typ, VectorType)
        scalar = Scalar.of(typ.element_type)
        lanes = ", ".join(f"{a}[{i}] {symbol} {b}[{i}]" for i in range(op.width))
        self.emit(f"{r} = ({lanes},)")
        if scalar.is_float:
            if scalar.fmt != "d":
                self.emit(f"{r} = _round_lanes({r}, {scalar.fmt!r})")
        else:
            self.emit(f"{r} = _wrap_lanes({r}, {scalar.bits})")

    def op_vector_max(self, op: llir.VectorMaxOp) -> None:
        """Each lane as llir.max on floats (`op_binary`): exact, so no rounding."""
        a, b = self.value(op.lhs), self.value(op.rhs)
        lanes = ", ".join(
            f"({x} if {x} > {y} else ({y} if {y} > {x} else _fminmax_tie({x}, {y}, False)))"
            for x, y in ((f"{a}[{i}]", f"{b}[{i}]") for i in range(op.width))
        )
        self.emit(f"{self.define(op.result)} = ({lanes},)")

    def op_fma(self, op: llir.VectorFMAOp) -> None:
        lhs, rhs, acc = (self.value(v) for v in op.operands)
        self.emit(f"{self.define(op.result)} = _fma_lanes({lhs}, {rhs}, {acc})")

    def op_splat(self, op: llir.SplatOp) -> None:
        r = self.define(op.result)
        assert isinstance(op.result.type, VectorType)
        self.emit(f"{r} = ({self.value(op.input)},) * {op.result.type.get_shape()[0]}")

    def op_reduce_add(self, op: llir.VectorReduceAddOp) -> None:
        r = self.define(op.result)
        scalar = Scalar.of(op.result.type)
        kind = "float" if scalar.is_float else "int"
        self.emit(f"{r} = _reduce_add({self.value(op.input)}, {kind!r}, {scalar.fmt!r}, {scalar.bits})")

    # -- control flow -----------------------------------------------------------

    def op_phi(self, op: llir.PhiOp) -> None:
        pass  # assigned on the incoming edges

    def op_br(self, op: llir.BranchOp) -> None:
        self.jump(op.successor)

    def op_cond_br(self, op: llir.CondBranchOp) -> None:
        self.emit(f"if {self.value(op.cond)}:")
        self.depth += 1
        self.jump(op.then_block)
        self.depth -= 1
        self.emit("else:")
        self.depth += 1
        self.jump(op.else_block)
        self.depth -= 1

    def op_return(self, op: llir.ReturnOp) -> None:
        if self.counting:
            self.emit("_COUNTER[0] += _n")
        if op.value is None:
            self.emit("return None")
        elif isinstance(op.value.type, llir.PointerType):
            b, e, v = self.ptr(op.value)
            self.emit(f"return _pack({b}, {e}, {v}, {op.value.type.element_size})")
        else:
            self.emit(f"return {self.value(op.value)}")

    def op_call(self, op: llir.CallOp) -> None:
        callee = self.bind(self.engine.lazy_callee(op.callee.string_value()), "_call")
        args: list[str] = []
        for arg in op.arguments:
            if isinstance(arg.type, llir.PointerType):
                b, e, v = self.ptr(arg)
                args.append(f"_pack({b}, {e}, {v}, {arg.type.element_size})")
            else:
                args.append(self.value(arg))
        call = f"{callee}({', '.join(args)})"
        if not op.res:
            self.emit(call)
            return
        result = op.res[0]
        name = self.define(result)
        if isinstance(result.type, llir.PointerType):
            b, e, v = self.ptr(result)
            self.emit(f"{name} = {call}")
            self.emit(
                f"{b}, {e}, {v} = _unpack({name}, {memory_format(result.type.element_type)!r}, "
                f"{result.type.element_size})"
            )
        else:
            self.emit(f"{name} = {call}")

    def op_for(self, op: llir.ForOp) -> None:
        body = op.body.block
        iv, *carried = body.args
        iv_name = self.define(iv)
        for arg in carried:
            self.define(arg)
        targets = [t for arg in carried for t in self.parts(arg)]
        sources = [s for init in op.iter_args for s in self.parts(init)]
        self.assign(targets, sources)
        step = self.value(op.step)
        if not (step.isdigit() and int(step) > 0):
            self.emit(f"if {step} <= 0: _step_error({self.op_name(op)}, {step})")
        self.emit(f"for {iv_name} in range({self.value(op.lb)}, {self.value(op.ub)}, {step}):")
        self.depth += 1
        self.loop_stack.append(op)
        outer_block = self.current_block
        self.count(len(body.ops))
        for inner in body.ops:
            self.emit_op(inner)
        self.current_block = outer_block
        self.loop_stack.pop()
        self.depth -= 1
        for result, arg in zip(op.res, carried, strict=True):
            if isinstance(arg.type, llir.PointerType):
                self.ptrs[result] = self.ptrs[arg]
            else:
                self.names[result] = self.names[arg]

    def op_yield(self, op: llir.YieldOp) -> None:
        loop = self.loop_stack[-1]
        carried = loop.body.block.args[1:]
        targets = [t for arg in carried for t in self.parts(arg)]
        sources = [s for value in op.values for s in self.parts(value)]
        if not self.assign(targets, sources):
            self.emit("pass")  # the loop body may have no other statement


Handler = Callable[[FunctionCompiler, Any], None]

HANDLERS: dict[type[Operation], Handler] = {
    llir.AllocBufferOp: FunctionCompiler.op_alloc,
    llir.FreeBufferOp: FunctionCompiler.op_free,
    llir.LoadOp: FunctionCompiler.op_load,
    llir.StoreOp: FunctionCompiler.op_store,
    llir.VectorLoadOp: FunctionCompiler.op_vload,
    llir.VectorStoreOp: FunctionCompiler.op_vstore,
    llir.MemcpyOp: FunctionCompiler.op_memcpy,
    llir.PtrAddOp: FunctionCompiler.op_ptradd,
    llir.PtrCastOp: FunctionCompiler.op_ptrcast,
    llir.AddressOfOp: FunctionCompiler.op_addressof,
    llir.ConstantOp: FunctionCompiler.op_constant,
    llir.AddOp: partial(FunctionCompiler.op_binary, kind="add"),
    llir.SubOp: partial(FunctionCompiler.op_binary, kind="sub"),
    llir.MulOp: partial(FunctionCompiler.op_binary, kind="mul"),
    llir.DivOp: partial(FunctionCompiler.op_binary, kind="div"),
    llir.RemOp: partial(FunctionCompiler.op_binary, kind="rem"),
    llir.MinOp: partial(FunctionCompiler.op_binary, kind="min"),
    llir.MaxOp: partial(FunctionCompiler.op_binary, kind="max"),
    llir.PowOp: partial(FunctionCompiler.op_binary, kind="pow"),
    llir.AndOp: partial(FunctionCompiler.op_binary, kind="and"),
    llir.OrOp: partial(FunctionCompiler.op_binary, kind="or"),
    llir.XorOp: partial(FunctionCompiler.op_binary, kind="xor"),
    llir.ShlOp: partial(FunctionCompiler.op_binary, kind="shl"),
    llir.ShrOp: partial(FunctionCompiler.op_binary, kind="shr"),
    llir.UDivOp: partial(FunctionCompiler.op_binary, kind="udiv"),
    llir.URemOp: partial(FunctionCompiler.op_binary, kind="urem"),
    llir.UMinOp: partial(FunctionCompiler.op_binary, kind="umin"),
    llir.UMaxOp: partial(FunctionCompiler.op_binary, kind="umax"),
    llir.UShrOp: partial(FunctionCompiler.op_binary, kind="ushr"),
    llir.NegOp: partial(FunctionCompiler.op_unary, kind="neg"),
    llir.AbsOp: partial(FunctionCompiler.op_unary, kind="abs"),
    llir.SqrtOp: partial(FunctionCompiler.op_unary, kind="sqrt"),
    llir.ExpOp: partial(FunctionCompiler.op_unary, kind="exp"),
    llir.LogOp: partial(FunctionCompiler.op_unary, kind="log"),
    llir.SinOp: partial(FunctionCompiler.op_unary, kind="sin"),
    llir.CosOp: partial(FunctionCompiler.op_unary, kind="cos"),
    llir.TanhOp: partial(FunctionCompiler.op_unary, kind="tanh"),
    llir.TanOp: partial(FunctionCompiler.op_unary, kind="tan"),
    llir.AsinOp: partial(FunctionCompiler.op_unary, kind="asin"),
    llir.AcosOp: partial(FunctionCompiler.op_unary, kind="acos"),
    llir.AtanOp: partial(FunctionCompiler.op_unary, kind="atan"),
    llir.SinhOp: partial(FunctionCompiler.op_unary, kind="sinh"),
    llir.CoshOp: partial(FunctionCompiler.op_unary, kind="cosh"),
    llir.AsinhOp: partial(FunctionCompiler.op_unary, kind="asinh"),
    llir.AcoshOp: partial(FunctionCompiler.op_unary, kind="acosh"),
    llir.AtanhOp: partial(FunctionCompiler.op_unary, kind="atanh"),
    llir.ErfOp: partial(FunctionCompiler.op_unary, kind="erf"),
    llir.FloorOp: partial(FunctionCompiler.op_unary, kind="floor"),
    llir.CeilOp: partial(FunctionCompiler.op_unary, kind="ceil"),
    llir.RoundEvenOp: partial(FunctionCompiler.op_unary, kind="roundeven"),
    llir.CmpOp: FunctionCompiler.op_cmp,
    llir.SelectOp: FunctionCompiler.op_select,
    llir.SIToFPOp: partial(FunctionCompiler.op_int_to_float, signed=True),
    llir.UIToFPOp: partial(FunctionCompiler.op_int_to_float, signed=False),
    llir.FPToSIOp: partial(FunctionCompiler.op_float_to_int, signed=True),
    llir.FPToUIOp: partial(FunctionCompiler.op_float_to_int, signed=False),
    llir.SExtOp: FunctionCompiler.op_sext,
    llir.ZExtOp: FunctionCompiler.op_zext,
    llir.TruncOp: FunctionCompiler.op_trunc,
    llir.FPExtOp: FunctionCompiler.op_fpext,
    llir.FPTruncOp: FunctionCompiler.op_fptrunc,
    llir.VectorAddOp: partial(FunctionCompiler.op_vector_binary, symbol="+"),
    llir.VectorMulOp: partial(FunctionCompiler.op_vector_binary, symbol="*"),
    llir.VectorMaxOp: FunctionCompiler.op_vector_max,
    llir.VectorFMAOp: FunctionCompiler.op_fma,
    llir.SplatOp: FunctionCompiler.op_splat,
    llir.VectorReduceAddOp: FunctionCompiler.op_reduce_add,
    llir.PhiOp: FunctionCompiler.op_phi,
    llir.BranchOp: FunctionCompiler.op_br,
    llir.CondBranchOp: FunctionCompiler.op_cond_br,
    llir.ReturnOp: FunctionCompiler.op_return,
    llir.CallOp: FunctionCompiler.op_call,
    llir.ForOp: FunctionCompiler.op_for,
    llir.YieldOp: FunctionCompiler.op_yield,
}
"""The code generator of each llir op, by op class (a constant table, like xDSL's op impls).

Op families share a generator, told by the table which member of the family it emits.
"""
