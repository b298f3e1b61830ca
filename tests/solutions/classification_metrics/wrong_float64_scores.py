import torch

EXPECT = {
    'confusion_matrix: dtype': '',
    'precision_recall_f1: dtype': '',
}


def confusion_matrix(y_true, y_pred):
    labels = torch.unique(torch.cat([y_true, y_pred]))
    C = len(labels)
    idx = torch.searchsorted(labels, y_true) * C + torch.searchsorted(labels, y_pred)
    return torch.bincount(idx, minlength=C * C).view(C, C).float()       # counts as floats


def precision_recall_f1(y_true, y_pred, average="macro"):
    cm = confusion_matrix(y_true, y_pred).double()
    tp, predicted, support = cm.diagonal(), cm.sum(0), cm.sum(1)
    if average == "micro":
        tp, predicted, support = tp.sum(), predicted.sum(), support.sum()
    p, r = tp / predicted.clamp(min=1), tp / support.clamp(min=1)
    f1 = 2 * tp / (predicted + support).clamp(min=1)
    if average == "macro":
        p, r, f1 = p.mean(), r.mean(), f1.mean()
    elif average == "weighted":
        p, r, f1 = [(s * support).sum() / support.sum() for s in (p, r, f1)]
    return p, r, f1                                                      # left in float64
