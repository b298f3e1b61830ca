"""embedding: one function, ids (...) long and a float table (V, d) -> (..., d). Particular to it:
ids of any shape (a 0-d id included) that repeat in every example, so the gradient check sees a
table row used several times receive the sum of its positions' gradients; and the mistakes of a 2-D
index_select, a missing reshape, one_hot without num_classes and a backward that assigns instead of
adding up."""
from hypothesis import strategies as st

import torch
from grader.engine.kit import generator, randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Embedding lookup", zh="词嵌入", topic="basics", difficulty="easy", minutes=5,
            oracle="F.embedding")
HINTS = [
    "Row i of the table is token i's vector: the answer is a gather of rows, no arithmetic at all.",
    "Indexing a tensor with a LongTensor (advanced indexing) accepts ids of any shape and puts the "
    "ids' shape in front of the rest; its backward adds up the gradients of repeated ids for you.",
    "return table[ids]  (or table.index_select(0, ids.reshape(-1)).reshape(*ids.shape, -1))",
]


def ids_of(seed: int, vocab: int, *shape) -> torch.Tensor:
    return torch.randint(0, vocab, shape, generator=torch.Generator().manual_seed(seed))


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 5), min_size=0, max_size=3))
    vocab, d = draw(st.integers(1, 8)), draw(st.integers(1, 6))
    scale = draw(st.sampled_from([1.0, 100.0]))
    ids = torch.randint(0, vocab, lead, generator=generator(draw))
    return Case(args=(ids, randn(draw, vocab, d, scale=scale)), scale=scale)


def positions_independent(call, case):
    ids, table = case.args
    if ids.numel() < 2 or table.shape[0] < 2:
        return
    changed = ids.clone()
    changed.view(-1)[0] = (changed.view(-1)[0] + 1) % table.shape[0]   # another id at position 0 only
    a, b = call(case), call(Case(args=(changed, table), scale=case.scale))
    moved = (a != b).reshape(-1, table.shape[1]).any(-1)
    if moved[1:].any():
        raise Fail(f"changing the id at position 0 changed the output at flat position "
                   f"{int(moved[1:].nonzero()[0]) + 1}: each position must depend on its own id only")


# ---- classic mistakes, written as a learner would ------------------------------------------------

def not_reshaped(ids, table):
    return table.index_select(0, ids.reshape(-1))


class AssigningLookup(torch.autograd.Function):
    """A hand-written lookup whose backward assigns each position's gradient to its row: a row used
    by several positions keeps one of their gradients instead of their sum."""

    @staticmethod
    def forward(ctx, ids, table):
        ctx.save_for_backward(ids)
        ctx.table_shape = table.shape
        return table[ids]

    @staticmethod
    def backward(ctx, grad_out):
        ids, = ctx.saved_tensors
        grad_table = grad_out.new_zeros(ctx.table_shape)
        grad_table[ids] = grad_out
        return None, grad_table


def backward_assigns(ids, table):
    return AssigningLookup.apply(ids, table)


DRILL = Drill(entries=[Entry(
    "embedding",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([[2, 1], [1, 0]]), torch.tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]])),
             label="the prompt's example (id 1 twice)"),
        Case(args=(torch.tensor([[0, 3, 1], [3, 3, 0]]), seeded(1, 6, 2)), label="id 3 three times, rows 4, 5 unused"),
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
    mistakes=[
        Mistake("index_select with the ids as they are (it needs a 1-D index: flatten, then reshape)",
                error=r"Index is supposed to be a vector"),
        Mistake("output not reshaped back to ids.shape + (d,)", like=not_reshaped),
        Mistake("one_hot without num_classes=V (its width is max(ids) + 1, not V)",
                error=r"shapes cannot be multiplied"),
        Mistake("wrong gradient into the table: a row used by several positions must receive the sum "
                "of their gradients (index_add_ / scatter-add, not assignment)", like=backward_assigns,
                hint="Let autograd differentiate table[ids] (or index_select): its backward adds up the "
                     "gradients of repeated ids. A hand-written backward must use index_add_."),
    ],
    loops=Loops(small=Case(args=(ids_of(10, 16, 2, 3), seeded(11, 16, 8))),
                large=Case(args=(ids_of(12, 16, 5, 7), seeded(11, 16, 8))), over="the ids"),
    speed=Speed(lambda seed: Case(args=(ids_of(seed, 16, 4096, 4), seeded(seed + 1, 16, 16))), limit=30.0),
)], banned=["torch.nn.functional.embedding", "torch.embedding", "torch.nn.Embedding"])
