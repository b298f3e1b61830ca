"""training_loop: six entries that make one loop — a Dataset, a collate that pads, one training
epoch, one evaluation, early stopping, and fit over them — each graded on its own where it can be:
train_epoch and evaluate get the grader's loader (padded with pad_sequence) and fit gets the
learner's own Dataset, collate, train_epoch, evaluate and EarlyStopping. The grader brings the
model (masked mean pooling, dropout drawn from its own generator so that nothing else shifts its
masks), the kit's SGD recording zero_grad and step, a backward hook, and a record of each forward's
mode and autograd state; the call order and modes are judged without the reference by live
invariants. Particular to it: loaders whose last batch is smaller (where a mean of batch means is
wrong), the model handed to train_epoch in eval() mode and to evaluate in train() mode, DataLoader's
draw from its generator each time it is iterated (so the validation loader must not get it),
scripted validation losses with ties and interleaved improvements for EarlyStopping, and the
classic mistakes of zero_grad after backward, evaluation in train mode or with autograd on, the
patience counter not reset, and batch losses averaged without weighting."""
from hypothesis import strategies as st

import torch
from torch import nn
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader

from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Mistake, Trace

META = dict(title="Training loop with early stopping", zh="训练循环与早停", topic="training", difficulty="medium",
            minutes=35, oracle="the same loop written plainly against DataLoader's generator-driven shuffling and "
                               "pad_sequence; call order and modes recorded")
HINTS = [
    "collate: L_max = the longest item of the batch; x = zeros (B, L_max, d) of the items' dtype and device "
    "(first.new_zeros), copy item i into x[i, :L_i] and set mask[i, :L_i] = True; stack the labels.",
    "train_epoch: model.train(), then per batch optimizer.zero_grad(); loss = loss_fn(model(x, mask), y); "
    "loss.backward(); optimizer.step(). Weight each batch's mean loss by its size: total += loss.item() * len(y), "
    "and return total / (number of items).",
    "evaluate: model.eval() and the whole loop under torch.no_grad(); the same weighted mean.",
    "EarlyStopping.step: if val_loss < best: best = val_loss and the counter goes back to 0; else counter += 1. "
    "Return counter >= patience.",
    "fit: DataLoader(train_data, batch_size=batch_size, shuffle=True, generator=generator, collate_fn=collate) and "
    "DataLoader(val_data, batch_size=batch_size, collate_fn=collate) — no generator there: iterating a DataLoader "
    "draws a seed from its generator.",
]


# ---- what the grader brings: a model, an optimiser and a record of the calls --------------------

CALLS: list = []          # the last run's calls, in order, read by the live invariants


class Pooled(nn.Module):
    """tanh(embed(x)) averaged over the real tokens, dropout (from its own generator), then a linear head.
    Records every forward with its mode and autograd state, and every backward that reaches the head."""

    def __init__(self, d: int, seed: int, hidden: int = 6, classes: int = 3, p: float = 0.5):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.embed, self.head = nn.Linear(d, hidden), nn.Linear(hidden, classes)
        with torch.no_grad():
            for w in self.parameters():
                w.copy_(torch.randn(w.shape, generator=g))
        self.p, self.dropout_generator = p, torch.Generator().manual_seed(seed + 1)
        self.head.weight.register_hook(lambda grad: CALLS.append("backward"))

    def forward(self, x, mask):
        CALLS.append({(True, True): "forward in train() mode with autograd on",
                      (True, False): "forward in train() mode with autograd off",
                      (False, True): "forward in eval() mode with autograd on",
                      (False, False): "forward in eval() mode with autograd off"}[
            (self.training, torch.is_grad_enabled())])
        h = torch.tanh(self.embed(x))                                            # (B, L, hidden)
        h = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)           # mean over the real tokens
        if self.training:
            keep = torch.rand(h.shape, generator=self.dropout_generator) >= self.p
            h = h * keep.to(h.device) / (1 - self.p)
        return self.head(h)


def setting(case: Case):
    """The model, its optimiser and the loss of a case, in the data's dtype."""
    first = case.kwargs["sequences"][0]
    model = Pooled(first.shape[1], case.seed).to(first.dtype)
    optimizer = kit.SGD(model.parameters(), lr=case.kwargs.get("lr", 0.5), momentum=0.9, record=CALLS.append)
    CALLS.clear()
    return model, optimizer, nn.CrossEntropyLoss()


def padded(batch):
    """The grader's own collate (for train_epoch and evaluate), with pad_sequence."""
    seqs, labels = zip(*batch)
    x = pad_sequence(list(seqs), batch_first=True)
    lengths = torch.tensor([len(s) for s in seqs], device=x.device)
    return x, torch.arange(x.shape[1], device=x.device) < lengths[:, None], torch.stack(labels)


def shuffled(case: Case) -> torch.Generator:
    return torch.Generator().manual_seed(case.seed + 2)


def parameters_of(model):
    return [p.detach().clone() for p in model.parameters()]


# ---- inputs ------------------------------------------------------------------------------------

def items(n: int, seed: int, d: int = 3, longest: int = 5, scale: float = 1.0):
    """n sequences (L_i, d) with 1 <= L_i <= longest and n labels in 0..2."""
    g = torch.Generator().manual_seed(seed)
    lengths = torch.randint(1, longest + 1, (n,), generator=g).tolist()
    return [torch.randn(L, d, generator=g) * scale for L in lengths], torch.randint(0, 3, (n,), generator=g)


def loader_case(n, batch_size, seed, label="", **kwargs) -> Case:
    sequences, labels = items(n, seed)
    last = n % batch_size or batch_size
    what = f"{n} items in batches of {batch_size}" + (f" (the last has {last})" if last != batch_size else "")
    return Case(kwargs={"sequences": sequences, "labels": labels, "batch_size": batch_size, **kwargs}, seed=seed,
                label=f"{label}; {what}" if label else what)


def loader_inputs(draw) -> Case:
    n, batch_size = draw(st.integers(1, 9)), draw(st.integers(1, 4))
    return loader_case(n, batch_size, draw(st.integers(0, 2**16)), lr=draw(st.sampled_from([0.05, 0.5])))


# ---- SequenceDataset ---------------------------------------------------------------------------

def dataset_case(n, seed, label="") -> Case:
    sequences, labels = items(n, seed)
    return Case(init=(sequences, labels), seed=seed, label=label or f"{n} items")


def every_item(getitem, case, ns):
    dataset = getitem.__self__
    return {"len": len(dataset), "items": [tuple(dataset[i]) for i in range(len(case.init[0]))]}


DATASET = Entry(
    "SequenceDataset.__getitem__",
    inputs=lambda draw: dataset_case(draw(st.integers(1, 6)), draw(st.integers(0, 2**16))),
    run=every_item,
    examples=[dataset_case(3, 1, "three items"), dataset_case(1, 2, "one item")],
    grad=False,
    device=False,                 # the data arrive through __init__
)


# ---- collate -----------------------------------------------------------------------------------

def collate_like(*, side="right", mask="real"):
    def collate(batch):
        seqs, labels = zip(*batch)
        L = max(len(s) for s in seqs)
        x = seqs[0].new_zeros(len(seqs), L, seqs[0].shape[1])
        real = torch.zeros(len(seqs), L, dtype=torch.bool, device=seqs[0].device)
        for i, s in enumerate(seqs):
            at = slice(0, len(s)) if side == "right" else slice(L - len(s), L)
            x[i, at], real[i, at] = s, True
        return x, real if mask == "real" else ~real, torch.stack(labels)
    return collate


def batch_case(lengths, seed, label="", d=3) -> Case:
    g = torch.Generator().manual_seed(seed)
    batch = [(torch.randn(L, d, generator=g), torch.randint(0, 3, (), generator=g)) for L in lengths]
    return Case(args=(batch,), label=label or f"lengths {list(lengths)}")


def collate_inputs(draw) -> Case:
    lengths = draw(st.lists(st.integers(1, 6), min_size=1, max_size=5))
    return batch_case(lengths, draw(st.integers(0, 2**16)), d=draw(st.integers(1, 4)))


COLLATE = Entry(
    "collate",
    inputs=collate_inputs,
    examples=[
        Case(args=([(torch.tensor([[1.0], [2.0]]), torch.tensor(0)), (torch.tensor([[3.0]]), torch.tensor(2))],),
             label="the prompt's example"),
        batch_case([3, 1, 4], 1),
        batch_case([2, 2], 2, "equal lengths: no padding"),
        batch_case([1], 3, "one item of length 1"),
        batch_case([5, 1, 1, 2], 4, d=1),
    ],
    mistakes=[
        Mistake("padded on the left: each item's tokens come first, padding after (x[i, :L_i] = item)",
                like=collate_like(side="left")),
        Mistake("mask polarity inverted: True marks a real token", like=collate_like(mask="inverted")),
    ],
    grad=False,
)


# ---- train_epoch -------------------------------------------------------------------------------

def on_loader(case: Case, shuffle: bool):
    k = case.kwargs
    return DataLoader(list(zip(k["sequences"], k["labels"])), batch_size=k["batch_size"], shuffle=shuffle,
                      generator=shuffled(case) if shuffle else None, collate_fn=padded)


def run_train_epoch(impl, case, ns):
    model, optimizer, loss_fn = setting(case)
    model.eval()                       # as evaluate leaves it: train_epoch sets the mode itself
    with torch.enable_grad():          # a training script's autograd is on, whatever the grader's caller does
        loss = impl(model, on_loader(case, shuffle=True), loss_fn, optimizer)
    return {"loss": loss, "params": parameters_of(model)}


def epoch_like(*, clear="first", weighting="by size", mode="train"):
    """train_epoch as a learner writes it: clear "first", "after backward", "never"; weighting "by size",
    "batch means"; mode "train" or "as given"."""
    def train_epoch(model, loader, loss_fn, optimizer):
        if mode == "train":
            model.train()
        losses, sizes = [], []
        for x, mask, y in loader:
            if clear == "first":
                optimizer.zero_grad()
            loss = loss_fn(model(x, mask), y)
            loss.backward()
            if clear == "after backward":
                optimizer.zero_grad()
            optimizer.step()
            losses.append(loss.item())
            sizes.append(len(y))
        if weighting == "batch means":
            return sum(losses) / len(losses)
        return sum(l * n for l, n in zip(losses, sizes)) / sum(sizes)
    return train_epoch


ZERO_GRAD_AFTER_BACKWARD = Mistake("zero_grad after backward: it clears the gradients step is about to use; call "
                                   "optimizer.zero_grad() before loss.backward()", like=epoch_like(clear="after backward"))
ZERO_GRAD_MISSING = Mistake("zero_grad never called: each backward adds to the last batch's gradients",
                            like=epoch_like(clear="never"))
TRAIN_MODE_MISSING = Mistake("model.train() not called: the model arrives in eval() mode (evaluate left it so), and "
                             "dropout must be on while training", like=epoch_like(mode="as given"))
UNWEIGHTED = ("batch losses averaged without weighting: the last batch may be smaller, so weight each batch's mean "
              "loss by its size (total += loss.item() * len(y), then divide by the number of items)")


def batches_in_order(call, case):
    """Per batch: a forward in train() mode with autograd on, one backward, then one step; the gradients cleared
    between the previous step and this backward (before the first batch they are fresh)."""
    call(case)
    calls, batch, cleared = list(CALLS), 0, True
    state = "step"                     # what came last: forward, backward or step
    for event in calls:
        if event.startswith("forward"):
            if event != "forward in train() mode with autograd on":
                raise Fail(f"batch {batch + 1}: {event}; training forwards run in train() mode (dropout on)",
                           mistake=TRAIN_MODE_MISSING.name)
            if state != "step":
                raise Fail(f"batch {batch + 1} began before the last one's step: each batch is zero_grad, forward, "
                           f"backward, step")
            batch, state = batch + 1, "forward"
        elif event == "zero_grad":
            if state == "backward":
                raise Fail(f"batch {batch}: zero_grad came between backward and step, so step found no gradients",
                           mistake=ZERO_GRAD_AFTER_BACKWARD.name)
            cleared = True
        elif event == "backward":
            if not cleared:
                raise Fail(f"batch {batch}: backward without zero_grad since the last step, so its gradients add to "
                           f"the last batch's", mistake=ZERO_GRAD_MISSING.name)
            state, cleared = "backward", False
        elif event == "step":
            if state != "backward":
                raise Fail(f"batch {batch}: step without a backward before it")
            state = "step"
    n = case.kwargs["batch_size"]
    want = -(-len(case.kwargs["sequences"]) // n)
    if batch != want or state != "step":
        raise Fail(f"{batch} forwards and a last call of {state}: one epoch is {want} batches, each ending in a step")


TRAIN_EPOCH = Entry(
    "train_epoch",
    inputs=loader_inputs,
    run=run_train_epoch,
    examples=[
        loader_case(5, 2, 1, "the last batch is smaller"),
        loader_case(6, 3, 2, "equal batches"),
        loader_case(1, 4, 3, "one item"),
        loader_case(7, 1, 4, "batches of one", lr=0.05),
    ],
    invariants=[Invariant("zero_grad, backward, step in each batch", batches_in_order)],
    mistakes=[ZERO_GRAD_AFTER_BACKWARD, ZERO_GRAD_MISSING, TRAIN_MODE_MISSING,
              Mistake(UNWEIGHTED, like=epoch_like(weighting="batch means"))],
    grad=False,
    device=False,                 # the grader's model and loader live on the CPU
)


# ---- evaluate ----------------------------------------------------------------------------------

def run_evaluate(impl, case, ns):
    model, _, loss_fn = setting(case)
    model.train()                      # as training leaves it: evaluate sets the mode itself
    with torch.enable_grad():          # on, so that evaluate must turn it off itself
        loss = impl(model, on_loader(case, shuffle=False), loss_fn)
    return {"loss": loss, "params": parameters_of(model)}


def evaluate_like(*, mode="eval", grad=False, weighting="by size"):
    def evaluate(model, loader, loss_fn):
        if mode == "eval":
            model.eval()
        losses, sizes = [], []
        with torch.set_grad_enabled(grad):
            for x, mask, y in loader:
                losses.append(loss_fn(model(x, mask), y).item())
                sizes.append(len(y))
        if weighting == "batch means":
            return sum(losses) / len(losses)
        return sum(l * n for l, n in zip(losses, sizes)) / sum(sizes)
    return evaluate


EVAL_IN_TRAIN_MODE = Mistake("evaluation in train() mode: call model.eval() first, or dropout stays on",
                             like=evaluate_like(mode="as given"))
GRAD_TRACKED = Mistake("gradients tracked during evaluation: run it under torch.no_grad() (no graph is built for a "
                       "backward that never comes)", like=evaluate_like(grad=True))


def evaluation_only(call, case):
    """Every forward in eval() mode with autograd off; no zero_grad, backward or step."""
    call(case)
    for event in CALLS:
        if event == "forward in eval() mode with autograd off":
            continue
        if event.startswith("forward in train()"):
            raise Fail(f"{event}: evaluation runs in eval() mode", mistake=EVAL_IN_TRAIN_MODE.name)
        if event.startswith("forward"):
            raise Fail(f"{event}: evaluation runs under torch.no_grad()", mistake=GRAD_TRACKED.name)
        raise Fail(f"evaluate called {event}: evaluation leaves the weights and their gradients alone")


EVALUATE = Entry(
    "evaluate",
    inputs=loader_inputs,
    run=run_evaluate,
    examples=[
        loader_case(5, 2, 11, "the last batch is smaller"),
        loader_case(4, 4, 12, "one batch"),
        loader_case(7, 3, 13),
    ],
    invariants=[Invariant("eval() mode and no autograd", evaluation_only)],
    mistakes=[EVAL_IN_TRAIN_MODE, GRAD_TRACKED, Mistake(UNWEIGHTED, like=evaluate_like(weighting="batch means"))],
    grad=False,
    device=False,
)


# ---- EarlyStopping -----------------------------------------------------------------------------

def stopping_case(patience, losses, label="") -> Case:
    return Case(kwargs={"val_losses": list(losses)}, init=(patience,), label=label)


def until_stopped(step, case, ns):
    """step(val_loss) epoch after epoch, until the first True (fit stops there)."""
    stopper, trace = ns.EarlyStopping(*case.init), Trace()
    for epoch, loss in enumerate(case.kwargs["val_losses"], 1):
        stop = stopper.step(loss)
        trace.step(f"epoch {epoch}: step({loss:g})", stop)
        if stop is True:
            break
    return trace


def stopping_inputs(draw) -> Case:
    losses = draw(st.lists(st.sampled_from([1.0, 0.9, 0.8, 0.85, 0.7, 0.95, 0.6, 0.75]), min_size=1, max_size=12))
    return stopping_case(draw(st.integers(1, 4)), losses)


def stopper_like(*, reset=True, against="best", stop_when=">=", ties="no improvement"):
    class EarlyStopping:
        def __init__(self, patience):
            self.patience, self.best, self.last, self.count = patience, float("inf"), float("inf"), 0

        def step(self, val_loss):
            ref = self.best if against == "best" else self.last
            better = val_loss <= ref if ties == "improvement" else val_loss < ref
            if better:
                self.best = min(self.best, val_loss)
                if reset:
                    self.count = 0
            else:
                self.count += 1
            self.last = val_loss
            return self.count > self.patience if stop_when == ">" else self.count >= self.patience
    return EarlyStopping


EARLY_STOPPING = Entry(
    "EarlyStopping.step",
    inputs=stopping_inputs,
    run=until_stopped,
    examples=[
        stopping_case(2, [1.0, 0.8, 0.9, 0.7, 0.75, 0.72, 0.6], "the prompt's example"),
        stopping_case(2, [1.0, 0.9, 0.95, 0.8, 0.85, 0.7, 0.75, 0.6, 0.65, 0.66], "an improvement every other epoch: "
                                                                                   "the count starts again each time"),
        stopping_case(3, [1.0, 0.9, 0.95, 0.92, 0.91, 0.93], "falling again without a new best: not an improvement"),
        stopping_case(1, [0.5, 0.5], "a tie is no improvement"),
        stopping_case(2, [0.9, 0.8, 0.7, 0.6], "always better: never stops"),
        stopping_case(1, [float("inf")], "the first loss is not below inf"),
    ],
    mistakes=[
        Mistake("patience counter not reset: a new best sets the count of epochs without improvement back to 0",
                like=stopper_like(reset=False)),
        Mistake("compared with the previous epoch instead of the best so far: a loss below the last one but above "
                "the best is no improvement", like=stopper_like(against="last")),
        Mistake("stops one epoch late: stop once the count reaches patience (>=)", like=stopper_like(stop_when=">")),
        Mistake("a tie counted as an improvement: only a loss strictly below the best resets the count",
                like=stopper_like(ties="improvement")),
    ],
    grad=False,
    device=False,
)


# ---- fit ---------------------------------------------------------------------------------------

def fit_case(n_train, n_val, batch_size, max_epochs, patience, seed, label="", lr=0.5) -> Case:
    sequences, labels = items(n_train, seed)
    val_sequences, val_labels = items(n_val, seed + 1)
    return Case(kwargs={"sequences": sequences, "labels": labels, "val_sequences": val_sequences,
                        "val_labels": val_labels, "batch_size": batch_size, "max_epochs": max_epochs,
                        "patience": patience, "lr": lr}, seed=seed,
                label=label or f"{n_train} training and {n_val} validation items")


def run_fit(impl, case, ns):
    model, optimizer, loss_fn = setting(case)
    k = case.kwargs
    train_data = ns.SequenceDataset(k["sequences"], k["labels"])
    val_data = ns.SequenceDataset(k["val_sequences"], k["val_labels"])
    with torch.random.fork_rng(devices=[]), torch.enable_grad():
        torch.manual_seed(case.seed)        # a loader without a generator draws from the global one
        history = impl(model, loss_fn, optimizer, train_data, val_data, k["batch_size"], k["max_epochs"],
                       k["patience"], shuffled(case))
    return {"history": history, "params": parameters_of(model)}


def fit_inputs(draw) -> Case:
    return fit_case(draw(st.integers(2, 10)), draw(st.integers(1, 6)), draw(st.integers(1, 4)),
                    draw(st.integers(1, 8)), draw(st.integers(1, 3)), draw(st.integers(0, 2**16)),
                    lr=draw(st.sampled_from([0.05, 0.5, 2.0])))


def fit_like(*, watch="val_loss", train_generator=True, val_generator=False):
    train_epoch, evaluate, collate, EarlyStopping = epoch_like(), evaluate_like(), collate_like(), stopper_like()

    def fit(model, loss_fn, optimizer, train_data, val_data, batch_size, max_epochs, patience, generator):
        train_loader = DataLoader(train_data, batch_size=batch_size, shuffle=True, collate_fn=collate,
                                  generator=generator if train_generator else None)
        val_loader = DataLoader(val_data, batch_size=batch_size, collate_fn=collate,
                                generator=generator if val_generator else None)
        history, stopper = {"train_loss": [], "val_loss": []}, EarlyStopping(patience)
        for _ in range(max_epochs):
            history["train_loss"].append(train_epoch(model, train_loader, loss_fn, optimizer))
            history["val_loss"].append(evaluate(model, val_loader, loss_fn))
            if stopper.step(history[watch][-1]):
                break
        return history
    return fit


FIT = Entry(
    "fit",
    inputs=fit_inputs,
    run=run_fit,
    examples=[
        fit_case(7, 4, 3, 10, 2, 1, "patience 2"),
        fit_case(5, 3, 2, 3, 5, 2, "max_epochs 3 comes first"),
        fit_case(8, 5, 4, 12, 1, 3, "patience 1, lr 2", lr=2.0),
        fit_case(2, 1, 1, 6, 3, 4, "batches of one"),
    ],
    mistakes=[
        Mistake("early stopping on the training loss: watch the validation loss", like=fit_like(watch="train_loss")),
        Mistake("the training loader does not shuffle with `generator`: DataLoader(train_data, batch_size=batch_size, "
                "shuffle=True, generator=generator, collate_fn=collate)", like=fit_like(train_generator=False)),
        Mistake("`generator` given to the validation loader too: iterating a DataLoader draws a seed from its "
                "generator, which changes the training order", like=fit_like(val_generator=True)),
    ],
    grad=False,
    device=False,
)

DRILL = Drill(entries=[DATASET, COLLATE, TRAIN_EPOCH, EVALUATE, EARLY_STOPPING, FIT])
