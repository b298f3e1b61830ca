import pytest
import torch
from torch import nn
from torch.nn.utils.rnn import pad_sequence

from reference.training_loop import EarlyStopping, SequenceDataset, collate, evaluate, fit, train_epoch


def items(n, seed, d=3):
    g = torch.Generator().manual_seed(seed)
    lengths = torch.randint(1, 6, (n,), generator=g).tolist()
    return [torch.randn(L, d, generator=g) for L in lengths], torch.randint(0, 3, (n,), generator=g)


def padded(seqs):
    """pad_sequence's padding and the mask of the real tokens."""
    x = pad_sequence(list(seqs), batch_first=True)
    lengths = torch.tensor([len(s) for s in seqs])
    return x, torch.arange(x.shape[1]) < lengths[:, None]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_collate_agrees_with_pad_sequence(seed, dtype):
    seqs, labels = items(1 + seed, seed)
    seqs = [s.to(dtype) for s in seqs]
    x, mask, y = collate(list(zip(seqs, labels)))
    want_x, want_mask = padded(seqs)
    assert x.dtype == dtype and mask.dtype == torch.bool
    torch.testing.assert_close(x, want_x, rtol=0, atol=0)
    assert torch.equal(mask, want_mask) and torch.equal(y, labels)


def test_dataset_items():
    seqs, labels = items(4, 1)
    ds = SequenceDataset(seqs, labels)
    assert len(ds) == 4
    for i in range(4):
        s, y = ds[i]
        assert s is seqs[i] and torch.equal(y, labels[i])


class Model(nn.Module):
    """Masked mean pooling, dropout from a generator of its own, a linear head; records its forwards."""

    def __init__(self, seed, d=3, hidden=6, classes=3):
        super().__init__()
        torch.manual_seed(seed)
        self.embed, self.head = nn.Linear(d, hidden), nn.Linear(hidden, classes)
        self.dropout = torch.Generator().manual_seed(seed + 1)
        self.calls = []
        self.head.weight.register_hook(lambda g: self.calls.append("backward"))

    def forward(self, x, mask):
        self.calls.append(("forward", self.training, torch.is_grad_enabled()))
        h = torch.tanh(self.embed(x))
        h = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
        if self.training:
            h = h * (torch.rand(h.shape, generator=self.dropout) >= 0.5) / 0.5
        return self.head(h)


class Recorded(torch.optim.SGD):
    def __init__(self, model, **kwargs):
        super().__init__(model.parameters(), **kwargs)
        self.calls = model.calls

    def zero_grad(self, set_to_none=True):
        self.calls.append("zero_grad")
        super().zero_grad(set_to_none)

    def step(self, closure=None):
        self.calls.append("step")
        return super().step(closure)


def plain_loop(model, optimizer, train, val, batch_size, max_epochs, patience, generator):
    """The loop written out without DataLoader. Each epoch, iterating a DataLoader with `generator` draws from it
    one int64 seed (for workers), the permutation, and a second permutation that RandomSampler slices to the
    remainder of num_samples // n (empty) once the first is used up."""
    (seqs, labels), (val_seqs, val_labels) = train, val
    history, best, since_best = {"train_loss": [], "val_loss": []}, float("inf"), 0
    for _ in range(max_epochs):
        torch.empty((), dtype=torch.int64).random_(generator=generator)
        order = torch.randperm(len(seqs), generator=generator).tolist()
        torch.randperm(len(seqs), generator=generator)
        model.train()
        total = 0.0
        for start in range(0, len(order), batch_size):
            idx = order[start:start + batch_size]
            x, mask = padded([seqs[i] for i in idx])
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(x, mask), labels[idx])
            loss.backward()
            optimizer.step()
            total += loss.item() * len(idx)
        history["train_loss"].append(total / len(seqs))
        model.eval()
        total = 0.0
        with torch.no_grad():
            for start in range(0, len(val_seqs), batch_size):
                x, mask = padded(val_seqs[start:start + batch_size])
                y = val_labels[start:start + batch_size]
                total += nn.functional.cross_entropy(model(x, mask), y, reduction="sum").item()
        history["val_loss"].append(total / len(val_seqs))
        if history["val_loss"][-1] < best:
            best, since_best = history["val_loss"][-1], 0
        else:
            since_best += 1
            if since_best >= patience:
                break
    return history


@pytest.mark.parametrize("n_train,n_val,batch_size,max_epochs,patience,lr",
                         [(7, 4, 3, 10, 2, 0.5), (5, 3, 2, 3, 5, 0.5), (8, 5, 4, 12, 1, 2.0), (2, 1, 1, 6, 3, 0.5),
                          (9, 6, 4, 15, 3, 0.05)])
@pytest.mark.parametrize("seed", [0, 1])
def test_fit_agrees_with_the_plain_loop(n_train, n_val, batch_size, max_epochs, patience, lr, seed):
    train, val = items(n_train, seed), items(n_val, seed + 100)
    ours, theirs = Model(seed), Model(seed)
    got = fit(ours, nn.CrossEntropyLoss(), Recorded(ours, lr=lr, momentum=0.9), SequenceDataset(*train),
              SequenceDataset(*val), batch_size, max_epochs, patience, torch.Generator().manual_seed(seed))
    want = plain_loop(theirs, Recorded(theirs, lr=lr, momentum=0.9), train, val, batch_size, max_epochs, patience,
                      torch.Generator().manual_seed(seed))
    assert len(got["train_loss"]) == len(want["train_loss"])
    for key in ("train_loss", "val_loss"):
        torch.testing.assert_close(torch.tensor(got[key], dtype=torch.float64),
                                   torch.tensor(want[key], dtype=torch.float64), rtol=1e-6, atol=1e-7)
    for a, b in zip(ours.parameters(), theirs.parameters()):
        torch.testing.assert_close(a, b, rtol=1e-6, atol=1e-7)
    assert ours.calls == theirs.calls


def test_call_order_and_modes():
    train = items(5, 3)
    model = Model(3)
    optimizer = Recorded(model, lr=0.1)
    loader = torch.utils.data.DataLoader(SequenceDataset(*train), batch_size=2, collate_fn=collate)
    train_epoch(model, loader, nn.CrossEntropyLoss(), optimizer)
    assert model.calls == ["zero_grad", ("forward", True, True), "backward", "step"] * 3
    model.calls.clear()
    evaluate(model, loader, nn.CrossEntropyLoss())
    assert model.calls == [("forward", False, False)] * 3


def stops_at(losses, patience):
    """The epoch (1-based) where early stopping stops: the first whose distance from the first best so far
    reaches patience, or None."""
    for t in range(len(losses)):
        best_at = min(range(t + 1), key=lambda i: (losses[i], i))
        if t - best_at >= patience:
            return t + 1
    return None


@pytest.mark.parametrize("seed", range(30))
def test_early_stopping_agrees_with_the_closed_form(seed):
    g = torch.Generator().manual_seed(seed)
    losses = (torch.randint(0, 6, (12,), generator=g) / 10 + 0.5).tolist()
    patience = 1 + seed % 4
    stopper = EarlyStopping(patience)
    said = [stopper.step(v) for v in losses]
    stop = stops_at(losses, patience)
    assert said.index(True) + 1 == stop if stop else not any(said), (losses, patience, said)


def test_prompt_example():
    x, mask, y = collate([(torch.tensor([[1.0], [2.0]]), torch.tensor(0)), (torch.tensor([[3.0]]), torch.tensor(2))])
    assert torch.equal(x.squeeze(-1), torch.tensor([[1.0, 2.0], [3.0, 0.0]]))
    assert torch.equal(mask, torch.tensor([[True, True], [True, False]])) and torch.equal(y, torch.tensor([0, 2]))
    stopper = EarlyStopping(patience=2)
    assert [stopper.step(v) for v in [1.0, 0.8, 0.9, 0.7, 0.75, 0.72]] == [False] * 5 + [True]
