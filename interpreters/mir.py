"""Interpreter functions for the mir dialect, computed with numpy on whole arrays.

A tensor value is a numpy array of its element dtype (i1 is np.bool_); loop bounds
and induction variables are Python ints. Every tensor op returns a fresh array (never
one of its operands), so a runtime array identifies one tensor: the interpreter keeps
the arrays freed by `mir.dealloc_tensor` in its interpreter data, and any mir op that
meets one of them (or a second dealloc) raises an InterpretationError naming the op
and the value. Freed arrays are kept alive there, so their ids are never reused.

Floating-point ops follow IEEE semantics silently (inf, NaN), as compiled code would;
f16 convolutions, pools and matrix products accumulate in f32, like the gawee
interpreter and PyTorch's CPU kernels.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from xdsl.dialects.builtin import TensorType
from xdsl.interpreter import (
    Interpreter,
    PythonValues,
    ReturnedValues,
    TerminatorValue,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.ir import Block, Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import mir
from nnstack.dialects.values import is_float, numpy_dtype
from nnstack.dialects.weights import WeightsError, constant_value
from nnstack.interpreters import winograd
from nnstack.interpreters.arith import checked_division, describe_value, division_by_zero, truncating_divide
from nnstack.interpreters.blas import constant_weights_product, matmul
from nnstack.interpreters.convolution import accumulator as _accumulator
from nnstack.interpreters.convolution import conv2d_nhwc
from nnstack.interpreters.kernels import (
    ArrayType,
    Binder,
    KernelFunctions,
    KernelSpec,
    Signature,
    kernel_impl,
)
from nnstack.interpreters.math import erf_array
from nnstack.interpreters.steps import Kernel, KernelRequest
from nnstack.interpreters.windows import Window, max_pool


def _freed(interpreter: Interpreter) -> dict[int, np.ndarray]:
    """id -> array of every tensor freed so far in this interpreter."""
    return interpreter.get_data(MirFunctions, "freed_tensors", dict)


def _is_freed(interpreter: Interpreter, value: Any) -> bool:
    return isinstance(value, np.ndarray) and _freed(interpreter).get(id(value)) is value


def _conv_window(op: mir.ConvOp, kernel: Sequence[int]) -> Window:
    return Window.of(
        kernel, op.array("stride"), op.array("dilation"), op.array("padding"), op.array("output_shape")[1:3]
    )


def check_results_not_freed(interpreter: Interpreter, symbol: str, results: Sequence[Any]) -> None:
    """A function's results must not be tensors mir.dealloc_tensor freed: `func.return`
    is not a mir op, so the caller of the function checks them."""
    for index, value in enumerate(results):
        if _is_freed(interpreter, value):
            raise InterpretationError(
                f"func.return: result #{index} of @{symbol} is a tensor that mir.dealloc_tensor freed"
            )


def _checked_operands(interpreter: Interpreter | None, op: Operation, args: PythonValues) -> list[Any]:
    """The op's runtime operands: none freed (no `interpreter`: none can have been),
    tensors as arrays of their declared type (numpy scalars of 0-d tensors made arrays)."""
    values = list(args)
    for index, (operand, value) in enumerate(zip(op.operands, args, strict=True)):
        if interpreter is not None and _is_freed(interpreter, value):
            raise InterpretationError(
                f"{op.name}: operand #{index} ({describe_value(operand)}) is used after "
                "mir.dealloc_tensor freed it"
            )
        typ = operand.type
        if not isinstance(typ, TensorType):
            continue
        if isinstance(value, np.generic) and not typ.get_shape():
            value = values[index] = np.asarray(value)  # a numpy scalar from another interpreter
        if not isinstance(value, np.ndarray):
            raise InterpretationError(
                f"{op.name}: operand #{index} ({describe_value(operand)}) must be a numpy array, "
                f"got {type(value).__name__}"
            )
        dtype = numpy_dtype(typ.element_type)
        shape = typ.get_shape()
        if (
            value.dtype != dtype
            or len(value.shape) != len(shape)
            or any(d >= 0 and d != v for d, v in zip(shape, value.shape))
        ):
            raise InterpretationError(
                f"{op.name}: operand #{index} ({describe_value(operand)}) is a {value.dtype} array of shape "
                f"{list(value.shape)}, but its type is {typ}"
            )
    return values


def _checked_result(op: Operation, value: Any, args: PythonValues = ()) -> PythonValues:
    """The op's one result: a fresh contiguous array of the result's dtype and shape."""
    typ = op.results[0].type
    assert isinstance(typ, TensorType)
    with np.errstate(all="ignore"):  # f32 accumulators may overflow f16 results: inf, as in IEEE
        array = np.asarray(value, dtype=numpy_dtype(typ.element_type))
    if not array.flags.c_contiguous:
        array = np.ascontiguousarray(array)  # (never 0-d, which it would make 1-d)
    shape = typ.get_shape()
    if len(array.shape) != len(shape) or any(d >= 0 and d != v for d, v in zip(shape, array.shape)):
        raise InterpretationError(
            f"{op.name}: computed a result of shape {list(array.shape)}, but the result type is {typ}"
        )
    if any(array is a for a in args):
        array = array.copy()
    return (array,)


def _unsigned_view(x: np.ndarray) -> np.ndarray:
    """A signless integer array (held as signed) read as unsigned: the same bits."""
    return x.view(np.dtype(f"u{x.dtype.itemsize}"))


def _unsigned(function: Callable[..., np.ndarray]) -> Callable[..., np.ndarray]:
    """`function` of integer arrays read as unsigned; an integer result is viewed back
    as the signed dtype of its width (mir's integers are signless)."""

    def on_unsigned(*arrays: np.ndarray, **options: Any) -> np.ndarray:
        result = np.asarray(function(*(_unsigned_view(a) for a in arrays), **options))
        return result.view(np.dtype(f"i{result.dtype.itemsize}")) if result.dtype.kind == "u" else result

    return on_unsigned


def _cast(x: np.ndarray, dtype: np.dtype, unsigned: bool = False) -> np.ndarray:
    """mir.cast: float -> int truncates and saturates (NaN -> 0); -> i1 is x != 0; with
    `unsigned` an integer input is read as unsigned and a float saturates to [0, 2^N - 1]."""
    if dtype == np.bool_:
        return x != 0
    if unsigned and x.dtype.kind == "i":
        x = _unsigned_view(x)
    if np.issubdtype(dtype, np.integer) and is_float(x.dtype):
        target = np.dtype(f"u{dtype.itemsize}") if unsigned else dtype
        info = np.iinfo(target)
        values = np.trunc(np.nan_to_num(x.astype(np.float64), nan=0.0, posinf=np.inf, neginf=-np.inf))
        high, low = values >= float(info.max), values <= float(info.min)
        out = np.where(high | low, 0.0, values).astype(target)
        out[high], out[low] = info.max, info.min
        return out.view(dtype)
    return x.astype(dtype)


def _windows(
    x: np.ndarray,
    kernel: Sequence[int],
    stride: Sequence[int],
    dilation: Sequence[int],
    out_size: Sequence[int],
) -> np.ndarray:
    """A strided view [N, OH, OW, C, KH, KW] of the sliding windows of a padded NHWC `x`."""
    (kh, kw), (sh, sw), (dh, dw), (oh, ow) = kernel, stride, dilation, out_size
    view = sliding_window_view(x, (dh * (kh - 1) + 1, dw * (kw - 1) + 1), axis=(1, 2))
    return view[:, : (oh - 1) * sh + 1 : sh, : (ow - 1) * sw + 1 : sw, :, ::dh, ::dw]


def _pad_hw(x: np.ndarray, padding: Sequence[int], value: float) -> np.ndarray:
    top, left, bottom, right = padding
    if not any(padding):
        return x
    return np.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)), constant_values=value)


def _checked_indices(op: Operation, indices: np.ndarray, size: int, axis: int) -> np.ndarray:
    """Indices normalized to [0, size); out-of-range ones are a runtime error."""
    bad = (indices < -size) | (indices >= size)
    if bad.any():
        raise InterpretationError(
            f"{op.name}: index {int(indices[bad].flat[0])} is out of range for axis {axis} of size {size}"
        )
    return np.where(indices < 0, indices + size, indices).astype(np.int64)


COMPARISONS: dict[mir.ComparePredicate, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    mir.ComparePredicate.EQ: np.equal,
    mir.ComparePredicate.NE: np.not_equal,
    mir.ComparePredicate.LT: np.less,
    mir.ComparePredicate.LE: np.less_equal,
    mir.ComparePredicate.GT: np.greater,
    mir.ComparePredicate.GE: np.greater_equal,
    mir.ComparePredicate.ULT: _unsigned(np.less),
    mir.ComparePredicate.ULE: _unsigned(np.less_equal),
    mir.ComparePredicate.UGT: _unsigned(np.greater),
    mir.ComparePredicate.UGE: _unsigned(np.greater_equal),
}


def _matmul(lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """The product accumulated in `_accumulator`'s dtype (f32 for f16)."""
    acc = _accumulator(lhs.dtype)
    return matmul(lhs.astype(acc, copy=False), rhs.astype(acc, copy=False))


def _gather_elements(op: mir.GatherElementsOp, x: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """The input cut to the indices' extent off the axis, then numpy's take_along_axis."""
    axis = op.integer("axis")
    cut = tuple(slice(None) if d == axis else slice(0, n) for d, n in enumerate(indices.shape))
    return np.take_along_axis(x[cut], _checked_indices(op, indices, x.shape[axis], axis), axis)


def _element_dtype(value: SSAValue) -> np.dtype:
    typ = value.type
    assert isinstance(typ, TensorType)
    return numpy_dtype(typ.element_type)


_UNSIGNED_REDUCTIONS = {mir.ReduceKind.UMAX: np.max, mir.ReduceKind.UMIN: np.min}


def _bind_reduce(op: mir.ReduceOp) -> Callable[[np.ndarray], np.ndarray]:
    kind = op.kind.data
    unsigned = _UNSIGNED_REDUCTIONS.get(kind)
    # (the other seven kinds are numpy's function names)
    reduce = getattr(np, kind) if unsigned is None else _unsigned(unsigned)
    return functools.partial(reduce, axis=op.array("axes"), keepdims=op.keeps_dims)


def _bind_slice(op: mir.SliceOp) -> Callable[[np.ndarray], np.ndarray]:
    bounds = zip(op.array("starts"), op.array("ends"), op.array("strides"))
    # end = -1 with a negative stride runs through index 0: numpy's `None`; start = end
    # is empty (also start = end = -1, which numpy would read as the last index)
    index = tuple(
        slice(0, 0) if start == end else slice(start, None if end < 0 else end, stride)
        for start, end, stride in bounds
    )
    return lambda x: x[index]


def _bind_gather(op: mir.GatherOp) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    axis = op.integer("axis")
    return lambda x, indices: np.take(x, _checked_indices(op, indices, x.shape[axis], axis), axis=axis)


def _bind_concat(op: mir.ConcatOp) -> Callable[..., np.ndarray]:
    axis = op.integer("axis")
    return lambda *xs: np.concatenate(xs, axis=axis)


def _bind_float_divide(op: mir.BroadcastDivOp) -> Callable[..., np.ndarray] | None:
    """numpy's division of floats; none of integers (an integer division checks its
    divisors: the interpreter runs it)."""
    return np.divide if is_float(_element_dtype(op.lhs)) else None


def _bind_remainder(op: mir.BroadcastRemOp | mir.BroadcastModOp) -> Callable[..., np.ndarray]:
    """numpy's np.fmod (rem) or np.mod (mod); an integer zero divisor is an error naming
    the op (numpy would give 0)."""
    remainder = np.fmod if isinstance(op, mir.BroadcastRemOp) else np.mod
    if is_float(_element_dtype(op.lhs)):
        return remainder
    return checked_division(op, op.rhs, remainder)


def _specialize_matmul(op: mir.MatmulOp, constants: tuple[Any, ...]) -> Callable[..., np.ndarray] | None:
    """A product with a constant weight matrix that pays off in `ColumnBlocks`."""
    lhs = ArrayType.of(op.operands[0].type)
    if len(constants) != 2 or constants[1] is None or lhs is None or lhs.shape is None:
        return None
    product = constant_weights_product(lhs.shape, constants[1], _accumulator(lhs.dtype))
    return None if product is None else lambda x, w: product(x)


def _specialize_conv(op: mir.ConvOp, constants: tuple[Any, ...]) -> Callable[..., np.ndarray] | None:
    """A conv with constant kernels that Winograd's F(2x2, 3x3) computes faster than
    im2col (`winograd.applies`); None for any other (it runs as `run_conv`)."""
    weights = constants[1] if len(constants) == 2 else None
    if not isinstance(weights, np.ndarray):
        return None
    window = _conv_window(op, weights.shape[:2])
    # (the kernels [kH, kW, C, F] seen as [F, C, kH, kW])
    conv = winograd.faster_conv(weights.transpose(3, 2, 0, 1), window, op.integer("groups"), True)
    return None if conv is None else lambda x, w: conv(x)


@register_impls
class MirFunctions(KernelFunctions):
    """numpy implementations of the mir ops.

    Each op's operands and result are checked against its `kernels.Signature` (made on
    its first run); only what does not match it exactly goes through the general checks
    and conversions (`_checked_operands`, `_checked_result`).
    """

    def __init__(self) -> None:
        super().__init__()
        self._signatures: dict[Operation, Signature] = {}
        self._result_types: dict[Operation, ArrayType | None] = {}
        """The array type of each op's first result where it is a tensor (what `_result`
        checks, without going through the op's signature)."""
        self._bound_functions: dict[Operation, Callable[..., np.ndarray]] = {}
        self._frees_tensors: dict[Block, bool] = {}

    def make_kernel(self, op: Operation, spec: KernelSpec, request: KernelRequest) -> Kernel | None:
        """The kernel (`steps.KernelSource`) of an op registered with `kernel_impl` (the
        element-wise ops, reshapes, transposes, slices, concatenations, reductions,
        gathers, casts and matrix products, a float division; a product with a constant
        weight matrix that `ConstantProduct` lays out, a conv that Winograd's transform
        computes faster), its operands checked (`check_operands`) and its result made a
        contiguous array of its type as the interpreter's are; None for other ops, and
        in a body that frees tensors (a kernel cannot see what mir.dealloc_tensor
        freed). An element-wise ufunc writes its result over a `reusable` operand of
        the result's type."""
        block = op.parent_block()
        if block is None or self._frees(block):
            return None
        check_operands = request.check_operands
        function, written = spec.function(op, self._signature(op), request.constants, request.reusable)
        if function is None:
            return None
        if written is not None:
            ufunc = spec.ufunc
            write: Callable[[PythonValues], PythonValues]
            if ufunc is not None:  # (the ufunc itself: one call less than `function`)
                write = lambda args: (ufunc(*args, out=args[written]),)  # noqa: E731
            else:
                write = lambda args: (function(*args),)  # noqa: E731

            checked = self._checking(op, write) if check_operands else write
            return Kernel(checked, spec.arithmetic, fresh=True, in_place=True)

        def run(args: PythonValues) -> PythonValues:
            values = self._operands(None, op, args) if check_operands else args
            return self._result(op, function(*values), args)

        return Kernel(run, spec.arithmetic, spec.fresh)

    def run_kernel(self, interpreter: Interpreter, op: Operation, args: PythonValues) -> PythonValues:
        """The implementation of an op registered with `kernel_impl`: its function bound
        once per op, on its checked operands (none freed)."""
        values = self._operands(interpreter, op, args)
        spec = self.spec(op)
        assert spec is not None and spec.bind is not None
        with np.errstate(all="ignore"):
            return self._result(op, self._bound(op, spec.bind)(*values), args)

    def _checking(
        self, op: Operation, run: Callable[[PythonValues], PythonValues]
    ) -> Callable[[PythonValues], PythonValues]:
        """`run` after the checks of `op`'s operands."""
        return lambda args: run(tuple(self._operands(None, op, args)))

    def _bound(self, op: Operation, bind: Binder) -> Callable[..., np.ndarray]:
        function = self._bound_functions.get(op)
        if function is None:
            function = self._bound_functions[op] = cast(Callable[..., np.ndarray], bind(op))
        return function

    def _frees(self, block: Block) -> bool:
        frees = self._frees_tensors.get(block)
        if frees is None:
            frees = self._frees_tensors[block] = any(isinstance(op, mir.DeallocTensorOp) for op in block.ops)
        return frees

    def _signature(self, op: Operation) -> Signature:
        signature = self._signatures.get(op)
        if signature is None:
            signature = self._signatures[op] = Signature.of(op)
            if signature.results and signature.results[0] is not None:
                self._result_types[op] = signature.results[0]
        return signature

    def _operands(self, interpreter: Interpreter | None, op: Operation, args: PythonValues) -> list[Any]:
        """`_checked_operands`, without its work where no tensor was freed yet (none can
        have been without an `interpreter`: a kernel's) and every tensor operand is an
        array of exactly its static type."""
        expected = self._signature(op).operands
        if len(args) != len(expected) or (interpreter is not None and _freed(interpreter)):
            return _checked_operands(interpreter, op, args)
        for signature, value in zip(expected, args):
            if signature is None:
                continue
            if (
                type(value) is not np.ndarray
                or value.dtype != signature.dtype
                or value.shape != signature.shape
            ):
                return _checked_operands(interpreter, op, args)
        return list(args)

    def _result(self, op: Operation, value: Any, args: PythonValues = ()) -> PythonValues:
        """`_checked_result`, without its work for a contiguous array of exactly the
        result's static type that is none of the operands."""
        expected = self._result_types.get(op)
        if expected is None:
            results = self._signature(op).results
            expected = results[0] if results else None
        if (
            expected is not None
            and type(value) is np.ndarray
            and value.dtype == expected[1]
            and value.shape == expected[0]
            and value.flags.c_contiguous
            and not any(value is a for a in args)
        ):
            return (value,)
        return _checked_result(op, value, args)

    # -- element-wise ----------------------------------------------------------

    run_broadcast_add = kernel_impl(mir.BroadcastAddOp, ufunc=np.add)
    run_broadcast_sub = kernel_impl(mir.BroadcastSubOp, ufunc=np.subtract)
    run_broadcast_mul = kernel_impl(mir.BroadcastMulOp, ufunc=np.multiply)
    run_broadcast_max = kernel_impl(mir.BroadcastMaxOp, ufunc=np.maximum)
    run_broadcast_min = kernel_impl(mir.BroadcastMinOp, ufunc=np.minimum)
    run_sqrt = kernel_impl(mir.SqrtOp, ufunc=np.sqrt)
    run_exp = kernel_impl(mir.ExpOp, ufunc=np.exp)
    run_neg = kernel_impl(mir.NegOp, ufunc=np.negative)

    def _run_broadcast_div(
        self, interpreter: Interpreter, op: mir.BroadcastDivOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs = self._operands(interpreter, op, args)
        if is_float(lhs.dtype):
            divide = np.divide
        elif (rhs == 0).any():
            raise division_by_zero(op.name, describe_value(op.rhs), rhs.ndim == 0)
        else:
            divide = truncating_divide
        with np.errstate(all="ignore"):
            return self._result(op, divide(lhs, rhs), args)

    run_broadcast_div = kernel_impl(
        mir.BroadcastDivOp, bind=_bind_float_divide, ufunc=np.divide, run=_run_broadcast_div
    )

    run_broadcast_pow = kernel_impl(mir.BroadcastPowOp, ufunc=np.power)
    run_broadcast_rem = kernel_impl(mir.BroadcastRemOp, bind=_bind_remainder)
    run_broadcast_mod = kernel_impl(mir.BroadcastModOp, bind=_bind_remainder)
    # (numpy's shifts by the width or more, or by a negative amount, give 0 or the sign fill)
    run_broadcast_shl = kernel_impl(mir.BroadcastShlOp, ufunc=np.left_shift)
    run_broadcast_shr = kernel_impl(mir.BroadcastShrOp, ufunc=np.right_shift)
    run_broadcast_udiv = kernel_impl(
        mir.BroadcastUDivOp, bind=lambda op: checked_division(op, op.rhs, _unsigned(np.floor_divide))
    )
    run_broadcast_urem = kernel_impl(
        mir.BroadcastURemOp, bind=lambda op: checked_division(op, op.rhs, _unsigned(np.remainder))
    )
    run_broadcast_umax = kernel_impl(mir.BroadcastUMaxOp, bind=lambda op: _unsigned(np.maximum))
    run_broadcast_umin = kernel_impl(mir.BroadcastUMinOp, bind=lambda op: _unsigned(np.minimum))
    # (numpy's unsigned shifts by the width or more give 0)
    run_broadcast_ushr = kernel_impl(mir.BroadcastUShrOp, bind=lambda op: _unsigned(np.right_shift))
    run_broadcast_and = kernel_impl(mir.BroadcastAndOp, ufunc=np.bitwise_and)
    run_broadcast_or = kernel_impl(mir.BroadcastOrOp, ufunc=np.bitwise_or)
    run_broadcast_xor = kernel_impl(mir.BroadcastXorOp, ufunc=np.bitwise_xor)
    run_select = kernel_impl(mir.SelectOp, bind=lambda op: np.where, fresh=True)
    run_log = kernel_impl(mir.LogOp, ufunc=np.log)
    run_sin = kernel_impl(mir.SinOp, ufunc=np.sin)
    run_cos = kernel_impl(mir.CosOp, ufunc=np.cos)
    run_tanh = kernel_impl(mir.TanhOp, ufunc=np.tanh)
    run_tan = kernel_impl(mir.TanOp, ufunc=np.tan)
    run_asin = kernel_impl(mir.AsinOp, ufunc=np.arcsin)
    run_acos = kernel_impl(mir.AcosOp, ufunc=np.arccos)
    run_atan = kernel_impl(mir.AtanOp, ufunc=np.arctan)
    run_sinh = kernel_impl(mir.SinhOp, ufunc=np.sinh)
    run_cosh = kernel_impl(mir.CoshOp, ufunc=np.cosh)
    run_asinh = kernel_impl(mir.AsinhOp, ufunc=np.arcsinh)
    run_acosh = kernel_impl(mir.AcoshOp, ufunc=np.arccosh)
    run_atanh = kernel_impl(mir.AtanhOp, ufunc=np.arctanh)
    run_erf = kernel_impl(mir.ErfOp, bind=lambda op: erf_array, fresh=True)
    run_floor = kernel_impl(mir.FloorOp, ufunc=np.floor)
    run_ceil = kernel_impl(mir.CeilOp, ufunc=np.ceil)
    run_round = kernel_impl(mir.RoundOp, ufunc=np.rint)
    run_abs = kernel_impl(mir.AbsOp, ufunc=np.abs)

    run_broadcast_cmp = kernel_impl(mir.BroadcastCmpOp, bind=lambda op: COMPARISONS[op.predicate.data])
    run_broadcast_to = kernel_impl(
        mir.BroadcastToOp,
        bind=lambda op: functools.partial(np.broadcast_to, shape=mir.tensor_shape(op.result)),
    )

    # -- convolution, pooling, matmul ------------------------------------------

    def _run_conv(self, interpreter: Interpreter, op: mir.ConvOp, args: PythonValues) -> PythonValues:
        """Grouped, dilated, strided NHWC conv (`convolution.conv2d_nhwc`)."""
        x, w = self._operands(interpreter, op, args)
        return self._result(op, conv2d_nhwc(x, w, op.integer("groups"), _conv_window(op, w.shape[:2])))

    run_conv = kernel_impl(mir.ConvOp, specialize=_specialize_conv, fresh=True, run=_run_conv)

    @impl(mir.PoolOp)
    def run_pool(self, interpreter: Interpreter, op: mir.PoolOp, args: PythonValues) -> PythonValues:
        """Max over -inf padded windows (`windows.max_pool`); sum over zero padded ones;
        avg divides the sum by the count of real positions (the same sum over a padded
        mask of ones)."""
        (x,) = self._operands(interpreter, op, args)
        kind, padding = op.kind.data, op.array("padding")
        _, oh, ow, _ = op.array("output_shape")
        if kind == mir.PoolKind.MAX:
            window = Window.of(
                op.array("kernel_size"), op.array("stride"), op.array("dilation"), padding, (oh, ow)
            )
            return self._result(op, max_pool(x, window, (1, 2)))
        window = (op.array("kernel_size"), op.array("stride"), op.array("dilation"), (oh, ow))
        acc = _accumulator(x.dtype)
        total = _windows(_pad_hw(x.astype(acc, copy=False), padding, 0), *window).sum(axis=(-2, -1))
        if kind == mir.PoolKind.SUM:
            return self._result(op, total)
        mask = np.ones((1, *x.shape[1:3], 1), dtype=acc)
        counts = _windows(_pad_hw(mask, padding, 0), *window).sum(axis=(-2, -1))
        return self._result(op, total / counts)

    run_matmul = kernel_impl(mir.MatmulOp, bind=lambda op: _matmul, specialize=_specialize_matmul, fresh=True)

    # -- reductions --------------------------------------------------------------

    run_reduce = kernel_impl(mir.ReduceOp, bind=_bind_reduce)

    # -- index and slice ---------------------------------------------------------

    run_slice = kernel_impl(mir.SliceOp, bind=_bind_slice)
    run_gather = kernel_impl(mir.GatherOp, bind=_bind_gather)

    @impl(mir.GatherElementsOp)
    def run_gather_elements(
        self, interpreter: Interpreter, op: mir.GatherElementsOp, args: PythonValues
    ) -> PythonValues:
        x, indices = self._operands(interpreter, op, args)
        return self._result(op, _gather_elements(op, x, indices))

    @impl(mir.ScatterOp)
    def run_scatter(self, interpreter: Interpreter, op: mir.ScatterOp, args: PythonValues) -> PythonValues:
        x, updates, indices = self._operands(interpreter, op, args)
        axis = op.integer("axis")
        positions = _checked_indices(op, indices, x.shape[axis], axis)
        unique, counts = np.unique(positions, return_counts=True)
        if (counts > 1).any():
            repeated = int(unique[counts > 1][0])
            raise InterpretationError(f"{op.name}: index {repeated} along axis {axis} is repeated")
        out = x.copy()
        out[(slice(None),) * axis + (positions,)] = updates
        return self._result(op, out)

    # -- type and shape ----------------------------------------------------------

    run_cast = kernel_impl(
        mir.CastOp,
        bind=lambda op: functools.partial(_cast, dtype=_element_dtype(op.result), unsigned=op.is_unsigned),
    )
    run_reshape = kernel_impl(
        mir.ReshapeOp, bind=lambda op: functools.partial(np.reshape, shape=mir.tensor_shape(op.result))
    )

    @impl(mir.DynamicReshapeOp)
    def run_dynamic_reshape(
        self, interpreter: Interpreter, op: mir.DynamicReshapeOp, args: PythonValues
    ) -> PythonValues:
        x, shape = self._operands(interpreter, op, args)
        dims = [int(d) for d in shape]
        declared = mir.tensor_shape(op.result)
        if any(d < 0 for d in dims):
            raise InterpretationError(f"{op.name}: shape {dims} has a negative dim")
        if any(want >= 0 and want != got for want, got in zip(declared, dims)):
            raise InterpretationError(
                f"{op.name}: shape {dims} does not match the result type {op.result.type}"
            )
        if math.prod(dims) != x.size:
            raise InterpretationError(
                f"{op.name}: shape {dims} has {math.prod(dims)} elements, but the input has {x.size}"
            )
        return self._result(op, x.reshape(dims), args)

    run_transpose = kernel_impl(
        mir.TransposeOp, bind=lambda op: functools.partial(np.transpose, axes=op.array("permutation"))
    )
    run_concat = kernel_impl(mir.ConcatOp, bind=_bind_concat)

    # -- constants and memory ----------------------------------------------------

    @impl(mir.ConstantOp)
    def run_constant(self, interpreter: Interpreter, op: mir.ConstantOp, args: PythonValues) -> PythonValues:
        # the attribute's bytes as an array (zero-copy; weights can be megabytes)
        try:
            return self._result(op, constant_value(op, op.value, op.result.type))
        except WeightsError as error:
            raise InterpretationError(f"mir.constant: {error}") from None

    @impl(mir.FromElementsOp)
    def run_from_elements(
        self, interpreter: Interpreter, op: mir.FromElementsOp, args: PythonValues
    ) -> PythonValues:
        elements = self._operands(interpreter, op, args)
        return self._result(op, np.array(elements).reshape(mir.tensor_shape(op.result)))

    @impl(mir.AllocTensorOp)
    def run_alloc_tensor(
        self, interpreter: Interpreter, op: mir.AllocTensorOp, args: PythonValues
    ) -> PythonValues:
        typ = op.result.type
        assert isinstance(typ, TensorType)
        return (np.zeros(typ.get_shape(), numpy_dtype(typ.element_type)),)

    @impl(mir.DeallocTensorOp)
    def run_dealloc_tensor(
        self, interpreter: Interpreter, op: mir.DeallocTensorOp, args: PythonValues
    ) -> PythonValues:
        (tensor,) = args
        if _is_freed(interpreter, tensor):
            raise InterpretationError(f"{op.name}: {describe_value(op.tensor)} is deallocated twice")
        (tensor,) = self._operands(interpreter, op, args)
        _freed(interpreter)[id(tensor)] = tensor
        return ()

    # -- control flow ------------------------------------------------------------

    def _loop(self, interpreter: Interpreter, op: mir.LoopOp, args: PythonValues) -> PythonValues:
        lower, upper, step, *carried = self._operands(interpreter, op, args)
        if step <= 0:
            raise InterpretationError(f"{op.name}: step must be positive, got {step}")
        for i in range(lower, upper, step):
            carried = interpreter.run_ssacfg_region(op.body, (i, *carried), op.name)
        return tuple(carried)

    run_for = impl(mir.ForOp)(_loop)
    # (a parallel loop's iterations are independent by contract, so running them in
    # order is one valid schedule)
    run_parallel_for = impl(mir.ParallelForOp)(_loop)

    @impl(mir.IfOp)
    def run_if(self, interpreter: Interpreter, op: mir.IfOp, args: PythonValues) -> PythonValues:
        (condition,) = self._operands(interpreter, op, args)
        region = op.then_region if bool(np.asarray(condition)) else op.else_region
        return interpreter.run_ssacfg_region(region, (), op.name)

    @impl_terminator(mir.YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: mir.YieldOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        return ReturnedValues(tuple(self._operands(interpreter, op, args))), ()
