"""中文 text of the sinusoidal_pe drill."""
TEXT = {
    '4096 positions':
        '4096 个位置',
    'Dims 2i and 2i + 1 hold the sin and the cos of ONE angle: pe[:, 0::2] = sin, pe[:, 1::2] = cos, or torch.stack([sin, cos], dim=-1).flatten(-2) (stack on the LAST axis).':
        '第 2i 维和第 2i + 1 维放的是同一个角度的 sin 和 cos：pe[:, 0::2] = sin，pe[:, 1::2] = cos，或 torch.stack([sin, cos], dim=-1).flatten(-2)（在最后一维上 stack）。',
    'Interleave: pe[:, 0::2] = angles.sin(); pe[:, 1::2] = angles.cos() on pe = torch.zeros(S, d), or torch.stack([sin, cos], -1).flatten(-2).':
        '交错排列：在 pe = torch.zeros(S, d) 上写 pe[:, 0::2] = angles.sin(); pe[:, 1::2] = angles.cos()，或用 torch.stack([sin, cos], -1).flatten(-2)。',
    'PE[0] is {0}..., expected [0, 1, 0, 1, ...]: at position 0 every angle is 0 (positions start at 0; sin on even dims, cos on odd dims)':
        'PE[0] 是 {0}...，期望 [0, 1, 0, 1, ...]：位置 0 处所有角度都是 0（位置从 0 开始；偶数维放 sin，奇数维放 cos）',
    'PE[{0}, {1}]² + PE[{2}, {3}]² = {4}, not 1: dims 2i and 2i + 1 must be the sin and cos of the same angle (interleaved, not concatenated halves)':
        'PE[{0}, {1}]² + PE[{2}, {3}]² = {4}，不是 1：第 2i 维和第 2i + 1 维必须是同一个角度的 sin 和 cos（交错排列，而不是前后两半拼接）',
    'Positions as a column, torch.arange(seq_len).float()[:, None] (S, 1); frequencies as a row, 10000 ** (-torch.arange(0, d_model, 2) / d_model) (d/2,). Their product is every angle (S, d/2).':
        '位置写成列向量 torch.arange(seq_len).float()[:, None] (S, 1)；频率写成行向量 10000 ** (-torch.arange(0, d_model, 2) / d_model) (d/2,)。二者相乘就得到所有角度 (S, d/2)。',
    'arange(0, d_model, 2) already is 2i: divide by d_model, not by 2 * d_model, and do not use arange(d_model // 2) / d_model.':
        'arange(0, d_model, 2) 本身就是 2i：除以 d_model，而不是 2 * d_model，也不要用 arange(d_model // 2) / d_model。',
    'd_model = 2: one frequency':
        'd_model = 2：只有一个频率',
    'd_model = 512':
        'd_model = 512',
    'expected a tensor of shape {0}':
        '期望形状为 {0} 的张量',
    'exponent i/d instead of 2i/d (i is the index of the pair of dims)':
        '指数用了 i/d 而不是 2i/d（i 是维度对的下标）',
    'one position':
        '只有一个位置',
    'position 0 is [0, 1, 0, 1, ...]':
        '位置 0 为 [0, 1, 0, 1, ...]',
    'positions start at 1: they are 0 .. seq_len - 1':
        '位置从 1 开始了：应为 0 .. seq_len - 1',
    'sin and cos halves concatenated instead of interleaved (sin on even dims, cos on odd dims)':
        'sin 和 cos 前后两半拼接，而不是交错排列（偶数维放 sin，奇数维放 cos）',
    'sin and cos swapped: sin goes on the even dims, cos on the odd dims':
        'sin 和 cos 放反了：偶数维放 sin，奇数维放 cos',
    'sin² + cos² = 1 for each pair of dims':
        '每对维度满足 sin² + cos² = 1',
    'the odd dim 2i+1 uses its own index in the exponent: dims 2i and 2i+1 share 10000^(2i/d)':
        '奇数维 2i+1 在指数里用了自己的下标：第 2i 维和第 2i+1 维共用 10000^(2i/d)',
    'the positions and the dims':
        '位置数和维度数',
    "the prompt's example":
        '题目中的示例',
}
