"""word2vec_sgns: two entries, the skip-gram negative-sampling loss (values and gradients to both
tables) and the unigram^0.75 negative sampler (judged by frequencies against its exact distribution,
slot by slot). Particular to it: ids repeated within a batch and among the negatives, V = 1, K = 1,
dot products near ±1000 where log(sigmoid) underflows to -inf, counts with zeros (never drawn),
one word counted; reference-free invariants (the loss of a batch repeated twice is the same mean;
every draw is a counted word); and the classic mistakes of the sign on the negatives, the
negatives averaged, one table for both roles or the tables swapped, a summed batch, a softmax over
the candidates, an unstable log-sigmoid, and sampling by raw counts, uniformly or without
replacement."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Sampled, Speed

META = dict(title="Word2vec skip-gram negative sampling", zh="词向量负采样(SGNS)", topic="training",
            difficulty="easy", minutes=15,
            oracle="a float64 closed form written term by term; the sampler's exact unigram^0.75 probabilities")
HINTS = [
    "v = W_in[center] (B, D); pos = (W_out[context] * v).sum(-1) (B,); neg = (W_out[negatives] @ v[:, :, None])"
    ".squeeze(-1) (B, K): the negatives' dot products with their pair's centre vector.",
    "loss per pair = -log σ(pos) - Σ_k log σ(-neg): a negative should score LOW, so its term has the minus sign "
    "inside σ. Use F.logsigmoid (or -F.softplus(-x)): log(torch.sigmoid(x)) is -inf once σ underflows.",
    "Sampler: probs = counts.double() ** 0.75; torch.multinomial(probs, batch_size * k, replacement=True, "
    "generator=generator).view(batch_size, k). multinomial normalises the weights itself.",
]


# ---- the loss -----------------------------------------------------------------------------------

def make(W_in, W_out, center, context, negatives, label="") -> Case:
    dots = (W_in.abs().max() * W_out.abs().max() * W_in.shape[1]).item() if W_in.numel() else 1.0
    return Case(args=(W_in, W_out, center, context, negatives), label=label, scale=max(1.0, dots))


def ids(draw, V, *shape) -> torch.Tensor:
    return torch.randint(0, V, shape, generator=kit.generator(draw))


def loss_inputs(draw) -> Case:
    V, D, B, K = draw(st.integers(1, 8)), draw(st.integers(1, 6)), draw(st.integers(1, 5)), draw(st.integers(1, 4))
    scale = draw(st.sampled_from([0.1, 1.0, 3.0]))
    return make(randn(draw, V, D, scale=scale), randn(draw, V, D, scale=scale), ids(draw, V, B), ids(draw, V, B),
                ids(draw, V, B, K))


def fixed(seed, V, D, B, K, scale=1.0, label="") -> Case:
    g = torch.Generator().manual_seed(seed)
    return make(seeded(seed, V, D, scale=scale), seeded(seed + 1, V, D, scale=scale),
                torch.randint(0, V, (B,), generator=g), torch.randint(0, V, (B,), generator=g),
                torch.randint(0, V, (B, K), generator=g), label)


def batch_repeated(call, case):
    """The loss is a mean over pairs: the same pairs twice give the same loss."""
    W_in, W_out, center, context, negatives = case.args
    twice = make(W_in, W_out, center.repeat(2), context.repeat(2), negatives.repeat(2, 1))
    a, b = call(case), call(twice)
    if not torch.allclose(a, b, rtol=1e-4, atol=1e-5 * case.scale):
        raise Fail(f"the same {len(center)} pairs given twice changed the loss from {a.item():.6g} to {b.item():.6g}: "
                   f"the loss is the MEAN over the pairs of the batch")


def loss_like(*, neg_sign=-1, negatives="sum", tables="two", batch="mean", stable=True, softmax=False):
    def sgns_loss(W_in, W_out, center, context, negatives_ids):
        A, Bt = {"two": (W_in, W_out), "one": (W_in, W_in), "swapped": (W_out, W_in)}[tables]
        v = A[center]
        pos = (Bt[context] * v).sum(-1)
        neg = (Bt[negatives_ids] * v[:, None, :]).sum(-1)
        if softmax:
            logits = torch.cat([pos[:, None], neg], 1)
            per_pair = F.cross_entropy(logits, torch.zeros_like(pos, dtype=torch.long), reduction="none")
        else:
            log_sig = F.logsigmoid if stable else (lambda x: torch.log(torch.sigmoid(x)))
            terms = log_sig(neg_sign * neg)
            per_pair = -(log_sig(pos) + (terms.sum(-1) if negatives == "sum" else terms.mean(-1)))
        return per_pair.mean() if batch == "mean" else per_pair.sum()
    return sgns_loss


WRONG_SIGN = ("sigmoid of the wrong sign for the negatives: a negative's term is log σ(-n·v) (it should score low), "
              "not log σ(n·v)")

LOSS = Entry(
    "sgns_loss",
    inputs=loss_inputs,
    examples=[
        make(torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]), torch.tensor([[0.5, 0.5], [1.0, -1.0], [0.0, 2.0]]),
             torch.tensor([0, 2]), torch.tensor([1, 0]), torch.tensor([[2, 1], [1, 1]]), "the prompt's example"),
        fixed(1, 10, 4, 6, 5, label="V=10, D=4, B=6, K=5"),
        fixed(2, 5, 3, 4, 1, label="K = 1"),
        fixed(3, 6, 5, 1, 3, label="one pair"),
        fixed(4, 1, 3, 3, 2, label="V = 1: every id is 0 (centre, context and negatives share a word)"),
        make(seeded(5, 4, 3), seeded(6, 4, 3), torch.tensor([1, 1, 2]), torch.tensor([2, 2, 1]),
             torch.tensor([[0, 0, 3], [3, 3, 3], [1, 0, 1]]), "ids repeated: their gradients add up"),
    ],
    extreme=[
        fixed(7, 6, 2, 8, 4, scale=30.0, label="dot products near ±1000: σ underflows to 0"),
        fixed(8, 1000, 16, 512, 10, label="V=1000, B=512, K=10"),
    ],
    invariants=[Invariant("a mean over the pairs", batch_repeated)],
    mistakes=[
        Mistake(WRONG_SIGN, like=loss_like(neg_sign=1),
                hint="Each negative n_k adds -log σ(-n_k · v): the loss falls as n_k · v becomes very negative."),
        Mistake("the negatives averaged over K: word2vec SUMS their K terms", like=loss_like(negatives="mean")),
        Mistake("one table for both roles: the centre word's vector comes from W_in, the context's and the negatives' "
                "from W_out", like=loss_like(tables="one")),
        Mistake("tables swapped: the centre word's vector is W_in[center]; context and negatives come from W_out",
                like=loss_like(tables="swapped")),
        Mistake("the loss summed over the batch instead of averaged", like=loss_like(batch="sum")),
        Mistake("a softmax over the positive and the negatives (sampled softmax / InfoNCE): SGNS scores each "
                "candidate with its own sigmoid", like=loss_like(softmax=True)),
        Mistake("log(sigmoid(x)) is -inf once σ(x) underflows to 0: use F.logsigmoid (or -F.softplus(-x))",
                like=loss_like(stable=False),
                hint="log σ(x) = -softplus(-x) = F.logsigmoid(x), finite for every x."),
    ],
    loops=Loops(small=fixed(9, 8, 4, 3, 5), large=fixed(9, 8, 4, 9, 5), over="the pairs"),
    speed=Speed(lambda seed: fixed(10 + seed, 5000, 64, 1024, 10), limit=30.0),
)


# ---- the sampler --------------------------------------------------------------------------------

def draws(counts, label, k=3) -> Case:
    return Case(args=(torch.tensor(counts), kit.DRAWS, k), label=f"{kit.DRAWS} × {k} draws: {label}")


def unigram(case: Case) -> torch.Tensor:
    """The exact distribution of every slot: (k, V)."""
    counts, _, k = case.args
    probs = counts.double() ** 0.75
    return (probs / probs.sum()).expand(k, -1)


def sampler_inputs(draw) -> Case:
    V = draw(st.integers(1, 10))
    g = kit.generator(draw)
    counts = torch.randint(0, 50, (V,), generator=g) * (torch.rand(V, generator=g) < 0.7)     # zeros, often
    counts[draw(st.integers(0, V - 1))] += 1                 # at least one word counted
    return Case(args=(counts, draw(st.integers(1, 6)), draw(st.integers(1, 5))),
                kwargs={"generator": kit.generator(draw)})


def counted_words_only(call, case):
    counts = case.args[0]
    out = call(case)
    if not isinstance(out, torch.Tensor) or out.dtype != torch.long:
        return                                               # the shape and dtype checks say so
    drawn = out.flatten()
    outside = drawn[(drawn < 0) | (drawn >= len(counts))]
    if len(outside):
        raise Fail(f"drew id {outside[0].item()}, outside the vocabulary [0, {len(counts)})")
    never = drawn[counts[drawn.clamp(0, len(counts) - 1)] == 0]
    if len(never):
        raise Fail(f"drew word {never[0].item()}, whose count is 0: its probability 0 ** 0.75 / Σ is 0")


def sampler_like(kind):
    def sample_negatives(counts, batch_size, k, generator=None):
        if kind == "uniform":
            return torch.randint(0, len(counts), (batch_size, k), generator=generator, device=counts.device)
        probs = counts.double() if kind == "raw" else counts.double() ** 0.75
        if kind == "without replacement":
            return torch.multinomial(probs.expand(batch_size, -1), k, replacement=False, generator=generator)
        return torch.multinomial(probs, batch_size * k, replacement=True, generator=generator).view(batch_size, k)
    return sample_negatives


SAMPLER = Entry(
    "sample_negatives",
    inputs=sampler_inputs,
    examples=[
        Case(args=(torch.tensor([16, 1, 0, 81]), 2, 3), kwargs={"generator": torch.Generator().manual_seed(0)},
             label="the prompt's example"),
        Case(args=(torch.tensor([5]), 4, 2), kwargs={"generator": torch.Generator().manual_seed(1)},
             label="one word: every draw is 0"),
        Case(args=(torch.tensor([0, 3, 0, 7, 1]), 1, 1), kwargs={"generator": torch.Generator().manual_seed(2)},
             label="a single draw"),
    ],
    invariants=[Invariant("only counted words are drawn", counted_words_only)],
    sampled=Sampled(cases=[
        draws([16, 1, 0, 81], "the prompt's counts (8 : 1 : 0 : 27 after the power)"),
        draws([1, 10, 100, 1000, 5], "counts over three orders of magnitude"),
        draws([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 0, 3, 2, 3, 8, 4], "20 words", k=2),
    ], probs=unigram),
    mistakes=[
        Mistake("sampling proportional to the raw counts: word2vec raises them to the power 0.75 first (rare words "
                "are drawn more often than their counts say)", like=sampler_like("raw"),
                hint="probs = counts.double() ** 0.75, then torch.multinomial(probs, n, replacement=True, "
                     "generator=generator)."),
        Mistake("uniform over the vocabulary: the draws follow counts ** 0.75", like=sampler_like("uniform")),
        Mistake("drawn without replacement: the k negatives of a pair are independent draws, the same word may "
                "come twice", like=sampler_like("without replacement"),
                error=r"not enough non-negative category|cannot sample n_sample > prob_dist"),
    ],
    grad=False,
)

DRILL = Drill(entries=[LOSS, SAMPLER])
