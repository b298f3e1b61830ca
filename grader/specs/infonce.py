"""infonce: one function, CLIP's symmetric InfoNCE loss. Particular to it: embeddings of any size
(rows near 0.1 or near 1e3, D = 1 included), pairs that match and pairs that do not, one row
(loss 0), τ from 0.01 (logits of 100, where exp overflows without the max) to 2; invariants that
need no reference (rescaling a row changes nothing, swapping a and b changes nothing); and the
mistakes of one direction only (either), τ multiplied, no normalisation, normalisation over the
batch or of the whole matrix, the two directions summed, a summed batch and an unstable softmax."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="InfoNCE / CLIP contrastive loss", zh="InfoNCE对比损失", topic="training", difficulty="easy",
            minutes=10, oracle="F.cross_entropy on the normalised similarity matrix; a float64 closed form")
HINTS = [
    "Normalise each row to unit length (dim=-1), so a @ b.T holds cosine similarities; then divide by the "
    "temperature.",
    "The positives are on the diagonal: the label of row i is i. Cross-entropy of the (N, N) logits scores a -> b; "
    "the same on logits.T scores b -> a.",
    "CLIP averages the two directions: (CE(logits, labels) + CE(logits.T, labels)) / 2.",
    "a, b = F.normalize(a, dim=-1), F.normalize(b, dim=-1); logits = a @ b.T / temperature; "
    "labels = torch.arange(len(a), device=a.device); return (F.cross_entropy(logits, labels) + "
    "F.cross_entropy(logits.T, labels)) / 2",
]


def make(a, b, label="", **kwargs) -> Case:
    tau = kwargs.get("temperature", 0.07)
    # the loss and its rounding grow like the largest logit, 1 / τ; gradients like 1 / (τ · |row|)
    small = min(a.norm(dim=-1).min().item(), b.norm(dim=-1).min().item()) if a.numel() else 1.0
    return Case(args=(a, b), kwargs=kwargs, label=label, scale=max(1.0, 1.0 / tau / 20, 1.0 / max(small, 1e-3) / 10))


def inputs(draw) -> Case:
    N, D = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    g = kit.generator(draw)
    size = draw(st.sampled_from([0.1, 1.0, 30.0]))
    a = size * torch.randn(N, D, generator=g)
    if draw(st.booleans()):                              # matched pairs: b a noisy view of a
        b = a * draw(st.sampled_from([0.5, 2.0])) + size * draw(st.sampled_from([0.1, 0.5])) * torch.randn(N, D, generator=g)
    else:
        b = size * torch.randn(N, D, generator=g)
    tau = draw(st.sampled_from([None, 0.05, 0.1, 0.5, 1.0, 2.0]))
    return make(a, b, **({} if tau is None else {"temperature": tau}))


def rows_rescaled(call, case):
    """Each row is normalised: multiplying rows by positive numbers changes nothing."""
    a, b = case.args
    g = torch.Generator().manual_seed(1)
    fa = torch.exp(2 * torch.rand(a.shape[0], 1, generator=g) - 1).to(a.dtype)    # factors in [1/e, e]
    fb = torch.exp(2 * torch.rand(b.shape[0], 1, generator=g) - 1).to(b.dtype)
    x, y = call(case), call(make(a * fa, b * fb, **case.kwargs))
    if not torch.allclose(x, y, rtol=1e-4, atol=1e-5 * case.scale):
        raise Fail(f"multiplying the rows of a and b by positive factors changed the loss from {x.item():.6g} to "
                   f"{y.item():.6g}: the similarities are cosines, so each row is normalised to unit length first")


def symmetric(call, case):
    a, b = case.args
    x, y = call(case), call(make(b, a, **case.kwargs))
    if not torch.allclose(x, y, rtol=1e-4, atol=1e-5 * case.scale):
        raise Fail(f"swapping a and b changed the loss from {x.item():.6g} to {y.item():.6g}: the CLIP loss averages "
                   f"both directions (a -> b and b -> a), so it is symmetric")


# ---- the classic mistakes, written as a learner would -----------------------------------------

def _logits(a, b, temperature):
    a, b = F.normalize(a, dim=-1), F.normalize(b, dim=-1)
    return a @ b.T / temperature


def a_to_b_only(a, b, temperature=0.07):
    logits = _logits(a, b, temperature)
    return F.cross_entropy(logits, torch.arange(len(a)))


def b_to_a_only(a, b, temperature=0.07):
    logits = _logits(a, b, temperature)
    return F.cross_entropy(logits.T, torch.arange(len(a)))


def temperature_multiplied(a, b, temperature=0.07):
    a, b = F.normalize(a, dim=-1), F.normalize(b, dim=-1)
    logits = a @ b.T * temperature
    labels = torch.arange(len(a))
    return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2


def not_normalised(a, b, temperature=0.07):
    logits = a @ b.T / temperature
    labels = torch.arange(len(a))
    return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2


def normalised_over_batch(a, b, temperature=0.07):
    a, b = F.normalize(a, dim=0), F.normalize(b, dim=0)
    logits = a @ b.T / temperature
    labels = torch.arange(len(a))
    return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2


def whole_matrix_normalised(a, b, temperature=0.07):
    a, b = a / a.norm(), b / b.norm()
    logits = a @ b.T / temperature
    labels = torch.arange(len(a))
    return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2


def directions_summed(a, b, temperature=0.07):
    logits = _logits(a, b, temperature)
    labels = torch.arange(len(a))
    return F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)


def batch_summed(a, b, temperature=0.07):
    logits = _logits(a, b, temperature)
    labels = torch.arange(len(a))
    return (F.cross_entropy(logits, labels, reduction="sum") + F.cross_entropy(logits.T, labels, reduction="sum")) / 2


def no_max_subtracted(a, b, temperature=0.07):
    logits = _logits(a, b, temperature)
    exp = logits.exp()
    diag = logits.diagonal()
    a_to_b = (exp.sum(1).log() - diag).mean()
    b_to_a = (exp.sum(0).log() - diag).mean()
    return (a_to_b + b_to_a) / 2


ONE_DIRECTION = "only one direction: CLIP averages a -> b (CE of logits) and b -> a (CE of logits.T)"


def pairs(seed, N, D, noise=0.5, label="", **kwargs):
    a = seeded(seed, N, D)
    return make(a, a + noise * seeded(seed + 1, N, D), label, **kwargs)


DRILL = Drill(entries=[Entry(
    "infonce_loss",
    inputs=inputs,
    examples=[
        make(torch.tensor([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]]), torch.tensor([[2.0, 1.0], [0.0, 1.0], [-1.0, 1.0]]),
             "the prompt's example", temperature=0.5),
        pairs(1, 5, 8, label="five matched pairs, default temperature 0.07"),
        make(seeded(3, 4, 3, scale=0.1), seeded(4, 4, 3, scale=20.0), "rows of very different norms, τ = 1",
             temperature=1.0),
        make(seeded(5, 1, 4), seeded(6, 1, 4), "one pair: the only candidate, loss 0", temperature=0.1),
        make(seeded(7, 6, 1), seeded(8, 6, 1), "D = 1: every row is ±1 after normalising", temperature=0.3),
        pairs(9, 7, 5, noise=2.0, label="seven noisy pairs, τ = 2", temperature=2.0),
    ],
    extreme=[
        pairs(10, 64, 16, noise=0.01, label="τ = 0.01 and matching pairs: logits near 100, exp overflows",
              temperature=0.01),
        make(seeded(12, 8, 4, scale=1e3), seeded(13, 8, 4, scale=1e-2), "rows near 1e3 and near 1e-2", temperature=0.2),
        pairs(14, 1024, 32, label="a batch of 1024"),
    ],
    invariants=[Invariant("rescaling a row changes nothing", rows_rescaled),
                Invariant("swapping a and b changes nothing", symmetric)],
    mistakes=[
        Mistake(ONE_DIRECTION, like=a_to_b_only),
        Mistake(ONE_DIRECTION, like=b_to_a_only),
        Mistake("temperature multiplied: the similarities are DIVIDED by τ (a small τ sharpens)",
                like=temperature_multiplied),
        Mistake("embeddings not normalised: normalise each row to unit length, so the logits are cosines / τ",
                like=not_normalised),
        Mistake("normalised over the batch (dim=0) instead of each row (dim=-1)", like=normalised_over_batch),
        Mistake("the whole matrix normalised by one norm instead of each row by its own", like=whole_matrix_normalised),
        Mistake("the two directions summed: CLIP averages them, (CE(a -> b) + CE(b -> a)) / 2",
                like=directions_summed),
        Mistake("loss summed over the batch instead of averaged", like=batch_summed),
        Mistake("log-sum-exp without subtracting the max: exp(1 / τ) overflows for small τ; use F.cross_entropy or "
                "log_softmax", like=no_max_subtracted),
        kit.IN_PLACE,
    ],
    loops=Loops(small=pairs(15, 3, 8), large=pairs(16, 9, 8), over="the rows"),
    speed=Speed(lambda seed: pairs(seed, 1024, 256), limit=30.0),
)])
