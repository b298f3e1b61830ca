"""RLOO留一法优势 RLOO advantages

实现 `rloo_advantages(rewards, group_size)`：REINFORCE Leave-One-Out（RLOO；Kool 等人 2019、
Ahmadian 等人 2024，TRL 的 `RLOOTrainer`）的优势。对每个 prompt，策略采样 `group_size` = k 个
补全，由奖励函数给每个打分。一个补全的 baseline 是它所在组中其他 k - 1 个补全的平均奖励，绝不
包含它自己的奖励，这样 baseline 与该样本无关，梯度估计保持无偏：

    advantage_i = r_i - (sum of the rewards of i's group - r_i) / (k - 1)

- `rewards` 是长度为 G·k 的一维浮点张量，k = `group_size` >= 2。组是连续的：rewards[0:k] 是
  prompt 0 的 k 个补全，rewards[k:2k] 是 prompt 1 的，依此类推。
- 只减去 baseline：不除以标准差（那是 GRPO）。
- 返回形状 (G·k,)、dtype 和设备都相同的张量；不修改 `rewards`。优势在策略损失中是常数：不需要
  梯度。
- 向量化：不要对组或补全写 Python 循环。

示例:
    >>> rloo_advantages(torch.tensor([1.0, 0.0, 0.0, 0.0, 2.0, 4.0]), group_size=3)
    tensor([ 1.0000, -0.5000, -0.5000, -3.0000,  0.0000,  3.0000])
    # the reward 1 of group 0 is compared with mean(0, 0) = 0; each 0 with mean(1, 0) = 0.5
"""
import torch


def rloo_advantages(rewards: torch.Tensor, group_size: int) -> torch.Tensor:
    # TODO: 把奖励 view 成 (G, group_size)，用行和算出每个元素的留一均值，相减，
    # 再展平回去（约 4 行）
    raise NotImplementedError
