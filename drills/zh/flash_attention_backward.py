"""FlashAttention反向传播 FlashAttention backward pass

实现 `flash_attention_backward(q, k, v, o, do, lse, causal=False, block_size=64)`：在给定上游梯度
dO = `do` 时，求注意力 O = softmax(q kᵀ / sqrt(D)) v 的梯度 dQ、dK、dV，做法与 FlashAttention 相同——
利用前向保存的输出 O 和 log-sum-exp，每次处理一块 key 逐块遍历，从不保存完整的 (S_q, S_k) 分数矩阵。

输入：
- `q` (B, H, S_q, D)；`k`、`v` (B, H, S_k, D)；`o`、`do` (B, H, S_q, D)：前向的输出及其上游梯度；
  `lse` (B, H, S_q)：前向中每个 query 缩放后分数的 log-sum-exp，
      lse_i = log sum_j exp(s_ij),     s_ij = q_i · k_j / sqrt(D)   (over the keys query i sees).
  它们的 dtype 和设备都与 q 相同。返回元组 (dq, dk, dv)，形状分别与 q、k、v 相同，dtype 与 q 相同。
- `causal=True`：query i 能关注 key j 当且仅当 j <= i + (S_k - S_q)（右下对齐）；因果时
  S_q <= S_k（每个 query 都能看到至少一个 key）。

按 key 块计算的梯度（P 是前向的 softmax，dP = dO vᵀ）：
      P_ij  = exp(s_ij - lse_i)          (masked keys: 0)  — no softmax needed, the lse is saved
      dV_j  = sum_i P_ij dO_i
      dS_ij = P_ij (dP_ij - D_i),    D_i = sum_d dO_id O_id   (= sum_j P_ij dP_ij, once for all blocks)
      dQ_i  = sum_j dS_ij k_j / sqrt(D)
      dK_j  = sum_i dS_ij q_i / sqrt(D)

- 显存（会评分）：任何中间张量都不能超过 B·H·S_q·block_size 个元素，所以 (B, H, S_q, S_k) 的分数矩阵，
  或一次性对所有 key 做的 softmax，都会判为不通过。`S_k` 不必是 `block_size` 的倍数：最后一块更短。
- 不要对 batch 或注意力头写 Python 循环（会在两种大小下数你的 torch 调用次数）；对 key 块的循环就是
  算法本身。也会用 float16 和 bfloat16 输入评分。
- 不要调用 F.scaled_dot_product_attention、任何 softmax 或 autograd（torch.autograd、.backward()）：
  这道题就是要你手写反向传播。

示例（一个 query，D = 1，key 为 [0, 1, 2]，value 为 [10, 20, 30]，dO = 1，block_size=2）:
    P = exp([0, 1, 2] - 2.4076) = [0.0900, 0.2447, 0.6652],  O = 25.7521,  D = 1 · 25.7521
    dV = P = [0.0900, 0.2447, 0.6652]
    dS = P ∘ ([10, 20, 30] - 25.7521) = [-1.4182, -1.4077, 2.8259]
    dQ = dS · k = 4.2440,   dK = dS · q = [-1.4182, -1.4077, 2.8259]
    >>> dq, dk, dv = flash_attention_backward(q, k, v, o, do, lse, block_size=2)
"""
import torch


def flash_attention_backward(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, o: torch.Tensor, do: torch.Tensor,
                             lse: torch.Tensor, causal: bool = False, block_size: int = 64):
    # TODO: D = rowsum(do * o)；dq = 0；对每个 key 块：算分数，因果掩码，P = exp(s - lse)，
    #       dv 块，dP，dS = P * (dP - D)，dq += ...，dk 块；最后拼接（约 20 行）
    raise NotImplementedError
