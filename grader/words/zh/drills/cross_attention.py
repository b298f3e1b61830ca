"""中文 text of the cross_attention drill."""
TEXT = {
    '300 encoder tokens':
        '300 个编码器 token',
    "A causal mask stops a token from seeing later tokens of its OWN sequence. The encoder's output is complete before decoding starts: drop the mask here.":
        '因果掩码是为了不让 token 看到它自己序列中后面的 token。编码器的输出在解码开始前就已完整：这里去掉因果掩码。',
    'Each head works in head_dim dimensions: scale the scores by 1/sqrt(head_dim).':
        '每个头在 head_dim 维上计算：分数乘以 1/sqrt(head_dim) 缩放。',
    'Only the sources change from self-attention: q = q_proj(x) has S_q tokens, k = k_proj(memory) and v = v_proj(memory) have S_k. Split each into heads with its OWN length: view(B, S, n_heads, head_dim).':
        '与自注意力相比只是来源变了：q = q_proj(x) 有 S_q 个 token，k = k_proj(memory) 和 v = v_proj(memory) 有 S_k 个。按各自的长度拆分注意力头：view(B, S, n_heads, head_dim)。',
    'S_q == S_k with encoder padding':
        'S_q == S_k，编码器有 padding',
    'S_q > S_k, padding anywhere':
        'S_q > S_k，padding 可以在任意位置',
    'The scores q @ k.transpose(-2, -1) are (B, H, S_q, S_k): rows are decoder queries, columns encoder keys. Scale by 1/sqrt(head_dim).':
        '分数 q @ k.transpose(-2, -1) 的形状是 (B, H, S_q, S_k)：行是解码器的 query，列是编码器的 key。乘以 1/sqrt(head_dim) 缩放。',
    'causal mask applied to cross-attention: every decoder query may attend every real encoder token; only the encoder padding hides keys':
        '交叉注意力里用了因果掩码：解码器的每个 query 都可以关注编码器的每个真实 token；只有编码器的 padding 会屏蔽 key',
    'changing decoder token 0 changed the outputs of other decoder tokens: in cross-attention each query attends the encoder only, never the other queries':
        '改动解码器 token 0，其他解码器 token 的输出也变了：交叉注意力中每个 query 只关注编码器，从不关注其他 query',
    'changing the padded encoder tokens (memory_mask False) changed the output: padding hides KEYS, memory_mask[:, None, None, :] against the (B, H, S_q, S_k) scores':
        '改动编码器中被 padding 的 token（memory_mask 为 False），输出变了：padding 屏蔽的是 key，用 memory_mask[:, None, None, :] 与 (B, H, S_q, S_k) 的分数广播',
    'decoder tokens independent':
        '解码器 token 相互独立',
    'encoder padding ignored':
        '忽略了编码器的 padding',
    'keys and values projected from x (the decoder) instead of memory (the encoder)':
        'key 和 value 从 x（解码器）投影而来，而不是从 memory（编码器）',
    'large inputs: scores ~ 1e4':
        '很大的输入：分数约为 1e4',
    'mask polarity inverted: True means a real token, hide the keys where the mask is False':
        '掩码极性反了：True 表示真实 token，应屏蔽掩码为 False 的 key',
    'memory_mask (B, S_k) hides keys, the last axis: memory_mask[:, None, None, :] broadcasts against the scores. No causal mask here: the decoder may look at the whole (real) encoder output.':
        'memory_mask (B, S_k) 屏蔽的是 key，即最后一维：memory_mask[:, None, None, :] 与分数广播。这里没有因果掩码：解码器可以看到编码器的全部（真实）输出。',
    'memory_mask marks encoder tokens, which are the KEYS: broadcast it as memory_mask[:, None, None, :] against the (B, H, S_q, S_k) scores, so the last axis is masked.':
        'memory_mask 标记的是编码器的 token，也就是 key：把它写成 memory_mask[:, None, None, :]，与 (B, H, S_q, S_k) 的分数广播，这样被掩码的是最后一维。',
    'one decoder token, one head':
        '一个解码器 token，一个头',
    'one encoder token, head_dim 1':
        '一个编码器 token，head_dim 为 1',
    'padding mask applied to the queries instead of the keys':
        'padding 掩码用在了 query 上，而不是 key 上',
    'scores not scaled by 1/sqrt(head_dim)':
        '分数没有乘 1/sqrt(head_dim) 缩放',
    'scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)':
        '分数乘的是 1/sqrt(d_model) 而不是 1/sqrt(head_dim)',
    "sequence 1's encoder tokens are all padding (not graded, no NaN elsewhere)":
        '序列 1 的编码器 token 全是 padding（不评分，其他地方不能有 NaN）',
    'softmax over dim=-1, @ v gives (B, H, S_q, head_dim); transpose(1, 2).reshape(B, S_q, d_model), o_proj.':
        '在 dim=-1 上做 softmax，@ v 得到 (B, H, S_q, head_dim)；transpose(1, 2).reshape(B, S_q, d_model)，再过 o_proj。',
    'softmax over the queries (dim=-2) instead of over the keys (dim=-1)':
        '在 query 维（dim=-2）而不是 key 维（dim=-1）上做 softmax',
    'the batch and the heads':
        'batch 大小和头数',
    "the prompt's example: encoder padding":
        '题目中的示例：编码器 padding',
    "the prompt's shapes, no mask":
        '题目中的形状，无掩码',
}
