"""中文 text of the kv_cache drill."""
TEXT = {
    '40 tokens decoded in turn':
        '逐个解码 40 个 token',
    'Grouped attention over the cache: view q as (B, n_kv, g, 1, hd) and k_all as (B, n_kv, 1, T, hd) so matmul broadcasts (or repeat_interleave k_all and v_all g times on dim 1). No mask: the new token sees the whole cache. Merge heads to (B, 1, n_heads*hd) and apply o_proj.':
        '在缓存上做分组注意力：把 q view 成 (B, n_kv, g, 1, hd)，k_all view 成 (B, n_kv, 1, T, hd)，让 matmul 去广播（或在 dim 1 上对 k_all 和 v_all 做 g 次 repeat_interleave）。不需要掩码：新 token 能看到整个缓存。把各头合并成 (B, 1, n_heads*hd)，再过 o_proj。',
    'KVCache: keep self.k = self.v = None; update() stores the first chunk, then torch.cat([self.k, k_new], dim=2) (time is dim 2 of (B, n_kv, T, hd)), and returns self.k, self.v.':
        'KVCache：初始 self.k = self.v = None；update() 先存下第一块，之后用 torch.cat([self.k, k_new], dim=2)（时间是 (B, n_kv, T, hd) 的 dim 2），并返回 self.k, self.v。',
    'RoPE applied to v as well: it rotates only queries and keys':
        '对 v 也施加了 RoPE：它只旋转 query 和 key',
    "RoPE missing, or not at each token's own position: rotate q and k at `pos` before k is cached (keys all rotated at the current position cancel out like no RoPE)":
        '漏了 RoPE，或者没有按每个 token 自己的位置旋转：应在 k 存入缓存之前，在 `pos` 处旋转 q 和 k（所有 key 都按当前位置旋转，效果会相互抵消，等于没有 RoPE）',
    'RoPE pairs interleaved dims (2i, 2i+1); rotate-half pairs dim i with i + D/2':
        'RoPE 配对了相邻的维 (2i, 2i+1)；rotate-half 是把第 i 维与第 i + D/2 维配对',
    'Rotate q and k at position pos BEFORE caching k: angles = pos * 10000 ** (-arange(0, hd, 2) / hd), repeated for both halves; rope(x) = x * cos + cat(-x2, x1) * sin. A cached key keeps the rotation of its own position, and q·k then depends only on the distance.':
        '在缓存 k 之前，先在位置 pos 上旋转 q 和 k：angles = pos * 10000 ** (-arange(0, hd, 2) / hd)，前后两半各用一次；rope(x) = x * cos + cat(-x2, x1) * sin。缓存里的 key 保持它自己位置的旋转，于是 q·k 只取决于两者的距离。',
    'Your cache stores 2 · n_kv_heads · head_dim numbers per token and layer. DeepSeek-V2 caches one small latent per token instead and rebuilds keys and values from it: write multi-head latent attention.':
        '你的缓存每个 token 每层存 2 · n_kv_heads · head_dim 个数。DeepSeek-V2 改为每个 token 只缓存一个小的潜向量，再从它重建 key 和 value：写出多头潜在注意力（MLA）。',
    'a 1-token prompt through update(), then each token of `sequence` decoded in turn':
        '先用 update() 放入 1 个 token 的 prompt，再逐个解码 `sequence` 中的每个 token',
    'a 1000-token prompt, then positions 1000..1003':
        '1000 个 token 的 prompt，然后是位置 1000..1003',
    'a 2-token prompt through update(), then each token of `sequence` decoded in turn':
        '先用 update() 放入 2 个 token 的 prompt，再逐个解码 `sequence` 中的每个 token',
    'appended along dim 1 (the heads) instead of dim 2 (time)':
        '沿 dim 1（注意力头）而不是 dim 2（时间）追加',
    "decode_step projects ONLY x_t: q (B, n_heads, 1, hd), k and v (B, n_kv, 1, hd). The earlier tokens' keys and values come back from cache.update(k, v).":
        'decode_step 只对 x_t 做投影：q 为 (B, n_heads, 1, hd)，k 和 v 为 (B, n_kv, 1, hd)。之前 token 的 key 和 value 由 cache.update(k, v) 返回。',
    "decoding S = 4, 8, 12 tokens (B={0}, d_model={1}, n_heads={2}, n_kv_heads={3}) took {4}, {5} and {6} multiply-adds in matrix products: each step's work grows by {7} per cached token, while attending over one more token needs {8}. Are the keys and values (or queries) of earlier tokens computed again each step? Project only x_t and append its k, v to the cache":
        '解码 S = 4、8、12 个 token（B={0}，d_model={1}，n_heads={2}，n_kv_heads={3}）时，矩阵乘法分别用了 {4}、{5} 和 {6} 次乘加：每多缓存一个 token，每一步的工作量就增加 {7}，而多关注一个 token 只需要 {8}。是不是每一步都重新计算了之前 token 的 key 和 value（或 query）？只对 x_t 做投影，再把它的 k、v 追加到缓存里',
    'large inputs: scores ~ 1e4':
        '很大的输入：分数约为 1e4',
    'multi-query (n_kv_heads=1), each token decoded in turn':
        '多查询（n_kv_heads=1），逐个解码每个 token',
    'n_kv_heads == n_heads, a 3-token prompt, then one step':
        'n_kv_heads == n_heads，3 个 token 的 prompt，然后解码一步',
    'no recomputation of the prefix':
        '不重新计算前缀',
    'one token':
        '只有一个 token',
    'one token, one head':
        '一个 token，一个头',
    'query head h reads kv head h % n_kv_heads (repeat / tile) instead of h // (n_heads // n_kv_heads) (repeat_interleave)':
        '第 h 个 query 头读的是第 h % n_kv_heads 个 kv 头（repeat / tile），而不是第 h // (n_heads // n_kv_heads) 个（repeat_interleave）',
    'scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)':
        '分数乘的是 1/sqrt(d_model) 而不是 1/sqrt(head_dim)',
    'the batch or the heads':
        'batch 大小或头数',
    'the new token attends only to itself: it must attend to everything update() returns (does update() overwrite the cache instead of appending?)':
        '新 token 只关注了它自己：它必须关注 update() 返回的所有内容（update() 是不是覆盖了缓存而不是追加？）',
    'the new tokens put before the cached ones: the cache is oldest first':
        '新 token 放在了已缓存 token 的前面：缓存是最早的在前',
    'the prefix is projected again at every step (the point of the cache is not to)':
        '每一步都重新对前缀做投影（缓存的意义就是不这样做）',
    "the prompt's example: 3 tokens decoded in turn":
        '题目中的示例：逐个解码 3 个 token',
    "the prompt's example: a 3-token prompt, then one token":
        '题目中的示例：3 个 token 的 prompt，然后一个 token',
    'update() overwrites the cache instead of appending (torch.cat([self.k, k_new], dim=2))':
        'update() 覆盖了缓存而不是追加（torch.cat([self.k, k_new], dim=2)）',
    'update() with chunks of T = 3, 1, 2 tokens, (B, n_kv, T, hd) = (2, 3, T, 4)':
        '分块调用 update()，每块 T = 3、1、2 个 token，(B, n_kv, T, hd) = (2, 3, T, 4)',
    'after update() {0} of {1}':
        '第 {0} 次 update() 之后（共 {1} 次）',
    'decode_step(x_t, attn, cache, pos={0})':
        'decode_step(x_t, attn, cache, pos={0})',
}
