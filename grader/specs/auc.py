"""auc: one function, the ROC-AUC as the probability that a positive outscores a negative, ties
counted as one half. Particular to it: scores drawn from a few values (many ties) or continuous,
all scores equal, one positive, labels in any order, the memory bound that rules out the
(positives × negatives) matrix of pairs, invariants that need no reference (within [0, 1],
swapping the labels gives 1 - AUC, only the order of the scores matters), and the classic
mistakes around ties, reversed labels and the rank-sum formula."""
from hypothesis import strategies as st

import torch
import torch._dynamo  # noqa: F401  torch.unique under the memory check's dispatch mode imports it lazily,
#                       which can take seconds inside the learner's timed call: import it with the declaration
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Memory, Mistake, Speed

META = dict(title="ROC-AUC", zh="ROC曲线下面积(AUC)", topic="classic ML", difficulty="medium", minutes=15,
            oracle="brute force over all (positive, negative) pairs; sklearn roc_auc_score")
HINTS = [
    "AUC = (number of (positive, negative) pairs where the positive scores higher + 1/2 · the tied pairs) "
    "/ (n_pos · n_neg). Counting pairs directly needs an n_pos × n_neg matrix: too big.",
    "Ranks do it in O(n log n): with 1-based ranks of the scores, the pairs a positive wins add up to "
    "(sum of the positives' ranks) - n_pos (n_pos + 1) / 2 (Mann-Whitney U).",
    "Ties: give every score of a tied group the mean of the ranks the group occupies. With s = scores.sort().values, "
    "torch.searchsorted(s, scores) counts the lower scores and searchsorted(..., right=True) the lower-or-equal "
    "ones: the mid-rank is (below + up_to + 1) / 2.",
    "u = ranks[labels == 1].sum() - n_pos * (n_pos + 1) / 2; return u / (n_pos * n_neg), in float64 "
    "before casting to the scores' dtype.",
]


def make(scores, labels, label="") -> Case:
    return Case(args=(scores, labels), label=label)


def both_classes(labels: torch.Tensor, g) -> torch.Tensor:
    """At least one positive and one negative, at random places."""
    labels = labels.clone()
    i, j = torch.randperm(len(labels), generator=g)[:2].tolist()
    labels[i], labels[j] = 1, 0
    return labels


def inputs(draw) -> Case:
    n = draw(st.integers(2, 30))
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    if draw(st.booleans()):
        scores = torch.randint(0, draw(st.integers(1, 5)), (n,), generator=g).float() / 4   # a few values: ties
    else:
        scores = torch.randn(n, generator=g) * draw(st.sampled_from([1e-3, 1.0, 1e3]))
    labels = both_classes((torch.rand(n, generator=g) < draw(st.sampled_from([0.2, 0.5, 0.8]))).long(), g)
    return make(scores, labels)


def fixed(seed, n, values=None, p=0.5, label="") -> Case:
    g = torch.Generator().manual_seed(seed)
    scores = torch.randn(n, generator=g) if values is None else torch.randint(0, values, (n,), generator=g).float()
    return make(scores, both_classes((torch.rand(n, generator=g) < p).long(), g), label)


# ---- invariants (no reference needed) -------------------------------------------------------------------

def _auc(call, case) -> float:
    out = call(case)
    if not isinstance(out, torch.Tensor) or out.dim() != 0:
        raise Fail(f"expected a 0-d tensor, got {tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__}")
    return out.item()


def in_unit_interval(call, case):
    a = _auc(call, case)
    if not 0.0 <= a <= 1.0:
        raise Fail(f"AUC = {a:.6g}: it is a probability, in [0, 1]")


def swapped_labels(call, case):
    scores, labels = case.args
    a, b = _auc(call, case), _auc(call, make(scores, 1 - labels))
    if abs(a + b - 1) > 1e-5:
        raise Fail(f"AUC = {a:.6g}, and {b:.6g} with the labels swapped: P(positive wins) and P(negative wins) "
                   f"with ties shared sum to 1")


def order_only(call, case):
    """Only the order of the scores matters: scaling them by 4 (exactly) or shuffling the samples
    changes nothing."""
    scores, labels = case.args
    perm = torch.randperm(len(scores), generator=torch.Generator().manual_seed(case.seed + 3))
    a = _auc(call, case)
    for what, other, mistake in (("multiplying the scores by 4", make(scores * 4, labels), ""),
                                 ("shuffling the samples", make(scores[perm], labels[perm]), ORDINAL.name)):
        b = _auc(call, other)
        if abs(a - b) > 1e-6:
            raise Fail(f"{what} changed the AUC from {a:.6g} to {b:.6g}: it depends only on the order of the scores",
                       mistake=mistake)


# ---- the classic mistakes, written as a learner would ----------------------------------------------

def pairwise(tie_weight):
    def roc_auc(scores, labels):
        pos, neg = scores[labels == 1], scores[labels == 0]
        wins = (pos[:, None] > neg[None, :]).double() + tie_weight * (pos[:, None] == neg[None, :]).double()
        return wins.mean().to(scores.dtype)
    return roc_auc


def ranked(*, average_ties=True, positive=1, subtract=True, first_rank=1):
    def roc_auc(scores, labels):
        if average_ties:
            _, group, counts = torch.unique(scores, return_inverse=True, return_counts=True)
            counts = counts.double()
            ranks = (counts.cumsum(0) - (counts - 1) / 2)[group]
        else:
            ranks = scores.argsort(stable=True).argsort().double() + 1
        ranks = ranks + (first_rank - 1)
        pos = labels == positive
        n_pos = pos.sum().double()
        n_neg = labels.numel() - n_pos
        u = ranks[pos].sum() - (n_pos * (n_pos + 1) / 2 if subtract else 0)
        return (u / (n_pos * n_neg)).to(scores.dtype)
    return roc_auc


ORDINAL = Mistake("ranks of tied scores not averaged (argsort ranks split ties by position): tied scores share "
                  "the mean of their ranks", like=ranked(average_ties=False))
REVERSED = Mistake("AUC of the reversed labels (1 - AUC): label 1 is the positive class, the one that should "
                   "score higher", like=ranked(positive=0))

DRILL = Drill(entries=[Entry(
    "roc_auc",
    inputs=inputs,
    examples=[
        make(torch.tensor([0.1, 0.4, 0.35, 0.8, 0.4]), torch.tensor([0, 0, 1, 1, 1]), "the prompt's example"),
        fixed(1, 12, label="12 distinct scores"),
        fixed(2, 15, values=3, label="three score values: many ties"),
        make(torch.full((6,), 0.3), torch.tensor([1, 0, 0, 1, 0, 0]), "all scores equal: 0.5"),
        make(torch.tensor([0.9, 0.2, 0.5, 0.5, 0.1]), torch.tensor([0, 0, 1, 0, 0]), "one positive, tied with a negative"),
        make(torch.tensor([3.0, 1.0, 2.0, 0.0]), torch.tensor([1, 0, 1, 0]), "perfect ranking: 1"),
        make(torch.tensor([-2.0, 5.0, 7.0, -1.0]), torch.tensor([1, 0, 0, 1]), "perfectly reversed: 0"),
        make(seeded(3, 10).double(), fixed(3, 10).args[1], "float64"),
    ],
    extreme=[
        fixed(4, 3000, values=7, p=0.3, label="3000 samples, 7 score values"),
        make(seeded(5, 1000) * 1e30, fixed(5, 1000).args[1], "scores near ±1e30"),
    ],
    invariants=[Invariant("AUC in [0, 1]", in_unit_interval),
                Invariant("swapping the labels gives 1 - AUC", swapped_labels),
                Invariant("only the order of the scores matters", order_only)],
    mistakes=[
        Mistake("ties counted as 0: a tied (positive, negative) pair counts one half", like=pairwise(0.0),
                hint="Give tied scores the mean of the ranks they occupy (mid-ranks); with pairs, add 0.5 per tie."),
        Mistake("ties counted as 1: a tied (positive, negative) pair counts one half", like=pairwise(1.0)),
        ORDINAL,
        REVERSED,
        Mistake("rank sum not reduced by n_pos (n_pos + 1) / 2: U = R_pos - n_pos (n_pos + 1) / 2",
                like=ranked(subtract=False)),
        Mistake("ranks from 0: the Mann-Whitney formula uses ranks 1..n", like=ranked(first_rank=0)),
    ],
    grad=False,
    loops=Loops(small=fixed(6, 40, values=5), large=fixed(6, 120, values=5), over="the samples"),
    memory=Memory(fixed(7, 4096, values=50), limit=lambda case: 16 * case.args[0].numel()),
    speed=Speed(lambda seed: fixed(20 + seed, 200_000, values=1000), limit=30.0),
)], banned=["import sklearn"])
