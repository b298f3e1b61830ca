"""Grouped-query attention 分组查询注意力

Write the module `GroupedQueryAttention(d_model, n_heads, n_kv_heads)` (LLaMA-2/3, Mistral):
`n_heads` query heads share `n_kv_heads` key/value heads, so the KV cache is n_heads / n_kv_heads
times smaller. n_kv_heads == n_heads is multi-head attention; n_kv_heads == 1 is multi-query.

Parameters (exactly these names and shapes, no biases; the grader loads its weights into yours),
with head_dim = d_model // n_heads:
    q_proj: nn.Linear(d_model, n_heads * head_dim, bias=False)      weight (n_heads*head_dim, d_model)
    k_proj, v_proj: nn.Linear(d_model, n_kv_heads * head_dim, bias=False)
    o_proj: nn.Linear(n_heads * head_dim, d_model, bias=False)

`forward(x, mask=None, causal=False)`:
- `x` is (B, S, d_model); the output is (B, S, d_model), with x's dtype and device.
- Split q into (B, n_heads, S, head_dim) and k, v into (B, n_kv_heads, S, head_dim) (head h owns
  features h*head_dim:(h+1)*head_dim of its projection).
- With g = n_heads // n_kv_heads, query head h uses kv head h // g: query heads 0..g-1 share kv
  head 0, heads g..2g-1 share kv head 1, ... (torch's repeat_interleave order, HF's repeat_kv).
- Per head: softmax(q kᵀ / sqrt(head_dim)) v; heads back side by side, (B, S, n_heads*head_dim),
  then o_proj.
- `mask` is None or a (B, S) bool padding mask: True = real token, False = padding, hidden as a
  key. `causal=True`: token i attends only tokens j <= i. A query with no key left is not graded,
  but must not spread NaN elsewhere.
- Vectorise over batch and heads: no Python loop over either (a check counts your torch calls for
  two batch and head sizes). Do not call F.scaled_dot_product_attention (with or without
  enable_gqa) or nn.MultiheadAttention. torch.softmax, repeat_interleave and expand are allowed.

Example:
    >>> attn = GroupedQueryAttention(d_model=16, n_heads=4, n_kv_heads=2)   # head_dim 4, g = 2
    >>> [tuple(p.shape) for p in (attn.q_proj.weight, attn.k_proj.weight, attn.o_proj.weight)]
    [(16, 16), (8, 16), (16, 16)]
    >>> attn(torch.randn(2, 5, 16), causal=True).shape       # query heads 0, 1 -> kv head 0; 2, 3 -> kv head 1
    torch.Size([2, 5, 16])
"""
import torch
from torch import nn


class GroupedQueryAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, n_kv_heads: int):
        # TODO: super().__init__(); head_dim; q_proj, k_proj, v_proj, o_proj without bias (about 7 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None, causal: bool = False) -> torch.Tensor:
        # TODO: project and split heads, give each query head its kv head (h // g), scaled scores,
        # mask, softmax, weight v, merge heads, o_proj (about 14 lines)
        raise NotImplementedError
