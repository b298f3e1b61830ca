# train_epoch and evaluate sum the loss tensors and return a tensor
import torch

EXPECT = {
    'train_epoch: dtype': '',
    'evaluate: dtype': '',
    'fit: dtype': '',
}
from torch.utils.data import DataLoader, Dataset


class SequenceDataset(Dataset):
    def __init__(self, sequences: list[torch.Tensor], labels: torch.Tensor):
        self.sequences, self.labels = sequences, labels

    def __len__(self) -> int:
        return len(self.sequences)

    def __getitem__(self, i: int) -> tuple[torch.Tensor, torch.Tensor]:
        return self.sequences[i], self.labels[i]


def collate(batch: list[tuple[torch.Tensor, torch.Tensor]]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    seqs, labels = zip(*batch)
    first = seqs[0]
    longest = max(s.shape[0] for s in seqs)
    x = first.new_zeros(len(seqs), longest, first.shape[1])                   # (B, L_max, d), zeros pad
    mask = torch.zeros(len(seqs), longest, dtype=torch.bool, device=first.device)
    for i, s in enumerate(seqs):                                               # real tokens first, padding after
        x[i, :len(s)] = s
        mask[i, :len(s)] = True
    return x, mask, torch.stack(labels)


def train_epoch(model: torch.nn.Module, loader, loss_fn, optimizer) -> float:
    model.train()                                        # dropout on
    total, seen = 0.0, 0
    for x, mask, y in loader:
        optimizer.zero_grad()                            # before backward: the last batch's grads are gone
        loss = loss_fn(model(x, mask), y)                # the batch's mean loss
        loss.backward()
        optimizer.step()
        total += loss * len(y)                           # the graph of every batch stays alive
        seen += len(y)
    return total / seen


def evaluate(model: torch.nn.Module, loader, loss_fn) -> float:
    model.eval()                                         # dropout off
    total, seen = 0.0, 0
    with torch.no_grad():                                # no graph: nothing will call backward
        for x, mask, y in loader:
            total += loss_fn(model(x, mask), y) * len(y)
            seen += len(y)
    return total / seen


class EarlyStopping:
    def __init__(self, patience: int):
        self.patience = patience
        self.best = float("inf")
        self.bad_epochs = 0

    def step(self, val_loss: float) -> bool:
        if val_loss < self.best:                         # a new best: start counting again
            self.best, self.bad_epochs = val_loss, 0
        else:
            self.bad_epochs += 1
        return self.bad_epochs >= self.patience


def fit(model: torch.nn.Module, loss_fn, optimizer, train_data: Dataset, val_data: Dataset,
        batch_size: int, max_epochs: int, patience: int, generator: torch.Generator) -> dict:
    # only the training loader shuffles, and only it draws from the generator
    train_loader = DataLoader(train_data, batch_size=batch_size, shuffle=True, generator=generator,
                              collate_fn=collate)
    val_loader = DataLoader(val_data, batch_size=batch_size, collate_fn=collate)
    stopper = EarlyStopping(patience)
    history = {"train_loss": [], "val_loss": []}
    for _ in range(max_epochs):
        history["train_loss"].append(train_epoch(model, train_loader, loss_fn, optimizer))
        history["val_loss"].append(evaluate(model, val_loader, loss_fn))
        if stopper.step(history["val_loss"][-1]):
            break
    return history
