"""gqa: a module graded through its forward, with reference weights loaded. Particular to it: drawn
groups (n_heads = n_kv_heads · g, multi-head and multi-query included), query head h reading kv
head h // g, padding masks and causality, and the family's mistakes from the kit's Attention with
n_kv_heads (kv heads tiled instead of interleaved, scaling, mask polarity, padding on the queries)."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, random_mask, seeded
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(oracle="SDPA with enable_gqa; transformers' repeat_kv", title="Grouped-query attention", zh="分组查询注意力", topic="attention", difficulty="medium",
            minutes=20,
            follow_ups=[{"ask": "Now decode one token at a time with a KV cache, RoPE included.", "drill": "kv_cache"}])
HINTS = [
    "q is (B, n_heads, S, head_dim), k and v (B, n_kv_heads, S, head_dim). Give every query head its kv "
    "head first, then it is plain multi-head attention.",
    "Query head h uses kv head h // g, so each kv head is repeated g times in a row: kv0 kv0 kv1 kv1. "
    "That is repeat_interleave(g, dim=1), not repeat(1, g, 1, 1) (which gives kv0 kv1 kv0 kv1).",
    "Without a copy: k[:, :, None].expand(B, n_kv, g, S, hd).reshape(B, n_heads, S, hd) (HF repeat_kv), or "
    "view q as (B, n_kv, g, S, hd) and let matmul broadcast k[:, :, None].",
    "head_dim = d_model // n_heads; scale by 1/sqrt(head_dim); the (B, S) padding mask hides keys: "
    "mask[:, None, None, :].",
]


def inputs(draw) -> Case:
    n_kv, g, head_dim = draw(st.integers(1, 3)), draw(st.integers(1, 3)), draw(st.integers(1, 4))
    B, S = draw(st.integers(1, 3)), draw(st.integers(1, 6))
    n_heads = n_kv * g
    d_model = n_heads * head_dim
    mask = None
    if draw(st.booleans()):        # mostly token 0 is real; sometimes a sequence is all padding
        mask = random_mask(draw, B, S, keep_first=draw(st.integers(0, 3)) > 0)
    return Case(args=(randn(draw, B, S, d_model),), kwargs={"mask": mask, "causal": draw(st.booleans())},
                init=(d_model, n_heads, n_kv), seed=draw(st.integers(0, 2**16)))


def learner_like(mistake):
    """GroupedQueryAttention written as a learner would, making `mistake` (see kit.Attention)."""
    class GroupedQueryAttention(kit.Attention):
        def __init__(self, d_model, n_heads, n_kv_heads):
            super().__init__(d_model, n_heads, n_kv_heads, bias=False, mistake=mistake)
    return GroupedQueryAttention


def case(seed, B, S, d_model, n_heads, n_kv_heads, mask=None, causal=False, label="", scale=1.0):
    return Case(args=(seeded(seed, B, S, d_model, scale=scale),), kwargs={"mask": mask, "causal": causal},
                init=(d_model, n_heads, n_kv_heads), label=label, scale=scale)


def padded(B, S, real):
    return torch.tensor([[i < r for i in range(S)] for r in real])


DRILL = Drill(entries=[Entry(
    "GroupedQueryAttention",
    inputs=inputs,
    examples=[
        case(1, 2, 4, 12, 6, 2, label="g=3"),
        case(2, 2, 5, 8, 4, 2, causal=True, label="causal, g=2"),
        case(3, 2, 5, 8, 4, 1, mask=padded(2, 5, [5, 3]), label="padding mask, multi-query"),
        case(4, 3, 4, 16, 8, 2, mask=torch.tensor([[True] * 4, [True, True, False, False], [True, False, True, False]]),
             causal=True, label="padding mask and causal, g=4"),
        case(5, 2, 3, 8, 2, 2, causal=True, label="n_kv_heads == n_heads (multi-head)"),
        case(6, 1, 1, 6, 6, 3, causal=True, label="S=1"),
        case(13, 2, 4, 8, 4, 2, mask=torch.tensor([[False, True, True, True], [True] * 4]),
             label="left padding: with causal=True (as the causality check asks) token 0 of sequence 0 sees no key, "
                   "a row that is not graded"),
    ],
    extreme=[
        case(7, 2, 4, 8, 4, 2, causal=True, scale=100.0, label="large inputs: scores ~ 1e4"),
        case(8, 2, 256, 16, 4, 2, causal=True, label="S=256"),
        case(9, 2, 4, 8, 4, 2, mask=torch.tensor([[False, False, True, True], [True] * 4]), causal=True,
             label="left padding and causal: tokens 0, 1 of sequence 0 see no key (not graded, no NaN elsewhere)"),
        case(10, 2, 3, 8, 4, 2, mask=torch.tensor([[False] * 3, [True, False, True]]),
             label="sequence 0 is all padding (not graded, no NaN elsewhere)"),
    ],
    invariants=[kit.causality(), kit.padding_ignored(), kit.batch_independence()],
    mistakes=[
        kit.FLOAT_HEAD_DIM,
        Mistake(kit.KV_HEAD_MODULO, like=learner_like("kv tiled"),
                hint="Query head h uses kv head h // g: repeat each kv head g times in a row "
                     "(repeat_interleave(g, dim=1), or expand a new axis after the kv heads), not repeat(1, g, 1, 1)."),
        Mistake(kit.SCALED_BY_D_MODEL, like=learner_like("d_model scale"),
                hint="Each head works in head_dim dimensions: scale the scores by 1/sqrt(head_dim)."),
        Mistake(kit.MASK_INVERTED, like=learner_like("mask inverted")),
        Mistake(kit.PADDING_ON_QUERIES.name, like=learner_like("mask on queries"), hint=kit.PADDING_ON_QUERIES.hint),
    ],
    graded=kit.padded_queries_graded,
    loops=Loops(small=case(11, 2, 4, 16, 2, 1, mask=padded(2, 4, [4, 3]), causal=True),
                large=case(11, 5, 4, 16, 8, 2, mask=padded(5, 4, [4, 3, 2, 4, 1]), causal=True),
                over="the batch and the heads"),
    speed=Speed(lambda seed: case(12 + seed, 512, 8, 16, 2, 1, causal=True), limit=30.0),
)], banned=kit.ATTENTION_BANNED)
