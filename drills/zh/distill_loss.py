"""知识蒸馏损失 Knowledge distillation loss

实现 `distill_loss(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5)`：即 Hinton
等人（2015）的知识蒸馏损失。学生模型去拟合教师模型软化后的分布（两边都在温度 T 下做 softmax），
剩下的权重则用来拟合真实标签：

    p_t = softmax(teacher_logits / T),   log q_s = log_softmax(student_logits / T)     (N, C)
    soft = mean over the N rows of  KL(p_t ‖ q_s) = Σ_c p_t (log p_t - log q_s)
    hard = mean over the N rows of  CE(student_logits, labels)                  at temperature 1
    loss = alpha · T² · soft + (1 - alpha) · hard

- `student_logits`、`teacher_logits`：浮点 (N, C)，N >= 1，C >= 2。`labels`：long (N,)，取值在
  [0, C) 内。`temperature` T > 0；`alpha` 在 [0, 1] 内，是软（蒸馏）项的权重。
- KL(teacher ‖ student)：期望是在教师分布（即目标）下取的。注意 `F.kl_div(input, target)` 的
  `input` 要传学生的对数概率（LOG-probabilities），它算的是 KL(target ‖ input)；
  `reduction="batchmean"` 是对行取平均（"mean" 还会再除以 C）。
- 乘上 T² 是为了在 T 变化时，让软项的梯度与硬项的梯度保持同一量级（软项梯度按 1/T² 缩小）。
  两个 softmax 用同一个 T；硬项不用温度。
- 教师是冻结的：传入的 logits 已经 detach。梯度流向 `student_logits`（会检查）。返回一个 0 维
  张量，dtype 和设备与学生的相同；logits 接近 ±1000 时也要数值稳定（用对数概率计算：下溢成 0
  的概率取 log 会得到 -inf）。
- 不做任何原地修改；不要对行写 Python 循环。

示例:
    >>> s = torch.tensor([[2.0, 0.0, -1.0], [0.5, 0.5, 0.0]])
    >>> t = torch.tensor([[3.0, 1.0, -2.0], [0.0, 2.0, 0.0]])
    >>> distill_loss(s, t, torch.tensor([0, 1]), temperature=2.0, alpha=0.5)
    tensor(0.4179)
    # soft = 0.0679 (T² · soft = 0.2718), hard = 0.5639: 0.5 · 0.2718 + 0.5 · 0.5639
"""
import torch


def distill_loss(student_logits: torch.Tensor, teacher_logits: torch.Tensor, labels: torch.Tensor,
                 temperature: float = 2.0, alpha: float = 0.5) -> torch.Tensor:
    # TODO: 两边都在 T 下做 log-softmax，在教师分布下求 KL 并对行取平均，乘以 T²，再与硬交叉熵
    # 加权混合（约 6 行）
    raise NotImplementedError
