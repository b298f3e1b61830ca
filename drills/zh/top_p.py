"""核采样 Nucleus (top-p) sampling

实现两个函数。

`top_p_filter(logits, p)` 保留核（nucleus）：概率之和达到 `p` 的、由最可能的 token 组成的最小集合。
其余全部变为 -inf。

- `logits` 是形状为 (..., V) 的浮点张量：前面可以有任意多个维度，最后一维是词表。每行单独过滤。
  `p` 是 (0, 1] 中的浮点数。
- 规则：把该行转成概率 (softmax)，按降序排序，一个 token 被保留当且仅当严格排在它之前的概率质量
  （比它更可能的 token 的概率之和）< p。所以最大的 token 总会被保留，让累计和越过 p 的那个 token
  也会被保留。
- 返回一个新的 (..., V) 张量，保持词表顺序（不是排序后的顺序）：保留的 token 保持原 logit，其余为
  -inf。dtype 和设备与 `logits` 相同。不要原地修改 `logits`。很大的 logits (|x| ~ 1000) 也必须能用：
  softmax 要数值稳定地计算。

`top_p_sample(logits, p, temperature=1.0, generator=None)` 为每行采样一个 token id。

- 先把 logits 除以 `temperature`，再用 top_p_filter 过滤，然后从剩下部分的 softmax 中采样。
- 返回形状为 (...) 的 long 张量（logits 为 (V,) 时返回 0 维张量），位于 logits 所在的设备上。
- 所有随机性都取自 `generator`（例如 torch.multinomial(..., generator=generator)）：同一个设好种子的
  generator 必须给出相同的采样结果。
- 按统计方式评分：采样很多次；核之外的 token 绝不能出现，其余 token 的频率必须与过滤后的分布吻合。

示例:
    >>> logits = torch.tensor([1.0, -1.0, 2.0, 0.5])   # probs 0.224, 0.030, 0.610, 0.136
    >>> top_p_filter(logits, p=0.8)    # sorted: 0.610 (before 0), 0.224 (before 0.610), 0.136 (before 0.834)
    tensor([1., -inf, 2., -inf])
    >>> top_p_sample(logits, p=0.8, generator=torch.Generator().manual_seed(0))
    tensor(2)                          # 2 with probability 0.73, 0 with 0.27, never 1 or 3
"""
import torch


def top_p_filter(logits: torch.Tensor, p: float) -> torch.Tensor:
    # TODO: 降序排序，softmax，求每个 token 之前的概率质量，去掉 >= p 的，映射回词表顺序，
    # 填 -inf（约 6 行）
    raise NotImplementedError


def top_p_sample(logits: torch.Tensor, p: float, temperature: float = 1.0,
                 generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: 除以温度，过滤，softmax，对各行做 torch.multinomial（约 4 行）
    raise NotImplementedError
