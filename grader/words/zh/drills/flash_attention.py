"""中文 text of the flash_attention drill."""
TEXT = {
    '2048 keys, 4 queries':
        '2048 个 key，4 个 query',
    '300 queries and keys, causal':
        '300 个 query 和 key，因果',
    "Causal, bottom-right: key j is visible to query i iff j <= i + (S_k - S_q); build the block's mask from torch.arange(start, start + block) and torch.arange(S_q) on q.device, and fill masked scores with -inf.":
        '因果、右下对齐：key j 对 query i 可见当且仅当 j <= i + (S_k - S_q)；在 q.device 上用 torch.arange(start, start + block) 和 torch.arange(S_q) 构造这一块的掩码，被掩掉的分数填 -inf。',
    'Keep m, l (B, H, S_q, 1) and acc (B, H, S_q, D). For each block: m_new = max(m, s.amax(-1)); p = exp(s - m_new); alpha = exp(m - m_new); l = alpha * l + p.sum(-1); acc = alpha * acc + p @ v_block.':
        '维护 m、l (B, H, S_q, 1) 和 acc (B, H, S_q, D)。对每一块：m_new = max(m, s.amax(-1))；p = exp(s - m_new)；alpha = exp(m - m_new)；l = alpha * l + p.sum(-1)；acc = alpha * acc + p @ v_block。',
    "Start from softmax(s) @ v for one block of keys, then ask: how do I merge the next block's result without going back to the scores of the first one?":
        '先对一块 key 算 softmax(s) @ v，然后想一想：怎样在不回头看第一块分数的情况下，把下一块的结果合并进来？',
    'Start m at -inf. A row whose keys are all masked so far has m_new = -inf, and -inf - (-inf) is NaN: subtract 0 instead for those rows, and divide by 1 where l is still 0.':
        'm 从 -inf 开始。到目前为止 key 全被掩掉的行 m_new = -inf，而 -inf - (-inf) 是 NaN：对这些行改为减 0，并在 l 仍为 0 的地方除以 1。',
    'acc not rescaled by exp(m - m_new) when the running max changes (l is)':
        '运行最大值变化时 acc 没有乘 exp(m - m_new) 重新缩放（l 缩放了）',
    'block size does not change the result':
        '块大小不影响结果',
    'block_size larger than S_k':
        'block_size 大于 S_k',
    'block_size={0} and block_size={1} (one block) give outputs {2} apart: the blocks must combine to exactly the same attention (rescale l and acc when the max changes; keep the last, shorter block)':
        'block_size={0} 和 block_size={1}（只有一块）的输出相差 {2}：各块合并后必须得到完全相同的注意力（最大值变化时重新缩放 l 和 acc；保留最后那个更短的块）',
    'causal mask aligned top-left (j <= i) instead of bottom-right (j <= i + S_k - S_q)':
        '因果掩码按左上对齐（j <= i），而不是右下对齐（j <= i + S_k - S_q）',
    'causal, S_k not a multiple of block_size':
        '因果，S_k 不是 block_size 的倍数',
    'causal, S_q < S_k (bottom-right)':
        '因果，S_q < S_k（右下对齐）',
    'causal, S_q > S_k (the first queries see no key: not graded)':
        '因果，S_q > S_k（前面的 query 看不到任何 key：不评分）',
    'l and acc not rescaled by exp(m - m_new) when the running max changes':
        '运行最大值变化时 l 和 acc 都没有乘 exp(m - m_new) 重新缩放',
    'l not rescaled by exp(m - m_new) when the running max changes (acc is)':
        '运行最大值变化时 l 没有乘 exp(m - m_new) 重新缩放（acc 缩放了）',
    'more than one block of scores held at once (the whole (S_q, S_k) score matrix, or blocks wider than block_size): only one (B, H, S_q, block_size) block may exist at a time':
        '同时保存了不止一块分数（整个 (S_q, S_k) 分数矩阵，或比 block_size 更宽的块）：同一时间只能存在一个 (B, H, S_q, block_size) 的块',
    'one query (decoding), block_size 1':
        '一个 query（解码），block_size 1',
    'online softmax without subtracting the running max (exp overflows)':
        '在线 softmax 没有减去运行最大值（exp 溢出）',
    'scores near ±1000':
        '接近 ±1000 的分数',
    'scores not scaled by 1/sqrt(D)':
        '分数没有按 1/sqrt(D) 缩放',
    'the batch and the heads':
        'batch 大小和头数',
    'the last, shorter block of keys dropped (S_k not a multiple of block_size)':
        '丢掉了最后那个更短的 key 块（S_k 不是 block_size 的倍数）',
    "the prompt's example":
        '题目中的示例',
    'two heads, three blocks':
        '两个头，三个块',
}
