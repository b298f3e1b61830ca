"""Multi-head latent attention (DeepSeek-V2) 多头潜在注意力

Write the module `MultiHeadLatentAttention(d_model, n_heads, kv_rank, rope_dim, head_dim)`:
DeepSeek-V2's attention, whose KV cache is one small latent per token instead of per-head keys
and values. (Not the Perceiver-style "latent queries" some notes describe under this name.)

Parameters (exactly these names and shapes, all nn.Linear without bias; the grader loads its
weights into yours):
    q_proj:  nn.Linear(d_model, n_heads * (head_dim + rope_dim))   weight (H*(hd+rd), d_model)
    kv_down: nn.Linear(d_model, kv_rank)                           weight (kv_rank, d_model)
    kv_norm: RMSNorm(kv_rank), eps=1e-6                            weight (kv_rank,)
    k_up:    nn.Linear(kv_rank, n_heads * head_dim)                weight (H*hd, kv_rank)
    v_up:    nn.Linear(kv_rank, n_heads * head_dim)                weight (H*hd, kv_rank)
    k_rope:  nn.Linear(d_model, rope_dim)                          weight (rope_dim, d_model)
    o_proj:  nn.Linear(n_heads * head_dim, d_model)                weight (d_model, H*hd)
(kv_norm: write the RMSNorm, x / sqrt(mean(x²) + 1e-6) * weight, or use nn.RMSNorm(kv_rank,
eps=1e-6): its parameter is also called `weight`.)

`latent_cache(x) -> (B, S, kv_rank + rope_dim)`, what MLA caches per token:
    c    = kv_norm(kv_down(x))                        (B, S, kv_rank)   the compressed latent
    k_pe = RoPE(k_rope(x)) at positions 0..S-1        (B, S, rope_dim)  ONE rotated key shared by all heads
    cache = cat([c, k_pe], dim=-1)

`forward(x, causal=True) -> (B, S, d_model)`, x (B, S, d_model), output with x's dtype and device:
- Per head h, q_proj(x) gives head_dim + rope_dim features (head h owns features
  h*(hd+rd):(h+1)*(hd+rd)); the first head_dim are q_nope_h, the last rope_dim are q_pe_h, and
  q_pe_h is rotated with RoPE at positions 0..S-1.
- Keys and values come from the latent only: k_nope_h, v_h = head h's slices of k_up(c) and
  v_up(c) (head_dim each). Head h's key is [k_nope_h, k_pe] — the same k_pe for every head.
- scores_h = (q_nope_h · k_nope_hᵀ + q_pe_h · k_peᵀ) / sqrt(head_dim + rope_dim); causal=True:
  token i attends only j <= i; softmax over keys; out_h = weights v_h; heads side by side
  (B, S, n_heads*head_dim), then o_proj.
- RoPE as in the rope drill: rotate-half pairing (dim i with i + rope_dim/2), angle
  p * 10000 ** (-2i / rope_dim); rope(x) = x * cos + cat(-x[..., D/2:], x[..., :D/2]) * sin.
- Attention must be computable from latent_cache(x) alone (plus q from x): a check rebuilds it
  from your cache the way DeepSeek decodes (k_up folded into the queries, v_up applied after the
  weighting) and compares it with the attention over x. Each token's cache entry depends on that
  token alone, so decoding can append one entry per token.
- Vectorise over batch and heads: no Python loop over either (a check counts your torch calls).
  Do not call F.scaled_dot_product_attention or nn.MultiheadAttention.

Example:
    >>> mla = MultiHeadLatentAttention(d_model=32, n_heads=4, kv_rank=8, rope_dim=4, head_dim=8)
    >>> x = torch.randn(2, 5, 32)
    >>> mla.latent_cache(x).shape          # 12 numbers per token, where MHA caches 2·4·8 = 64
    torch.Size([2, 5, 12])
    >>> mla(x).shape                        # causal; each head's q·k runs over 8 + 4 = 12 dims
    torch.Size([2, 5, 32])
"""
import torch
from torch import nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, kv_rank: int, rope_dim: int, head_dim: int):
        # TODO: super().__init__(); sizes; q_proj, kv_down, kv_norm, k_up, v_up, k_rope, o_proj
        # (about 10 lines, plus RMSNorm and RoPE helpers)
        raise NotImplementedError

    def latent_cache(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: normalised latent and the rotated shared key, side by side (about 4 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor, causal: bool = True) -> torch.Tensor:
        # TODO: split the cache, q per head into nope/rope parts, RoPE on q_pe, k and v from the
        # latent, the two score terms, scale, causal mask, softmax, weight v, merge, o_proj
        # (about 16 lines)
        raise NotImplementedError
