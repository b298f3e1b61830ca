"""混合专家路由 Top-k MoE router

实现 `route(x, gate_weight, k)`：混合专家（MoE）层的路由器（Switch Transformer、Mixtral、
DeepSeek-MoE）。每个 token 选出它最好的 `k` 个专家，并为每个专家得到一个权重；一个辅助损失让各
专家的负载保持均衡。

- `x` (T, d)：T 个 token。`gate_weight` (E, d)：每个专家一行（一个不带偏置的 nn.Linear 权重），
  所以路由 logits 是 `x @ gate_weight.T`，形状 (T, E)。
- `probs` = logits 在专家维度（最后一维）上的 softmax，要数值稳定。
- Top-k：对每个 token 取概率最大的 k 个专家，从大到小排列（即 torch.topk 返回的顺序）。
  `experts` (T, k)，long 类型，存它们的下标；`weights` (T, k) 存它们的概率，并在选中的 k 个上
  重新归一化，使和为 1（probs / 选中概率之和）。
- `aux_loss`，一个 0 维张量，即 Switch 风格的负载均衡损失：

      aux_loss = E * sum over experts e of  f_e * P_e
      f_e = (number of tokens whose top-k includes e) / (T * k)    share of the T·k routing slots
      P_e = mean over the T tokens of probs[:, e]                  mean router probability

  f_e 是计数（梯度不流过它）；P_e 携带梯度。两者在所有专家上的和都为 1，所以完全均衡的路由器
  aux_loss = 1。k = 1 时这正是 Switch Transformer 的损失（alpha = 1）；Mixtral 的 HF 代码没有把
  f_e 除以 k。
- 梯度通过 `weights` 和 `aux_loss` 传到 `x` 和 `gate_weight`。输出 dtype：`weights` 和 `aux_loss`
  与输入相同，`experts` 为 int64；都在输入所在的设备上。
- 向量化：不要对 token 写 Python 循环。

示例:
    >>> x = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    >>> gate_weight = torch.tensor([[1.0, 0.0], [0.0, 2.0], [-1.0, 0.5]])
    >>> weights, experts, aux_loss = route(x, gate_weight, k=2)
    >>> experts                  # probs rows: [.665 .245 .090], [.100 .736 .164], [.254 .690 .057]
    tensor([[0, 1],
            [1, 2],
            [1, 0]])
    >>> weights                  # e.g. row 0: .665 / (.665 + .245)
    tensor([[0.7311, 0.2689],
            [0.8176, 0.1824],
            [0.7311, 0.2689]])
    >>> aux_loss                 # f = [2, 3, 1] / 6, P = [.340 .557 .104]
    tensor(1.2266)
"""
import torch


def route(x: torch.Tensor, gate_weight: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: logits，在专家维度上 softmax，top-k 并重新归一化；然后由选中的专家算 f_e，
    # 由概率算 P_e，最后算辅助损失（约 10 行）
    raise NotImplementedError
