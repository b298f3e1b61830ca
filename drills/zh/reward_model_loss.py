"""奖励模型损失 Reward model loss

实现 `reward_model_loss(r_chosen, r_rejected, margin=None)`：在偏好对上训练奖励模型的成对
Bradley–Terry 损失（InstructGPT；Llama 2 加了 margin；TRL 的 `RewardTrainer`）。模型给一对中的
两个回复各打一个分；损失要求被选中（chosen）的回复得分高于被拒绝（rejected）的回复，给了
`margin` 时至少要高出 margin：

    P(chosen preferred) = sigmoid(r_chosen - r_rejected)                    (Bradley–Terry)
    loss = mean over the B pairs of  -log sigmoid(r_chosen - r_rejected - margin)

- `r_chosen`、`r_rejected`：浮点张量 (B,)，每对中 chosen 回复和 rejected 回复的标量奖励
  （B >= 1）。
- `margin`：None（没有 margin：即 0）或 >= 0 的浮点张量 (B,)，表示 chosen 回复被评为好多少
  （Llama 2 的分级偏好）；它要从奖励差中减去。它是数据：不需要经过它的梯度。
- 对 batch 取平均，而不是求和。
- 数值稳定：奖励差达到几百时 sigmoid 会下溢成 0，而 log(0) = -inf；计算 log sigmoid 时不要先
  算出 sigmoid（用 F.logsigmoid，或 -F.softplus(-z)）。
- 返回一个 0 维张量，dtype 和设备与输入相同；不做任何原地修改。不要对样本对写 Python 循环。

示例:
    >>> r_chosen = torch.tensor([1.0, 0.5, 2.0])
    >>> r_rejected = torch.tensor([0.0, 1.5, -1.0])      # gaps 1, -1, 3
    >>> reward_model_loss(r_chosen, r_rejected)           # per pair 0.3133, 1.3133, 0.0486
    tensor(0.5584)
    >>> reward_model_loss(r_chosen, r_rejected, margin=torch.tensor([0.5, 0.0, 1.0]))
    tensor(0.6381)                                        # per pair 0.4741, 1.3133, 0.1269
"""
import torch


def reward_model_loss(r_chosen: torch.Tensor, r_rejected: torch.Tensor,
                      margin: torch.Tensor | None = None) -> torch.Tensor:
    # TODO: 奖励差减去 margin，对它求数值稳定的 -log sigmoid，再对 batch 取平均（约 4 行）
    raise NotImplementedError
