import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader, Dataset


class SequenceDataset(Dataset):
    def __init__(self, sequences, labels):
        self.items = list(zip(sequences, labels))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def collate(batch):
    seqs = [s for s, _ in batch]
    lengths = torch.tensor([len(s) for s in seqs], device=seqs[0].device)
    x = pad_sequence(seqs, batch_first=True)
    mask = torch.arange(x.shape[1], device=x.device)[None, :] < lengths[:, None]
    return x, mask, torch.stack([y for _, y in batch])


def train_epoch(model, loader, loss_fn, optimizer):
    model.train()
    total, count = torch.zeros((), dtype=torch.float64), 0
    for x, mask, y in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = loss_fn(model(x, mask), y)
        loss.backward()
        optimizer.step()
        total += loss.detach().double() * y.shape[0]          # detached: no graph kept across batches
        count += y.shape[0]
    return (total / count).item()


@torch.inference_mode()
def _mean_loss(model, loader, loss_fn):
    losses = [(loss_fn(model(x, mask), y), len(y)) for x, mask, y in loader]
    return sum(l.item() * n for l, n in losses) / sum(n for _, n in losses)


def evaluate(model, loader, loss_fn):
    model.eval()
    return _mean_loss(model, loader, loss_fn)


class EarlyStopping:
    def __init__(self, patience):
        self.patience = patience
        self.losses = []

    def step(self, val_loss):
        self.losses.append(val_loss)
        best, since_best = float("inf"), 0          # replayed from the start every epoch
        for loss in self.losses:
            best, since_best = (loss, 0) if loss < best else (best, since_best + 1)
        return since_best >= self.patience


def fit(model, loss_fn, optimizer, train_data, val_data, batch_size, max_epochs, patience, generator):
    train_loader = DataLoader(train_data, batch_size, shuffle=True, collate_fn=collate, generator=generator)
    val_loader = DataLoader(val_data, batch_size, shuffle=False, collate_fn=collate)
    stopper = EarlyStopping(patience)
    train_losses, val_losses = [], []
    epoch, stop = 0, False
    while epoch < max_epochs and not stop:
        train_losses.append(train_epoch(model, train_loader, loss_fn, optimizer))
        val_losses.append(evaluate(model, val_loader, loss_fn))
        stop = stopper.step(val_losses[-1])
        epoch += 1
    return {"train_loss": train_losses, "val_loss": val_losses}
