"""中文 text of the kv_cache drill."""
TEXT = {
    '40 tokens decoded in turn':
        '',
    'Grouped attention over the cache: view q as (B, n_kv, g, 1, hd) and k_all as (B, n_kv, 1, T, hd) so matmul broadcasts (or repeat_interleave k_all and v_all g times on dim 1). No mask: the new token sees the whole cache. Merge heads to (B, 1, n_heads*hd) and apply o_proj.':
        '',
    'KVCache: keep self.k = self.v = None; update() stores the first chunk, then torch.cat([self.k, k_new], dim=2) (time is dim 2 of (B, n_kv, T, hd)), and returns self.k, self.v.':
        '',
    'RoPE applied to v as well: it rotates only queries and keys':
        '',
    "RoPE missing, or not at each token's own position: rotate q and k at `pos` before k is cached (keys all rotated at the current position cancel out like no RoPE)":
        '',
    'RoPE pairs interleaved dims (2i, 2i+1); rotate-half pairs dim i with i + D/2':
        '',
    'Rotate q and k at position pos BEFORE caching k: angles = pos * 10000 ** (-arange(0, hd, 2) / hd), repeated for both halves; rope(x) = x * cos + cat(-x2, x1) * sin. A cached key keeps the rotation of its own position, and q·k then depends only on the distance.':
        '',
    'Your cache stores 2 · n_kv_heads · head_dim numbers per token and layer. DeepSeek-V2 caches one small latent per token instead and rebuilds keys and values from it: write multi-head latent attention.':
        '',
    'a 1-token prompt through update(), then each token of `sequence` decoded in turn':
        '',
    'a 1000-token prompt, then positions 1000..1003':
        '',
    'a 2-token prompt through update(), then each token of `sequence` decoded in turn':
        '',
    'appended along dim 1 (the heads) instead of dim 2 (time)':
        '',
    "decode_step projects ONLY x_t: q (B, n_heads, 1, hd), k and v (B, n_kv, 1, hd). The earlier tokens' keys and values come back from cache.update(k, v).":
        '',
    "decoding S = 4, 8, 12 tokens (B={0}, d_model={1}, n_heads={2}, n_kv_heads={3}) took {4}, {5} and {6} multiply-adds in matrix products: each step's work grows by {7} per cached token, while attending over one more token needs {8}. Are the keys and values (or queries) of earlier tokens computed again each step? Project only x_t and append its k, v to the cache":
        '',
    'large inputs: scores ~ 1e4':
        '',
    'multi-query (n_kv_heads=1), each token decoded in turn':
        '',
    'n_kv_heads == n_heads, a 3-token prompt, then one step':
        '',
    'no recomputation of the prefix':
        '',
    'one token':
        '',
    'one token, one head':
        '',
    'query head h reads kv head h % n_kv_heads (repeat / tile) instead of h // (n_heads // n_kv_heads) (repeat_interleave)':
        '',
    'scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)':
        '',
    'the batch or the heads':
        '',
    'the new token attends only to itself: it must attend to everything update() returns (does update() overwrite the cache instead of appending?)':
        '',
    'the new tokens put before the cached ones: the cache is oldest first':
        '',
    'the prefix is projected again at every step (the point of the cache is not to)':
        '',
    "the prompt's example: 3 tokens decoded in turn":
        '',
    "the prompt's example: a 3-token prompt, then one token":
        '',
    'update() overwrites the cache instead of appending (torch.cat([self.k, k_new], dim=2))':
        '',
    'update() with chunks of T = 3, 1, 2 tokens, (B, n_kv, T, hd) = (2, 3, T, 4)':
        '',
}
