"""What a lowered function needs once every pattern is done, in this order.

The patterns allocate a buffer for every tensor they produce and never free it, and
build their own constants; these steps, run on each lowered llir.func, make the memory
explicit and leak-free and the constants shared:

1. `drop_foreign_frees`: a `mir.dealloc_tensor` of a function argument frees memory
   the caller owns, so its llir.free_buffer goes.
2. `forward_outputs`: a result computed into a buffer of its own and only copied into
   its output pointer at the return is computed in the output buffer directly.
3. `insert_frees`: every other buffer nobody frees explicitly is freed after its last
   use: in its own block (a loop body frees its temporaries each iteration) or, for a
   buffer used in several blocks of the function's CFG, after the last use in the
   nearest block that post-dominates its definition and all its uses.
4. `hoist_constants`: one llir.constant per value and type, at the top of the function.
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.dialects.builtin import FunctionType
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator

from nnstack.dialects import llir


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


def _frees(ptr: SSAValue) -> bool:
    return any(isinstance(user, llir.FreeBufferOp) for user in pointer_users(ptr))


def drop_foreign_frees(function: llir.FuncOp) -> None:
    for op in list(function.walk()):
        if isinstance(op, llir.FreeBufferOp) and isinstance(op.ptr, BlockArgument):
            if op.ptr.block.parent is function.body:
                Rewriter.erase_op(op)


def forward_outputs(function: llir.FuncOp) -> None:
    """Compute results in their output buffers instead of copying them there at the end."""
    signature = function.attributes.get(llir.TENSOR_SIGNATURE)
    if not isinstance(signature, FunctionType) or not signature.outputs.data:
        return
    outputs = function.args[-len(signature.outputs.data) :]
    forwarded: set[SSAValue] = set()
    for output in outputs:
        uses = list(output.uses)
        if len(uses) != 1 or not isinstance(copy := uses[0].operation, llir.MemcpyOp):
            continue
        source = copy.src
        alloc = source.owner
        if copy.dst is not output or not isinstance(alloc, llir.AllocBufferOp):
            continue
        if source in forwarded or _frees(source):
            continue
        forwarded.add(source)
        Rewriter.erase_op(copy)
        source.replace_all_uses_with(output)
        Rewriter.erase_op(alloc)


def _ancestor_in(op: Operation, region: Region) -> Operation:
    current = op
    while current.parent_region() is not region:
        parent = current.parent_op()
        assert parent is not None, "a pointer is used outside the region defining it"
        current = parent
    return current


def _post_dominators(region: Region) -> dict[Block, set[Block]]:
    blocks = list(region.blocks)
    successors = {block: llir.cfg_successors(block) for block in blocks}
    post = {block: ({block} if not successors[block] else set(blocks)) for block in blocks}
    changed = True
    while changed:
        changed = False
        for block in reversed(blocks):
            if successors[block]:
                new = {block} | set.intersection(*(post[s] for s in successors[block]))
                if new != post[block]:
                    post[block], changed = new, True
    return post


def _nearest_common_post_dominator(blocks: Iterable[Block], post: dict[Block, set[Block]]) -> Block | None:
    common = set.intersection(*(post[block] for block in blocks))
    return max(common, key=lambda block: len(post[block])) if common else None


def _after_last(block: Block, anchors: list[Operation]) -> InsertPoint:
    """After the last of `anchors` in `block` (before it if it is the terminator), or at
    the top of the block, after its phis, when there is none."""
    ops = list(block.ops)
    if not anchors:
        first = next((op for op in ops if not isinstance(op, llir.PhiOp)), None)
        return InsertPoint.before(first) if first is not None else InsertPoint.at_end(block)
    last = max(anchors, key=ops.index)
    return InsertPoint.before(last) if last.has_trait(IsTerminator) else InsertPoint.after(last)


def insert_frees(function: llir.FuncOp) -> None:
    """Free every buffer not freed explicitly after its last use."""
    post: dict[Block, set[Block]] | None = None
    for alloc in [op for op in function.walk() if isinstance(op, llir.AllocBufferOp)]:
        users = pointer_users(alloc.result)
        if any(isinstance(user, llir.FreeBufferOp) for user in users):
            continue
        block = alloc.parent_block()
        assert block is not None and block.parent is not None
        anchors = [_ancestor_in(user, block.parent) for user in users]
        target = block
        if any(anchor.parent_block() is not block for anchor in anchors):
            post = post or _post_dominators(block.parent)
            blocks = {block, *(anchor.parent_block() for anchor in anchors)}
            nearest = _nearest_common_post_dominator(blocks, post)  # pyright: ignore[reportArgumentType]
            if nearest is None:
                continue  # no single exit: leave it to the caller
            target = nearest
        here = [anchor for anchor in anchors if anchor.parent_block() is target]
        if target is block and not here:
            here = [alloc]
        Rewriter.insert_op(llir.FreeBufferOp(alloc.result), _after_last(target, here))


def hoist_constants(function: llir.FuncOp) -> None:
    """Move the used constants to the top of the entry block, one per value, drop the rest."""
    entry = function.body.blocks.first
    assert entry is not None
    kept: dict[tuple[str, str], llir.ConstantOp] = {}
    for op in list(function.walk()):
        if not isinstance(op, llir.ConstantOp):
            continue
        key = (str(op.value), str(op.result.type))
        if op.result.uses and key not in kept:
            kept[key] = op
            op.detach()
        else:
            if key in kept:
                op.result.replace_all_uses_with(kept[key].result)
            Rewriter.erase_op(op)
    if kept:
        Rewriter.insert_op(list(kept.values()), InsertPoint.at_start(entry))
