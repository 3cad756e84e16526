"""Interpreter functions for the gawee dialect, computed with numpy on whole arrays.

A tensor value is a numpy array of its element dtype (np.float16/32/64, np.bool_ for
i1, np.int8/16/32/64); every op returns a tuple with one array of its result's dtype and
declared shape. The semantics are PyTorch's inference semantics
(torch.nn.functional): conv2d with groups and dilation, max_pool2d with ceil mode,
adaptive_avg_pool2d, batch_norm in eval mode, flatten, linear; those of ONNX for the
ops PyTorch has no counterpart of (average_pool's asymmetric padding, gemm, lrn's
window for an even size). f16 convolutions, matrix products and window averages
accumulate in f32, as PyTorch's CPU kernels do, and round once at the end.

Each op's kernel is its numpy code registered with `kernels.kernel_impl` in the
`KERNELS` of the module of its op family, next to the code: `elementwise` (ufuncs,
activations, comparisons, logic, where, cast), `nn` (products, normalizations, softmax,
reductions), `window_ops` (convolution, pooling, LRN: the ops over sliding windows) and
`movement` (reshapes, slices, gathers, scatters, pads, resizes, constants: the ops that
move, select or make elements) and `recurrent` (rnn, gru, lstm: a loop over time); `GaweeFunctions` registers them all, and `kernel` wraps
each in the checks of the operands and results. A composite op without a kernel of its
own runs as its decomposition (`_DecomposedFunctions`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from xdsl.interpreter import register_impls
from xdsl.ir import Block, Operation, SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.gawee.composite import decomposition, is_composite
from nnstack.interpreters.gawee import elementwise, movement, nn, recurrent, window_ops
from nnstack.interpreters.gawee.kernel import array_kernel
from nnstack.interpreters.kernels import KernelSpec, kernel_functions_class, kernel_impl
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


_FamilyFunctions = kernel_functions_class(
    "_FamilyFunctions",
    """The kernels of the gawee ops, each registered in the module of its family, over
    the composite ops run as their decompositions.""",
    (*elementwise.KERNELS, *nn.KERNELS, *recurrent.KERNELS, *window_ops.KERNELS, *movement.KERNELS),
    base=_DecomposedFunctions,
)


@register_impls
class GaweeFunctions(_FamilyFunctions):
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
