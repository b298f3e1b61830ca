"""中文 text of the gqa drill."""
TEXT = {
    'Each head works in head_dim dimensions: scale the scores by 1/sqrt(head_dim).':
        '每个头在 head_dim 维上计算：分数乘以 1/sqrt(head_dim) 缩放。',
    'Now decode one token at a time with a KV cache, RoPE included.':
        '现在用 KV cache 一次解码一个 token，包括 RoPE。',
    'Padding hides KEYS: broadcast the (B, S) mask as mask[:, None, None, :] against the (B, H, S_q, S_k) scores, so the last axis (keys) is masked.':
        'padding 屏蔽的是 key：把 (B, S) 的掩码写成 mask[:, None, None, :]，与 (B, H, S_q, S_k) 的分数广播，这样被掩码的是最后一维（key）。',
    'Query head h uses kv head h // g, so each kv head is repeated g times in a row: kv0 kv0 kv1 kv1. That is repeat_interleave(g, dim=1), not repeat(1, g, 1, 1) (which gives kv0 kv1 kv0 kv1).':
        '第 h 个 query 头使用第 h // g 个 kv 头，所以每个 kv 头要连续重复 g 次：kv0 kv0 kv1 kv1。这是 repeat_interleave(g, dim=1)，而不是 repeat(1, g, 1, 1)（后者得到 kv0 kv1 kv0 kv1）。',
    'Query head h uses kv head h // g: repeat each kv head g times in a row (repeat_interleave(g, dim=1), or expand a new axis after the kv heads), not repeat(1, g, 1, 1).':
        '第 h 个 query 头使用第 h // g 个 kv 头：把每个 kv 头连续重复 g 次（repeat_interleave(g, dim=1)，或在 kv 头维之后 expand 出一个新维），而不是 repeat(1, g, 1, 1)。',
    'S=1':
        'S=1',
    'S=256':
        'S=256',
    'Without a copy: k[:, :, None].expand(B, n_kv, g, S, hd).reshape(B, n_heads, S, hd) (HF repeat_kv), or view q as (B, n_kv, g, S, hd) and let matmul broadcast k[:, :, None].':
        '不做拷贝的写法：k[:, :, None].expand(B, n_kv, g, S, hd).reshape(B, n_heads, S, hd)（HF 的 repeat_kv），或把 q view 成 (B, n_kv, g, S, hd)，让 matmul 去广播 k[:, :, None]。',
    'causal, g=2':
        '因果，g=2',
    'g=3':
        'g=3',
    'head_dim = d_model // n_heads; scale by 1/sqrt(head_dim); the (B, S) padding mask hides keys: mask[:, None, None, :].':
        'head_dim = d_model // n_heads；乘以 1/sqrt(head_dim) 缩放；(B, S) 的 padding 掩码屏蔽的是 key：mask[:, None, None, :]。',
    'large inputs: scores ~ 1e4':
        '很大的输入：分数约为 1e4',
    'left padding and causal: tokens 0, 1 of sequence 0 see no key (not graded, no NaN elsewhere)':
        '左侧 padding 加因果：序列 0 的 token 0、1 看不到任何 key（不评分，其他地方不能有 NaN）',
    'left padding: with causal=True (as the causality check asks) token 0 of sequence 0 sees no key, a row that is not graded':
        '左侧 padding：在 causal=True 下（因果性检查就是这样调用的），序列 0 的 token 0 看不到任何 key，这一行不评分',
    'mask polarity inverted: True means a real token, hide the keys where the mask is False':
        '掩码极性反了：True 表示真实 token，应屏蔽掩码为 False 的 key',
    'n_kv_heads == n_heads (multi-head)':
        'n_kv_heads == n_heads（多头注意力）',
    'padding mask and causal, g=4':
        'padding 掩码加因果，g=4',
    'padding mask applied to the queries instead of the keys':
        'padding 掩码用在了 query 上，而不是 key 上',
    'padding mask, multi-query':
        'padding 掩码，多查询注意力',
    'q is (B, n_heads, S, head_dim), k and v (B, n_kv_heads, S, head_dim). Give every query head its kv head first, then it is plain multi-head attention.':
        'q 的形状是 (B, n_heads, S, head_dim)，k 和 v 是 (B, n_kv_heads, S, head_dim)。先给每个 query 头配上它的 kv 头，剩下的就是普通的多头注意力。',
    'query head h reads kv head h % n_kv_heads (repeat / tile) instead of h // (n_heads // n_kv_heads) (repeat_interleave)':
        '第 h 个 query 头读的是第 h % n_kv_heads 个 kv 头（repeat / tile），而不是第 h // (n_heads // n_kv_heads) 个（repeat_interleave）',
    'scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)':
        '分数乘的是 1/sqrt(d_model) 而不是 1/sqrt(head_dim)',
    'sequence 0 is all padding (not graded, no NaN elsewhere)':
        '序列 0 全是 padding（不评分，其他地方不能有 NaN）',
    'the batch and the heads':
        'batch 大小和头数',
}
