"""The converters of ONNX operators that have no gawee op of their own but are a few
existing ones: DepthToSpace / SpaceToDepth (reshape, transpose, reshape),
LpNormalization, MeanVarianceNormalization, Hardmax, OneHot, Compress, Size,
ScatterElements, TensorScatter, Swish and the Einsum equations of matrix products, transposes, sums and
diagonals.

Each follows the operator's definition (its ONNX function body where it has one, as
MeanVarianceNormalization's, else ONNX's reference implementation) for every opset
that defines it, and rejects what it cannot carry with `context.fail`."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from xdsl.dialects.builtin import BFloat16Type, Float16Type, IntegerType, f32, i64
from xdsl.ir import Attribute, SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.utils import element_type, tensor_shape
from nnstack.dialects.values import dense_attribute
from nnstack.frontend.onnx.context import ImportContext


def _constant(context: ImportContext, array: np.ndarray, element: Attribute) -> SSAValue:
    """A `gawee.constant` of `array` in `element`."""
    return context.emit_value(gawee.ConstantOp(dense_attribute(array, element)))


def _axis(context: ImportContext, default: int, rank: int) -> int:
    """The `axis` attribute in [0, rank) (negative counts from the end)."""
    axis = int(context.attribute("axis", default))  # type: ignore[arg-type]
    if not -rank <= axis < rank:
        raise context.fail(f"axis {axis} is out of range for rank {rank}")
    return axis + rank if axis < 0 else axis


def _reshape(context: ImportContext, value: SSAValue, shape: Sequence[int]) -> SSAValue:
    if tensor_shape(value) == tuple(shape):
        return value
    return context.emit_value(gawee.ReshapeOp(value, shape))


def _transpose(context: ImportContext, value: SSAValue, perm: Sequence[int]) -> SSAValue:
    if list(perm) == list(range(len(perm))):
        return value
    return context.emit_value(gawee.TransposeOp(value, perm))


# ---------------------------------------------------------------------------
# DepthToSpace / SpaceToDepth
# ---------------------------------------------------------------------------


def _blocks(context: ImportContext) -> tuple[int, str, tuple[int, int, int, int]]:
    """The block size, the mode (DCR or CRD) and the NCHW input shape."""
    mode = context.string("mode", "DCR")
    if mode not in ("DCR", "CRD"):
        raise context.fail(f"mode = {mode} is not supported (DCR or CRD)")
    blocksize = context.attribute("blocksize")
    if blocksize is None or int(blocksize) < 1:  # type: ignore[arg-type]
        raise context.fail(f"blocksize must be a positive integer, got {blocksize}")
    shape = context.shape(0)
    if len(shape) != 4:
        raise context.fail(f"the input must be NCHW (rank 4), got rank {len(shape)}")
    n, c, h, w = shape
    return int(blocksize), mode, (n, c, h, w)  # type: ignore[arg-type]


def convert_depth_to_space(context: ImportContext) -> None:
    """DepthToSpace (PixelShuffle): mode DCR (the default) or CRD (from opset 11), as a
    6-D reshape, a transpose and a reshape."""
    b, mode, (n, c, h, w) = _blocks(context)
    if c % (b * b):
        raise context.fail(f"the {c} channels are not a multiple of blocksize^2 = {b * b}")
    depth = c // (b * b)
    if mode == "DCR":
        blocks, perm = (n, b, b, depth, h, w), (0, 3, 4, 1, 5, 2)
    else:
        blocks, perm = (n, depth, b, b, h, w), (0, 1, 4, 2, 5, 3)
    moved = _transpose(context, _reshape(context, context.value(0), blocks), perm)
    context.define(_reshape(context, moved, (n, depth, h * b, w * b)))


def convert_space_to_depth(context: ImportContext) -> None:
    """SpaceToDepth (PixelUnshuffle): mode DCR (the default; CRD from opset 28), as a
    6-D reshape, a transpose and a reshape."""
    b, mode, (n, c, h, w) = _blocks(context)
    if h % b or w % b:
        raise context.fail(f"the spatial dims {[h, w]} are not multiples of blocksize {b}")
    perm = (0, 3, 5, 1, 2, 4) if mode == "DCR" else (0, 1, 3, 5, 2, 4)
    blocks = _reshape(context, context.value(0), (n, c, h // b, b, w // b, b))
    moved = _transpose(context, blocks, perm)
    context.define(_reshape(context, moved, (n, c * b * b, h // b, w // b)))


# ---------------------------------------------------------------------------
# Normalizations
# ---------------------------------------------------------------------------


def convert_lp_normalization(context: ImportContext) -> None:
    """LpNormalization: x / ||x||_p along `axis` (default -1) for p = 1 or 2 (the only
    orders ONNX defines), 0 where the norm is 0."""
    p = int(context.attribute("p", 2))  # type: ignore[arg-type]
    if p not in (1, 2):
        raise context.fail(f"p = {p} is not supported (1 or 2)")
    x = context.value(0)
    axis = _axis(context, -1, len(tensor_shape(x)))
    norm_op = gawee.ReduceL1Op if p == 1 else gawee.ReduceL2Op
    norm = context.emit_value(norm_op(x, (axis,), True))
    zero = _constant(context, np.array(0), element_type(x))
    quotient = context.emit_value(gawee.DivOp(x, norm))
    context.define(
        context.emit_value(gawee.WhereOp(context.emit_value(gawee.EqualOp(norm, zero)), zero, quotient))
    )


MVN_EPSILON = 1e-9
"""The epsilon of ONNX's MeanVarianceNormalization function body, added to the deviation."""


def convert_mean_variance_normalization(context: ImportContext) -> None:
    """MeanVarianceNormalization over `axes` (default [0, 2, 3]) as ONNX's function body
    computes it: (X - E[X]) / (sqrt(E[X^2] - E[X]^2) + 1e-9)."""
    x = context.value(0)
    rank = len(tensor_shape(x))
    given = context.attribute("axes", (0, 2, 3))
    axes = gawee.normalized_axes([int(a) for a in given], rank)  # type: ignore[union-attr]
    if not axes:
        raise context.fail(f"axes {list(given)} must name distinct dims of the rank-{rank} input")  # type: ignore[arg-type]
    mean = context.emit_value(gawee.ReduceMeanOp(x, axes, True))
    mean_of_squares = context.emit_value(
        gawee.ReduceMeanOp(context.emit_value(gawee.MulOp(x, x)), axes, True)
    )
    variance = context.emit_value(gawee.SubOp(mean_of_squares, context.emit_value(gawee.MulOp(mean, mean))))
    epsilon = _constant(context, np.array(MVN_EPSILON), element_type(x))
    deviation = context.emit_value(gawee.AddOp(context.emit_value(gawee.SqrtOp(variance)), epsilon))
    context.define(context.emit_value(gawee.DivOp(context.emit_value(gawee.SubOp(x, mean)), deviation)))


# ---------------------------------------------------------------------------
# One-hot encodings
# ---------------------------------------------------------------------------


def _hardmax(context: ImportContext, x: SSAValue, axis: int) -> SSAValue:
    """1 at the first maximum along `axis`, 0 elsewhere: arg_max compared with the positions."""
    shape = tensor_shape(x)
    first = context.emit_value(gawee.ArgMaxOp(x, axis, keep_dims=True))
    positions = np.arange(shape[axis]).reshape([n if d == axis else 1 for d, n in enumerate(shape)])
    at_first = context.emit_value(gawee.EqualOp(first, _constant(context, positions, i64)))
    return context.emit_value(gawee.CastOp(at_first, element_type(x)))


def convert_hardmax(context: ImportContext) -> None:
    """Hardmax: 1 at the first maximum along `axis` (default -1) from opset 13; before,
    of each row of the input coerced to 2-D at `axis` (default 1)."""
    x = context.value(0)
    shape = tensor_shape(x)
    if context.opset >= 13:
        context.define(_hardmax(context, x, _axis(context, -1, len(shape))))
        return
    axis = _axis(context, 1, len(shape))
    rows = _reshape(context, x, (math.prod(shape[:axis]), math.prod(shape[axis:])))
    context.define(_reshape(context, _hardmax(context, rows, 1), shape))


def convert_one_hot(context: ImportContext) -> None:
    """OneHot with a constant depth: values[1] where the index (a negative one counts
    from the end) is the position along the new `axis`, values[0] elsewhere (indices out
    of range, non-integer ones). Opset 9 leaves negative indices out, but ONNX Runtime
    and ONNX's reference wrap them in every opset, as here."""
    depth_array = context.constant(1, "depth")
    if depth_array.size != 1 or not float(depth_array.flat[0]).is_integer() or depth_array.flat[0] < 1:
        raise context.fail(f"depth must be one positive integer, got {depth_array.tolist()}")
    depth = int(depth_array.flat[0])
    if context.shape(2) != (2,):
        raise context.fail(f"values must hold two values [off, on], got shape {list(context.shape(2))}")
    indices = context.value(0)
    rank = len(tensor_shape(indices)) + 1
    axis = _axis(context, -1, rank)
    element = element_type(indices)
    if isinstance(element, IntegerType | Float16Type | BFloat16Type):
        # positions up to depth (and -depth) in a type that holds them
        element = i64 if isinstance(element, IntegerType) else f32
        indices = context.emit_value(gawee.CastOp(indices, element))
    indices = context.emit_value(gawee.UnsqueezeOp(indices, (axis,)))
    positions = np.arange(depth).reshape([depth if d == axis else 1 for d in range(rank)])
    hit = context.emit_value(gawee.EqualOp(indices, _constant(context, positions, element)))
    wrapped = context.emit_value(gawee.EqualOp(indices, _constant(context, positions - depth, element)))
    hit = context.emit_value(gawee.OrOp(hit, wrapped))
    values = context.value(2)
    off, on = (
        context.emit_value(gawee.GatherOp(values, _constant(context, np.array(i), i64))) for i in (0, 1)
    )
    context.define(context.emit_value(gawee.WhereOp(hit, on, off)))


# ---------------------------------------------------------------------------
# Selections and shape queries
# ---------------------------------------------------------------------------


def convert_compress(context: ImportContext) -> None:
    """Compress with a constant condition: a gather of the positions where it is true,
    along `axis`, or of the flattened input without one."""
    condition = context.constant(1, "condition")
    if condition.ndim != 1:
        raise context.fail(f"condition must be 1-D, got shape {list(condition.shape)}")
    x = context.value(0)
    shape = tensor_shape(x)
    if context.attribute("axis") is None:
        x, axis = _reshape(context, x, (math.prod(shape),)), 0
    else:
        axis = _axis(context, 0, len(shape))
    positions = np.flatnonzero(condition)
    size = tensor_shape(x)[axis]
    if positions.size and positions[-1] >= size:
        raise context.fail(f"condition selects position {positions[-1]} of a dim of size {size}")
    context.define(context.emit_value(gawee.GatherOp(x, _constant(context, positions, i64), axis)))


def convert_size(context: ImportContext) -> None:
    """Size: the input's element count, a constant (the importer folds it, as every
    static shape; this converter makes a gawee.constant where it runs)."""
    count = np.array(math.prod(context.shape(0)), np.int64)
    context.define(_constant(context, count, i64))


# ---------------------------------------------------------------------------
# Einsum
# ---------------------------------------------------------------------------


def _einsum_terms(context: ImportContext, ranks: Sequence[int]) -> tuple[list[str], str]:
    """The input terms and the output term of the equation, one letter per dim: an
    ellipsis becomes digits (no letter is one), the same ones in every term."""
    equation = context.string("equation", "").replace(" ", "")
    lhs, arrow, rhs = equation.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(ranks):
        raise context.fail(f"equation '{equation}' has {len(terms)} terms for {len(ranks)} inputs")
    spans = {rank - len(term.replace("...", "")) for term, rank in zip(terms, ranks) if "..." in term}
    if len(spans) > 1:
        raise context.fail(
            f"equation '{equation}': ellipses of different ranks (broadcasting) are not supported"
        )
    ellipsis = "0123456789"[: spans.pop() if spans else 0]
    terms = [term.replace("...", ellipsis) for term in terms]
    if arrow:
        output = rhs.replace("...", ellipsis)
    else:
        letters = "".join(terms)
        output = ellipsis + "".join(
            sorted(c for c in set(letters) if letters.count(c) == 1 and not c.isdigit())
        )
    for term, rank in zip(terms, ranks):
        if len(term) != rank or not all(c.isalnum() for c in term):
            raise context.fail(f"equation '{equation}': term '{term}' does not fit an input of rank {rank}")
    if len(set(output)) != len(output) or not set(output) <= set("".join(terms)):
        raise context.fail(
            f"equation '{equation}': output '{output}' must name distinct indices of the inputs"
        )
    return terms, output


def _diagonal(context: ImportContext, value: SSAValue, term: str) -> tuple[SSAValue, str]:
    """`value` along the diagonal of each index its `term` repeats ("ii" -> "i"): the
    later dim of a pair gathered at the earlier one's position (a gather_elements),
    then dropped."""
    while (c := next((c for c in term if term.count(c) > 1), None)) is not None:
        first, second = term.index(c), term.index(c, term.index(c) + 1)
        shape = tensor_shape(value)
        if shape[first] != shape[second]:
            raise context.fail(f"index '{c}' has sizes {shape[first]} and {shape[second]}")
        positions = np.arange(shape[first]).reshape(
            [size if d == first else 1 for d, size in enumerate(shape)]
        )
        target = [1 if d == second else size for d, size in enumerate(shape)]
        indices = context.emit_value(gawee.ExpandOp(_constant(context, positions, i64), target))
        picked = context.emit_value(gawee.GatherElementsOp(value, indices, second))
        value, term = (
            context.emit_value(gawee.SqueezeOp(picked, [second])),
            term[:second] + term[second + 1 :],
        )
    return value, term


def _summed(context: ImportContext, value: SSAValue, term: str, keep: str) -> tuple[SSAValue, str]:
    """`value` summed over the indices of `term` not in `keep`, and its remaining term."""
    axes = [d for d, c in enumerate(term) if c not in keep]
    if not axes:
        return value, term
    return context.emit_value(gawee.ReduceSumOp(value, axes, False)), "".join(c for c in term if c in keep)


def convert_einsum(context: ImportContext) -> None:
    """Einsum of one or two inputs: the sums, the transposes and the (batched) matrix
    products transformers export ("bij,bjk->bik", "bhid,bhjd->bhij", "ij->ji", "ij->i"),
    as reduce_sum, transpose, reshape and matmul; an index repeated in one term takes the
    diagonal ("...ii->...i", "ii->": the trace) with a gather_elements first."""
    inputs = [context.value(i) for i in range(len(context.node.input))]
    if len(inputs) not in (1, 2):
        raise context.fail(f"{len(inputs)} inputs are not supported (one or two)")
    terms, output = _einsum_terms(context, [len(tensor_shape(v)) for v in inputs])
    diagonals = [_diagonal(context, value, term) for value, term in zip(inputs, terms)]
    inputs, terms = [value for value, _ in diagonals], [term for _, term in diagonals]
    sizes: dict[str, int] = {}
    for term, value in zip(terms, inputs):
        for c, size in zip(term, tensor_shape(value)):
            if sizes.setdefault(c, size) != size:
                index = "an ellipsis dim" if c.isdigit() else f"index '{c}'"
                raise context.fail(f"{index} has sizes {sizes[c]} and {size} (broadcasting is not supported)")
    if len(inputs) == 1:
        value, term = _summed(context, inputs[0], terms[0], output)
        context.define(_transpose(context, value, [term.index(c) for c in output]))
        return
    (a, a_term), (b, b_term) = (
        _summed(context, v, term, output + other) for v, term, other in zip(inputs, terms, reversed(terms))
    )
    batch = [c for c in output if c in a_term and c in b_term]
    left = [c for c in output if c in a_term and c not in b_term]
    right = [c for c in output if c in b_term and c not in a_term]
    contracted = [c for c in a_term if c in b_term and c not in output]

    def laid_out(value: SSAValue, term: str, rows: list[str], columns: list[str]) -> SSAValue:
        order = batch + rows + columns
        moved = _transpose(context, value, [term.index(c) for c in order])
        dims = [sizes[c] for c in batch] + [math.prod(sizes[c] for c in group) for group in (rows, columns)]
        return _reshape(context, moved, dims)

    product = context.emit_value(
        gawee.MatMulOp(laid_out(a, a_term, left, contracted), laid_out(b, b_term, contracted, right))
    )
    term = "".join(batch + left + right)
    product = _reshape(context, product, [sizes[c] for c in term])
    context.define(_transpose(context, product, [term.index(c) for c in output]))


def convert_scatter_elements(context: ImportContext) -> None:
    """ScatterElements (and Scatter, its name in opsets 9 and 10) along `axis`, with any
    reduction gawee.scatter_nd has: a scatter_nd whose index tuples are the positions of
    `indices` with the entry along `axis` replaced by the index (negative ones wrapped)."""
    reduction = context.string("reduction", "none")
    if reduction not in gawee.ScatterNDOp.REDUCTIONS:
        raise context.fail(f"reduction = {reduction} is not supported")
    axis = _axis(context, 0, len(context.shape(0)))
    indices = context.value(1)
    if element_type(indices) != i64:
        indices = context.emit_value(gawee.CastOp(indices, i64))
    context.define(_scatter_along(context, axis, indices, 2, reduction))


def _scatter_along(
    context: ImportContext, axis: int, indices: SSAValue, updates: int, reduction: str
) -> SSAValue:
    """Input 0 with the elements of input `updates` written along `axis` at `indices` (i64,
    of the updates' shape), elsewhere at their own positions: a scatter_nd of those index
    tuples."""
    shape = context.shape(updates)
    positions = np.indices(shape, dtype=np.int64)
    parts = [
        context.emit_value(
            gawee.UnsqueezeOp(indices if d == axis else _constant(context, positions[d], i64), [len(shape)]),
        )
        for d in range(len(shape))
    ]
    tuples = context.emit_value(gawee.CatOp(parts, len(shape)))
    return context.emit_value(gawee.ScatterNDOp(context.value(0), tuples, context.value(updates), reduction))


def convert_tensor_scatter(context: ImportContext) -> None:
    """TensorScatter (opset 24), `mode` linear or circular: the update written into the
    cache along `axis` (not the batch axis), each batch entry's rows from its write index
    on (0 without write_indices; modulo the cache's length in circular mode)."""
    mode = context.string("mode", "linear")
    if mode not in ("linear", "circular"):
        raise context.fail(f'mode = "{mode}" is not supported (linear or circular)')
    cache, update = context.shape(0), context.shape(1)  # (fitting: ONNX's inference checks)
    axis = _axis(context, -2, len(cache))
    rows = np.indices(update, dtype=np.int64)[axis]
    indices = _constant(context, rows, i64)
    if context.has_input(2):
        starts = context.value(2)
        if element_type(starts) != i64:
            starts = context.emit_value(gawee.CastOp(starts, i64))
        starts = _reshape(context, starts, [cache[0]] + [1] * (len(cache) - 1))
        indices = context.emit_value(gawee.AddOp(indices, starts))
    if mode == "circular":
        indices = context.emit_value(gawee.ModOp(indices, _constant(context, np.array(cache[axis]), i64)))
    context.define(_scatter_along(context, axis, indices, 1, "none"))


def convert_swish(context: ImportContext) -> None:
    """Swish (opset 24): x * sigmoid(alpha * x)."""
    x = context.value(0)
    alpha = float(context.attribute("alpha", 1.0))  # type: ignore[arg-type]
    scaled = context.emit_value(gawee.MulOp(x, _constant(context, np.array(alpha), element_type(x))))
    context.define(context.emit_value(gawee.MulOp(x, context.emit_value(gawee.SigmoidOp(scaled)))))
