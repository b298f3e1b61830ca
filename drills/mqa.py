"""Multi-query attention 多查询注意力

Write the module `MultiQueryAttention(d_model, n_heads)` (Shazeer 2019, PaLM, Falcon): `n_heads`
query heads all share ONE key head and ONE value head, so the KV cache holds one head instead of
n_heads — the extreme case of grouped-query attention (n_kv_heads = 1).

Parameters (exactly these names and shapes, no biases; the grader loads its weights into yours),
with head_dim = d_model // n_heads:
    q_proj: nn.Linear(d_model, d_model, bias=False)          weight (d_model, d_model)
    k_proj, v_proj: nn.Linear(d_model, head_dim, bias=False)  weight (head_dim, d_model)
    o_proj: nn.Linear(d_model, d_model, bias=False)          weight (d_model, d_model)

`forward(x, mask=None, causal=False)`:
- `x` is (B, S, d_model); the output is (B, S, d_model), with x's dtype and device.
- Split q into (B, n_heads, S, head_dim) (head h owns features h*head_dim:(h+1)*head_dim);
  k and v are (B, S, head_dim): one head, used by every query head.
- Per head: softmax(q_h kᵀ / sqrt(head_dim)) v; heads back side by side, (B, S, d_model), then
  o_proj.
- `mask` is None or a (B, S) bool padding mask: True = real token, False = padding, hidden as a
  key. `causal=True`: token i attends only tokens j <= i. A query with no key left is not graded,
  but must not spread NaN elsewhere.
- Vectorise over batch and heads: no Python loop over either (a check counts your torch calls for
  two batch and head sizes). Do not call F.scaled_dot_product_attention (with or without
  enable_gqa) or nn.MultiheadAttention. torch.softmax, expand and broadcasting are allowed.

Example:
    >>> attn = MultiQueryAttention(d_model=16, n_heads=4)      # head_dim 4
    >>> [tuple(p.shape) for p in (attn.q_proj.weight, attn.k_proj.weight, attn.o_proj.weight)]
    [(16, 16), (4, 16), (16, 16)]
    >>> attn(torch.randn(2, 5, 16), causal=True).shape         # all 4 query heads read the same k, v
    torch.Size([2, 5, 16])
"""
import torch
from torch import nn


class MultiQueryAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int):
        # TODO: super().__init__(); head_dim; q_proj, k_proj, v_proj, o_proj without bias (about 7 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None, causal: bool = False) -> torch.Tensor:
        # TODO: project, split q into heads, one k and v head for all of them, scaled scores,
        # mask, softmax, weight v, merge heads, o_proj (about 12 lines)
        raise NotImplementedError
