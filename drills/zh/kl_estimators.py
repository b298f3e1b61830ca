"""KL散度估计器 KL estimators k1, k2, k3

实现 `kl_estimators(logp, logp_ref)`：基于从 π 中采样的 token 对 KL(π ‖ π_ref) 的三种逐 token
估计器（Schulman，"Approximating KL divergence"，2020），也就是 RLHF 中的 KL 惩罚：PPO 把 k1 放进
奖励，GRPO 把 k3 加到损失里。对一个采样得到的 token x ~ π，记 logp = log π(x)，
logp_ref = log π_ref(x)，比值 r = π_ref(x) / π(x)：

    log r = logp_ref - logp
    k1 = -log r                 unbiased, high variance, can be negative
    k2 = (log r)² / 2           biased, low variance, >= 0
    k3 = (r - 1) - log r        unbiased, low variance, >= 0 (r - 1 - log r >= 0 for every r > 0)

- `logp`、`logp_ref`：形状相同的浮点张量（任意形状，例如 (B, S)）：采样 token 在策略 π 和参考
  模型 π_ref 下的对数概率（<= 0）。
- 返回 `(k1, k2, k3)`，每个都是同样形状的张量（每个 token 一个估计值，不做归约），dtype 和设备
  与输入相同。不要对比值做 clamp。
- 比值要从对数概率之差得到，r = exp(logp_ref - logp)：对数概率接近 -200 时，exp(logp) 会下溢成
  0，π_ref / π 就成了 0 / 0。
- 无偏性会被精确检查：在一个小词表上，k1 和 k3 对所有 token 按 π 加权求和，都必须等于
  KL(π ‖ π_ref)。
- 梯度流经两个输入（会检查）。不做任何原地修改；不要写 Python 循环。

示例:
    >>> logp = torch.tensor([-1.0, -2.0, -0.5])
    >>> logp_ref = torch.tensor([-1.5, -1.0, -0.5])          # log r = -0.5, 1.0, 0.0
    >>> k1, k2, k3 = kl_estimators(logp, logp_ref)
    >>> k1, k2, k3
    (tensor([ 0.5000, -1.0000,  0.0000]), tensor([0.1250, 0.5000, 0.0000]), tensor([0.1065, 0.7183, 0.0000]))
"""
import torch


def kl_estimators(logp: torch.Tensor, logp_ref: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: 由差值得到 log r，再算三个估计器（约 4 行）
    raise NotImplementedError
