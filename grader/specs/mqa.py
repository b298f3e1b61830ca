import math

from hypothesis import strategies as st

import torch

from grader.spec import Case, Custom, Drill, Mistake, randn, random_mask, seeded
from grader.specs.attention import BANNED
from grader.specs.mha import FLOAT_HEAD_DIM, INVARIANTS, graded, no_loop_over_batch_or_heads
from reference.mqa import MultiQueryAttention

META = dict(title="Multi-query attention", zh="多查询注意力", topic="attention", difficulty="medium",
            minutes=15,
            follow_ups=[{"ask": "One kv head can cost quality. Generalise: n_heads query heads share n_kv_heads "
                                "key/value heads, query head h reading kv head h // (n_heads // n_kv_heads). "
                                "Write grouped-query attention.", "drill": "gqa"}])
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
    mask = random_mask(draw, B, S) if draw(st.booleans()) else None   # token 0 is always real
    return Case(args=(randn(draw, B, S, d_model),), kwargs={"mask": mask, "causal": draw(st.booleans())},
                init=(d_model, n_heads), seed=draw(st.integers(0, 2**16)))


# ---- classic mistakes, as subclasses of the reference ------------------------------------------

class ScaledByDModel(MultiQueryAttention):
    def __init__(self, d_model, n_heads):
        super().__init__(d_model, n_heads)
        self.scale = 1 / math.sqrt(d_model)


class MaskInverted(MultiQueryAttention):
    def forward(self, x, mask=None, causal=False):
        return super().forward(x, None if mask is None else ~mask, causal)


class HeadsMergedWithoutTranspose(MultiQueryAttention):
    def forward(self, x, mask=None, causal=False):
        B, S, d_model = x.shape
        q = self.q_proj(x).view(B, S, self.n_heads, self.head_dim).transpose(1, 2)
        keep = torch.ones(S, S, dtype=torch.bool).tril(0 if causal else S)                 # (S, S)
        if mask is not None:
            keep = keep & mask[:, None, None, :]                                          # (B, 1, S, S)
        scores = (q @ self.k_proj(x)[:, None].transpose(-2, -1) * self.scale).masked_fill(~keep, float("-inf"))
        out = torch.softmax(scores, dim=-1) @ self.v_proj(x)[:, None]           # (B, H, S, hd)
        return self.o_proj(out.reshape(B, S, d_model))                          # (H, S) order read as (S, H)


DRILL = Drill(
    entry="MultiQueryAttention",
    inputs=inputs,
    examples=[
        Case(args=(seeded(1, 2, 5, 16),), kwargs={"mask": None, "causal": True}, init=(16, 4),
             label="the prompt's example"),
        Case(args=(seeded(2, 2, 4, 12),), kwargs={"mask": None, "causal": False}, init=(12, 3), label="plain"),
        Case(args=(seeded(3, 2, 5, 8),), kwargs={"mask": torch.tensor([[True] * 5, [True, True, True, False, False]]),
                                                 "causal": False}, init=(8, 4), label="padding mask"),
        Case(args=(seeded(4, 3, 4, 16),),
             kwargs={"mask": torch.tensor([[True] * 4, [True, True, False, False], [True, False, True, False]]),
                     "causal": True}, init=(16, 8), label="padding mask and causal"),
        Case(args=(seeded(5, 2, 3, 6),), kwargs={"mask": None, "causal": True}, init=(6, 1),
             label="n_heads=1 (single-head attention)"),
        Case(args=(seeded(6, 1, 1, 6),), kwargs={"mask": None, "causal": True}, init=(6, 6), label="S=1, head_dim=1"),
    ],
    extreme=[
        Case(args=(seeded(7, 2, 4, 8, scale=100.0),), kwargs={"mask": None, "causal": True}, init=(8, 4),
             scale=100.0, label="large inputs: scores ~ 1e4"),
        Case(args=(seeded(8, 2, 256, 16),), kwargs={"mask": None, "causal": True}, init=(16, 4), label="S=256"),
        Case(args=(seeded(9, 2, 4, 8),),
             kwargs={"mask": torch.tensor([[False, False, True, True], [True] * 4]), "causal": True}, init=(8, 2),
             label="left padding and causal: tokens 0, 1 of sequence 0 see no key (not graded, no NaN elsewhere)"),
    ],
    invariants=INVARIANTS,
    custom=[Custom("no loop over batch or heads",
                   no_loop_over_batch_or_heads("MultiQueryAttention", [(16, 2), (16, 8)]))],
    mistakes=[
        FLOAT_HEAD_DIM,
        Mistake("scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)", like=ScaledByDModel),
        Mistake("mask polarity inverted: True means a real token, hide the keys where the mask is False",
                like=MaskInverted),
        Mistake("heads merged without moving them back: (B, H, S, hd) must be transposed to (B, S, H, hd) "
                "before the reshape to (B, S, d_model)", like=HeadsMergedWithoutTranspose),
    ],
    banned=BANNED,
    graded=graded,
    speed=lambda: Case(args=(seeded(10, 512, 8, 16),), kwargs={"mask": None, "causal": True}, init=(16, 2)),
    speed_limit=8.0,
)
