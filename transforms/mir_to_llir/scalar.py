"""The scalar arith ops of mir programs (loop bounds, indices, conditions) -> llir.

Only ops on scalars (integers, index as i64, floats) inside the functions being
converted are lowered; each maps to the llir op of the same meaning.
"""

from __future__ import annotations

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import FloatAttr, IntegerAttr
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter

from nnstack.dialects import llir

from .builder import LlirPattern

BINARY: dict[type[Operation], type[llir.BinaryOp]] = {
    arith.AddiOp: llir.AddOp,
    arith.SubiOp: llir.SubOp,
    arith.MuliOp: llir.MulOp,
    arith.DivSIOp: llir.DivOp,
    arith.RemSIOp: llir.RemOp,
    arith.MaxSIOp: llir.MaxOp,
    arith.MinSIOp: llir.MinOp,
    arith.AndIOp: llir.AndOp,
    arith.OrIOp: llir.OrOp,
    arith.XOrIOp: llir.XorOp,
    arith.ShLIOp: llir.ShlOp,
    arith.ShRSIOp: llir.ShrOp,
    arith.AddfOp: llir.AddOp,
    arith.SubfOp: llir.SubOp,
    arith.MulfOp: llir.MulOp,
    arith.DivfOp: llir.DivOp,
    arith.MaximumfOp: llir.MaxOp,
    arith.MinimumfOp: llir.MinOp,
}

CASTS: dict[type[Operation], type[llir.CastOp]] = {
    arith.ExtSIOp: llir.SExtOp,
    arith.ExtUIOp: llir.ZExtOp,
    arith.TruncIOp: llir.TruncOp,
    arith.SIToFPOp: llir.SIToFPOp,
    arith.UIToFPOp: llir.UIToFPOp,
    arith.FPToSIOp: llir.FPToSIOp,
    arith.FPToUIOp: llir.FPToUIOp,
    arith.ExtFOp: llir.FPExtOp,
    arith.TruncFOp: llir.FPTruncOp,
}

OTHERS: tuple[type[Operation], ...] = (
    arith.ConstantOp,
    arith.CmpiOp,
    arith.CmpfOp,
    arith.SelectOp,
    arith.NegfOp,
    arith.IndexCastOp,
)

LOWERED_ARITH_OPS: frozenset[type[Operation]] = frozenset((*BINARY, *CASTS, *OTHERS))
"""The arith ops the pass lowers (on scalars)."""


class ArithLowering(LlirPattern):
    """Scalar arith ops -> llir: constants, integer and float arithmetic (addi -> add,
    divsi -> div, maximumf -> max, ...), cmpi / cmpf -> cmp with the same predicate,
    select, negf -> neg, and the casts (index_cast -> sext / trunc on i64)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        if type(op) not in LOWERED_ARITH_OPS or not self.converting(op):
            return
        operands = self.operands(op, rewriter)
        b = self.builder()
        result_type = llir.lowered_type(op.results[0].type)
        assert result_type is not None
        if isinstance(op, arith.ConstantOp):
            value = op.value
            assert isinstance(value, IntegerAttr | FloatAttr)
            result = b.const(value.value.data, result_type)
        elif type(op) in BINARY:
            result = b.binary(BINARY[type(op)], *operands)
        elif type(op) in CASTS:
            result = b.cast(CASTS[type(op)], operands[0], result_type)
        elif isinstance(op, arith.CmpiOp):
            predicate = arith.CMPI_COMPARISON_OPERATIONS[op.predicate.value.data]
            result = b.cmp(predicate, *operands)
        elif isinstance(op, arith.CmpfOp):
            predicate = arith.CMPF_COMPARISON_OPERATIONS[op.predicate.value.data]
            result = b.cmp(predicate, *operands)
        elif isinstance(op, arith.SelectOp):
            result = b.select(*operands)
        elif isinstance(op, arith.NegfOp):
            result = b.emit(llir.NegOp(operands[0])).result
        else:
            assert isinstance(op, arith.IndexCastOp)
            (source,) = operands
            source_bits, target_bits = llir.bit_width(source.type), llir.bit_width(result_type)
            if source_bits < target_bits:
                result = b.cast(llir.SExtOp, source, result_type)
            elif source_bits > target_bits:
                result = b.cast(llir.TruncOp, source, result_type)
            else:
                result = source
        self.replace(op, rewriter, b, [result])

    def converting(self, op: Operation) -> bool:
        """Whether `op` is in one of the functions the pass converts."""
        parent = op.parent_op()
        while parent is not None and not isinstance(parent, func.FuncOp):
            parent = parent.parent_op()
        return parent is not None and parent.sym_name.data in self.options.functions
