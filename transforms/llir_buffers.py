"""The llir buffer passes: who frees a buffer, and where a result is computed.

convert-mir-to-llir's patterns allocate a buffer for every tensor they produce, never
free it, and copy each result into its output pointer at the return; these passes,
run in this order on each lowered function, make the memory explicit and leak-free:

- `llir-drop-foreign-frees`: in a function with an `llir.tensor_signature`, the
  caller owns the pointer arguments, so an `llir.free_buffer` of one (what a
  `mir.dealloc_tensor` of an argument becomes) goes;
- `llir-forward-outputs`: a result computed into a buffer of its own and only copied
  into its output pointer is computed in the output buffer directly;
- `llir-insert-frees`: every buffer nobody frees is freed after its last use.

Each works on any llir.func (the first two only on those with a tensor signature),
so each can be run and tested on its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from xdsl.dialects.builtin import FunctionType, ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator

from nnstack.dialects import llir
from nnstack.dialects.llir.dominance import ancestor_in, post_dominators
from nnstack.transforms.utils import FunctionPass

_ADDRESS_USERS = (
    llir.LoadOp,
    llir.StoreOp,
    llir.VectorLoadOp,
    llir.VectorStoreOp,
    llir.MemcpyOp,
    llir.FreeBufferOp,
    llir.PtrAddOp,
    llir.PtrCastOp,
)
"""The ops that use a pointer only as an address: a pointer used by any other op
(returned, passed to a call, carried by a loop or a phi) escapes the function."""


def pointer_users(ptr: SSAValue) -> list[Operation]:
    """The ops using `ptr` or a pointer derived from it (llir.ptradd, llir.ptrcast)."""
    users: list[Operation] = []
    stack = [ptr]
    while stack:
        value = stack.pop()
        for use in value.uses:
            users.append(use.operation)
            if isinstance(use.operation, llir.PtrAddOp | llir.PtrCastOp):
                stack.append(use.operation.result)
    return users


def _tensor_signature(function: llir.FuncOp) -> FunctionType | None:
    signature = function.attributes.get(llir.TENSOR_SIGNATURE)
    return signature if isinstance(signature, FunctionType) else None


@dataclass(frozen=True)
class LlirFunctionPass(FunctionPass[llir.FuncOp]):
    """A pass over each `llir.func` of the module."""

    def functions(self, module: ModuleOp) -> Iterable[llir.FuncOp]:
        return [op for op in module.walk() if isinstance(op, llir.FuncOp)]


@dataclass(frozen=True)
class LlirDropForeignFreesPass(LlirFunctionPass):
    """
    Erases every `llir.free_buffer` of a pointer argument of a function with an
    `llir.tensor_signature`: its caller owns the arguments (and freeing memory the
    interpreter did not allocate is a runtime error).
    """

    name = "llir-drop-foreign-frees"

    def apply_to(self, function: llir.FuncOp) -> None:
        if _tensor_signature(function) is None:
            return
        for op in list(function.walk()):
            is_free = isinstance(op, llir.FreeBufferOp)
            if is_free and isinstance(op.ptr, BlockArgument) and op.ptr.block.parent is function.body:
                Rewriter.erase_op(op)


@dataclass(frozen=True)
class LlirForwardOutputsPass(LlirFunctionPass):
    """
    In a function with an `llir.tensor_signature`, a result computed into a buffer
    of its own that is only copied into its output pointer (the output's one use is
    that `llir.memcpy`, in the block that returns, after every other use of the
    buffer, which nobody frees) is computed in the output buffer instead: the copy
    and the allocation go.
    """

    name = "llir-forward-outputs"

    def apply_to(self, function: llir.FuncOp) -> None:
        signature = _tensor_signature(function)
        if signature is None or not signature.outputs.data:
            return
        outputs = function.args[-len(signature.outputs.data) :]
        for output in outputs:
            uses = list(output.uses)
            if len(uses) != 1 or not isinstance(copy := uses[0].operation, llir.MemcpyOp):
                continue
            source = copy.src
            alloc = source.owner
            if copy.dst is not output or not isinstance(alloc, llir.AllocBufferOp):
                continue
            if not _last_use_before_return(copy, source, function):
                continue
            Rewriter.erase_op(copy)
            source.replace_all_uses_with(output)
            Rewriter.erase_op(alloc)


def _last_use_before_return(copy: llir.MemcpyOp, source: SSAValue, function: llir.FuncOp) -> bool:
    """Whether `copy` is in a block of the function body that returns and every other
    use of `source` (none of them a free) comes before it: so the output ends up
    holding what the buffer held."""
    block = copy.parent_block()
    if block is None or block.parent is not function.body or not isinstance(block.last_op, llir.ReturnOp):
        return False
    for user in pointer_users(source):
        if isinstance(user, llir.FreeBufferOp):
            return False
        anchor = _ancestor_in(user, function.body)
        if anchor is not copy and anchor.parent_block() is block and copy.is_before_in_block(anchor):
            return False
    return True


def _ancestor_in(op: Operation, region: Region) -> Operation:
    """The op of `region` holding `op`; pointers are only used where they are defined."""
    ancestor = ancestor_in(op, region)
    assert ancestor is not None, "a pointer is used outside the region defining it"
    return ancestor


def _nearest_common_post_dominator(blocks: Iterable[Block], post: dict[Block, set[Block]]) -> Block | None:
    common = set.intersection(*(post[block] for block in blocks))
    return max(common, key=lambda block: len(post[block])) if common else None


def _after_last(block: Block, anchors: list[Operation], positions: dict[Operation, int]) -> InsertPoint:
    """After the last of `anchors` in `block` (before it if it is the terminator), or at
    the top of the block, after its phis, when there is none. `positions` orders the
    block's ops (inserting frees does not change the order of the others)."""
    if not anchors:
        first = next((op for op in block.ops if not isinstance(op, llir.PhiOp)), None)
        return InsertPoint.before(first) if first is not None else InsertPoint.at_end(block)
    last = max(anchors, key=positions.__getitem__)
    return InsertPoint.before(last) if last.has_trait(IsTerminator) else InsertPoint.after(last)


@dataclass(frozen=True)
class LlirInsertFreesPass(LlirFunctionPass):
    """
    Frees every `llir.alloc_buffer` nobody frees, after its last use: in its own
    block (a loop body frees its temporaries each iteration) or, for a buffer used in
    several blocks of the function's CFG, after the last use in the nearest block
    that post-dominates its definition and all its uses. A buffer whose pointer
    escapes (is returned, passed to a call, carried by a loop or a phi) or whose uses
    have no common post-dominator is left to its owner.
    """

    name = "llir-insert-frees"

    def apply_to(self, function: llir.FuncOp) -> None:
        post: dict[Block, set[Block]] | None = None
        positions: dict[Block, dict[Operation, int]] = {}
        for alloc in [op for op in function.walk() if isinstance(op, llir.AllocBufferOp)]:
            users = pointer_users(alloc.result)
            if any(
                isinstance(user, llir.FreeBufferOp) or not isinstance(user, _ADDRESS_USERS) for user in users
            ):
                continue
            block = alloc.parent_block()
            assert block is not None and block.parent is not None
            anchors = [_ancestor_in(user, block.parent) for user in users]
            target = block
            if any(anchor.parent_block() is not block for anchor in anchors):
                post = post or post_dominators(block.parent)
                blocks = {block, *(anchor.parent_block() for anchor in anchors)}
                nearest = _nearest_common_post_dominator(blocks, post)  # pyright: ignore[reportArgumentType]
                if nearest is None:
                    continue
                target = nearest
            here: list[Operation] = [anchor for anchor in anchors if anchor.parent_block() is target]
            if target is block and not here:
                here = [alloc]
            free = llir.FreeBufferOp(alloc.result)
            free.location = alloc.location  # a diagnostic about the free points at the buffer
            if target not in positions:
                positions[target] = {op: index for index, op in enumerate(target.ops)}
            Rewriter.insert_op(free, _after_last(target, here, positions[target]))
