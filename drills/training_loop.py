"""Training loop with early stopping 训练循环与早停

Write the pieces of a classification training loop over variable-length sequences, and `fit`,
which puts them together. The model, loss and optimiser are given: `model(x, mask)` returns
logits (B, classes); `loss_fn(logits, y)` returns the batch's MEAN loss (nn.CrossEntropyLoss);
`optimizer` works on the model's parameters with zero_grad() and step(), as a
torch.optim.Optimizer does.

`class SequenceDataset` (map-style, like a torch.utils.data.Dataset):
    SequenceDataset(sequences, labels): `sequences` a list of N float tensors (L_i, d),
    L_i >= 1; `labels` a long tensor (N,). len(ds) is N; ds[i] is (sequences[i], labels[i]).

`collate(batch) -> (x, mask, y)`: `batch` is a list of B items (sequence (L_i, d), label 0-dim).
    x     (B, L_max, d), the items' dtype and device; item i in x[i, :L_i], zeros after it
          (L_max: the longest item of THIS batch)
    mask  (B, L_max) bool, True = a real token
    y     (B,) the labels stacked

`train_epoch(model, loader, loss_fn, optimizer) -> float`: one pass over `loader`, which yields
(x, mask, y) batches. Call model.train() first (the model may arrive in eval() mode). Per batch:
optimizer.zero_grad() (before backward), loss = loss_fn(model(x, mask), y), loss.backward(),
optimizer.step(). Return the mean loss over the ITEMS as a Python float: each batch's mean loss
weighted by its size (the last batch may be smaller), using the loss computed before the step.

`evaluate(model, loader, loss_fn) -> float`: model.eval() and no autograd (torch.no_grad());
the same weighted mean over the items. No zero_grad, backward or step.

`class EarlyStopping`: EarlyStopping(patience); `step(val_loss) -> bool`, called once per epoch.
A loss strictly below the best so far (inf at first) is an improvement: it becomes the best and
the count of epochs without improvement goes back to 0; any other loss (a tie too) adds 1 to
the count. Return True (stop) once the count reaches `patience`.

`fit(model, loss_fn, optimizer, train_data, val_data, batch_size, max_epochs, patience, generator)
-> dict`: `train_data` and `val_data` are SequenceDatasets.
- Training loader: DataLoader(train_data, batch_size=batch_size, shuffle=True,
  generator=generator, collate_fn=collate); the grader replays this exact order.
- Validation loader: DataLoader(val_data, batch_size=batch_size, collate_fn=collate), NOT given
  the generator (iterating a DataLoader draws a seed from its generator, which would change the
  training order).
- Each epoch: train_epoch, then evaluate on the validation loader, then EarlyStopping.step(val
  loss); stop when it says so, or after max_epochs epochs.
- Return {"train_loss": [one float per epoch run], "val_loss": [one float per epoch run]}. The
  weights are left as the last epoch made them.

Example:
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
        # TODO: keep them (about 1 line)
        raise NotImplementedError

    def __len__(self) -> int:
        # TODO: (about 1 line)
        raise NotImplementedError

    def __getitem__(self, i: int) -> tuple[torch.Tensor, torch.Tensor]:
        # TODO: (about 1 line)
        raise NotImplementedError


def collate(batch: list[tuple[torch.Tensor, torch.Tensor]]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: the longest length, zeros of (B, L_max, d), copy each item to the front of its row,
    # the mask, the stacked labels (about 9 lines)
    raise NotImplementedError


def train_epoch(model: torch.nn.Module, loader, loss_fn, optimizer) -> float:
    # TODO: train mode; per batch zero_grad, forward, loss, backward, step; the weighted mean
    # loss (about 10 lines)
    raise NotImplementedError


def evaluate(model: torch.nn.Module, loader, loss_fn) -> float:
    # TODO: eval mode, no_grad, the weighted mean loss (about 7 lines)
    raise NotImplementedError


class EarlyStopping:
    def __init__(self, patience: int):
        # TODO: patience, the best loss so far, the count (about 3 lines)
        raise NotImplementedError

    def step(self, val_loss: float) -> bool:
        # TODO: improvement or not, then whether to stop (about 5 lines)
        raise NotImplementedError


def fit(model: torch.nn.Module, loss_fn, optimizer, train_data: Dataset, val_data: Dataset,
        batch_size: int, max_epochs: int, patience: int, generator: torch.Generator) -> dict:
    # TODO: the two loaders, the stopper and the history; train, evaluate and check each epoch
    # (about 12 lines)
    raise NotImplementedError
