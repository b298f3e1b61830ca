"""交叉熵 Cross-entropy

实现 `cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0,
reduction="mean")`，含义与 `F.cross_entropy` 在类别索引 target 下完全一致。

- `logits` 是 `(N, C)` 的浮点张量（未归一化的分数）；`target` 是 `(N,)` 的 long 张量，每个元素是
  `[0, C)` 中的类别或 `ignore_index`。`weight` 是 `(C,)` 的类别权重，或为 `None`（全为 1）。
- `log p = log_softmax(logits)` 在类别维上计算，用 log-sum-exp 实现。不要用 `log(softmax)`，
  也不要用 `log(clamp(softmax, eps))`：logits 为 1e4 时也必须给出精确的（很大但有限的）损失。
- 对第 `i` 行，设 target 为 `t`，类别权重为 `w`，`eps = label_smoothing`：

      loss_i = (1 - eps) * w[t] * (-log p[i, t])  +  (eps / C) * sum_c w[c] * (-log p[i, c])

  平滑的概率质量分摊到全部 C 个类别上，包括 target 本身。target 等于 `ignore_index` 的行
  `loss_i = 0`（它的 target 可能越界，比如 -100：不要拿它做索引）。
- `reduction="none"`：返回 `loss_i` 组成的 `(N,)` 向量。`"sum"`：它们的和。`"mean"`：加权平均

      sum_i loss_i / sum_{i not ignored} w[target_i]

  即除以保留下来的各行 target 的权重之和（`weight` 为 None 时就是行数），绝不是除以 N。
- `"mean"` 和 `"sum"` 返回 0 维张量。结果与 logits 的 dtype 和设备相同；梯度能传到 `logits`。
- 不要调用 `F.cross_entropy`、`F.nll_loss`、`nn.CrossEntropyLoss`、`nn.NLLLoss` 或 softmax 一族
  （`softmax`、`log_softmax`、`nn.Softmax`、`nn.LogSoftmax`）；可以用 `logsumexp`。

示例:
    >>> logits = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]])
    >>> target = torch.tensor([0, 1])
    >>> cross_entropy(logits, target, reduction="none")
    tensor([0.4170, 0.2200])
    >>> cross_entropy(logits, target)                                     # (0.4170 + 0.2200) / 2
    tensor(0.3185)
    >>> cross_entropy(logits, target, weight=torch.tensor([1.0, 3.0, 1.0]))   # (0.4170 + 3 * 0.2200) / 4
    tensor(0.2693)
    >>> cross_entropy(logits, torch.tensor([0, -100]))                    # the second row is ignored
    tensor(0.4170)
"""
import torch


def cross_entropy(logits: torch.Tensor, target: torch.Tensor, weight: torch.Tensor | None = None,
                  ignore_index: int = -100, label_smoothing: float = 0.0,
                  reduction: str = "mean") -> torch.Tensor:
    # TODO: 用 log-sum-exp 算 log-softmax，取出每行 target 对应的值，乘权重，做平滑，
    # 把被忽略的行置零，再做归约（约 12 行）
    raise NotImplementedError
