"""ranking_metrics: four functions over a batch of queries, each returning one value per query:
DCG@k and NDCG@k with graded relevance, average precision and the reciprocal rank. Particular to it:
ties in scores, defined exactly for each metric (the mean discount over a tie's block of ranks,
as scikit-learn's dcg_score; a tie group entering the precision-recall curve at once, as
average_precision_score; ties counted against the model in the reciprocal rank), drawn often by
scores from a few values; tie blocks that straddle k; queries without a relevant item for NDCG;
n = 1 and k = n; invariants that need no reference (only the scores' order matters, not the items'
positions; NDCG of the ideal order is 1; values in [0, 1]); and the classic mistakes of the
discount's log2, of the ideal DCG, and of ties broken by position."""
from hypothesis import strategies as st

import torch
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Ranking metrics", zh="排序指标(NDCG、MAP、MRR)", topic="classic ML", difficulty="medium",
            minutes=25, oracle="sklearn dcg_score, ndcg_score and average_precision_score; brute force over "
                               "every order of the ties")
HINTS = [
    "Rank r (1-based) is discounted by 1 / log2(r + 1): with 0-based positions i that is 1 / log2(i + 2). "
    "Cut at k: discount = torch.where(r <= k, 1 / log2(r + 1), 0).",
    "Ties without a loop: with asc = scores.sort(-1).values, n - searchsorted(asc, scores, right=True) items "
    "score higher and n - searchsorted(asc, scores) higher or equal: the item's block is the ranks between. "
    "With cum = [0, cumsum(discount)], its mean discount is (cum[up_to] - cum[above]) / (up_to - above).",
    "NDCG's ideal is the DCG of the relevances sorted in decreasing order over all n items (not only those the "
    "model put in its top k); where it is 0, return 0 instead of 0/0.",
    "AP: sort by score descending and cumsum the labels; for each item read that cumsum at the last rank of its "
    "tie block (up_to - 1): relevant items scoring >= it. Divide by up_to, average over the relevant items. "
    "RR: best = max relevant score; rank = 1 + (non-relevant & (scores >= best)).sum(-1).",
]


# ---- inputs ---------------------------------------------------------------------------------------------

def scores_of(seed, Q, n, values=None, scale=1.0) -> torch.Tensor:
    """Continuous scores, or scores from a few values (many ties) when `values` is given."""
    g = torch.Generator().manual_seed(seed)
    if values is None:
        return torch.randn(Q, n, generator=g) * scale
    return torch.randint(0, values, (Q, n), generator=g).float() / 4 * scale


def grades(seed, Q, n, top=3) -> torch.Tensor:
    return torch.randint(0, top + 1, (Q, n), generator=torch.Generator().manual_seed(seed)).float()


def binary(seed, Q, n, p=0.3) -> torch.Tensor:
    """0 / 1 labels with at least one relevant item in every row, at a random place."""
    g = torch.Generator().manual_seed(seed)
    labels = (torch.rand(Q, n, generator=g) < p).long()
    labels[torch.arange(Q), torch.randint(0, n, (Q,), generator=g)] = 1
    return labels


def graded_case(relevance, scores, k, label="") -> Case:
    return Case(args=(relevance, scores, k), scale=max(1.0, float(relevance.abs().max())), label=label)


def binary_case(labels, scores, label="") -> Case:
    return Case(args=(labels, scores), label=label)


def draw_shape_and_scores(draw):
    Q, n = draw(st.integers(1, 4)), draw(st.integers(1, 12))
    seed = draw(st.integers(0, 2**31 - 1))
    values = draw(st.sampled_from([None, 1, 2, 3, 5]))
    scale = draw(st.sampled_from([1.0, 1e-3, 1e3]))
    return Q, n, seed, scores_of(seed, Q, n, values, scale)


def graded_inputs(draw) -> Case:
    Q, n, seed, scores = draw_shape_and_scores(draw)
    relevance = grades(seed + 1, Q, n, draw(st.sampled_from([1, 3])))
    if draw(st.booleans()):
        relevance = relevance * draw(st.sampled_from([0.5, 1.7]))          # any non-negative grades
    if draw(st.booleans()):
        relevance[0] = 0.0                                                  # a query without a relevant item
    return graded_case(relevance, scores, draw(st.integers(1, n)))


def binary_inputs(draw) -> Case:
    Q, n, seed, scores = draw_shape_and_scores(draw)
    return binary_case(binary(seed + 1, Q, n, draw(st.sampled_from([0.1, 0.3, 0.7]))), scores)


# ---- invariants (no reference needed) -------------------------------------------------------------------

def values(out, Q) -> torch.Tensor:
    if not isinstance(out, torch.Tensor) or out.shape != (Q,):
        raise Fail(f"expected a tensor ({Q},), one value per query")
    return out.detach().double().cpu()


def order_only(call, case, ties=""):
    """Shuffling the items (the same way in every row) and multiplying the scores by 4 changes nothing."""
    targets, scores, *rest = case.args
    Q, n = scores.shape
    perm = torch.randperm(n, generator=torch.Generator().manual_seed(case.seed + 5))
    a = values(call(case), Q)
    for what, args, mistake in (("multiplying the scores by 4", (targets, scores * 4), ""),
                                ("shuffling the items of every query", (targets[:, perm], scores[:, perm]), ties)):
        b = values(call(Case(args=(*args, *rest), scale=case.scale)), Q)
        if not torch.allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True):
            q = int(((a - b).abs().nan_to_num(1.0)).argmax())
            raise Fail(f"{what} changed query {q}'s value from {a[q].item():.6g} to {b[q].item():.6g}: it depends "
                       f"only on the scores (ties included), not on where the items sit", mistake=mistake)


def in_unit_interval(lowest_open):
    def check(call, case):
        v = values(call(case), case.args[1].shape[0])
        bad = ~((v >= 0) & (v <= 1)) | ((v == 0) & lowest_open)
        if bad.any():
            q = int(bad.nonzero()[0])
            raise Fail(f"query {q} gets {v[q].item():.6g}: it should be in {'(0' if lowest_open else '[0'}, 1]")
    return check


def ideal_is_one(call, case):
    relevance, _, k = case.args
    v = values(call(graded_case(relevance, relevance.clone(), k)), relevance.shape[0])
    has = relevance.amax(-1) > 0
    bad = has & ((v - 1).abs() > 1e-5)
    if bad.any():
        q = int(bad.nonzero()[0])
        raise Fail(f"scores equal to the relevances (the ideal order) gave NDCG {v[q].item():.6g} for query {q}, not 1")


# ---- the classic mistakes, written as a learner would ----------------------------------------------

def discounts(n, k, device, offset=1):
    r = torch.arange(1, n + 1, dtype=torch.float64, device=device)
    return torch.where(r <= k, 1 / torch.log2(r + offset), 0.0)


def dcg_of(relevance, scores, k, ties="mean", offset=1, gain="linear"):
    n = scores.shape[-1]
    rel = relevance.double() if gain == "linear" else 2 ** relevance.double() - 1
    d = discounts(n, k, scores.device, offset)
    if ties == "position":
        order = scores.argsort(dim=-1, descending=True, stable=True)
        return (rel.gather(-1, order) * d).sum(-1)
    higher = (scores[..., None, :] > scores[..., :, None]).sum(-1)           # (Q, n): items above each item
    tied = (scores[..., None, :] == scores[..., :, None]).sum(-1)
    cum = torch.cat([d.new_zeros(1), d.cumsum(0)])
    return (rel * (cum[higher + tied] - cum[higher]) / tied).sum(-1)


def dcg_like(**options):
    def dcg_at_k(relevance, scores, k):
        return dcg_of(relevance, scores, k, **options).to(scores.dtype)
    return dcg_at_k


def ndcg_like(ideal="all", guard=True, ties="mean"):
    def ndcg_at_k(relevance, scores, k):
        dcg = dcg_of(relevance, scores, k, ties=ties)
        n = scores.shape[-1]
        if ideal == "retrieved":              # the model's top k, put in their best order
            order = scores.argsort(dim=-1, descending=True, stable=True)[..., :k]
            best = relevance.gather(-1, order).double().sort(-1, descending=True).values
            ideal_dcg = (best * discounts(k, k, scores.device)).sum(-1)
        else:
            best = relevance.double().sort(-1, descending=True).values
            ideal_dcg = (best * discounts(n, n if ideal == "uncut" else k, scores.device)).sum(-1)
        out = dcg / ideal_dcg if not guard else torch.where(ideal_dcg > 0, dcg / ideal_dcg, 0.0)
        return out.to(scores.dtype)
    return ndcg_at_k


def ap_like(ties="group", over="relevant"):
    def average_precision(labels, scores):
        n = scores.shape[-1]
        order = scores.argsort(dim=-1, descending=True, stable=True)
        rel = labels.gather(-1, order).double()
        ranks = torch.arange(1, n + 1, dtype=torch.float64, device=scores.device)
        if ties == "position":
            precision = rel.cumsum(-1) / ranks
            return ((precision * rel).sum(-1) / rel.sum(-1)).to(scores.dtype)
        at_or_above = (scores[..., None, :] >= scores[..., :, None])                  # (Q, n, n)
        precision = (at_or_above * labels[..., None, :]).sum(-1) / at_or_above.sum(-1)
        if over == "every rank":
            return precision.mean(-1).to(scores.dtype)
        return ((precision * labels).sum(-1) / labels.sum(-1)).to(scores.dtype)
    return average_precision


def rr_like(ties="against"):
    def reciprocal_rank(labels, scores):
        if ties == "position":
            order = scores.argsort(dim=-1, descending=True, stable=True)
            first = labels.gather(-1, order).argmax(-1) + 1                          # first relevant rank
            return (1 / first.double()).to(scores.dtype)
        best = torch.where(labels == 1, scores, -torch.inf).amax(-1, keepdim=True)
        if ties == "for":
            rank = 1 + (scores > best).sum(-1)
        else:
            rank = (scores >= best).sum(-1)       # the other relevant items tied with it counted too
        return (1 / rank.double()).to(scores.dtype)
    return reciprocal_rank


OFF_BY_ONE = "log2 off by one: rank r (1-based) is discounted by 1 / log2(r + 1), so rank 1 counts in full"
TIES = ("tied scores ordered by the items' positions (argsort): equal scores are a tie, defined in the prompt, "
        "whatever the items' order")
TIE_HINT = "Count, for every item, the items scoring strictly higher and those scoring higher or equal: that "\
           "is its tie block, whatever the items' order."

PROMPT_SCORES = torch.tensor([[0.9, 0.8, 0.8, 0.7, 0.3, 0.1]])
PROMPT_RELEVANCE = torch.tensor([[3.0, 2.0, 3.0, 0.0, 1.0, 2.0]])
PROMPT_LABELS = torch.tensor([[1, 0, 1, 0, 0, 1], [0, 0, 1, 0, 0, 0]])


def graded_examples():
    return [
        graded_case(PROMPT_RELEVANCE, PROMPT_SCORES, 3, "the prompt's example, k = 3"),
        graded_case(PROMPT_RELEVANCE, PROMPT_SCORES, 2, "the prompt's example, k = 2: a tie straddles k"),
        graded_case(grades(1, 3, 8), scores_of(1, 3, 8), 4, "distinct scores, k = 4"),
        graded_case(grades(2, 4, 10), scores_of(2, 4, 10, values=3), 5, "scores from three values"),
        graded_case(grades(3, 2, 7) * 0.5, scores_of(3, 2, 7), 7, "k = n, relevances 0 .. 1.5"),
        graded_case(torch.tensor([[0.0, 0.0, 0.0], [0.0, 2.0, 1.0]]), torch.tensor([[0.3, 0.1, 0.2], [0.5, 0.5, 0.5]]),
                    2, "a query with no relevant item; all scores equal"),
        graded_case(torch.tensor([[2.0]]), torch.tensor([[-1.0]]), 1, "one item"),
        graded_case(grades(4, 2, 6).double(), scores_of(4, 2, 6, values=2).double(), 3, "float64"),
    ]


def binary_examples():
    return [
        binary_case(PROMPT_LABELS, PROMPT_SCORES.repeat(2, 1), "the prompt's example"),
        binary_case(binary(5, 3, 9), scores_of(5, 3, 9), "distinct scores"),
        binary_case(binary(6, 4, 10, p=0.5), scores_of(6, 4, 10, values=3), "scores from three values"),
        binary_case(torch.tensor([[0, 1, 1, 0], [1, 1, 1, 1]]), torch.full((2, 4), 0.5), "all scores equal"),
        binary_case(torch.tensor([[1]]), torch.tensor([[0.2]]), "one item"),
        binary_case(binary(7, 2, 6), scores_of(7, 2, 6, values=2).double(),
                    "float64"),
    ]


def graded_loops():
    return Loops(small=graded_case(grades(8, 2, 16), scores_of(8, 2, 16, values=4), 5),
                 large=graded_case(grades(8, 6, 16), scores_of(8, 6, 16, values=4), 5), over="the queries")


def binary_loops():
    return Loops(small=binary_case(binary(9, 2, 16), scores_of(9, 2, 16, values=4)),
                 large=binary_case(binary(9, 6, 16), scores_of(9, 6, 16, values=4)), over="the queries")


def graded_speed(seed):
    return graded_case(grades(seed, 32, 200), scores_of(seed, 32, 200, values=50), 10)


def binary_speed(seed):
    return binary_case(binary(seed, 32, 200), scores_of(seed, 32, 200, values=50))


def order_only_ties(call, case):
    order_only(call, case, TIES)


ORDER_ONLY = Invariant("only the scores matter, not the items' positions", order_only_ties)
# NDCG: its ideal taken from the model's top k also depends on the items' positions where a tie straddles k
NDCG_ORDER_ONLY = Invariant("only the scores matter, not the items' positions", order_only)

DRILL = Drill(entries=[
    Entry(
        "dcg_at_k",
        inputs=graded_inputs,
        examples=graded_examples(),
        extreme=[graded_case(grades(10, 4, 500), scores_of(10, 4, 500, values=30), 50, "n = 500, k = 50")],
        invariants=[ORDER_ONLY],
        mistakes=[
            Mistake(OFF_BY_ONE, like=dcg_like(offset=0),
                    hint="With 1-based ranks r the discount is 1 / log2(r + 1): log2(2) = 1 at rank 1."),
            Mistake(OFF_BY_ONE, like=dcg_like(offset=2)),
            Mistake(TIES, like=dcg_like(ties="position"), hint=TIE_HINT),
            Mistake("gain 2^rel - 1: the prompt's gain is the relevance itself (scikit-learn's dcg_score)",
                    like=dcg_like(gain="exponential")),
        ],
        grad=False,
        loops=graded_loops(),
        speed=Speed(graded_speed, limit=30.0),
    ),
    Entry(
        "ndcg_at_k",
        inputs=graded_inputs,
        examples=graded_examples(),
        extreme=[graded_case(grades(11, 4, 500), scores_of(11, 4, 500, values=30), 50, "n = 500, k = 50")],
        invariants=[NDCG_ORDER_ONLY, Invariant("NDCG in [0, 1]", in_unit_interval(False)),
                    Invariant("the ideal order scores 1", ideal_is_one)],
        mistakes=[
            Mistake("ideal DCG from the predicted order (the model's top k re-sorted): the ideal ranks ALL items "
                    "by their relevance", like=ndcg_like(ideal="retrieved"),
                    hint="ideal = DCG@k of relevance.sort(-1, descending=True).values: every item may enter it."),
            Mistake("ideal DCG not cut at k: the ideal is a DCG@k too", like=ndcg_like(ideal="uncut")),
            Mistake("0/0 gave NaN: a query whose ideal DCG is 0 gets NDCG 0", like=ndcg_like(guard=False)),
            Mistake(TIES, like=ndcg_like(ties="position"), hint=TIE_HINT),
        ],
        grad=False,
        loops=graded_loops(),
        speed=Speed(graded_speed, limit=30.0),
    ),
    Entry(
        "average_precision",
        inputs=binary_inputs,
        examples=binary_examples(),
        extreme=[binary_case(binary(12, 4, 500), scores_of(12, 4, 500, values=30), "n = 500")],
        invariants=[ORDER_ONLY, Invariant("AP in (0, 1]", in_unit_interval(True))],
        mistakes=[
            Mistake(TIES, like=ap_like(ties="position"),
                    hint="At a relevant item's score s, count every item scoring >= s: a tie group enters at once."),
            Mistake("precision averaged over every rank: AP averages it over the relevant items only",
                    like=ap_like(over="every rank")),
        ],
        grad=False,
        loops=binary_loops(),
        speed=Speed(binary_speed, limit=30.0),
    ),
    Entry(
        "reciprocal_rank",
        inputs=binary_inputs,
        examples=binary_examples(),
        extreme=[binary_case(binary(13, 4, 500, p=0.01), scores_of(13, 4, 500, values=30), "n = 500")],
        invariants=[ORDER_ONLY, Invariant("RR in (0, 1]", in_unit_interval(True))],
        mistakes=[
            Mistake("ties counted for the model: the non-relevant items tied with the best relevant one rank "
                    "before it", like=rr_like(ties="for")),
            Mistake("relevant items tied with the best relevant one counted in its rank: only non-relevant items "
                    "push it down", like=rr_like(ties="every tied item")),
            Mistake(TIES, like=rr_like(ties="position"), hint=TIE_HINT),
        ],
        grad=False,
        loops=binary_loops(),
        speed=Speed(binary_speed, limit=30.0),
    ),
], banned=["import sklearn"])
