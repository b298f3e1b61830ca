"""The reference against scikit-learn's DecisionTreeClassifier(max_depth=1) (its root split, the
root's impurity and the decrease of its split) on continuous data, where no two candidates tie, and
against a brute force over Python lists in exact rational arithmetic (Gini) on grid data, where
ties are everywhere and the prompt's rule (lowest feature, then lowest threshold) decides."""
import math
from fractions import Fraction

import pytest
import torch

from reference.decision_tree_split import best_split, entropy, gini


def data(seed, n, d, classes=3, grid=None):
    g = torch.Generator().manual_seed(seed)
    X = torch.randint(0, grid, (n, d), generator=g).float() if grid else torch.randn(n, d, generator=g) * 3
    return X, torch.randint(0, classes, (n,), generator=g)


@pytest.mark.parametrize("criterion", ["gini", "entropy"])
@pytest.mark.parametrize("seed,n,d,classes", [(0, 10, 2, 2), (1, 30, 4, 3), (2, 80, 5, 4), (3, 7, 1, 2), (4, 50, 3, 5)])
def test_root_split_agrees_with_sklearn(criterion, seed, n, d, classes):
    tree = pytest.importorskip("sklearn.tree")
    X, y = data(seed, n, d, classes)
    clf = tree.DecisionTreeClassifier(max_depth=1, criterion=criterion, random_state=0).fit(X.numpy(), y.numpy())
    t = clf.tree_
    feature, threshold, decrease = best_split(X, y, criterion)
    sizes = t.weighted_n_node_samples
    want = t.impurity[0] - (sizes[1] * t.impurity[1] + sizes[2] * t.impurity[2]) / sizes[0]
    assert decrease == pytest.approx(want, rel=1e-9, abs=1e-12)
    if len(candidates(X, y, criterion)[1]) == 1:        # sklearn breaks ties by a random order of the features
        assert feature == t.feature[0]
        assert threshold == pytest.approx(t.threshold[0], rel=1e-6, abs=1e-6)
    impurity = gini if criterion == "gini" else entropy
    root = impurity(torch.bincount(y).double())
    assert root.item() == pytest.approx(t.impurity[0], rel=1e-12, abs=1e-12)


def candidates(X, y, criterion):
    """Every candidate, in Python; Gini exactly in fractions, entropy in float64 with the 1e-9 rule:
    (all of them as (decrease, feature, threshold), the tied best as (feature, threshold, decrease))."""
    rows, labels = X.tolist(), y.tolist()
    n = len(rows)

    def impurity(group):
        counts = [group.count(c) for c in set(group)]
        if criterion == "gini":
            return 1 - sum(Fraction(c, len(group)) ** 2 for c in counts)
        return -sum(c / len(group) * math.log2(c / len(group)) for c in counts)

    found = []
    for j in range(len(rows[0])):
        values = sorted(set(r[j] for r in rows))
        for a, b in zip(values, values[1:]):
            t = (a + b) / 2
            left = [l for r, l in zip(rows, labels) if r[j] <= t]
            right = [l for r, l in zip(rows, labels) if r[j] > t]
            dec = impurity(labels) - Fraction(len(left), n) * impurity(left) - Fraction(len(right), n) * impurity(right) \
                if criterion == "gini" else \
                impurity(labels) - len(left) / n * impurity(left) - len(right) / n * impurity(right)
            found.append((dec, j, t))
    top = max(dec for dec, _, _ in found)
    tied = [(j, t, dec) for dec, j, t in found if (dec == top if criterion == "gini" else dec >= top - 1e-9)]
    return found, tied


def brute_force(X, y, criterion):
    j, t, dec = min(candidates(X, y, criterion)[1])          # the lowest feature, then the lowest threshold
    return j, t, float(dec)


@pytest.mark.parametrize("criterion", ["gini", "entropy"])
@pytest.mark.parametrize("seed", range(40))
def test_ties_follow_the_rule_on_grid_data(criterion, seed):
    X, y = data(seed, 4 + seed % 12, 1 + seed % 3, classes=1 + seed % 4, grid=2 + seed % 3)
    if (X.max(0).values == X.min(0).values).all():
        X[0, 0] += 1
    feature, threshold, decrease = best_split(X, y, criterion)
    want = brute_force(X, y, criterion)
    assert (feature, threshold) == want[:2]
    assert decrease == pytest.approx(want[2], rel=1e-12, abs=1e-12)


def test_impurities_in_closed_form():
    counts = torch.tensor([[3.0, 1.0], [4.0, 0.0], [0.0, 0.0], [1.0, 1.0]], dtype=torch.float64)
    torch.testing.assert_close(gini(counts), torch.tensor([0.375, 0.0, 0.0, 0.5], dtype=torch.float64))
    want = -(0.75 * math.log2(0.75) + 0.25 * math.log2(0.25))
    torch.testing.assert_close(entropy(counts), torch.tensor([want, 0.0, 0.0, 1.0], dtype=torch.float64))


def test_prompt_example():
    X = torch.tensor([[1.0, 5.0], [2.0, 5.0], [3.0, 6.0], [4.0, 6.0], [5.0, 7.0]])
    y = torch.tensor([0, 0, 1, 1, 1])
    assert best_split(X, y) == (0, 2.5, pytest.approx(0.48))
    assert best_split(X, y, "entropy") == (0, 2.5, pytest.approx(0.9709505944546687))
    pure = torch.tensor([[1.0, 0.0], [1.0, 0.0], [1.0, 2.0], [1.0, 4.0]])
    assert best_split(pure, torch.tensor([2, 2, 2, 2])) == (1, 1.0, 0.0)
