"""词嵌入 Embedding lookup

实现 `embedding(ids, table)`：把每个 token id 替换成 embedding 表中对应的那一行。

    out[..., :] = table[ids[...], :]

- `ids` 是任意形状 `(...)` 的整数（`torch.long`）张量——标量、`(S,)`、`(B, S)`……——
  取值在 `[0, V)` 内；id 可以重复。
- `table` 的形状是 `(V, d)`：第 `i` 行是 token `i` 的向量。输出形状为 `(..., d)`，dtype 与表相同，
  且在表所在的设备上。
- 梯度要传回 `table`：被多次使用的行，得到所有用到它的位置的梯度之和（从未用到的行梯度为零）。
- 不要调用 `F.embedding`、`torch.embedding` 或 `nn.Embedding`：这道题就是要你手写它。

示例:
    >>> table = torch.tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]])   # V=3, d=2
    >>> embedding(torch.tensor([[2, 1], [1, 0]]), table)             # ids (2, 2) -> (2, 2, 2)
    tensor([[[3., 4.],
             [1., 2.]],
            [[1., 2.],
             [0., 0.]]])
"""
import torch


def embedding(ids: torch.Tensor, table: torch.Tensor) -> torch.Tensor:
    # TODO: 按 ids 取出 table 中的行，前面保持 ids 的形状（约 1 行）
    raise NotImplementedError
