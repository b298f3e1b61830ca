"""中文 text of the self_attention drill."""
TEXT = {
    'Dropout belongs on the attention weights: weights = dropout(softmax(scores)), then weights @ v. Dropping features of weights @ v afterwards is a different (wrong) model.':
        'Dropout 作用在注意力权重上：weights = dropout(softmax(scores))，然后 weights @ v。之后再对 weights @ v 的特征做 dropout 是另一个（错误的）模型。',
    'Now split d_model into n_heads heads that attend independently and are concatenated before o_proj: write multi-head attention.':
        '现在把 d_model 拆成 n_heads 个注意力头，各自独立计算注意力，在 o_proj 之前拼接起来：写出多头注意力。',
    'Padding hides KEYS: broadcast the (B, S) mask as mask[:, None, None, :] against the (B, H, S_q, S_k) scores, so the last axis (keys) is masked.':
        'padding 屏蔽的是 key：把 (B, S) 的掩码写成 mask[:, None, None, :]，与 (B, H, S_q, S_k) 的分数广播，这样被掩码的是最后一维（key）。',
    'S=1':
        'S=1',
    'S=256':
        'S=256',
    'The (B, S) padding mask hides keys: broadcast it as mask[:, None, :] against the (B, S, S) scores and fill the hidden scores with -inf before the softmax over the keys (dim=-1).':
        '(B, S) 的 padding 掩码屏蔽的是 key：把它写成 mask[:, None, :]，与 (B, S, S) 的分数广播，在对 key（dim=-1）做 softmax 之前把被屏蔽的分数填成 -inf。',
    'd_model=1':
        'd_model=1',
    'dropout=0.5 in eval() mode: no dropout':
        'eval() 模式下 dropout=0.5：不做 dropout',
    'large inputs: scores ~ 1e4':
        '很大的输入：分数约为 1e4',
    'mask polarity inverted: True means a real token, hide the keys where the mask is False':
        '掩码极性反了：True 表示真实 token，应屏蔽掩码为 False 的 key',
    'padding anywhere, one real token':
        'padding 可以在任意位置，只有一个真实 token',
    'padding mask applied to the queries instead of the keys':
        'padding 掩码用在了 query 上，而不是 key 上',
    'plain':
        '普通情形',
    'q, k, v are each (B, S, d_model). scores = q @ k.transpose(-2, -1) is (B, S, S): one row per query, one column per key. Scale by 1/sqrt(d_model): with one head, the head is all of d_model.':
        'q、k、v 的形状都是 (B, S, d_model)。scores = q @ k.transpose(-2, -1) 的形状是 (B, S, S)：每个 query 一行，每个 key 一列。乘以 1/sqrt(d_model) 缩放：只有一个头时，头维度就是整个 d_model。',
    'return self.o_proj(self.dropout(torch.softmax(scores, dim=-1)) @ v)':
        '最后：return self.o_proj(self.dropout(torch.softmax(scores, dim=-1)) @ v)',
    'scores not scaled by 1/sqrt(d_model)':
        '分数没有乘 1/sqrt(d_model) 缩放',
    'sequence 0 is all padding (not graded, no NaN elsewhere)':
        '序列 0 全是 padding（不评分，其他地方不能有 NaN）',
    'softmax over the queries (dim=-2) instead of over the keys (dim=-1)':
        '在 query 维（dim=-2）而不是 key 维（dim=-1）上做 softmax',
    'the batch':
        'batch 大小',
    "the prompt's example: padding mask":
        '题目中的示例：padding 掩码',
}
