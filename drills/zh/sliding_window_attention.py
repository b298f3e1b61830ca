"""滑动窗口注意力 Sliding-window attention

实现 `sliding_window_attention(q, k, v, window)`：因果注意力，但每个 query 只能看到最近的
`window` 个 key（包括它自己）——即 Mistral 的滑动窗口。更早的信息仍能一层一层地传过来，但任何
单独一层都看不到窗口之外。

- `q` 的形状是 (B, H, S_q, D)，`k` 和 `v` 是 (B, H, S_k, D)；返回 (B, H, S_q, D)，与 q 的 dtype
  和设备相同。分数乘以 1/sqrt(D) 缩放。
- 位置右下角对齐，就像 query 接在 KV cache 之后那样：key j 位于位置 j，query i 位于位置
  p = i + (S_k - S_q)。query i 可以关注 key j 当且仅当

      p - window < j <= p

  即 p-window+1 .. p 这 `window` 个 key（靠近开头时少一些）。S_q == S_k 时：key
  i-window+1 .. i。`window` >= 1；window >= S_k 时就是普通的因果注意力。
- S_q > S_k 时，前 S_q - S_k 个 query 看不到任何 key：这些行不评分，但不能把 NaN 扩散到其他行。
- 一次算完：不要对 batch、注意力头或 query 写 Python 循环（有一项检查会在两种规模下统计你的
  torch 调用次数）。float16 和 bfloat16 输入也要评分。
- 不要调用 F.scaled_dot_product_attention 或 nn.MultiheadAttention：这道题就是要你手写它。
  可以用 torch.softmax。

示例（一个头，D = 1，query 全为 1，key 为 [0, 1, 2, 3]，value 为 [10, 20, 30, 40]）:
    allowed keys with window=2        output
        query 0: key 0                10.0000
        query 1: keys 0, 1            17.3106    (softmax([0, 1]) @ [10, 20])
        query 2: keys 1, 2            27.3106
        query 3: keys 2, 3            37.3106
    >>> sliding_window_attention(q, k, v, window=2).flatten()
    tensor([10.0000, 17.3106, 27.3106, 37.3106])
    >>> sliding_window_attention(q[:, :, 2:], k, v, window=2).flatten()   # 2 queries at positions 2, 3
    tensor([27.3106, 37.3106])
"""
import torch


def sliding_window_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, window: int) -> torch.Tensor:
    # TODO: 缩放后的分数；保留满足 pos - window < j <= pos 的 key j，其中 pos = i + S_k - S_q；
    #       在 key 维上做带掩码的 softmax；weights @ v（约 7 行）
    raise NotImplementedError
