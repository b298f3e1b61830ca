"""Multi-head attention 多头注意力

Write the module `MultiHeadAttention(d_model, n_heads, dropout=0.0)`: self-attention with
`n_heads` heads, each attending over its own `head_dim = d_model // n_heads` slice.

Parameters (exactly these names and shapes; the grader loads its weights into your module):
    q_proj, k_proj, v_proj, o_proj: nn.Linear(d_model, d_model) with bias
    (weights (d_model, d_model), biases (d_model,)); dropout adds no parameters.

`forward(x, mask=None, causal=False)`:
- `x` is (B, S, d_model); the output is (B, S, d_model), with x's dtype and device.
- q, k, v = q_proj(x), k_proj(x), v_proj(x). Head h uses features h*head_dim:(h+1)*head_dim:
  split the last dim into (n_heads, head_dim), so the per-head tensors are (B, n_heads, S, head_dim).
- Per head: softmax(q kᵀ / sqrt(head_dim)) v — scaled by the head's dimension, not d_model.
  Then put the heads back side by side, (B, S, d_model), and apply o_proj.
- `mask` is None or a (B, S) bool padding mask: True = real token, False = padding. Padding
  tokens are hidden as keys (no query may attend them); they still get an output as queries.
- `causal=True`: token i attends only tokens j <= i. With both, a key must pass both.
- A query with no key left to attend is not graded, but must not spread NaN elsewhere.
- `dropout`: in train() mode, dropout (inverted, like nn.Dropout) acts on the attention weights,
  after the softmax and before they multiply v; in eval() mode there is none. Both modes are
  graded (train() with chosen weights, so the random mask itself does not matter).
- Vectorise over batch and heads: no Python loop over either (a check counts your torch calls
  for two batch and head sizes). Do not call F.scaled_dot_product_attention or
  nn.MultiheadAttention: the drill is to write it. torch.softmax and nn.Linear are allowed.

Example:
    >>> mha = MultiHeadAttention(d_model=8, n_heads=2)        # head_dim = 4
    >>> x = torch.randn(2, 5, 8)                              # (B, S, d_model)
    >>> mask = torch.tensor([[True] * 5,
    ...                      [True, True, True, False, False]])   # sequence 1: 3 real tokens
    >>> mha(x, mask=mask, causal=True).shape                  # token 4 of sequence 1 attends 0..2
    torch.Size([2, 5, 8])
    (with n_heads=1 this is single-head attention between the four projections)
"""
import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, dropout: float = 0.0):
        # TODO: super().__init__(); head_dim; q_proj, k_proj, v_proj, o_proj; dropout (about 7 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None, causal: bool = False) -> torch.Tensor:
        # TODO: project, split heads, scaled scores, mask, softmax, weight v, merge heads,
        # o_proj (about 12 lines)
        raise NotImplementedError
