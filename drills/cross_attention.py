"""Cross-attention 交叉注意力

Write the module `CrossAttention(d_model, n_heads)`: the encoder-decoder attention of a
Transformer decoder (and of Whisper, T5, image-conditioned models). The decoder's tokens ask the
questions (queries); the encoder's output supplies the answers (keys and values).

Parameters (exactly these names and shapes; the grader loads its weights into your module):
    q_proj, k_proj, v_proj, o_proj: nn.Linear(d_model, d_model) with bias.

`forward(x, memory, memory_mask=None)`:
- `x` is the decoder side, (B, S_q, d_model); `memory` is the encoder's output, (B, S_k, d_model).
  S_q and S_k are independent (S_q != S_k in general). Return (B, S_q, d_model) with x's dtype and
  device.
- q = q_proj(x); k = k_proj(memory); v = v_proj(memory). Split d_model into `n_heads` heads of
  `head_dim = d_model // n_heads`: per-head tensors are (B, n_heads, S, head_dim). Per head:
  softmax(q kᵀ / sqrt(head_dim)) v, the scores being (B, n_heads, S_q, S_k). Put the heads back
  side by side, (B, S_q, d_model), and apply o_proj.
- `memory_mask` is None or a (B, S_k) bool padding mask of the ENCODER tokens: True = real token,
  False = padding. Padding tokens are hidden as keys (no query may attend them).
- No causal mask: every decoder query may attend every real encoder token (the decoder's own
  causality lives in its self-attention, not here).
- A batch element whose encoder tokens are all padding is not graded, but must not spread NaN
  into other batch elements.
- Vectorise over batch and heads (a check counts your torch calls at two sizes). Do not call
  F.scaled_dot_product_attention or nn.MultiheadAttention; torch.softmax and nn.Linear are allowed.

Example:
    >>> attn = CrossAttention(d_model=8, n_heads=2)            # head_dim = 4
    >>> x = torch.randn(2, 3, 8)                               # 3 decoder tokens
    >>> memory = torch.randn(2, 5, 8)                          # 5 encoder tokens
    >>> memory_mask = torch.tensor([[True] * 5,
    ...                             [True, True, False, False, False]])   # sequence 1: 2 real tokens
    >>> attn(x, memory, memory_mask).shape                     # scores are (2, 2, 3, 5)
    torch.Size([2, 3, 8])
    (the 3 queries of sequence 1 attend only its encoder tokens 0 and 1)
"""
import torch
from torch import nn


class CrossAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int):
        # TODO: super().__init__(); head_dim; q_proj, k_proj, v_proj, o_proj (about 6 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor, memory: torch.Tensor, memory_mask: torch.Tensor | None = None) -> torch.Tensor:
        # TODO: q from x, k and v from memory, split heads, scaled scores (B, H, S_q, S_k), hide padded
        #       keys, softmax over the keys, weight v, merge heads, o_proj (about 11 lines)
        raise NotImplementedError
