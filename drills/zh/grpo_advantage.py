"""GRPO组内优势 GRPO group advantages

实现 `grpo_advantages(rewards, group_size, eps=1e-4)`：GRPO（DeepSeekMath；TRL 的 `GRPOTrainer`）
的优势。对每个 prompt，策略采样 `group_size` 个补全，由奖励函数给每个打分；一个补全的优势就是它的
奖励相对于它自己所在组内其他补全的高低，不需要价值网络：

    advantage_i = (r_i - mean(group of i)) / (std(group of i) + eps)

- `rewards` 是长度为 G·n 的一维浮点张量，n = `group_size` >= 2。组是连续的：rewards[0:n] 是
  prompt 0 的 n 个补全，rewards[n:2n] 是 prompt 1 的，依此类推。
- std 是无偏的（除以 n - 1：torch.std 的默认行为），与 TRL 一致。
- 奖励全部相等的组（补全全对或全错）std 为 0：它的优势为 0，`eps` 就是为此准备的。不能出现 NaN。
- 返回形状 (G·n,)、dtype 和设备都相同的张量；不修改 `rewards`。
- 向量化：不要对组写 Python 循环。

示例:
    >>> grpo_advantages(torch.tensor([1.0, 0.0, 0.0, 0.0, 2.0, 4.0]), group_size=3)
    tensor([ 1.1545, -0.5773, -0.5773, -1.0000,  0.0000,  1.0000])
    # group 0 = [1, 0, 0]: mean 1/3, std 0.5774; group 1 = [0, 2, 4]: mean 2, std 2
"""
import torch


def grpo_advantages(rewards: torch.Tensor, group_size: int, eps: float = 1e-4) -> torch.Tensor:
    # TODO: 把奖励 view 成 (G, group_size)，按行求均值和无偏 std，归一化，
    # 再展平回去（约 4 行）
    raise NotImplementedError
