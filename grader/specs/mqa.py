"""mqa: a module graded through its forward, with reference weights loaded. Particular to it: one
key head and one value head (head_dim rows each) shared by every query head, drawn head counts and
head dims, padding masks and causality, and the family's mistakes from the kit's Attention with
n_kv_heads = 1 (scaling, mask polarity, padding on the queries, heads merged without the transpose)."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, random_mask, seeded
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(title="Multi-query attention", zh="多查询注意力", topic="attention", difficulty="medium",
            minutes=15,
            follow_ups=[{"ask": "One kv head can cost quality. Generalise: n_heads query heads share n_kv_heads "
                                "key/value heads, query head h reading kv head h // (n_heads // n_kv_heads). "
                                "Write grouped-query attention.", "drill": "gqa"}],
            oracle="SDPA with enable_gqa")
HINTS = [
    "q is (B, n_heads, S, head_dim) as in multi-head attention, but k_proj(x) and v_proj(x) are only "
    "(B, S, head_dim): one head for everyone.",
    "Give k a head axis of size 1: k[:, None] is (B, 1, S, head_dim), and q @ k.transpose(-2, -1) broadcasts "
    "it over the n_heads query heads: no copy needed (expand works too).",
    "Scale by 1/sqrt(head_dim), head_dim = d_model // n_heads. The (B, S) padding mask hides keys: "
    "mask[:, None, None, :]. Causal: torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1) marks the future.",
    "Merge the heads with out.transpose(1, 2).reshape(B, S, d_model), then o_proj.",
]


def inputs(draw) -> Case:
    n_heads, head_dim = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    B, S = draw(st.integers(1, 3)), draw(st.integers(1, 6))
    d_model = n_heads * head_dim
    mask = None
    if draw(st.booleans()):        # mostly token 0 is real; sometimes a sequence is all padding
        mask = random_mask(draw, B, S, keep_first=draw(st.integers(0, 3)) > 0)
    return Case(args=(randn(draw, B, S, d_model),), kwargs={"mask": mask, "causal": draw(st.booleans())},
                init=(d_model, n_heads), seed=draw(st.integers(0, 2**16)))


def learner_like(mistake):
    """MultiQueryAttention written as a learner would, making `mistake` (see kit.Attention)."""
    class MultiQueryAttention(kit.Attention):
        def __init__(self, d_model, n_heads):
            super().__init__(d_model, n_heads, n_kv_heads=1, bias=False, mistake=mistake)
    return MultiQueryAttention


def case(seed, B, S, d_model, n_heads, mask=None, causal=False, label="", scale=1.0):
    return Case(args=(seeded(seed, B, S, d_model, scale=scale),), kwargs={"mask": mask, "causal": causal},
                init=(d_model, n_heads), label=label, scale=scale)


def padded(B, S, real):
    return torch.tensor([[i < r for i in range(S)] for r in real])


DRILL = Drill(entries=[Entry(
    "MultiQueryAttention",
    inputs=inputs,
    examples=[
        case(1, 2, 5, 16, 4, causal=True, label="the prompt's example"),
        case(2, 2, 4, 12, 3, label="plain"),
        case(3, 2, 5, 8, 4, mask=padded(2, 5, [5, 3]), label="padding mask"),
        case(4, 3, 4, 16, 8, mask=torch.tensor([[True] * 4, [True, True, False, False], [True, False, True, False]]),
             causal=True, label="padding mask and causal"),
        case(5, 2, 3, 6, 1, causal=True, label="n_heads=1 (single-head attention)"),
        case(6, 1, 1, 6, 6, causal=True, label="S=1, head_dim=1"),
        case(11, 2, 4, 8, 2, mask=torch.tensor([[False, True, True, True], [True] * 4]),
             label="left padding: with causal=True (as the causality check asks) token 0 of sequence 0 sees no key, "
                   "a row that is not graded"),
    ],
    extreme=[
        case(7, 2, 4, 8, 4, causal=True, scale=100.0, label="large inputs: scores ~ 1e4"),
        case(8, 2, 256, 16, 4, causal=True, label="S=256"),
        case(9, 2, 4, 8, 2, mask=torch.tensor([[False, False, True, True], [True] * 4]), causal=True,
             label="left padding and causal: tokens 0, 1 of sequence 0 see no key (not graded, no NaN elsewhere)"),
        case(10, 2, 3, 8, 2, mask=torch.tensor([[False] * 3, [True, False, True]]),
             label="sequence 0 is all padding (not graded, no NaN elsewhere)"),
    ],
    invariants=[kit.causality(), kit.padding_ignored(), kit.batch_independence()],
    mistakes=[
        kit.FLOAT_HEAD_DIM,
        Mistake(kit.SCALED_BY_D_MODEL, like=learner_like("d_model scale"),
                hint="Each head works in head_dim dimensions: scale the scores by 1/sqrt(head_dim)."),
        Mistake(kit.MASK_INVERTED, like=learner_like("mask inverted")),
        Mistake(kit.PADDING_ON_QUERIES.name, like=learner_like("mask on queries"), hint=kit.PADDING_ON_QUERIES.hint),
        Mistake(kit.HEADS_NOT_TRANSPOSED, like=learner_like("heads not transposed")),
    ],
    graded=kit.padded_queries_graded,
    loops=Loops(small=case(11, 2, 4, 16, 2, mask=padded(2, 4, [4, 3]), causal=True),
                large=case(11, 5, 4, 16, 8, mask=padded(5, 4, [4, 3, 2, 4, 1]), causal=True),
                over="the batch and the heads"),
    speed=Speed(lambda seed: case(12 + seed, 512, 8, 16, 2, causal=True), limit=30.0),
)], banned=kit.ATTENTION_BANNED)
