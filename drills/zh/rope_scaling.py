"""位置插值与NTK缩放 RoPE scaling: position interpolation and NTK

用 RoPE 在长度为 L 的序列上训练的模型，在 L 之外会遇到从未见过的角度。有两种方法可以在（几乎）
不微调的情况下把它扩展到 `factor` × L：两种都要实现。

RoPE 与 `rope` 题相同：`x` 形状为 (..., S, D)，D 为偶数；`positions` 是 (S,) 的 long 张量（不一定
是 0..S-1）；采用 rotate-half 配对，第 i 维与第 i + D/2 维配对，位置 p 处的第 i 对旋转角度
p · freq_i：
      out[i]       = x[i] · cos - x[i + D/2] · sin
      out[i + D/2] = x[i + D/2] · cos + x[i] · sin
其中 freq_i = base^(-2i/D)，i = 0 .. D/2 - 1。输出与 x 的形状、dtype 和设备相同。

`linear_scaled_rope(x, positions, factor, theta=10000.0)`——位置插值（Chen et al. 2023；
Hugging Face 的 "linear"）：位置除以 `factor`，这样最长的上下文被映射回训练过的范围内。
base = theta，angle = (p / factor) · freq_i。

`ntk_scaled_rope(x, positions, factor, theta=10000.0)`——NTK-aware 缩放（bloc97；Hugging Face
"dynamic" 的静态形式）：位置保持不变，而 base 变大，

      base = theta · factor^(D / (D - 2)),     angle = p · base^(-2i/D),

这样最高频率（i = 0）不变，最低频率（i = D/2 - 1）恰好慢了 `factor` 倍。这里 D >= 4。

- `factor` >= 1（一个 float）；factor = 1 时两者都是普通的 RoPE。
- 即使 x 是 float16/bfloat16，也要用 float32 计算角度，并返回 x 的 dtype（会评测半精度）。
  创建的每个张量都要在 x 所在的设备上。不要对 token 或前面的维度写 Python 循环。

示例（D = 4，一个位于位置 8 的 token，factor 4）:
    >>> x = torch.tensor([[1.0, 2.0, 3.0, 4.0]])
    >>> linear_scaled_rope(x, torch.tensor([8]), 4.0)    # = plain RoPE at position 2
    tensor([[-3.1440,  1.9196, -0.3391,  4.0392]])
    >>> ntk_scaled_rope(x, torch.tensor([8]), 4.0)       # pair (0, 2): as plain RoPE at 8;
    tensor([[-3.1136,  1.9196,  0.5529,  4.0392]])       # pair (1, 3): as plain RoPE at 8 / 4
"""
import torch


def linear_scaled_rope(x: torch.Tensor, positions: torch.Tensor, factor: float, theta: float = 10000.0) -> torch.Tensor:
    # TODO: 频率 theta^(-2i/D)；用 float32 计算角度 (positions / factor) x 频率；
    #       x * cos + rotate_half(x) * sin（约 7 行）
    raise NotImplementedError


def ntk_scaled_rope(x: torch.Tensor, positions: torch.Tensor, factor: float, theta: float = 10000.0) -> torch.Tensor:
    # TODO: 新的 base theta * factor^(D / (D - 2))；然后用它做普通的 RoPE（约 5 行）
    raise NotImplementedError
