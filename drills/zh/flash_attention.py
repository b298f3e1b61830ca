"""在线softmax FlashAttention forward with online softmax

实现 `flash_attention(q, k, v, causal=False, block_size=64)`：精确的缩放点积注意力
softmax(q kᵀ / sqrt(D)) v，用 FlashAttention 的方式计算——每次处理 `block_size` 个 key 和 value 组成的一块，
逐块遍历，使完整的 (S_q, S_k) 分数矩阵从不出现。

- `q` 形状为 `(B, H, S_q, D)`，`k` 和 `v` 形状为 `(B, H, S_k, D)`；返回 `(B, H, S_q, D)`，dtype 与 q 相同，
  在 q 所在设备上。分数按 `1 / sqrt(D)` 缩放。
- 对每块 key，只计算每个 query 对这一块的分数 `s`
  `(B, H, S_q, block_size)`，并为每个 query 行维护：
      m    the running max of the scores seen so far
      l    the running sum of exp(score - m)
      acc  the running sum of exp(score - m) * v
  当某一块把最大值从 m 提高到 m_new 时，在旧最大值下累加的量只相当于原来的 exp(m - m_new) 倍：
  加入新块之前，先用这个因子重新缩放 l 和 acc。最后 output = acc / l。
- 显存（会评分）：任何中间张量都不能超过 B·H·S_q·block_size 个元素，所以 (B, H, S_q, S_k) 的分数矩阵，
  或一次性对所有 key 做的 softmax，都会判为不通过。
- `S_k` 不必是 `block_size` 的倍数：最后一块更短。
- `causal=True`：query i 能关注 key j 当且仅当 j <= i + (S_k - S_q)（右下对齐；S_q == S_k 时就是通常的
  下三角）。完全看不到任何 key 的 query（S_q > S_k 时）不评分，但不能让别处出现 NaN。
- 一次处理所有 batch 元素和注意力头：唯一的 Python 循环是对 key 块的循环（会在两种 batch 和头数下
  数你的 torch 调用次数）。
- 不要调用 F.scaled_dot_product_attention 或任何 softmax / log_softmax：这道题就是要你手写在线 softmax。
  新建的张量都放在 q 所在的设备上。

示例（一个 query，D = 1，key 为 [0, 1, 2]，value 为 [10, 20, 30]，block_size=2）:
    scores = [0, 1, 2]
    block [0, 1]:  m = 1, l = e^-1 + e^0 = 1.3679, acc = 10 e^-1 + 20 = 23.679
    block [2]:     m_new = 2: l = 1.3679 e^-1 + e^0 = 1.5032, acc = 23.679 e^-1 + 30 = 38.711
    output = 38.711 / 1.5032 = 25.752        (= softmax([0, 1, 2]) @ [10, 20, 30])
"""
import torch


def flash_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool = False,
                    block_size: int = 64) -> torch.Tensor:
    # TODO: 维护 m、l、acc；对 key 块循环：算分数，因果掩码，新最大值，重新缩放，累加；
    #       最后 acc / l（约 18 行）
    raise NotImplementedError
