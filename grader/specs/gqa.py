import math

from hypothesis import strategies as st

import torch

from grader.spec import Case, Custom, Drill, Mistake, randn, random_mask, seeded
from grader.specs.attention import BANNED
from grader.specs.mha import FLOAT_HEAD_DIM, INVARIANTS, graded, no_loop_over_batch_or_heads
from reference.gqa import GroupedQueryAttention

META = dict(title="Grouped-query attention", zh="分组查询注意力", topic="attention", difficulty="medium",
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
    mask = random_mask(draw, B, S) if draw(st.booleans()) else None   # token 0 is always real
    return Case(args=(randn(draw, B, S, d_model),), kwargs={"mask": mask, "causal": draw(st.booleans())},
                init=(d_model, n_heads, n_kv), seed=draw(st.integers(0, 2**16)))


# ---- classic mistakes, as subclasses of the reference ------------------------------------------

class ScaledByDModel(GroupedQueryAttention):
    def __init__(self, d_model, n_heads, n_kv_heads):
        super().__init__(d_model, n_heads, n_kv_heads)
        self.scale = 1 / math.sqrt(d_model)


class KvHeadModulo(GroupedQueryAttention):
    def _repeat_kv(self, t):
        return t.repeat(1, self.n_heads // self.n_kv_heads, 1, 1)     # kv0 kv1 kv0 kv1: head h -> h % n_kv


class MaskInverted(GroupedQueryAttention):
    def forward(self, x, mask=None, causal=False):
        return super().forward(x, None if mask is None else ~mask, causal)


DRILL = Drill(
    entry="GroupedQueryAttention",
    inputs=inputs,
    examples=[
        Case(args=(seeded(1, 2, 4, 12),), kwargs={"mask": None, "causal": False}, init=(12, 6, 2), label="g=3"),
        Case(args=(seeded(2, 2, 5, 8),), kwargs={"mask": None, "causal": True}, init=(8, 4, 2),
             label="causal, g=2"),
        Case(args=(seeded(3, 2, 5, 8),), kwargs={"mask": torch.tensor([[True] * 5, [True, True, True, False, False]]),
                                                 "causal": False}, init=(8, 4, 1), label="padding mask, multi-query"),
        Case(args=(seeded(4, 3, 4, 16),),
             kwargs={"mask": torch.tensor([[True] * 4, [True, True, False, False], [True, False, True, False]]),
                     "causal": True}, init=(16, 8, 2), label="padding mask and causal, g=4"),
        Case(args=(seeded(5, 2, 3, 8),), kwargs={"mask": None, "causal": True}, init=(8, 2, 2),
             label="n_kv_heads == n_heads (multi-head)"),
        Case(args=(seeded(6, 1, 1, 6),), kwargs={"mask": None, "causal": True}, init=(6, 6, 3), label="S=1"),
    ],
    extreme=[
        Case(args=(seeded(7, 2, 4, 8, scale=100.0),), kwargs={"mask": None, "causal": True}, init=(8, 4, 2),
             scale=100.0, label="large inputs: scores ~ 1e4"),
        Case(args=(seeded(8, 2, 256, 16),), kwargs={"mask": None, "causal": True}, init=(16, 4, 2), label="S=256"),
        Case(args=(seeded(9, 2, 4, 8),),
             kwargs={"mask": torch.tensor([[False, False, True, True], [True] * 4]), "causal": True}, init=(8, 4, 2),
             label="left padding and causal: tokens 0, 1 of sequence 0 see no key (not graded, no NaN elsewhere)"),
    ],
    invariants=INVARIANTS,
    custom=[Custom("no loop over batch or heads",
                   no_loop_over_batch_or_heads("GroupedQueryAttention", [(16, 2, 1), (16, 8, 2)]))],
    mistakes=[
        FLOAT_HEAD_DIM,
        Mistake("scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)", like=ScaledByDModel),
        Mistake("query head h reads kv head h % n_kv_heads (repeat / tile) instead of h // g "
                "(repeat_interleave)", like=KvHeadModulo),
        Mistake("mask polarity inverted: True means a real token, hide the keys where the mask is False",
                like=MaskInverted),
    ],
    banned=BANNED,
    graded=graded,
    speed=lambda: Case(args=(seeded(10, 512, 8, 16),), kwargs={"mask": None, "causal": True}, init=(16, 2, 1)),
    speed_limit=8.0,
)
