"""The reference against scikit-learn's confusion_matrix and precision_recall_fscore_support
(zero_division=0) for every average, on labels with gaps, classes never predicted and classes that
only occur in the predictions; and the micro scores against the accuracy, counted in Python."""
import pytest
import torch

from reference.classification_metrics import confusion_matrix, precision_recall_f1

metrics = pytest.importorskip("sklearn.metrics")


def sample(seed, n, classes, extra, step, offset, p_right):
    g = torch.Generator().manual_seed(seed)
    y_true = torch.randint(0, classes, (n,), generator=g)
    wrong = torch.randint(0, classes + extra, (n,), generator=g)
    y_pred = torch.where(torch.rand(n, generator=g) < p_right, y_true, wrong)
    return offset + step * y_true, offset + step * y_pred


SAMPLES = [(seed, n, classes, extra, step, offset, p)
           for seed, (n, classes, extra, step, offset, p) in enumerate([
               (1, 1, 0, 1, 0, 0.5), (5, 2, 0, 1, 0, 0.0), (20, 4, 2, 3, 1, 0.5), (50, 6, 0, 1, 0, 0.8),
               (200, 10, 3, 7, 2, 0.3), (13, 3, 1, 2, 5, 1.0)])]


@pytest.mark.parametrize("args", SAMPLES)
def test_confusion_matrix_agrees_with_sklearn(args):
    y_true, y_pred = sample(*args)
    got = confusion_matrix(y_true, y_pred)
    assert got.dtype == torch.long
    assert got.tolist() == metrics.confusion_matrix(y_true.numpy(), y_pred.numpy()).tolist()


@pytest.mark.parametrize("args", SAMPLES)
@pytest.mark.parametrize("average", [None, "macro", "micro", "weighted"])
def test_scores_agree_with_sklearn(args, average):
    y_true, y_pred = sample(*args)
    got = precision_recall_f1(y_true, y_pred, average=average)
    want = metrics.precision_recall_fscore_support(y_true.numpy(), y_pred.numpy(), average=average,
                                                   zero_division=0)[:3]
    for g, w in zip(got, want):
        assert g.dtype == torch.float32 and not g.isnan().any()
        assert torch.allclose(g.double(), torch.as_tensor(w, dtype=torch.float64), atol=1e-6)


@pytest.mark.parametrize("args", SAMPLES)
def test_micro_is_the_accuracy(args):
    y_true, y_pred = sample(*args)
    accuracy = sum(t == p for t, p in zip(y_true.tolist(), y_pred.tolist())) / len(y_true)
    assert all(abs(v.item() - accuracy) < 1e-6 for v in precision_recall_f1(y_true, y_pred, "micro"))


def test_the_prompts_example():
    y_true, y_pred = torch.tensor([0, 0, 0, 3, 3, 7]), torch.tensor([0, 0, 3, 3, 9, 3])
    assert confusion_matrix(y_true, y_pred).tolist() == [[2, 1, 0, 0], [0, 1, 0, 1], [0, 1, 0, 0], [0, 0, 0, 0]]
    p, r, f1 = precision_recall_f1(y_true, y_pred, None)
    assert torch.allclose(p, torch.tensor([1.0, 1 / 3, 0.0, 0.0]))
    assert torch.allclose(r, torch.tensor([2 / 3, 0.5, 0.0, 0.0]))
    assert torch.allclose(f1, torch.tensor([0.8, 0.4, 0.0, 0.0]))
    weighted = precision_recall_f1(y_true, y_pred, "weighted")
    assert torch.allclose(torch.stack(weighted), torch.tensor([11 / 18, 0.5, 8 / 15]))
