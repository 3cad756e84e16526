"""The control-flow graph of an llir function body and SSA dominance over it.

xDSL verifies no dominance, and `xdsl.irdl.dominance.DominanceInfo` does not fit an
llir body: it counts the edges out of blocks unreachable from the entry, so a block
that dead code also jumps to would lose its dominators and a valid use would be
rejected (MLIR, like this module, ignores unreachable blocks). And
`Block.predecessors()` counts the block references of `llir.phi`, hence
`cfg_successors` / `cfg_predecessors` here.
"""

from __future__ import annotations

from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.traits import IsTerminator


def cfg_successors(block: Block) -> tuple[Block, ...]:
    """The blocks `block`'s terminator may jump to (phi block references excluded)."""
    last = block.last_op
    if last is None or not last.has_trait(IsTerminator):
        return ()
    return tuple(last.successors)


def cfg_predecessors(block: Block) -> tuple[Block, ...]:
    """The distinct blocks whose terminator may jump to `block`, in region order.

    Unlike `Block.predecessors()` this ignores the references `llir.phi` makes to
    its incoming blocks.
    """
    region = block.parent
    if region is None:
        return ()
    return tuple(b for b in region.blocks if block in cfg_successors(b))


def block_index(block: Block) -> int:
    """The position of `block` in its region (blocks of a diagnostic are `#index`)."""
    assert block.parent is not None
    return block.parent.get_block_index(block)


def ancestor_in(op: Operation, region: Region) -> Operation | None:
    """The ancestor of `op` (or `op` itself) whose block is in `region`."""
    current: Operation | None = op
    while current is not None:
        block = current.parent_block()
        if block is not None and block.parent is region:
            return current
        current = current.parent_op()
    return None


def reachable_dominators(region: Region) -> dict[Block, set[Block]]:
    """Dominator sets of the blocks of `region` reachable from its entry."""
    entry = region.blocks.first
    assert entry is not None
    order: list[Block] = []
    stack, seen = [entry], {entry}
    while stack:
        block = stack.pop()
        order.append(block)
        for successor in cfg_successors(block):
            if successor not in seen:
                seen.add(successor)
                stack.append(successor)
    predecessors: dict[Block, list[Block]] = {block: [] for block in order}
    for block in order:
        for successor in cfg_successors(block):
            predecessors[successor].append(block)
    dominators = {block: set(order) for block in order}
    dominators[entry] = {entry}
    changed = True
    while changed:
        changed = False
        for block in order[1:]:
            new = {block} | set.intersection(*(dominators[p] for p in predecessors[block]))
            if new != dominators[block]:
                dominators[block] = new
                changed = True
    return dominators


def post_dominators(region: Region) -> dict[Block, set[Block]]:
    """Post-dominator sets of the blocks of `region` (a block without successors exits)."""
    blocks = list(region.blocks)
    successors = {block: cfg_successors(block) for block in blocks}
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


class SSADominance:
    """Which values are available where in a function `body` (a multi-block region).

    Only the entry block of the body and single-block regions nested in it (loop
    bodies) have block arguments.
    """

    def __init__(self, body: Region):
        self.body = body
        self.dominators = reachable_dominators(body)
        self._positions: dict[Block, dict[Operation, int]] = {}

    def is_reachable(self, op: Operation) -> bool:
        """Whether `op` (or the op of the body that holds it) runs at all."""
        top = ancestor_in(op, self.body)
        return top is not None and top.parent_block() in self.dominators

    def _before(self, first: Operation, second: Operation) -> bool:
        """Whether `first` comes before `second` in their block (O(1) after a scan)."""
        block = first.parent_block()
        assert block is not None
        if block not in self._positions:
            self._positions[block] = {op: index for index, op in enumerate(block.ops)}
        return self._positions[block][first] < self._positions[block][second]

    def dominates_end(self, value: SSAValue, block: Block) -> bool:
        """Whether `value` is available at the end of `block` of the body."""
        if isinstance(value, BlockArgument):
            return value.block.parent is self.body
        owner = value.owner
        assert isinstance(owner, Operation)
        def_block = owner.parent_block()
        return (
            def_block is not None
            and def_block.parent is self.body
            and (def_block is block or def_block in self.dominators[block])
        )

    def dominates_use(self, value: SSAValue, user: Operation) -> bool:
        """Whether `value` is available where `user` runs."""
        if isinstance(value, BlockArgument):
            region = value.block.parent
            return region is not None and ancestor_in(user, region) is not None
        owner = value.owner
        assert isinstance(owner, Operation)
        def_block = owner.parent_block()
        if def_block is None or def_block.parent is None:
            return False
        anchor = ancestor_in(user, def_block.parent)
        if anchor is None:
            return False
        use_block = anchor.parent_block()
        assert use_block is not None
        if use_block is def_block:
            return self._before(owner, anchor)
        return def_block in self.dominators.get(use_block, {def_block})
