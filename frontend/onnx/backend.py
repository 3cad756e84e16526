"""An `onnx.backend.base.Backend` that runs ONNX models through nnstack, so ONNX's own
conformance suite (`onnx.backend.test.BackendTest`) and any tool written against the
backend interface can drive it:

    from nnstack.frontend.onnx import backend
    rep = backend.prepare(model, level="linalg")   # "gawee", "linalg", "mir", "llir" or "native"
    outputs = rep.run([x])

`prepare` imports the model (an unsupported operator, attribute or element type is an
`OnnxImportError` there, before anything runs), lowers it in process to the chosen
level and prepares `@main` (`nnstack.interpreters.prepare`; at "native" level the llir
function is compiled to native code, or loaded from the on-disk cache, on the first run:
`nnstack.native`); `run` calls it
and gives each result in the dtype of the imported function's result (an unsigned
integer result of a linalg-level function, signless there, is viewed as unsigned).
Each input must be an array of its graph input's element type, as ONNX Runtime asks
(it rejects another with INVALID_ARGUMENT): nothing is converted silently, not even a
lossless int32 to float32; `prepare(model, cast_inputs=True)` converts them (numpy's
`astype`), as nnstack-run's `--cast-inputs` does.
A model that needs a graph input as a constant (a Reshape target or reduction axes
given as an input) is imported at `run` instead, specialised on that input's value, once
per distinct value; so is a model with dynamic input dims and no `input_shapes`, on the
shapes of the arrays given.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import onnx
from onnx.backend.base import Backend, BackendRep
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from nnstack.dialects.values import integer_width, numpy_dtype
from nnstack.frontend.errors import DynamicShapeError, NotConstantError, OnnxImportError
from nnstack.frontend.onnx.context import ELEMENT_TYPES
from nnstack.frontend.onnx.importer import graph_inputs, graph_inputs_feeding, import_onnx, import_specialised
from nnstack.interpreters import prepare as prepare_function
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass

Level = Literal["gawee", "linalg", "mir", "llir", "native"]
LOWERINGS: Mapping[str, tuple[type[ModulePass], ...]] = {
    "gawee": (),
    "linalg": (ConvertGaweeToLinalgPass,),
    "mir": (ConvertGaweeToMirPass,),
    "llir": (ConvertGaweeToMirPass, ConvertMirToLlirPass),
    "native": (ConvertGaweeToMirPass, ConvertMirToLlirPass),
}
"""The passes that take an imported module to each level."""


def viewed_as(result: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """`result` as the model's output dtype: below gawee, unsigned integers are signless,
    which the interpreters hold as signed arrays of the same width (docs/unsigned-integers.md)."""
    if result.dtype != dtype and integer_width(result.dtype) == integer_width(dtype) is not None:
        return result.view(dtype)
    return result


def _program(
    module: ModuleOp, level: str, cache: bool = True
) -> tuple[Callable[..., tuple[np.ndarray, ...]], list[np.dtype]]:
    """`@main` of `module` (an imported gawee module), lowered in place to `level` and
    prepared to run, and the dtypes of the gawee function's results; `cache`: whether
    native code goes through the on-disk cache (`nnstack.native.cache`)."""
    main = next(op for op in module.ops if isinstance(op, func.FuncOp) and op.sym_name.data == "main")
    dtypes = [numpy_dtype(typ) for typ in main.function_type.outputs.data]
    for lowering in LOWERINGS[level]:
        lowering().apply(Context(), module)
    if level == "native":
        from nnstack.native import run as run_native  # (loads LLVM: only for this level)

        return functools.partial(run_native, module, "main", cache=cache), dtypes
    return prepare_function(module, "main"), dtypes


def _results(results: Sequence[np.ndarray], dtypes: Sequence[np.dtype]) -> tuple[np.ndarray, ...]:
    return tuple(viewed_as(result, dtype) for result, dtype in zip(results, dtypes, strict=True))


@dataclass(frozen=True)
class GraphInputs:
    """The graph inputs a model's `run` takes: their names and dtypes, in graph order,
    and whether an array of another dtype is converted (`cast_inputs`) or an error."""

    names: list[str]
    dtypes: list[np.dtype]
    cast_inputs: bool = False

    @staticmethod
    def of(model: onnx.ModelProto, cast_inputs: bool = False) -> GraphInputs:
        inputs = graph_inputs(model)
        # (an element type gawee cannot carry fails the import, before any run)
        types = [ELEMENT_TYPES.get(value.type.tensor_type.elem_type) for value in inputs]
        dtypes = [numpy_dtype(t) if t is not None else np.dtype(object) for t in types]
        return GraphInputs([value.name for value in inputs], dtypes, cast_inputs)

    def checked(self, index: int, array: np.ndarray) -> np.ndarray:
        """`array` for graph input `index`: of its dtype, else converted if `cast_inputs`."""
        dtype = self.dtypes[index]
        if array.dtype == dtype:
            return array
        if not self.cast_inputs:
            raise ValueError(
                f"graph input '{self.names[index]}' is {dtype}, the array given for it is {array.dtype}: "
                f"give a {dtype} array, or prepare the model with cast_inputs=True"
            )
        return array.astype(dtype)


class NnstackBackendRep(BackendRep):
    """A prepared model: its module at the chosen level, `@main` prepared, and its
    graph inputs."""

    def __init__(self, module: ModuleOp, inputs: GraphInputs, level: str = "gawee", cache: bool = True):
        self.module = module
        self.program, self.result_dtypes = _program(module, level, cache)
        self.inputs = inputs
        self.input_names = inputs.names

    def arrays(self, inputs: Any) -> list[np.ndarray]:
        """`inputs` (the graph inputs in order: a list, or one array; or by name: a dict)
        as a list of arrays in graph order."""
        expected = ", ".join(self.input_names) or "none"
        if isinstance(inputs, Mapping):
            if unknown := sorted(set(inputs) - set(self.input_names)):
                raise ValueError(
                    f"no graph input named {', '.join(map(repr, unknown))} (the inputs: {expected})"
                )
            if missing := [name for name in self.input_names if name not in inputs]:
                raise ValueError(
                    f"no array for graph input {', '.join(map(repr, missing))} (the inputs: {expected})"
                )
            arrays = [inputs[name] for name in self.input_names]
        elif isinstance(inputs, np.ndarray):
            arrays = [inputs]
        else:
            arrays = list(inputs)
        if len(arrays) != len(self.input_names):
            raise ValueError(f"{len(arrays)} arrays for {len(self.input_names)} graph inputs ({expected})")
        return [self.inputs.checked(index, np.asarray(a)) for index, a in enumerate(arrays)]

    def run(self, inputs: Any, **kwargs: Any) -> tuple[np.ndarray, ...]:
        """`inputs`: the graph inputs in order (a list, or one array), or by name (a dict)."""
        return _results(self.program(*self.arrays(inputs)), self.result_dtypes)


class SpecialisingBackendRep(NnstackBackendRep):
    """A model that needs some graph inputs as constants (a Reshape target, reduction
    axes, ... given as graph inputs, as ONNX's conformance cases do), or whose inputs have
    dynamic dims and no `input_shapes`: each `run` imports it specialised on those inputs'
    values (`import_specialised`) and on the shapes of the arrays given (for the latter),
    lowers and prepares it once per distinct set of values and shapes, and keeps the
    last `CACHED` programs."""

    CACHED = 8

    def __init__(
        self,
        model: onnx.ModelProto,
        inputs: GraphInputs,
        level: str,
        input_shapes: Mapping[str, Sequence[int]] | None,
        cache: bool = True,
    ):
        self.model, self.level, self.input_shapes, self.cache = model, level, input_shapes, cache
        self.dynamic = input_shapes is None  # (shapes from the arrays given)
        self.inputs = inputs
        self.input_names = inputs.names
        self.programs: dict[
            tuple[object, ...], tuple[frozenset[str], Callable[..., Any], list[np.dtype]]
        ] = {}

    def key(self, bound: frozenset[str], arrays: Mapping[str, np.ndarray]) -> tuple[object, ...]:
        shapes = tuple((n, a.shape) for n, a in arrays.items()) if self.dynamic else ()
        return shapes + tuple(
            (n, arrays[n].dtype.str, arrays[n].shape, arrays[n].tobytes()) for n in sorted(bound)
        )

    def run(self, inputs: Any, **kwargs: Any) -> tuple[np.ndarray, ...]:
        arrays = dict(zip(self.input_names, self.arrays(inputs)))
        bound_sets = {entry[0] for entry in self.programs.values()}
        found = (self.programs.get(self.key(bound, arrays)) for bound in bound_sets)
        entry = next((e for e in found if e is not None), None)
        if entry is None:
            shapes = {n: a.shape for n, a in arrays.items()} if self.dynamic else self.input_shapes
            self.module, bound = import_specialised(self.model, arrays, shapes)
            entry = (bound, *_program(self.module, self.level, self.cache))
            if len(self.programs) >= self.CACHED:
                del self.programs[next(iter(self.programs))]
            self.programs[self.key(bound, arrays)] = entry
        bound, program, dtypes = entry
        return _results(program(*(array for name, array in arrays.items() if name not in bound)), dtypes)


class NnstackBackend(Backend):
    """nnstack as an ONNX backend; `level` chooses where the model runs."""

    level: Level = "gawee"

    @classmethod
    def prepare(
        cls,
        model: onnx.ModelProto,
        device: str = "CPU",
        level: Level | None = None,
        input_shapes: Mapping[str, Sequence[int]] | None = None,
        cast_inputs: bool = False,
        cache: bool = True,
        **kwargs: Any,
    ) -> NnstackBackendRep:
        """`input_shapes`: the static shape of each graph input whose shape is dynamic in
        the model, by name (as nnstack-import-onnx's --input-shape); `cast_inputs`: `run`
        converts an array of another dtype to its graph input's (else it is an error, as
        in ONNX Runtime); `cache`: at "native" level, whether compiled code is loaded from
        and stored in the on-disk cache (`nnstack.native.cache`) or compiled afresh."""
        if kwargs:
            raise TypeError(f"prepare: unknown option {', '.join(map(repr, sorted(kwargs)))}")
        super().prepare(model, device)
        if not cls.supports_device(device):
            raise OnnxImportError(f"device '{device}' is not supported (only CPU)")
        level = level or cls.level
        if level not in LOWERINGS:
            raise OnnxImportError(f"level '{level}' is not one of {', '.join(LOWERINGS)}")
        inputs = GraphInputs.of(model, cast_inputs)
        try:
            module = import_onnx(model, input_shapes)
        except DynamicShapeError:
            return SpecialisingBackendRep(model, inputs, level, None, cache)
        except NotConstantError as error:
            if not graph_inputs_feeding(model, *error.values):
                raise
            return SpecialisingBackendRep(model, inputs, level, input_shapes, cache)
        return NnstackBackendRep(module, inputs, level, cache)

    @classmethod
    def run_model(
        cls, model: onnx.ModelProto, inputs: Any, device: str = "CPU", **kwargs: Any
    ) -> tuple[np.ndarray, ...]:
        return cls.prepare(model, device, **kwargs).run(inputs)

    @classmethod
    def run_node(
        cls,
        node: onnx.NodeProto,
        inputs: Any,
        device: str = "CPU",
        outputs_info: Sequence[tuple[np.dtype, tuple[int, ...]]] | None = None,
        **kwargs: Any,
    ) -> tuple[np.ndarray, ...]:
        """One node run on `inputs` (its non-empty inputs in order, or by name): a model of
        that node alone at the newest opset, with the inputs' types and shapes."""
        names = [name for name in node.input if name]
        given = inputs if isinstance(inputs, Mapping) else dict(zip(names, inputs, strict=True))
        arrays = {name: np.asarray(given[name]) for name in names}
        graph = onnx.helper.make_graph(
            [node],
            "run_node",
            [
                onnx.helper.make_tensor_value_info(
                    name, onnx.helper.np_dtype_to_tensor_dtype(array.dtype), array.shape
                )
                for name, array in arrays.items()
            ],
            [onnx.helper.make_empty_tensor_value_info(name) for name in node.output if name],
        )
        opset = kwargs.pop("opset_version", onnx.defs.onnx_opset_version())
        model = onnx.helper.make_model(graph, opset_imports=[onnx.helper.make_opsetid("", opset)])
        # the outputs' types, which the model checker asks for, from ONNX's inference
        model = onnx.shape_inference.infer_shapes(model)
        return cls.prepare(model, device, **kwargs).run(arrays)

    @classmethod
    def supports_device(cls, device: str) -> bool:
        return device == "CPU"


prepare = NnstackBackend.prepare
run_model = NnstackBackend.run_model
run_node = NnstackBackend.run_node
supports_device = NnstackBackend.supports_device
