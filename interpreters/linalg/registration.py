"""The xDSL `InterpreterFunctions` of linalg: one impl per named op, all through
`run_structured` (except `fill`), with plans cached per op and interpreter.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from xdsl.dialects.builtin import ShapedType, TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.abstract_ops import ConvOperation, LinalgStructuredOperation
from xdsl.interpreter import Interpreter, PythonValues, impl, register_impls
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects.values import as_dtype, is_float, numpy_dtype
from nnstack.interpreters import winograd
from nnstack.interpreters.arith import ieee_maximum
from nnstack.interpreters.convolution import conv2d
from nnstack.interpreters.kernels import ArrayType, KernelSpec, Signature, kernel_functions_class, kernel_impl
from nnstack.interpreters.linalg.contractions import all_zero
from nnstack.interpreters.linalg.execution import run_structured
from nnstack.interpreters.linalg.numpy_calls import Fallback
from nnstack.interpreters.linalg.plans import Plan, make_plan
from nnstack.interpreters.linalg.static import StaticRun
from nnstack.interpreters.linalg.views import OperandMap, strided_view
from nnstack.interpreters.steps import (
    Kernel,
    KernelRequest,
    _implementation,  # pyright: ignore[reportPrivateUsage]
    operand_error,
)
from nnstack.interpreters.terminators import yield_impl
from nnstack.interpreters.windows import Window, lowest, max_pool

_T = TypeVar("_T")

_PLANS = "plans"
_INDEX_STACK = "index_stack"


def _index_stack(interpreter: Interpreter) -> list[tuple[Any, ...]]:
    """The indices of the points of the structured ops running now, innermost last."""
    return interpreter.get_data(LinalgFunctions, _INDEX_STACK, list)


def share_plans(interpreter: Interpreter, plans: dict[Operation, Any]) -> None:
    """Make `interpreter` keep the plans of the structured ops it runs in `plans`, so
    another interpreter of the same module (a prepared program's next call) reuses them."""
    interpreter.set_data(LinalgFunctions, _PLANS, plans)


@dataclass(frozen=True)
class _Prepared:
    """What a structured op's runs share: its plan, where each loop range is read
    (operand, axis), and its static run with the operand types it expects."""

    plan: Plan
    n_inputs: int
    sources: tuple[tuple[int, int], ...]
    static: StaticRun | None
    types: tuple[ArrayType | None, ...]
    """Per operand, the array type of a static tensor (None for a scalar)."""

    @staticmethod
    def of(
        op: LinalgStructuredOperation, fallback: Fallback | None, constants: tuple[Any, ...] = ()
    ) -> _Prepared:
        n_inputs = len(op.inputs)
        shaped = [isinstance(t, ShapedType) for t in op.inputs.types]
        block = op.body.block
        plan = make_plan(
            [m.data for m in op.get_indexing_maps()],
            [str(t.data) for t in op.get_iterator_types()],
            block,
            n_inputs,
            shaped,
        )
        # Where each loop range is read: (operand, axis), as xDSL infers it.
        axes = [
            (i, axis)
            for i, t in enumerate(op.operand_types)
            if isinstance(t, ShapedType)
            for axis in range(len(t.get_shape()))
        ]
        sources = tuple(
            axes[e.position]  # pyright: ignore[reportAttributeAccessIssue]
            for e in op.get_shapes_to_loops_map().results
        )
        static = StaticRun.of(op.name, plan, block, op.operand_types, n_inputs, sources, fallback, constants)
        # (with a static run, every tensor type is static and has a numpy dtype)
        types = Signature.of(op).operands if static is not None else ()
        return _Prepared(plan, n_inputs, sources, static, types)


def _fallback(interpreter: Interpreter) -> Fallback:
    """Body ops without a numpy call run their implementations registered in `interpreter`
    (those of arith, math and tensor.extract read nothing but their operands)."""

    def fallback(op: Operation) -> Callable[..., Any]:
        functions, implementation = _implementation(interpreter, op)

        def run(*args: Any) -> Any:
            return implementation(functions, interpreter, op, args).values[0]

        return run

    return fallback


def _first_operand_error(
    op: Operation, args: PythonValues, types: tuple[ArrayType | None, ...]
) -> InterpretationError:
    """The error naming the first of `args` that is not an array of its static type."""
    index = next(
        i for i, (value, expected) in enumerate(zip(args, types)) if not _have_types((value,), (expected,))
    )
    return operand_error(op, index, args[index])


def _have_types(args: PythonValues, types: tuple[ArrayType | None, ...]) -> bool:
    """Whether every tensor operand is an array of its static type's shape and dtype."""
    for value, expected in zip(args, types, strict=True):
        if expected is not None and (
            type(value) is not np.ndarray or value.shape != expected.shape or value.dtype != expected.dtype
        ):
            return False
    return True


def _kernel(op: Operation, check_operands: bool, constants: tuple[Any, ...]) -> tuple[Kernel | None, bool]:
    """`op`'s kernel, or None (see `LinalgFunctions.kernel`), and whether it may depend
    on the `constants` (a contraction's or a conv's)."""
    if isinstance(op, linalg.FillOp) and op.results:
        return Kernel(_fill_kernel(op), arithmetic=False), False
    if isinstance(op, linalg.Conv2DNchwFchwOp):
        return _winograd_kernel(op, check_operands, constants), True
    if not isinstance(op, LinalgStructuredOperation) or not op.results:
        return None, False
    try:
        prepared = _Prepared.of(op, None, constants)
    except Exception:
        return None, False  # the interpreter runs the op, and reports what is wrong with it
    static = prepared.static
    reads_constants = prepared.plan.kind == "contract"  # (`StaticRun.of`: only a contraction does)
    if static is None or static.outer or static.needs_interpreter:
        return None, reads_constants
    if not check_operands:
        return Kernel(static.run, arithmetic=True), reads_constants
    types = prepared.types

    def checked(args: PythonValues) -> PythonValues:
        if not _have_types(args, types):
            raise _first_operand_error(op, args, types)
        return run(args)

    run = static.run
    return Kernel(checked, arithmetic=True), reads_constants


def _structure(op: Operation) -> tuple[Hashable, ...] | None:
    """All that the kernel of a structured op (`LinalgFunctions.kernel`, not a fill's
    or a conv's) depends on: its name, its
    operand and result types, properties and attributes (indexing maps, iterator types),
    and its body op by op (type, attributes, result types, and which block argument or
    earlier result each operand is); None for another op, or a body that reads a value
    from outside it or has regions. Ops of one structure get the same kernel (a
    structured op's kernel reads nothing else of its op but its name and types): a
    model's repeated layers make it once (the 15M Llama's 259 generics have 33
    structures; preparing it at linalg level takes 61 instead of 83 ms)."""
    if (
        not isinstance(op, LinalgStructuredOperation)
        or isinstance(op, linalg.FillOp | ConvOperation)
        or not op.results
    ):
        return None
    block = op.body.block
    refers: dict[SSAValue, tuple[int, ...]] = {arg: (i,) for i, arg in enumerate(block.args)}
    body: list[Hashable] = []
    for j, nested in enumerate(block.ops):
        operands = tuple(refers.get(value) for value in nested.operands)
        if None in operands or nested.regions:
            return None
        body.append(
            (
                nested.name,
                operands,
                tuple(nested.result_types),
                tuple(nested.properties.items()),
                tuple(nested.attributes.items()),
            )
        )
        refers.update({result: (j, k) for k, result in enumerate(nested.results)})
    return (
        op.name,
        tuple(op.operand_types),
        tuple(op.result_types),
        tuple(op.properties.items()),
        tuple(op.attributes.items()),
        tuple(block.arg_types),
        tuple(body),
    )


def _winograd_kernel(
    op: linalg.Conv2DNchwFchwOp, check_operands: bool, constants: tuple[Any, ...]
) -> Kernel | None:
    """The kernel of a conv of tensors with constant kernels that Winograd's F(2x2, 3x3)
    computes faster than im2col (`winograd.applies`: the input is padded already), the
    init added; None for any other conv (it runs as `_run_conv`)."""
    types = [t for t in op.operand_types if isinstance(t, TensorType) and t.has_static_shape()]
    weights = constants[1] if len(constants) == 3 else None
    if not op.results or len(types) != 3 or not isinstance(weights, np.ndarray):
        return None
    (_, _, h, w), _, (_, _, *out_hw) = (t.get_shape() for t in types)
    if {numpy_dtype(t) for t in types} != {weights.dtype} or tuple(out_hw) != (h - 2, w - 2):
        return None
    window = Window.of(weights.shape[2:], _pair(op.strides), _pair(op.dilations), (0, 0, 0, 0), out_hw)
    conv = winograd.faster_conv(weights, window, 1)
    if conv is None:
        return None
    expected = Signature.of(op).operands

    def run(args: PythonValues) -> PythonValues:
        x, _, init = args
        if check_operands and not _have_types(args, expected):
            raise _first_operand_error(op, args, expected)
        out = conv(x)
        if not all_zero(init):
            out += init  # (the body's out + x * w, summed into the init)
        return (out,)

    return Kernel(run, arithmetic=True, fresh=True)


def _fill_kernel(op: linalg.FillOp) -> Callable[[PythonValues], PythonValues]:
    """linalg.fill of a tensor: a read-only broadcast of the scalar (see `run_fill`), made
    again only when the scalar is another object than on the last call (it is usually
    a constant, the same on every call)."""
    last: list[Any] = [None, None]

    def fill(args: PythonValues) -> PythonValues:
        value, init = args
        if value is not last[0] or last[1] is None or last[1].shape != np.shape(init):
            last[0], last[1] = value, np.broadcast_to(np.asarray(value, init.dtype), init.shape)
        return (last[1],)

    return fill


def _pair(attribute: Any) -> tuple[int, int]:
    first, second = (int(v) for v in attribute.get_values())
    return first, second


def _all_lowest(array: np.ndarray) -> bool:
    """Whether every element is `windows.lowest` (-inf for floats), reading a broadcast
    scalar (a fill) only once."""
    if not any(array.strides):
        return bool(array.flat[0] == lowest(array.dtype))
    return bool(np.all(array == lowest(array.dtype)))


@dataclass(frozen=True)
class _ConvLayout:
    """A named conv's operand layout: their rank, its input seen as [N, G, C, H, W]
    and its filter as [G, F, C, kH, kW] (views), and whether its output is channels
    last ([N, oH, oW, (G,) F]) or first ([N, (G,) F, oH, oW])."""

    rank: int
    as_input: Callable[[np.ndarray], np.ndarray]
    as_filter: Callable[[np.ndarray], np.ndarray]
    channels_last: bool


def _nhwc_input(x: np.ndarray) -> np.ndarray:
    return x.transpose(0, 3, 1, 2)[:, None]


_CONV_LAYOUTS: dict[type[Operation], _ConvLayout] = {
    linalg.Conv2DNchwFchwOp: _ConvLayout(4, lambda x: x[:, None], lambda w: w[None], False),
    linalg.Conv2DNgchwFgchwOp: _ConvLayout(5, lambda x: x, lambda w: w.transpose(1, 0, 2, 3, 4), False),
    linalg.Conv2DNgchwGfchwOp: _ConvLayout(5, lambda x: x, lambda w: w, False),
    linalg.Conv2DNhwc_HwcfOp: _ConvLayout(4, _nhwc_input, lambda w: w.transpose(3, 2, 0, 1)[None], True),
    linalg.Conv2DNhwc_FhwcOp: _ConvLayout(4, _nhwc_input, lambda w: w.transpose(0, 3, 1, 2)[None], True),
    linalg.Conv2DNhwgcGfhwcOp: _ConvLayout(
        5, lambda x: x.transpose(0, 3, 4, 1, 2), lambda w: w.transpose(0, 1, 4, 2, 3), True
    ),
}


def _conv(op: ConvOperation, x: Any, w: Any, init: Any) -> np.ndarray | None:
    """init + the conv of a named conv op through `convolution.conv2d`, in the init's
    dtype; None unless the operands are non-empty arrays of one float dtype whose
    shapes fit (the structured run then computes or diagnoses it)."""
    arrays = (x, w, init)
    layout = _CONV_LAYOUTS[type(op)]
    if (
        not all(isinstance(a, np.ndarray) and a.ndim == layout.rank and a.dtype == init.dtype for a in arrays)
        or not is_float(init.dtype)
        or 0 in (*x.shape, *w.shape, *init.shape)
    ):
        return None
    x5, w5 = layout.as_input(x), layout.as_filter(w)
    n, g, c, h, width = x5.shape
    f, _, kh, kw = w5.shape[1:]
    strides, dilations = _pair(op.strides), _pair(op.dilations)
    out_hw = init.shape[1:3] if layout.channels_last else init.shape[-2:]
    groups = (g,) if layout.rank == 5 else ()
    expected = (n, *out_hw, *groups, f) if layout.channels_last else (n, *groups, f, *out_hw)
    if (
        w5.shape[:3] != (g, f, c)
        or init.shape != expected
        or (out_hw[0] - 1) * strides[0] + (kh - 1) * dilations[0] >= h
        or (out_hw[1] - 1) * strides[1] + (kw - 1) * dilations[1] >= width
    ):
        return None
    window = Window.of((kh, kw), strides, dilations, (0, 0, 0, 0), out_hw)
    with np.errstate(all="ignore"):
        total = conv2d(x5, w5, window, layout.channels_last).reshape(init.shape)
        if not all_zero(init):
            total += init  # (the body's out + x * w, summed into the init)
        return total.astype(init.dtype, copy=False)


NAMED_STRUCTURED_OPS = (
    linalg.CopyOp,
    linalg.AddOp,
    linalg.SubOp,
    linalg.MulOp,
    linalg.MaxOp,
    linalg.MinOp,
    linalg.ExpOp,
    linalg.LogOp,
    linalg.SqrtOp,
    linalg.SelectOp,
    linalg.TransposeOp,
    linalg.MatmulOp,
)
"""The named structured ops that run as the generic they stand for."""


def _run_named(
    self: LinalgFunctions, interpreter: Interpreter, op: Operation, args: PythonValues
) -> PythonValues:
    assert isinstance(op, LinalgStructuredOperation)
    return self._run_structured(interpreter, op, args)


_NamedFunctions = kernel_functions_class(
    "_NamedFunctions",
    """The named structured ops (`NAMED_STRUCTURED_OPS`), each run by
    `LinalgFunctions._run_structured` as the generic it stands for.""",
    (kernel_impl(op_type, run=_run_named) for op_type in NAMED_STRUCTURED_OPS),
)


@register_impls
class LinalgFunctions(_NamedFunctions):
    """linalg on numpy arrays, vectorized over each op's iteration domain. The ops
    registered with `kernel_impl` may run as kernels: the structured ops whose body
    `static.StaticRun` runs, a fill, and a conv that Winograd's transform computes."""

    def __init__(self) -> None:
        super().__init__()
        self._kernels: dict[tuple[Hashable, bool], Kernel | None] = {}
        """Kernels by op structure (`_structure`), or by op where they read constants."""

    # -- shared helpers --------------------------------------------------------

    @staticmethod
    def _plan(interpreter: Interpreter, op: Operation, make: Callable[[], _T]) -> _T:
        """What `make` computes for `op`, once per op and interpreter."""
        plans: dict[Operation, Any]
        plans = interpreter.get_data(LinalgFunctions, _PLANS, dict)
        if op not in plans:
            plans[op] = make()
        return plans[op]

    def _run_structured(
        self,
        interpreter: Interpreter,
        op: LinalgStructuredOperation,
        args: PythonValues,
    ) -> PythonValues:
        prepared = self._plan(interpreter, op, lambda: _Prepared.of(op, _fallback(interpreter)))
        static = prepared.static
        if static is not None and _have_types(args, prepared.types):
            with np.errstate(all="ignore"):
                return static(args, interpreter.get_values(static.outer) if static.outer else ())
        plan, n_inputs = prepared.plan, prepared.n_inputs
        ranges = [np.shape(args[i])[axis] for i, axis in prepared.sources]
        results = run_structured(
            interpreter,
            op.name,
            plan,
            op.body.block,
            args[:n_inputs],
            args[n_inputs:],
            ranges,
            in_place=not op.results,
            index_stack=_index_stack(interpreter),
        )
        return tuple(results) if op.results else ()

    def make_kernel(self, op: Operation, spec: KernelSpec, request: KernelRequest) -> Kernel | None:
        """The kernel (`steps.Kernel`) of a generic or an element-wise, copy, transpose or
        matmul named op on static tensors whose body reads nothing from outside and
        runs without an interpreter (`static.StaticRun`), made once per op (for its
        `constants`, operand values the same on every run, where a contraction or a conv
        can use them: `StaticRun.of`, `_winograd_kernel`); else None. Ops of the same
        structure (`_structure`: a model's layers) share one kernel where it does not
        depend on their constants. (Made from the op itself: `spec` only says that
        the op has one.)"""
        check_operands, constants = request.check_operands, request.constants
        shared, own = (_structure(op) or op, check_operands), (op, check_operands)
        for key in (shared, own):
            if key in self._kernels:
                return self._kernels[key]
        kernel, reads_constants = _kernel(op, check_operands, constants)
        if not reads_constants:
            self._kernels[shared] = kernel
        elif all(c is None for c in constants):
            self._kernels[own] = kernel
        return kernel

    # -- structured ops --------------------------------------------------------

    run_generic = kernel_impl(linalg.GenericOp, run=_run_structured)

    def _run_fill(self, interpreter: Interpreter, op: linalg.FillOp, args: PythonValues) -> PythonValues:
        value, init = args
        if not op.results:
            init[...] = as_dtype(value, init.dtype)
            return ()
        # A tensor is never written in place, so a read-only broadcast of the scalar
        # serves as the filled tensor without touching memory.
        return (np.broadcast_to(np.asarray(value, init.dtype), init.shape),)

    run_fill = kernel_impl(linalg.FillOp, arithmetic=False, run=_run_fill)

    run_quantized_matmul = impl(linalg.QuantizedMatmulOp)(_run_structured)

    def _run_conv(self, interpreter: Interpreter, op: ConvOperation, args: PythonValues) -> PythonValues:
        """The shared convolution kernel (`convolution.conv2d`, accumulating f16 in
        f32), plus the init; the structured run where its layout or types do not fit."""
        result = _conv(op, *args)
        if result is None:
            return self._run_structured(interpreter, op, args)
        init = args[2]
        if op.res:
            return (result,)
        np.copyto(init, result, casting="unsafe")
        return ()

    run_conv_2d_nchw_fchw = kernel_impl(linalg.Conv2DNchwFchwOp, fresh=True, run=_run_conv)

    run_conv_2d_ngchw_fgchw = impl(linalg.Conv2DNgchwFgchwOp)(_run_conv)
    run_conv_2d_ngchw_gfchw = impl(linalg.Conv2DNgchwGfchwOp)(_run_conv)
    run_conv_2d_nhwc_hwcf = impl(linalg.Conv2DNhwc_HwcfOp)(_run_conv)
    run_conv_2d_nhwc_fhwc = impl(linalg.Conv2DNhwc_FhwcOp)(_run_conv)
    run_conv_2d_nhwgc_gfhwc = impl(linalg.Conv2DNhwgcGfhwcOp)(_run_conv)

    @impl(linalg.PoolingNchwMaxOp)
    def run_pooling_nchw_max(
        self, interpreter: Interpreter, op: linalg.PoolingNchwMaxOp, args: PythonValues
    ) -> PythonValues:
        """max over each window (`windows.max_pool`), then with the init; NaN
        propagates (maximumf).

        xDSL builds the hidden region as max(input, window) instead of
        max(input, out), so the body cannot be used.
        """
        source, window, init = args
        maps = [OperandMap.of(m.data) for m in op.get_indexing_maps()]
        ranges = (*init.shape, *window.shape)
        if 0 in ranges:
            return (init.copy(),) if op.res else ()
        strided_view(op.name, 0, source, maps[0], ranges)  # (the bounds check)
        geometry = Window.of(
            window.shape, _pair(op.strides), _pair(op.dilations), (0, 0, 0, 0), init.shape[2:]
        )
        with np.errstate(all="ignore"):
            windows_max = max_pool(source[: init.shape[0], : init.shape[1]], geometry, (2, 3))
            if _all_lowest(init):
                value = windows_max  # (max with -inf changes nothing, not even a NaN or -0.0)
            elif is_float(np.dtype(init.dtype)):
                value = ieee_maximum(init, windows_max)
            else:
                value = np.maximum(init, windows_max)
        if op.res:
            return (np.asarray(value, init.dtype),)
        np.copyto(init, value, casting="unsafe")
        return ()

    @impl(linalg.BroadcastOp)
    def run_broadcast(
        self, interpreter: Interpreter, op: linalg.BroadcastOp, args: PythonValues
    ) -> PythonValues:
        source, init = args
        dims = tuple(int(d) for d in op.dimensions.get_values())
        value = np.expand_dims(source, dims)
        result = init if not op.result else np.empty_like(init)
        np.copyto(result, np.broadcast_to(value, init.shape), casting="unsafe")
        return (result,) if op.result else ()

    @impl(linalg.ReduceOp)
    def run_reduce(self, interpreter: Interpreter, op: linalg.ReduceOp, args: PythonValues) -> PythonValues:
        """A generic over the input's dims, reducing `dimensions` into the init."""
        source, init = args
        rank = np.ndim(source)
        reduced = [int(d) for d in op.dimensions.get_values()]
        kept = [d for d in range(rank) if d not in reduced]

        def make() -> Plan:
            return make_plan(
                [
                    AffineMap.identity(rank),
                    AffineMap(rank, 0, tuple(AffineDimExpr(d) for d in kept)),
                ],
                ["reduction" if d in reduced else "parallel" for d in range(rank)],
                op.region.block,
                1,
                [True],
            )

        plan = self._plan(interpreter, op, make)
        results = run_structured(
            interpreter,
            op.name,
            plan,
            op.region.block,
            (source,),
            (init,),
            np.shape(source),
            in_place=not op.result,
            index_stack=_index_stack(interpreter),
        )
        return tuple(results) if op.result else ()

    @impl(linalg.IndexOp)
    def run_index(self, interpreter: Interpreter, op: linalg.IndexOp, args: PythonValues) -> PythonValues:
        """The current point's index along `dim`, or all of them as an array."""
        stack = _index_stack(interpreter)
        if not stack:
            raise InterpretationError("linalg.index: not inside a structured op")
        return (stack[-1][op.dim.value.data],)

    run_yield = yield_impl(linalg.YieldOp)
