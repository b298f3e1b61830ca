"""Scaled dot-product attention 缩放点积注意力

Write `attention(q, k, v, mask=None, causal=False)`: every query takes a weighted average of the
values, weighted by how well it matches each key.

    attention(q, k, v) = softmax(q kᵀ / sqrt(D)) v

- `q` is (..., S_q, D), `k` is (..., S_k, D), `v` is (..., S_k, D_v); the leading dims `...`
  (batch, heads — or none at all) are the same for all three. The output is (..., S_q, D_v), with
  q's dtype and device. Scale the scores by 1/sqrt(D), D being the last dim of q and k.
- `mask` is None or a bool tensor broadcastable to (..., S_q, S_k): True = this query may attend
  this key, False = it may not (its weight is exactly 0).
- `causal=True`: query i may attend key j iff j <= i + (S_k - S_q). The causal mask is aligned
  bottom-right: the LAST query sees every key (a new query appended after a KV cache). For
  S_q == S_k this is the usual lower triangle. Careful: torch's `is_causal` is aligned top-left.
  With both `mask` and `causal`, a key must be allowed by both.
- A query whose keys are all masked is not graded (NaN is fine there), but it must not spread NaN
  into other queries' outputs.
- Work on the whole batch at once: no Python loop over the leading dims. Float16 and bfloat16
  inputs are graded too.
- Do not call F.scaled_dot_product_attention or nn.MultiheadAttention: the drill is to write it.
  torch.softmax is allowed.

Example (S_q=2, S_k=3, D=D_v=2):
    >>> q = torch.tensor([[1., 0.], [0., 1.]])
    >>> k = torch.tensor([[1., 0.], [0., 1.], [1., 1.]])
    >>> v = torch.tensor([[1., 0.], [0., 1.], [2., 2.]])
    >>> attention(q, k, v)
    tensor([[1.2033, 1.0000],
            [1.0000, 1.2033]])
    >>> attention(q, k, v, causal=True)     # query 0 sees keys 0 and 1, query 1 sees all three
    tensor([[0.6698, 0.3302],
            [1.0000, 1.2033]])
"""
import torch


def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None = None,
              causal: bool = False) -> torch.Tensor:
    # TODO: scores = q kᵀ / sqrt(D); hide the masked (and, if causal, future) keys; softmax over
    # the keys; weight the values (about 8 lines)
    raise NotImplementedError
