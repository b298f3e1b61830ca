"""KL散度 KL divergence

实现 `kl_divergence(p_logits, q_logits)`：对每一行，计算两个分布 p = softmax(p_logits) 和
q = softmax(q_logits) 之间的 Kullback-Leibler 散度 KL(p ‖ q)：

    KL(p ‖ q) = sum_c p_c * (log p_c - log q_c)

- `p_logits`、`q_logits`：形状为 `(N, C)` 的浮点张量，N 行、每行 C 个类别（是 logits，不是
  概率）。结果形状为 `(N,)`：每行一个散度，对类别求和，不取平均，也不在行之间归约。输出的 dtype
  和设备与输入相同。
- 注意方向：期望是在 p（第一个参数）下取的。KL(p ‖ q) != KL(q ‖ p)。
- 数值稳定：用 log-softmax 计算 log p 和 log q，即 `x - logsumexp(x)`，取指数前先减去每行的
  最大值。logits 大到 1e4，以及概率下溢为 0 的行（logits 相差几百），也必须给出有限且正确的值；
  log(softmax(x)) 在那里会得到 log(0) = -inf。
- 对两个输入的梯度都要评分。
- 不要调用 F.kl_div（或 nn.KLDivLoss）：这道题就是要你手写它。

示例:
    >>> p_logits = torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, -1.0]])
    >>> q_logits = torch.tensor([[0.0, 0.0, 0.0], [0.5, 0.5, -1.0]])
    >>> kl_divergence(p_logits, q_logits)        # row 1: p == q
    tensor([0.2662, 0.0000])
    >>> kl_divergence(q_logits[:1], p_logits[:1])  # the other direction differs
    tensor([0.3090])
"""
import torch


def kl_divergence(p_logits: torch.Tensor, q_logits: torch.Tensor) -> torch.Tensor:
    # TODO: 对两者做数值稳定的 log-softmax，再对类别求 p * (log p - log q) 之和（约 5 行）
    raise NotImplementedError
