"""中文 text of the mla drill."""
TEXT = {
    'In forward, split the cache back with .split([kv_rank, rope_dim], -1) and rebuild per-head keys and values from c: k_up(c) and v_up(c) viewed as (B, S, H, head_dim) and transposed to (B, H, S, head_dim).':
        '在 forward 中用 .split([kv_rank, rope_dim], -1) 把缓存拆开，再由 c 重建每个头的 key 和 value：k_up(c) 和 v_up(c) view 成 (B, S, H, head_dim)，再 transpose 成 (B, H, S, head_dim)。',
    'Only two things are cached per token: c = kv_norm(kv_down(x)) (kv_rank numbers) and the rotated shared key k_pe = rope(k_rope(x)) (rope_dim numbers). latent_cache returns torch.cat([c, k_pe], -1).':
        '每个 token 只缓存两样东西：c = kv_norm(kv_down(x))（kv_rank 个数）和旋转后的共享 key k_pe = rope(k_rope(x))（rope_dim 个数）。latent_cache 返回 torch.cat([c, k_pe], -1)。',
    'S=1, kv_rank=1, head_dim=1':
        'S=1，kv_rank=1，head_dim=1',
    'S=256: RoPE up to position 255':
        'S=256：RoPE 位置直到 255',
    'attention from the latent cache':
        '由潜向量缓存算出的注意力',
    "attention rebuilt from latent_cache(x) alone (the latent absorbed into the queries, as DeepSeek decodes) differs from MLA's attention over x by {0}: latent_cache must return exactly the normalised latent and the rotated shared key":
        '只用 latent_cache(x) 重建的注意力（像 DeepSeek 解码那样把潜向量吸收进 query）与 MLA 在 x 上的注意力相差 {0}：latent_cache 必须正好返回归一化后的潜向量和旋转后的共享 key',
    "changing token {0} changed the cache entries of other tokens: each token's entry depends on that token (and its position) alone, so that decoding can append one entry per token":
        '改动 token {0} 改变了其他 token 的缓存条目：每个 token 的条目只应依赖于该 token（及其位置），这样解码时每个 token 才能只追加一条',
    'each token cached on its own':
        '每个 token 单独缓存',
    'full per-head keys and values cached: MLA caches the kv_rank latent and the shared RoPE key':
        '缓存了每个头完整的 key 和 value：MLA 缓存的是 kv_rank 维的潜向量和共享的 RoPE key',
    'large inputs (the latent is normalised: only the query and the RoPE key grow)':
        '很大的输入（潜向量是归一化的：只有 query 和 RoPE key 会变大）',
    'latent_cache(x) is {0}; MLA caches only the latent and the shared RoPE key per token: ({1}, {2}, {3}). Per-head keys and values are what MLA avoids caching':
        'latent_cache(x) 的形状是 {0}；MLA 每个 token 只缓存潜向量和共享的 RoPE key：({1}, {2}, {3})。MLA 要避免缓存的正是每个头的 key 和 value',
    'not causal':
        '非因果',
    'one head, rope_dim > head_dim':
        '一个头，rope_dim > head_dim',
    "parameter shapes differ from the list; if k_rope has n_heads * rope_dim rows: MLA's RoPE key is ONE key (rope_dim, d_model) shared by all heads, not one per head":
        '参数形状与列表不符；如果 k_rope 有 n_heads * rope_dim 行：MLA 的 RoPE key 只有一个 (rope_dim, d_model)，所有头共享，不是每个头一个',
    "q split into content and RoPE parts across the whole projection: split EACH head's head_dim + rope_dim features":
        '在整个投影上把 q 分成内容部分和 RoPE 部分：应拆分每个头的 head_dim + rope_dim 个特征',
    'q_proj(x).view(B, S, H, head_dim + rope_dim): split EACH head into its first head_dim (content) and last rope_dim (position) features; only the position part gets RoPE.':
        'q_proj(x).view(B, S, H, head_dim + rope_dim)：把每个头拆成前 head_dim 个（内容）和后 rope_dim 个（位置）特征；只有位置部分做 RoPE。',
    'scores = (q_nope @ k_nopeᵀ + q_pe @ k_pe[:, None]ᵀ) / sqrt(head_dim + rope_dim): k_pe[:, None] is (B, 1, S, rope_dim) and broadcasts over the heads. Then causal mask, softmax, @ v, merge heads, o_proj.':
        'scores = (q_nope @ k_nopeᵀ + q_pe @ k_pe[:, None]ᵀ) / sqrt(head_dim + rope_dim)：k_pe[:, None] 是 (B, 1, S, rope_dim)，在各头上广播。然后因果掩码、softmax、@ v、合并各头、o_proj。',
    'scores scaled by 1/sqrt(head_dim) only: each q·k runs over head_dim + rope_dim features, scale by 1/sqrt(head_dim + rope_dim)':
        '分数只按 1/sqrt(head_dim) 缩放：每个 q·k 跨 head_dim + rope_dim 个特征，应按 1/sqrt(head_dim + rope_dim) 缩放',
    'the batch':
        'batch 大小',
    'the batch and the heads':
        'batch 大小和头数',
    "the prompt's example":
        '题目中的示例',
    'the shared key cached before RoPE: cache it rotated at its position':
        '共享 key 在 RoPE 之前就缓存了：应缓存按其位置旋转后的 key',
}
