"""InfoNCE对比损失 InfoNCE / CLIP contrastive loss

实现 `infonce_loss(a, b, temperature=0.07)`：CLIP（Radford 等人，2021）的对称对比损失，即在两个
方向上各算一次 InfoNCE（van den Oord 等人，2018）。`a` 的第 i 行和 `b` 的第 i 行是同一个样本的
两个视图（一张图片和它的描述，或同一张图的两种数据增强）；batch 里其余各行都是负样本：

    â_i = a_i / ‖a_i‖,  b̂_i = b_i / ‖b_i‖          each ROW normalised to unit L2 norm
    logits = â b̂ᵀ / temperature                    (N, N) cosine similarities divided by τ
    loss = ( CE(logits, labels) + CE(logitsᵀ, labels) ) / 2,     labels = [0, 1, ..., N - 1]

CE 是对 N 行取平均的交叉熵。第一项要求每个 a_i 在所有 b 中选出 b_i；第二项要求每个 b_i 在所有 a
中选出 a_i：两个方向都算，再取平均。

- `a`、`b`：浮点张量 (N, D)，N >= 1，没有全零的行。`temperature`：大于 0 的浮点数；相似度要
  除以它（τ 越小，softmax 越尖锐）。
- 返回一个 0 维张量，dtype 和设备与输入相同。梯度流向 `a` 和 `b`（会检查）。τ = 0.01（logits
  可达 100）时也要数值稳定：减去最大值，或者用本身就这么做的 F.cross_entropy / log_softmax。
  可以使用 F.normalize 和 F.cross_entropy。
- 不做任何原地修改；不要对行写 Python 循环。

示例:
    >>> a = torch.tensor([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]])
    >>> b = torch.tensor([[2.0, 1.0], [0.0, 1.0], [-1.0, 1.0]])
    >>> infonce_loss(a, b, temperature=0.5)       # a -> b: 1.0969, b -> a: 1.0433
    tensor(1.0701)
"""
import torch


def infonce_loss(a: torch.Tensor, b: torch.Tensor, temperature: float = 0.07) -> torch.Tensor:
    # TODO: 对每行归一化，算出 (N, N) 的 logits，两个方向上都以对角线为标签求交叉熵，
    # 再取平均（约 5 行）
    raise NotImplementedError
