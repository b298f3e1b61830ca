"""旋转位置编码 Rotary position embedding

实现 `apply_rope(x, positions, theta=10000.0)`：按随位置增大的角度旋转每个 token 的特征，使得
旋转后的 query 与旋转后的 key 的点积只取决于二者相距多远。

- `x` 的形状是 `(..., S, D)`（例如 `(B, H, S, head_dim)`），`D` 为偶数；`positions` 是 `(S,)`
  的 long 张量，给出 S 个 token 各自的位置（不一定是 0..S-1：想想 KV cache）。输出与 x 的形状、
  dtype 和设备相同。
- rotate-half 配对方式（GPT-NeoX / Hugging Face LLaMA）：第 `i` 维与第 `i + D/2` 维配对，
  i = 0 .. D/2 - 1。不是原论文中相邻维 (2i, 2i+1) 交错配对的方式。
- 第 i 对的旋转频率为 `theta ** (-2i / D)`；在位置 p 处它的角度为 `p * theta ** (-2i / D)`：
      out[i]       = x[i] * cos(angle_i) - x[i + D/2] * sin(angle_i)
      out[i + D/2] = x[i + D/2] * cos(angle_i) + x[i] * sin(angle_i)
  即 `x * cos + rotate_half(x) * sin`，其中 `rotate_half(x) = cat(-x[..., D/2:], x[..., :D/2])`，
  每个角度在前后两半各用一次。
- 即使 x 是 float16/bfloat16，角度也要用 float32 计算（半精度下“位置 × 频率”太粗糙），最后返回
  x 的 dtype。所有张量都建在 x 所在的设备上。

示例（D=4，一个位于位置 1 的 token：维度对 (0, 2) 转 1 弧度，(1, 3) 转 0.01 弧度）:
    >>> apply_rope(torch.tensor([[1.0, 2.0, 3.0, 4.0]]), torch.tensor([1]))
    tensor([[-1.9841,  1.9599,  2.4624,  4.0198]])
"""
import torch


def apply_rope(x: torch.Tensor, positions: torch.Tensor, theta: float = 10000.0) -> torch.Tensor:
    # TODO: 频率，角度 (S, D/2) -> (S, D)，x * cos + rotate_half(x) * sin（约 6 行）
    raise NotImplementedError
