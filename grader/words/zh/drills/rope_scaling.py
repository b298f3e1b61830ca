"""中文 text of the rope_scaling drill."""
TEXT = {
    '(B, H, S, D) at positions 300..304, factor 4 (also in bfloat16, where angles computed in half precision are too coarse)':
        '(B, H, S, D)，位置 300..304，factor 4（也测 bfloat16：用半精度计算角度会太粗糙）',
    'Both are plain RoPE with one change: angles = positions[:, None] * inv_freq[None, :], (S, D/2), in float32, repeated for both halves; out = x * cos + rotate_half(x) * sin.':
        '两者都是普通 RoPE 只改一处：angles = positions[:, None] * inv_freq[None, :]，形状 (S, D/2)，用 float32，两半各重复一次；out = x * cos + rotate_half(x) * sin。',
    'D = 4, theta 500000, factor 32':
        'D = 4，theta 500000，factor 32',
    'Linear: divide the positions by factor (positions.float() / factor) and nothing else — dividing the frequencies too would scale twice.':
        'Linear：只把位置除以 factor（positions.float() / factor），别的都不动——再把频率也除一次就缩放了两次。',
    'NTK: leave the positions alone; base = theta * factor ** (D / (D - 2)) and inv_freq = base ** (-arange(0, D, 2) / D). Check: the last frequency is theta^(-(D-2)/D) / factor.':
        'NTK：位置不动；base = theta * factor ** (D / (D - 2))，inv_freq = base ** (-arange(0, D, 2) / D)。验证：最后一个频率是 theta^(-(D-2)/D) / factor。',
    'RoPE pairs interleaved dims (2i, 2i+1); rotate-half pairs dim i with i + D/2':
        'RoPE 按交错的维度 (2i, 2i+1) 配对了；rotate-half 是第 i 维与第 i + D/2 维配对',
    "The exponent D / (D - 2) makes the lowest frequency, base^(-(D-2)/D), exactly factor times slower than theta's: check it for your D.":
        '指数 D / (D - 2) 使最低频率 base^(-(D-2)/D) 恰好比用 theta 时慢 factor 倍：用你的 D 验证一下。',
    "a token's norm changed: scaled RoPE still only rotates pairs of features, so it never changes a vector's length":
        '某个 token 的范数变了：缩放后的 RoPE 仍然只是旋转成对的特征，所以绝不会改变向量的长度',
    'angle = (p / factor) · theta^(-2i/D). Dividing the frequencies by factor is the same thing (Hugging Face does that): pick one, not both.':
        'angle = (p / factor) · theta^(-2i/D)。把频率除以 factor 是一回事（Hugging Face 就是这么做的）：二选一，不要两个都做。',
    'angles computed in half precision (position × frequency is too coarse)':
        '用半精度计算角度（位置 × 频率 太粗糙）',
    'base changed with the wrong exponent: base = theta · factor^(D / (D - 2))':
        '改 base 时指数错了：base = theta · factor^(D / (D - 2))',
    'depends only on relative position':
        '只依赖相对位置',
    'factor 1: plain RoPE':
        'factor 1：普通 RoPE',
    'factor ignored: plain RoPE':
        '忽略了 factor：成了普通 RoPE',
    'long sequence, head_dim 128':
        '长序列，head_dim 128',
    'moving every token 7 positions further changed the dot products between tokens by {0}: scaled RoPE still makes them depend only on the distance between the tokens':
        '把每个 token 都往后移 7 个位置，token 之间的点积变化了 {0}：缩放后的 RoPE 仍应使点积只依赖 token 之间的距离',
    'norm preserved':
        '范数不变',
    'position 0 is the identity':
        '位置 0 是恒等变换',
    'position interpolation instead of NTK: NTK keeps the positions and enlarges the base':
        '用了位置插值而不是 NTK：NTK 保持位置不变，增大 base',
    'positions 0..5, factor 2':
        '位置 0..5，factor 2',
    'positions 8190..8193, past a 4k training length, factor 8 (also in float16/bfloat16, where angles computed in half precision are too coarse)':
        '位置 8190..8193，超出 4k 的训练长度，factor 8（也测 float16/bfloat16：用半精度计算角度会太粗糙）',
    'positions and frequencies both divided by factor: position interpolation scales the angle once (p / factor) · freq':
        '位置和频率都除以了 factor：位置插值只缩放角度一次 (p / factor) · freq',
    'positions divided by factor as well as the base enlarged: NTK-aware scaling changes only the frequencies (scaling positions and frequencies both)':
        '既把位置除以 factor 又增大了 base：NTK-aware 缩放只改变频率（位置和频率都缩放了）',
    'positions in any order, factor 2.5':
        '任意顺序的位置，factor 2.5',
    'positions multiplied by factor instead of divided: interpolation squeezes the long context into the trained range':
        '位置乘以了 factor 而不是除以：插值是把长上下文压缩进训练过的范围',
    'positions past 65536':
        '超过 65536 的位置',
    'rotate_half(x) = cat(-x[..., D/2:], x[..., :D/2]); make arange on x.device and cast the result to x.dtype.':
        'rotate_half(x) = cat(-x[..., D/2:], x[..., :D/2])；在 x.device 上创建 arange，并把结果转成 x.dtype。',
    'the leading dims and the tokens':
        '前面的维度和 token 数',
    "the prompt's example":
        '题目中的示例',
    'x near ±1e3':
        '接近 ±1e3 的 x',
}
