import torch

EXPECT = {
    'confusion_matrix: device (emulated)': 'tensor created on a hard-coded device',
    'precision_recall_f1: device (emulated)': 'tensor created on a hard-coded device',
}


def confusion_matrix(y_true, y_pred):
    labels = torch.unique(torch.cat([y_true, y_pred]))
    C = len(labels)
    cm = torch.zeros(C * C, dtype=torch.long, device="cpu")
    idx = torch.searchsorted(labels, y_true) * C + torch.searchsorted(labels, y_pred)
    return cm.scatter_add(0, idx, torch.ones_like(idx)).view(C, C)


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
    return p.float(), r.float(), f1.float()
