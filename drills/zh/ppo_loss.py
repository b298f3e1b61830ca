"""PPO裁剪目标 PPO clipped objective

实现 `ppo_loss(logp_new, logp_old, advantages, mask, clip_eps=0.2)`：PPO（Schulman 等人 2017）的
token 级裁剪代理目标，即微调语言模型时（TRL、OpenRLHF、verl）所用的形式，以要最小化的损失返回，
也就是目标取负：

    ratio_t    = exp(logp_new_t - logp_old_t)                 pi_new(token) / pi_old(token)
    objective_t = min(ratio_t * A_t,  clip(ratio_t, 1 - clip_eps, 1 + clip_eps) * A_t)
    loss       = - (sum of objective_t over real tokens) / (number of real tokens)

- `logp_new`、`logp_old`、`advantages` 是浮点张量，`mask` 是 bool 张量，形状都是 (B, S)：B 条
  序列，每条 S 个 token。`logp_*` 是采样 token 在当前策略下、以及在采样时所用策略下的对数概率；
  `advantages` 是逐 token 的（序列级的优势由调用方广播到它的各个 token 上）。
- `mask` 对真实（回复）token 为 True，对 padding 为 False：padding 不产生任何贡献。平均是对
  整个 batch 的所有真实 token 一次性取的（token 级，"总和 / 真实 token 数"），而不是各序列平均值
  的平均。每个 batch 至少有一个真实 token。
- min 取的是悲观的界：一旦比值沿优势所奖励的方向越过了裁剪范围，这个 token 就不再产生梯度。
- `logp_old` 和 `advantages` 是常数（不需要经过它们的梯度）。返回一个 0 维张量，dtype 和设备
  与输入相同；不做任何原地修改。不要写 Python 循环。

示例:
    >>> logp_old = torch.tensor([[-1.0, -2.0, -0.5]])
    >>> logp_new = torch.tensor([[-0.5, -2.3, -3.0]])       # ratios 1.6487, 0.7408, 0.0821
    >>> advantages = torch.tensor([[1.0, -1.0, 2.0]])
    >>> mask = torch.tensor([[True, True, False]])
    >>> ppo_loss(logp_new, logp_old, advantages, mask)      # per token -1.2, 0.8; the third is padding
    tensor(-0.2000)
"""
import torch


def ppo_loss(logp_new: torch.Tensor, logp_old: torch.Tensor, advantages: torch.Tensor, mask: torch.Tensor,
             clip_eps: float = 0.2) -> torch.Tensor:
    # TODO: 比值，两个代理目标，取 min，取负，在真实 token 上求掩码平均（约 5 行）
    raise NotImplementedError
