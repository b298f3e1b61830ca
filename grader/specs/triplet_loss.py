"""triplet_loss: two functions, batch_hard_triplet_loss (batch-hard mining of Hermans et al. 2017
on one batch of labelled embeddings) and contrastive_loss (Hadsell et al. 2006 on pairs), graded
on values and on the embeddings' gradients. Particular to it: classes of one row (an anchor with no
positive, left out of the mean), a batch of one class (no negative) or of one row (loss 0),
labels of any value, margins from 0 to twice the spread; drawn points are continuous, so no
distance ties and no hinge exactly at 0, where the gradient would depend on the choice of the
hardest row. Invariants that need no reference: shuffling the batch (rows with their labels), or
swapping the two sides of every pair, changes nothing. Mistakes: the hardest negative taken over
the anchor's own class, the anchor counted as its own positive, squared distances, the nearest
positive or farthest negative, every anchor (or every triplet) averaged, a NaN gradient from sqrt
at 0; for the pairs, the labels inverted, the margin against the squared distance, the hinge or
the pull not squared, a factor 1/2 and a sum."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Triplet loss with batch-hard mining, and the contrastive loss", zh="三元组损失",
            topic="training", difficulty="medium", minutes=20,
            oracle="F.triplet_margin_loss on triplets mined by brute force; the contrastive loss in float64")
HINTS = [
    "dist = (x[:, None] - x[None, :]).norm(dim=-1) is the (N, N) matrix of plain distances (its gradient at the "
    "zero diagonal is 0). same = labels[:, None] == labels[None, :].",
    "Positives: same & ~eye (never the anchor itself); negatives: ~same. Hardest positive: "
    "dist.masked_fill(~pos, -inf).amax(1); hardest negative: dist.masked_fill(~neg, inf).amin(1).",
    "valid = pos.any(1) & neg.any(1); loss = F.relu(d_pos - d_neg + margin)[valid]; return "
    "loss.sum() / valid.sum().clamp(min=1) (0 when no anchor has a triplet).",
    "contrastive_loss: d = (x1 - x2).norm(dim=-1); torch.where(same, d ** 2, F.relu(margin - d) ** 2).mean()",
]


# ---- batch_hard_triplet_loss --------------------------------------------------------------------

def hard_case(x, labels, margin=None, label="", scale=1.0) -> Case:
    return Case(args=(x, labels), kwargs={} if margin is None else {"margin": margin}, label=label,
                scale=max(scale, margin or 1.0))


def hard_inputs(draw) -> Case:
    N, D = draw(st.integers(1, 10)), draw(st.integers(1, 6))
    g = kit.generator(draw)
    classes = torch.tensor(draw(st.sampled_from([[0], [0, 1], [3, 7, -2], [5, 1, 2, 0]])))
    labels = classes[torch.randint(0, len(classes), (N,), generator=g)]
    size = draw(st.sampled_from([0.1, 1.0, 10.0]))
    # each class near its own centre, so that both easy and violated triplets occur
    centres = 1.5 * size * torch.randn(len(classes), D, generator=g)
    x = centres[(labels[:, None] == classes[None]).float().argmax(1)] + size * torch.randn(N, D, generator=g)
    margin = draw(st.sampled_from([None, 0.0, 0.3, 1.0, 2.0]))
    return hard_case(x, labels, None if margin is None else margin * size, scale=size)


def shuffled(call, case):
    """The loss is a mean over anchors: the order of the rows does not matter."""
    x, labels = case.args
    if len(x) < 2:
        return
    perm = torch.randperm(len(x), generator=torch.Generator().manual_seed(len(x))).flip(0)
    a, b = call(case), call(hard_case(x[perm], labels[perm], case.kwargs.get("margin"), scale=case.scale))
    if not torch.allclose(a, b, rtol=1e-4, atol=1e-5 * case.scale):
        raise Fail(f"shuffling the rows (each with its label) changed the loss from {a.item():.6g} to {b.item():.6g}: "
                   f"every row is an anchor and the loss is their mean, whatever their order")


def distances(x, squared=False, sqrt_of_squares=False):
    if sqrt_of_squares:                                  # |a|² + |b|² - 2ab, then sqrt, no clamp
        sq = (x * x).sum(1)
        return (sq[:, None] + sq[None, :] - 2 * x @ x.T).clamp(min=0).sqrt()
    d = (x[:, None] - x[None, :]).norm(dim=-1)
    return d ** 2 if squared else d


def hard_like(neg_same_class=False, self_positive=False, squared=False, nearest_pos=False, farthest_neg=False,
              every_anchor=False, batch_all=False, sqrt_of_squares=False):
    """batch_hard_triplet_loss written as a learner would, with at most one classic mistake."""
    def batch_hard_triplet_loss(embeddings, labels, margin=1.0):
        dist = distances(embeddings, squared, sqrt_of_squares)
        same = labels[:, None] == labels[None, :]
        eye = torch.eye(len(labels), dtype=torch.bool, device=labels.device)
        pos = same if self_positive else same & ~eye
        neg = ~eye if neg_same_class else ~same
        if batch_all:                                    # every (anchor, positive, negative) triplet
            t = F.relu(dist[:, :, None] - dist[:, None, :] + margin)
            ok = pos[:, :, None] & neg[:, None, :]
            return t[ok].sum() / ok.sum().clamp(min=1)
        d_pos = dist.masked_fill(~pos, float("inf")).amin(1) if nearest_pos else \
            dist.masked_fill(~pos, float("-inf")).amax(1)
        d_neg = dist.masked_fill(~neg, float("-inf")).amax(1) if farthest_neg else \
            dist.masked_fill(~neg, float("inf")).amin(1)
        loss = F.relu(d_pos - d_neg + margin)
        if every_anchor:                                 # anchors without a triplet count as 0
            return loss.nan_to_num(0.0, 0.0, 0.0).mean()
        valid = pos.any(1) & neg.any(1)
        return loss[valid].sum() / valid.sum().clamp(min=1)
    return batch_hard_triplet_loss


SQUARED = ("squared distances: the prompt's d is the plain Euclidean distance ‖a − b‖ (as F.triplet_margin_loss), "
           "so the margin is in the units of the distance")

BATCH_HARD = Entry(
    "batch_hard_triplet_loss",
    inputs=hard_inputs,
    examples=[
        hard_case(torch.tensor([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0], [4.0, 1.0], [2.0, 4.0]]),
                  torch.tensor([0, 0, 1, 1, 2]), 2.0, "the prompt's example", scale=4.0),
        hard_case(seeded(1, 8, 4), torch.tensor([0, 1, 2, 3, 0, 1, 2, 3]), label="four classes of two, default margin"),
        hard_case(seeded(2, 6, 3), torch.tensor([5, 5, 5, 9, 9, 9]), 0.5,
                  "two classes of three: the farthest positive and the nearest negative differ from the others"),
        hard_case(seeded(3, 5, 2), torch.tensor([4, 4, 1, 2, 3]), 1.0,
                  "one class of two and three classes of one row: only two anchors have a triplet"),
        hard_case(seeded(4, 4, 3), torch.tensor([1, 2, 3, 4]), 1.0, "every row its own class: no triplet, loss 0"),
        hard_case(seeded(5, 4, 3), torch.tensor([7, 7, 7, 7]), 1.0, "one class: no negative, loss 0"),
        hard_case(seeded(6, 1, 5), torch.tensor([0]), 1.0, "one row"),
        hard_case(seeded(7, 6, 1), torch.tensor([0, 1, 0, 1, 0, 1]), 0.0, "D = 1, margin 0"),
        hard_case(torch.tensor([[0.0], [0.1], [3.0], [5.0]]), torch.tensor([0, 0, 1, 1]), 1.0,
                  "well separated classes: every hinge is 0"),
    ],
    extreme=[
        hard_case(seeded(8, 12, 4, scale=1e3), torch.arange(12) % 3, 500.0, "embeddings near ±1000", scale=1e3),
        hard_case(seeded(9, 256, 32), torch.arange(256) % 16, 0.3, "a batch of 256 in 16 classes"),
    ],
    invariants=[Invariant("shuffling the batch changes nothing", shuffled)],
    mistakes=[
        Mistake("hardest negative taken over every other row, the anchor's own class included: negatives are the "
                "rows of OTHER classes (~same)", like=hard_like(neg_same_class=True)),
        Mistake("the anchor counted as its own positive (distance 0): positives are same & ~eye, and an anchor "
                "alone in its class has no triplet", like=hard_like(self_positive=True),
                hint="Mask the diagonal out of the positives (same & ~torch.eye(N, dtype=bool)), and leave out of "
                     "the mean the anchors whose class has no other row."),
        Mistake(SQUARED, like=hard_like(squared=True)),
        Mistake("the nearest positive taken: batch-hard mines the FARTHEST positive (max) and the nearest negative",
                like=hard_like(nearest_pos=True)),
        Mistake("the farthest negative taken: batch-hard mines the NEAREST negative (min)",
                like=hard_like(farthest_neg=True)),
        Mistake("averaged over every anchor: anchors with no positive or no negative have no triplet and are left "
                "out of the mean", like=hard_like(every_anchor=True)),
        Mistake("batch-all: averaged over every valid triplet instead of the hardest one per anchor",
                like=hard_like(batch_all=True)),
        Mistake("sqrt of squared distances without a clamp away from 0: the diagonal's distance is 0, where sqrt's "
                "slope is infinite, so the gradient is NaN", like=hard_like(sqrt_of_squares=True)),
        kit.IN_PLACE,
    ],
    loops=Loops(small=hard_case(seeded(10, 4, 6), torch.tensor([0, 1, 0, 1])),
                large=hard_case(seeded(11, 12, 6), torch.arange(12) % 2), over="the anchors"),
    speed=Speed(lambda seed: hard_case(seeded(seed, 512, 64), torch.arange(512) % 32), limit=30.0),
)


# ---- contrastive_loss ---------------------------------------------------------------------------

def pair_case(x1, x2, same, margin=None, label="", scale=1.0) -> Case:
    m = margin or 1.0
    return Case(args=(x1, x2, same), kwargs={} if margin is None else {"margin": margin}, label=label,
                scale=max(scale, m) ** 2)


def pair_inputs(draw) -> Case:
    N, D = draw(st.integers(1, 10)), draw(st.integers(1, 6))
    g = kit.generator(draw)
    size = draw(st.sampled_from([0.1, 1.0, 10.0]))
    x1 = size * torch.randn(N, D, generator=g)
    x2 = x1 + size * draw(st.sampled_from([0.3, 1.0])) * torch.randn(N, D, generator=g)
    same = torch.rand(N, generator=g) < draw(st.sampled_from([0.0, 0.5, 1.0]))
    margin = draw(st.sampled_from([None, 0.5, 1.0, 2.0]))
    return pair_case(x1, x2, same, None if margin is None else margin * size, scale=size)


def swapped(call, case):
    x1, x2, same = case.args
    a, b = call(case), call(Case(args=(x2, x1, same), kwargs=case.kwargs, scale=case.scale))
    if not torch.allclose(a, b, rtol=1e-4, atol=1e-5 * case.scale):
        raise Fail(f"swapping x1 and x2 changed the loss from {a.item():.6g} to {b.item():.6g}: it depends on the "
                   f"pairs' distances alone")


def pair_like(inverted=False, hinge_on_squared=False, hinge_plain=False, pull_plain=False, half=False,
              summed=False):
    """contrastive_loss written as a learner would, with at most one classic mistake."""
    def contrastive_loss(x1, x2, same, margin=1.0):
        d = (x1 - x2).norm(dim=-1)
        pull = d if pull_plain else d ** 2
        push = F.relu(margin - d ** 2) if hinge_on_squared else F.relu(margin - d) if hinge_plain else \
            F.relu(margin - d) ** 2
        loss = torch.where(~same if inverted else same, pull, push)
        loss = loss.sum() if summed else loss.mean()
        return loss / 2 if half else loss
    return contrastive_loss


CONTRASTIVE = Entry(
    "contrastive_loss",
    inputs=pair_inputs,
    examples=[
        pair_case(torch.tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]]),
                  torch.tensor([[3.0, 4.0], [1.0, 1.5], [2.0, 1.5]]),
                  torch.tensor([True, False, False]), 1.0, "the prompt's example", scale=5.0),
        pair_case(seeded(12, 6, 4), seeded(13, 6, 4), torch.tensor([True, False, True, False, False, True]),
                  label="six pairs, default margin"),
        pair_case(seeded(14, 5, 3, scale=0.3), seeded(15, 5, 3, scale=0.3), torch.zeros(5, dtype=torch.bool), 2.0,
                  "dissimilar pairs inside a margin of 2"),
        pair_case(seeded(16, 4, 2), seeded(17, 4, 2), torch.ones(4, dtype=torch.bool), 1.0, "similar pairs only"),
        pair_case(seeded(18, 1, 3), seeded(19, 1, 3), torch.tensor([False]), 5.0, "one pair, margin 5"),
    ],
    extreme=[
        pair_case(seeded(20, 8, 4, scale=1e2), seeded(21, 8, 4, scale=1e2), torch.arange(8) % 2 == 0, 300.0,
                  "embeddings near ±100", scale=1e2),
        pair_case(seeded(22, 4096, 16), seeded(23, 4096, 16), torch.arange(4096) % 3 == 0, 6.0, "4096 pairs"),
    ],
    invariants=[Invariant("swapping the sides of the pairs changes nothing", swapped)],
    mistakes=[
        Mistake("labels inverted: same = True pulls the pair together (d²), False pushes it out to the margin",
                like=pair_like(inverted=True)),
        Mistake("the margin compared with the squared distance: the hinge is max(0, margin − d)², d plain",
                like=pair_like(hinge_on_squared=True)),
        Mistake("the hinge not squared: dissimilar pairs cost max(0, margin − d)²",
                like=pair_like(hinge_plain=True)),
        Mistake("similar pairs cost d, not d²", like=pair_like(pull_plain=True)),
        Mistake("a factor 1/2 (Hadsell's paper has one; the prompt does not)", like=pair_like(half=True)),
        Mistake("summed over the pairs instead of averaged", like=pair_like(summed=True)),
        kit.IN_PLACE,
    ],
    loops=Loops(small=pair_case(seeded(24, 3, 4), seeded(25, 3, 4), torch.tensor([True, False, True])),
                large=pair_case(seeded(26, 9, 4), seeded(27, 9, 4), torch.arange(9) % 2 == 0), over="the pairs"),
    speed=Speed(lambda seed: pair_case(seeded(seed, 4096, 64), seeded(seed + 1, 4096, 64), torch.arange(4096) % 2 == 0),
                limit=30.0),
)

DRILL = Drill(entries=[BATCH_HARD, CONTRASTIVE],
              banned=["torch.nn.functional.triplet_margin_loss", "torch.triplet_margin_loss",
                      "torch.nn.TripletMarginLoss", "torch.nn.functional.triplet_margin_with_distance_loss",
                      "torch.nn.TripletMarginWithDistanceLoss", "torch.nn.functional.hinge_embedding_loss",
                      "torch.hinge_embedding_loss", "torch.nn.functional.cosine_embedding_loss"])
