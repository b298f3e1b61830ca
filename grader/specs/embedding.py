from hypothesis import strategies as st

import torch
from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, seeded

META = dict(title="Embedding lookup", zh="词嵌入", topic="basics", difficulty="easy", minutes=5)
HINTS = [
    "Row i of the table is token i's vector: the answer is a gather of rows, no arithmetic at all.",
    "Indexing a tensor with a LongTensor (advanced indexing) accepts ids of any shape and puts the "
    "ids' shape in front of the rest; its backward adds up the gradients of repeated ids for you.",
    "return table[ids]  (or table.index_select(0, ids.reshape(-1)).reshape(*ids.shape, -1))",
]


def ids_tensor(draw, vocab: int, *shape) -> torch.Tensor:
    """Token ids in [0, vocab) from a drawn seed."""
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    return torch.randint(0, vocab, shape, generator=g)


def ids_of(seed: int, vocab: int, *shape) -> torch.Tensor:
    return torch.randint(0, vocab, shape, generator=torch.Generator().manual_seed(seed))


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 5), min_size=0, max_size=3))
    vocab, d = draw(st.integers(1, 8)), draw(st.integers(1, 6))
    scale = draw(st.sampled_from([1.0, 100.0]))
    return Case(args=(ids_tensor(draw, vocab, *lead), randn(draw, vocab, d, scale=scale)), scale=scale)


def output(call, case):
    ids, table = case.args
    out, shape = call(case), ids.shape + table.shape[1:]
    if not isinstance(out, torch.Tensor) or out.shape != shape:
        raise Fail(f"expected a tensor of shape {tuple(shape)}, got "
                   f"{tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__}")
    return out


def positions_independent(call, case):
    ids, table = case.args
    if ids.numel() < 2 or table.shape[0] < 2:
        return
    changed = ids.clone()
    changed.view(-1)[0] = (changed.view(-1)[0] + 1) % table.shape[0]   # another id at position 0 only
    a, b = output(call, case), output(call, Case(args=(changed, table)))
    moved = (a != b).reshape(-1, table.shape[1]).any(-1)
    if moved[1:].any():
        raise Fail(f"changing the id at position 0 changed the output at flat position "
                   f"{int(moved[1:].nonzero()[0]) + 1}: each position must depend on its own id only")


def repeated_ids_accumulate(module):
    ids = torch.tensor([[1, 3, 1], [1, 0, 3]])                 # row 1 used three times, row 3 twice
    table = seeded(12, 5, 4).requires_grad_()
    try:
        out = module.embedding(ids, table)
    except Exception:
        return                                                  # the value checks report this
    if not isinstance(out, torch.Tensor) or out.numel() != ids.numel() * 4:
        return
    if not out.requires_grad:
        raise Fail("the output is not attached to the table's autograd graph (detached, .data, "
                   ".tolist() or torch.no_grad?): no gradient can reach the table")
    up = seeded(13, 6, 4)                                       # one upstream gradient per position
    grad, = torch.autograd.grad(out.reshape(6, 4), table, up, allow_unused=True)
    want = torch.zeros(5, 4).index_add_(0, ids.reshape(-1), up)
    if grad is None:
        raise Fail("no gradient reached the table")
    if not torch.allclose(grad, want, rtol=1e-5, atol=1e-5):
        row = int((grad - want).abs().sum(-1).argmax())
        raise Fail(f"ids {ids.tolist()}: row {row} of the table should get the sum of the upstream "
                   f"gradients of the positions that used it, {[round(v, 4) for v in want[row].tolist()]}, "
                   f"got {[round(v, 4) for v in grad[row].tolist()]}")


DRILL = Drill(
    entry="embedding",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([[2, 1], [1, 0]]), torch.tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]])),
             label="the prompt's example (id 1 twice)"),
        Case(args=(torch.tensor([[0, 3, 1], [2, 2, 0]]), seeded(1, 6, 2)), label="the last rows unused"),
        Case(args=(torch.tensor(2), seeded(2, 4, 3)), label="a 0-dim id"),
        Case(args=(torch.tensor([3, 3, 3, 3, 3]), seeded(3, 5, 4)), label="one id, five times"),
        Case(args=(ids_of(4, 5, 2, 2, 3), seeded(5, 5, 3)), label="(2, 2, 3) ids"),
        Case(args=(torch.zeros(3, dtype=torch.long), seeded(6, 1, 1)), label="V = 1, d = 1"),
    ],
    extreme=[
        Case(args=(torch.tensor([[0, 9999, 17, 0], [9999, 5000, 1, 2]]), seeded(7, 10000, 8)),
             label="10,000-row table, first and last ids"),
        Case(args=(ids_of(8, 100, 1, 4096), seeded(9, 100, 16)), label="4096 ids"),
    ],
    invariants=[Invariant("positions independent", positions_independent)],
    custom=[Custom("repeated ids accumulate gradients", repeated_ids_accumulate)],
    mistakes=[
        Mistake("index_select with the ids as they are (it needs a 1-D index: flatten, then reshape)",
                error=r"Index is supposed to be a vector"),
        Mistake("output not reshaped back to ids.shape + (d,)", like=lambda ids, table: table[ids.reshape(-1)]),
        Mistake("one_hot without num_classes=V (its width is max(ids) + 1, not V)",
                error=r"shapes cannot be multiplied"),
        Mistake("wrong gradient into the table: a row used by several positions must receive the sum "
                "of their gradients (index_add_ / scatter-add, not assignment)",
                check="repeated ids accumulate gradients"),
    ],
    banned=["torch.nn.functional.embedding", "torch.embedding", "torch.nn.Embedding"],
    speed=lambda: Case(args=(ids_of(10, 16, 4096, 4), seeded(11, 16, 16))),
    speed_limit=12.0,
)
