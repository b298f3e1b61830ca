"""随机失活 Dropout

实现 `dropout(x, p, training=True, generator=None)`：inverted dropout，与 F.dropout 一致。训练时，
`x` 的每个元素以概率 `p` 被丢弃（置 0），各元素相互独立，每个保留下来的元素乘以 `1 / (1 - p)`，
使输出的期望等于 `x`，推理时无需再做任何缩放。

- `x` 是任意形状的浮点张量；输出与 x 的形状、dtype 和设备相同。`p` 是 [0, 1] 内的浮点数：
  是丢弃（而不是保留）一个元素的概率（保留概率为 `1 - p`）。
- `training=False` 或 `p == 0`：原样返回 `x`（恒等映射）。`p == 1`：所有元素都被丢弃，返回全零
  （小心：`x * 0 / (1 - p)` 是 0/0 = NaN）。
- 所有随机性都从 `generator` 中取（例如 `torch.rand(x.shape, generator=generator,
  device=x.device)` 或 `torch.empty_like(x).bernoulli_(1 - p, generator=generator)`）：同一个
  设好种子的 generator 必须给出同一个掩码。`generator=None` 表示使用 torch 的全局 RNG。
- 不要原地修改 `x`。梯度要传到 `x`：经过保留元素的梯度为 1/(1-p)，经过被丢弃元素的为 0。
- 不要调用 F.dropout 或 nn.Dropout：这道题就是要你手写它。
- 按多次采样的频率评分（固定种子，每项检查的误判率低于 1e-6）：每个元素以概率 1 - p 被保留，
  与其他元素相互独立，且掩码只来自 `generator`（给了 generator 时不动 torch 的全局 RNG）。
  每次调用中，保留的元素必须恰好是 x / (1 - p)，被丢弃的元素恰好是 0。

示例（p = 0.5：保留的元素翻倍；哪些被保留取决于 generator）:
    >>> x = torch.tensor([1.0, 2.0, 3.0, 4.0])
    >>> dropout(x, 0.5, generator=torch.Generator().manual_seed(3))
    tensor([2., 4., 0., 8.])                # one possible mask: [1, 1, 0, 1]
    >>> dropout(x, 0.5, training=False)
    tensor([1., 2., 3., 4.])
"""
import torch


def dropout(x: torch.Tensor, p: float, training: bool = True,
            generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: 不在训练或 p == 0 时返回恒等，p == 1 时返回全零；否则用 `generator` 生成保留概率为
    # 1 - p 的掩码，再算 x * mask / (1 - p)（约 6 行）
    raise NotImplementedError
