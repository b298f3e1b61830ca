"""中文 text of the rope drill."""
TEXT = {
    '(B, H, S, D) from position 0':
        '(B, H, S, D)，从位置 0 开始',
    'A chunk decoded after a KV cache of n tokens sits at positions n, n+1, ...: build the angles from `positions`, not from torch.arange(S).':
        '在 n 个 token 的 KV cache 之后解码的一段，位于位置 n, n+1, ...：要用 `positions` 构造角度，而不是 torch.arange(S)。',
    'Build the angles as an outer product positions[:, None] * inv_freq[None, :] of shape (S, D/2), then repeat them for both halves: cat([angles, angles], -1) is (S, D) and broadcasts against (..., S, D).':
        '用外积 positions[:, None] * inv_freq[None, :] 构造形状为 (S, D/2) 的角度，再在前后两半各用一次：cat([angles, angles], -1) 的形状是 (S, D)，能与 (..., S, D) 广播。',
    'D = 2, theta = 100':
        'D = 2，theta = 100',
    'Each pair (x[i], x[i + D/2]) is a 2-D point turned by the angle position × theta^(-2i/D): new = (a cos - b sin, b cos + a sin).':
        '每一对 (x[i], x[i + D/2]) 是一个二维点，旋转角度为“位置 × theta^(-2i/D)”：new = (a cos - b sin, b cos + a sin)。',
    'Keep the angles in float32 (positions.float()), make arange on x.device, and cast the result to x.dtype.':
        '角度保持 float32（positions.float()），arange 建在 x.device 上，结果再转成 x.dtype。',
    'RoPE pairs interleaved dims (2i, 2i+1); rotate-half pairs dim i with i + D/2':
        'RoPE 配对了相邻的维 (2i, 2i+1)；rotate-half 是把第 i 维与第 i + D/2 维配对',
    "Rotate-half pairs dim i with dim i + D/2: x1, x2 = x[..., :D/2], x[..., D/2:], and rotate_half(x) = cat(-x2, x1). The (2i, 2i+1) pairs are the original paper's layout.":
        'rotate-half 把第 i 维与第 i + D/2 维配对：x1, x2 = x[..., :D/2], x[..., D/2:]，rotate_half(x) = cat(-x2, x1)。(2i, 2i+1) 配对是原论文的排法。',
    "a token's norm changed from {0} to {1}: RoPE only rotates pairs of features, so it never changes a vector's length":
        '一个 token 的范数从 {0} 变成了 {1}：RoPE 只是旋转成对的特征，不会改变向量的长度',
    'angles computed in half precision (position × frequency is too coarse)':
        '角度用半精度计算（“位置 × 频率”太粗糙）',
    'depends only on relative position':
        '只取决于相对位置',
    'frequencies theta^(-i/D) instead of theta^(-2i/D)':
        '频率用了 theta^(-i/D) 而不是 theta^(-2i/D)',
    'long sequence, head_dim 128':
        '长序列，head_dim 为 128',
    'moving every token 7 positions further changed the dot products between tokens by {0}: with RoPE they depend only on the distance between the tokens':
        '把每个 token 都往后移 7 个位置，token 之间的点积变了 {0}：用了 RoPE 后它们只应取决于 token 之间的距离',
    'norm preserved':
        '范数保持不变',
    'position 0 is the identity':
        '位置 0 为恒等变换',
    'positions 1000..1003, after a cache (also in float16/bfloat16, where angles computed in half precision are too coarse)':
        '缓存之后的位置 1000..1003（也包括 float16/bfloat16，半精度算出的角度太粗糙）',
    'positions ignored (the tokens assumed to sit at 0..S-1)':
        '忽略了 positions（假定 token 位于 0..S-1）',
    'positions in any order':
        '任意顺序的位置',
    'positions near 4096':
        '接近 4096 的位置',
    'positions past 65536':
        '超过 65536 的位置',
    'positions with gaps':
        '不连续的位置',
    'rotate_half(x) = cat([-x[..., D/2:], x[..., :D/2]], -1); the answer is x * cos + rotate_half(x) * sin.':
        'rotate_half(x) = cat([-x[..., D/2:], x[..., :D/2]], -1)；答案是 x * cos + rotate_half(x) * sin。',
    'rotation the wrong way (rotate_half sign on the wrong half)':
        '旋转方向反了（rotate_half 的负号加错了那一半）',
    'the leading dims and the tokens':
        '前置维度大小和 token 数',
    "the prompt's example":
        '题目中的示例',
    'x near ±1e3':
        '接近 ±1e3 的 x',
}
