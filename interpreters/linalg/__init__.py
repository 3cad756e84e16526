"""Numpy-backed interpreter functions for the `linalg` dialect.

Structured ops run vectorized over their whole iteration domain instead of once per
point, as xDSL's stock implementation does:

- Each shaped operand is viewed over the loops through its indexing map. A map
  whose results are affine sums `c0*d0 + c1*d1 + ... + k` (projected permutations,
  and the strided windows of convolutions and pooling) gives a zero-copy strided
  view; other maps (`mod`, `floordiv`) gather with index arrays.
- The body is interpreted once, with these views as block arguments: the `arith`
  and `math` implementations of this package work on whole arrays. It is compiled on
  its first run into steps calling those implementations directly (`bodies`).
- Reductions are recognized when each output block argument is only combined at
  the yield, `out <op> f(ins)`: `f` is computed over the whole domain, reduced with
  the numpy reduction of `<op>` and combined with the init. A body `out + a * b` is
  a contraction and runs as one `np.matmul` (BLAS), so matmuls and convolutions,
  named or generic, run at numpy speed.
- Everything else (bodies with regions, outputs read other than by a reduction,
  non-affine output maps) runs a correct but slow loop over every point.

Tensor outputs give new arrays; memref outputs are written in place. The named ops
use the hidden region and indexing maps xDSL builds for them, except
`pooling_nchw_max`, whose hidden region xDSL builds wrongly.

On tensors of static shapes (what the lowerings emit) an op's run is worked out once
(`static`): how each operand is viewed, the shape of every body value, the layout of a
contraction. Its body runs as direct numpy calls (`numpy_calls`), each ufunc writing into a
temporary that dies there, so a chain of element-wise ops makes one array; an
embedding lookup is one `ndarray.take`. Such ops are also kernels of prepared programs
(`LinalgFunctions.kernel`), and tensors that are only written over are never copied.

The package follows these steps: `views` (operands over the domain), `contractions`,
`plans` (what kind of op a body is, once per op), `bodies` (a vectorized body compiled
once), `numpy_calls` and `static` (the runs of ops on static tensors), `execution` (running
a plan in general) and `registration` (the xDSL `InterpreterFunctions`).
"""

from nnstack.interpreters.linalg.execution import run_structured
from nnstack.interpreters.linalg.plans import Plan, make_plan
from nnstack.interpreters.linalg.registration import LinalgFunctions, share_plans

__all__ = ["LinalgFunctions", "Plan", "make_plan", "run_structured", "share_plans"]
