"""decision_tree_split: two impurity functions batched over nodes, and the root split search. The
split is an argmax, so its tie rule is what makes one answer right: inputs are drawn on a small
grid of feature values (many equal decreases, repeated values, constant columns) as well as
continuous ones, and explicit examples hold exact ties that float rounding turns into near-ties
(an exact comparison, or float32 arithmetic, picks another split there). Particular to it: empty
nodes (rows of zero counts), pure nodes where every decrease is 0, a feature with one value only,
labels with gaps, and the classic mistakes of unweighted child impurities, thresholds at data
points, the tie rule, 0 · log 0 and the base of the logarithm."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Mistake, Speed

META = dict(title="Decision tree split: Gini, entropy and the best threshold", zh="决策树最优划分(基尼系数与信息熵)",
            topic="classic ML", difficulty="medium", minutes=25,
            oracle="sklearn DecisionTreeClassifier(max_depth=1): its root split and impurity")
HINTS = [
    "Impurities of many nodes at once: p = counts / n with n = counts.sum(-1, keepdim=True), guarding n = 0 "
    "(torch.where(n > 0, n, 1)); entropy's 0 · log 0 term is 0, so take log2 of torch.where(p > 0, p, 1).",
    "All cuts of a feature at once: sort the column, one-hot the labels in that order and take cumsum(0): row i "
    "holds the class counts of the i + 1 smallest samples (left), total - that is the right side.",
    "A cut between sorted positions i and i + 1 is a candidate only where the values differ (x[i] < x[i+1]); mask "
    "the others with -inf. Weight the children: (n_left · I(left) + n_right · I(right)) / n.",
    "The tie rule: tied = decrease >= decrease.max() - 1e-9 over a (d, n - 1) layout (features, then sorted cuts), "
    "and the first True in that order is the answer. Work in float64 so real ties stay within 1e-9.",
]


# ---- impurities -------------------------------------------------------------------------------------

def counts_case(counts, label="") -> Case:
    return Case(args=(counts,), label=label)


def counts_inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 5), min_size=0, max_size=2))
    C = draw(st.integers(1, 5))
    g = kit.generator(draw)
    counts = torch.randint(0, draw(st.sampled_from([2, 7, 50])), (*lead, C), generator=g).float()
    if lead and draw(st.booleans()):
        counts.view(-1, C)[0] = 0                                  # an empty node
    return counts_case(counts)


COUNTS = torch.tensor([[3.0, 1.0], [4.0, 0.0], [0.0, 0.0]])
EDGE_COUNTS = [
    counts_case(COUNTS, "the prompt's example"),
    counts_case(torch.tensor([5.0, 0.0, 5.0, 0.0]), "one node, classes with no samples"),
    counts_case(torch.tensor([7.0]), "one class"),
    counts_case(torch.zeros(2, 3), "every node empty"),
    counts_case(torch.tensor([[[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]], [[4.0, 4.0, 0.0], [9.0, 1.0, 1.0]]]),
                "two leading dims"),
    counts_case(torch.tensor([[2.5, 0.5], [1.0, 3.0]]).double(), "float64, fractional counts"),
]


def proportions(counts, guard=True):
    n = counts.sum(-1, keepdim=True)
    return counts / torch.where(n > 0, n, 1) if guard else counts / n


def gini_like(guard=True):
    def gini(counts):
        p = proportions(counts, guard)
        return 1 - (p * p).sum(-1)                   # an empty row: 1 - 0 = 1 when guarded, NaN when not
    return gini


def entropy_like(zero_log_zero=True, log=torch.log2, guard=True):
    def entropy(counts):
        p = proportions(counts, guard)
        if zero_log_zero:
            return -(p * log(torch.where(p > 0, p, 1))).sum(-1)
        return -(p * log(p)).sum(-1)
    return entropy


EMPTY_NAN = "an empty node (counts all 0) gives 0 / 0 = NaN: its impurity is 0"
GINI = Entry(
    "gini",
    inputs=counts_inputs,
    examples=EDGE_COUNTS,
    mistakes=[
        Mistake(EMPTY_NAN, like=gini_like(guard=False),
                hint="Divide by torch.where(n > 0, n, 1): the proportions of an empty node are then 0, and so is "
                     "its impurity once 1 - Σ p² is masked with n > 0."),
        Mistake("an empty node's Gini is 1 (1 - Σ p² with every p = 0): its impurity is 0", like=gini_like()),
    ],
    grad=False,
)
ENTROPY = Entry(
    "entropy",
    inputs=counts_inputs,
    examples=EDGE_COUNTS,
    mistakes=[
        Mistake("0 · log 0 evaluated as 0 · (-inf) = NaN: a class with no samples contributes 0",
                like=entropy_like(zero_log_zero=False),
                hint="p * log2(torch.where(p > 0, p, 1)): the log of 1 is 0, so absent classes add nothing."),
        Mistake("entropy in nats (natural log): the prompt asks for bits, log2", like=entropy_like(log=torch.log)),
        Mistake(EMPTY_NAN, like=entropy_like(guard=False)),
    ],
    grad=False,
)


# ---- the split ------------------------------------------------------------------------------------

def split_case(X, y, criterion=None, label="") -> Case:
    kwargs = {} if criterion is None else {"criterion": criterion}
    return Case(args=(X, y), kwargs=kwargs, scale=1.0, label=label)


def grid_data(seed, values=4, classes=3):
    """Small n on a grid of `values` feature values: repeated values and many equal decreases."""
    g = torch.Generator().manual_seed(seed)
    n, d = int(torch.randint(4, 16, (1,), generator=g)), int(torch.randint(1, 4, (1,), generator=g))
    return torch.randint(0, values, (n, d), generator=g).float(), torch.randint(0, classes, (n,), generator=g)


def split_inputs(draw) -> Case:
    n, d = draw(st.integers(2, 16)), draw(st.integers(1, 4))
    g = kit.generator(draw)
    if draw(st.booleans()):
        X = torch.randint(0, draw(st.sampled_from([2, 3, 5])), (n, d), generator=g).float()
    else:
        X = torch.randn(n, d, generator=g) * draw(st.sampled_from([1.0, 100.0]))
    if (X.max(0).values == X.min(0).values).all():
        X[0, draw(st.integers(0, d - 1))] += 1.0                    # some feature has two distinct values
    y = torch.randint(0, draw(st.integers(1, 4)), (n,), generator=g) * draw(st.sampled_from([1, 1, 3]))
    return split_case(X, y, draw(st.sampled_from([None, "gini", "entropy"])))


def split_like(*, weighted=True, at_points=False, ties="first", exact=False, dtype=torch.float64):
    """best_split, or one of its classic mistakes, written as a learner would."""
    def impurity_of(counts, criterion):
        return gini_like()(counts) if criterion == "gini" else entropy_like()(counts)

    def best_split(X, y, criterion="gini"):
        n, d = X.shape
        onehot = torch.nn.functional.one_hot(y, int(y.max()) + 1).to(dtype)
        xs, order = X.to(dtype).sort(0)
        left = onehot[order].cumsum(0)[:-1]
        right = onehot.sum(0) - left
        n_left = torch.arange(1, n, dtype=dtype, device=X.device)[:, None]
        parent = impurity_of(onehot.sum(0), criterion)
        il, ir = impurity_of(left, criterion), impurity_of(right, criterion)
        il, ir = torch.where(n_left > 0, il, 0), torch.where(n - n_left > 0, ir, 0)
        child = (n_left * il + (n - n_left) * ir) / n if weighted else (il + ir) / 2
        decrease = torch.where(xs[1:] > xs[:-1], parent - child, -torch.inf)
        best = decrease.max()
        if ties == "last":                                        # `>=` in a loop keeps the last tie seen
            f, i = max(((f, i) for f in range(d) for i in range(n - 1) if decrease[i, f] >= best - 1e-9))
        else:
            tied = decrease >= best - (0 if exact else 1e-9)
            f, i = divmod(int(tied.T.flatten().nonzero()[0]), n - 1)
        threshold = xs[i, f] if at_points else (xs[i, f] + xs[i + 1, f]) / 2
        return f, float(threshold), float(decrease[i, f])
    return best_split


EXACT = Mistake("ties compared exactly (decrease == max): float rounding makes equal decreases differ in their last "
                "digits; count decreases within 1e-9 of the largest as tied", like=split_like(exact=True),
                hint="tied = decrease >= decrease.max() - 1e-9, then the first in feature-major, threshold-ascending "
                     "order.")
SPLIT = Entry(
    "best_split",
    inputs=split_inputs,
    examples=[
        split_case(torch.tensor([[1.0, 5.0], [2.0, 5.0], [3.0, 6.0], [4.0, 6.0], [5.0, 7.0]]),
                   torch.tensor([0, 0, 1, 1, 1]), label="the prompt's example: a tie between two features"),
        split_case(torch.tensor([[1.0, 5.0], [2.0, 5.0], [3.0, 6.0], [4.0, 6.0], [5.0, 7.0]]),
                   torch.tensor([0, 0, 1, 1, 1]), "entropy", "the prompt's example, entropy"),
        split_case(torch.tensor([[1.0, 0.0], [1.0, 0.0], [1.0, 2.0], [1.0, 4.0]]), torch.tensor([2, 2, 2, 2]),
                   label="a pure node: every decrease is 0; feature 0 is constant"),
        split_case(torch.tensor([[0.0], [1.0]]), torch.tensor([0, 1]), "entropy", "two samples"),
        split_case(torch.tensor([[3.0, 1.0], [1.0, 1.0], [2.0, 0.0], [1.0, 0.0], [3.0, 0.0], [2.0, 1.0]]),
                   torch.tensor([0, 5, 0, 5, 2, 2]), "gini", "labels with gaps, repeated values"),
        split_case(*grid_data(136), "gini", "exact ties that float64 rounding splits by one ulp"),
        split_case(*grid_data(89), "entropy", "exact ties that float64 rounding splits by one ulp (entropy)"),
        split_case(*grid_data(85), "gini", "exact ties that float32 arithmetic turns into a 1e-8 gap"),
        split_case(*grid_data(50), "entropy", "exact ties that float32 arithmetic turns into a 1e-8 gap (entropy)"),
        split_case(kit.seeded(7, 12, 3, scale=10.0).double(), torch.arange(12) % 3, "entropy", "float64 features"),
    ],
    mistakes=[
        Mistake("children's impurities not weighted by their sizes: the decrease is I(parent) - (n_left / n) · "
                "I(left) - (n_right / n) · I(right)", like=split_like(weighted=False),
                hint="A split that peels off one sample of a pure class has a pure child; averaging the two "
                     "children makes it look as good as a balanced split. Weight each by its share of samples."),
        Mistake("threshold at a data point (the left value): the threshold is midway between consecutive distinct "
                "values, (a + b) / 2", like=split_like(at_points=True)),
        Mistake("ties broken towards the last candidate (`>=` in a loop): the lowest feature wins, then the lowest "
                "threshold", like=split_like(ties="last")),
        EXACT,
        Mistake("decreases computed in float32: exact ties come out up to 1e-7 apart, wider than the 1e-9 the tie "
                "rule allows; compute in float64", like=split_like(dtype=torch.float32)),
    ],
    grad=False,
    speed=Speed(lambda seed: split_case(kit.seeded(seed, 1024, 8), torch.arange(1024) % 3, "entropy"), limit=30.0),
)

DRILL = Drill(entries=[GINI, ENTROPY, SPLIT], banned=["import sklearn"])
