import torch

EXPECT = {
    'confusion_matrix: no loop': '',
    'precision_recall_f1: no loop': '',
}


def confusion_matrix(y_true, y_pred):
    labels = sorted(set(y_true.tolist()) | set(y_pred.tolist()))
    where = {label: i for i, label in enumerate(labels)}
    cm = torch.zeros(len(labels), len(labels), dtype=torch.long, device=y_true.device)
    for t, p in zip(y_true.tolist(), y_pred.tolist()):
        cm[where[t], where[p]] += 1
    return cm


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
