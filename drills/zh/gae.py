"""广义优势估计 Generalised advantage estimation (GAE)

实现 `gae(rewards, values, dones, gamma=0.99, lam=0.95)`：GAE（Schulman 等人 2016）的优势和回报，
就像 PPO 对一批 rollout 计算的那样。B 个环境各运行了 T 步；一个 episode 可能在 rollout 中的任意
位置结束（之后环境重置，新的 episode 在同一行中继续），rollout 也可能停在某个 episode 的中途：

    δ_t = r_t + γ · V_{t+1} · (1 - done_t) - V_t                    TD error of step t
    A_t = δ_t + γ · λ · (1 - done_t) · A_{t+1},   with A_T = 0      run backwards from t = T - 1
    returns_t = A_t + V_t                                            the value targets (λ-returns)

- `rewards`：浮点 (B, T)，第 t 步的奖励。`dones`：bool (B, T)，episode 在第 t 步结束时为 True：
  之后的状态是终止状态，所以不再越过它做 bootstrap，递推也从头开始（A_{t+1} 属于另一个 episode）。
- `values`：浮点 (B, T + 1)，critic 对 T 步各自起始状态给出的 V(s_t)，外加 values[:, T]，即最后
  一步之后那个状态的价值：在 episode 中途被截断的 rollout 要从它 bootstrap。一旦 done，
  values[:, t + 1] 就是下一个 episode 的第一个状态，不能用于第 t 步。
- `gamma` 是折扣因子 γ，`lam` 是 GAE 的 λ（λ = 0：单步 TD 误差；λ = 1：折扣回报减去 V）。
- 返回 `(advantages, returns)`，都是 (B, T)，dtype 和设备与 `rewards` 相同。它们是训练目标：在
  不用 autograd 的情况下计算（不检查梯度）。不修改输入。
- 递推在时间上是串行的，所以预期会对 T 步写一个（倒序的）Python 循环；B 条轨迹要一起处理：不要
  对 batch 写 Python 循环。

示例:
    >>> rewards = torch.tensor([[1.0, 0.0, 2.0]])
    >>> values = torch.tensor([[0.5, 1.0, 0.0, 3.0]])      # values[:, 3] = 3.0 bootstraps step 2
    >>> dones = torch.tensor([[False, True, False]])         # the first episode ends with step 1
    >>> gae(rewards, values, dones, gamma=0.5, lam=0.8)
    (tensor([[ 0.6000, -1.0000,  3.5000]]), tensor([[1.1000, 0.0000, 3.5000]]))
    # δ = [1 + 0.5·1.0 - 0.5, 0 - 1.0 (done: no bootstrap), 2 + 0.5·3.0 - 0] = [1.0, -1.0, 3.5]
    # A_2 = 3.5; A_1 = -1.0 (done: the recursion restarts); A_0 = 1.0 + 0.5·0.8·(-1.0) = 0.6
"""
import torch


def gae(rewards: torch.Tensor, values: torch.Tensor, dones: torch.Tensor, gamma: float = 0.99,
        lam: float = 0.95) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 对 T 步倒序循环，所有轨迹同时处理：TD 误差，在 done 处截断的累积优势；
    # 然后算回报（约 9 行）
    raise NotImplementedError
