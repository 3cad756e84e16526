"""Interpreter functions for the gawee dialect, computed with numpy on whole arrays.

A tensor value is a numpy array of its element dtype (np.float16/32/64, np.bool_ for
i1, np.int8/32/64); every op returns a tuple with one array of its result's dtype and
declared shape. The semantics are PyTorch's inference semantics
(torch.nn.functional): conv2d with groups and dilation, max_pool2d with ceil mode,
adaptive_avg_pool2d, batch_norm in eval mode, flatten, linear; those of ONNX for the
ops PyTorch has no counterpart of (average_pool's asymmetric padding, gemm, lrn's
window for an even size). f16 convolutions, matrix products and window averages
accumulate in f32, as PyTorch's CPU kernels do, and round once at the end.

`GaweeFunctions` is the table: one line per op registering its numpy code with
`kernels.kernel_impl`. The code is in the module of its op family: `nn` (activations,
products, normalizations, softmax, reductions), `window_ops` (convolution, pooling,
LRN: the ops over sliding windows) and `movement` (reshapes, slices, gathers,
scatters, pads, resizes: the ops that move or select elements); `kernel` wraps it in
the checks of the operands and results. A composite op without a line of its own runs
as its decomposition (`_DecomposedFunctions`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
from xdsl.interpreter import register_impls
from xdsl.ir import Block, Operation, SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.gawee.composite import decomposition, is_composite
from nnstack.dialects.values import attribute_value, numpy_dtype
from nnstack.interpreters.arith import relu
from nnstack.interpreters.gawee import movement, nn, window_ops
from nnstack.interpreters.gawee.kernel import array_kernel
from nnstack.interpreters.kernels import KernelSpec, kernel_functions_class, kernel_impl
from nnstack.interpreters.math import erf_array
from nnstack.interpreters.steps import Kernel, KernelRequest


def _bind_decomposition(op: Operation) -> Callable[..., np.ndarray | tuple[np.ndarray, ...]]:
    """A composite op computed as its decomposition (`dialects/gawee/composite.py`), each
    of its ops by its own kernel: the meaning of a composite op without a kernel of its
    own, and the reference a faster kernel is tested against."""
    block = Block(arg_types=[value.type for value in op.operands])
    copy = type(op).create(
        operands=block.args,
        result_types=[result.type for result in op.results],
        attributes=dict(op.attributes),
        properties=dict(op.properties),
    )
    parts = decomposition(copy)
    assert parts is not None
    functions = GaweeFunctions()
    steps = []
    for part in parts.ops:
        kernel = functions.kernel(part, KernelRequest(check_operands=False))
        assert kernel is not None  # (every gawee op has one)
        steps.append((kernel.run, part.operands, part.results))

    def run(*operands: np.ndarray) -> np.ndarray | tuple[np.ndarray, ...]:
        values: dict[SSAValue, np.ndarray] = dict(zip(block.args, operands))
        for kernel, inputs, outputs in steps:
            values.update(zip(outputs, kernel(tuple(values[v] for v in inputs))))
        results = tuple(values[v] for v in parts.results)
        return results[0] if len(results) == 1 else results

    return run


_DecomposedFunctions = kernel_functions_class(
    "_DecomposedFunctions",
    """Every composite gawee op run as its decomposition (`_bind_decomposition`);
    `GaweeFunctions` overrides this with a faster kernel where one pays.""",
    (
        kernel_impl(op_type, bind=_bind_decomposition)
        for op_type in gawee.Gawee.operations
        if is_composite(op_type)
    ),
)


@register_impls
class GaweeFunctions(_DecomposedFunctions):
    """numpy implementations of the gawee ops (PyTorch inference semantics), each an
    `ArrayFunction` or `Binder` registered with `kernels.kernel_impl`; a composite op
    without one runs as its decomposition (`_DecomposedFunctions`)."""

    def __init__(self) -> None:
        super().__init__()
        self._kernels: dict[tuple[Operation, bool, tuple[int, ...]], Kernel] = {}

    def make_kernel(self, op: Operation, spec: KernelSpec, request: KernelRequest) -> Kernel:
        """`array_kernel`, made once per op (and options), except where it is specialized
        to the op's constant operands."""
        if spec.reads_constants(request.constants):
            return array_kernel(op, spec, request)  # (the plan keeps it)
        key = (op, request.check_operands, request.reusable)
        kernel = self._kernels.get(key)
        if kernel is None:
            kernel = self._kernels[key] = array_kernel(op, spec, request._replace(constants=()))
        return kernel

    run_conv = kernel_impl(
        gawee.ConvOp, bind=window_ops.bind_conv, specialize=window_ops.specialize_conv, fresh=True
    )
    run_split = kernel_impl(gawee.SplitOp, movement.split, arithmetic=False)
    run_relu = kernel_impl(gawee.ReluOp, lambda op, x: relu(x), fresh=True, into=nn.relu_into)
    run_add = kernel_impl(gawee.AddOp, ufunc=np.add)
    run_batch_norm = kernel_impl(
        gawee.BatchNormOp, nn.batch_norm, specialize=nn.specialize_batch_norm, fresh=True
    )
    run_max_pool = kernel_impl(gawee.MaxPoolOp, bind=window_ops.bind_max_pool)
    run_average_pool = kernel_impl(gawee.AveragePoolOp, window_ops.average_pool)
    run_global_average_pool = kernel_impl(gawee.GlobalAveragePoolOp, window_ops.global_average_pool)
    run_ad_avg_pool = kernel_impl(gawee.AdAvgPoolOp, bind=window_ops.bind_ad_avg_pool)
    run_flatten = kernel_impl(gawee.FlattenOp, bind=movement.bind_reshape, arithmetic=False, exact=True)
    run_linear = kernel_impl(gawee.LinearOp, nn.linear, specialize=nn.specialize_linear, fresh=True)
    run_neg = kernel_impl(gawee.NegOp, ufunc=np.negative)
    run_abs = kernel_impl(gawee.AbsOp, ufunc=np.abs)
    run_exp = kernel_impl(gawee.ExpOp, ufunc=np.exp)
    run_log = kernel_impl(gawee.LogOp, ufunc=np.log)
    run_sqrt = kernel_impl(gawee.SqrtOp, ufunc=np.sqrt)
    run_reciprocal = kernel_impl(gawee.ReciprocalOp, ufunc=np.reciprocal)
    run_sin = kernel_impl(gawee.SinOp, ufunc=np.sin)
    run_cos = kernel_impl(gawee.CosOp, ufunc=np.cos)
    run_tanh = kernel_impl(gawee.TanhOp, ufunc=np.tanh)
    run_sigmoid = kernel_impl(gawee.SigmoidOp, lambda op, x: 1 / (1 + np.exp(-x)), fresh=True)
    run_erf = kernel_impl(gawee.ErfOp, lambda op, x: erf_array(x), fresh=True)
    run_gelu = kernel_impl(gawee.GeluOp, nn.gelu, fresh=True)
    run_hard_swish = kernel_impl(gawee.HardSwishOp, lambda op, x: x * nn.hard_sigmoid(x, 1 / 6, 0.5))
    run_hard_sigmoid = kernel_impl(
        gawee.HardSigmoidOp, lambda op, x: nn.hard_sigmoid(x, op.parameter("alpha"), op.parameter("beta"))
    )
    run_leaky_relu = kernel_impl(
        gawee.LeakyReluOp, lambda op, x: np.where(x < 0, x.dtype.type(op.parameter("alpha")) * x, x)
    )
    run_sub = kernel_impl(gawee.SubOp, ufunc=np.subtract)
    run_mul = kernel_impl(gawee.MulOp, ufunc=np.multiply)
    run_div = kernel_impl(gawee.DivOp, ufunc=np.divide)
    run_pow = kernel_impl(gawee.PowOp, ufunc=np.power)
    run_reshape = kernel_impl(gawee.ReshapeOp, bind=movement.bind_reshape, arithmetic=False, exact=True)
    run_transpose = kernel_impl(gawee.TransposeOp, bind=movement.bind_transpose, arithmetic=False, exact=True)
    run_matmul = kernel_impl(gawee.MatMulOp, nn.matmul, specialize=nn.specialize_matmul, fresh=True)
    run_softmax = kernel_impl(gawee.SoftmaxOp, nn.softmax, fresh=True)
    run_log_softmax = kernel_impl(gawee.LogSoftmaxOp, nn.log_softmax, fresh=True)
    run_max = kernel_impl(gawee.MaxOp, lambda op, *xs: functools.reduce(np.maximum, xs))
    run_min = kernel_impl(gawee.MinOp, lambda op, *xs: functools.reduce(np.minimum, xs))
    run_sum = kernel_impl(gawee.SumOp, lambda op, *xs: functools.reduce(np.add, xs))
    run_mean = kernel_impl(
        gawee.MeanOp, lambda op, *xs: functools.reduce(np.add, xs) / xs[0].dtype.type(len(xs))
    )
    run_clip = kernel_impl(gawee.ClipOp, bind=nn.bind_clip)
    run_reduce_sum = kernel_impl(gawee.ReduceSumOp, bind=nn.reduce(np.sum, accumulate=True))
    run_reduce_mean = kernel_impl(gawee.ReduceMeanOp, bind=nn.reduce(np.mean, accumulate=True))
    run_reduce_max = kernel_impl(gawee.ReduceMaxOp, bind=nn.reduce(np.max))
    run_reduce_min = kernel_impl(gawee.ReduceMinOp, bind=nn.reduce(np.min))
    run_arg_max = kernel_impl(gawee.ArgMaxOp, bind=nn.bind_arg_reduce, fresh=True)
    run_arg_min = kernel_impl(gawee.ArgMinOp, bind=nn.bind_arg_reduce, fresh=True)
    run_cumsum = kernel_impl(gawee.CumSumOp, bind=nn.bind_cumsum, fresh=True)
    run_layer_norm = kernel_impl(gawee.LayerNormOp, nn.layer_norm, fresh=True)
    run_equal = kernel_impl(gawee.EqualOp, ufunc=np.equal)
    run_less = kernel_impl(gawee.LessOp, ufunc=np.less)
    run_less_equal = kernel_impl(gawee.LessEqualOp, ufunc=np.less_equal)
    run_greater = kernel_impl(gawee.GreaterOp, ufunc=np.greater)
    run_greater_equal = kernel_impl(gawee.GreaterEqualOp, ufunc=np.greater_equal)
    run_and = kernel_impl(gawee.AndOp, ufunc=np.logical_and, arithmetic=False)
    run_or = kernel_impl(gawee.OrOp, ufunc=np.logical_or, arithmetic=False)
    run_xor = kernel_impl(gawee.XorOp, ufunc=np.logical_xor, arithmetic=False)
    run_not = kernel_impl(gawee.NotOp, ufunc=np.logical_not, arithmetic=False)
    run_where = kernel_impl(gawee.WhereOp, bind=lambda op: np.where, fresh=True)
    run_cast = kernel_impl(gawee.CastOp, lambda op, x: x.astype(numpy_dtype(op.output.type)))
    run_gather = kernel_impl(gawee.GatherOp, bind=movement.bind_gather, arithmetic=False)
    run_gather_elements = kernel_impl(
        gawee.GatherElementsOp, bind=movement.bind_gather_elements, arithmetic=False
    )
    run_expand = kernel_impl(gawee.ExpandOp, bind=movement.bind_expand, arithmetic=False)
    run_unsqueeze = kernel_impl(gawee.UnsqueezeOp, bind=movement.bind_reshape, arithmetic=False, exact=True)
    run_squeeze = kernel_impl(gawee.SqueezeOp, bind=movement.bind_reshape, arithmetic=False, exact=True)
    run_cat = kernel_impl(gawee.CatOp, bind=movement.bind_cat, arithmetic=False)
    run_slice = kernel_impl(gawee.SliceOp, bind=movement.bind_slice, arithmetic=False, exact=True)
    run_gather_nd = kernel_impl(gawee.GatherNDOp, bind=movement.bind_gather_nd, arithmetic=False, fresh=True)
    run_scatter_nd = kernel_impl(gawee.ScatterNDOp, bind=movement.bind_scatter_nd)
    run_resize = kernel_impl(gawee.ResizeOp, movement.resize)
    run_topk = kernel_impl(gawee.TopKOp, movement.topk)
    run_gemm = kernel_impl(gawee.GemmOp, nn.gemm)
    run_lrn = kernel_impl(gawee.LrnOp, window_ops.lrn)
    run_tile = kernel_impl(gawee.TileOp, bind=lambda op: functools.partial(np.tile, reps=op.array("repeats")))
    run_pad = kernel_impl(gawee.PadOp, movement.pad)
    run_trilu = kernel_impl(
        gawee.TriluOp, lambda op, x: (np.triu if op.is_upper else np.tril)(x, op.diagonal)
    )
    run_constant = kernel_impl(
        gawee.ConstantOp, lambda op: np.asarray(attribute_value(op.value, op.output.type))
    )
    run_range = kernel_impl(gawee.RangeOp, gawee.RangeOp.values)
    run_shape = kernel_impl(gawee.ShapeOp, bind=movement.bind_shape, arithmetic=False)
