"""pipeline_parallel: one GPipe training step on a real gloo process group of 2 to 4 ranks. Every rank
builds its stage (a linear layer, tanh after it but on the last) from the same weights and calls the
learner's gpipe_step with its part of the inputs; each rank returns the loss, its stage's gradients
and its sends and receives (how many of each, to and from whom, forward before backward), compared
rank by rank with the reference's (tested against the unsplit model's autograd in one process).
Particular to it: one micro-batch, micro-batches of one row and widths of one, and the classic
mistakes of gradients kept from the last micro-batch only, a loss not divided by the number of
micro-batches, each micro-batch's backward run before the next forward, one receive buffer for
every micro-batch, a received input that does not require grad, and the last rank sending a
gradient back while the rank before it still sends forward (both wait in send: a deadlock)."""
from hypothesis import strategies as st

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn

from grader.engine import distributed, kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Mistake

META = dict(title="GPipe pipeline parallelism", zh="GPipe流水线并行", topic="distributed", difficulty="hard",
            minutes=35, oracle="the unsplit model's autograd in one process")
HINTS = [
    "Forward loop over j: rank 0 takes h = x.chunk(n_micro)[j]; other ranks h = torch.empty(in_shape, "
    "dtype=w.dtype, device=w.device) with w = next(stage.parameters()), dist.recv(h, src=rank - 1), then "
    "h.requires_grad_(). y = stage(h); keep h and y (lists), and send y.detach() to rank + 1 unless last.",
    "On the last rank the micro-batch's output is a loss: F.mse_loss(y, target.chunk(n_micro)[j]) / n_micro. "
    "Dividing by n_micro makes the gradients summed over the micro-batches those of the whole batch's mean.",
    "Backward loop over j: last rank: losses[j].backward(); others: g = torch.empty_like(y_j); dist.recv(g, "
    "src=rank + 1); y_j.backward(g). Both add into the stage's .grad (never zero it between micro-batches). "
    "Then, unless rank 0, dist.send(h_j.grad, dst=rank - 1).",
]


# ---- the step on one rank ----------------------------------------------------------------------

def build(weight, bias, last) -> nn.Module:
    """A stage: a linear layer, and a tanh after it unless it is the last."""
    linear = nn.Linear(weight.shape[1], weight.shape[0])
    with torch.no_grad():
        linear.weight.copy_(weight)
        linear.bias.copy_(bias)
    return nn.Sequential(linear) if last else nn.Sequential(linear, nn.Tanh())


def sends_and_receives(calls, r: int) -> str:
    """A rank's point-to-point calls, said by phase when every forward one (activations: from r - 1,
    to r + 1) comes before every backward one (gradients: from r + 1, to r - 1); else in order."""
    events = [("send" if c.op in ("send", "isend") else "recv", c.peer) for c in calls
              if c.op in ("send", "isend", "recv", "irecv")]
    forward, backward = [("recv", r - 1), ("send", r + 1)], [("recv", r + 1), ("send", r - 1)]
    phases = ["forward" if e in forward else "backward" if e in backward else "other" for e in events]
    k = phases.count("forward")
    if "other" in phases or phases != ["forward"] * k + ["backward"] * (len(events) - k):
        return "in this order: " + ", ".join(f"{op} {'from' if op == 'recv' else 'to'} rank {peer}"
                                             for op, peer in events)

    def counts(kinds):
        said = [f"{events.count(e)} {e[0]} {'from' if e[0] == 'recv' else 'to'} rank {e[1]}"
                for e in kinds if e in events]
        return ", ".join(said) or "nothing"
    return f"forward: {counts(forward)}; then backward: {counts(backward)}"


def on_rank(fn, case: Case, ns):
    """Build this rank's stage and inputs, run the step, return what it gives and did."""
    k = case.kwargs
    n, r = dist.get_world_size(), dist.get_rank()
    weight, bias = k["weights"][r]
    stage = build(weight, bias, last=r == n - 1)
    x, target, m = k["x"], k["target"], k["n_micro"]
    loss = fn(stage, x.clone() if r == 0 else None, target.clone() if r == n - 1 else None, m,
              (x.shape[0] // m, weight.shape[1]))
    return {"loss": loss, "grads": {name: p.grad for name, p in stage.named_parameters()},
            "sends and receives": sends_and_receives(distributed.calls(), r)}


def make(widths, n_micro, rows=2, seed=0, label="") -> Case:
    """len(widths) - 1 ranks: stage r maps widths[r] features to widths[r + 1]; B = rows * n_micro."""
    weights = [(seeded(seed + 2 * r, widths[r + 1], widths[r]), seeded(seed + 2 * r + 1, widths[r + 1]))
               for r in range(len(widths) - 1)]
    B = rows * n_micro
    return Case(kwargs=dict(world_size=len(widths) - 1, weights=weights, x=seeded(seed + 50, B, widths[0]),
                            target=seeded(seed + 51, B, widths[-1]), n_micro=n_micro), label=label)


def inputs(draw) -> Case:
    n = draw(st.integers(2, 3))
    widths = [draw(st.integers(1, 5)) for _ in range(n + 1)]
    return make(widths, draw(st.integers(1, 4)), rows=draw(st.integers(1, 3)), seed=draw(st.integers(0, 2**16)))


# ---- the classic mistakes -----------------------------------------------------------------------

def gpipe_like(*, accumulate=True, divide="loss", schedule="gpipe", buffers="new"):
    """A learner's gpipe_step, or one of its classic mistakes."""
    def gpipe_step(stage, x, target, n_micro, in_shape):
        rank, world = dist.get_rank(), dist.get_world_size()
        first, last = rank == 0, rank == world - 1
        w = next(stage.parameters())
        shared = torch.empty(in_shape, dtype=w.dtype, device=w.device)
        saved, total = [], 0.0

        def forward(j):
            nonlocal total
            if first:
                h = x.chunk(n_micro)[j]
            else:
                h = shared if buffers == "one" else torch.empty(in_shape, dtype=w.dtype, device=w.device)
                dist.recv(h, src=rank - 1)
                h.requires_grad_()
            y = stage(h)
            if last:
                loss = F.mse_loss(y, target.chunk(n_micro)[j])
                total += loss.item() / (n_micro if divide != "nothing" else 1)
                y = loss / n_micro if divide == "loss" else loss
            else:
                dist.send(y.detach(), dst=rank + 1)
            saved.append((h, y))

        def backward(j):
            h, y = saved[j]
            if not accumulate:
                stage.zero_grad()
            if last:
                y.backward()
            else:
                g = torch.empty_like(y)
                dist.recv(g, src=rank + 1)
                y.backward(g)
            if not first:
                dist.send(h.grad, dst=rank - 1)

        if schedule == "gpipe":
            for j in range(n_micro):
                forward(j)
            for j in range(n_micro):
                backward(j)
        else:                                    # one micro-batch at a time, all the way down and back
            for j in range(n_micro):
                forward(j)
                backward(j)
        return total if last else None
    return gpipe_step


NOT_DIVIDED = ("loss not divided by the number of micro-batches: the whole batch's loss is the mean of the "
               "micro-batch losses, so each micro-batch's backward starts from its loss / n_micro")
MISTAKES = [
    Mistake("gradients not accumulated over micro-batches: zeroing them before each micro-batch's backward keeps "
            "the last micro-batch's only; backward adds into .grad, so let every micro-batch add to it",
            like=gpipe_like(accumulate=False),
            hint="Call backward once per micro-batch and nothing else on .grad: autograd sums the micro-batches' "
                 "gradients for you (that is why the loss is divided by n_micro)."),
    Mistake(NOT_DIVIDED, like=gpipe_like(divide="nothing"),
            hint="loss_j = F.mse_loss(y_j, target_j) / n_micro: backward from it, and add loss_j.item() to the "
                 "loss you return."),
    Mistake(NOT_DIVIDED, like=gpipe_like(divide="returned loss only")),
    Mistake("not GPipe's schedule: each micro-batch went forward and back before the next went forward, so only "
            "one rank works at a time; run every micro-batch's forward, then every backward",
            like=gpipe_like(schedule="one at a time")),
    Mistake("one receive buffer for every micro-batch: each dist.recv overwrites the input an earlier micro-batch "
            "saved for its backward; receive each micro-batch into a new tensor",
            like=gpipe_like(buffers="one")),
    Mistake("send/recv order that deadlocks: two ranks each wait in dist.send to the other, and gloo's send "
            "returns only once the other rank receives. In GPipe every rank, the last one too, runs all its "
            "forwards before any backward: a gradient goes back only once every activation has come down",
            error=r"the ranks hang: .*rank \d+ waits in send .*rank \d+ waits in send"),
    Mistake("the received input does not require grad, so backward leaves its .grad None and there is no gradient "
            "to send back: call h.requires_grad_() on each received micro-batch",
            error=r"'NoneType' object has no attribute|Expected parameter `tensor` of type torch\.Tensor"),
]


DRILL = Drill(entries=[Entry(
    "gpipe_step",
    inputs=inputs,
    run=on_rank,
    ranks=kit.world,
    examples=[
        make([3, 5, 4, 2], 2, seed=10, label="the prompt's example: 3 ranks, B = 4, 2 micro-batches"),
        make([4, 3, 2], 4, rows=1, seed=20, label="2 ranks, 4 micro-batches of one row"),
        make([2, 3, 3, 2, 1], 3, seed=30, label="4 ranks, 3 micro-batches"),
        make([3, 4, 2], 1, rows=4, seed=40, label="one micro-batch: no pipelining"),
        make([1, 1, 1], 2, rows=3, seed=50, label="widths of one"),
    ],
    mistakes=MISTAKES,
    grad=False,                  # the gradients are computed on the ranks and compared as outputs
)], max_examples=5)
