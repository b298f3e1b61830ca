"""Single-head self-attention 自注意力

Write the module `SelfAttention(d_model, dropout=0.0)`: every token of a sequence attends to
every (real) token of the same sequence through one attention head as wide as d_model.

Parameters (exactly these names and shapes; the grader loads its weights into your module):
    q_proj, k_proj, v_proj, o_proj: nn.Linear(d_model, d_model) with bias
    (weights (d_model, d_model), biases (d_model,)); dropout adds no parameters.

`forward(x, mask=None)`:
- `x` is (B, S, d_model); the output is (B, S, d_model), with x's dtype and device.
- q, k, v = q_proj(x), k_proj(x), v_proj(x); weights = softmax(q kᵀ / sqrt(d_model)) over the
  keys (one head, so the head dimension is d_model); output = o_proj(weights v).
- `mask` is None or a (B, S) bool padding mask: True = real token, False = padding. Padding
  tokens are hidden as keys (no query attends them); they still get an output as queries.
  A query with no key left (an all-padding sequence) is not graded, but must not spread NaN
  into other sequences.
- `dropout` (probability p) is applied to the attention weights — after the softmax, before
  multiplying by v — in training mode only: each weight is zeroed with probability p and the
  survivors are scaled by 1/(1-p). Not to the output of weights @ v. nn.Dropout / F.dropout are
  fine. In eval() mode there is none. Both modes are graded (train() with chosen weights, so the
  random mask itself does not matter).
- Vectorise over the batch: no Python loop (a check counts your torch calls for two batch
  sizes). Do not call F.scaled_dot_product_attention or nn.MultiheadAttention: the drill is to
  write it. torch.softmax and nn.Linear are allowed.

Example:
    >>> attn = SelfAttention(d_model=8, dropout=0.1)
    >>> x = torch.randn(2, 4, 8)                              # (B, S, d_model)
    >>> mask = torch.tensor([[True, True, True, True],
    ...                      [True, True, False, False]])     # sequence 1: 2 real tokens
    >>> attn.eval()(x, mask=mask).shape                       # every query of seq. 1 attends keys 0, 1
    torch.Size([2, 4, 8])
    With d_model=2, q = k = v = x (identity projections, zero biases) and x = [[1, 0], [0, 1]]:
    scores = [[1, 0], [0, 1]] / sqrt(2), weights = [[0.67, 0.33], [0.33, 0.67]],
    output = weights @ x = [[0.67, 0.33], [0.33, 0.67]].
"""
import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, d_model: int, dropout: float = 0.0):
        # TODO: super().__init__(); q_proj, k_proj, v_proj, o_proj; dropout (about 6 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        # TODO: project, scaled scores (B, S, S), hide padded keys, softmax, dropout on the
        # weights, weight v, o_proj (about 7 lines)
        raise NotImplementedError
