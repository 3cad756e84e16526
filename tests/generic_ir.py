"""One-op programs written as text in MLIR's generic form.

The generic form `"gawee.conv"(%a0, %a1) {strides = array<i64: 1, 1>, ...} : (...) -> ...`
does not depend on an op's custom syntax, and xDSL's parser moves attributes named
like an op's properties into its properties, so the same text serves ops that keep
their parameters as attributes (gawee) and ops that keep them as properties (mir).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def tensor_text(shape: Sequence[int], element_type: str = "f32") -> str:
    """`tensor<2x3xf32>`; `tensor<f32>` for shape ()."""
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element_type}>"


def array_text(values: Sequence[int]) -> str:
    """A dense i64 array attribute: `array<i64: 1, 2>` (`array<i64>` when empty)."""
    return f"array<i64: {', '.join(str(v) for v in values)}>" if values else "array<i64>"


def one_op_function(
    op_name: str,
    operand_types: Sequence[str],
    attributes: Mapping[str, str],
    result_types: Sequence[str],
    symbol: str = "main",
) -> str:
    """`func.func @main(%a0, ...)` whose body is the one op `op_name`, in generic form,
    returning its results."""
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(operand_types))
    operands = ", ".join(f"%a{i}" for i in range(len(operand_types)))
    attrs = ", ".join(f"{name} = {value}" for name, value in sorted(attributes.items()))
    results = ", ".join(f"%r{i}" for i in range(len(result_types)))
    assign = f"{results} = " if result_types else ""
    signature = f"({', '.join(operand_types)}) -> ({', '.join(result_types)})"
    returned = f" {results} : {', '.join(result_types)}" if result_types else ""
    return (
        f"func.func @{symbol}({args}) -> ({', '.join(result_types)}) {{\n"
        f'  {assign}"{op_name}"({operands}) {{{attrs}}} : {signature}\n'
        f"  func.return{returned}\n"
        "}\n"
    )
