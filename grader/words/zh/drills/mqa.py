"""中文 text of the mqa drill."""
TEXT = {
    'Each head works in head_dim dimensions: scale the scores by 1/sqrt(head_dim).':
        '每个头在 head_dim 维上计算：分数乘以 1/sqrt(head_dim) 缩放。',
    'Give k a head axis of size 1: k[:, None] is (B, 1, S, head_dim), and q @ k.transpose(-2, -1) broadcasts it over the n_heads query heads: no copy needed (expand works too).':
        '给 k 加一个大小为 1 的头维：k[:, None] 的形状是 (B, 1, S, head_dim)，q @ k.transpose(-2, -1) 会把它广播到 n_heads 个 query 头上：不需要拷贝（用 expand 也行）。',
    'Merge the heads with out.transpose(1, 2).reshape(B, S, d_model), then o_proj.':
        '用 out.transpose(1, 2).reshape(B, S, d_model) 合并各个头，再过 o_proj。',
    'One kv head can cost quality. Generalise: n_heads query heads share n_kv_heads key/value heads, query head h reading kv head h // (n_heads // n_kv_heads). Write grouped-query attention.':
        '只有一个 kv 头可能损失效果。推广一下：n_heads 个 query 头共享 n_kv_heads 个 key/value 头，第 h 个 query 头读第 h // (n_heads // n_kv_heads) 个 kv 头。写出分组查询注意力。',
    'Padding hides KEYS: broadcast the (B, S) mask as mask[:, None, None, :] against the (B, H, S_q, S_k) scores, so the last axis (keys) is masked.':
        'padding 屏蔽的是 key：把 (B, S) 的掩码写成 mask[:, None, None, :]，与 (B, H, S_q, S_k) 的分数广播，这样被掩码的是最后一维（key）。',
    'S=1, head_dim=1':
        'S=1，head_dim=1',
    'S=256':
        'S=256',
    'Scale by 1/sqrt(head_dim), head_dim = d_model // n_heads. The (B, S) padding mask hides keys: mask[:, None, None, :]. Causal: torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1) marks the future.':
        '乘以 1/sqrt(head_dim) 缩放，head_dim = d_model // n_heads。(B, S) 的 padding 掩码屏蔽的是 key：mask[:, None, None, :]。因果：torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1) 标出未来的位置。',
    'heads merged without moving them back: (B, H, S, head_dim) must be transposed to (B, S, H, head_dim) before the reshape to (B, S, H * head_dim)':
        '合并注意力头时没有把维度换回去：(B, H, S, head_dim) 必须先 transpose 成 (B, S, H, head_dim)，再 reshape 成 (B, S, H * head_dim)',
    'large inputs: scores ~ 1e4':
        '很大的输入：分数约为 1e4',
    'left padding and causal: tokens 0, 1 of sequence 0 see no key (not graded, no NaN elsewhere)':
        '左侧 padding 加因果：序列 0 的 token 0、1 看不到任何 key（不评分，其他地方不能有 NaN）',
    'left padding: with causal=True (as the causality check asks) token 0 of sequence 0 sees no key, a row that is not graded':
        '左侧 padding：在 causal=True 下（因果性检查就是这样调用的），序列 0 的 token 0 看不到任何 key，这一行不评分',
    'mask polarity inverted: True means a real token, hide the keys where the mask is False':
        '掩码极性反了：True 表示真实 token，应屏蔽掩码为 False 的 key',
    'n_heads=1 (single-head attention)':
        'n_heads=1（单头注意力）',
    'padding mask':
        'padding 掩码',
    'padding mask and causal':
        'padding 掩码加因果',
    'padding mask applied to the queries instead of the keys':
        'padding 掩码用在了 query 上，而不是 key 上',
    'plain':
        '普通情形',
    'q is (B, n_heads, S, head_dim) as in multi-head attention, but k_proj(x) and v_proj(x) are only (B, S, head_dim): one head for everyone.':
        'q 的形状与多头注意力一样是 (B, n_heads, S, head_dim)，但 k_proj(x) 和 v_proj(x) 只有 (B, S, head_dim)：所有头共用一个。',
    'scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)':
        '分数乘的是 1/sqrt(d_model) 而不是 1/sqrt(head_dim)',
    'sequence 0 is all padding (not graded, no NaN elsewhere)':
        '序列 0 全是 padding（不评分，其他地方不能有 NaN）',
    'the batch and the heads':
        'batch 大小和头数',
    "the prompt's example":
        '题目中的示例',
}
