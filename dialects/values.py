"""The numpy values of builtin types and attributes: the dtype of an element type, a
constant attribute as a numpy array and back, integers wrapped to their width.

They live with the dialects, below everything that uses them: the interpreters compute
with these values, the passes that fold constants (batch norm into a convolution, a
range into a constant) and the importers build attributes from them, and neither of
those may depend on the interpreters.
"""

from typing import Any

import ml_dtypes
import numpy as np
from xdsl.dialects import builtin
from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    ShapedType,
    Signedness,
    TensorType,
)
from xdsl.ir import Attribute
from xdsl.utils.exceptions import InterpretationError

BFLOAT16: np.dtype[Any] = np.dtype(ml_dtypes.bfloat16)
"""bf16's numpy dtype (ml_dtypes'): its ufuncs compute each element in f32 and round
once, as ONNX Runtime does; sums and products of many elements must widen first."""

SMALL_FLOAT_DTYPES: dict[type[Attribute], np.dtype[Any]] = {
    builtin.Float8E4M3FNType: np.dtype(ml_dtypes.float8_e4m3fn),
    builtin.Float8E4M3FNUZType: np.dtype(ml_dtypes.float8_e4m3fnuz),
    builtin.Float8E5M2Type: np.dtype(ml_dtypes.float8_e5m2),
    builtin.Float8E5M2FNUZType: np.dtype(ml_dtypes.float8_e5m2fnuz),
    builtin.Float4E2M1FNType: np.dtype(ml_dtypes.float4_e2m1fn),
    builtin.Float8E8M0FNUType: np.dtype(ml_dtypes.float8_e8m0fnu),
}
"""The numpy dtype (ml_dtypes') of each 8- and 4-bit float type (docs/small-types.md)."""

SMALL_INTEGER_DTYPES: dict[tuple[int, bool], np.dtype[Any]] = {
    (4, False): np.dtype(ml_dtypes.int4),
    (4, True): np.dtype(ml_dtypes.uint4),
    (2, False): np.dtype(ml_dtypes.int2),
    (2, True): np.dtype(ml_dtypes.uint2),
}
"""The numpy dtype (ml_dtypes') of i4, ui4, i2 and ui2, by (width, unsigned): one byte
per element holding the value's low bits."""


def wide_dtype(dtype: np.dtype[Any]) -> np.dtype[Any]:
    """The dtype a computation of `dtype` is done in: f32 for the 16-bit floats (f16,
    bf16), which round once at the end (as PyTorch's CPU kernels and ONNX Runtime
    accumulate them), else `dtype` itself."""
    return np.dtype(np.float32) if dtype in (np.float16, BFLOAT16) else np.dtype(dtype)


def is_float(dtype: np.dtype[Any]) -> bool:
    """Whether `dtype` is a float dtype: numpy's, or bf16 (whose kind is 'V', not 'f',
    and which `np.issubdtype(dtype, np.floating)` does not know)."""
    return dtype.kind == "f" or dtype == BFLOAT16 or dtype in SMALL_FLOAT_DTYPES.values()


def integer_width(dtype: np.dtype[Any]) -> int | None:
    """The width in bits of an integer dtype (numpy's, or ml_dtypes' 4- and 2-bit ones,
    whose kind is 'V'), None for any other dtype. Two integer dtypes of one width hold
    the same values' bits: a signless array is viewed as unsigned (and back)."""
    if dtype.kind in "iu":
        return dtype.itemsize * 8
    return next((w for (w, _), d in SMALL_INTEGER_DTYPES.items() if d == dtype), None)


def numpy_dtype(type_attr: Attribute) -> np.dtype[Any]:
    """The numpy dtype of a scalar type, or of the elements of a shaped type."""
    if isinstance(type_attr, ShapedType):
        type_attr = type_attr.get_element_type()  # pyright: ignore
    if isinstance(type_attr, Float32Type):
        return np.dtype(np.float32)
    if isinstance(type_attr, Float64Type):
        return np.dtype(np.float64)
    if isinstance(type_attr, Float16Type):
        return np.dtype(np.float16)
    if isinstance(type_attr, BFloat16Type):
        return BFLOAT16
    if (small := SMALL_FLOAT_DTYPES.get(type(type_attr))) is not None:
        return small
    if isinstance(type_attr, IndexType):
        return np.dtype(np.int64)
    if isinstance(type_attr, IntegerType):
        width = type_attr.width.data
        if width == 1:
            return np.dtype(np.bool_)
        unsigned = type_attr.signedness.data == Signedness.UNSIGNED
        if width in (8, 16, 32, 64):
            return np.dtype(f"{'u' if unsigned else ''}int{width}")
        if (small := SMALL_INTEGER_DTYPES.get((width, unsigned))) is not None:
            return small
    raise InterpretationError(f"no numpy representation for type {type_attr}")


def as_dtype(value: Any, dtype: np.dtype[Any]) -> Any:
    """`value` as an array or scalar of `dtype`; a 0-d array becomes a scalar."""
    if isinstance(value, np.ndarray):
        if value.ndim == 0:
            return value.astype(dtype)[()]
        return value.astype(dtype, copy=False)
    if isinstance(value, np.generic):
        return value.astype(dtype)
    return dtype.type(value)


def int_bitwidth(type_attr: Attribute) -> int:
    """The width of an integer or index type (index is 64 bits wide here)."""
    if isinstance(type_attr, ShapedType):
        type_attr = type_attr.get_element_type()  # pyright: ignore
    if isinstance(type_attr, IndexType):
        return 64
    if isinstance(type_attr, IntegerType):
        return type_attr.width.data
    raise InterpretationError(f"expected an integer or index type, got {type_attr}")


def work_dtype(type_attr: Attribute, unsigned: bool) -> np.dtype[Any]:
    """The dtype integer arithmetic is done in: i1 computes in 8 bits."""
    width = max(int_bitwidth(type_attr), 8)
    if width not in (8, 16, 32, 64):
        raise InterpretationError(f"integer type {type_attr} is not supported")
    return np.dtype(f"{'u' if unsigned else ''}int{width}")


def int_operand(value: Any, type_attr: Attribute, unsigned: bool = False) -> Any:
    """An integer value of `type_attr` in its signed or unsigned interpretation.

    i1 true is -1 when signed and 1 when unsigned, as in MLIR; Python ints of any
    size wrap to the width of the type.
    """
    width = int_bitwidth(type_attr)
    work = work_dtype(type_attr, unsigned)
    if isinstance(value, np.ndarray):
        if value.dtype == np.bool_ or width == 1:
            bits = value.astype(np.int8) & 1
            return bits if unsigned else -bits
        if width < 8:  # (i4, i2: an ml_dtypes array of either signedness)
            half = 1 << (width - 1)
            bits = value.astype(np.int8) & (2 * half - 1)
            return bits.astype(work) if unsigned else ((bits ^ half) - half).astype(work)
        return value.astype(work, copy=False)
    value = int(value)
    if width == 1:
        return work.type(value & 1 if unsigned else -(value & 1))
    if unsigned:
        return work.type(value % (1 << width))
    half = 1 << (width - 1)
    return work.type((value + half) % (1 << width) - half)


def int_result(value: Any, type_attr: Attribute) -> Any:
    """Wrap an integer computed in a work dtype to the representation of `type_attr`."""
    dtype = numpy_dtype(type_attr)
    if dtype == np.bool_:
        return as_dtype(value & 1, dtype)
    return as_dtype(value, dtype)


def attribute_value(attr: Attribute, type_attr: Attribute, shared: bool = False) -> Any:
    """The runtime value of a constant attribute: a numpy scalar or array.

    A dense array is a new array; with `shared`, a read-only view of the attribute's
    bytes where no conversion is needed (no copy of megabytes of weights)."""
    if isinstance(attr, IntegerAttr):
        return int_result(int_operand(attr.value.data, type_attr), type_attr)
    if isinstance(attr, FloatAttr):
        return numpy_dtype(type_attr).type(attr.value.data)
    if isinstance(attr, DenseIntOrFPElementsAttr):
        dtype = numpy_dtype(attr.get_element_type())
        shape = tuple(attr.get_shape())
        raw_dtype = np.dtype(np.int8) if dtype == np.bool_ else dtype
        data = np.frombuffer(attr.data.data, raw_dtype.newbyteorder("<"))
        data = data.astype(dtype, copy=not shared)
        if data.size == 1:
            return np.full(shape, data[0], dtype)
        return data.reshape(shape)
    raise InterpretationError(f"constant attribute {attr} is not supported")


def dense_attribute(array: np.ndarray, element: Attribute) -> DenseIntOrFPElementsAttr:
    """`array` in `element` as a dense tensor attribute, from its bytes (the inverse of
    `attribute_value`; weights can be megabytes)."""
    dtype = numpy_dtype(element)
    data = np.asarray(array).astype(dtype)  # tobytes: row-major, 0-d kept
    if dtype in SMALL_INTEGER_DTYPES.values():  # (a byte each, sign-extended as xDSL parses i4)
        data = data.astype(np.uint8 if dtype.name.startswith("u") else np.int8)
    type: TensorType[Any] = TensorType(element, data.shape)
    return DenseIntOrFPElementsAttr(type, BytesAttr(data.tobytes()))


def rounded_to(value: float, float_type: Attribute) -> float:
    """`value` as a float attribute of `float_type` holds it: rounded to the type, +-inf
    beyond its range (xDSL's FloatAttr and dense attributes cannot pack such a value)."""
    with np.errstate(over="ignore"):
        return float(numpy_dtype(float_type).type(value))


def scalar_attribute(value: float, element: Attribute) -> FloatAttr | IntegerAttr:
    """`value` as a scalar attribute of a float, integer or index type (a float beyond
    the type's range as +-inf, `rounded_to`): what an `arith` or `llir` constant holds."""
    if isinstance(element, AnyFloat):
        return FloatAttr(rounded_to(value, element), element)
    assert isinstance(element, IntegerType | IndexType)
    return IntegerAttr(int(value), element)
