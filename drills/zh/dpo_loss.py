"""DPO损失 DPO loss

实现 `dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, beta=0.1)`：直接偏好优化（Direct
Preference Optimisation，Rafailov 等人 2023）的损失，即 TRL 默认的 "sigmoid" 损失。对每个偏好对，
相对于冻结的参考模型，策略模型提高 chosen 回复的对数概率应比提高 rejected 回复的更多：

    chosen_reward   = beta * (pi_chosen   - ref_chosen)          (B,)
    rejected_reward = beta * (pi_rejected - ref_rejected)        (B,)
    loss = mean over the batch of  -log sigmoid(chosen_reward - rejected_reward)

- 四个输入都是形状为 (B,) 的浮点张量：整条回复（chosen 或 rejected）在策略模型（`pi_*`）或参考
  模型（`ref_*`）下的对数概率之和，所以它们是绝对值很大的负数（-30、-400……）。
- 返回 `(loss, chosen_reward, rejected_reward)`：`loss` 是 0 维张量，两个奖励是 (B,) 张量。奖励
  只用于记录日志：要从 autograd 计算图中 detach。loss 保留计算图（它的梯度用来训练策略模型）。
- 数值稳定：差值达到几百时 sigmoid 会下溢成 0，而 log(0) = -inf。要用不会下溢的 log-sigmoid
  （F.logsigmoid 或 softplus：-log sigmoid(z) = softplus(-z)）。
- 输出的 dtype 和设备与输入相同；不做任何原地修改。不要对 batch 写 Python 循环。

示例:
    >>> loss, cr, rr = dpo_loss(torch.tensor([-10.0, -8.0]), torch.tensor([-12.0, -7.0]),
    ...                         torch.tensor([-11.0, -8.0]), torch.tensor([-11.0, -8.0]))
    >>> loss, cr, rr          # margins cr - rr = [0.2, -0.1]
    (tensor(0.6713), tensor([0.1000, 0.0000]), tensor([-0.1000,  0.1000]))
"""
import torch


def dpo_loss(pi_chosen: torch.Tensor, pi_rejected: torch.Tensor, ref_chosen: torch.Tensor,
             ref_rejected: torch.Tensor, beta: float = 0.1) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: 两个隐式奖励，对它们的差求数值稳定的 -logsigmoid 并对 batch 取平均，以及 detach 后的
    # 奖励（约 4 行）
    raise NotImplementedError
