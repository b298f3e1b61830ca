"""余弦退火 Warmup + cosine schedule

实现 `lr_at(step, max_lr, min_lr, warmup_steps, total_steps)`：线性 warmup 加余弦衰减学习率调度
（GPT-2/3、LLaMA、nanoGPT）在优化器第 `step` 步（从 0 开始）的学习率：

- warmup 阶段，`step < warmup_steps`：从 0 线性上升，
      lr = max_lr * step / warmup_steps         (step 0 -> 0.0)
- 衰减阶段，`warmup_steps <= step <= total_steps`：在 warmup 之后剩下的 `total_steps - warmup_steps`
  步内，按半个余弦周期从 max_lr 降到 min_lr，
      progress = (step - warmup_steps) / (total_steps - warmup_steps)      # 0 -> 1
      lr = min_lr + 0.5 * (max_lr - min_lr) * (1 + cos(pi * progress))
  所以 step == warmup_steps 时 lr == max_lr，step == total_steps 时 lr == min_lr；
- 调度结束之后，`step > total_steps`：保持 min_lr。

`step`、`warmup_steps` 和 `total_steps` 是整数，满足 0 <= warmup_steps < total_steps
（warmup_steps = 0 表示没有 warmup）；`max_lr >= min_lr >= 0` 是浮点数。返回 Python float。
用闭式公式：每一步的计算量相同，不要对步数循环。

示例（max_lr=1.0，min_lr=0.1，warmup_steps=2，total_steps=6），第 0 到 7 步：
    >>> [round(lr_at(s, 1.0, 0.1, 2, 6), 4) for s in range(8)]
    [0.0, 0.5, 1.0, 0.8682, 0.55, 0.2318, 0.1, 0.1]
"""
import math


def lr_at(step: int, max_lr: float, min_lr: float, warmup_steps: int, total_steps: int) -> float:
    # TODO: 分三段：warmup、余弦衰减、之后保持 min_lr（约 6 行）
    raise NotImplementedError
