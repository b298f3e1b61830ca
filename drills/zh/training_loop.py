"""训练循环与早停 Training loop with early stopping

实现一个对变长序列做分类的训练循环的各个部件，以及把它们组装起来的 `fit`。模型、损失和优化器都已
给出：`model(x, mask)` 返回 logits (B, classes)；`loss_fn(logits, y)` 返回该 batch 的平均损失
（nn.CrossEntropyLoss）；`optimizer` 作用于模型参数，提供 zero_grad() 和 step()，与
torch.optim.Optimizer 一样。

`class SequenceDataset`（map-style，类似 torch.utils.data.Dataset）：
    SequenceDataset(sequences, labels): `sequences` a list of N float tensors (L_i, d),
    L_i >= 1; `labels` a long tensor (N,). len(ds) is N; ds[i] is (sequences[i], labels[i]).

`collate(batch) -> (x, mask, y)`：`batch` 是 B 个样本的列表（序列 (L_i, d)，0 维标签）。
    x     (B, L_max, d), the items' dtype and device; item i in x[i, :L_i], zeros after it
          (L_max: the longest item of THIS batch)
    mask  (B, L_max) bool, True = a real token
    y     (B,) the labels stacked

`train_epoch(model, loader, loss_fn, optimizer) -> float`：遍历一遍 `loader`，它产出 (x, mask, y)
batch。先调用 model.train()（传进来的模型可能处于 eval() 模式）。每个 batch：optimizer.zero_grad()
（在 backward 之前），loss = loss_fn(model(x, mask), y)，loss.backward()，optimizer.step()。返回
按「样本」平均的损失（Python float）：每个 batch 的平均损失按其大小加权（最后一个 batch 可能更小），
用的是 step 之前算出的损失。

`evaluate(model, loader, loss_fn) -> float`：model.eval() 且不使用 autograd (torch.no_grad())；
同样是按样本加权的平均。不要 zero_grad、backward 或 step。

`class EarlyStopping`：EarlyStopping(patience)；`step(val_loss) -> bool`，每个 epoch 调用一次。
严格低于目前最好值（初始为 inf）的损失算作改进：它成为新的最好值，没有改进的 epoch 计数归 0；其他
任何损失（包括相等）都让计数加 1。计数达到 `patience` 时返回 True（停止）。

`fit(model, loss_fn, optimizer, train_data, val_data, batch_size, max_epochs, patience, generator)
-> dict`: `train_data` and `val_data` 都是 SequenceDataset。
- 训练 loader：DataLoader(train_data, batch_size=batch_size, shuffle=True,
  generator=generator, collate_fn=collate)；评分器会重放完全相同的顺序。
- 验证 loader：DataLoader(val_data, batch_size=batch_size, collate_fn=collate)，不要传 generator
  （遍历 DataLoader 时会从它的 generator 取一个种子，这会改变训练顺序）。
- 每个 epoch：train_epoch，然后在验证 loader 上 evaluate，然后 EarlyStopping.step(验证损失)；
  它说停就停，或者跑满 max_epochs 个 epoch。
- 返回 {"train_loss": [每个已运行的 epoch 一个 float], "val_loss": [每个已运行的 epoch 一个 float]}。
  权重保持最后一个 epoch 训练后的状态。

示例:
    >>> x, mask, y = collate([(torch.tensor([[1.0], [2.0]]), torch.tensor(0)),
    ...                       (torch.tensor([[3.0]]), torch.tensor(2))])
    >>> x.squeeze(-1), mask, y
    (tensor([[1., 2.],
            [3., 0.]]), tensor([[ True,  True],
            [ True, False]]), tensor([0, 2]))
    >>> stopper = EarlyStopping(patience=2)
    >>> [stopper.step(v) for v in [1.0, 0.8, 0.9, 0.7, 0.75, 0.72]]   # best 0.7, then two worse
    [False, False, False, False, False, True]
"""
import torch
from torch.utils.data import DataLoader, Dataset


class SequenceDataset(Dataset):
    def __init__(self, sequences: list[torch.Tensor], labels: torch.Tensor):
        # TODO: 保存它们（约 1 行）
        raise NotImplementedError

    def __len__(self) -> int:
        # TODO: （约 1 行）
        raise NotImplementedError

    def __getitem__(self, i: int) -> tuple[torch.Tensor, torch.Tensor]:
        # TODO: （约 1 行）
        raise NotImplementedError


def collate(batch: list[tuple[torch.Tensor, torch.Tensor]]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: 最大长度，(B, L_max, d) 的全零张量，把每个样本复制到其所在行的开头，
    # 掩码，堆叠的标签（约 9 行）
    raise NotImplementedError


def train_epoch(model: torch.nn.Module, loader, loss_fn, optimizer) -> float:
    # TODO: 训练模式；每个 batch：zero_grad、前向、损失、backward、step；按样本加权的平均
    # 损失（约 10 行）
    raise NotImplementedError


def evaluate(model: torch.nn.Module, loader, loss_fn) -> float:
    # TODO: eval 模式，no_grad，按样本加权的平均损失（约 7 行）
    raise NotImplementedError


class EarlyStopping:
    def __init__(self, patience: int):
        # TODO: patience，目前最好的损失，计数（约 3 行）
        raise NotImplementedError

    def step(self, val_loss: float) -> bool:
        # TODO: 判断是否改进，再判断是否停止（约 5 行）
        raise NotImplementedError


def fit(model: torch.nn.Module, loss_fn, optimizer, train_data: Dataset, val_data: Dataset,
        batch_size: int, max_epochs: int, patience: int, generator: torch.Generator) -> dict:
    # TODO: 两个 loader，早停器和历史记录；每个 epoch 训练、评估并检查是否停止
    # （约 12 行）
    raise NotImplementedError
