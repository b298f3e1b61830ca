"""中文 text of the flash_attention_backward drill."""
TEXT = {
    '2048 keys, 4 queries':
        '2048 个 key，4 个 query',
    '300 queries and keys, causal':
        '300 个 query 和 key，因果',
    'Collect the dk and dv blocks in lists and torch.cat them along dim -2; dq accumulates across blocks. Causal, bottom-right: key j is visible to query i iff j <= i + (S_k - S_q).':
        '把 dk 和 dv 的各块收集到列表里，沿 dim -2 做 torch.cat；dq 跨块累加。因果、右下对齐：key j 对 query i 可见当且仅当 j <= i + (S_k - S_q)。',
    "D = rowsum(dO ∘ O) missing: dS = P ∘ (dP - D), the softmax's backward needs the row term":
        '漏了 D = rowsum(dO ∘ O)：dS = P ∘ (dP - D)，softmax 的反向需要这个逐行项',
    "No softmax in the loop: P = exp(s - lse[..., None]) is exactly the forward's probabilities for this block, because lse normalises over ALL keys. A softmax over the block alone would not sum with the others.":
        '循环里不要做 softmax：P = exp(s - lse[..., None]) 正好是前向中这一块的概率，因为 lse 是在所有 key 上归一化的。只在本块上做的 softmax 无法与其他块相加。',
    "P recomputed with a softmax over each block of keys instead of exp(S - lse) with the saved lse: a block's softmax is normalised over that block only":
        '对每块 key 用 softmax 重新计算 P，而不是用保存的 lse 算 exp(S - lse)：一块的 softmax 只在该块内归一化',
    'Per block (kb, vb): s = q @ kb.T * scale (masked with -inf when causal); p = exp(s - lse); dv_block = p.T @ do; dp = do @ vb.T; ds = p * (dp - D); dq += ds @ kb * scale; dk_block = ds.T @ q * scale.':
        '对每一块 (kb, vb)：s = q @ kb.T * scale（因果时用 -inf 做掩码）；p = exp(s - lse)；dv_block = p.T @ do；dp = do @ vb.T；ds = p * (dp - D)；dq += ds @ kb * scale；dk_block = ds.T @ q * scale。',
    'S_q > S_k, not causal':
        'S_q > S_k，非因果',
    'Softmax backward for one row: dS = P ∘ (dP - sum_j P_j dP_j). The sum is the same for every block: sum_j P_ij (dO_i · v_j) = dO_i · O_i, so D = (do * o).sum(-1, keepdim=True) comes from the saved O.':
        '一行的 softmax 反向：dS = P ∘ (dP - sum_j P_j dP_j)。这个和对每一块都相同：sum_j P_ij (dO_i · v_j) = dO_i · O_i，所以 D = (do * o).sum(-1, keepdim=True) 可由保存的 O 得到。',
    'The softmax Jacobian gives dS_ij = P_ij (dP_ij - sum_k P_ik dP_ik). The sum is D_i = dO_i · O_i: compute (do * o).sum(-1, keepdim=True) once, before the loop.':
        '由 softmax 的雅可比矩阵得 dS_ij = P_ij (dP_ij - sum_k P_ik dP_ik)。这个和就是 D_i = dO_i · O_i：在循环之前算一次 (do * o).sum(-1, keepdim=True)。',
    'block size does not change the result':
        '块大小不影响结果',
    'block_size larger than S_k':
        'block_size 大于 S_k',
    'block_size={0} and block_size={1} (one block) give {2} {3} apart: the blocks must add up to the same gradients (P from the saved lse, not a softmax per block; keep the last, shorter block)':
        'block_size={0} 和 block_size={1}（只有一块）给出的 {2} 相差 {3}：各块相加必须得到相同的梯度（P 由保存的 lse 算出，不要逐块做 softmax；保留最后那个更短的块）',
    'causal mask aligned top-left (j <= i) instead of bottom-right (j <= i + S_k - S_q)':
        '因果掩码按左上对齐（j <= i），而不是右下对齐（j <= i + S_k - S_q）',
    'causal mask missing in the backward: future keys get P = exp(s - lse) > 0':
        '反向中漏了因果掩码：未来的 key 得到 P = exp(s - lse) > 0',
    'causal, S_k not a multiple of block_size':
        '因果，S_k 不是 block_size 的倍数',
    'causal, S_q < S_k (bottom-right)':
        '因果，S_q < S_k（右下对齐）',
    'dK summed over the keys is {0}, not 0: for each query sum_j dS_ij = sum_j P_ij (dP_ij - D_i) = 0 when D_i = dO_i · O_i (softmax rows ignore a shift of the scores)':
        'dK 对所有 key 求和为 {0}，而不是 0：当 D_i = dO_i · O_i 时，对每个 query 有 sum_j dS_ij = sum_j P_ij (dP_ij - D_i) = 0（softmax 的每一行对分数的平移不变）',
    'dK sums to zero over the keys':
        'dK 对所有 key 求和为零',
    'expected a tuple (dq, dk, dv) of three tensors, got {0}':
        '应返回三个张量组成的元组 (dq, dk, dv)，实际得到 {0}',
    "lse normalises over all the keys: exp(s - lse[..., None]) is the forward's P for this block, and the blocks' P add up to rows that sum to 1. A per-block softmax sums to 1 in every block.":
        'lse 是在所有 key 上归一化的：exp(s - lse[..., None]) 就是前向中这一块的 P，各块的 P 合起来每行之和为 1。逐块的 softmax 则在每一块内都和为 1。',
    'more than one block of scores held at once (the whole (S_q, S_k) score matrix, or a softmax over all keys recomputed instead of using the saved lse): only one (B, H, S_q, block_size) block may exist at a time':
        '同时保存了不止一块分数（整个 (S_q, S_k) 分数矩阵，或没用保存的 lse 而重新对所有 key 做 softmax）：同一时间只能存在一个 (B, H, S_q, block_size) 的块',
    'one query, block_size 1':
        '一个 query，block_size 1',
    'scores near ±400':
        '接近 ±400 的分数',
    'the batch and the heads':
        'batch 大小和头数',
    "the prompt's example":
        '题目中的示例',
    'two heads, three blocks':
        '两个头，三个块',
    'wrong scale: dQ and dK miss the 1/sqrt(D) factor of the scores (dQ = dS K / sqrt(D), dK = dSᵀ Q / sqrt(D))':
        '缩放错误：dQ 和 dK 漏了分数的 1/sqrt(D) 因子（dQ = dS K / sqrt(D)，dK = dSᵀ Q / sqrt(D)）',
    "wrong scale: scores recomputed without 1/sqrt(D): P = exp(q kᵀ / sqrt(D) - lse) needs the forward's scaled scores":
        '缩放错误：重新计算分数时没有乘 1/sqrt(D)：P = exp(q kᵀ / sqrt(D) - lse) 需要前向中缩放后的分数',
    '{0} should have the shape {1}, got {2}':
        '{0} 的形状应为 {1}，实际是 {2}',
}
