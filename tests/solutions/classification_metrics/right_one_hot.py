import torch


def confusion_matrix(y_true, y_pred):
    labels, index = torch.unique(torch.cat([y_true, y_pred]), return_inverse=True)
    C, n = len(labels), len(y_true)
    t = torch.nn.functional.one_hot(index[:n], C)               # (n, C)
    p = torch.nn.functional.one_hot(index[n:], C)
    return t.T @ p


def precision_recall_f1(y_true, y_pred, average="macro"):
    cm = confusion_matrix(y_true, y_pred).to(torch.float64)
    tp = torch.diag(cm)
    predicted, actual = cm.sum(dim=0), cm.sum(dim=1)
    if average == "micro":
        tp, predicted, actual = tp.sum(), predicted.sum(), actual.sum()
    zero = torch.zeros_like(tp)
    precision = torch.where(predicted > 0, tp / predicted, zero)
    recall = torch.where(actual > 0, tp / actual, zero)
    both = precision + recall
    f1 = torch.where(both > 0, 2 * precision * recall / torch.where(both > 0, both, 1.0), zero)
    out = (precision, recall, f1)
    if average == "macro":
        out = tuple(x.mean() for x in out)
    elif average == "weighted":
        w = actual / actual.sum()
        out = tuple((x * w).sum() for x in out)
    return tuple(x.to(torch.float32) for x in out)
