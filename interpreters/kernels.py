"""How an interpreter describes, registers and finds the kernels (`steps.Kernel`) of
its ops: one scheme for gawee, mir and linalg.

An op's kernel is described by a `KernelSpec` (the numpy code of the op, and what a
prepared program may do with it), registered with the op's xDSL `@impl` by
`kernel_impl`, in a `KernelFunctions` class:

    class GaweeFunctions(KernelFunctions):
        run_add = kernel_impl(gawee.AddOp, ufunc=np.add)
        run_conv = kernel_impl(gawee.ConvOp, bind=bind_conv, specialize=specialize_conv, fresh=True)

`KernelFunctions.kernel(op)` finds the spec of the op's type and hands it, with the op's
`Signature` (its operands' and results' shapes and dtypes, read once), to the dialect's
`make_kernel`, which wraps `KernelSpec.function` (the op's numpy code, bound to the op)
in the dialect's checks of operands and results.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

import numpy as np
from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType
from xdsl.interpreter import Interpreter, InterpreterFunctions, OpImplResult, PythonValues, impl
from xdsl.ir import Attribute, Operation

from nnstack.dialects.values import numpy_dtype
from nnstack.dialects.xdsl_compat import class_impls
from nnstack.interpreters.steps import CHECKED, Kernel, KernelRequest, ufunc_writes_in


class ArrayType(NamedTuple):
    """The numpy form of a tensor type: the shape of its arrays (None if it is dynamic)
    and their dtype."""

    shape: tuple[int, ...] | None
    dtype: np.dtype

    @staticmethod
    def of(typ: Attribute) -> ArrayType | None:
        """The array type of a tensor type, None for any other type."""
        if not isinstance(typ, TensorType):
            return None
        shape = typ.get_shape()  # (once: `has_static_shape` reads it again from the attributes)
        return ArrayType(None if DYNAMIC_INDEX in shape else shape, numpy_dtype(typ))


class Signature(NamedTuple):
    """The array types of an op's operands and results (None where a value is not a
    tensor), read from its types once: reading them from xDSL's attributes on every run
    costs more than a small numpy op."""

    operands: tuple[ArrayType | None, ...]
    results: tuple[ArrayType | None, ...]

    @staticmethod
    def of(op: Operation) -> Signature:
        return Signature(
            tuple(ArrayType.of(value.type) for value in op.operands),
            tuple(ArrayType.of(value.type) for value in op.results),
        )


ArrayFunction = Callable[..., Any]
"""An op's semantics on whole arrays: `fn(op, *operands)` gives its result (a tuple
for several)."""

Binder = Callable[[Any], Callable[..., Any] | None]
"""Makes an op's semantics as a function of its operands alone, `bind(op)(*operands)`,
reading the op's attributes once (for the small ops whose attribute reads cost as much
as their work); None where the op has no kernel."""

Specializer = Callable[[Any, tuple[Any, ...]], Callable[..., Any] | None]
"""Makes an op's semantics for some constant operands (`specialize(op, constants)`,
`constants[i]` the value of operand i or None): work on the constants done once, when a
plan is made (a weight's layout for the products); None where it does not pay off."""

Into = Callable[[Any, Signature], Callable[..., Any] | None]
"""Makes an element-wise op's semantics writing its result into a given array,
`into(op, signature)(out, *operands)` (`out` one of the operands, of the result's shape
and dtype), or None where that would change the result (numpy computing in another
dtype)."""


@dataclass(frozen=True)
class KernelSpec:
    """How an op's kernel is made (see `kernel_impl`)."""

    bind: Binder | None
    arithmetic: bool
    specialize: Specializer | None
    fresh: bool
    into: Into | None
    exact: bool
    ufunc: np.ufunc | None

    def reads_constants(self, constants: tuple[Any, ...]) -> bool:
        """Whether the kernel made for `constants` may depend on their values."""
        return self.specialize is not None and any(c is not None for c in constants)

    def function(
        self, op: Operation, signature: Signature, constants: tuple[Any, ...], reusable: tuple[int, ...]
    ) -> tuple[Callable[..., Any] | None, int | None]:
        """The op's semantics as a function of its operands alone (None: no kernel),
        and the operand it writes its result over (None: not in place): specialized to
        the `constants` where `specialize` gives one, else written over the first
        `reusable` operand of the result's array type where the ufunc or `into` can,
        else `bind(op)`."""
        if self.reads_constants(constants):
            assert self.specialize is not None
            specialized = self.specialize(op, constants)
            if specialized is not None:
                return specialized, None
        index = self._reused_operand(signature, reusable)
        if index is not None and (write := self._into(op, signature)) is not None:
            return (lambda *args: write(args[index], *args)), index
        return (None if self.bind is None else self.bind(op)), None

    def _reused_operand(self, signature: Signature, reusable: tuple[int, ...]) -> int | None:
        """The first reusable operand of the result's (static) array type, for an op
        with one result that can write it in place."""
        operands, results = signature.operands, signature.results
        if self.ufunc is None and self.into is None:
            return None
        if len(results) != 1 or results[0] is None or results[0].shape is None:
            return None
        return next((i for i in reusable if operands[i] == results[0]), None)

    def _into(self, op: Operation, signature: Signature) -> Callable[..., Any] | None:
        """`into(op, signature)`, or the ufunc's `ufunc(*operands, out=out)` where numpy
        computes it in the result's dtype (`steps.ufunc_writes_in`)."""
        ufunc = self.ufunc
        if ufunc is None:
            return None if self.into is None else self.into(op, signature)
        operands, (result, *_) = signature.operands, signature.results
        if None in operands or result is None:
            return None
        if not ufunc_writes_in(ufunc, [t.dtype for t in operands if t], result.dtype):
            return None
        return lambda out, *operands: ufunc(*operands, out=out)


_SPEC = "nnstack_kernel_spec"
"""The attribute of an implementation registered with `kernel_impl` holding its `KernelSpec`."""


def kernel_impl(
    op_type: type[Operation],
    fn: ArrayFunction | None = None,
    *,
    bind: Binder | None = None,
    ufunc: np.ufunc | None = None,
    arithmetic: bool = True,
    specialize: Specializer | None = None,
    fresh: bool = False,
    into: Into | None = None,
    exact: bool = False,
    run: Callable[..., PythonValues] | None = None,
) -> Callable[..., OpImplResult]:
    """The xDSL `@impl` of `op_type`, registered with its `KernelSpec`: its kernel
    computes `fn(op, *operands)`, or `bind(op)(*operands)`, or the numpy `ufunc` of the
    operands (its results are new arrays, and it can write them over a dying operand;
    `bind` may still say where it has a kernel). `arithmetic=False`: the op only moves
    data (`steps.Kernel.arithmetic`); `specialize`: the kernel for constant operands
    known when a plan is made; `fresh`: its results are new arrays
    (`steps.Kernel.fresh`); `into`: it can write its result over an operand that dies;
    `exact`: its one result has the result type whenever the operands have theirs (a
    view or copy of an operand in a static shape), so the kernel does not check it.
    The implementation is `run(functions, interpreter, op, args)`, by default
    `KernelFunctions.run_kernel`."""
    if ufunc is not None:
        bind, fresh = bind or _numpy(ufunc), True
    if fn is not None:
        bind = functools.partial(functools.partial, fn)
    spec = KernelSpec(bind, arithmetic, specialize, fresh, into, exact, ufunc)

    def run_kernel(self: KernelFunctions, interpreter: Interpreter, op: Operation, args: PythonValues):
        return self.run_kernel(interpreter, op, args)

    registered = impl(op_type)(run or run_kernel)
    setattr(registered, _SPEC, spec)
    return registered


def kernel_functions_class(
    name: str,
    doc: str,
    impls: Iterable[Callable[..., OpImplResult]],
    base: type[KernelFunctions] | None = None,
) -> type[KernelFunctions]:
    """A `KernelFunctions` class named `name` whose members are `impls` (each made by
    `kernel_impl`): the base of a dialect's functions for kernels made by rule, one per
    op of a family, which the kernels the subclass registers itself override (xDSL's
    `register_impls` keeps a subclass's implementation of an op over its base's), over
    `base` where given."""
    members: dict[str, Any] = {f"run_{i}": registered for i, registered in enumerate(impls)}
    parent = KernelFunctions if base is None else base
    return cast(type[KernelFunctions], type(name, (parent,), {"__doc__": doc, **members}))


def _numpy(function: Callable[..., Any]) -> Binder:
    """The binder of an op that is the numpy function `function` of its operands."""
    return lambda op: function


class KernelFunctions(InterpreterFunctions):
    """Interpreter functions whose ops' kernels are registered with `kernel_impl`
    (a `steps.KernelSource`)."""

    def __init__(self) -> None:
        self._specs: dict[type[Operation], KernelSpec] = {
            op_type: getattr(registered, _SPEC)
            for op_type, registered in class_impls(type(self))
            if hasattr(registered, _SPEC)
        }

    def spec(self, op: Operation) -> KernelSpec | None:
        """The `KernelSpec` registered for `op`'s type, or None."""
        return self._specs.get(type(op))

    def kernel(self, op: Operation, request: KernelRequest = CHECKED) -> Kernel | None:
        """`op`'s implementation as a function of its operands alone (`steps.Kernel`),
        specialized to `request.constants` (its operands' values known when a plan is
        made) where the op can use them, writing over a `request.reusable` operand where
        the op is element-wise; None for an op without a kernel. Without
        `request.check_operands`, the caller guarantees the operands have their declared
        types."""
        spec = self._specs.get(type(op))
        if spec is None:
            return None
        return self.make_kernel(op, spec, request)

    def make_kernel(self, op: Operation, spec: KernelSpec, request: KernelRequest) -> Kernel | None:
        """The kernel of `op` from its `spec`, with the dialect's checks (see `kernel`)."""
        raise NotImplementedError

    def run_kernel(self, interpreter: Interpreter, op: Operation, args: PythonValues) -> PythonValues:
        """The implementation `kernel_impl` registers: the op's kernel, with IEEE special
        values (inf, NaN, division by zero) as results, not errors."""
        kernel = self.kernel(op)
        assert kernel is not None  # (registered with its spec)
        with np.errstate(all="ignore"):
            return kernel.run(args)
