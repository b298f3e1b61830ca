"""KV-cache decoding KV缓存

Generate with a KV cache: when a model decodes one token at a time, the keys and values of the
tokens already seen never change, so they are kept in a cache instead of being recomputed; each
step projects only the new token. Write two things.

1. `class KVCache` with `KVCache()` (empty) and `update(k_new, v_new) -> (k_all, v_all)`:
   `k_new`, `v_new` are (B, n_kv_heads, T, head_dim) for T new tokens (T = 1 when decoding; T > 1
   fills the cache with a prompt). `update` appends them along the time axis (dim 2) and returns
   everything cached so far, (B, n_kv_heads, T_total, head_dim) each, oldest first.

2. `decode_step(x_t, attn, cache, pos) -> (B, 1, d_model)`: one step of causal grouped-query
   attention with RoPE for the token at position `pos` (an int; positions 0..pos-1 are already in
   `cache`).
   - `x_t` is (B, 1, d_model). `attn` is a GroupedQueryAttention as in the gqa drill, used only for
     its weights and sizes: `attn.q_proj, attn.k_proj, attn.v_proj, attn.o_proj` (bias-free
     nn.Linear: q (n_heads*head_dim, d_model), k and v (n_kv_heads*head_dim, d_model), o
     (d_model, n_heads*head_dim)) and the ints `attn.n_heads, attn.n_kv_heads, attn.head_dim`.
     Do not call attn(...) itself: it has no RoPE and no cache.
   - q = q_proj(x_t) split into (B, n_heads, 1, head_dim), k and v into (B, n_kv_heads, 1,
     head_dim) (head h owns features h*head_dim:(h+1)*head_dim).
   - RoPE at position `pos` on q and k (not v), before k goes into the cache: the cache holds
     keys already rotated, each at its own position. Rotate-half pairing as in the rope drill:
     dim i pairs with i + head_dim/2, angle pos * 10000 ** (-2i / head_dim),
     rope(x) = x * cos + cat(-x[..., D/2:], x[..., :D/2]) * sin (each angle used for both halves).
     Write this helper yourself.
   - k_all, v_all = cache.update(k, v); query head h reads kv head h // (n_heads // n_kv_heads);
     the new token attends to every cached token (itself included):
     softmax(q k_allᵀ / sqrt(head_dim)) v_all; heads side by side, (B, 1, n_heads*head_dim), o_proj.
- Decoding a whole sequence step by step must equal one causal pass over the whole sequence
  (with RoPE at positions 0..S-1); the grader checks that, sometimes after filling the cache
  with a prompt's keys (rotated) and values through `update`.
- Each step must cost the same whatever the prefix length, apart from attending over the cache:
  a check counts the multiply-adds in matrix products per step; recomputing the keys and values
  of earlier tokens fails it. No Python loop over the batch or heads either (a check counts your
  torch calls). Make every tensor on x_t's device.

Example:
    >>> cache = KVCache()
    >>> k, v = cache.update(torch.randn(2, 2, 3, 4), torch.randn(2, 2, 3, 4))   # a 3-token prompt
    >>> k, v = cache.update(torch.randn(2, 2, 1, 4), torch.randn(2, 2, 1, 4))   # one more token
    >>> k.shape                                                                 # (B, n_kv, T, hd)
    torch.Size([2, 2, 4, 4])
    >>> attn = GroupedQueryAttention(d_model=16, n_heads=4, n_kv_heads=2)        # head_dim 4
    >>> x, cache = torch.randn(2, 3, 16), KVCache()
    >>> outs = [decode_step(x[:, t:t + 1], attn, cache, pos=t) for t in range(3)]
    >>> torch.cat(outs, dim=1).shape          # equals causal GQA with RoPE over all of x at once
    torch.Size([2, 3, 16])
    Step 0 sees only itself: its output is o_proj of its own value heads (each kv head's v for
    the query heads reading it).
"""
import torch


class KVCache:
    def __init__(self):
        # TODO: start empty (about 1 line)
        raise NotImplementedError

    def update(self, k_new: torch.Tensor, v_new: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        # TODO: append along dim 2 (or store the first chunk), return all keys and values (about 6 lines)
        raise NotImplementedError


def decode_step(x_t: torch.Tensor, attn, cache: KVCache, pos: int) -> torch.Tensor:
    # TODO: project x_t, split heads, RoPE at pos on q and k, cache.update, grouped attention over
    # the cache, merge heads, o_proj (about 16 lines, plus a small rope helper)
    raise NotImplementedError
