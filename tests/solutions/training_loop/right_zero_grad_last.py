import math

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class SequenceDataset(Dataset):
    def __init__(self, sequences, labels):
        self.sequences = sequences
        self.labels = labels

    def __len__(self):
        return self.labels.shape[0]

    def __getitem__(self, i):
        return self.sequences[i], self.labels[i]


def collate(batch):
    longest = max(seq.shape[0] for seq, _ in batch)
    rows, masks, labels = [], [], []
    for seq, label in batch:
        missing = longest - seq.shape[0]
        rows.append(F.pad(seq, (0, 0, 0, missing)))                 # zeros after the tokens
        masks.append(F.pad(torch.ones(seq.shape[0], dtype=torch.bool, device=seq.device), (0, missing)))
        labels.append(label)
    return torch.stack(rows), torch.stack(masks), torch.stack(labels)


def train_epoch(model, loader, loss_fn, optimizer):
    model.train()
    sums, sizes = [], []
    for x, mask, y in loader:
        loss = loss_fn(model(x, mask), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()              # cleared at the end, so the next batch starts from none
        sums.append(loss.item() * len(y))
        sizes.append(len(y))
    return math.fsum(sums) / sum(sizes)


def evaluate(model, loader, loss_fn):
    model.train(False)
    sums, n = 0.0, 0
    with torch.no_grad():
        for x, mask, y in loader:
            sums += float(loss_fn(model(x, mask), y)) * y.numel()
            n += y.numel()
    return sums / n


class EarlyStopping:
    def __init__(self, patience):
        self.patience, self.best, self.best_epoch, self.epoch = patience, math.inf, 0, 0

    def step(self, val_loss):
        self.epoch += 1
        if val_loss < self.best:
            self.best, self.best_epoch = val_loss, self.epoch
        return self.epoch - self.best_epoch >= self.patience


def fit(model, loss_fn, optimizer, train_data, val_data, batch_size, max_epochs, patience, generator):
    history = {"train_loss": [], "val_loss": []}
    stopper = EarlyStopping(patience)
    for epoch in range(max_epochs):
        # a fresh loader each epoch: it draws from the same generator as one kept would
        train_loader = DataLoader(train_data, batch_size=batch_size, shuffle=True, generator=generator,
                                  collate_fn=collate)
        history["train_loss"].append(train_epoch(model, train_loader, loss_fn, optimizer))
        history["val_loss"].append(evaluate(model, DataLoader(val_data, batch_size=batch_size, collate_fn=collate),
                                            loss_fn))
        if stopper.step(history["val_loss"][-1]):
            break
    return history
