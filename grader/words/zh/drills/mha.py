"""中文 text of the mha drill."""
TEXT = {
    'A (B, S) padding mask hides keys: broadcast it as mask[:, None, None, :] against the (B, H, S, S) scores. Causal: torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1) marks the future.':
        '(B, S) 的 padding 掩码屏蔽的是 key：把它写成 mask[:, None, None, :]，与 (B, H, S, S) 的分数广播。因果：torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1) 标出未来的位置。',
    'Each head works in head_dim dimensions: scale the scores by 1/sqrt(head_dim).':
        '每个头在 head_dim 维上计算：分数乘以 1/sqrt(head_dim) 缩放。',
    'Merge the heads with out.transpose(1, 2).reshape(B, S, d_model), then o_proj.':
        '用 out.transpose(1, 2).reshape(B, S, d_model) 合并各个头，再过 o_proj。',
    'Now share the keys and values between groups of query heads: grouped-query attention.':
        '现在让每组 query 头共享 key 和 value：分组查询注意力（GQA）。',
    'Padding hides KEYS: broadcast the (B, S) mask as mask[:, None, None, :] against the (B, H, S_q, S_k) scores, so the last axis (keys) is masked.':
        'padding 屏蔽的是 key：把 (B, S) 的掩码写成 mask[:, None, None, :]，与 (B, H, S_q, S_k) 的分数广播，这样被掩码的是最后一维（key）。',
    'Project once for all heads: q_proj(x) is (B, S, d_model). view(B, S, n_heads, head_dim) then transpose(1, 2) gives (B, n_heads, S, head_dim): each head is one more batch dim for matmul.':
        '所有头一次投影：q_proj(x) 的形状是 (B, S, d_model)。先 view(B, S, n_heads, head_dim) 再 transpose(1, 2)，得到 (B, n_heads, S, head_dim)：对 matmul 来说，注意力头只是多了一个 batch 维。',
    'S=1, head_dim=1':
        'S=1，head_dim=1',
    'S=256':
        'S=256',
    'causal':
        '因果',
    'dropout=0.5 in eval() mode: no dropout':
        'eval() 模式下 dropout=0.5：不做 dropout',
    'head_dim = d_model // n_heads (integer division: view() needs ints). Scale by 1/sqrt(head_dim).':
        'head_dim = d_model // n_heads（整除：view() 需要整数）。乘以 1/sqrt(head_dim) 缩放。',
    'large inputs: scores ~ 1e4':
        '很大的输入：分数约为 1e4',
    'left padding and causal: tokens 0, 1 of sequence 0 see no key (not graded, no NaN elsewhere)':
        '左侧 padding 加因果：序列 0 的 token 0、1 看不到任何 key（不评分，其他地方不能有 NaN）',
    'left padding: with causal=True (as the causality check asks) token 0 of sequence 0 sees no key, a row that is not graded':
        '左侧 padding：在 causal=True 下（因果性检查就是这样调用的），序列 0 的 token 0 看不到任何 key，这一行不评分',
    'mask polarity inverted: True means a real token, hide the keys where the mask is False':
        '掩码极性反了：True 表示真实 token，应屏蔽掩码为 False 的 key',
    'n_heads=1':
        'n_heads=1',
    'padding mask':
        'padding 掩码',
    'padding mask and causal':
        'padding 掩码加因果',
    'padding mask applied to the queries instead of the keys':
        'padding 掩码用在了 query 上，而不是 key 上',
    'plain':
        '普通情形',
    'scores not scaled by 1/sqrt(head_dim)':
        '分数没有乘 1/sqrt(head_dim) 缩放',
    'scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)':
        '分数乘的是 1/sqrt(d_model) 而不是 1/sqrt(head_dim)',
    'sequence 0 is all padding (not graded, no NaN elsewhere)':
        '序列 0 全是 padding（不评分，其他地方不能有 NaN）',
    'softmax over the queries (dim=-2) instead of over the keys (dim=-1)':
        '在 query 维（dim=-2）而不是 key 维（dim=-1）上做 softmax',
    'the batch and the heads':
        'batch 大小和头数',
}
